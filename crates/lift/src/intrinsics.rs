//! LLVM intrinsics: those that do nothing the verifier can see, `llvm.assume`, the
//! NVPTX special registers, barrier, bit casts and atomics (in `atomics.rs`), warp
//! shuffles and votes (in `warp.rs`), integer
//! min/max/abs, memory intrinsics (in `memops.rs`), element-wise intrinsics on vectors
//! (lane by lane, as the scalar intrinsic), and any other pure intrinsic as an
//! uninterpreted function.

use kir::{BarrierScope, BinOp, Builtin, Expr, Fence, Stmt, Ty, UnOp};

use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter};
use crate::llvm::{TypeKind, Value};
use crate::values::to_bool;

/// Intrinsics that do nothing the verifier can see.
const DROPPED_INTRINSICS: &[&str] = &[
    "llvm.dbg.",
    "llvm.lifetime.",
    "llvm.experimental.noalias.scope.decl",
    "llvm.nvvm.membar.",
];

/// Intrinsics that apply to each lane of a vector on its own (the name after `llvm.`,
/// up to the type suffix).
const ELEMENT_WISE: &[&str] = &[
    "fmuladd",
    "fma",
    "fabs",
    "ceil",
    "floor",
    "trunc",
    "rint",
    "nearbyint",
    "round",
    "roundeven",
    "sqrt",
    "sin",
    "cos",
    "exp",
    "exp2",
    "exp10",
    "log",
    "log2",
    "log10",
    "pow",
    "minnum",
    "maxnum",
    "minimum",
    "maximum",
    "copysign",
    "canonicalize",
    "smax",
    "smin",
    "umax",
    "umin",
    "abs",
    "ctlz",
    "cttz",
    "ctpop",
    "bitreverse",
    "bswap",
    "fshl",
    "fshr",
    "sadd.sat",
    "uadd.sat",
    "ssub.sat",
    "usub.sat",
];

