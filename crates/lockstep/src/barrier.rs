//! A barrier in the two-thread program (the paper's Table 3, `barrier`): the divergence
//! check, the reset of thread 1's race logs of the memory the barrier orders, the havoc of
//! shared memory, and the checks and instantiations of barrier invariants
//! (`barrier_inv.rs`).

use kir::{AssertOrigin, BarrierScope, Expr, Region, Space, Stmt, StmtData, Thread};

use crate::build::Builder;
use crate::instrument::can_race;

impl Builder<'_> {
    /// A barrier: the divergence check, the reset of thread 1's logs of the memory it
    /// orders, the havoc of shared memory, the barrier invariants. As in GPUVerify, thread
    /// 1's log of a space is reset when thread 1's own call orders the space: fence flags
    /// that differ between threads order a space for the threads whose flags name it.
    pub(crate) fn barrier(
        &mut self,
        pred: &Expr,
        fence: kir::Fence,
        flags: &kir::FenceFlags,
        scope: BarrierScope,
        loc: Option<kir::Loc>,
        out: &mut Vec<StmtData>,
    ) {
        self.check_invariants(out);
        let (p1, p2) = self.both(pred);
        let mut pair = Expr::Var(self.inst.distinct);
        if scope == BarrierScope::Group {
            pair = Expr::and(Expr::Var(self.inst.same_group), pair);
        }
        out.push(StmtData::new(
            Stmt::Assert {
                cond: Expr::implies(pair, Expr::eq(p1.clone(), p2.clone())),
                origin: AssertOrigin::BarrierDivergence,
            },
            loc,
        ));
        out.extend(
            self.counters
                .clear()
                .into_iter()
                .map(|s| StmtData::new(s, loc)),
        );
        let mut synced = Expr::and(p1.clone(), p2.clone());
        if scope == BarrierScope::Group {
            synced = Expr::and(Expr::Var(self.inst.same_group), synced);
        }
        // When thread 1's log of a space is reset (`None`: never): when thread 1's own
        // call orders the space.
        let grid = scope == BarrierScope::Grid;
        let reset = |on: bool, flag: &Option<Expr>| match flag {
            _ if grid => Some(synced.clone()),
            _ if !on => None,
            Some(f) => Some(Expr::and(synced.clone(), self.phi(Thread::T1, f))),
            None => Some(synced.clone()),
        };
        let local = reset(fence.local, &flags.local);
        let global = reset(fence.global, &flags.global);
        let fenced: Vec<(Region, Expr)> = (0..self.k.regions.len())
            .map(Region::new)
            .filter_map(|r| match self.k.region(r).space {
                Space::Local => local.clone().map(|when| (r, when)),
                Space::Global => global.clone().map(|when| (r, when)),
                _ => None,
            })
            .collect();
        let regions: Vec<Region> = fenced.iter().map(|(r, _)| *r).collect();
        self.reset_permission(&regions, &Expr::or(p1.clone(), p2.clone()), out, loc);
        for (r, when) in fenced {
            out.extend(
                self.inst
                    .clear_when(&when, std::iter::once(r))
                    .into_iter()
                    .map(|s| StmtData::new(s, loc)),
            );
        }
        // Other threads may have written any shared memory before the barrier.
        let either = Expr::or(p1, p2);
        for r in (0..self.k.regions.len()).map(Region::new) {
            if can_race(self.k.region(r).space) && self.written.get(r.index()) != Some(&false) {
                out.push(StmtData::new(
                    Stmt::HavocMemory {
                        pred: either.clone(),
                        region: r,
                    },
                    loc,
                ));
            }
        }
        self.instantiate_invariants(out);
    }
}
