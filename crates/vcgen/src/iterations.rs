//! Iteration counters and recorded values: what thread 1's race logs remember about the
//! iteration in which they logged an access.
//!
//! - **Counters.** A ghost counter for each induction variable whose step is a constant
//!   that is not a power of two (a grid-stride loop at a real launch size steps by
//!   `blockDim.x * gridDim.x`, e.g. 61,440). Houdini's congruence candidate for such a
//!   variable, `(v - start) % step == 0`, makes Z3 bit-blast a divider for every check that
//!   assumes it; a race check then needs two of them (one per thread) and Z3 does not
//!   decide it within a check's cap. With a counter `n` that is reset where `v` takes its
//!   start and incremented where `v` steps, the same fact is linear: `v == start + n *
//!   step`, evaluated in twice the width so that it cannot wrap around, or in its own
//!   width for a loop to a bound nothing limits, where it may (`counters.rs`).
//!   A log of an access whose offset depends on `v` records the counter, so that the
//!   logged offset is the access's offset at that iteration (`offsets.rs`).
//! - **Recorded values.** A log of an access whose offset steps with another induction
//!   variable through a coefficient that is not a constant (`A[(z*h + y)*w + x]`, or
//!   `C[i*n + j]` with a parameter pitch) records the variable's value at the access. No remainder
//!   or range over the offset says where such an access is; the offset at the recorded
//!   value, with the value between the variable's start and bound, does. So also for a
//!   constant step of the offset that is not a power of two (a row pitch of 2,000 floats:
//!   the remainder by it would cost Z3 a divider in every check): PPCG's row loops and the
//!   grid-stride tile loops around them, whose recorded values the inner loops' candidates
//!   carry through their havoc of the log (`offsets.rs`).
//!
//! The counters and the log fields are ghost state: no statement of the program reads them
//! but the assignments that keep them, and a candidate about them that does not hold is
//! dropped by Houdini like any other.

use std::collections::{BTreeSet, HashMap};
use std::convert::Infallible;

use kir::{BinOp, Expr, Kernel, Pass, Phase, Stmt, StmtData, Thread, Ty, Var, VarKind};
use lockstep::TwoThread;

use crate::candidates::{access, copy_of, instrumentation_var};
use crate::loops::{enclosing_inductions, layout, modified, LoopSpan};
use crate::offsets::mentions;
use crate::strides::{const_eval, constant_slope, Induction, Strides};

/// The pass: adds the counters and the log fields to the two-thread program.
pub struct IterationCounters;

impl IterationCounters {
    pub const NAME: &'static str = "iteration-counters";
}

/// Suffix of a counter's name: `opt.iter$1` counts the iterations of `opt$1`.
const COUNTER: &str = ".iter";

/// A counter's step, if `step` (of an induction variable of width `w`) is one that gets
/// a counter: a positive constant, not a power of two, of at most 32 bits.
pub(crate) fn counted_step(step: &Expr, w: u32) -> Option<u64> {
    let (c, _) = const_eval(step)?;
    let c = c & kir::mask(w);
    (w <= 32 && c > 1 && !c.is_power_of_two() && c >> (w - 1) == 0).then_some(c)
}

/// The counter of induction variable `v` (a thread copy), if the program has one.
pub(crate) fn counter_of(k: &Kernel, v: Var) -> Option<Var> {
    let (of, t) = copy_of(k, v)?;
    let name = format!("{}{COUNTER}", k.var(of).name);
    (0..k.vars.len()).map(Var::new).find(|&c| {
        matches!(k.var(c).kind, VarKind::ThreadCopy { of: o, thread } if thread == t
            && k.var(o).name == name)
    })
}

/// Whether private variable `of` is an iteration counter.
pub(crate) fn is_counter(k: &Kernel, of: Var) -> bool {
    k.var(of).kind == VarKind::Private && k.var(of).name.ends_with(COUNTER)
}

/// The field of race log `offset` (a log's offset variable) that records `counter`.
pub(crate) fn log_field_name(k: &Kernel, offset: Var, counter: Var) -> String {
    format!("{}.at.{}", k.var(offset).name, k.var(counter).name)
}

/// The field of race log `offset` that records `v`: named after it, and set from `v`
/// itself, not from another variable of the same name (inlining leaves several).
pub(crate) fn recording_field(k: &Kernel, offset: Var, v: Var) -> Option<Var> {
    let field = instrumentation_var(k, &log_field_name(k, offset, v))?;
    let from_v = |s: &StmtData| match &s.stmt {
        Stmt::Assign {
            dst,
            value: Expr::Ite(_, x, _),
        } => *dst == field && **x == Expr::Var(v),
        _ => false,
    };
    let mut blocks = k.laid_out();
    blocks
        .any(|(_, b)| b.stmts.iter().any(from_v))
        .then_some(field)
}

