//! Scalar values: operands as KIR expressions, and the side-effect-free instructions
//! (integer and float arithmetic, comparisons, casts, `select`, `freeze`).

use kir::{BinOp, CastOp, Expr, Ty};

use crate::error::LiftError;
use crate::lifter::{op_name, scalar_ty, Lifter, Param};
use crate::llvm::{IntPred, LLVMRealPredicate, Op, Type, TypeKind, Value, ValueKind};

/// `e` as a Boolean (`e != 0` for bit-vectors).
pub fn to_bool(e: Expr, ty: Ty) -> Expr {
    match ty {
        Ty::Bool => e,
        Ty::Bv(w) => Expr::ne(e, Expr::int(0, w)),
    }
}

/// A 32-bit value `v` at width `w`: zero-extended or truncated.
pub fn from_32_bits(v: Expr, w: u32) -> Expr {
    match w {
        32 => v,
        w if w > 32 => Expr::cast(CastOp::ZExt, w, v),
        w => Expr::cast(CastOp::Trunc, w, v),
    }
}

/// A `Bv1` result as the Boolean LLVM's `i1` is.
pub fn bv1_to_bool(e: Expr) -> Expr {
    Expr::ne(e, Expr::int(0, 1))
}

/// The short name of a scalar type in function names (`i32`, `f32`, ...).
pub fn type_name(t: Type) -> String {
    match t.kind() {
        TypeKind::Int(w) => format!("i{w}"),
        TypeKind::Float(_, n) => n.to_string(),
        _ => t.print(),
    }
}

impl Lifter {
    /// `e` as a bit-vector (`1bv1`/`0bv1` for Booleans).
    pub fn to_bv(&self, e: Expr) -> Expr {
        match e {
            Expr::Bool(b) => Expr::int(b as u64, 1),
            e if self.ty(&e) == Ty::Bool => Expr::ite(e, Expr::int(1, 1), Expr::int(0, 1)),
            e => e,
        }
    }

    /// The KIR type of an expression the lifter built.
    pub fn ty(&self, e: &Expr) -> Ty {
        e.ty(&self.k)
    }

    /// An operand as an expression over the kernel's variables.
    pub fn value(&mut self, v: Value) -> Result<Expr, LiftError> {
        match v.kind() {
            // `ptrtoint`: the pointer's bits (see `pointer_bits`), fitted to the width.
            ValueKind::Instruction if v.opcode() == Some(Op::LLVMPtrToInt) => {
                let Some(p) = v.operand(0) else {
                    return Err(self.invalid("ptrtoint without operand"));
                };
                if self.is_function_pointer(p) {
                    return Err(self.unsupported("function pointer converted to an integer"));
                }
                let bits = self.pointer_bits(p)?;
                let Some(Ty::Bv(w)) = scalar_ty(v.ty()) else {
                    return Err(self.unsupported("`ptrtoint` to a Boolean"));
                };
                Ok(match self.ty(&bits) {
                    Ty::Bv(b) if b > w => Expr::cast(CastOp::Trunc, w, bits),
                    Ty::Bv(b) if b < w => Expr::cast(CastOp::ZExt, w, bits),
                    _ => bits,
                })
            }
            ValueKind::Instruction => self.var_of(v).map(Expr::Var),
            ValueKind::Argument => match self.params.get(&v) {
                Some(Param::Scalar(var)) => Ok(Expr::Var(*var)),
                Some(Param::Opaque(name) | Param::ByVal { name, .. }) => {
                    Err(self.unsupported(format!("use of by-value parameter `{name}`")))
                }
                Some(Param::Pointer(_)) => Err(self.unsupported("pointer used as an integer")),
                Some(Param::Vector) => Err(self.invalid("vector parameter used as a scalar")),
                None => Err(self.invalid("argument of another function")),
            },
            ValueKind::ConstantInt => match (v.const_int(), scalar_ty(v.ty())) {
                (Some(x), Some(Ty::Bool)) => Ok(Expr::Bool(x & 1 == 1)),
                (Some(x), Some(Ty::Bv(w))) => Ok(Expr::int(x, w)),
                _ => Err(self.unsupported("integer wider than 64 bits")),
            },
            ValueKind::ConstantFP => match (v.const_float_bits(), scalar_ty(v.ty())) {
                (Some(bits), Some(Ty::Bv(w))) => Ok(Expr::int(bits, w)),
                _ => Err(self.unsupported(format!("constant of type `{}`", v.ty().print()))),
            },
            // The only constant event is `zeroinitializer`: no event.
            ValueKind::Other if v.ty().is_opencl_event() => Ok(Expr::int(0, 64)),
            ValueKind::Undef => match scalar_ty(v.ty()) {
                Some(ty) => Ok(self.havoc(ty)),
                None => Err(self.unsupported(format!("undefined `{}`", v.ty().print()))),
            },
            ValueKind::ConstantExpr => {
                let Some(op) = v.opcode() else {
                    return Err(self.invalid("constant expression without opcode"));
                };
                match self.pure(v, op)? {
                    Some(e) => Ok(e),
                    None => Err(self.unsupported(format!("constant expression `{}`", op_name(op)))),
                }
            }
            _ if matches!(v.ty().kind(), TypeKind::Pointer(_)) => {
                Err(self.unsupported("pointer used as an integer"))
            }
            _ => Err(self.unsupported(format!("value of type `{}`", v.ty().print()))),
        }
    }

