//! Candidates for strided loops (`for (i = tid; i < n; i += stride)`): an induction
//! variable stays congruent to its start modulo the stride, and a logged access of the loop
//! is at an offset congruent to the access's offset at the start. The start is guessed
//! among 0, the local id and the global id; Houdini discards wrong guesses.

use std::collections::{BTreeSet, HashMap};

use kir::{BinOp, Builtin, Expr, Kernel, Stmt, Thread, Ty, Var, VarKind};

use crate::loops::LoopSpan;

/// A variable's value within one iteration: its definition and where it is made.
struct Def {
    at: usize,
    value: Expr,
}

pub struct Strides<'a> {
    k: &'a Kernel,
    defs: HashMap<Var, Def>,
    modified: &'a BTreeSet<Var>,
    /// Definitions made before the loop by variables assigned once in the whole kernel,
    /// and each modified variable's last assignment before the loop.
    before: HashMap<Var, Expr>,
    entry: HashMap<Var, Expr>,
    /// Variables given one of several values in an iteration, each under its own guard
    /// (a `?:` or `min` compiled to branches): every value, where it is made.
    choices: HashMap<Var, Vec<Def>>,
}

/// An induction variable `v := v + step` of the loop (one thread's copy).
#[derive(Clone)]
pub struct Induction {
    pub var: Var,
    pub step: Expr,
}

impl<'a> Strides<'a> {
    /// Definitions made once per iteration (`x := act ? e : x` in the predicated form, or
    /// `x := e` for a block-local temporary).
    /// A variable also assigned an arbitrary value elsewhere in the iteration keeps its
    /// one other definition (see [`one_real_definition`]).
    pub fn new(k: &'a Kernel, span: &LoopSpan, modified: &'a BTreeSet<Var>) -> Self {
        let mut all: HashMap<Var, Vec<Def>> = HashMap::new();
        let mut count: HashMap<Var, u32> = HashMap::new();
        let mut havocked = BTreeSet::new();
        let mut at = 0;
        for &b in &k.layout[span.first..=span.last] {
            for s in &k.block(b).stmts {
                at += 1;
                match &s.stmt {
                    Stmt::Assign { dst, value } => {
                        *count.entry(*dst).or_default() += 1;
                        let value = match value {
                            Expr::Ite(_, e, keep) if **keep == Expr::Var(*dst) => Some(&**e),
                            // A block-local temporary, assigned unguarded (see
                            // `predicate::block_locals`).
                            e if program_var(k, *dst) => Some(e),
                            _ => None,
                        };
                        if let Some(value) = value.cloned() {
                            all.entry(*dst).or_default().push(Def { at, value });
                        }
                    }
                    Stmt::Havoc { dst } => {
                        havocked.insert(*dst);
                    }
                    _ => {}
                }
            }
        }
        let choices = all
            .iter()
            .filter(|(v, ds)| ds.len() > 1 && count.get(*v) == Some(&(ds.len() as u32)))
            .map(|(v, ds)| {
                let ds = ds.iter().map(|d| Def {
                    at: d.at,
                    value: d.value.clone(),
                });
                (*v, ds.collect())
            })
            .collect();
        let defs = one_real_definition(all, &count, havocked);
        let (before, entry) = before_loop(k, span.first);
        Strides {
            k,
            defs,
            modified,
            before,
            entry,
            choices,
        }
    }

    /// The values `v` may be given by statement position `at` when the iteration gives it
    /// one of several (each expanded where it is made); empty otherwise.
    pub fn choices(&self, v: Var, at: usize) -> Vec<Expr> {
        let Some(ds) = self.choices.get(&v) else {
            return Vec::new();
        };
        if ds.iter().any(|d| d.at >= at) {
            return Vec::new();
        }
        ds.iter().map(|d| self.expand(&d.value, d.at, 1)).collect()
    }

    /// The value `v` has when execution first reaches the head: its last assignment before
    /// the loop, with temporaries assigned once before the loop expanded. `None` if that
    /// value depends on what the loop modifies.
    pub fn entry_value(&self, v: Var) -> Option<Expr> {
        let e = self.expand_before(self.entry.get(&v)?, 0);
        self.invariant(&e).then_some(e)
    }

