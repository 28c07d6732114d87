//! Atomics: `atomicrmw`, `cmpxchg`, atomic `load`/`store`, the OpenCL `atomic_*` and
//! `atom_*` builtins and the NVPTX atomic intrinsics (CUDA's `atomicInc`/`atomicDec`)
//! become `atomic` statements. Their old value and their effect on memory are
//! abstract (the later stages decide what is known of them); the operation is named
//! as LLVM or OpenCL spells it (`add`, `xchg`, `inc`, `cmpxchg`, ...).
//!
//! A `cmpxchg` yields `{old, success}`: `old` is the atomic's value, `success` a fresh
//! Boolean that holds exactly when `old` equals the expected value (a weak `cmpxchg`
//! may also fail when they are equal).

use kir::{Expr, Stmt, Ty, Var};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::Value;

/// What an OpenCL atomic builtin does.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Builtin {
    /// Read-modify-write returning the old value (legacy `atomic_add`, C11
    /// `atomic_fetch_add`, `atomic_exchange`, `atomic_cmpxchg`, `atomic_load`, ...).
    Update(String),
    /// An atomic store (C11 `atomic_store`): no result.
    Store,
    /// `atomic_init`: a plain, non-atomic store.
    Init,
}

/// The OpenCL atomic builtin with this source name, if it is one the lifter models.
fn opencl_builtin(name: &str) -> Option<Builtin> {
    let base = name.strip_suffix("_explicit").unwrap_or(name);
    let rest = base
        .strip_prefix("atomic_")
        .or_else(|| base.strip_prefix("atom_"))?;
    let op = match rest {
        "add" | "sub" | "xchg" | "inc" | "dec" | "min" | "max" | "and" | "or" | "xor"
        | "cmpxchg" | "load" => rest,
        "exchange" => "xchg",
        "store" => return Some(Builtin::Store),
        "init" => return Some(Builtin::Init),
        r => match r.strip_prefix("fetch_") {
            Some(op @ ("add" | "sub" | "min" | "max" | "and" | "or" | "xor")) => op,
            _ => return None,
        },
    };
    Some(Builtin::Update(op.to_string()))
}

/// Whether a demangled call name is an OpenCL atomic builtin the lifter models.
pub fn is_opencl_atomic(name: &str) -> bool {
    opencl_builtin(name).is_some()
}

/// The operation of an NVPTX atomic intrinsic: `llvm.nvvm.atomic.load.inc.32.p0` and
/// `llvm.nvvm.atomic.inc.gen.i.cta` are both CUDA's `atomicInc`, which wraps to 0 at its
/// bound: `uinc_wrap` (as LLVM's `atomicrmw` names it), not OpenCL's `inc`.
fn nvvm_op(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("llvm.nvvm.atomic.")?;
    let rest = rest.strip_prefix("load.").unwrap_or(rest);
    match rest.split('.').next().filter(|op| !op.is_empty())? {
        "inc" => Some("uinc_wrap"),
        "dec" => Some("udec_wrap"),
        op => Some(op),
    }
}

impl Lifter {
    /// An `atomic` statement on the memory `addr` points to: one per region it may point
    /// into, under that region's guard (exactly one takes effect and gives the old value).
    fn emit_atomic(
        &mut self,
        addr: Value,
        bytes: u32,
        op: &str,
        dst: Option<Var>,
    ) -> Result<(), LiftError> {
        self.byval_write(addr, "atomic update of")?;
        let (regions, offset) = self.access_cases(addr)?;
        for (region, guard) in regions {
            self.note_access(region, bytes);
            self.check_bounds(&guard, region, &offset, bytes);
            self.emit(Stmt::Atomic {
                pred: guard,
                dst,
                region,
                offset: offset.clone(),
                bytes,
                op: op.to_string(),
                thread: None,
            });
        }
        Ok(())
    }

