//! The NVVM warp intrinsics a real CUDA toolkit's headers (`--cuda-path`) call for
//! `__shfl*_sync`, `__{all,any,uni,ballot}_sync`, `__match_{any,all}_sync`,
//! `__activemask` and `__syncwarp`, modelled as lockstep's own `cuda_warp.h` models
//! those functions: a shuffle, vote or match gives every thread an arbitrary value at
//! every call (a havoc, never an uninterpreted function: threads of different warps
//! passing equal arguments must not be forced to agree), and `__syncwarp`
//! (`llvm.nvvm.bar.warp.sync`) orders nothing lockstep checks.

use kir::Stmt;

use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter};
use crate::llvm::{TypeKind, Value};

/// Name prefixes of the intrinsics whose result is an arbitrary value per thread and call.
const ARBITRARY: &[&str] = &[
    "llvm.nvvm.shfl.",
    "llvm.nvvm.vote.",
    "llvm.nvvm.match.",
    "llvm.nvvm.redux.sync.",
    "llvm.nvvm.activemask",
];

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
        if let Some(&(value, flag)) = self.pairs.get(&inst) {
            self.emit(Stmt::Havoc { dst: value });
            self.emit(Stmt::Havoc { dst: flag });
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
        Ok(())
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
}
