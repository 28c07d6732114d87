//! Warp votes, shuffles and reductions (`kir::Kernel::warp_votes`, `warp_shuffles`,
//! `warp_reductions`): a thread that
//! reaches one waits, and when no thread can run, each warp whose lanes all wait at one
//! gets its results, computed from the lanes' operands as the hardware does (lanes are 32
//! consecutive threads of a group by linear local id; a shuffle reads the source lane
//! PTX's `shfl` picks). A warp whose lanes are elsewhere (finished, at a barrier, at
//! another collective: undefined behaviour for a full-mask one) or pass a member mask
//! other than all of them, or a shuffle whose source is no lane of the warp, gets
//! arbitrary results instead, which makes the run's
//! later defects only possible (`ScheduleResult::collective`).

use kir::{ReduceOp, ShuffleMode, VoteKind};

use crate::exec::{CollectiveWait, Slot, Status};
use crate::machine::Machine;

/// Lanes of a warp.
const WARP: usize = 32;

/// What a collective computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Vote(VoteKind),
    Shuffle(ShuffleMode),
    Reduce(ReduceOp),
}

/// A reduction's result for lanes holding `values` (32-bit, as `__reduce_*_sync` takes
/// them): each lane's.
fn reduce(op: ReduceOp, values: &[u64]) -> Vec<u64> {
    let words = values.iter().map(|&v| v as u32);
    let signed = values.iter().map(|&v| v as u32 as i32);
    let r = match op {
        ReduceOp::Add => words.fold(0u32, u32::wrapping_add),
        ReduceOp::Min => signed.min().unwrap_or(0) as u32,
        ReduceOp::Max => signed.max().unwrap_or(0) as u32,
        ReduceOp::UMin => words.min().unwrap_or(0),
        ReduceOp::UMax => words.max().unwrap_or(0),
        ReduceOp::And => words.fold(u32::MAX, |a, b| a & b),
        ReduceOp::Or => words.fold(0, |a, b| a | b),
        ReduceOp::Xor => words.fold(0, |a, b| a ^ b),
    };
    vec![r as u64; values.len()]
}

/// The source lane PTX's `shfl` reads for lane `lane` (`mode`, `b`, `c` as in
/// `kir::WarpShuffle`).
fn source_lane(lane: u64, mode: ShuffleMode, b: u64, c: u64) -> u64 {
    let segmask = (c >> 8) & 31;
    let min_lane = lane & segmask;
    let max_lane = min_lane | (c & 31 & !segmask);
    let (j, in_range) = match mode {
        ShuffleMode::Up => {
            let j = lane as i64 - (b as u32 as i32) as i64;
            (j, j >= max_lane as i64)
        }
        ShuffleMode::Down => {
            let j = lane as i64 + (b as u32 as i32) as i64;
            (j, j <= max_lane as i64)
        }
        ShuffleMode::Bfly => {
            let j = (lane ^ (b & 0xffff_ffff)) as i64;
            (j, j <= max_lane as i64)
        }
        ShuffleMode::Idx => {
            let j = (min_lane | (b & 31 & !segmask)) as i64;
            (j, j <= max_lane as i64)
        }
    };
    if in_range {
        j as u64
    } else {
        lane
    }
}

