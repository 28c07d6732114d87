//! Function pointers: a pointer that names a function is lifted as a 64-bit integer, the
//! function's id (1 + its position in the module; null is 0).
//!
//! The driver has already turned every call through a pointer into a comparison with
//! each function of the call's type whose address the module takes, and a direct call of
//! the one it equals (inlined); what is left for the lifter is:
//! - which pointer values are function pointers ([`function_pointers`]): those compared
//!   with, or merged (phi, select, cast) with, a function or one another, and the pointer
//!   a call through which names no candidate; a kernel parameter among them is a uniform
//!   integer parameter;
//! - `==`/`!=` on ids, and an order between two different functions that is arbitrary
//!   (an uninterpreted relation: addresses are not known);
//! - `__lockstep_invalid_function_pointer(f)`: the call names no function of its type:
//!   an assertion that `f` is not null, then one that the call does not happen;
//! - `__lockstep_bodiless_function_pointer(g)`: a call that may reach `g`, which has no
//!   body to verify: unsupported (GPUVerify's front end rejects it too).

use std::collections::HashSet;

use kir::{AssertOrigin, Expr, Stmt, Ty, OFFSET_WIDTH};

use crate::error::LiftError;
use crate::lifter::{Lifter, Param};
use crate::llvm::{IntPred, Module, Op, TypeKind, Value, ValueKind};

/// The driver's marker of a call through a pointer that names no candidate.
pub const INVALID: &str = "__lockstep_invalid_function_pointer";
/// The driver's marker of a call that may reach a function without a body.
pub const BODILESS: &str = "__lockstep_bodiless_function_pointer";

fn is_pointer(v: Value) -> bool {
    matches!(v.ty().kind(), TypeKind::Pointer(_))
}

/// Values that may be marked: instructions and arguments (constants are read directly).
fn markable(v: Value) -> bool {
    matches!(v.kind(), ValueKind::Instruction | ValueKind::Argument)
}

/// The pointer values of `f` that hold function addresses.
pub fn function_pointers(f: Value) -> HashSet<Value> {
    let insts: Vec<Value> = f.blocks().iter().flat_map(|b| b.instructions()).collect();
    // Groups of pointer values that must all be function pointers if one is.
    let mut groups: Vec<Vec<Value>> = Vec::new();
    let mut marked: HashSet<Value> = HashSet::new();
    for &i in &insts {
        let group: Vec<Value> = match i.opcode() {
            Some(Op::LLVMPHI) if is_pointer(i) => {
                let mut g = vec![i];
                g.extend(i.incoming().into_iter().map(|(v, _)| v));
                g
            }
            Some(Op::LLVMSelect) if is_pointer(i) => {
                vec![i, i.operand(1).unwrap_or(i), i.operand(2).unwrap_or(i)]
            }
            Some(Op::LLVMBitCast | Op::LLVMAddrSpaceCast | Op::LLVMFreeze) if is_pointer(i) => {
                vec![i, i.operand(0).unwrap_or(i)]
            }
            Some(Op::LLVMICmp) if i.operand(0).is_some_and(is_pointer) => {
                i.operand(0).into_iter().chain(i.operand(1)).collect()
            }
            Some(Op::LLVMCall) if i.called_value().is_some_and(|c| c.name() == INVALID) => {
                marked.extend(i.call_args().into_iter().filter(|a| markable(*a)));
                continue;
            }
            _ => continue,
        };
        groups.push(group);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for g in &groups {
            let any = g
                .iter()
                .any(|v| v.kind() == ValueKind::Function || marked.contains(v));
            if !any {
                continue;
            }
            for v in g.iter().filter(|v| markable(**v)) {
                changed |= marked.insert(*v);
            }
        }
    }
    marked
}

/// The id of a function: 1 + its position among the module's functions.
fn function_id(m: Module, f: Value) -> u64 {
    m.functions()
        .iter()
        .position(|g| *g == f)
        .map_or(0, |i| i as u64 + 1)
}

impl Lifter {
    pub fn is_function_pointer(&self, v: Value) -> bool {
        v.kind() == ValueKind::Function || self.function_ptrs.contains(&v)
    }