impl Pass for IterationCounters {
    type In = TwoThread;
    type Out = TwoThread;
    type Error = Infallible;

    fn name(&self) -> &'static str {
        Self::NAME
    }
    fn phase_in(&self) -> Phase {
        Phase::TwoThread
    }
    fn phase_out(&self) -> Phase {
        Phase::TwoThread
    }

    fn run(&self, mut tt: TwoThread) -> Result<TwoThread, Infallible> {
        let Ok(l) = layout(&tt.kernel) else {
            return Ok(tt);
        };
        let mut spans: Vec<LoopSpan> = l.loops.into_values().collect();
        spans.sort_by_key(|s| s.first);
        let mut privates = HashMap::new();
        let written = written_regions(&tt.kernel);
        for span in &spans {
            let outer: Vec<Induction> = enclosing_inductions(&tt.kernel, span)
                .into_iter()
                .map(|(ind, _)| ind)
                .collect();
            add_counters(&mut tt.kernel, span, (&outer, &written), &mut privates);
        }
        Ok(tt)
    }
}

/// Where a statement is: a block's layout position and the statement's index in it.
type At = (usize, usize);

/// Adds a counter for each counted induction variable of the loop `span`, and the fields of
/// thread 1's logs assigned in the loop that record a counter or a value.
/// `outer`: thread 1's induction variables of the loops enclosing `span`; `written`: the
/// regions some access writes (a log of a read-only region never meets a conflict, so it
/// records nothing).
fn add_counters(
    k: &mut Kernel,
    span: &LoopSpan,
    (outer, written): (&[Induction], &BTreeSet<String>),
    privates: &mut HashMap<Var, Var>,
) {
    let (vars, _) = modified(k, span);
    let st = Strides::new(k, span, &vars);
    let inductions = st.inductions();
    // Thread 1's logs of written regions in the loop, each with its offset over values at
    // the head: found before the counters are added (which changes the kernel, not the
    // statements' positions an expansion uses).
    let mut logs = Vec::new();
    for (at, offset, off) in log_offsets(k, span) {
        let log = &k.var(offset).name;
        let region = [".read.offset", ".write.offset", ".atomic.offset"]
            .iter()
            .find_map(|suffix| log.strip_suffix(suffix));
        if region.is_none_or(|r| written.contains(r)) {
            logs.push((at, offset, st.expand(&off, position(k, span, at), 0)));
        }
    }
    let mut inserts: Vec<(At, Stmt)> = Vec::new();
    let mut thread1 = Vec::new();
    for ind in &inductions {
        let Some((of, t)) = copy_of(k, ind.var) else {
            continue;
        };
        let Ty::Bv(w) = k.var(ind.var).ty else {
            continue;
        };
        if counted_step(&ind.step, w).is_none() || counter_of(k, ind.var).is_some() {
            continue;
        }
        let (Some(step_at), Some(entry_at)) =
            (only_def(k, span, ind.var), entry_def(k, span, ind.var))
        else {
            continue;
        };
        let private = *privates.entry(of).or_insert_with(|| {
            let name = format!("{}{COUNTER}", k.var(of).name);
            k.add_var(name, Ty::Bv(32), VarKind::Private)
        });
        let copy_name = format!("{}{COUNTER}{}", k.var(of).name, thread_suffix(t));
        let n = k.add_var(
            copy_name,
            Ty::Bv(32),
            VarKind::ThreadCopy {
                of: private,
                thread: t,
            },
        );
        let one = Expr::bin(BinOp::Add, Expr::Var(n), Expr::int(1, 32));
        inserts.push((step_at, mirror(k, step_at, n, one)));
        inserts.push((entry_at, mirror(k, entry_at, n, Expr::int(0, 32))));
        if t == Thread::T1 {
            thread1.push((ind.var, n));
        }
    }
    // Thread 1's other induction variables are recorded as they are, by a log of an access
    // whose offset depends on one through a coefficient that is not a constant
    // (`A[i*n + tid]`): the remainder and range candidates of `offsets.rs` cover the others.
    let mut values = Vec::new();
    for ind in &inductions {
        let Some((_, Thread::T1)) = copy_of(k, ind.var) else {
            continue;
        };
        if !thread1.iter().any(|&(v, _)| v == ind.var) {
            values.push(ind);
        }
    }
    let mut fields = Vec::new();
    for &(at, offset, ref e) in &logs {
        let mut uses = BTreeSet::new();
        e.for_each_var(&mut |x| {
            uses.insert(x);
        });
        for &(v, recorded) in &thread1 {
            if uses.contains(&v) {
                fields.push((at, offset, recorded));
            }
        }
        for ind in &values {
            let step = const_eval(&ind.step).map(|(c, _)| c);
            let symbolic = match step {
                Some(c) => !constant_slope(k, e, ind.var, c),
                None => true,
            };
            // A constant byte step that is not a power of two (`B[(32*b0 + c)*2000 + x]`,
            // `c += 4`: 32,000 bytes): the congruence candidate is a remainder Z3
            // bit-blasts as a divider, while the offset at the recorded value is linear.
            let odd = step.is_some_and(|c| {
                constant_slope(k, e, ind.var, c) && odd_byte_step(k, e, ind.var, c)
            });
            // In a loop nested in a strided one (`data[16*b + i]` in an `i` loop of a
            // grid-stride `b` loop): the enclosing loop's congruence needs `i` as logged.
            let strided = |o: &Induction| {
                let c = const_eval(&o.step).map(|(c, _)| c);
                uses.contains(&o.var)
                    && c.is_some_and(|c| {
                        c > 1 && c.is_power_of_two() && constant_slope(k, e, o.var, c)
                    })
            };
            if uses.contains(&ind.var) && (symbolic || odd || outer.iter().any(strided)) {
                fields.push((at, offset, ind.var));
            }
        }
    }
    for (at, offset, recorded) in fields {
        let name = log_field_name(k, offset, recorded);
        let ty = k.var(recorded).ty;
        let field = match instrumentation_var(k, &name) {
            Some(f) => f,
            None => k.add_var(name, ty, VarKind::Instrumentation),
        };
        inserts.push((at, mirror(k, at, field, Expr::Var(recorded))));
    }
    // Later positions first, so that earlier ones stay valid.
    inserts.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
    for ((pos, i), stmt) in inserts {
        let b = k.layout[pos];
        let loc = k.block(b).stmts[i].loc;
        let data = StmtData {
            stmt,
            loc,
            witness: Vec::new(),
        };
        k.block_mut(b).stmts.insert(i + 1, data);
    }
}

