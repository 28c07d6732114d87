//! Collectives: the NVVM warp intrinsics a real CUDA toolkit's headers (`--cuda-path`)
//! call for `__shfl*_sync`, `__{all,any,uni,ballot}_sync`, `__match_{any,all}_sync`,
//! `__reduce_*_sync`, `__activemask` and `__syncwarp`, modelled as lockstep's own
//! `cuda_warp.h` models those functions, and CUDA's barriers with a reduction
//! (`__syncthreads_or/_and/_count`, `llvm.nvvm.barrier0.{or,and,popc}`).
//!
//! A collective's result is a havoc per thread and call (never an uninterpreted
//! function: threads of different warps passing equal arguments must not be forced to
//! agree). Votes and reductions add what is known of it ([`Collective`]): two threads of
//! one warp (of one group, for a barrier's reduction) that both execute the call get one
//! result, and a vote agrees with the thread's own predicate. A shuffle or match is
//! arbitrary. `__syncwarp` (`llvm.nvvm.bar.warp.sync`) orders nothing lockstep checks.
//! The havocked variables are listed in the kernel's `collective_results`, so that an
//! execution drawing them per thread is not taken for a real one.

use kir::{BinOp, Builtin, Expr, Ghost, ReduceOp, ShuffleMode, Stmt, Ty, Var};

use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter};
use crate::llvm::{TypeKind, Value};
use crate::shuffle::{mode_of_code, mode_of_intrinsic, Shuffle};
use crate::values::{from_32_bits, to_bool};

/// CUDA's warp size: lanes are numbered by linear local id, 32 to a warp.
const WARP_SIZE: u64 = 32;

/// The member mask of a whole warp (the forms without a mask).
const FULL_MASK: u64 = 0xffff_ffff;

/// A warp collective whose result is the same in every lane of a warp that executes it
/// together, and what it says of the lane's own predicate `p` (its last argument).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Collective {
    /// `__all_sync(m, p)`: nonzero only if `p` is.
    All,
    /// `__any_sync(m, p)`: nonzero if `p` is.
    Any,
    /// `__uni_sync(m, p)`: nonzero only if the lanes' `p` agree.
    Uni,
    /// `__ballot_sync(m, p)`: bit `lane` is `p != 0`.
    Ballot,
    /// `__reduce_*_sync(m, v)`: one value for the warp, nothing known of it.
    Reduce,
    /// `__syncthreads_count(p)`: at least 1 if `p` is nonzero, at most the group's
    /// size, less than it if `p` is zero.
    Count,
}

/// The threads a collective's one result is for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Scope {
    /// The threads of a warp that execute the call with this member mask.
    Warp(Expr),
    Group,
}

impl Collective {
    /// The collective an NVVM intrinsic (`llvm.nvvm.vote.all.sync`, ...) or one of
    /// `cuda_warp.h`'s bodiless functions (`lockstep_cuda_warp_all`, ...) computes.
    pub fn of(name: &str) -> Option<Collective> {
        let kind = name
            .strip_prefix("llvm.nvvm.vote.")
            .or_else(|| name.strip_prefix(WARP_RESULT_FN))?;
        let word = kind.split(['.', '_']).next()?;
        Some(match word {
            "all" => Collective::All,
            "any" => Collective::Any,
            "uni" => Collective::Uni,
            "ballot" => Collective::Ballot,
            "reduce" => Collective::Reduce,
            _ => return None,
        })
    }
}

/// The prefix of the bodiless functions through which lockstep's `cuda_warp.h` gives a
/// warp shuffle, vote or match its arbitrary result.
pub const WARP_RESULT_FN: &str = "lockstep_cuda_warp_";

/// The prefix of `cuda_warp.h`'s shuffle functions, `(v, mode, b, c)` as PTX's `shfl`
/// takes them ([`crate::shuffle`]).
pub const WARP_SHUFFLE_FN: &str = "lockstep_cuda_warp_shfl_";

/// Name prefixes of the intrinsics whose result is an arbitrary value per thread and call.
const ARBITRARY: &[&str] = &[
    "llvm.nvvm.shfl.",
    "llvm.nvvm.vote.",
    "llvm.nvvm.match.",
    "llvm.nvvm.redux.sync.",
    "llvm.nvvm.activemask",
];

/// The warp reduction an NVVM `redux.sync` word names (`add`, `umin`, ...).
fn reduce_op(word: &str) -> Option<ReduceOp> {
    Some(match word {
        "add" => ReduceOp::Add,
        "min" => ReduceOp::Min,
        "max" => ReduceOp::Max,
        "umin" => ReduceOp::UMin,
        "umax" => ReduceOp::UMax,
        "and" => ReduceOp::And,
        "or" => ReduceOp::Or,
        "xor" => ReduceOp::Xor,
        _ => return None,
    })
}

