//! Candidates about a loop's counters, per thread: an induction variable `v := v + step`
//! stays congruent to its value on entry modulo the step and does not fall below it; a
//! variable doubled or halved each iteration (`*= 2`, `<<= 1`, `/= 2`, `>>= 1`) stays a
//! power of two or zero. Each also in the form "while this thread is in the loop", which
//! holds when a thread skips a nested loop and its counter keeps an arbitrary value.
//!
//! A variable with an iteration counter (`iterations.rs`) is instead its start plus its
//! step times the count: in 64 bits (it does not wrap around), unless the loop's bound is
//! a parameter nothing outside the loop reads, which lets it wrap below the bound; then in its own
//! width, wrapping as it does.
//!
//! A variable stepping beside the loop's tested counter (or a counter stepping by one) by a
//! constant multiple of its step (`p += 256` beside `k++`, SHOC's scan walking `i` beside
//! its window, a 64-bit `out -= w` beside an `int` `y--` in CUDA's recursiveGaussian) keeps
//! its distance from it; where the tested counter stops, so does it ([`beside_bounds`], for
//! counters stepping up in one width), which gives its accesses a range (`offsets.rs`,
//! `sites.rs`).

use kir::{BinOp, CastOp, Expr, Kernel, Stmt, Thread, Ty};

use crate::candidates::{copy_of, Gen};
use crate::iterations::{counted_step, counter_of, is_counter, times, times_in};
use crate::offsets::Bounds;
use crate::strides::{const_eval, Induction, Strides};
use crate::Family;