fn thread_suffix(t: Thread) -> &'static str {
    match t {
        Thread::T1 => "$1",
        Thread::T2 => "$2",
    }
}

/// `dst := value` under the guard of the assignment at `at` (`x := g ? e : x`), or
/// unguarded if that assignment is.
fn mirror(k: &Kernel, at: At, dst: Var, value: Expr) -> Stmt {
    let stmt = &k.block(k.layout[at.0]).stmts[at.1].stmt;
    let value = match stmt {
        Stmt::Assign {
            dst: d,
            value: Expr::Ite(g, _, keep),
        } if **keep == Expr::Var(*d) => Expr::ite((**g).clone(), value, Expr::Var(dst)),
        _ => value,
    };
    Stmt::Assign { dst, value }
}

/// The names of the regions some access of the kernel writes (or updates atomically).
pub(crate) fn written_regions(k: &Kernel) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (_, data) in k.laid_out() {
        for s in &data.stmts {
            if let Some(a) = access(&s.stmt) {
                if a.kind != kir::AccessKind::Read {
                    out.insert(k.region(a.region).name.clone());
                }
            }
        }
    }
    out
}

/// The position [`Strides::expand`] gives the statement at `at` of the loop `span`.
fn position(k: &Kernel, span: &LoopSpan, (pos, i): At) -> usize {
    let before: usize = (span.first..pos)
        .map(|p| k.block(k.layout[p]).stmts.len())
        .sum();
    before + i + 1
}

/// The loop's only assignment to `v`, if it has exactly one (and no havoc of `v`).
fn only_def(k: &Kernel, span: &LoopSpan, v: Var) -> Option<At> {
    let mut found = None;
    for pos in span.first..=span.last {
        for (i, s) in k.block(k.layout[pos]).stmts.iter().enumerate() {
            if s.stmt.def() == Some(v) {
                if found.is_some() || !matches!(s.stmt, Stmt::Assign { .. }) {
                    return None;
                }
                found = Some((pos, i));
            }
        }
    }
    found
}