    /// A function pointer as its id (`Bv(64)`).
    pub fn function_pointer(&mut self, v: Value) -> Result<Expr, LiftError> {
        let id = |x| Expr::int(x, OFFSET_WIDTH);
        match v.kind() {
            ValueKind::Function => Ok(id(function_id(self.m, v))),
            ValueKind::NullPointer => Ok(id(0)),
            ValueKind::Undef => Ok(self.havoc(Ty::Bv(OFFSET_WIDTH))),
            ValueKind::Argument => match self.params.get(&v) {
                Some(Param::Scalar(var)) => Ok(Expr::Var(*var)),
                _ => Err(self.unsupported("function pointer parameter")),
            },
            ValueKind::Instruction | ValueKind::ConstantExpr => match v.opcode() {
                Some(Op::LLVMPHI) => self.var_of(v).map(Expr::Var),
                Some(Op::LLVMSelect) => {
                    let c = self.operand(v, 0)?;
                    let c = crate::values::to_bool(c.clone(), self.ty(&c));
                    let (Some(a), Some(b)) = (v.operand(1), v.operand(2)) else {
                        return Err(self.invalid("select without operands"));
                    };
                    let (a, b) = (self.function_pointer(a)?, self.function_pointer(b)?);
                    Ok(Expr::ite(c, a, b))
                }
                Some(Op::LLVMBitCast | Op::LLVMAddrSpaceCast | Op::LLVMFreeze) => {
                    match v.operand(0) {
                        Some(o) => self.function_pointer(o),
                        None => Err(self.invalid("cast without operand")),
                    }
                }
                Some(Op::LLVMLoad) => Err(self.unsupported("function pointer loaded from memory")),
                Some(Op::LLVMCall) => Err(self.unsupported("function pointer returned by a call")),
                Some(op) => Err(self.unsupported(format!(
                    "function pointer made by `{}`",
                    crate::lifter::op_name(op)
                ))),
                None => Err(self.invalid("instruction without opcode")),
            },
            _ => Err(self.unsupported("function pointer")),
        }
    }

    /// `icmp` of two function pointers: ids are equal exactly when the functions are;
    /// the order of two different functions is arbitrary.
    pub fn function_pointer_compare(&mut self, inst: Value) -> Result<(), LiftError> {
        let (Some(a), Some(b), Some(pred)) = (inst.operand(0), inst.operand(1), inst.icmp_pred())
        else {
            return Err(self.invalid("icmp without operands"));
        };
        let (a, b) = (self.function_pointer(a)?, self.function_pointer(b)?);
        let same = Expr::eq(a.clone(), b.clone());
        let before = |x: &Expr, y: &Expr| Expr::Apply {
            func: "function_pointer.before".to_string(),
            args: vec![x.clone(), y.clone()],
            ty: Ty::Bool,
        };
        use IntPred::*;
        let value = match pred {
            LLVMIntEQ => same,
            LLVMIntNE => Expr::not(same),
            LLVMIntULT | LLVMIntSLT => Expr::and(Expr::not(same), before(&a, &b)),
            LLVMIntUGT | LLVMIntSGT => Expr::and(Expr::not(same), before(&b, &a)),
            LLVMIntULE | LLVMIntSLE => Expr::or(same, before(&a, &b)),
            LLVMIntUGE | LLVMIntSGE => Expr::or(same, before(&b, &a)),
        };
        let dst = self.var_of(inst)?;
        self.emit(Stmt::Assign { dst, value });
        Ok(())
    }

    /// The driver's markers of calls through function pointers.
    pub fn function_pointer_marker(&mut self, name: &str, args: &[Value]) -> Result<(), LiftError> {
        let Some(&p) = args.first() else {
            return Err(self.invalid(format!("`{name}` without argument")));
        };
        if name == BODILESS {
            let shown = crate::debug::function_name(self.m, p)
                .unwrap_or_else(|| crate::names::demangle(&p.name()));
            return Err(self.unsupported(format!(
                "call through a function pointer that may point to `{shown}`, which has no body"
            )));
        }
        let f = self.function_pointer(p)?;
        self.emit(Stmt::Assert {
            cond: Expr::ne(f, Expr::int(0, OFFSET_WIDTH)),
            origin: AssertOrigin::NullPointer,
        });
        self.emit(Stmt::Assert {
            cond: Expr::ff(),
            origin: AssertOrigin::InvalidFunctionPointer,
        });
        Ok(())
    }
}
