//! Accessors of particular instructions and constants: the elements of constant
//! aggregates and `shufflevector` masks.

use inkwell::llvm_sys::core::*;

use super::{Op, Value};

impl Value {
    /// Element `i` of a constant vector, array or struct (also of `zeroinitializer`,
    /// `undef` and `poison`).
    pub fn aggregate_element(self, i: u32) -> Option<Value> {
        // SAFETY: `self` is a valid value; the element check guards the constant API.
        unsafe {
            if LLVMIsAConstant(self.0).is_null() {
                return None;
            }
            Value::from_raw(LLVMGetAggregateElement(self.0, i))
        }
    }

    /// The mask of a `shufflevector`: the source lane of every result lane (`None` for
    /// an undefined lane). Lanes of the second operand follow those of the first.
    pub fn shuffle_mask(self) -> Vec<Option<u32>> {
        if self.opcode() != Some(Op::LLVMShuffleVector) {
            return Vec::new();
        }
        unsafe {
            let undef = LLVMGetUndefMaskElem();
            let n = LLVMGetNumMaskElements(self.0);
            (0..n)
                .map(|i| match LLVMGetMaskValue(self.0, i) {
                    m if m == undef || m < 0 => None,
                    m => Some(m as u32),
                })
                .collect()
        }
    }
}