/// The last assignment to `v` before the loop.
fn entry_def(k: &Kernel, span: &LoopSpan, v: Var) -> Option<At> {
    (0..span.first).rev().find_map(|pos| {
        let stmts = &k.block(k.layout[pos]).stmts;
        let i = stmts.iter().rposition(|s| s.stmt.def() == Some(v))?;
        matches!(stmts[i].stmt, Stmt::Assign { .. }).then_some((pos, i))
    })
}

/// Thread 1's log offsets assigned in the loop (`log.offset := chosen ? off : log.offset`),
/// with the offset `off` each logs.
fn log_offsets(k: &Kernel, span: &LoopSpan) -> Vec<(At, Var, Expr)> {
    let mut out = Vec::new();
    for pos in span.first..=span.last {
        for (i, s) in k.block(k.layout[pos]).stmts.iter().enumerate() {
            let Stmt::Assign { dst, value } = &s.stmt else {
                continue;
            };
            let log = k.var(*dst);
            let Expr::Ite(_, off, keep) = value else {
                continue;
            };
            if log.kind == VarKind::Instrumentation
                && log.name.ends_with(".offset")
                && **keep == Expr::Var(*dst)
            {
                out.push(((pos, i), *dst, (**off).clone()));
            }
        }
    }
    out
}

/// Whether offset `e` moves by a positive constant that is not a power of two when `v`
/// steps by `c`.
fn odd_byte_step(k: &Kernel, e: &Expr, v: Var, c: u64) -> bool {
    crate::strides::slope(k, e, v, c).is_some_and(|s| odd_constant(&s))
}

/// Whether `e` is a positive constant above 1 that is not a power of two: a remainder by
/// it costs Z3 a divider.
pub(crate) fn odd_constant(e: &Expr) -> bool {
    const_eval(e).is_some_and(|(c, w)| {
        let c = c & kir::mask(w);
        c > 1 && !c.is_power_of_two() && c >> (w - 1) == 0
    })
}

/// `x * c` for a 64-bit `x` as a sum of shifts of `x` with signs (the non-adjacent form of
/// `c`: 61,440 is `(x << 16) - (x << 12)`). Z3 bit-blasts a product with a constant as a
/// full multiplier; a few shifted copies and adders are a far smaller circuit.
pub(crate) fn times(x: &Expr, c: u64) -> Expr {
    times_in(x, c, 64)
}

/// [`times`] for an `x` of `width` bits (wrapping as that width does).
pub(crate) fn times_in(x: &Expr, c: u64, width: u32) -> Expr {
    let mut terms: Vec<(bool, u32)> = Vec::new();
    let mut rest = c as u128;
    let mut shift = 0;
    while rest != 0 {
        if rest & 1 == 1 {
            // A digit of -1 where the next bit is also set (…11 → …0-1, carry up).
            let negative = rest & 2 == 2;
            terms.push((negative, shift));
            rest = if negative { rest + 1 } else { rest - 1 };
        }
        rest >>= 1;
        shift += 1;
    }
    let shifted = |k: u32| match k {
        0 => x.clone(),
        _ => Expr::bin(BinOp::Shl, x.clone(), Expr::int(k as u64, width)),
    };
    let mut out: Option<Expr> = None;
    for (negative, k) in terms.into_iter().filter(|(_, k)| *k < width).rev() {
        let term = shifted(k);
        out = Some(match (out, negative) {
            (None, false) => term,
            (None, true) => Expr::bin(BinOp::Sub, Expr::int(0, width), term),
            (Some(acc), false) => Expr::bin(BinOp::Add, acc, term),
            (Some(acc), true) => Expr::bin(BinOp::Sub, acc, term),
        });
    }
    out.unwrap_or_else(|| Expr::int(0, width))
}

/// `e` with every 64-bit extension of `v` replaced by the extension of `start` plus
/// `n * step` in 64 bits (no wrap-around): the value `e` had at iteration `n` of a counter
/// that started at `start`. `None` if `e` also uses `v` some other way.
pub(crate) fn at_iteration(e: &Expr, v: Var, start: &Expr, n: &Expr, step: u64) -> Option<Expr> {
    let out = replace_extension(e, v, start, n, step);
    (!mentions(&out, v)).then_some(out)
}