    pub fn operand(&mut self, v: Value, i: u32) -> Result<Expr, LiftError> {
        match v.operand(i) {
            Some(o) => self.value(o),
            None => Err(self.invalid(format!("missing operand {i}"))),
        }
    }

    /// A side-effect-free instruction or constant expression as an expression, or
    /// `None` when the opcode is not one of those.
    pub fn pure(&mut self, v: Value, op: Op) -> Result<Option<Expr>, LiftError> {
        use Op::*;
        let result = v.ty();
        let from = v.operand(0).map(|o| o.ty());
        if op == LLVMExtractElement {
            return self.extract_element(v).map(Some);
        }
        if op == LLVMBitCast && from.and_then(|t| t.vector()).is_some() {
            return self.vector_to_scalar(v).map(Some);
        }
        if scalar_ty(result).is_none() {
            return match is_pure(op) {
                true => Err(self.unsupported(format!(
                    "instruction `{}` on `{}`",
                    op_name(op),
                    result.print()
                ))),
                false => Ok(None),
            };
        }
        if !is_pure(op) {
            return Ok(None);
        }
        let mut args = Vec::new();
        for i in 0..v.num_operands() {
            args.push(self.operand(v, i)?);
        }
        let Some(from) = from else {
            return Err(self.invalid(format!("`{}` without operands", op_name(op))));
        };
        self.scalar_op(v, op, args, result, from)
    }

    /// The scalar result of a side-effect-free operation `op` (of instruction `v`, which
    /// supplies comparison predicates) on scalar operands: `result` is the scalar result
    /// type and `from` that of the first operand (for vectors: their element types).
    pub fn scalar_op(
        &mut self,
        v: Value,
        op: Op,
        args: Vec<Expr>,
        result: Type,
        from: Type,
    ) -> Result<Option<Expr>, LiftError> {
        use Op::*;
        let arity = match op {
            LLVMSelect => 3,
            LLVMAdd | LLVMSub | LLVMMul | LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem | LLVMShl
            | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor | LLVMFAdd | LLVMFSub | LLVMFMul
            | LLVMFDiv | LLVMFRem | LLVMICmp | LLVMFCmp => 2,
            _ => 1,
        };
        if args.len() < arity {
            return Err(self.invalid(format!("missing operand of `{}`", op_name(op))));
        }
        let mut args = args.into_iter();
        let mut next = || args.next().unwrap_or(Expr::Bool(false));
        let e = match op {
            LLVMAdd | LLVMSub | LLVMMul | LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem | LLVMShl
            | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor => {
                let (a, b) = (next(), next());
                self.int_binary(op, a, b)
            }
            LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem => {
                let args = vec![next(), next()];
                let func = format!("{}.{}", op_name(op), type_name(result));
                apply(func, args, result)
            }
            LLVMFNeg => apply(format!("fneg.{}", type_name(result)), vec![next()], result),
            LLVMICmp => {
                let (a, b) = (next(), next());
                match v.icmp_pred() {
                    Some(p) => self.icmp(p, a, b),
                    None => return Err(self.invalid("icmp without predicate")),
                }
            }
            LLVMFCmp => {
                let (a, b) = (next(), next());
                self.fcmp(v, a, b, from)?
            }
            LLVMSelect => {
                let c = next();
                let c = to_bool(c.clone(), self.ty(&c));
                Expr::ite(c, next(), next())
            }
            LLVMFreeze => next(),
            LLVMTrunc | LLVMZExt | LLVMSExt | LLVMBitCast => self.int_cast(op, next(), result)?,
            LLVMFPTrunc | LLVMFPExt | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP | LLVMSIToFP => {
                let func = format!("{}.{}.{}", op_name(op), type_name(from), type_name(result));
                apply(func, vec![next()], result)
            }
            _ => return Ok(None),
        };
        Ok(Some(e))
    }

    fn int_binary(&self, op: Op, a: Expr, b: Expr) -> Expr {
        use Op::*;
        let bin = match op {
            LLVMAdd => BinOp::Add,
            LLVMSub => BinOp::Sub,
            LLVMMul => BinOp::Mul,
            LLVMUDiv => BinOp::UDiv,
            LLVMSDiv => BinOp::SDiv,
            LLVMURem => BinOp::URem,
            LLVMSRem => BinOp::SRem,
            LLVMShl => BinOp::Shl,
            LLVMLShr => BinOp::LShr,
            LLVMAShr => BinOp::AShr,
            LLVMAnd => BinOp::And,
            LLVMOr => BinOp::Or,
            _ => BinOp::Xor,
        };
        if self.ty(&a) != Ty::Bool {
            return Expr::bin(bin, a, b);
        }
        // `i1` arithmetic: the logical operators directly, the rest on `bv1`.
        match bin {
            BinOp::And | BinOp::Or | BinOp::Xor => Expr::bin(bin, a, b),
            BinOp::Add | BinOp::Sub => Expr::bin(BinOp::Xor, a, b),
            BinOp::Mul => Expr::bin(BinOp::And, a, b),
            _ => bv1_to_bool(Expr::bin(bin, self.to_bv(a), self.to_bv(b))),
        }
    }

