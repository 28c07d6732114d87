//! Calls: work-item builtins, barriers, fences, `__lockstep_*` annotations, LLVM
//! intrinsics, libdevice (`libdevice.rs`), OpenCL integer built-ins (`opencl_int.rs`),
//! vector data loads and stores (`vload.rs`), CUDA's device `printf` and `assert`, and
//! pure external functions (uninterpreted). Calls to defined functions are left-over
//! recursion.

use kir::{BarrierScope, BinOp, Builtin, CastOp, Expr, Fence, FenceFlags, Stmt, Ty};

use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter};
use crate::llvm::{TypeKind, Value, ValueKind};
use crate::names::demangle;
use crate::values::to_bool;

/// OpenCL work-item functions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum WorkItem {
    LocalId,
    GroupId,
    LocalSize,
    NumGroups,
    GlobalId,
    GlobalSize,
    GlobalOffset,
}

/// Thread-dependent OpenCL functions the lifter does not model (they are `readnone`, so
/// they must not become uninterpreted functions, which would give every thread the same
/// result).
const UNMODELLED_WORK_ITEM: &[&str] = &[
    "get_enqueued_local_size",
    "get_global_linear_id",
    "get_local_linear_id",
    "get_sub_group_size",
    "get_max_sub_group_size",
    "get_num_sub_groups",
    "get_enqueued_num_sub_groups",
    "get_sub_group_id",
    "get_sub_group_local_id",
];

fn zext64(e: Expr) -> Expr {
    Expr::cast(CastOp::ZExt, 64, e)
}

/// Fits a 64-bit expression to the width of the call's result.
fn fit(e: Expr, width: u32) -> Expr {
    match e {
        Expr::Int { value, .. } => Expr::int(value, width),
        Expr::Cast(CastOp::ZExt, 64, inner) if width == 32 => *inner,
        e if width >= 64 => e,
        e => Expr::cast(CastOp::Trunc, width, e),
    }
}

impl Lifter {
    pub fn call(&mut self, inst: Value) -> Result<(), LiftError> {
        let Some(callee) = inst.called_value() else {
            return Err(self.invalid("call without callee"));
        };
        match callee.kind() {
            ValueKind::Function => {}
            ValueKind::InlineAsm if self.target == crate::names::Target::Nvptx => {
                return Err(self.unsupported(
                    "inline assembly (with a CUDA toolkit's headers, texture and surface \
                     functions are inline PTX: lockstep models textures only with its own \
                     cuda.h, without --cuda-path)",
                ))
            }
            ValueKind::InlineAsm => return Err(self.unsupported("inline assembly")),
            _ => return Err(self.unsupported("indirect call")),
        }
        let symbol = callee.name();
        if !callee.is_declaration() {
            return Err(LiftError::Recursion {
                function: crate::debug::function_name(self.m, callee)
                    .unwrap_or_else(|| demangle(&symbol)),
                pos: self.pos(),
            });
        }
        let args = inst.call_args();
        if symbol.starts_with("llvm.") {
            return self.intrinsic(inst, &symbol, &args);
        }
        let name = demangle(&symbol);
        if self.target == crate::names::Target::Spir {
            if let Some(call) = crate::opencl_int::IntCall::parse(&symbol) {
                if self.opencl_int_call(inst, call, &symbol, &args)? {
                    return Ok(());
                }
            }
            if let Some(f) = crate::vload::VectorData::parse(&name) {
                return self.vector_data(inst, &name, f, &args);
            }
        }
        let item = match name.as_str() {
            "get_local_id" => Some(WorkItem::LocalId),
            "get_group_id" => Some(WorkItem::GroupId),
            "get_local_size" => Some(WorkItem::LocalSize),
            "get_num_groups" => Some(WorkItem::NumGroups),
            "get_global_id" => Some(WorkItem::GlobalId),
            "get_global_size" => Some(WorkItem::GlobalSize),
            "get_global_offset" => Some(WorkItem::GlobalOffset),
            _ => None,
        };
        if let Some(item) = item {
            let TypeKind::Int(width @ 1..=64) = inst.ty().kind() else {
                return Err(self.invalid(format!("`{name}` does not return an integer")));
            };
            let e = self.work_item(item, &args)?;
            return self.define(inst, fit(e, width));
        }
        match name.as_str() {
            "barrier" | "work_group_barrier" => self.barrier(&args),
            n if crate::async_copy::is_copy(n) => self.async_copy(inst, &args),
            "wait_group_events" => self.wait_group_events(&args),
            "mem_fence" | "read_mem_fence" | "write_mem_fence" | "atomic_work_item_fence" => {
                tracing::debug!("dropping `{name}`: a fence does not synchronise threads");
                Ok(())
            }
            // CUDA's device printf (clang lowers it to vprintf): no memory effect.
            "vprintf" | "printf" => self.external_call(inst, callee),
            // CUDA's device `assert` failing.
            "__assertfail" => {
                self.emit(Stmt::Assert {
                    cond: Expr::ff(),
                    origin: kir::AssertOrigin::User,
                });
                Ok(())
            }
            "prefetch" => {
                tracing::debug!("dropping `prefetch`: a hint that reads and writes nothing");
                Ok(())
            }
            "get_work_dim" => match self.options.work_dim {
                Some(n) => self.define(inst, Expr::int(n as u64, 32)),
                None => Err(self.unsupported(
                    "work-item function `get_work_dim` (the launch's dimensions are not known)"
                        .to_string(),
                )),
            },
            n if UNMODELLED_WORK_ITEM.contains(&n) => {
                Err(self.unsupported(format!("work-item function `{n}`")))
            }
            "__lockstep_requires_fresh_array" => self.requires_fresh_array(&args),
            crate::funptrs::INVALID | crate::funptrs::BODILESS => {
                self.function_pointer_marker(&name, &args)
            }
            n if n.starts_with("__lockstep_") => self.annotation(inst, n, &args),
            n if crate::atomics::is_opencl_atomic(n) => self.opencl_atomic(inst, n, &args),
            n if crate::curand::is_curand(n) => self.curand(inst, &symbol, n, &args),
            n if crate::images::is_image_function(n) => self.image_call(inst, n, &args),
            n if crate::math_out::is_math_with_output(n) => self.math_with_output(inst, n, &args),
            _ if crate::libdevice::is_libdevice(&symbol) => {
                self.libdevice_call(inst, &symbol, &args)
            }
            _ => self.pure_call(inst, &symbol, &args),
        }
    }

