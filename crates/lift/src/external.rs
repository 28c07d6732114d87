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

use kir::{AssertOrigin, BinOp, Expr, Stmt, StmtData, Ty, OFFSET_WIDTH};

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
                let name = callee.name();
                if name.starts_with(crate::warp::WARP_SHUFFLE_FN) {
                    self.k.collective_results.push(dst);
                    return self.header_shuffle(inst, dst);
                }
                if name.starts_with(crate::warp::WARP_RESULT_FN) {
                    self.k.collective_results.push(dst);
                    if let Some(c) = crate::warp::Collective::of(&name) {
                        // `(mask, p)` for a vote, `(mask, v, op)` for a reduction.
                        let args = inst.call_args();
                        let p = match args.get(1) {
                            Some(&a) if c != crate::warp::Collective::Reduce => {
                                Some(self.value(a)?)
                            }
                            _ => None,
                        };
                        let Some(&mask) = args.first() else {
                            return Err(self.invalid("a warp collective without its mask"));
                        };
                        let mask = self.value(mask)?;
                        let scope = crate::warp::Scope::Warp(mask);
                        self.collective_relations(dst, c, p, scope);
                    }
                    if let Some(t) = name.strip_prefix("lockstep_cuda_warp_reduce_") {
                        self.header_reduction(inst, dst, t == "int")?;
                    }
                }
                Ok(())
            }
            _ => Err(self.unsupported(format!("call returning `{}`", t.print()))),
        }
    }
}

impl Lifter {
    /// `__lockstep_spec_offset(p)` (a `__spec_` function's access to the buffer `p` points
    /// into): an arbitrary byte offset in that buffer. It is aligned to the buffer's element
    /// and kept within the buffer at the access, once the element size is known
    /// ([`Lifter::resize_spec_accesses`]).
    pub fn spec_offset(&mut self, inst: Value, args: &[Value]) -> Result<(), LiftError> {
        self.pointer_arg(args)?;
        let o = self.havoc(Ty::Bv(OFFSET_WIDTH));
        self.define(inst, o)
    }

    /// `__lockstep_spec_read/write(p, offset)`: a `__spec_` function reads (writes an
    /// arbitrary value to) one element of the buffer `p` points into. The access is
    /// placed at the call of the `__spec_` function (recorded in the kernel's
    /// `bodiless_calls`): the function has no body in the user's eyes.
    pub fn spec_access(&mut self, args: &[Value], write: bool) -> Result<(), LiftError> {
        let region = self.pointer_arg(args)?.region;
        // The offset is the `__lockstep_spec_offset` call the driver made beside this
        // one, at the same (inlined) location.
        let site = args.get(1).and_then(|&o| self.files.call_site(self.m, o));
        let here = self.loc;
        if let Some((loc, function)) = site {
            self.loc = Some(loc);
            if self.k.bodiless_call_at(loc).is_none() {
                self.k
                    .bodiless_calls
                    .push(kir::BodilessCall { loc, function });
            }
        }
        let result = self.spec_access_here(region, args, write);
        self.loc = here;
        result
    }

    fn spec_access_here(
        &mut self,
        region: kir::Region,
        args: &[Value],
        write: bool,
    ) -> Result<(), LiftError> {
        let offset = self.arg(args, 1)?;
        // One byte for now: `resize_spec_accesses` gives it the element's size.
        let bytes = 1;
        let ty = Ty::Bv(bytes * 8);
        let n = self.k.vars.len();
        let stmt = if write {
            let v = self.fresh(format!("{SPEC_WRITE}{n}"), ty);
            self.emit(Stmt::Havoc { dst: v });
            let value = Expr::Var(v);
            Stmt::Write {
                pred: Expr::tt(),
                region,
                offset,
                value,
                bytes,
                thread: None,
            }
        } else {
            let dst = self.fresh(format!("{SPEC_READ}{n}"), ty);
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

/// The variables a `__spec_` access reads into or writes from are named with these
/// prefixes (not C identifiers, so no source variable has them).
const SPEC_READ: &str = "spec.read";
const SPEC_WRITE: &str = "spec.write";

impl Lifter {
    /// Gives every `__spec_` access the size of its buffer's element (at most 8 bytes),
    /// its offset aligned to the element and within the buffer when its size is known.
    /// Element sizes are only known once the whole kernel is lifted: a specification may
    /// be called before any typed access of its buffer.
    pub fn resize_spec_accesses(&mut self) {
        for b in 0..self.k.blocks.len() {
            let stmts = std::mem::take(&mut self.k.blocks[b].stmts);
            let mut out = Vec::with_capacity(stmts.len());
            for mut s in stmts {
                if let Some((region, var, offset)) = self.spec_access_parts(&s.stmt) {
                    let data = self.k.region(region);
                    let elem = data.elem_bytes.max(1) as u64;
                    let bytes = data.elem_bytes.clamp(1, 8);
                    for cond in in_buffer(offset, elem, data.size_bytes) {
                        out.push(StmtData::new(Stmt::Assume { cond }, s.loc));
                    }
                    self.k.vars[var.index()].ty = Ty::Bv(bytes * 8);
                    if let Stmt::Read { bytes: b, .. } | Stmt::Write { bytes: b, .. } = &mut s.stmt
                    {
                        *b = bytes;
                    }
                }
                out.push(s);
            }
            self.k.blocks[b].stmts = out;
        }
    }

    /// A `__spec_` access's region, value variable and offset.
    fn spec_access_parts(&self, stmt: &Stmt) -> Option<(kir::Region, kir::Var, Expr)> {
        let named = |v: kir::Var, prefix: &str| self.k.var(v).name.starts_with(prefix);
        match stmt {
            Stmt::Read {
                region,
                dst,
                offset,
                ..
            } if named(*dst, SPEC_READ) => Some((*region, *dst, offset.clone())),
            Stmt::Write {
                region,
                value: Expr::Var(v),
                offset,
                ..
            } if named(*v, SPEC_WRITE) => Some((*region, *v, offset.clone())),
            _ => None,
        }
    }
}

/// That `offset` is a multiple of the element size `elem` (a power of two) and leaves a
/// whole element within a buffer of `size` bytes.
fn in_buffer(offset: Expr, elem: u64, size: Option<u64>) -> Vec<Expr> {
    let mut conds = Vec::new();
    if elem.is_power_of_two() && elem > 1 {
        let low = Expr::bin(
            BinOp::And,
            offset.clone(),
            Expr::int(elem - 1, OFFSET_WIDTH),
        );
        conds.push(Expr::eq(low, Expr::int(0, OFFSET_WIDTH)));
    }
    if let Some(size) = size.filter(|&s| s >= elem) {
        let last = Expr::int(size - elem, OFFSET_WIDTH);
        conds.push(Expr::bin(BinOp::Ule, offset, last));
    }
    conds
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
