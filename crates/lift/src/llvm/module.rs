//! The module and its basic blocks.

use std::ffi::{CStr, CString};

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;

use super::{opt, Value};

/// An LLVM basic block. Never null.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BasicBlock(pub(super) LLVMBasicBlockRef);

impl BasicBlock {
    pub fn as_value(self) -> Value {
        Value(unsafe { LLVMBasicBlockAsValue(self.0) })
    }

    pub fn instructions(self) -> Vec<Value> {
        let mut out = Vec::new();
        let mut i = unsafe { LLVMGetFirstInstruction(self.0) };
        while let Some(inst) = opt(i) {
            out.push(Value(inst));
            i = unsafe { LLVMGetNextInstruction(inst) };
        }
        out
    }

    pub fn name(self) -> String {
        self.as_value().name()
    }
}

/// The module-level questions of the lifter.
#[derive(Clone, Copy)]
pub struct Module(pub(super) LLVMModuleRef);

impl Module {
    pub fn new(m: &inkwell::module::Module<'_>) -> Module {
        Module(m.as_mut_ptr())
    }

    pub(crate) fn raw(self) -> LLVMModuleRef {
        self.0
    }

    pub fn functions(self) -> Vec<Value> {
        let mut out = Vec::new();
        let mut f = unsafe { LLVMGetFirstFunction(self.0) };
        while let Some(func) = opt(f) {
            out.push(Value(func));
            f = unsafe { LLVMGetNextFunction(func) };
        }
        out
    }

    pub fn data_layout(self) -> String {
        let p = unsafe { LLVMGetDataLayoutStr(self.0) };
        if p.is_null() {
            return String::new();
        }
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }

    pub fn triple(self) -> String {
        let p = unsafe { LLVMGetTarget(self.0) };
        if p.is_null() {
            return String::new();
        }
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }

    /// The operands (metadata nodes as values) of a named metadata list.
    pub fn named_metadata(self, name: &str) -> Vec<Value> {
        let Ok(c) = CString::new(name) else {
            return Vec::new();
        };
        unsafe {
            let n = LLVMGetNamedMetadataNumOperands(self.0, c.as_ptr()) as usize;
            let mut ops = vec![std::ptr::null_mut(); n];
            LLVMGetNamedMetadataOperands(self.0, c.as_ptr(), ops.as_mut_ptr());
            ops.into_iter().filter_map(Value::from_raw).collect()
        }
    }
}