    /// Assigns a call's result variable.
    pub fn define(&mut self, inst: Value, value: Expr) -> Result<(), LiftError> {
        let dst = self.var_of(inst)?;
        let value = match (self.k.var(dst).ty, self.ty(&value)) {
            (Ty::Bool, Ty::Bv(w)) => to_bool(value, Ty::Bv(w)),
            _ => value,
        };
        self.emit(Stmt::Assign { dst, value });
        Ok(())
    }

    pub fn arg(&mut self, args: &[Value], i: usize) -> Result<Expr, LiftError> {
        match args.get(i) {
            Some(a) => self.value(*a),
            None => Err(self.invalid(format!("missing call argument {i}"))),
        }
    }

    fn work_item(&mut self, item: WorkItem, args: &[Value]) -> Result<Expr, LiftError> {
        let dim = args.first().copied();
        let e = match dim.and_then(|d| d.const_int()) {
            Some(d) => self.work_item_dim(item, d),
            None => {
                let d = self.arg(args, 0)?;
                let d = self.to_bv(d);
                let Ty::Bv(w) = self.ty(&d) else {
                    return Err(self.invalid("dimension is not an integer"));
                };
                let mut e = self.work_item_dim(item, 3);
                for i in (0..3).rev() {
                    let is = Expr::eq(d.clone(), Expr::int(i, w));
                    e = Expr::ite(is, self.work_item_dim(item, i), e);
                }
                e
            }
        };
        Ok(e)
    }

