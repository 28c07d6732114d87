//! `icmp` of two pointers, case by case over their bases: two pointers with the same
//! base compare their offsets; a global or private array is a distinct object, never
//! equal to another base; whether two pointer parameters (or a parameter and null) are
//! equal is arbitrary: the race checks take parameters to be distinct buffers, but the
//! host may pass one buffer twice, or null. Orders across bases are arbitrary.

use kir::{Expr, RegionOrigin, Stmt, Ty};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::{IntPred, Value};
use crate::pointers::Base;

impl Lifter {
    pub fn pointer_compare(&mut self, inst: Value) -> Result<(), LiftError> {
        let (Some(a), Some(b), Some(pred)) = (inst.operand(0), inst.operand(1), inst.icmp_pred())
        else {
            return Err(self.invalid("icmp without operands"));
        };
        if self.is_function_pointer(a) || self.is_function_pointer(b) {
            return self.function_pointer_compare(inst);
        }
        let (a, b) = (self.cases(a)?, self.cases(b)?);
        let equality = matches!(pred, IntPred::LLVMIntEQ | IntPred::LLVMIntNE);
        let mut arbitrary = None;
        let mut pairs = Vec::new();
        for (ba, ga) in &a.bases {
            for (bb, gb) in &b.bases {
                let value = if ba == bb {
                    self.icmp(pred, a.offset.clone(), b.offset.clone())
                } else if equality && !self.may_be_equal(*ba, *bb) {
                    Expr::Bool(pred == IntPred::LLVMIntNE)
                } else {
                    let v = *arbitrary.get_or_insert_with(|| {
                        let n = self.k.vars.len();
                        self.fresh(format!("ptrcmp{n}"), Ty::Bool)
                    });
                    Expr::Var(v)
                };
                pairs.push((Expr::and(ga.clone(), gb.clone()), value));
            }
        }
        if let Some(v) = arbitrary {
            self.emit(Stmt::Havoc { dst: v });
        }
        // Guards are exclusive and exhaustive: the last pair needs none.
        let mut pairs = pairs.into_iter().rev();
        let Some((_, mut value)) = pairs.next() else {
            return Err(self.invalid("pointer without a base"));
        };
        for (guard, v) in pairs {
            value = Expr::ite(guard, v, value);
        }
        let dst = self.var_of(inst)?;
        self.emit(Stmt::Assign { dst, value });
        Ok(())
    }

    /// Whether two different bases may still be the same address: a pointer parameter
    /// compared with another or with null.
    fn may_be_equal(&self, a: Base, b: Base) -> bool {
        let param = |x: Base| match x {
            Base::Region(r) => matches!(self.k.region(r).origin, RegionOrigin::Param { .. }),
            Base::Null => false,
        };
        (param(a) || param(b)) && (param(a) || a == Base::Null) && (param(b) || b == Base::Null)
    }
}
