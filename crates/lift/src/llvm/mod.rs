//! A thin, copyable view of the LLVM C API: values, types, blocks and target data.
//!
//! Every `unsafe` call of the lifter into LLVM lives in this module or in `debug.rs`. The
//! handles are plain pointers that are valid while the module being lifted is alive;
//! they are crate-private and never outlive a call to [`crate::lift`] or
//! [`crate::kernel_names`], which borrow the module for their whole run.

mod instructions;
mod module;
mod types;

use std::ffi::c_char;

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMAtomicOrdering, LLVMValueKind};

pub use module::{BasicBlock, Module};
pub use types::{TargetData, Type, TypeKind};

pub use inkwell::llvm_sys::{LLVMIntPredicate as IntPred, LLVMOpcode as Op, LLVMRealPredicate};

/// An LLVM value (instruction, argument, constant, global, ...). Never null.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value(pub(crate) LLVMValueRef);

/// What a value is, as far as the lifter cares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueKind {
    Argument,
    Function,
    GlobalVariable,
    ConstantExpr,
    ConstantInt,
    ConstantFP,
    /// A constant vector, array or struct (`<i32 1, i32 2>`, `zeroinitializer`, ...).
    ConstantAggregate,
    NullPointer,
    Undef,
    Instruction,
    Metadata,
    InlineAsm,
    /// Block addresses, tokens, ...
    Other,
}

pub(crate) fn opt<T>(p: *mut T) -> Option<*mut T> {
    (!p.is_null()).then_some(p)
}

pub(crate) fn c_str(p: *const c_char, len: usize) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: LLVM returned a pointer to `len` bytes it owns.
    let bytes = unsafe { std::slice::from_raw_parts(p as *const u8, len) };
    String::from_utf8_lossy(bytes).into_owned()
}

impl Value {
    pub(crate) fn from_raw(v: LLVMValueRef) -> Option<Value> {
        opt(v).map(Value)
    }

    pub fn kind(self) -> ValueKind {
        use LLVMValueKind::*;
        // SAFETY: `self` is a valid value (module invariant).
        match unsafe { LLVMGetValueKind(self.0) } {
            LLVMArgumentValueKind => ValueKind::Argument,
            LLVMFunctionValueKind => ValueKind::Function,
            LLVMGlobalVariableValueKind => ValueKind::GlobalVariable,
            LLVMConstantExprValueKind => ValueKind::ConstantExpr,
            LLVMConstantIntValueKind => ValueKind::ConstantInt,
            LLVMConstantFPValueKind => ValueKind::ConstantFP,
            LLVMConstantDataVectorValueKind
            | LLVMConstantVectorValueKind
            | LLVMConstantAggregateZeroValueKind
            | LLVMConstantDataArrayValueKind
            | LLVMConstantArrayValueKind
            | LLVMConstantStructValueKind => ValueKind::ConstantAggregate,
            LLVMConstantPointerNullValueKind => ValueKind::NullPointer,
            LLVMUndefValueValueKind | LLVMPoisonValueKind => ValueKind::Undef,
            LLVMInstructionValueKind => ValueKind::Instruction,
            LLVMMetadataAsValueValueKind => ValueKind::Metadata,
            LLVMInlineAsmValueKind => ValueKind::InlineAsm,
            _ => ValueKind::Other,
        }
    }

    pub fn ty(self) -> Type {
        Type(unsafe { LLVMTypeOf(self.0) })
    }

    /// The value's name in the IR (empty when unnamed).
    pub fn name(self) -> String {
        let mut len = 0;
        let p = unsafe { LLVMGetValueName2(self.0, &mut len) };
        c_str(p, len)
    }

    pub fn num_operands(self) -> u32 {
        let n = unsafe { LLVMGetNumOperands(self.0) };
        n.max(0) as u32
    }

    pub fn operand(self, i: u32) -> Option<Value> {
        if i >= self.num_operands() {
            return None;
        }
        Value::from_raw(unsafe { LLVMGetOperand(self.0, i) })
    }

    /// The opcode of an instruction or constant expression.
    pub fn opcode(self) -> Option<Op> {
        match self.kind() {
            ValueKind::Instruction => Some(unsafe { LLVMGetInstructionOpcode(self.0) }),
            ValueKind::ConstantExpr => Some(unsafe { LLVMGetConstOpcode(self.0) }),
            _ => None,
        }
    }

