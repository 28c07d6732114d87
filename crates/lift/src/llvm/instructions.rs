//! Accessors of particular instructions and constants: the elements of constant
//! aggregates, `shufflevector` masks, `extractvalue` indices, alignments and atomic
//! operations.

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::LLVMAtomicRMWBinOp;

use super::{Op, Value, ValueKind};

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

    /// The constant indices of an `extractvalue` or `insertvalue`.
    pub fn indices(self) -> Vec<u32> {
        if !matches!(
            self.opcode(),
            Some(Op::LLVMExtractValue | Op::LLVMInsertValue)
        ) {
            return Vec::new();
        }
        unsafe {
            let n = LLVMGetNumIndices(self.0) as usize;
            let p = LLVMGetIndices(self.0);
            if p.is_null() {
                return Vec::new();
            }
            std::slice::from_raw_parts(p, n).to_vec()
        }
    }

    /// The declared alignment of an `alloca` or a global variable, in bytes.
    pub fn alignment(self) -> Option<u64> {
        let ok = self.kind() == ValueKind::GlobalVariable
            || (self.kind() == ValueKind::Instruction && self.opcode() == Some(Op::LLVMAlloca));
        ok.then(|| unsafe { LLVMGetAlignment(self.0) } as u64)
            .filter(|a| *a > 0)
    }

    /// The function of an argument and the argument's position in it.
    pub fn param_of(self) -> Option<(Value, u32)> {
        if self.kind() != ValueKind::Argument {
            return None;
        }
        let f = Value::from_raw(unsafe { LLVMGetParamParent(self.0) })?;
        let i = f.params().iter().position(|p| *p == self)?;
        Some((f, i as u32))
    }

    /// The operation of an `atomicrmw`, as LLVM spells it (`add`, `xchg`, `fadd`, ...).
    pub fn rmw_op(self) -> Option<&'static str> {
        use LLVMAtomicRMWBinOp::*;
        if self.opcode() != Some(Op::LLVMAtomicRMW) {
            return None;
        }
        Some(match unsafe { LLVMGetAtomicRMWBinOp(self.0) } {
            LLVMAtomicRMWBinOpXchg => "xchg",
            LLVMAtomicRMWBinOpAdd => "add",
            LLVMAtomicRMWBinOpSub => "sub",
            LLVMAtomicRMWBinOpAnd => "and",
            LLVMAtomicRMWBinOpNand => "nand",
            LLVMAtomicRMWBinOpOr => "or",
            LLVMAtomicRMWBinOpXor => "xor",
            LLVMAtomicRMWBinOpMax => "max",
            LLVMAtomicRMWBinOpMin => "min",
            LLVMAtomicRMWBinOpUMax => "umax",
            LLVMAtomicRMWBinOpUMin => "umin",
            LLVMAtomicRMWBinOpFAdd => "fadd",
            LLVMAtomicRMWBinOpFSub => "fsub",
            LLVMAtomicRMWBinOpFMax => "fmax",
            LLVMAtomicRMWBinOpFMin => "fmin",
            LLVMAtomicRMWBinOpUIncWrap => "uinc_wrap",
            LLVMAtomicRMWBinOpUDecWrap => "udec_wrap",
        })
    }

    /// Whether a `cmpxchg` is `weak` (it may fail even when the values are equal).
    pub fn is_weak(self) -> bool {
        self.opcode() == Some(Op::LLVMAtomicCmpXchg) && unsafe { LLVMGetWeak(self.0) != 0 }
    }

    /// The initializer of a global variable declared `constant`.
    pub fn constant_initializer(self) -> Option<Value> {
        if self.kind() != ValueKind::GlobalVariable {
            return None;
        }
        unsafe {
            if LLVMIsGlobalConstant(self.0) == 0 {
                return None;
            }
            Value::from_raw(LLVMGetInitializer(self.0))
        }
    }
}