    /// The variable an atomic's old value goes to: the instruction's own when it has
    /// the access width, else a fresh one narrowed into it.
    fn atomic_result(&mut self, inst: Value, bytes: u32) -> Result<(Var, Option<Var>), LiftError> {
        let dst = self.var_of(inst)?;
        if self.k.var(dst).ty == Ty::Bv(bytes * 8) {
            return Ok((dst, None));
        }
        let n = self.k.vars.len();
        Ok((self.fresh(format!("t{n}"), Ty::Bv(bytes * 8)), Some(dst)))
    }

    fn narrow_into(&mut self, raw: Var, dst: Option<Var>) {
        if let Some(dst) = dst {
            let value = match self.k.var(dst).ty {
                Ty::Bool => crate::values::to_bool(Expr::Var(raw), self.k.var(raw).ty),
                Ty::Bv(w) => Expr::cast(kir::CastOp::Trunc, w, Expr::Var(raw)),
            };
            self.emit(Stmt::Assign { dst, value });
        }
    }

    /// An update whose old value is the instruction's result.
    fn atomic_update(&mut self, inst: Value, addr: Value, op: &str) -> Result<(), LiftError> {
        let bytes = self.access_bytes(inst.ty(), &format!("atomic `{op}`"))?;
        let (raw, dst) = self.atomic_result(inst, bytes)?;
        self.emit_atomic(addr, bytes, op, Some(raw))?;
        self.narrow_into(raw, dst);
        Ok(())
    }

    /// `atomicrmw <op> ptr, value`.
    pub fn atomic_rmw(&mut self, inst: Value) -> Result<(), LiftError> {
        let (Some(addr), Some(op)) = (inst.operand(0), inst.rmw_op()) else {
            return Err(self.invalid("atomicrmw without operands"));
        };
        self.atomic_update(inst, addr, op)
    }

    /// An atomic `load` or `store` instruction.
    pub fn atomic_access(&mut self, inst: Value) -> Result<(), LiftError> {
        if inst.opcode() == Some(crate::llvm::Op::LLVMLoad) {
            let Some(addr) = inst.operand(0) else {
                return Err(self.invalid("load without address"));
            };
            return self.atomic_update(inst, addr, "load");
        }
        let (Some(val), Some(addr)) = (inst.operand(0), inst.operand(1)) else {
            return Err(self.invalid("store without operands"));
        };
        let bytes = self.access_bytes(val.ty(), "atomic `store`")?;
        self.emit_atomic(addr, bytes, "store", None)
    }

    /// `cmpxchg ptr, expected, new`: the old value, and a success flag that holds when
    /// it equals `expected`.
    pub fn cmpxchg(&mut self, inst: Value) -> Result<(), LiftError> {
        let (Some(addr), Some(cmp)) = (inst.operand(0), inst.operand(1)) else {
            return Err(self.invalid("cmpxchg without operands"));
        };
        let Some(&(old, success)) = self.pairs.get(&inst) else {
            return Err(self.unsupported(format!("`cmpxchg` of `{}`", cmp.ty().print())));
        };
        let bytes = self.access_bytes(cmp.ty(), "`cmpxchg`")?;
        self.emit_atomic(addr, bytes, "cmpxchg", Some(old))?;
        let expected = self.value(cmp)?;
        let equal = Expr::eq(Expr::Var(old), expected);
        self.emit(Stmt::Havoc { dst: success });
        let cond = match inst.is_weak() {
            true => Expr::implies(Expr::Var(success), equal),
            false => Expr::eq(Expr::Var(success), equal),
        };
        self.emit(Stmt::Assume { cond });
        Ok(())
    }

