//! A log one loop writes from several places: "the logged access is one of this loop's
//! sites'", each site's range and step as `offsets.rs` states them alone. A loop that reads
//! `a[i]` and `a[stride + i]` (a reduction tree's step), or `s[tx][j]` and `s[j][i]` (LU's
//! column update), logs reads of both; neither site's range holds of the log alone, their
//! disjunction does, and it is what keeps the log apart from another thread's write of
//! `a[i']` (`i' ≡ tid' ≢ tid` below `stride`, or at or above `stride`).
//!
//! A site is an offset the loop does not change (the log is at it), or one that steps with
//! one of the loop's own counters from the counter's value on entry up to the loop's own
//! bound (or to where it is when the tested counter it steps beside reaches its bound). A
//! region and kind with two to four sites, each of them so described, gets one candidate,
//! and for a nested loop also the one guarded by "a thread is at the loop" (see
//! `Gen::add_within`).

use kir::{AccessKind, BinOp, Block, Expr, Kernel, Region, Stmt, Thread, Var};

use crate::candidates::{access, Access, Gen};
use crate::iterations::written_regions;
use crate::loops::LoopSpan;
use crate::offsets::{byte_step, in_step, mentions, within, Pairs};
use crate::strides::{const_eval, negative_magnitude, slope, substitute, Induction, Strides};

/// The most sites one disjunction names.
const MOST_SITES: usize = 4;

/// Each log's sites: its region and kind, its `has` (as candidates state it) and each
/// site's "at the offset" or "within, in step" (`None`: a site is neither).
type Sites = Vec<((String, AccessKind), Expr, Option<Vec<Expr>>)>;

impl Gen<'_> {
    /// The disjunction of each log's sites in the loop (module doc); `bounds` as
    /// [`Gen::upper_bounds`] gives them, `lows` as [`Gen::lower_bounds`], `here` from
    /// [`Gen::some_thread_here`].
    pub(crate) fn site_disjunctions(
        &mut self,
        st: &Strides,
        (bounds, lows): (Pairs, Pairs),
        here: Option<&Expr>,
    ) {
        let sites = self.sites(st, bounds, lows);
        for ((name, kind), has, each) in sites {
            let Some(each) = each else { continue };
            if each.len() < 2 || each.len() > MOST_SITES {
                continue;
            }
            let any = each.into_iter().reduce(Expr::or).unwrap_or(Expr::ff());
            let what = format!("logged {kind:?} of {name} at one of the loop's sites");
            self.add_within(what, (&has, here), any);
        }
    }

    /// Each log's sites in the loop (module doc): `None` for a log one of whose sites is
    /// neither a fixed offset nor one stepping with a counter to the loop's bound.
    fn sites(&self, st: &Strides, bounds: &[(Var, Expr)], lows: &[(Var, Expr)]) -> Sites {
        let k = self.k;
        let inductions = st.inductions();
        let mut out = Sites::new();
        for LoopAccess {
            at,
            region,
            kind,
            offset,
            name,
            has,
            logged,
            ..
        } in self.loop_accesses()
        {
            let e = st.expand(offset, at, 0);
            let logged = Expr::Var(logged);
            let fixed = st
                .is_invariant(&e)
                .then(|| Expr::eq(logged.clone(), e.clone()));
            let site = fixed.or_else(|| {
                (inductions.iter()).find_map(|ind| {
                    if !mentions(&e, ind.var) {
                        return None;
                    }
                    let start = st.entry_value(ind.var)?;
                    let e0 = substitute(&e, ind.var, &start);
                    if !st.is_invariant(&e0) {
                        return None;
                    }
                    let range = match bounds.iter().find(|(v, _)| *v == ind.var) {
                        Some((_, hi)) => within(&e0, &logged, substitute(&e, ind.var, hi)),
                        None => down_range(k, (&e, &e0), ind, lows, &logged)?,
                    };
                    Some(match byte_step(k, &e, ind) {
                        Some(step) => Expr::and(range, in_step(&logged, e0, step)),
                        None => range,
                    })
                })
            });
            let has = self.logged(k.region(region).space, has);
            let key = (name, kind);
            // A site no range describes leaves its log without a disjunction (`None`).
            match out.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, _, each)) => match (each.as_mut(), site) {
                    (Some(each), Some(site)) if !each.contains(&site) => each.push(site),
                    (Some(_), Some(_)) | (None, _) => {}
                    (Some(_), None) => *each = None,
                },
                None => out.push((key, has, site.map(|s| vec![s]))),
            }
        }
        out
    }
}

