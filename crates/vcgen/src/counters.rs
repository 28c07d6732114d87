//! Candidates about a loop's counters, per thread: an induction variable `v := v + step`
//! stays congruent to its value on entry modulo the step and does not fall below it; a
//! variable doubled or halved each iteration (`*= 2`, `<<= 1`, `/= 2`, `>>= 1`) stays a
//! power of two or zero. Each also in the form "while this thread is in the loop", which
//! holds when a thread skips a nested loop and its counter keeps an arbitrary value.

use kir::{BinOp, CastOp, Expr, Thread, Ty};

use crate::candidates::{copy_of, Gen};
use crate::iterations::{counted_step, counter_of, is_counter, times};
use crate::offsets::Bounds;
use crate::strides::{const_eval, Strides};
use crate::Family;

impl Gen<'_> {
    pub(crate) fn counters(&mut self, st: &Strides, (bounds, chosen): &Bounds) {
        let k = self.k;
        let local_size = self.tt.launch.local_size[0];
        for ind in st.inductions() {
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
            let unit = matches!(step, Some(c) if c == 1 || c == kir::mask(w));
            let mut starts: Vec<Expr> = entry.iter().cloned().collect();
            starts.extend(st.starts(t, ty, local_size));
            if unit {
                starts.clear();
            }
            // A counted step: the linear form replaces the congruences (modulo a step that
            // is not a power of two, they cannot hold across a wrap-around anyway).
            let counted = counted_step(&ind.step, w).zip(counter_of(k, ind.var));
            if let (Some((c, n)), Some(s)) = (counted, &entry) {
                let wide = |e: Expr| Expr::cast(CastOp::ZExt, 64, e);
                let steps = times(&wide(Expr::Var(n)), c);
                let linear = Expr::eq(
                    wide(v.clone()),
                    Expr::bin(BinOp::Add, wide(s.clone()), steps),
                );
                self.both(
                    t,
                    format!("{name} is its start plus its step times its iterations"),
                    linear,
                );
                starts.clear();
            }
            for s in starts {
                let cong = Expr::eq(
                    Expr::bin(
                        BinOp::URem,
                        Expr::bin(BinOp::Sub, v.clone(), s),
                        ind.step.clone(),
                    ),
                    Expr::int(0, w),
                );
                self.both(
                    t,
                    format!("{name} congruent to its start modulo its step"),
                    cong,
                );
            }
            // A counter going down (a negative constant step) does not stay above its start.
            let down = matches!(step, Some(c) if c >> (w - 1) & 1 == 1);
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