    fn expand_before(&self, e: &Expr, depth: u32) -> Expr {
        if depth > 8 {
            return e.clone();
        }
        e.map_vars(&|v| match self.before.get(&v) {
            Some(d) if !self.modified.contains(&v) => self.expand_before(d, depth + 1),
            _ => Expr::Var(v),
        })
    }

    /// `e`, written before the loop, with the values made once before it expanded.
    pub fn before(&self, e: &Expr) -> Expr {
        self.expand_before(e, 0)
    }

    /// Whether `e` mentions only values the loop does not change.
    pub fn is_invariant(&self, e: &Expr) -> bool {
        self.invariant(e)
    }

    /// `e` at statement position `at`, with same-iteration temporaries replaced by their
    /// definitions (a variable defined later in the iteration keeps its value from the head).
    pub fn expand(&self, e: &Expr, at: usize, depth: u32) -> Expr {
        if depth > 8 {
            return e.clone();
        }
        e.map_vars(&|v| match self.defs.get(&v) {
            Some(d) if d.at < at => self.expand(&d.value, d.at, depth + 1),
            _ => Expr::Var(v),
        })
    }

    fn invariant(&self, e: &Expr) -> bool {
        let mut ok = true;
        e.for_each_var(&mut |v| ok &= !self.modified.contains(&v));
        ok
    }

    /// The loop's induction variables: assigned once per iteration to themselves plus a
    /// loop-invariant step.
    pub fn inductions(&self) -> Vec<Induction> {
        let mut out = Vec::new();
        for (&v, d) in &self.defs {
            let next = simplify(self.k, &self.expand(&d.value, d.at, 0));
            let step = match &next {
                Expr::Binary(BinOp::Add, a, b) if **a == Expr::Var(v) => (**b).clone(),
                Expr::Binary(BinOp::Add, a, b) if **b == Expr::Var(v) => (**a).clone(),
                // `pos -= width`: the step is the negated amount.
                Expr::Binary(BinOp::Sub, a, b) if **a == Expr::Var(v) => match self.k.var(v).ty {
                    Ty::Bv(w) => Expr::bin(BinOp::Sub, Expr::int(0, w), (**b).clone()),
                    _ => continue,
                },
                _ => continue,
            };
            if self.invariant(&step) {
                // A stride computed before the loop (`int stride = ...;`) is known there.
                let known = self.expand_before(&step, 0);
                let step = match const_eval(&known) {
                    // Folded: `0 - 512` for `pos -= width` with `width` known.
                    Some((c, w)) if matches!(step, Expr::Binary(BinOp::Sub, ..)) => Expr::int(c, w),
                    Some(_) => known,
                    None => step,
                };
                out.push(Induction { var: v, step });
            }
        }
        out.sort_by_key(|i| i.var);
        out
    }

    /// Every variable assigned once per iteration, with its next value in terms of the
    /// values at the head.
    pub fn updates(&self) -> Vec<(Var, Expr)> {
        let mut out: Vec<(Var, Expr)> = self
            .defs
            .iter()
            .map(|(&v, d)| (v, simplify(self.k, &self.expand(&d.value, d.at, 0))))
            .collect();
        out.sort_by_key(|(v, _)| *v);
        out
    }

    /// Guesses for where thread `t`'s copy of an induction variable of type `ty` started:
    /// 0, the local id, the global id (x dimension).
    pub fn starts(&self, t: Thread, ty: Ty, local_size: u32) -> Vec<Expr> {
        let Ty::Bv(w) = ty else {
            return Vec::new();
        };
        let copy = |b: Builtin| {
            (0..self.k.vars.len()).map(Var::new).find(|v| {
                matches!(self.k.var(*v).kind, VarKind::ThreadCopy { of, thread }
                    if thread == t && self.k.var(of).kind == VarKind::Builtin(b))
            })
        };
        let fit = |e: Expr| match w.cmp(&32) {
            std::cmp::Ordering::Equal => e,
            std::cmp::Ordering::Less => Expr::cast(kir::CastOp::Trunc, w, e),
            std::cmp::Ordering::Greater => Expr::cast(kir::CastOp::ZExt, w, e),
        };
        let mut out = vec![Expr::int(0, w)];
        if let Some(l) = copy(Builtin::LocalId(0)) {
            out.push(fit(Expr::Var(l)));
            if let Some(g) = copy(Builtin::GroupId(0)) {
                let global = Expr::bin(
                    BinOp::Add,
                    Expr::bin(BinOp::Mul, Expr::Var(g), Expr::int(local_size as u64, 32)),
                    Expr::Var(l),
                );
                out.push(fit(global));
            }
        }
        out
    }
}