/// The range of a site stepping with counter `ind` that counts down to a lowest value
/// in `lows` (inclusive): from the offset there to `e0`, the offset at the start, or
/// the other way round when the offset rises as the counter falls.
fn down_range(
    k: &Kernel,
    (e, e0): (&Expr, &Expr),
    ind: &Induction,
    lows: &[(Var, Expr)],
    logged: &Expr,
) -> Option<Expr> {
    let (c, w) = const_eval(&ind.step)?;
    negative_magnitude(c, w)?;
    let (_, lo) = lows.iter().find(|(v, _)| *v == ind.var)?;
    let end = substitute(e, ind.var, lo);
    let (by, bw) = const_eval(&slope(k, e, ind.var, c)?)?;
    let falls = negative_magnitude(by, bw).is_some();
    let (low, high) = if falls {
        (end, e0.clone())
    } else {
        (e0.clone(), end)
    };
    Some(Expr::and(
        Expr::bin(BinOp::Ule, low, logged.clone()),
        Expr::bin(BinOp::Ule, logged.clone(), high),
    ))
}

impl Gen<'_> {
    /// `(v, lo)` for each test `v >= lo` (or `v > lo - 1`, `lo <= v`) of the loop with
    /// `lo` loop-invariant: the last value a counter stepping down by one takes in the
    /// loop, as [`Gen::upper_bounds`] gives the first one past it for one stepping up.
    pub(crate) fn lower_bounds(&self, st: &Strides) -> Vec<(Var, Expr)> {
        let k = self.k;
        let mut out: Vec<(Var, Expr)> = Vec::new();
        for (_, op, a, b) in comparisons(k, self.span, st) {
            // `v >= lo` reads as `lo <= v`: the same test with its sides swapped.
            let Some((v, lo, inclusive)) = below(op, b, a) else {
                continue;
            };
            let kir::Ty::Bv(w) = k.var(v).ty else {
                continue;
            };
            if !st.is_invariant(&lo) {
                continue;
            }
            let lo = match inclusive {
                true => lo,
                false => Expr::bin(BinOp::Add, lo, Expr::int(1, w)),
            };
            if !out.contains(&(v, lo.clone())) {
                out.push((v, lo));
            }
        }
        out
    }
}

/// `a op b` as a variable below a bound, `(v, hi, inclusive)`: `v < hi` or `hi > v`
/// (exclusive), `v <= hi` or `hi >= v` (inclusive).
pub(crate) fn below(op: BinOp, a: Expr, b: Expr) -> Option<(Var, Expr, bool)> {
    match (op, a, b) {
        (BinOp::Ult | BinOp::Slt, Expr::Var(v), hi) => Some((v, hi, false)),
        (BinOp::Ule | BinOp::Sle, Expr::Var(v), hi) => Some((v, hi, true)),
        (BinOp::Ugt | BinOp::Sgt, hi, Expr::Var(v)) => Some((v, hi, false)),
        (BinOp::Uge | BinOp::Sge, hi, Expr::Var(v)) => Some((v, hi, true)),
        _ => None,
    }
}

