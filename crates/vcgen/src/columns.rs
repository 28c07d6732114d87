//! A log whose offset varies with data the loop reads, in multiples of a power of two:
//! "the logged offset is the fixed part of the access's offset, modulo that power". A
//! histogram that gives each thread a column of counters laid out as `[bin][thread]`
//! (`s_hist[tid + bin * 64]`, `bin` read from memory) logs counters of its own column
//! only; the offset's loop-invariant part (`tid`) is the column, and the part the data
//! chooses (`bin * 64`) is a multiple of 64 bytes. Another thread's counters are in
//! another column, so the candidate keeps the log apart from them.
//!
//! Only offsets with a part no counter of the loop explains (a value loaded or computed
//! from loaded data) get the candidate: those a counter steps are `offsets.rs`'s. Nor does
//! a modulus no wider than the access (that says only that the access is aligned).

use kir::{BinOp, CastOp, Expr, Kernel, Var};

use crate::candidates::Gen;
use crate::loops::LoopSpan;
use crate::sites::LoopAccess;
use crate::strides::{const_eval, Strides};
use crate::Family;

/// The largest power of two (as its exponent) the candidate takes as its modulus: wider
/// columns are not what it is for, and its mask must fit 64-bit offsets.
const MOST_ZEROS: u32 = 32;

impl Gen<'_> {
    /// The candidates of the module doc, for each of thread 1's logged accesses in the
    /// loop whose offsets `st` expands.
    pub(crate) fn data_columns(&mut self, st: &Strides) {
        let k = self.k;
        let mut counters: Vec<Var> = st.inductions().into_iter().map(|i| i.var).collect();
        counters.extend(nested_counters(k, self.span));
        for LoopAccess {
            at,
            region,
            kind,
            offset,
            bytes,
            name,
            has,
            logged,
            ..
        } in self.loop_accesses()
        {
            let e = st.expand(offset, at, 0);
            let Some((fixed, zeros)) = split(k, st, &e, &counters) else {
                continue;
            };
            // A modulus no wider than the access says only that it is aligned.
            if 1u64 << zeros <= u64::from(bytes) {
                continue;
            }
            // Equal low bits: no subtraction's carries for the solver to reason about.
            let mask = Expr::int((1u64 << zeros) - 1, 64);
            let low = |e: Expr| Expr::bin(BinOp::And, e, mask.clone());
            let column = Expr::eq(low(Expr::Var(logged)), low(fixed));
            let has = self.logged(k.region(region).space, has);
            self.add(
                Family::Offsets,
                format!(
                    "logged {kind:?} of {name} in its offset's column (modulo {})",
                    1u64 << zeros
                ),
                Expr::implies(has, column),
            );
        }
    }
}

/// The counters of the loops nested in `span` (an outer loop logs their accesses too).
fn nested_counters(k: &Kernel, span: &LoopSpan) -> Vec<Var> {
    let Ok(l) = crate::loops::layout(k) else {
        return Vec::new();
    };
    let nested = (l.loops.values()).filter(|o| o.first > span.first && o.last <= span.last);
    let mut out = Vec::new();
    for inner in nested {
        let (vars, _) = crate::loops::modified(k, inner);
        out.extend(
            Strides::new(k, inner, &vars)
                .inductions()
                .into_iter()
                .map(|i| i.var),
        );
    }
    out
}

/// `e` (a 64-bit byte offset) as its loop-invariant summands' sum and the number of low
/// zero bits every other summand has, when there are both, the others have at least one
/// zero bit and one of them mentions a variable that is not one of the loop's `counters`.
fn split(k: &Kernel, st: &Strides, e: &Expr, counters: &[Var]) -> Option<(Expr, u32)> {
    if st.is_invariant(e) {
        return None;
    }
    let mut terms = Vec::new();
    summands(e, &mut terms);
    let (fixed, varying): (Vec<Expr>, Vec<Expr>) =
        terms.into_iter().partition(|t| st.is_invariant(t));
    let zeros = varying
        .iter()
        .map(|t| low_zeros(k, t))
        .min()?
        .min(MOST_ZEROS);
    let mut data = false;
    for t in &varying {
        t.for_each_var(&mut |v| data |= !counters.contains(&v) && !st.is_invariant(&Expr::Var(v)));
    }
    if fixed.is_empty() || zeros == 0 || !data {
        return None;
    }
    let fixed = fixed
        .into_iter()
        .reduce(|a, b| Expr::bin(BinOp::Add, a, b))?;
    Some((fixed, zeros))
}

