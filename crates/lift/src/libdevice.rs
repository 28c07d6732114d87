//! Calls of libdevice (`__nv_*`), which a real CUDA toolkit's headers (`--cuda-path`)
//! make of the math functions and many device intrinsics (`__expf` is
//! `__nv_fast_expf`, `min` is `__nv_min`). lockstep never links libdevice, so these
//! stay calls of bodiless functions, which clang does not mark `memory(none)`:
//! - scalars to a scalar: pure math, an uninterpreted function of the arguments (as
//!   lockstep's own `cuda.h` declares the math functions `const`), except `popc`, `brev`,
//!   `clz`, `ffs` and the integer arithmetic OpenCL also has (minimum, maximum, absolute
//!   value, the 32-bit `mul24`, `mulhi`, `hadd`, `rhadd`, and their unsigned or 64-bit
//!   forms), which are exact (as in lockstep's `cuda.h`), the latter as OpenCL's built-ins
//!   of the same meaning in `opencl_int.rs`;
//! - with output pointers (`__nv_sincosf`, `__nv_frexpf`, `__nv_modff`, `__nv_remquof`,
//!   ...): every result an uninterpreted function of the scalar arguments, each output
//!   stored through its pointer like any store (as `math_out.rs` does for OpenCL);
//! - reading an array (`__nv_norm`, `__nv_nan`, ...): unsupported.

use kir::{BinOp, Expr, Ty};

use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter};
use crate::llvm::{TypeKind, Value};
use crate::opencl_int::IntCall;

/// The prefix of libdevice's functions.
const PREFIX: &str = "__nv_";

/// libdevice functions that write results through pointers, with the width of what
/// each writes when it is not the type of the first argument (an `int`).
const WITH_OUTPUTS: &[(&str, Option<u32>)] = &[
    ("sincosf", None),
    ("sincos", None),
    ("fast_sincosf", None),
    ("sincospif", None),
    ("sincospi", None),
    ("modff", None),
    ("modf", None),
    ("frexpf", Some(32)),
    ("frexp", Some(32)),
    ("remquof", Some(32)),
    ("remquo", Some(32)),
];

/// Whether `symbol` is a libdevice function.
pub fn is_libdevice(symbol: &str) -> bool {
    symbol.starts_with(PREFIX)
}

/// libdevice's integer arithmetic that OpenCL also has, as the OpenCL built-in of the
/// same meaning (`opencl_int.rs`): `__nv_umin` is `min` on unsigned 32-bit values,
/// `__nv_llabs` is `abs` on 64-bit ones, `__nv_umulhi` is `mul_hi` on unsigned ones.
fn arithmetic(name: &str) -> Option<IntCall<'static>> {
    let (name, bits, signed) = match name {
        "min" => ("min", 32, true),
        "umin" => ("min", 32, false),
        "llmin" => ("min", 64, true),
        "ullmin" => ("min", 64, false),
        "max" => ("max", 32, true),
        "umax" => ("max", 32, false),
        "llmax" => ("max", 64, true),
        "ullmax" => ("max", 64, false),
        "abs" => ("abs", 32, true),
        "llabs" => ("abs", 64, true),
        "mul24" => ("mul24", 32, true),
        "umul24" => ("mul24", 32, false),
        "mulhi" => ("mul_hi", 32, true),
        "umulhi" => ("mul_hi", 32, false),
        "hadd" => ("hadd", 32, true),
        "uhadd" => ("hadd", 32, false),
        "rhadd" => ("rhadd", 32, true),
        "urhadd" => ("rhadd", 32, false),
        _ => return None,
    };
    Some(IntCall { name, bits, signed })
}

/// The exact value of libdevice's `name` on `args` (see [`arithmetic`]), when they have
/// its width; `symbol` names `mul24`'s out-of-range value.
fn exact(name: &str, symbol: &str, args: &[Expr], ty: impl Fn(&Expr) -> Ty) -> Option<Expr> {
    let call = arithmetic(name)?;
    if !args.iter().all(|a| ty(a) == Ty::Bv(call.bits)) {
        return None;
    }
    crate::opencl_int::exact(call, symbol, args)
}

impl Lifter {
    /// A call of the libdevice function `symbol` (see the module documentation).
    pub fn libdevice_call(
        &mut self,
        inst: Value,
        symbol: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let name = symbol.strip_prefix(PREFIX).unwrap_or(symbol);
        if let Some(&(_, out_bits)) = WITH_OUTPUTS.iter().find(|(n, _)| *n == name) {
            return self.libdevice_with_outputs(inst, symbol, args, out_bits);
        }
        let (Some(ty), true) = (
            scalar_ty(inst.ty()),
            args.iter().all(|a| scalar_ty(a.ty()).is_some()),
        ) else {
            return Err(self.unsupported(format!(
                "call to libdevice's `{symbol}` (not scalars to a scalar: it reads memory)"
            )));
        };
        let mut values = Vec::with_capacity(args.len());
        for &a in args {
            let v = self.value(a)?;
            values.push(self.to_bv(v));
        }
        if let Some(e) = self.exact_bits(name, &values) {
            return self.define(inst, e);
        }
        let e = match exact(name, symbol, &values, |e| self.ty(e)) {
            Some(e) => e,
            None => Expr::Apply {
                func: symbol.to_string(),
                args: values,
                ty,
            },
        };
        self.define(inst, e)
    }