impl Gen<'_> {
    /// `inductions`: the loop's ([`Strides::inductions`]).
    pub(crate) fn counters(
        &mut self,
        st: &Strides,
        inductions: &[Induction],
        (bounds, chosen): &Bounds,
    ) {
        let k = self.k;
        let local_size = self.tt.launch.local_size[0];
        for ind in inductions {
            let Some((of, t)) = copy_of(k, ind.var) else {
                continue;
            };
            // An iteration counter starts at 0 and counts up by one: nothing to guess.
            if is_counter(k, of) {
                continue;
            }
            let ty = k.var(ind.var).ty;
            let Ty::Bv(w) = ty else {
                continue;
            };
            let name = k.var(ind.var).name.clone();
            let v = Expr::Var(ind.var);
            let entry = st.entry_value(ind.var);
            let step = const_eval(&ind.step).map(|(c, _)| c & kir::mask(w));
            // A step of 1 or -1 makes every congruence trivial.
            let unit = unit_step(&ind.step, w);
            let mut starts: Vec<Expr> = entry.iter().cloned().collect();
            starts.extend(st.starts(t, ty, local_size));
            if unit {
                starts.clear();
            }
            // A counted step: the linear form replaces the congruences (modulo a step that
            // is not a power of two, they cannot hold across a wrap-around anyway).
            let counted = counted_step(&ind.step, w).zip(counter_of(k, ind.var));
            if let (Some((c, n)), Some(s)) = (counted, &entry) {
                let free = (bounds.iter().chain(chosen))
                    .any(|(u, hi)| *u == ind.var && unlimited(k, self.span, hi));
                let linear = if free {
                    // The bound is a parameter nothing outside the loop reads (`pos <
                    // count`): the counter can step past 2^w, so the 64-bit form is false,
                    // and refuting it cost the solver more than the rest of its round (a
                    // grid-stride histogram). The form that wraps as the counter does.
                    let steps = times_in(&resize(Expr::Var(n), k.var(n).ty, w), c, w);
                    Expr::eq(v.clone(), Expr::bin(BinOp::Add, s.clone(), steps))
                } else {
                    let wide = |e: Expr| Expr::cast(CastOp::ZExt, 64, e);
                    let steps = times(&wide(Expr::Var(n)), c);
                    Expr::eq(
                        wide(v.clone()),
                        Expr::bin(BinOp::Add, wide(s.clone()), steps),
                    )
                };
                self.both(
                    t,
                    format!("{name} is its start plus its step times its iterations"),
                    linear,
                );
                starts.clear();
            }
            // Counting down by a constant, the modulus is the step's magnitude.
            let down = step.and_then(|c| crate::strides::negative_magnitude(c, w));
            let modulus = match down {
                Some(m) => Expr::int(m, w),
                None => ind.step.clone(),
            };
            for s in starts {
                let cong = Expr::eq(
                    Expr::bin(
                        BinOp::URem,
                        Expr::bin(BinOp::Sub, v.clone(), s),
                        modulus.clone(),
                    ),
                    Expr::int(0, w),
                );
                self.both(
                    t,
                    format!("{name} congruent to its start modulo its step"),
                    cong,
                );
            }
            // A counter going down (a negative constant step) does not stay above its start:
            // it stays at or below it.
            let down = down.is_some();
            if let (Some(s), true) = (&entry, down) {
                for op in [BinOp::Ule, BinOp::Sle] {
                    let e = Expr::bin(op, v.clone(), s.clone());
                    self.both(t, format!("{name} {} its start", op.symbol()), e);
                }
            }
            if let (Some(s), false) = (entry, down) {
                for op in [BinOp::Uge, BinOp::Sge] {
                    let e = Expr::bin(op, v.clone(), s.clone());
                    self.both(t, format!("{name} {} its start", op.symbol()), e);
                }
                // A loop that may run at most once: a constant bound no higher than the
                // step (`c = tid; c <= min(31, n); c += 32`, PPCG's copy of a tile as wide
                // as the group). With a start not below 0 (a thread id), the counter is
                // its start, or one step past it once the thread has left; Houdini drops
                // the candidate otherwise.
                let once = |(u, hi): &(kir::Var, Expr)| {
                    let hi = const_eval(hi).map(|(h, _)| h & kir::mask(w));
                    *u == ind.var && matches!((hi, step), (Some(h), Some(c)) if h <= c)
                };
                if !unit && const_eval(&s).is_none() && bounds.iter().chain(chosen).any(once) {
                    let past = Expr::bin(BinOp::Sub, v.clone(), s);
                    let once = Expr::bin(BinOp::Ule, past, ind.step.clone());
                    self.both(t, format!("{name} at most one step past its start"), once);
                }
            }
        }
        self.powers_of_two(st);
        self.in_step(st, inductions, bounds.iter().chain(chosen).map(|(u, _)| *u));
    }

    /// A variable that steps beside the loop's tested counter, by a constant multiple of
    /// its step (`i += 1024` beside `window += 1024`, `p += 4` beside `k++`), keeps its
    /// distance from it: `v - r*u == v0 - r*u0` over the values on entry ([`beside`]).
    /// Wrapping arithmetic keeps the distance too, so the candidate fails only where one
    /// of them steps without the other. The tested counter's bound then bounds the other.
    fn in_step(
        &mut self,
        st: &Strides,
        inductions: &[Induction],
        tested: impl Iterator<Item = kir::Var>,
    ) {
        let k = self.k;
        let mut tested: Vec<kir::Var> = tested.collect();
        // A counter stepping by one is tested too, in a form the bounds do not list
        // (`y >= 0` counting down).
        for ind in inductions {
            let unit = matches!(k.var(ind.var).ty, Ty::Bv(w) if unit_step(&ind.step, w));
            if unit && !tested.contains(&ind.var) {
                tested.push(ind.var);
            }
        }
        for &u in &tested {
            for ind in inductions {
                let v = ind.var;
                let Some(b) = beside(k, st, inductions, u, v) else {
                    continue;
                };
                // Two tested counters with one step: one candidate for the pair.
                if b.ratio == 1 && tested.contains(&v) && v < u {
                    continue;
                }
                let now = b.apart(Expr::Var(v), Expr::Var(u));
                let e = Expr::eq(now, b.apart(b.v0.clone(), b.u0.clone()));
                let (nv, nu) = (&k.var(v).name, &k.var(u).name);
                self.both(b.thread, format!("{nv} keeps its distance from {nu}"), e);
            }
        }
    }

    /// `e`, and `e` while thread `t` is in the loop (for a loop some threads skip: one
    /// in another loop or under a condition).
    pub(crate) fn both(&mut self, t: Thread, name: String, e: Expr) {
        if let Some(g) = self.in_loop(t, e.clone()) {
            self.add(Family::Counters, format!("{name} while in the loop"), g);
        }
        self.add(Family::Counters, name, e);
    }

    fn powers_of_two(&mut self, st: &Strides) {
        let k = self.k;
        for (v, next) in st.updates() {
            let Some((_, t)) = copy_of(k, v) else {
                continue;
            };
            let Ty::Bv(w) = k.var(v).ty else {
                continue;
            };
            let x = Expr::Var(v);
            let is = |e: &Expr, c: u64| *e == Expr::int(c, w);
            let scaled = match &next {
                Expr::Binary(BinOp::Mul | BinOp::UDiv | BinOp::SDiv, a, b) => {
                    (**a == x && is(b, 2)) || (**b == x && is(a, 2))
                }
                Expr::Binary(BinOp::Shl | BinOp::LShr | BinOp::AShr, a, b) => **a == x && is(b, 1),
                Expr::Binary(BinOp::Add, a, b) => **a == x && **b == x,
                _ => false,
            };
            if !scaled {
                continue;
            }
            let name = k.var(v).name.clone();
            // Halving from its start, it stays at or below it (`s = 16; s > 0; s >>= 1`).
            let halves = match &next {
                Expr::Binary(BinOp::LShr | BinOp::UDiv, ..) => Some(BinOp::Ule),
                Expr::Binary(BinOp::AShr | BinOp::SDiv, ..) => Some(BinOp::Sle),
                _ => None,
            };
            if let (Some(op), Some(start)) = (halves, st.entry_value(v)) {
                let e = Expr::bin(op, x.clone(), start);
                self.both(t, format!("{name} {} its start", op.symbol()), e);
            }
            let pow2 = Expr::eq(
                Expr::bin(
                    BinOp::And,
                    x.clone(),
                    Expr::bin(BinOp::Sub, x.clone(), Expr::int(1, w)),
                ),
                Expr::int(0, w),
            );
            self.both(t, format!("{name} is a power of two or zero"), pow2);
            self.both(
                t,
                format!("{name} is not zero"),
                Expr::ne(x, Expr::int(0, w)),
            );
        }
    }
}