/// `e` with truncations pushed through wrap-around arithmetic and cancelled against
/// extensions: `trunc32(sext64(x) + zext64(c))` is `x + c` for a 32-bit `x`.
pub fn simplify(k: &Kernel, e: &Expr) -> Expr {
    match e {
        Expr::Cast(kir::CastOp::Trunc, w, a) => truncate(k, *w, &simplify(k, a)),
        Expr::Binary(op, a, b) => Expr::bin(*op, simplify(k, a), simplify(k, b)),
        Expr::Cast(op, w, a) => Expr::cast(*op, *w, simplify(k, a)),
        _ => e.clone(),
    }
}

/// The low `w` bits of `e`, pushed inwards where that is exact.
fn truncate(k: &Kernel, w: u32, e: &Expr) -> Expr {
    match e {
        Expr::Int { value, .. } => Expr::int(value & kir::mask(w), w),
        Expr::Cast(kir::CastOp::ZExt | kir::CastOp::SExt, _, a) if a.ty(k) == Ty::Bv(w) => {
            (**a).clone()
        }
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
            Expr::bin(*op, truncate(k, w, a), truncate(k, w, b))
        }
        _ => Expr::cast(kir::CastOp::Trunc, w, e.clone()),
    }
}

/// Each variable's definition in the iteration: its only one (as it is), or, when every other
/// assignment gives it an arbitrary value (a havocked variable, or a variable only ever
/// assigned arbitrary values), the one that does not. LLVM's `structurizecfg` routes a
/// loop's exit through a flow block: the latch's `i := t` reads a `t` the stay path sets
/// to `i + step` and the exit path to `undef`; a thread that takes the exit path leaves
/// the loop, so `i + step` is the value that goes round. Candidates are guesses (Houdini
/// checks them), so this choice costs at most a candidate that does not hold.
fn one_real_definition(
    all: HashMap<Var, Vec<Def>>,
    count: &HashMap<Var, u32>,
    mut arbitrary: BTreeSet<Var>,
) -> HashMap<Var, Def> {
    let is_arbitrary = |arbitrary: &BTreeSet<Var>, d: &Def| matches!(&d.value, Expr::Var(x) if arbitrary.contains(x));
    loop {
        let more: Vec<Var> = all
            .iter()
            .filter(|(v, ds)| {
                !arbitrary.contains(*v)
                    && count.get(*v) == Some(&(ds.len() as u32))
                    && ds.iter().all(|d| is_arbitrary(&arbitrary, d))
            })
            .map(|(v, _)| *v)
            .collect();
        if more.is_empty() {
            break;
        }
        arbitrary.extend(more);
    }
    let mut out = HashMap::new();
    for (v, ds) in all {
        if count.get(&v) != Some(&(ds.len() as u32)) {
            continue;
        }
        let one = ds.len() == 1;
        let mut real = ds
            .into_iter()
            .filter(|d| one || !is_arbitrary(&arbitrary, d));
        if let (Some(d), None) = (real.next(), real.next()) {
            out.insert(v, d);
        }
    }
    out
}

/// What a predicated assignment `x := act ? e : x` assigns (`e`), or the whole value.
fn assigned(dst: Var, value: &Expr) -> Expr {
    match value {
        Expr::Ite(_, e, keep) if **keep == Expr::Var(dst) => (**e).clone(),
        _ => value.clone(),
    }
}

/// Whether `v` is a variable of the program (not of the instrumentation).
fn program_var(k: &Kernel, v: Var) -> bool {
    matches!(
        k.var(v).kind,
        kir::VarKind::Private | kir::VarKind::ThreadCopy { .. }
    )
}