    /// `__nv_{popc,brev,clz,ffs}` (and their `ll` forms) in plain bit arithmetic, as
    /// lockstep's `cuda.h` defines them (`llvm.ctpop` etc. would be uninterpreted).
    fn exact_bits(&mut self, name: &str, args: &[Expr]) -> Option<Expr> {
        let (op, w) = match name {
            "popc" | "brev" | "clz" | "ffs" => (name, 32),
            "popcll" | "brevll" | "clzll" | "ffsll" => (name.trim_end_matches("ll"), 64),
            _ => return None,
        };
        let [x] = args else { return None };
        if self.ty(x) != Ty::Bv(w) {
            return None;
        }
        let e = self.bit_count(op, x.clone(), w)?;
        // Every result but brevll's is an int.
        Some(if w == 64 && op != "brev" {
            Expr::cast(kir::CastOp::Trunc, 32, e)
        } else {
            e
        })
    }

    /// `popc` (or `popcount`), `brev`, `clz` or `ffs` of the `w`-bit `x`, as a `w`-bit
    /// value in plain bit arithmetic.
    pub(crate) fn bit_count(&mut self, op: &str, x: Expr, w: u32) -> Option<Expr> {
        if !matches!(op, "popc" | "popcount" | "brev" | "clz" | "ffs") {
            return None;
        }
        // The argument once in a variable: every bit reads it.
        let n = self.k.vars.len();
        let v = self.fresh(format!("bits{n}"), Ty::Bv(w));
        self.emit(kir::Stmt::Assign {
            dst: v,
            value: x.clone(),
        });
        let x = Expr::Var(v);
        let int = |i: u64| Expr::int(i, w);
        let bit = |i: u32| {
            let shifted = Expr::bin(BinOp::LShr, x.clone(), int(i as u64));
            Expr::bin(BinOp::And, shifted, int(1))
        };
        let set = |i: u32| Expr::ne(bit(i), int(0));
        Some(match op {
            "popc" | "popcount" => (1..w).fold(bit(0), |acc, i| Expr::bin(BinOp::Add, acc, bit(i))),
            "brev" => (0..w).fold(int(0), |acc, i| {
                let moved = Expr::bin(BinOp::Shl, bit(i), int((w - 1 - i) as u64));
                Expr::bin(BinOp::Or, acc, moved)
            }),
            // The first set bit from the top (clz) or the bottom (ffs, 1-based; 0 for 0).
            "clz" => (0..w).fold(int(w as u64), |acc, i| {
                Expr::ite(set(i), int((w - 1 - i) as u64), acc)
            }),
            _ => (0..w)
                .rev()
                .fold(int(0), |acc, i| Expr::ite(set(i), int(i as u64 + 1), acc)),
        })
    }

    /// `__nv_sincosf(x, &s, &c)`, `r = __nv_frexpf(x, &e)`, ...: the result and every
    /// output an uninterpreted function of the scalar arguments (`f`, `f.out0`, ...),
    /// each output stored through its pointer. `out_bits`: the outputs' width when it is
    /// not the first argument's.
    fn libdevice_with_outputs(
        &mut self,
        inst: Value,
        symbol: &str,
        args: &[Value],
        out_bits: Option<u32>,
    ) -> Result<(), LiftError> {
        let (outs, inputs): (Vec<Value>, Vec<Value>) = args
            .iter()
            .partition(|a| matches!(a.ty().kind(), TypeKind::Pointer(_)));
        let Some(Ty::Bv(first_bits)) = inputs.first().and_then(|a| scalar_ty(a.ty())) else {
            return Err(self.invalid(format!("`{symbol}` without a scalar argument")));
        };
        if outs.is_empty() {
            return Err(self.invalid(format!("`{symbol}` without its output pointer")));
        }
        let mut values = Vec::with_capacity(inputs.len());
        for &a in &inputs {
            if scalar_ty(a.ty()).is_none() {
                return Err(self.unsupported(format!("call to `{symbol}` on vectors")));
            }
            let v = self.value(a)?;
            values.push(self.to_bv(v));
        }
        let bits = out_bits.unwrap_or(first_bits);
        for (i, &out) in outs.iter().enumerate() {
            let e = Expr::Apply {
                func: format!("{symbol}.out{i}"),
                args: values.clone(),
                ty: Ty::Bv(bits),
            };
            self.store_through(out, e, bits / 8)?;
        }
        match inst.ty().kind() {
            TypeKind::Void => Ok(()),
            _ => {
                let Some(ty) = scalar_ty(inst.ty()) else {
                    return Err(self.unsupported(format!("call to `{symbol}` on vectors")));
                };
                let e = Expr::Apply {
                    func: symbol.to_string(),
                    args: values,
                    ty,
                };
                self.define(inst, e)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_min_max_abs_are_exact() {
        let a = Expr::int(3, 32);
        let b = Expr::int(5, 32);
        let ty = |e: &Expr| match e {
            Expr::Int { width, .. } => Ty::Bv(*width),
            _ => Ty::Bool,
        };
        let min = exact("min", "m", &[a.clone(), b.clone()], ty).expect("min is exact");
        assert_eq!(
            min,
            Expr::ite(
                Expr::bin(BinOp::Slt, a.clone(), b.clone()),
                a.clone(),
                b.clone()
            )
        );
        assert!(exact("umax", "m", &[a.clone(), b.clone()], ty).is_some());
        assert!(exact("abs", "m", std::slice::from_ref(&a), ty).is_some());
        assert!(exact("min", "m", std::slice::from_ref(&a), ty).is_none());
        assert!(exact("fminf", "m", &[a, b], ty).is_none());
    }

    #[test]
    fn libdevice_names() {
        assert!(is_libdevice("__nv_fast_expf"));
        assert!(!is_libdevice("__nvvm_reflect"));
        assert!(WITH_OUTPUTS.iter().any(|(n, _)| *n == "fast_sincosf"));
    }
}
