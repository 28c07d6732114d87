//! Annotations about whole arrays and atomic results:
//!
//! - `__array_snapshot(dst, src)` copies every byte of array `src` into array `dst` as a
//!   ghost operation (the copy does not happen when the kernel runs, so `dst` should be
//!   an array only annotations read): `havoc_memory dst` followed by the assumption
//!   [`Ghost::Snapshot`] (`dst` holds what `src` holds, in the memory of the thread that
//!   makes the copy). It is not an access: no race is checked. Both pointers must be the
//!   start of an array; the lock-step stage checks that the arrays match (it knows their
//!   element sizes, which are settled once the whole kernel is lifted).
//! - `__atomic_has_taken_value(p, index, value)`: whether an atomic on the cell `index`
//!   cells after `p` has returned `value` to this work item since the last barrier, a
//!   [`Ghost::TakenValue`] that the lock-step stage reads from the work item's log of
//!   atomic results.

use kir::{Expr, Ghost, Region, Stmt, Ty};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::Value;

impl Lifter {
    /// `__array_snapshot(dst, src)`.
    pub(crate) fn array_snapshot(&mut self, args: &[Value]) -> Result<(), LiftError> {
        let dst = self.whole_array(args, 0)?;
        let src = self.whole_array(args, 1)?;
        self.emit(Stmt::HavocMemory {
            pred: Expr::tt(),
            region: dst,
        });
        let cond = Ghost::Snapshot {
            dst,
            src,
            thread: None,
        }
        .to_expr(&self.k);
        self.emit(Stmt::Assume { cond });
        Ok(())
    }

    /// The array that address argument `i` is the start of.
    fn whole_array(&mut self, args: &[Value], i: usize) -> Result<Region, LiftError> {
        let Some(rest) = args.get(i..).filter(|r| !r.is_empty()) else {
            return Err(self.invalid(format!("missing call argument {i}")));
        };
        let p = self.pointer_arg(rest)?;
        match p.offset {
            Expr::Int { value: 0, .. } => Ok(p.region),
            _ => {
                let name = &self.k.region(p.region).name;
                Err(self.unsupported(format!(
                    "`__array_snapshot` of a pointer that may not be the start of `{name}`"
                )))
            }
        }
    }

    /// `__atomic_has_taken_value(p, index, value)`.
    pub(crate) fn atomic_has_taken_value(
        &mut self,
        inst: Value,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let p = self.pointer_arg(args)?;
        let index = self.arg(args, 1)?;
        let value = self.arg(args, 2)?;
        let [index, value] = [index, value].map(|e| match self.ty(&e) {
            Ty::Bv(64) => e,
            Ty::Bv(_) => Expr::cast(kir::CastOp::ZExt, 64, e),
            Ty::Bool => Expr::ite(e, Expr::int(1, 64), Expr::int(0, 64)),
        });
        let e = Ghost::TakenValue {
            region: p.region,
            base: &p.offset,
            index: &index,
            value: &value,
        }
        .to_expr(&self.k);
        self.define(inst, e)
    }
}