fn replace_extension(e: &Expr, v: Var, start: &Expr, n: &Expr, step: u64) -> Expr {
    let go = |a: &Expr| Box::new(replace_extension(a, v, start, n, step));
    match e {
        Expr::Cast(op @ (kir::CastOp::ZExt | kir::CastOp::SExt), 64, a) if **a == Expr::Var(v) => {
            let from = Expr::cast(*op, 64, start.clone());
            let steps = times(&Expr::cast(kir::CastOp::ZExt, 64, n.clone()), step);
            Expr::bin(BinOp::Add, from, steps)
        }
        Expr::Var(_) | Expr::Bool(_) | Expr::Int { .. } | Expr::Apply { .. } => e.clone(),
        Expr::Unary(op, a) => Expr::Unary(*op, go(a)),
        Expr::Cast(op, w, a) => Expr::Cast(*op, *w, go(a)),
        Expr::Binary(op, a, b) => Expr::Binary(*op, go(a), go(b)),
        Expr::Ite(c, a, b) => Expr::Ite(go(c), go(a), go(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kir::CastOp;

    #[test]
    fn only_positive_steps_that_are_not_powers_of_two_are_counted() {
        let step = |c: u64| counted_step(&Expr::int(c, 32), 32);
        assert_eq!(step(61_440), Some(61_440));
        assert_eq!(step(3), Some(3));
        for c in [0, 1, 2, 1024, 65_536] {
            assert_eq!(step(c), None, "step {c}");
        }
        // -3 as a 32-bit step: a counter going down.
        assert_eq!(step(0xffff_fffd), None);
        // A product of launch sizes folds to its constant.
        let product = Expr::bin(BinOp::Mul, Expr::int(240, 32), Expr::int(256, 32));
        assert_eq!(counted_step(&product, 32), Some(61_440));
        // 64-bit counters are not counted (twice their width does not fit a term).
        assert_eq!(counted_step(&Expr::int(3, 64), 64), None);
    }

    /// Evaluates `times(x, c)` at `x` (a variable-free expression).
    fn product(x: u64, c: u64) -> u64 {
        let e = times(&Expr::int(x, 64), c);
        const_eval(&e).expect("a constant").0
    }

    #[test]
    fn a_product_with_a_constant_is_a_sum_of_shifts() {
        for c in [0, 1, 3, 7, 15, 61_440, 245_760, 0xffff_ffff, 0x5555_5555] {
            for x in [0, 1, 2, 12_345, 0xffff_ffff] {
                assert_eq!(product(x, c), x.wrapping_mul(c), "{x} * {c}");
            }
        }
        // 61,440 = 2^16 - 2^12: two shifts, one subtraction.
        let x = Expr::int(9, 64);
        let shl = |k: u64| Expr::bin(BinOp::Shl, x.clone(), Expr::int(k, 64));
        assert_eq!(times(&x, 61_440), Expr::bin(BinOp::Sub, shl(16), shl(12)));
    }

    /// In 32 bits the sum of shifts wraps as a 32-bit product does.
    #[test]
    fn a_product_in_a_narrower_width_wraps_in_that_width() {
        for c in [0, 3, 192, 61_440, 0xffff_ffff] {
            for x in [0u64, 1, 12_345, 0xffff_ffff] {
                let e = times_in(&Expr::int(x, 32), c, 32);
                let (value, width) = const_eval(&e).expect("a constant");
                assert_eq!(width, 32);
                assert_eq!(value, x.wrapping_mul(c) & 0xffff_ffff, "{x} * {c}");
            }
        }
    }

    #[test]
    fn an_offset_at_an_iteration_replaces_the_extended_counter() {
        let mut k = Kernel::new("k");
        let v = k.add_var("i", Ty::Bv(32), VarKind::Private);
        let s = k.add_var("s", Ty::Bv(32), VarKind::Private);
        let n = k.add_var("n", Ty::Bv(32), VarKind::Private);
        // A byte offset `zext64(i) * 4`.
        let e = Expr::bin(
            BinOp::Mul,
            Expr::cast(CastOp::ZExt, 64, Expr::Var(v)),
            Expr::int(4, 64),
        );
        let got = at_iteration(&e, v, &Expr::Var(s), &Expr::Var(n), 7).expect("replaced");
        let steps = times(&Expr::cast(CastOp::ZExt, 64, Expr::Var(n)), 7);
        let start = Expr::cast(CastOp::ZExt, 64, Expr::Var(s));
        let want = Expr::bin(
            BinOp::Mul,
            Expr::bin(BinOp::Add, start, steps),
            Expr::int(4, 64),
        );
        assert_eq!(got, want);
        // `i` used unextended (`zext64(i / 2)`): no form in the count.
        let halved = Expr::cast(
            CastOp::ZExt,
            64,
            Expr::bin(BinOp::UDiv, Expr::Var(v), Expr::int(2, 32)),
        );
        assert_eq!(
            at_iteration(&halved, v, &Expr::Var(s), &Expr::Var(n), 7),
            None
        );
    }
}