    /// The zero-extended value of a `ConstantInt` of at most 64 bits.
    pub fn const_int(self) -> Option<u64> {
        match (self.kind(), self.ty().kind()) {
            (ValueKind::ConstantInt, TypeKind::Int(w)) if w <= 64 => {
                Some(unsafe { LLVMConstIntGetZExtValue(self.0) })
            }
            _ => None,
        }
    }

    /// The bit pattern of a `ConstantFP` of at most 64 bits (folded through a bitcast to
    /// the integer type of the same width).
    pub fn const_float_bits(self) -> Option<u64> {
        let TypeKind::Float(w, _) = self.ty().kind() else {
            return None;
        };
        if self.kind() != ValueKind::ConstantFP || w > 64 {
            return None;
        }
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.0));
            let int = LLVMIntTypeInContext(ctx, w);
            Value::from_raw(LLVMConstBitCast(self.0, int))?.const_int()
        }
    }

    /// The predicate of an `icmp` instruction or constant expression.
    pub fn icmp_pred(self) -> Option<IntPred> {
        (self.opcode() == Some(Op::LLVMICmp)).then(|| unsafe { LLVMGetICmpPredicate(self.0) })
    }

    /// The predicate of an `fcmp` instruction or constant expression.
    pub fn fcmp_pred(self) -> Option<LLVMRealPredicate> {
        (self.opcode() == Some(Op::LLVMFCmp)).then(|| unsafe { LLVMGetFCmpPredicate(self.0) })
    }

    /// The callee operand of a call.
    pub fn called_value(self) -> Option<Value> {
        if !matches!(
            self.opcode(),
            Some(Op::LLVMCall | Op::LLVMInvoke | Op::LLVMCallBr)
        ) {
            return None;
        }
        Value::from_raw(unsafe { LLVMGetCalledValue(self.0) })
    }

    fn is_inst(self, op: Op) -> bool {
        self.kind() == ValueKind::Instruction && self.opcode() == Some(op)
    }

    /// The argument operands of a call.
    pub fn call_args(self) -> Vec<Value> {
        if self.called_value().is_none() {
            return Vec::new();
        }
        let n = unsafe { LLVMGetNumArgOperands(self.0) };
        (0..n).filter_map(|i| self.operand(i)).collect()
    }

    /// The incoming (value, block) pairs of a phi node.
    pub fn incoming(self) -> Vec<(Value, BasicBlock)> {
        if !self.is_inst(Op::LLVMPHI) {
            return Vec::new();
        }
        let n = unsafe { LLVMCountIncoming(self.0) };
        (0..n)
            .filter_map(|i| unsafe {
                let v = Value::from_raw(LLVMGetIncomingValue(self.0, i))?;
                let b = opt(LLVMGetIncomingBlock(self.0, i))?;
                Some((v, BasicBlock(b)))
            })
            .collect()
    }

    /// The successors of a terminator, in operand order (for `br`: true, then false;
    /// for `switch`: default, then the cases).
    pub fn successors(self) -> Vec<BasicBlock> {
        let terminator = matches!(
            self.opcode(),
            Some(
                Op::LLVMBr | Op::LLVMSwitch | Op::LLVMIndirectBr | Op::LLVMInvoke | Op::LLVMCallBr
            )
        );
        if self.kind() != ValueKind::Instruction || !terminator {
            return Vec::new();
        }
        let n = unsafe { LLVMGetNumSuccessors(self.0) };
        (0..n)
            .filter_map(|i| opt(unsafe { LLVMGetSuccessor(self.0, i) }).map(BasicBlock))
            .collect()
    }

    /// Whether a `br` instruction is conditional.
    pub fn is_conditional(self) -> bool {
        self.is_inst(Op::LLVMBr) && unsafe { LLVMIsConditional(self.0) != 0 }
    }

    pub fn allocated_type(self) -> Option<Type> {
        if !self.is_inst(Op::LLVMAlloca) {
            return None;
        }
        opt(unsafe { LLVMGetAllocatedType(self.0) }).map(Type)
    }

    /// The source element type of a GEP instruction or constant expression.
    pub fn gep_source_type(self) -> Option<Type> {
        if self.opcode() != Some(Op::LLVMGetElementPtr) {
            return None;
        }
        opt(unsafe { LLVMGetGEPSourceElementType(self.0) }).map(Type)
    }

    /// Whether a load or store is atomic.
    pub fn is_atomic_access(self) -> bool {
        (self.is_inst(Op::LLVMLoad) || self.is_inst(Op::LLVMStore))
            && unsafe { LLVMGetOrdering(self.0) != LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic }
    }

    /// The value type of a global variable.
    pub fn global_value_type(self) -> Option<Type> {
        if !matches!(self.kind(), ValueKind::GlobalVariable | ValueKind::Function) {
            return None;
        }
        opt(unsafe { LLVMGlobalGetValueType(self.0) }).map(Type)
    }

    /// Whether a function or global is only declared here.
    pub fn is_declaration(self) -> bool {
        matches!(self.kind(), ValueKind::GlobalVariable | ValueKind::Function)
            && unsafe { LLVMIsDeclaration(self.0) != 0 }
    }

    pub fn call_conv(self) -> u32 {
        if self.kind() != ValueKind::Function {
            return 0;
        }
        unsafe { LLVMGetFunctionCallConv(self.0) }
    }

    pub fn params(self) -> Vec<Value> {
        if self.kind() != ValueKind::Function {
            return Vec::new();
        }
        let n = unsafe { LLVMCountParams(self.0) };
        (0..n)
            .filter_map(|i| Value::from_raw(unsafe { LLVMGetParam(self.0, i) }))
            .collect()
    }

    pub fn blocks(self) -> Vec<BasicBlock> {
        let mut out = Vec::new();
        if self.kind() != ValueKind::Function {
            return out;
        }
        let mut b = unsafe { LLVMGetFirstBasicBlock(self.0) };
        while let Some(bb) = opt(b) {
            out.push(BasicBlock(bb));
            b = unsafe { LLVMGetNextBasicBlock(bb) };
        }
        out
    }

    /// Whether an enum attribute (`byval`, ...) is set at `index` (0 the return value,
    /// `i + 1` parameter `i`, `u32::MAX` the function) of this function or call site.
    pub fn has_attr(self, index: u32, name: &str, call_site: bool) -> bool {
        self.attr_value(index, name, call_site).is_some()
    }

    /// The integer payload of an enum attribute, when present.
    pub fn attr_value(self, index: u32, name: &str, call_site: bool) -> Option<u64> {
        let ok = if call_site {
            self.called_value().is_some()
        } else {
            self.kind() == ValueKind::Function
        };
        if !ok {
            return None;
        }
        unsafe {
            let kind = LLVMGetEnumAttributeKindForName(name.as_ptr() as *const c_char, name.len());
            if kind == 0 {
                return None;
            }
            let a = if call_site {
                LLVMGetCallSiteEnumAttribute(self.0, index, kind)
            } else {
                LLVMGetEnumAttributeAtIndex(self.0, index, kind)
            };
            opt(a).map(|a| LLVMGetEnumAttributeValue(a))
        }
    }

    /// Operands of a metadata node wrapped as a value (a `ValueAsMetadata` wrapper
    /// yields its value). Empty for anything else.
    pub fn md_operands(self) -> Vec<Option<Value>> {
        unsafe {
            if self.kind() != ValueKind::Metadata || LLVMIsAMDNode(self.0).is_null() {
                return Vec::new();
            }
            let n = LLVMGetMDNodeNumOperands(self.0) as usize;
            let mut ops = vec![std::ptr::null_mut(); n];
            LLVMGetMDNodeOperands(self.0, ops.as_mut_ptr());
            ops.into_iter().map(Value::from_raw).collect()
        }
    }

    /// The string of an `MDString` wrapped as a value.
    pub fn md_string(self) -> Option<String> {
        if self.kind() != ValueKind::Metadata {
            return None;
        }
        let mut len = 0;
        let p = unsafe { LLVMGetMDString(self.0, &mut len) };
        (!p.is_null()).then(|| c_str(p, len as usize))
    }
}