/// CUDA's barriers with a reduction of the threads' predicates.
pub const BARRIER_REDUCTION: &str = "llvm.nvvm.barrier0.";

/// The warp barrier: a fence within a warp, which lockstep does not model.
const WARP_BARRIER: &str = "llvm.nvvm.bar.warp.sync";

/// Whether `name` is one of the warp intrinsics this file lifts.
pub fn is_warp_intrinsic(name: &str) -> bool {
    name == WARP_BARRIER || ARBITRARY.iter().any(|p| name.starts_with(p))
}

/// For a call of a warp intrinsic returning a value and a flag (`{i32, i1}`:
/// `llvm.nvvm.match.all.sync.i32p`, `llvm.nvvm.shfl.sync.*.i32p`), the value's width.
/// The lifter gives such a call a pair of variables, read by `extractvalue`.
pub fn pair_width(inst: Value) -> Option<u32> {
    let callee = inst.called_value()?;
    if !is_warp_intrinsic(&callee.name()) {
        return None;
    }
    let t = inst.ty();
    if t.struct_fields() != 2 {
        return None;
    }
    match (
        t.struct_field(0).map(|f| f.kind()),
        t.struct_field(1).map(|f| f.kind()),
    ) {
        (Some(TypeKind::Int(w)), Some(TypeKind::Int(1))) => Some(w),
        _ => None,
    }
}

impl Lifter {
    /// A warp intrinsic: an arbitrary result (both parts of a value-and-flag pair), no
    /// memory effect; `__syncwarp` is dropped.
    pub fn warp_intrinsic(&mut self, inst: Value, name: &str) -> Result<(), LiftError> {
        if name == WARP_BARRIER {
            tracing::debug!("dropping `{name}`: __syncwarp orders nothing lockstep checks");
            return Ok(());
        }
        let shuffle = match mode_of_intrinsic(name) {
            Some(mode) => Some(self.shuffle_operands(inst, mode)?),
            None => None,
        };
        if let Some(&(value, flag)) = self.pairs.get(&inst) {
            self.emit(Stmt::Havoc { dst: value });
            self.emit(Stmt::Havoc { dst: flag });
            self.k.collective_results.extend([value, flag]);
            if let Some(s) = shuffle {
                self.shuffle_relations(value, Some(flag), s);
            }
            return Ok(());
        }
        if scalar_ty(inst.ty()).is_none() {
            return Err(self.unsupported(format!(
                "call to `{name}` returning `{}`",
                inst.ty().print()
            )));
        }
        let dst = self.var_of(inst)?;
        self.emit(Stmt::Havoc { dst });
        self.k.collective_results.push(dst);
        if let Some(s) = shuffle {
            self.shuffle_relations(dst, None, s);
        }
        if let Some(c) = Collective::of(name).or(name
            .starts_with("llvm.nvvm.redux.sync.")
            .then_some(Collective::Reduce))
        {
            let args = inst.call_args();
            let p = match args.last() {
                Some(&a) if c != Collective::Reduce => Some(self.value(a)?),
                _ => None,
            };
            // `vote.*.sync(mask, p)` and `redux.sync.*(v, mask)`; the forms without a
            // mask are the whole warp's.
            let mask = match (c, args.len()) {
                (Collective::Reduce, 2) => Some(args[1]),
                (_, 2) => Some(args[0]),
                _ => None,
            };
            let mask = match mask {
                Some(m) => self.value(m)?,
                None => Expr::int(FULL_MASK, 32),
            };
            self.collective_relations(dst, c, p, Scope::Warp(mask));
        }
        // `redux.sync.<op>(v, mask)`.
        let op = name
            .strip_prefix("llvm.nvvm.redux.sync.")
            .and_then(reduce_op);
        if let (Some(op), [v, mask]) = (op, inst.call_args().as_slice()) {
            let (v, mask) = (self.value(*v)?, self.value(*mask)?);
            (self.k.warp_reductions).push(kir::WarpReduce { dst, op, v, mask });
        }
        Ok(())
    }