/// Induction variable `v` beside `u` (both of one thread's loop): `v` steps by `ratio`
/// times `u`'s constant step (either may step down), and both have values on entry. `u`
/// may be narrower than `v` (an `int` row counter beside a 64-bit pointer offset): it is
/// then sign-extended.
pub(crate) struct Beside {
    pub ratio: i64,
    /// `v`'s width, and `u`'s.
    pub width: u32,
    pub u_width: u32,
    /// Both step up.
    pub upward: bool,
    /// `u` steps down.
    pub u_down: bool,
    pub thread: Thread,
    pub u0: Expr,
    pub v0: Expr,
}

impl Beside {
    /// `ratio * e` (`e` of `u`'s width).
    fn times(&self, e: Expr) -> Expr {
        let e = match self.u_width < self.width {
            true => Expr::cast(CastOp::SExt, self.width, e),
            false => e,
        };
        match self.ratio {
            1 => e,
            r => Expr::bin(
                BinOp::Mul,
                Expr::int(r as u64 & kir::mask(self.width), self.width),
                e,
            ),
        }
    }

    /// `a - ratio * b` (`b` of `u`'s width).
    pub(crate) fn apart(&self, a: Expr, b: Expr) -> Expr {
        Expr::bin(BinOp::Sub, a, self.times(b))
    }

    /// Where `v` is when `u` is at `hi`: `v0 + ratio * (hi - u0)`.
    pub(crate) fn at(&self, hi: Expr) -> Expr {
        let steps = Expr::bin(BinOp::Sub, hi, self.u0.clone());
        Expr::bin(BinOp::Add, self.v0.clone(), self.times(steps))
    }
}