/// The summands of `e` modulo powers of two up to the width of any sum it casts: an
/// `Add` tree, with a product by a constant and a cast of a sum taken apart
/// (`zext64(col + bin * 64) * 4` gives `zext64(col) * 4` and `zext64(bin * 64) * 4`, equal
/// to `e` modulo 2^32, and so modulo every power of two a summand's zeros give).
fn summands(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Binary(BinOp::Add, a, b) => {
            summands(a, out);
            summands(b, out);
        }
        Expr::Binary(BinOp::Mul, a, c) if matches!(**c, Expr::Int { .. }) => {
            let mut inner = Vec::new();
            summands(a, &mut inner);
            out.extend(
                inner
                    .into_iter()
                    .map(|t| Expr::bin(BinOp::Mul, t, (**c).clone())),
            );
        }
        Expr::Cast(op @ (CastOp::ZExt | CastOp::SExt), w, a)
            if matches!(**a, Expr::Binary(BinOp::Add, ..)) =>
        {
            let mut inner = Vec::new();
            summands(a, &mut inner);
            out.extend(inner.into_iter().map(|t| Expr::cast(*op, *w, t)));
        }
        _ => out.push(e.clone()),
    }
}

/// How many low bits of `e` are zero whatever its variables are (at most 64).
fn low_zeros(k: &Kernel, e: &Expr) -> u32 {
    let width = match e.ty(k) {
        kir::Ty::Bv(w) => w,
        _ => return 0,
    };
    let zeros = match e {
        Expr::Int { value, .. } => value.trailing_zeros(),
        Expr::Binary(BinOp::Mul, a, b) => low_zeros(k, a) + low_zeros(k, b),
        Expr::Binary(BinOp::Shl, a, b) => match const_eval(b) {
            Some((s, _)) if s < 64 => low_zeros(k, a) + s as u32,
            _ => low_zeros(k, a),
        },
        Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Or | BinOp::Xor, a, b) => {
            low_zeros(k, a).min(low_zeros(k, b))
        }
        Expr::Binary(BinOp::And, a, b) => low_zeros(k, a).max(low_zeros(k, b)),
        Expr::Cast(CastOp::ZExt | CastOp::SExt | CastOp::Trunc, _, a) => low_zeros(k, a),
        _ => 0,
    };
    zeros.min(width)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kir::{Ty, VarKind};

    #[test]
    fn a_product_by_a_power_of_two_has_its_zeros() {
        let mut k = Kernel::new("k");
        let x = k.add_var("x", Ty::Bv(32), VarKind::Private);
        let bin = Expr::bin(
            BinOp::And,
            Expr::bin(BinOp::LShr, Expr::Var(x), Expr::int(2, 32)),
            Expr::int(0x3f, 32),
        );
        let scaled = Expr::bin(BinOp::Mul, bin.clone(), Expr::int(64, 32));
        assert_eq!(low_zeros(&k, &Expr::cast(CastOp::ZExt, 64, scaled)), 6);
        assert_eq!(low_zeros(&k, &bin), 0);
        let shifted = Expr::bin(BinOp::Shl, Expr::Var(x), Expr::int(4, 32));
        assert_eq!(low_zeros(&k, &shifted), 4);
        // A sum has the fewer of its summands' zeros; a truncation at most its width.
        let sum = Expr::bin(BinOp::Add, shifted, Expr::int(8, 32));
        assert_eq!(low_zeros(&k, &sum), 3);
        let narrow = Expr::cast(CastOp::Trunc, 2, Expr::int(0, 32));
        assert_eq!(low_zeros(&k, &narrow), 2);
    }

    #[test]
    fn a_cast_sum_times_a_constant_comes_apart() {
        // `zext64(col + bin * 64) * 4`: `zext64(col) * 4` and `zext64(bin * 64) * 4`.
        let mut k = Kernel::new("k");
        let col = Expr::Var(k.add_var("col", Ty::Bv(32), VarKind::Private));
        let bin = Expr::Var(k.add_var("bin", Ty::Bv(32), VarKind::Private));
        let scaled = Expr::bin(BinOp::Mul, bin, Expr::int(64, 32));
        let sum = Expr::bin(BinOp::Add, col.clone(), scaled.clone());
        let e = Expr::bin(
            BinOp::Mul,
            Expr::cast(CastOp::ZExt, 64, sum),
            Expr::int(4, 64),
        );
        let mut out = Vec::new();
        summands(&e, &mut out);
        let piece = |t: Expr| {
            Expr::bin(
                BinOp::Mul,
                Expr::cast(CastOp::ZExt, 64, t),
                Expr::int(4, 64),
            )
        };
        assert_eq!(out, vec![piece(col), piece(scaled.clone())]);
        assert_eq!(low_zeros(&k, &out[1]), 8);
    }
}