    fn int_cast(&self, op: Op, a: Expr, to: Type) -> Result<Expr, LiftError> {
        let from = self.ty(&a);
        let Some(to_ty) = scalar_ty(to) else {
            return Err(self.unsupported(format!("cast to `{}`", to.print())));
        };
        Ok(match (op, from, to_ty) {
            (_, f, t) if f == t => a,
            (Op::LLVMZExt, Ty::Bool, Ty::Bv(w)) => Expr::ite(a, Expr::int(1, w), Expr::int(0, w)),
            (Op::LLVMSExt, Ty::Bool, Ty::Bv(w)) => {
                Expr::ite(a, Expr::int(u64::MAX, w), Expr::int(0, w))
            }
            (Op::LLVMZExt, _, Ty::Bv(w)) => Expr::cast(CastOp::ZExt, w, a),
            (Op::LLVMSExt, _, Ty::Bv(w)) => Expr::cast(CastOp::SExt, w, a),
            (Op::LLVMTrunc, _, Ty::Bool) => bv1_to_bool(Expr::cast(CastOp::Trunc, 1, a)),
            (Op::LLVMTrunc, _, Ty::Bv(w)) => Expr::cast(CastOp::Trunc, w, a),
            _ => {
                return Err(self.unsupported(format!(
                    "instruction `{}` from {from:?} to `{}`",
                    op_name(op),
                    to.print()
                )))
            }
        })
    }

    fn fcmp(&mut self, v: Value, a: Expr, b: Expr, t: Type) -> Result<Expr, LiftError> {
        use LLVMRealPredicate::*;
        let Some(pred) = v.fcmp_pred() else {
            return Err(self.invalid("fcmp without predicate"));
        };
        let name = match pred {
            LLVMRealPredicateFalse => return Ok(Expr::ff()),
            LLVMRealPredicateTrue => return Ok(Expr::tt()),
            LLVMRealOEQ => "oeq",
            LLVMRealOGT => "ogt",
            LLVMRealOGE => "oge",
            LLVMRealOLT => "olt",
            LLVMRealOLE => "ole",
            LLVMRealONE => "one",
            LLVMRealORD => "ord",
            LLVMRealUNO => "uno",
            LLVMRealUEQ => "ueq",
            LLVMRealUGT => "ugt",
            LLVMRealUGE => "uge",
            LLVMRealULT => "ult",
            LLVMRealULE => "ule",
            LLVMRealUNE => "une",
        };
        Ok(Expr::Apply {
            func: format!("fcmp.{name}.{}", type_name(t)),
            args: vec![a, b],
            ty: Ty::Bool,
        })
    }
}

/// The opcodes of side-effect-free operations on scalars (and, lane-wise, on vectors).
pub fn is_pure(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        LLVMAdd
            | LLVMSub
            | LLVMMul
            | LLVMUDiv
            | LLVMSDiv
            | LLVMURem
            | LLVMSRem
            | LLVMShl
            | LLVMLShr
            | LLVMAShr
            | LLVMAnd
            | LLVMOr
            | LLVMXor
            | LLVMTrunc
            | LLVMZExt
            | LLVMSExt
            | LLVMICmp
            | LLVMFCmp
            | LLVMSelect
            | LLVMFreeze
            | LLVMBitCast
            | LLVMFAdd
            | LLVMFSub
            | LLVMFMul
            | LLVMFDiv
            | LLVMFRem
            | LLVMFNeg
            | LLVMFPTrunc
            | LLVMFPExt
            | LLVMFPToUI
            | LLVMFPToSI
            | LLVMUIToFP
            | LLVMSIToFP
    )
}

/// An uninterpreted function application with the KIR type of `result`.
fn apply(func: String, args: Vec<Expr>, result: Type) -> Expr {
    Expr::Apply {
        func,
        args,
        ty: scalar_ty(result).unwrap_or(Ty::Bool),
    }
}

impl Lifter {
    /// An integer comparison; Boolean operands are compared as `bv1` where it matters.
    pub fn icmp(&self, p: IntPred, a: Expr, b: Expr) -> Expr {
        use IntPred::*;
        let op = match p {
            LLVMIntEQ => BinOp::Eq,
            LLVMIntNE => BinOp::Ne,
            LLVMIntUGT => BinOp::Ugt,
            LLVMIntUGE => BinOp::Uge,
            LLVMIntULT => BinOp::Ult,
            LLVMIntULE => BinOp::Ule,
            LLVMIntSGT => BinOp::Sgt,
            LLVMIntSGE => BinOp::Sge,
            LLVMIntSLT => BinOp::Slt,
            LLVMIntSLE => BinOp::Sle,
        };
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            Expr::bin(op, a, b)
        } else {
            Expr::bin(op, self.to_bv(a), self.to_bv(b))
        }
    }
}
