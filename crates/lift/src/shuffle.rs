//! Warp shuffles: what is known of a shuffle's result besides that it is arbitrary. PTX's
//! `shfl` (which `__shfl*_sync` compile to, and which `cuda_warp.h` passes on in the same
//! form) reads `v` from a source lane that the mode, `b` (a lane, a delta or a lane mask)
//! and `c` (the segment mask `(32 - width) << 8` and a clamp) pick; a source out of the
//! thread's segment is the thread itself. So the result is the thread's own `v` when the
//! source is itself, the other thread's `v` when the source is that thread (both in one
//! warp, both executing the shuffle), and the other thread's result when both read one
//! source.

use kir::{BinOp, Expr, ShuffleMode, Stmt, Var};

use crate::lifter::Lifter;

/// The mode of an NVVM shuffle (`llvm.nvvm.shfl.sync.down.f32`, `llvm.nvvm.shfl.idx.i32`).
pub fn mode_of_intrinsic(name: &str) -> Option<ShuffleMode> {
    let rest = name.strip_prefix("llvm.nvvm.shfl.")?;
    let rest = rest.strip_prefix("sync.").unwrap_or(rest);
    mode_of_word(rest.split('.').next()?)
}

/// The mode `cuda_warp.h` passes its shuffle functions (0 idx, 1 up, 2 down, 3 xor).
pub fn mode_of_code(code: u64) -> Option<ShuffleMode> {
    mode_of_word(["idx", "up", "down", "bfly"].get(code as usize)?)
}

fn mode_of_word(w: &str) -> Option<ShuffleMode> {
    Some(match w {
        "idx" => ShuffleMode::Idx,
        "up" => ShuffleMode::Up,
        "down" => ShuffleMode::Down,
        "bfly" => ShuffleMode::Bfly,
        _ => return None,
    })
}

/// The operands of a shuffle: the value shuffled, `b`, `c` and the member mask (32 bits
/// each).
pub struct Shuffle {
    pub mode: ShuffleMode,
    pub v: Expr,
    pub b: Expr,
    pub c: Expr,
    pub mask: Expr,
}

impl Lifter {
    /// Assumptions on `dst`, a shuffle's result (and `flag`, whether its source lane was in
    /// the segment, for the forms that return one): see the module doc.
    pub fn shuffle_relations(&mut self, dst: Var, flag: Option<Var>, s: Shuffle) {
        if flag.is_none() {
            let (v, b, c, mask) = (s.v.clone(), s.b.clone(), s.c.clone(), s.mask.clone());
            let mode = s.mode;
            (self.k.warp_shuffles).push(kir::WarpShuffle {
                dst,
                mode,
                v,
                b,
                c,
                mask,
            });
        }
        let int = |n: u64| Expr::int(n, 32);
        let bin = |op, a: Expr, b: Expr| Expr::bin(op, a, b);
        let lane = bin(BinOp::URem, self.linear_local_id(), int(32));
        let segmask = bin(BinOp::And, bin(BinOp::LShr, s.c.clone(), int(8)), int(31));
        let outside = bin(
            BinOp::And,
            bin(BinOp::Xor, segmask.clone(), int(0xffff_ffff)),
            int(31),
        );
        let min_lane = bin(BinOp::And, lane.clone(), segmask);
        let clamp = bin(BinOp::And, s.c, outside.clone());
        let max_lane = bin(BinOp::Or, min_lane.clone(), clamp);
        let j = match s.mode {
            ShuffleMode::Up => bin(BinOp::Sub, lane.clone(), s.b),
            ShuffleMode::Down => bin(BinOp::Add, lane.clone(), s.b),
            ShuffleMode::Bfly => bin(BinOp::Xor, lane.clone(), s.b),
            ShuffleMode::Idx => bin(BinOp::Or, min_lane, bin(BinOp::And, s.b, outside)),
        };
        let in_range = match s.mode {
            ShuffleMode::Up => bin(BinOp::Sge, j.clone(), max_lane),
            _ => bin(BinOp::Sle, j.clone(), max_lane),
        };
        let source = Expr::ite(in_range.clone(), j, lane.clone());
        if let Some(flag) = flag {
            let cond = Expr::eq(Expr::Var(flag), in_range);
            self.emit(Stmt::Assume { cond });
        }
        let r = Expr::Var(dst);
        let own = Expr::implies(
            Expr::eq(source.clone(), lane.clone()),
            Expr::eq(r.clone(), s.v.clone()),
        );
        self.emit(Stmt::Assume { cond: own });
        let together = self.warp_together(&s.mask);
        let from_other = Expr::implies(
            Expr::and(
                together.clone(),
                Expr::eq(source.clone(), self.other(&lane)),
            ),
            Expr::eq(r.clone(), self.other(&s.v)),
        );
        self.emit(Stmt::Assume { cond: from_other });
        let same_source = Expr::implies(
            Expr::and(together, Expr::eq(source.clone(), self.other(&source))),
            Expr::eq(r.clone(), self.other(&r)),
        );
        self.emit(Stmt::Assume { cond: same_source });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffle_modes_by_name_and_code() {
        use ShuffleMode::*;
        for (name, mode) in [
            ("llvm.nvvm.shfl.sync.idx.i32", Some(Idx)),
            ("llvm.nvvm.shfl.sync.up.f32", Some(Up)),
            ("llvm.nvvm.shfl.sync.down.i32p", Some(Down)),
            ("llvm.nvvm.shfl.sync.bfly.f32", Some(Bfly)),
            ("llvm.nvvm.shfl.idx.i32", Some(Idx)),
            ("llvm.nvvm.vote.all.sync", None),
        ] {
            assert_eq!(mode_of_intrinsic(name), mode, "{name}");
        }
        assert_eq!(mode_of_code(3), Some(Bfly));
        assert_eq!(mode_of_code(4), None);
    }
}
