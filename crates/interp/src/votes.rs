//! Warp votes (`kir::Kernel::warp_votes`): a thread that reaches one waits, and when no
//! thread can run, each warp whose lanes all wait at one vote gets its result, computed
//! from their predicates as the hardware does (lanes are 32 consecutive threads of a group
//! by linear local id). A warp whose lanes are elsewhere (finished, at a barrier, at
//! another vote: undefined behaviour for a full-mask vote) gets an arbitrary result per
//! lane instead, which makes the run's later defects only possible
//! (`ScheduleResult::collective`).

use kir::{Block, VoteKind};

use crate::exec::{Slot, Status, VoteWait};
use crate::machine::Machine;

/// Lanes of a warp.
const WARP: usize = 32;

/// A vote's result for lanes voting `preds`: each lane's, in lane order.
fn combine(kind: VoteKind, preds: &[bool]) -> Vec<u64> {
    let one = |b: bool| b as u64;
    let all = preds.iter().all(|&p| p);
    let any = preds.iter().any(|&p| p);
    let result = match kind {
        VoteKind::All => one(all),
        VoteKind::Any => one(any),
        VoteKind::Uni => one(all || !any),
        VoteKind::Ballot => (preds.iter().enumerate()).fold(0, |m, (l, &p)| m | one(p) << l),
    };
    vec![result; preds.len()]
}

impl Machine<'_> {
    /// Resolves the votes threads wait at (see the module doc): the threads resumed.
    pub(crate) fn release_votes(&mut self, group_size: usize) -> Vec<usize> {
        let mut resumed = Vec::new();
        for start in (0..self.threads.len()).step_by(group_size.max(1)) {
            for lane0 in (start..start + group_size).step_by(WARP) {
                let lanes: Vec<usize> = (lane0..(lane0 + WARP).min(start + group_size)).collect();
                let waits: Vec<(usize, VoteWait)> = (lanes.iter())
                    .filter_map(|&t| match self.threads[t].status {
                        Status::AtVote(w) => Some((t, w)),
                        _ => None,
                    })
                    .collect();
                let Some(&(_, first)) = waits.first() else {
                    continue;
                };
                let at = |w: &VoteWait| (w.block, w.index);
                let together =
                    waits.len() == lanes.len() && waits.iter().all(|(_, w)| at(w) == at(&first));
                if together {
                    let preds: Vec<bool> = waits.iter().map(|(_, w)| w.pred).collect();
                    let kind = self.vote_kind(first.block, first.index);
                    let values = kind.map(|k| combine(k, &preds));
                    for (i, &(t, w)) in waits.iter().enumerate() {
                        let v = match &values {
                            Some(v) => v[i],
                            None => self.arbitrary(t, w),
                        };
                        self.settle(t, w, v);
                    }
                } else {
                    for &(t, w) in &waits {
                        let v = self.arbitrary(t, w);
                        self.settle(t, w, v);
                    }
                }
                resumed.extend(waits.iter().map(|(t, _)| *t));
            }
        }
        resumed
    }

    /// The operation of the vote at statement `index` of `block`.
    fn vote_kind(&self, block: Block, index: usize) -> Option<VoteKind> {
        let kir::Stmt::Havoc { dst } = &self.k.block(block).stmts.get(index)?.stmt else {
            return None;
        };
        (self.k.warp_votes.iter().find(|v| v.dst == *dst)).map(|v| v.kind)
    }

    /// An arbitrary result for thread `t` at its vote: the run is no longer a real one.
    fn arbitrary(&mut self, t: usize, w: VoteWait) -> u64 {
        self.collective_at.get_or_insert(w.loc);
        let Some(dst) = self.vote_dst(w) else {
            return 0;
        };
        self.havoc_value(t, dst, (w.block, w.index))
    }

    fn vote_dst(&self, w: VoteWait) -> Option<kir::Var> {
        match &self.k.block(w.block).stmts.get(w.index)?.stmt {
            kir::Stmt::Havoc { dst } => Some(*dst),
            _ => None,
        }
    }

    /// Gives thread `t` the vote's result `v` and lets it go on past the vote.
    fn settle(&mut self, t: usize, w: VoteWait, v: u64) {
        if let Some(dst) = self.vote_dst(w) {
            let m = kir::mask(crate::eval::width(self.k.var(dst).ty));
            self.threads[t].vars[dst.index()] = Slot::Val(v & m);
        }
        let th = &mut self.threads[t];
        th.status = Status::Running;
        th.index += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn votes_combine_the_lanes_predicates() {
        let p = [true, false, true];
        assert_eq!(combine(VoteKind::All, &p), vec![0; 3]);
        assert_eq!(combine(VoteKind::Any, &p), vec![1; 3]);
        assert_eq!(combine(VoteKind::Uni, &p), vec![0; 3]);
        assert_eq!(combine(VoteKind::Uni, &[false, false]), vec![1; 2]);
        assert_eq!(combine(VoteKind::Ballot, &p), vec![0b101; 3]);
        assert_eq!(combine(VoteKind::All, &[true; 32]), vec![1; 32]);
    }
}