/// Each lane's result of a shuffle with the lanes' operands `args` (`v`, `b`, `c`), or
/// None when a source is no lane of the warp.
fn shuffle(mode: ShuffleMode, args: &[[u64; 4]]) -> Option<Vec<u64>> {
    (args.iter().enumerate())
        .map(|(lane, &[_, b, c, _])| {
            let src = source_lane(lane as u64, mode, b, c) as usize;
            args.get(src).map(|a| a[0])
        })
        .collect()
}

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
                let waits: Vec<(usize, CollectiveWait)> = (lanes.iter())
                    .filter_map(|&t| match self.threads[t].status {
                        Status::AtCollective(w) => Some((t, w)),
                        _ => None,
                    })
                    .collect();
                let Some(&(_, first)) = waits.first() else {
                    continue;
                };
                let at = |w: &CollectiveWait| (w.block, w.index);
                // Every lane at one collective, each with the mask of all of them.
                let all_lanes = (1u64 << lanes.len()) - 1;
                let together = waits.len() == lanes.len()
                    && waits.iter().all(|(_, w)| at(w) == at(&first))
                    && waits
                        .iter()
                        .all(|(_, w)| w.args[3] & 0xffff_ffff == all_lanes);
                if together {
                    let args: Vec<[u64; 4]> = waits.iter().map(|(_, w)| w.args).collect();
                    let values = match first.op {
                        Op::Vote(k) => {
                            let preds: Vec<bool> = args.iter().map(|a| a[0] != 0).collect();
                            Some(combine(k, &preds))
                        }
                        Op::Shuffle(mode) => shuffle(mode, &args),
                        Op::Reduce(op) => {
                            Some(reduce(op, &args.iter().map(|a| a[0]).collect::<Vec<_>>()))
                        }
                    };
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

    /// An arbitrary result for thread `t` at its collective: the run is no longer a real
    /// one.
    fn arbitrary(&mut self, t: usize, w: CollectiveWait) -> u64 {
        self.collective_at.get_or_insert(w.loc);
        self.havoc_value(t, w.dst, (w.block, w.index))
    }

    /// Gives thread `t` the collective's result `v` and lets it go on past it.
    fn settle(&mut self, t: usize, w: CollectiveWait, v: u64) {
        let m = kir::mask(crate::eval::width(self.k.var(w.dst).ty));
        self.threads[t].vars[w.dst.index()] = Slot::Val(v & m);
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

    #[test]
    fn reductions_combine_the_lanes_values() {
        let v = [3, 0xffff_fffe, 5]; // 3, -2, 5
        assert_eq!(reduce(ReduceOp::Add, &v), vec![6; 3]);
        assert_eq!(reduce(ReduceOp::Min, &v), vec![0xffff_fffe; 3]);
        assert_eq!(reduce(ReduceOp::UMin, &v), vec![3; 3]);
        assert_eq!(reduce(ReduceOp::Max, &v), vec![5; 3]);
        assert_eq!(reduce(ReduceOp::UMax, &v), vec![0xffff_fffe; 3]);
        assert_eq!(reduce(ReduceOp::Xor, &[1, 3]), vec![2; 2]);
        assert_eq!(reduce(ReduceOp::And, &[6, 3]), vec![2; 2]);
        assert_eq!(reduce(ReduceOp::Or, &[4, 1]), vec![5; 2]);
    }

    #[test]
    fn shuffles_read_the_source_lanes_ptx_picks() {
        use ShuffleMode::*;
        let full = 31; // width 32: segment mask 0, clamp 31
        let up_full = 0; // up: clamp 0
        assert_eq!(source_lane(5, Idx, 0, full), 0); // __shfl_sync(v, 0)
        assert_eq!(source_lane(5, Idx, 35, full), 3); // lane 35 is lane 3
        assert_eq!(source_lane(5, Up, 1, up_full), 4);
        assert_eq!(source_lane(0, Up, 1, up_full), 0); // below the segment: itself
        assert_eq!(source_lane(30, Down, 1, full), 31);
        assert_eq!(source_lane(31, Down, 1, full), 31); // above the segment: itself
        assert_eq!(source_lane(6, Bfly, 1, full), 7);
        let width16 = (16 << 8) | 31;
        assert_eq!(source_lane(20, Idx, 3, width16), 19); // lane 3 of the second half
        assert_eq!(source_lane(15, Down, 1, width16), 15); // past its half: itself
        let v: Vec<[u64; 4]> = (0..4).map(|l| [10 + l, 1, full, 15]).collect();
        assert_eq!(shuffle(Bfly, &v), Some(vec![11, 10, 13, 12]));
        // A source beyond a partial warp's lanes is no lane's value.
        assert_eq!(shuffle(Down, &v), None);
    }
}