    /// A call of `cuda_warp.h`'s `lockstep_cuda_warp_reduce_{int,uint}(v, op)`, whose
    /// result is `dst`: recorded for the interpreter (the verifier's relations are
    /// [`Lifter::collective_relations`]'s).
    pub fn header_reduction(
        &mut self,
        inst: Value,
        dst: Var,
        signed: bool,
    ) -> Result<(), LiftError> {
        let args = inst.call_args();
        let (Some(&mask), Some(&v), Some(code)) = (
            args.first(),
            args.get(1),
            args.get(2).and_then(|o| o.const_int()),
        ) else {
            return Err(self.invalid("a warp reduction without its operands"));
        };
        // The header's codes, in the NVVM intrinsics' words (min and max by signedness).
        let word = match (code, signed) {
            (1, false) => Some("umin"),
            (2, false) => Some("umax"),
            _ => ["add", "min", "max", "and", "or", "xor"]
                .get(code as usize)
                .copied(),
        };
        let Some(op) = word.and_then(reduce_op) else {
            return Err(self.invalid(format!("warp reduction {code}")));
        };
        let (v, mask) = (self.value(v)?, self.value(mask)?);
        self.k
            .warp_reductions
            .push(kir::WarpReduce { dst, op, v, mask });
        Ok(())
    }

    /// A call of one of `cuda_warp.h`'s shuffle functions, whose result is `dst`, havocked.
    pub fn header_shuffle(&mut self, inst: Value, dst: Var) -> Result<(), LiftError> {
        let args = inst.call_args();
        let (Some(&mask), Some(&v), Some(mode), Some(&b), Some(&c)) = (
            args.first(),
            args.get(1),
            args.get(2).and_then(|m| m.const_int()),
            args.get(3),
            args.get(4),
        ) else {
            return Err(self.invalid("a shuffle without its operands"));
        };
        let Some(mode) = mode_of_code(mode) else {
            return Err(self.invalid(format!("shuffle mode {mode}")));
        };
        let (v, b, c) = (self.value(v)?, self.value(b)?, self.value(c)?);
        let mask = self.value(mask)?;
        self.shuffle_relations(
            dst,
            None,
            Shuffle {
                mode,
                v,
                b,
                c,
                mask,
            },
        );
        Ok(())
    }

    /// An NVVM shuffle's operands: its last three arguments (`v`, `b`, `c`; the `_sync`
    /// forms have the member mask first).
    fn shuffle_operands(&mut self, inst: Value, mode: ShuffleMode) -> Result<Shuffle, LiftError> {
        let args = inst.call_args();
        let n = args.len();
        if n < 3 {
            return Err(self.invalid("a shuffle without its operands"));
        }
        let mask = match n {
            4 => self.value(args[0])?,
            _ => Expr::int(FULL_MASK, 32),
        };
        Ok(Shuffle {
            mode,
            v: self.value(args[n - 3])?,
            b: self.value(args[n - 2])?,
            c: self.value(args[n - 1])?,
            mask,
        })
    }

    /// `__syncthreads_or/and/count(p)` (`llvm.nvvm.barrier0.{or,and,popc}`): a barrier of
    /// the group, then one result for the group that agrees with the thread's `p`.
    pub fn barrier_reduction(
        &mut self,
        inst: Value,
        name: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let c = match name.strip_prefix(BARRIER_REDUCTION) {
            Some("or") => Collective::Any,
            Some("and") => Collective::All,
            Some("popc") => Collective::Count,
            _ => return Err(self.unsupported(format!("call to `{name}`"))),
        };
        let p = self.arg(args, 0)?;
        self.group_barrier();
        let dst = self.var_of(inst)?;
        self.emit(Stmt::Havoc { dst });
        self.k.collective_results.push(dst);
        self.collective_relations(dst, c, Some(p), Scope::Group);
        Ok(())
    }