/// Whether `v` steps beside `u` in the loop `st` describes ([`Beside`]): distinct
/// variables of one thread, `u` no wider than `v`, neither an iteration counter, with
/// constant steps, `v`'s a multiple of `u`'s.
pub(crate) fn beside(
    k: &Kernel,
    st: &Strides,
    inductions: &[Induction],
    u: kir::Var,
    v: kir::Var,
) -> Option<Beside> {
    let (of_u, thread) = copy_of(k, u)?;
    let (of_v, tv) = copy_of(k, v)?;
    let (Ty::Bv(u_width), Ty::Bv(width)) = (k.var(u).ty, k.var(v).ty) else {
        return None;
    };
    if of_u == of_v || tv != thread || u_width > width || width > 64 {
        return None;
    }
    if is_counter(k, of_u) || is_counter(k, of_v) {
        return None;
    }
    // The step of `x` (of width `w`), signed.
    let step_of = |x: kir::Var, w: u32| {
        let ind = inductions.iter().find(|i| i.var == x)?;
        let (c, _) = const_eval(&ind.step)?;
        let c = c & kir::mask(w);
        let signed = if w < 64 && c >> (w - 1) == 1 {
            (c | !kir::mask(w)) as i64
        } else {
            c as i64
        };
        (signed != 0).then_some(signed)
    };
    let (cu, cv) = (step_of(u, u_width)?, step_of(v, width)?);
    // (Checked: a 64-bit step of -2^63 over one of -1 does not fit.)
    (cv.checked_rem(cu)? == 0).then_some(())?;
    Some(Beside {
        ratio: cv.checked_div(cu)?,
        width,
        u_width,
        upward: cu > 0 && cv > 0,
        u_down: cu < 0,
        thread,
        u0: st.entry_value(u)?,
        v0: st.entry_value(v)?,
    })
}

/// The bounds of the counters that step beside a tested one (`bounds`: each tested
/// counter and its bound; `inductions`: the loop's): where each is when its tested counter
/// reaches its bound. `down`: the bounds are lowest values of counters stepping down
/// ([`Gen::lower_bounds`]), not upper bounds of counters stepping up.
pub(crate) fn beside_bounds(
    k: &Kernel,
    st: &Strides,
    inductions: &[Induction],
    (bounds, down): (&[(kir::Var, Expr)], bool),
) -> Vec<(kir::Var, Expr)> {
    let mut out = Vec::new();
    for (u, hi) in bounds {
        for i in inductions {
            // A range up to where the other stops: both step up (or the tested one down),
            // in one width.
            let b = beside(k, st, inductions, *u, i.var)
                .filter(|b| (if down { b.u_down } else { b.upward }) && b.u_width == b.width);
            if let Some(b) = b {
                out.push((i.var, b.at(hi.clone())));
            }
        }
    }
    out
}

/// A constant step of 1 or -1 (in width `w`).
fn unit_step(step: &Expr, w: u32) -> bool {
    const_eval(step)
        .map(|(c, _)| c & kir::mask(w))
        .is_some_and(|c| c == 1 || c == kir::mask(w))
}

/// Whether bound `hi` is made of variables the program never assigns (parameters) and
/// reads only inside loop `span`, and not in an assumption: nothing (no precondition, no
/// `--kernel-args`, no test before the loop) limits it, so it may be as large as its type
/// allows. Inside the loop it may be read (`pos + 1 < count ? data[pos + 1] : 0`): a path
/// condition there does not bound it for the iterations.
fn unlimited(k: &Kernel, span: &crate::loops::LoopSpan, hi: &Expr) -> bool {
    let mut vars = Vec::new();
    hi.for_each_var(&mut |x| vars.push(x));
    let reads = |e: &Expr| vars.iter().any(|&x| crate::offsets::mentions(e, x));
    !vars.is_empty()
        && k.layout.iter().enumerate().all(|(pos, &b)| {
            let inside = span.first <= pos && pos <= span.last;
            let data = k.block(b);
            let stmts_ok = data.stmts.iter().all(|s| {
                let defines = s.stmt.def().is_some_and(|d| vars.contains(&d));
                let read = s.stmt.exprs().into_iter().any(reads);
                let assumed = matches!(s.stmt, Stmt::Assume { .. });
                !defines && (!read || inside && !assumed)
            });
            let term_ok = match &data.term {
                kir::Terminator::Branch { cond, .. } => inside || !reads(cond),
                kir::Terminator::Switch { value, .. } => inside || !reads(value),
                _ => true,
            };
            stmts_ok && term_ok
        })
}