    /// A work-item function in one dimension, as a 64-bit value (dimensions above 2
    /// give 0 for ids and offsets, 1 for sizes).
    fn work_item_dim(&mut self, item: WorkItem, dim: u64) -> Expr {
        use WorkItem::*;
        if dim > 2 {
            let one = matches!(item, LocalSize | NumGroups | GlobalSize);
            return Expr::int(one as u64, 64);
        }
        let d = dim as u8;
        let mut var = |b| Expr::Var(self.k.builtin(b));
        match item {
            LocalId => zext64(var(Builtin::LocalId(d))),
            GroupId => zext64(var(Builtin::GroupId(d))),
            LocalSize => zext64(var(Builtin::LocalSize(d))),
            NumGroups => zext64(var(Builtin::NumGroups(d))),
            GlobalId => {
                let g = zext64(var(Builtin::GroupId(d)));
                let s = zext64(var(Builtin::LocalSize(d)));
                let l = zext64(var(Builtin::LocalId(d)));
                Expr::bin(BinOp::Add, Expr::bin(BinOp::Mul, g, s), l)
            }
            GlobalSize => {
                let n = zext64(var(Builtin::NumGroups(d)));
                let s = zext64(var(Builtin::LocalSize(d)));
                Expr::bin(BinOp::Mul, n, s)
            }
            GlobalOffset => Expr::int(0, 64),
        }
    }

    /// `barrier(flags)`: constant flags give the barrier's fence. Flags that are not a
    /// constant may differ between work items (GPUVerify evaluates them per thread): the
    /// fence is then both spaces, each ordered by a work item's call when its own flags
    /// name it.
    fn barrier(&mut self, args: &[Value]) -> Result<(), LiftError> {
        let Some(&arg) = args.first() else {
            return Err(self.invalid("barrier without fence flags"));
        };
        let (fence, flags) = match arg.const_int() {
            Some(bits) => (
                Fence {
                    local: bits & 1 != 0,
                    global: bits & 2 != 0,
                },
                FenceFlags::default(),
            ),
            None => {
                let e = self.value(arg)?;
                let Ty::Bv(w) = self.ty(&e) else {
                    return Err(self.invalid("barrier flags that are not an integer"));
                };
                let bit = |b: u64| {
                    let masked = Expr::bin(BinOp::And, e.clone(), Expr::int(b, w));
                    Some(Expr::ne(masked, Expr::int(0, w)))
                };
                let both = Fence {
                    local: true,
                    global: true,
                };
                let flags = FenceFlags {
                    local: bit(1),
                    global: bit(2),
                };
                (both, flags)
            }
        };
        self.emit(Stmt::Barrier {
            pred: Expr::tt(),
            fence,
            scope: BarrierScope::Group,
            flags,
        });
        self.copies_after_barrier();
        Ok(())
    }

    /// A call to a declared function that neither reads nor writes memory and maps
    /// scalars to a scalar: an uninterpreted function.
    pub fn pure_call(
        &mut self,
        inst: Value,
        symbol: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let Some(callee) = inst.called_value() else {
            return Err(self.invalid("call without callee"));
        };
        let memory_none =
            |v: Value, call_site| v.attr_value(u32::MAX, "memory", call_site) == Some(0);
        let pure = memory_none(inst, true) || memory_none(callee, false);
        let value_ty = |t: crate::llvm::Type| scalar_ty(t.vector().map_or(t, |(_, e)| e));
        let scalars = args.iter().all(|a| value_ty(a.ty()).is_some());
        let result = value_ty(inst.ty());
        let (true, true, Some(ty)) = (pure, scalars, result) else {
            if crate::external::is_user_prototype(self.target, symbol) {
                return self.external_call(inst, callee);
            }
            let shown = if symbol.starts_with("_Z") {
                format!("call to `{}` (`{symbol}`)", demangle(symbol))
            } else {
                format!("call to `{symbol}`")
            };
            return Err(self.unsupported(shown));
        };
        // Vector arguments are passed lane by lane; a vector result is one function
        // per lane (`f.0`, `f.1`, ...) of all the arguments.
        let mut exprs = Vec::with_capacity(args.len());
        for a in args {
            match a.ty().vector() {
                Some(_) => exprs.extend(self.lanes(*a)?),
                None => exprs.push(self.value(*a)?),
            }
        }
        if let Some((n, _)) = inst.ty().vector() {
            let lanes = (0..n)
                .map(|i| Expr::Apply {
                    func: format!("{symbol}.{i}"),
                    args: exprs.clone(),
                    ty,
                })
                .collect();
            return self.assign_lanes(inst, lanes);
        }
        let e = Expr::Apply {
            func: symbol.to_string(),
            args: exprs,
            ty,
        };
        self.define(inst, e)
    }
}