/// The intrinsic `name` with its vector type suffixes made scalar
/// (`llvm.fmuladd.v4f32` -> `llvm.fmuladd.f32`).
fn scalar_name(name: &str) -> String {
    name.split('.')
        .map(|seg| {
            let digits = seg.strip_prefix('v').map(|r| {
                let d = r.len() - r.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                (d, &r[d..])
            });
            match digits {
                Some((d, rest)) if d > 0 && !rest.is_empty() => rest,
                _ => seg,
            }
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// Whether the intrinsic applies lane by lane.
fn is_element_wise(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("llvm.") else {
        return false;
    };
    ELEMENT_WISE
        .iter()
        .any(|op| rest.strip_prefix(op).is_some_and(|t| t.starts_with('.')))
}

/// Whether the intrinsic is one `integer_intrinsic` computes exactly.
fn is_integer(name: &str) -> bool {
    ["smax", "smin", "umax", "umin", "abs"]
        .iter()
        .any(|m| name.starts_with(&format!("llvm.{m}.")))
}

impl Lifter {
    pub fn intrinsic(&mut self, inst: Value, name: &str, args: &[Value]) -> Result<(), LiftError> {
        if DROPPED_INTRINSICS.iter().any(|p| name.starts_with(p)) {
            return Ok(());
        }
        if ["llvm.memcpy.", "llvm.memmove.", "llvm.memset."]
            .iter()
            .any(|p| name.starts_with(p))
        {
            return self.mem_intrinsic(inst, name, args);
        }
        if crate::warp::is_warp_intrinsic(name) {
            return self.warp_intrinsic(inst, name);
        }
        // `__ldg` with a CUDA toolkit's headers: a load through the read-only cache.
        if ["llvm.nvvm.ldg.global.i", "llvm.nvvm.ldg.global.f"]
            .iter()
            .any(|p| name.starts_with(p))
        {
            let Some(&addr) = args.first() else {
                return Err(self.invalid(format!("`{name}` without its pointer")));
            };
            return self.load_at(inst, addr);
        }
        if name.starts_with("llvm.nvvm.atomic.") {
            return self.nvvm_atomic(inst, name, args);
        }
        if name == "llvm.assume" {
            let c = self.arg(args, 0)?;
            let cond = to_bool(c.clone(), self.ty(&c));
            self.emit(Stmt::Assume { cond });
            return Ok(());
        }
        if name == "llvm.nvvm.barrier0" {
            self.group_barrier();
            return Ok(());
        }
        if name.starts_with(crate::warp::BARRIER_REDUCTION) {
            return self.barrier_reduction(inst, name, args);
        }
        // A CUDA texture or surface object's handle: the same opaque value in every
        // thread, one per texture (reads through it are the fetch functions' business).
        if name.starts_with("llvm.nvvm.texsurf.handle") {
            let texture = args.first().map(|a| a.name()).unwrap_or_default();
            let e = Expr::Apply {
                func: format!("texsurf.handle.{texture}"),
                args: Vec::new(),
                ty: kir::Ty::Bv(64),
            };
            return self.define(inst, e);
        }
        if let Some(reg) = name.strip_prefix("llvm.nvvm.read.ptx.sreg.") {
            return self.special_register(inst, name, reg);
        }
        // Floats are bit-vectors: reinterpreting one is the identity.
        if matches!(
            name,
            "llvm.nvvm.bitcast.f2i"
                | "llvm.nvvm.bitcast.i2f"
                | "llvm.nvvm.bitcast.d2ll"
                | "llvm.nvvm.bitcast.ll2d"
        ) {
            let x = self.arg(args, 0)?;
            return self.define(inst, x);
        }
        if let Some(e) = self.integer_reduction(name, args)? {
            return self.define(inst, e);
        }
        if is_element_wise(name) {
            if let Some((n, elem)) = inst.ty().vector() {
                return self.lane_wise_intrinsic(inst, name, args, n, elem);
            }
            if is_integer(name) {
                let mut exprs = Vec::with_capacity(args.len());
                for a in args {
                    exprs.push(self.value(*a)?);
                }
                if let Some(e) = self.integer_intrinsic(name, &exprs)? {
                    return self.define(inst, e);
                }
            }
        }
        self.pure_call(inst, name, args)
    }

    fn special_register(&mut self, inst: Value, name: &str, reg: &str) -> Result<(), LiftError> {
        let (kind, dim) = reg.rsplit_once('.').unwrap_or((reg, ""));
        let d = match dim {
            "x" => 0,
            "y" => 1,
            "z" => 2,
            _ => 3,
        };
        let b = match kind {
            "tid" if d < 3 => Builtin::LocalId(d),
            "ctaid" if d < 3 => Builtin::GroupId(d),
            "ntid" if d < 3 => Builtin::LocalSize(d),
            "nctaid" if d < 3 => Builtin::NumGroups(d),
            _ => return Err(self.unsupported(format!("builtin `{name}`"))),
        };
        let v = Expr::Var(self.k.builtin(b));
        let width = match inst.ty().kind() {
            TypeKind::Int(w) => w,
            _ => 32,
        };
        self.define(inst, crate::values::from_32_bits(v, width))
    }

    /// `llvm.{s,u}{min,max}` and `llvm.abs` on scalars, exactly; `None` for the other
    /// element-wise intrinsics.
    fn integer_intrinsic(&self, name: &str, args: &[Expr]) -> Result<Option<Expr>, LiftError> {
        let arg = |i: usize| match args.get(i) {
            Some(a) => Ok(self.to_bv(a.clone())),
            None => Err(self.invalid(format!("missing argument {i} of `{name}`"))),
        };
        let minmax = ["smax", "smin", "umax", "umin"]
            .into_iter()
            .find(|m| name.starts_with(&format!("llvm.{m}.")));
        if let Some(m) = minmax {
            return Ok(min_max(m, arg(0)?, arg(1)?));
        }
        if name.starts_with("llvm.abs.") {
            let a = arg(0)?;
            let Ty::Bv(w) = self.ty(&a) else {
                return Err(self.invalid("abs of a non-integer"));
            };
            let neg = Expr::bin(BinOp::Slt, a.clone(), Expr::int(0, w));
            let e = Expr::ite(neg, Expr::Unary(UnOp::Neg, Box::new(a.clone())), a);
            return Ok(Some(e));
        }
        Ok(None)
    }

    /// `llvm.vector.reduce.{add,mul,and,or,xor,smax,smin,umax,umin}` of an integer vector
    /// (what the optimiser makes of a sum of lanes): the operation folded over the lanes,
    /// exactly. `None` for other calls and for floating-point reductions.
    fn integer_reduction(&mut self, name: &str, args: &[Value]) -> Result<Option<Expr>, LiftError> {
        let Some(rest) = name.strip_prefix("llvm.vector.reduce.") else {
            return Ok(None);
        };
        let op = rest.split('.').next().unwrap_or_default();
        let bin = match op {
            "add" => Some(BinOp::Add),
            "mul" => Some(BinOp::Mul),
            "and" => Some(BinOp::And),
            "or" => Some(BinOp::Or),
            "xor" => Some(BinOp::Xor),
            "smax" | "smin" | "umax" | "umin" => None,
            _ => return Ok(None),
        };
        let Some(&v) = args.first() else {
            return Ok(None);
        };
        let integer = v
            .ty()
            .vector()
            .is_some_and(|(_, elem)| matches!(elem.kind(), TypeKind::Int(_)));
        if !integer {
            return Ok(None);
        }
        let lanes = self.lanes(v)?;
        Ok(lanes.into_iter().reduce(|a, b| match bin {
            Some(op) => Expr::bin(op, a, b),
            None => min_max(op, a.clone(), b).unwrap_or(a),
        }))
    }

    /// An element-wise intrinsic on vectors: the scalar intrinsic on each lane (scalar
    /// arguments, like `llvm.abs`'s flag, go to every lane).
    fn lane_wise_intrinsic(
        &mut self,
        inst: Value,
        name: &str,
        args: &[Value],
        n: u32,
        elem: crate::llvm::Type,
    ) -> Result<(), LiftError> {
        let Some(ty) = scalar_ty(elem) else {
            return Err(self.unsupported(format!("call to `{name}`")));
        };
        let mut operands = Vec::with_capacity(args.len());
        for a in args {
            operands.push(match a.ty().vector() {
                Some((k, _)) if k == n => self.lanes(*a)?,
                Some(_) => return Err(self.unsupported(format!("call to `{name}`"))),
                None => vec![self.value(*a)?; n as usize],
            });
        }
        let func = scalar_name(name);
        let mut lanes = Vec::with_capacity(n as usize);
        for i in 0..n as usize {
            let lane: Vec<Expr> = operands.iter().map(|o| o[i].clone()).collect();
            lanes.push(match self.integer_intrinsic(&func, &lane)? {
                Some(e) => e,
                None => Expr::Apply {
                    func: func.clone(),
                    args: lane,
                    ty,
                },
            });
        }
        self.assign_lanes(inst, lanes)
    }
}

/// `llvm.{s,u}{min,max}` (`op` without the prefix) of two integers; `None` for other ops.
fn min_max(op: &str, a: Expr, b: Expr) -> Option<Expr> {
    let cmp = match op {
        "smax" => BinOp::Sgt,
        "smin" => BinOp::Slt,
        "umax" => BinOp::Ugt,
        "umin" => BinOp::Ult,
        _ => return None,
    };
    Some(Expr::ite(Expr::bin(cmp, a.clone(), b.clone()), a, b))
}

impl Lifter {
    /// `__syncthreads()`: a barrier of the group that fences local and global memory.
    pub(crate) fn group_barrier(&mut self) {
        self.emit(Stmt::Barrier {
            pred: Expr::tt(),
            fence: Fence {
                local: true,
                global: true,
            },
            scope: BarrierScope::Group,
            flags: kir::FenceFlags::default(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_suffixes_become_scalar() {
        assert_eq!(scalar_name("llvm.fmuladd.v4f32"), "llvm.fmuladd.f32");
        assert_eq!(scalar_name("llvm.smax.v2i16"), "llvm.smax.i16");
        assert_eq!(
            scalar_name("llvm.vector.reduce.add.v4i32"),
            "llvm.vector.reduce.add.i32"
        );
        assert_eq!(scalar_name("llvm.fabs.f32"), "llvm.fabs.f32");
    }

    #[test]
    fn element_wise_intrinsics_by_name() {
        assert!(is_element_wise("llvm.fmuladd.v4f32"));
        assert!(is_element_wise("llvm.sadd.sat.v4i32"));
        assert!(is_element_wise("llvm.abs.i32"));
        assert!(!is_element_wise("llvm.vector.reverse.v4i32"));
        assert!(!is_element_wise("llvm.fmuladdx.v4f32"));
        assert!(!is_element_wise("fabs.f32"));
    }
}