    /// Assumptions on `dst`, the result of collective `c` (with the lane's own predicate
    /// `p`): two threads of one warp (one group) that both execute it get one result, and
    /// it agrees with `p` as `c` says. The lanes' predicates are not known, so nothing
    /// else is.
    pub fn collective_relations(&mut self, dst: Var, c: Collective, p: Option<Expr>, scope: Scope) {
        let r = Expr::Var(dst);
        let ty = self.k.var(dst).ty;
        let together = match &scope {
            Scope::Warp(mask) => self.warp_together(mask),
            Scope::Group => self.group_together(),
        };
        let same = Expr::eq(r.clone(), self.other(&r));
        self.emit(Stmt::Assume {
            cond: Expr::implies(together.clone(), same),
        });
        let Some(p) = p else { return };
        let p_ty = self.ty(&p);
        let p = to_bool(p, p_ty);
        let kind = match c {
            Collective::All => Some(kir::VoteKind::All),
            Collective::Any => Some(kir::VoteKind::Any),
            Collective::Uni => Some(kir::VoteKind::Uni),
            Collective::Ballot => Some(kir::VoteKind::Ballot),
            Collective::Reduce | Collective::Count => None,
        };
        if let (Some(kind), Scope::Warp(mask)) = (kind, &scope) {
            let (pred, mask) = (p.clone(), mask.clone());
            self.k.warp_votes.push(kir::WarpVote {
                dst,
                kind,
                pred,
                mask,
            });
        }
        let nonzero = to_bool(r.clone(), ty);
        let cond = match c {
            Collective::All => Expr::implies(nonzero, p),
            Collective::Any => Expr::implies(p, nonzero),
            Collective::Uni => {
                let agree = Expr::eq(p.clone(), self.other(&p));
                Expr::implies(Expr::and(together, nonzero), agree)
            }
            Collective::Ballot => {
                let Ty::Bv(w) = ty else { return };
                let linear = self.linear_local_id();
                let lane = Expr::bin(BinOp::URem, linear, Expr::int(WARP_SIZE, 32));
                let lane = from_32_bits(lane, w);
                let bit = Expr::bin(BinOp::And, Expr::bin(BinOp::LShr, r, lane), Expr::int(1, w));
                Expr::eq(Expr::ne(bit, Expr::int(0, w)), p)
            }
            Collective::Count => {
                let Ty::Bv(w) = ty else { return };
                let size = self.group_size(w);
                let at_least_one = Expr::bin(BinOp::Uge, r.clone(), Expr::int(1, w));
                let below_size = Expr::bin(BinOp::Ult, r.clone(), size.clone());
                let at_most = Expr::bin(BinOp::Ule, r, size);
                Expr::and(at_most, Expr::ite(p, at_least_one, below_size))
            }
            Collective::Reduce => return,
        };
        self.emit(Stmt::Assume { cond });
    }

    /// Both threads of the pair execute this statement, in one group.
    fn group_together(&mut self) -> Expr {
        let enabled = Ghost::Enabled.to_expr(&self.k);
        Expr::and(
            Expr::and(enabled.clone(), self.other(&enabled)),
            Ghost::SameGroup.to_expr(&self.k),
        )
    }

    /// Both threads of the pair execute this statement, in one warp, with one member
    /// mask (`mask`): a call of the same collective, whose result they share.
    pub(crate) fn warp_together(&mut self, mask: &Expr) -> Expr {
        let warp = Expr::bin(
            BinOp::UDiv,
            self.linear_local_id(),
            Expr::int(WARP_SIZE, 32),
        );
        let same_warp = Expr::eq(warp.clone(), self.other(&warp));
        let same_mask = Expr::eq(mask.clone(), self.other(mask));
        Expr::and(self.group_together(), Expr::and(same_warp, same_mask))
    }

    /// The number of threads of a group, `w` bits wide.
    fn group_size(&mut self, w: u32) -> Expr {
        let mut size = |d| from_32_bits(Expr::Var(self.k.builtin(Builtin::LocalSize(d))), w);
        let (x, y, z) = (size(0), size(1), size(2));
        Expr::bin(BinOp::Mul, x, Expr::bin(BinOp::Mul, y, z))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warp_intrinsics_by_name() {
        for name in [
            "llvm.nvvm.shfl.sync.down.f32",
            "llvm.nvvm.shfl.sync.idx.i32",
            "llvm.nvvm.vote.ballot.sync",
            "llvm.nvvm.vote.all.sync",
            "llvm.nvvm.match.all.sync.i32p",
            "llvm.nvvm.match.any.sync.i64",
            "llvm.nvvm.activemask",
            "llvm.nvvm.bar.warp.sync",
        ] {
            assert!(is_warp_intrinsic(name), "{name}");
        }
        assert!(!is_warp_intrinsic("llvm.nvvm.barrier0"));
        assert!(!is_warp_intrinsic("llvm.nvvm.membar.cta"));
        assert!(!is_warp_intrinsic("llvm.nvvm.read.ptx.sreg.tid.x"));
    }

    #[test]
    fn collectives_by_name() {
        use Collective::*;
        for (name, c) in [
            ("llvm.nvvm.vote.all.sync", Some(All)),
            ("llvm.nvvm.vote.any.sync", Some(Any)),
            ("llvm.nvvm.vote.uni.sync", Some(Uni)),
            ("llvm.nvvm.vote.ballot.sync", Some(Ballot)),
            ("lockstep_cuda_warp_all", Some(All)),
            ("lockstep_cuda_warp_ballot", Some(Ballot)),
            ("lockstep_cuda_warp_reduce_uint", Some(Reduce)),
            ("lockstep_cuda_warp_int", None),
            ("llvm.nvvm.shfl.sync.down.f32", None),
            ("llvm.nvvm.match.any.sync.i64", None),
        ] {
            assert_eq!(Collective::of(name), c, "{name}");
        }
    }
}