/// Single definitions made before layout position `first`, and the last assignment of
/// every variable before it.
fn before_loop(k: &Kernel, first: usize) -> (HashMap<Var, Expr>, HashMap<Var, Expr>) {
    let mut count: HashMap<Var, u32> = HashMap::new();
    let mut last: HashMap<Var, Expr> = HashMap::new();
    for (i, (_, data)) in k.laid_out().enumerate() {
        for s in &data.stmts {
            if let Some(v) = s.stmt.def() {
                *count.entry(v).or_default() += 1;
            }
            if i < first {
                if let Stmt::Assign { dst, value } = &s.stmt {
                    last.insert(*dst, assigned(*dst, value));
                }
            }
        }
    }
    let once = last
        .iter()
        .filter(|(v, _)| count.get(v) == Some(&1))
        .map(|(v, e)| (*v, e.clone()))
        .collect();
    (once, last)
}

/// The constant `e[v := at] - e[v := 0]` with every other variable at 0: the slope of an
/// offset affine in `v` (wrap-around aside), when it folds to a constant.
pub fn slope(k: &Kernel, e: &Expr, v: Var, at: u64) -> Option<Expr> {
    slope_with(k, e, v, at, &|_| 0)
}

/// [`slope`], when it is the same with every other variable at 1 as at 0: not for
/// `A[i*n + tid]`, whose slope is `n` (0 with `n` at 0). Small values, so that no sum
/// wraps where it did not before (unlike [`constant_slope`]'s scattered ones).
pub fn fixed_slope(k: &Kernel, e: &Expr, v: Var, at: u64) -> Option<Expr> {
    let s = slope_with(k, e, v, at, &|_| 0)?;
    (slope_with(k, e, v, at, &|_| 1)? == s).then_some(s)
}

/// Whether `e`'s slope in `v` is the same constant whatever the other variables are
/// (checked at a few values of them): `A[4*i + tid]`, not `A[i*n + tid]`.
pub fn constant_slope(k: &Kernel, e: &Expr, v: Var, at: u64) -> bool {
    let fills: [&dyn Fn(Var) -> u64; 3] = [&|_| 0, &|_| 1, &|x| {
        (x.index() as u64 + 3).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 17
    }];
    let slopes: Vec<Option<Expr>> = fills.iter().map(|f| slope_with(k, e, v, at, f)).collect();
    slopes[0].is_some() && slopes.iter().all(|s| *s == slopes[0])
}

fn slope_with(k: &Kernel, e: &Expr, v: Var, at: u64, fill: &dyn Fn(Var) -> u64) -> Option<Expr> {
    let width = |x: Var| match k.var(x).ty {
        Ty::Bv(w) => w,
        Ty::Bool => 1,
    };
    let value_at = |vx: u64| {
        eval(e, &|x| {
            let value = if x == v { vx } else { fill(x) };
            Some((value & kir::mask(width(x)), width(x)))
        })
    };
    let (hi, lo) = (value_at(at)?, value_at(0)?);
    Some(Expr::int(hi.0.wrapping_sub(lo.0) & kir::mask(hi.1), hi.1))
}

/// `e` with variable `v` replaced by `by`.
pub fn substitute(e: &Expr, v: Var, by: &Expr) -> Expr {
    e.map_vars(&|x| if x == v { by.clone() } else { Expr::Var(x) })
}

/// The magnitude of `c` read as a `w`-bit two's complement number, when it is negative
/// (a counter stepping down by `c`): its modulus as a step, as an unsigned divisor `c`
/// itself is none.
pub fn negative_magnitude(c: u64, w: u32) -> Option<u64> {
    let signed = kir::sign_extend(c, w);
    (w > 0 && signed < 0).then(|| signed.unsigned_abs())
}

/// The value of a variable-free expression, if it has one (bit-vector arithmetic).
pub fn const_eval(e: &Expr) -> Option<(u64, u32)> {
    eval(e, &|_| None)
}