    /// An OpenCL atomic builtin (`atomic_inc`, `atom_add`, `atomic_fetch_or_explicit`,
    /// ...): the first argument is the pointer.
    pub fn opencl_atomic(
        &mut self,
        inst: Value,
        name: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let Some(&addr) = args.first() else {
            return Err(self.invalid(format!("`{name}` without a pointer")));
        };
        match opencl_builtin(name) {
            Some(Builtin::Update(op)) => self.atomic_update(inst, addr, &op),
            Some(Builtin::Store) => {
                let Some(val) = args.get(1) else {
                    return Err(self.invalid(format!("`{name}` without a value")));
                };
                let bytes = self.access_bytes(val.ty(), "atomic `store`")?;
                self.emit_atomic(addr, bytes, "store", None)
            }
            Some(Builtin::Init) => {
                let Some(&val) = args.get(1) else {
                    return Err(self.invalid(format!("`{name}` without a value")));
                };
                let bytes = self.access_bytes(val.ty(), "`atomic_init`")?;
                self.byval_write(addr, "store into")?;
                let Some(p) = self.access_ptr(addr)? else {
                    return Ok(());
                };
                self.note_access(p.region, bytes);
                let e = self.value(val)?;
                self.write_value(p.region, p.offset, e, bytes);
                Ok(())
            }
            None => Err(self.unsupported(format!("atomic builtin `{name}`"))),
        }
    }

    /// An NVPTX atomic intrinsic (`llvm.nvvm.atomic.load.inc.32.p0`, ...).
    pub fn nvvm_atomic(
        &mut self,
        inst: Value,
        name: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let (Some(op), Some(&addr)) = (nvvm_op(name), args.first()) else {
            return Err(self.unsupported(format!("call to `{name}`")));
        };
        let op = op.to_string();
        self.atomic_update(inst, addr, &op)
    }

    /// `extractvalue` of a `cmpxchg` result: its old value (0) or success flag (1).
    pub fn extract_cmpxchg(&mut self, inst: Value, pair: Value) -> Result<(), LiftError> {
        let Some(&(old, success)) = self.pairs.get(&pair) else {
            return Err(self.unsupported("instruction `extractvalue`"));
        };
        let src = match inst.indices().as_slice() {
            [0] => old,
            [1] => success,
            _ => return Err(self.invalid("extractvalue of a cmpxchg result out of range")),
        };
        let dst = self.var_of(inst)?;
        let value = match (self.k.var(dst).ty, self.k.var(src).ty) {
            (Ty::Bool, t @ Ty::Bv(_)) => crate::values::to_bool(Expr::Var(src), t),
            _ => Expr::Var(src),
        };
        self.emit(Stmt::Assign { dst, value });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opencl_builtins_by_name() {
        let update = |op: &str| Some(Builtin::Update(op.to_string()));
        assert_eq!(opencl_builtin("atomic_inc"), update("inc"));
        assert_eq!(opencl_builtin("atom_cmpxchg"), update("cmpxchg"));
        assert_eq!(opencl_builtin("atomic_fetch_add_explicit"), update("add"));
        assert_eq!(opencl_builtin("atomic_exchange"), update("xchg"));
        assert_eq!(opencl_builtin("atomic_load"), update("load"));
        assert_eq!(
            opencl_builtin("atomic_store_explicit"),
            Some(Builtin::Store)
        );
        assert_eq!(opencl_builtin("atomic_init"), Some(Builtin::Init));
        assert_eq!(opencl_builtin("atomic_compare_exchange_strong"), None);
        assert_eq!(opencl_builtin("atomic_flag_test_and_set"), None);
        assert_eq!(opencl_builtin("atomic_work_item_fence"), None);
        assert_eq!(opencl_builtin("atomically"), None);
    }

    #[test]
    fn nvvm_intrinsics_by_name() {
        // CUDA's atomicInc/atomicDec wrap at their bound: not OpenCL's inc/dec.
        assert_eq!(
            nvvm_op("llvm.nvvm.atomic.load.inc.32.p0"),
            Some("uinc_wrap")
        );
        assert_eq!(nvvm_op("llvm.nvvm.atomic.inc.gen.i.cta"), Some("uinc_wrap"));
        assert_eq!(
            nvvm_op("llvm.nvvm.atomic.load.dec.32.p1"),
            Some("udec_wrap")
        );
        assert_eq!(nvvm_op("llvm.nvvm.atomic.cas.gen.i.sys"), Some("cas"));
        assert_eq!(nvvm_op("llvm.nvvm.barrier0"), None);
    }
}
