//! OpenCL math builtins that also write a result through a pointer (`sincos`, `fract`,
//! `modf`, `frexp`, `lgamma_r`, `remquo`): both results are uninterpreted functions of
//! the scalar arguments, and the second is stored through the pointer like any store
//! ([`Lifter::store_through`]: race-checked, through every buffer the pointer may point
//! into, never into a by-value parameter).

use kir::{Expr, Ty};

use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter};
use crate::llvm::{TypeKind, Value};

/// Whether `name` (demangled) is one of the builtins this file lifts.
pub fn is_math_with_output(name: &str) -> bool {
    matches!(
        name,
        "sincos" | "fract" | "modf" | "frexp" | "lgamma_r" | "remquo"
    )
}

impl Lifter {
    pub fn math_with_output(
        &mut self,
        inst: Value,
        name: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let unsupported = |l: &Self| l.unsupported(format!("call to `{name}` on vectors"));
        let Some((&out, inputs)) = args.split_last() else {
            return Err(self.invalid(format!("`{name}` without arguments")));
        };
        if !matches!(out.ty().kind(), TypeKind::Pointer(_)) {
            return Err(self.invalid(format!("`{name}` without its output pointer")));
        }
        let Some(result_ty) = scalar_ty(inst.ty()) else {
            return Err(unsupported(self));
        };
        let mut values = Vec::with_capacity(inputs.len());
        for &a in inputs {
            if scalar_ty(a.ty()).is_none() {
                return Err(unsupported(self));
            }
            values.push(self.value(a)?);
        }
        // The second result: the integer exponent, sign or quotient, else a value of the
        // argument's type (the cosine, the integral part).
        let out_ty = match name {
            "frexp" | "lgamma_r" | "remquo" => Ty::Bv(32),
            _ => result_ty,
        };
        let Ty::Bv(out_bits) = out_ty else {
            return Err(self.invalid(format!("`{name}` with a Boolean result")));
        };
        let second = Expr::Apply {
            func: format!("{name}.out"),
            args: values.clone(),
            ty: out_ty,
        };
        self.store_through(out, second, out_bits / 8)?;
        let first = Expr::Apply {
            func: name.to_string(),
            args: values,
            ty: result_ty,
        };
        self.define(inst, first)
    }
}