/// Each comparison `a op b` a statement of loop `span` computes, over the values at the
/// head (the iteration's temporaries expanded; a predicated `act ? c : x` gives `c`),
/// with the statement's position among the loop's statements.
pub(crate) fn comparisons(
    k: &Kernel,
    span: &LoopSpan,
    st: &Strides,
) -> Vec<(usize, BinOp, Expr, Expr)> {
    let mut out = Vec::new();
    let mut at = 0;
    for &b in &k.layout[span.first..=span.last] {
        for s in &k.block(b).stmts {
            at += 1;
            let Stmt::Assign { value, .. } = &s.stmt else {
                continue;
            };
            let e = st.expand(value, at, 0);
            let e = match e {
                Expr::Ite(_, a, _) => *a,
                e => e,
            };
            if let Expr::Binary(op, a, b) = e {
                out.push((at, op, *a, *b));
            }
        }
    }
    out
}

/// One of thread 1's accesses in a loop, to a region some access writes (a log of a
/// region no access writes never meets a conflicting access), with the log it goes to.
pub(crate) struct LoopAccess<'k> {
    pub block: Block,
    /// Its position among the loop's statements (for `Strides::expand`).
    pub at: usize,
    pub region: Region,
    pub kind: AccessKind,
    pub offset: &'k Expr,
    /// How many bytes it accesses.
    pub bytes: u32,
    pub name: String,
    /// The log's `has` and `offset` variables.
    pub has: Var,
    pub logged: Var,
}

impl<'k> Gen<'k> {
    /// Thread 1's accesses in the loop that a log records ([`LoopAccess`]).
    pub(crate) fn loop_accesses(&self) -> Vec<LoopAccess<'k>> {
        let k = self.k;
        let written = written_regions(k);
        let mut out = Vec::new();
        let mut at = 0;
        for &block in &k.layout[self.span.first..=self.span.last] {
            for s in &k.block(block).stmts {
                at += 1;
                let Some(Access {
                    region,
                    thread: Thread::T1,
                    kind,
                    offset,
                    bytes,
                }) = access(&s.stmt)
                else {
                    continue;
                };
                let name = k.region(region).name.clone();
                if !written.contains(&name) {
                    continue;
                }
                let Some((has, logged, _)) = self.log_vars(&name, kind) else {
                    continue;
                };
                out.push(LoopAccess {
                    block,
                    at,
                    region,
                    kind,
                    offset,
                    bytes,
                    name,
                    has,
                    logged,
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kir::{CastOp, Ty, VarKind};

    /// `out[pos]` (16-byte elements) with `pos` counting down by `step` to `lo`, from 100.
    fn range(step: u64, lo: u64) -> Option<Expr> {
        let mut k = Kernel::new("k");
        let pos = k.add_var("pos", Ty::Bv(32), VarKind::Private);
        let e = Expr::bin(
            BinOp::Mul,
            Expr::cast(CastOp::SExt, 64, Expr::Var(pos)),
            Expr::int(16, 64),
        );
        let e0 = substitute(&e, pos, &Expr::int(100, 32));
        let ind = Induction {
            var: pos,
            step: Expr::int(step, 32),
        };
        let lows = [(pos, Expr::int(lo, 32))];
        down_range(&k, (&e, &e0), &ind, &lows, &Expr::Var(Var::new(9)))
    }

    #[test]
    fn a_count_down_site_lies_between_its_lowest_and_its_start() {
        let logged = Expr::Var(Var::new(9));
        let at = |v: u64| {
            Expr::bin(
                BinOp::Mul,
                Expr::cast(CastOp::SExt, 64, Expr::int(v, 32)),
                Expr::int(16, 64),
            )
        };
        let want = Expr::and(
            Expr::bin(BinOp::Ule, at(4), logged.clone()),
            Expr::bin(BinOp::Ule, logged, at(100)),
        );
        assert_eq!(range(kir::mask(32), 4), Some(want));
        // A counter stepping up has no such range (its upper bound gives one).
        assert_eq!(range(1, 4), None);
    }
}