/// `e` (of type `ty`) at `w` bits: truncated or zero-extended.
fn resize(e: Expr, ty: Ty, w: u32) -> Expr {
    match ty {
        Ty::Bv(n) if n > w => Expr::cast(CastOp::Trunc, w, e),
        Ty::Bv(n) if n < w => Expr::cast(CastOp::ZExt, w, e),
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kir::{StmtData, Terminator, VarKind};

    /// `entry` (outside the loop) then `head` (the loop's one block), which tests `i < n`.
    fn kernel(entry: Vec<Stmt>) -> (Kernel, crate::loops::LoopSpan, Expr) {
        let mut k = Kernel::new("k");
        let n = k.add_var("n", Ty::Bv(32), VarKind::Param { index: 0 });
        let i = k.add_var("i", Ty::Bv(32), VarKind::Private);
        let t = k.add_var("t", Ty::Bool, VarKind::Private);
        let head = k.add_block("head", Terminator::Return);
        let first = k.add_block("entry", Terminator::Goto(head));
        k.block_mut(first).stmts = entry.into_iter().map(|s| StmtData::new(s, None)).collect();
        let test = Expr::bin(BinOp::Ult, Expr::Var(i), Expr::Var(n));
        let value = Expr::ite(Expr::tt(), test, Expr::Var(t));
        k.block_mut(head).stmts = vec![StmtData::new(Stmt::Assign { dst: t, value }, None)];
        k.layout = vec![first, head];
        let span = crate::loops::LoopSpan {
            head,
            first: 1,
            last: 1,
            back: Vec::new(),
        };
        (k, span, Expr::Var(n))
    }

    #[test]
    fn a_bound_only_the_loop_reads_is_unlimited() {
        let (mut k, span, n) = kernel(Vec::new());
        assert!(unlimited(&k, &span, &n));
        // A constant is not a parameter.
        assert!(!unlimited(&k, &span, &Expr::int(256, 32)));
        // Read in the loop's body too (`word ^ count`): still nothing bounds it.
        let x = k.add_var("x", Ty::Bv(32), VarKind::Private);
        let value = Expr::bin(BinOp::Xor, Expr::Var(x), n.clone());
        let head = k.layout[1];
        k.block_mut(head)
            .stmts
            .push(StmtData::new(Stmt::Assign { dst: x, value }, None));
        assert!(unlimited(&k, &span, &n));
    }

    #[test]
    fn a_test_before_the_loop_limits_the_bound() {
        let n = Expr::Var(kir::Var::new(0));
        let dst = kir::Var::new(2);
        let value = Expr::bin(BinOp::Ult, n.clone(), Expr::int(4_000_000, 32));
        let (k, span, n) = kernel(vec![Stmt::Assign { dst, value }]);
        assert!(!unlimited(&k, &span, &n));
    }

    #[test]
    fn a_count_down_steps_its_offset_by_the_magnitude() {
        // `out[x + y * 512]` (4-byte floats) with `y--`: the logged offsets are congruent
        // modulo 2,048 bytes, not modulo 2^64 - 2,048.
        let mut k = Kernel::new("k");
        let x = k.add_var("x", Ty::Bv(32), VarKind::Private);
        let y = k.add_var("y", Ty::Bv(32), VarKind::Private);
        let row = Expr::bin(BinOp::Mul, Expr::Var(y), Expr::int(512, 32));
        let index = Expr::bin(BinOp::Add, Expr::Var(x), row);
        let e = Expr::bin(
            BinOp::Mul,
            Expr::cast(CastOp::SExt, 64, index),
            Expr::int(4, 64),
        );
        let down = crate::strides::Induction {
            var: y,
            step: Expr::int(kir::mask(32), 32),
        };
        let step = crate::offsets::byte_step(&k, &e, &down);
        assert_eq!(step, Some(Expr::int(2048, 64)));
        let up = crate::strides::Induction {
            var: y,
            step: Expr::int(1, 32),
        };
        assert_eq!(
            crate::offsets::byte_step(&k, &e, &up),
            Some(Expr::int(2048, 64))
        );
    }

    #[test]
    fn a_precondition_on_the_bound_limits_it() {
        let limit = |n: Expr| Expr::bin(BinOp::Ule, n, Expr::int(4_000_000, 32));
        let n = Expr::Var(kir::Var::new(0));
        let (k, span, n) = kernel(vec![Stmt::Assume { cond: limit(n) }]);
        assert!(!unlimited(&k, &span, &n));
        // Nor is a bound the program assigns free.
        let dst = kir::Var::new(0);
        let (k, span, n) = kernel(vec![Stmt::Assign {
            dst,
            value: Expr::int(9, 32),
        }]);
        assert!(!unlimited(&k, &span, &n));
    }
}