/// The value of `e` with variables valued by `env` (value, width).
fn eval(e: &Expr, env: &dyn Fn(Var) -> Option<(u64, u32)>) -> Option<(u64, u32)> {
    let m = kir::mask;
    Some(match e {
        Expr::Var(v) => env(*v)?,
        Expr::Int { value, width } => (*value, *width),
        Expr::Cast(op, w, a) => {
            let (x, from) = eval(a, env)?;
            let v = match op {
                kir::CastOp::ZExt | kir::CastOp::Trunc => x,
                kir::CastOp::SExt => kir::sign_extend(x, from) as u64,
            };
            (v & m(*w), *w)
        }
        Expr::Binary(op, a, b) => {
            let (x, w) = eval(a, env)?;
            let (y, _) = eval(b, env)?;
            let v = match op {
                BinOp::Add => x.wrapping_add(y),
                BinOp::Sub => x.wrapping_sub(y),
                BinOp::Mul => x.wrapping_mul(y),
                BinOp::Shl if y < 64 => x << y,
                BinOp::And => x & y,
                BinOp::Or => x | y,
                _ => return None,
            };
            (v & m(w), w)
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kir::{CastOp, StmtData, Terminator, VarKind};

    #[test]
    fn truncation_cancels_against_extension() {
        let mut k = Kernel::new("k");
        let x = k.add_var("x", Ty::Bv(32), VarKind::Private);
        let wide = Expr::bin(
            BinOp::Add,
            Expr::cast(CastOp::SExt, 64, Expr::Var(x)),
            Expr::cast(CastOp::ZExt, 64, Expr::int(1024, 32)),
        );
        let e = Expr::cast(CastOp::Trunc, 32, wide);
        let want = Expr::bin(BinOp::Add, Expr::Var(x), Expr::int(1024, 32));
        assert_eq!(simplify(&k, &e), want);
        // A truncation of something else stays.
        let y = k.add_var("y", Ty::Bv(64), VarKind::Private);
        let keep = Expr::cast(CastOp::Trunc, 32, Expr::Var(y));
        assert_eq!(simplify(&k, &keep), keep);
    }

    #[test]
    fn slope_of_an_affine_offset() {
        let mut k = Kernel::new("k");
        let j = k.add_var("j", Ty::Bv(32), VarKind::Private);
        let lid = k.add_var("lid", Ty::Bv(32), VarKind::Private);
        // (sext64(j) + zext64(lid)) * 4: stepping j by 1024 moves the offset by 4096.
        let e = Expr::bin(
            BinOp::Mul,
            Expr::bin(
                BinOp::Add,
                Expr::cast(CastOp::SExt, 64, Expr::Var(j)),
                Expr::cast(CastOp::ZExt, 64, Expr::Var(lid)),
            ),
            Expr::int(4, 64),
        );
        assert_eq!(slope(&k, &e, j, 1024), Some(Expr::int(4096, 64)));
        // Not affine through an unsupported operator: no slope.
        let div = Expr::bin(BinOp::SDiv, Expr::Var(j), Expr::int(2, 32));
        assert_eq!(slope(&k, &div, j, 2), None);
    }

    #[test]
    fn a_slope_through_a_parameter_is_not_constant() {
        let mut k = Kernel::new("k");
        let i = k.add_var("i", Ty::Bv(32), VarKind::Private);
        let n = k.add_var("n", Ty::Bv(32), VarKind::Private);
        let tid = k.add_var("tid", Ty::Bv(32), VarKind::Private);
        let plus_tid = |e: Expr| Expr::bin(BinOp::Add, e, Expr::Var(tid));
        // i*4 + tid steps by 4 whatever tid is.
        let constant = plus_tid(Expr::bin(BinOp::Mul, Expr::Var(i), Expr::int(4, 32)));
        assert!(constant_slope(&k, &constant, i, 1));
        // i*n + tid steps by n: 0 when every other variable is 0, so `slope` alone
        // would call it constant.
        let pitched = plus_tid(Expr::bin(BinOp::Mul, Expr::Var(i), Expr::Var(n)));
        assert_eq!(slope(&k, &pitched, i, 1), Some(Expr::int(0, 32)));
        assert!(!constant_slope(&k, &pitched, i, 1));
        // `fixed_slope` gives the step only when it is one.
        assert_eq!(fixed_slope(&k, &constant, i, 1), Some(Expr::int(4, 32)));
        assert_eq!(fixed_slope(&k, &pitched, i, 1), None);
    }

    /// structurizecfg's loop: the stay arm sets `t := i + 16`, the exit arm `t := undef`
    /// (a havocked value), and the latch `i := t`: `i` is still an induction by 16. With a
    /// second real assignment of `t` it is not.
    #[test]
    fn induction_through_a_flow_temporary() {
        use kir::{StmtData, Terminator};
        let mut k = Kernel::new("k");
        let stay = k.add_var("stay", Ty::Bool, VarKind::Private);
        let i = k.add_var("i", Ty::Bv(32), VarKind::Private);
        let t = k.add_var("t", Ty::Bv(32), VarKind::Private);
        let undef = k.add_var("undef", Ty::Bv(32), VarKind::Private);
        let fresh = k.add_var("undef.havoc", Ty::Bv(32), VarKind::Private);
        let when = |c: Expr, v: Var, e: Expr| {
            let value = Expr::ite(c, e, Expr::Var(v));
            StmtData::new(Stmt::Assign { dst: v, value }, None)
        };
        let go = Expr::Var(stay);
        let leave = Expr::not(go.clone());
        let step = Expr::bin(BinOp::Add, Expr::Var(i), Expr::int(16, 32));
        let b = k.add_block("head", Terminator::Return);
        k.block_mut(b).stmts = vec![
            when(go.clone(), t, step),
            StmtData::new(Stmt::Havoc { dst: fresh }, None),
            when(leave.clone(), undef, Expr::Var(fresh)),
            when(leave.clone(), t, Expr::Var(undef)),
            when(go.clone(), i, Expr::Var(t)),
        ];
        k.layout.push(b);
        let span = one_block_loop(b);
        let modified = BTreeSet::from([i, t, undef, fresh]);
        let inductions = |k: &Kernel| {
            let st = Strides::new(k, &span, &modified);
            st.inductions()
                .into_iter()
                .map(|ind| (ind.var, ind.step))
                .collect::<Vec<_>>()
        };
        assert_eq!(inductions(&k), vec![(i, Expr::int(16, 32))]);
        // Two real values for `t`: no single definition, no induction.
        k.block_mut(b).stmts[3] = when(leave, t, Expr::int(0, 32));
        assert_eq!(inductions(&k), vec![]);
    }

    #[test]
    fn a_variable_less_a_stride_steps_down() {
        // `pos -= width` (a parameter): the step is `0 - width`; with `width` set to 512
        // before the loop it folds to -512.
        let mut k = Kernel::new("k");
        let width = k.add_var("width", Ty::Bv(32), VarKind::Param { index: 0 });
        let pos = k.add_var("pos", Ty::Bv(32), VarKind::Private);
        let assign = |dst: Var, value: Expr| StmtData::new(Stmt::Assign { dst, value }, None);
        let b = k.add_block("head", Terminator::Return);
        let less = Expr::bin(BinOp::Sub, Expr::Var(pos), Expr::Var(width));
        let act = k.add_var("act", Ty::Bool, VarKind::Private);
        let when = Expr::ite(Expr::Var(act), less, Expr::Var(pos));
        k.block_mut(b).stmts = vec![assign(pos, when)];
        k.layout.push(b);
        let span = one_block_loop(b);
        let modified = BTreeSet::from([pos]);
        let steps = |k: &Kernel| {
            let st = Strides::new(k, &span, &modified);
            st.inductions()
                .into_iter()
                .map(|i| i.step)
                .collect::<Vec<_>>()
        };
        let negated = Expr::bin(BinOp::Sub, Expr::int(0, 32), Expr::Var(width));
        assert_eq!(steps(&k), vec![negated]);
        let first = k.add_block("entry", Terminator::Goto(b));
        k.block_mut(first).stmts = vec![assign(width, Expr::int(512, 32))];
        k.layout.insert(0, first);
        let span = LoopSpan {
            first: 1,
            last: 1,
            ..span
        };
        let st = Strides::new(&k, &span, &modified);
        let steps: Vec<Expr> = st.inductions().into_iter().map(|i| i.step).collect();
        assert_eq!(steps, vec![Expr::int(kir::mask(32) - 511, 32)]);
    }

    #[test]
    fn a_negative_step_has_its_magnitude() {
        assert_eq!(negative_magnitude(kir::mask(32), 32), Some(1));
        assert_eq!(negative_magnitude(kir::mask(32) - 511, 32), Some(512));
        assert_eq!(negative_magnitude(1 << 31, 32), Some(1 << 31));
        assert_eq!(negative_magnitude(u64::MAX, 64), Some(1));
        assert_eq!(negative_magnitude(5, 32), None);
        assert_eq!(negative_magnitude(0, 0), None);
    }

    /// The span of a loop that is the one block `head`.
    fn one_block_loop(head: kir::Block) -> LoopSpan {
        LoopSpan {
            head,
            first: 0,
            last: 0,
            back: Vec::new(),
        }
    }
}
