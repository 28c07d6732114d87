//! Calls to functions the kernel's source declares without a body (`int nondet(void);`,
//! `void bar(struct s);`), modelled as GPUVerify does: the call returns an arbitrary
//! value (chosen anew by every thread at every call) and touches no memory. A function
//! declared `noreturn` never gives control back, which GPUVerify reports as an
//! assertion that might not hold; so does lockstep.
//!
//! Library functions (OpenCL builtins, the CUDA functions of `cuda.h`, lockstep's own
//! `__lockstep_*` hooks) are not prototypes of the user's: their effects are known
//! to matter (`sincos` writes through its pointer), so they stay unsupported unless a
//! more precise model handles them.
//!
//! GPUVerify's specifications of such functions (`__spec_` functions, rewritten by the
//! driver's `contracts.rs`) end here too: an arbitrary element-aligned offset per buffer
//! they read or write, and the one access there (logged and race-checked like any other).

use kir::{AssertOrigin, BinOp, Expr, Stmt, Ty, OFFSET_WIDTH};

use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter};
use crate::llvm::{TypeKind, Value};
use crate::names::{demangle, Target};

/// CUDA functions declared (bodiless) by lockstep's `cuda.h` or by the CUDA runtime,
/// which are library functions rather than the user's prototypes.
const CUDA_LIBRARY_PREFIXES: &[&str] = &["curand", "tex", "surf", "memcpy", "memset", "malloc"];

/// Whether a bodiless callee is a prototype from the user's source, by its symbol:
/// OpenCL builtins are mangled (clang's header declares them `overloadable`), so an
/// unmangled OpenCL name is the user's; in CUDA every device function is mangled, so
/// only the library's names are excluded. Reserved names (`__...`) are never the user's.
pub fn is_user_prototype(target: Target, symbol: &str) -> bool {
    if symbol.starts_with("llvm.") || symbol.starts_with("__") {
        return false;
    }
    match target {
        Target::Spir => !symbol.starts_with("_Z"),
        Target::Nvptx => {
            let name = demangle(symbol);
            !name.starts_with("__")
                && !CUDA_LIBRARY_PREFIXES.iter().any(|p| name.starts_with(p))
                && !["printf", "vprintf", "free", "assert"].contains(&name.as_str())
        }
    }
}

impl Lifter {
    /// A call to a bodiless function of the user's: an arbitrary result, no memory
    /// effect; `assert(false)` when it never returns.
    pub fn external_call(&mut self, inst: Value, callee: Value) -> Result<(), LiftError> {
        if callee.has_attr(u32::MAX, "noreturn", false) || inst.has_attr(u32::MAX, "noreturn", true)
        {
            self.emit(Stmt::Assert {
                cond: Expr::ff(),
                origin: AssertOrigin::User,
            });
            return Ok(());
        }
        let t = inst.ty();
        match t.kind() {
            TypeKind::Void => Ok(()),
            TypeKind::Vector => {
                let Some((n, elem)) = t.vector() else {
                    return Err(self.invalid("vector type without lanes"));
                };
                let Some(ty) = scalar_ty(elem) else {
                    return Err(self.unsupported(format!("call returning `{}`", t.print())));
                };
                let lanes = (0..n).map(|_| self.havoc(ty)).collect();
                self.assign_lanes(inst, lanes)
            }
            // A pointer whose buffer is unknown: taken as null plus an arbitrary offset
            // (see `cases`), so an access through it is a possible null pointer access,
            // never silently accepted, and it may or may not compare equal to null.
            TypeKind::Pointer(_) => {
                let n = self.k.vars.len();
                let offset = self.fresh(format!("returned{n}"), Ty::Bv(kir::OFFSET_WIDTH));
                self.emit(Stmt::Havoc { dst: offset });
                self.vars.insert(inst, offset);
                Ok(())
            }
            _ if scalar_ty(t).is_some() => {
                let dst = self.var_of(inst)?;
                self.emit(Stmt::Havoc { dst });
                Ok(())
            }
            _ => Err(self.unsupported(format!("call returning `{}`", t.print()))),
        }
    }
}

impl Lifter {
    /// `__lockstep_spec_offset(p)` (a `__spec_` function's access to the buffer `p` points
    /// into): an arbitrary byte offset in that buffer, aligned to its element size, within
    /// the buffer when its size is known.
    pub fn spec_offset(&mut self, inst: Value, args: &[Value]) -> Result<(), LiftError> {
        let region = self.pointer_arg(args)?.region;
        let data = self.k.region(region).clone();
        let elem = data.elem_bytes.max(1) as u64;
        let o = self.havoc(Ty::Bv(OFFSET_WIDTH));
        if elem.is_power_of_two() && elem > 1 {
            let low = Expr::bin(BinOp::And, o.clone(), Expr::int(elem - 1, OFFSET_WIDTH));
            let cond = Expr::eq(low, Expr::int(0, OFFSET_WIDTH));
            self.emit(Stmt::Assume { cond });
        }
        if let Some(size) = data.size_bytes.filter(|&s| s >= elem) {
            let last = Expr::int(size - elem, OFFSET_WIDTH);
            let cond = Expr::bin(BinOp::Ule, o.clone(), last);
            self.emit(Stmt::Assume { cond });
        }
        self.define(inst, o)
    }

    /// `__lockstep_spec_read/write(p, offset)`: a `__spec_` function reads (writes an
    /// arbitrary value to) one element of the buffer `p` points into.
    pub fn spec_access(&mut self, args: &[Value], write: bool) -> Result<(), LiftError> {
        let region = self.pointer_arg(args)?.region;
        let offset = self.arg(args, 1)?;
        let bytes = self.k.region(region).elem_bytes.clamp(1, 8);
        let ty = Ty::Bv(bytes * 8);
        let stmt = if write {
            let value = self.havoc(ty);
            Stmt::Write {
                pred: Expr::tt(),
                region,
                offset,
                value,
                bytes,
                thread: None,
            }
        } else {
            let n = self.k.vars.len();
            let dst = self.fresh(format!("spec_read{n}"), ty);
            Stmt::Read {
                pred: Expr::tt(),
                dst,
                region,
                offset,
                bytes,
                thread: None,
            }
        };
        self.emit(stmt);
        if write {
            // The function may have written any element, not only the one checked for
            // races above.
            self.emit(Stmt::HavocMemory {
                pred: Expr::tt(),
                region,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_prototypes_by_target() {
        assert!(is_user_prototype(Target::Spir, "bar"));
        assert!(!is_user_prototype(Target::Spir, "_Z6sincosfPU3AS1f"));
        assert!(!is_user_prototype(
            Target::Spir,
            "__translate_sampler_initializer"
        ));
        assert!(!is_user_prototype(Target::Spir, "llvm.foo"));
        assert!(is_user_prototype(Target::Nvptx, "_Z6nondetv"));
        assert!(is_user_prototype(Target::Nvptx, "_Z3bar1s"));
        assert!(!is_user_prototype(
            Target::Nvptx,
            "_Z6curandP17curandStateXORWOW"
        ));
        assert!(!is_user_prototype(Target::Nvptx, "__lockstep_grid_sync"));
        assert!(!is_user_prototype(Target::Nvptx, "vprintf"));
    }
}
