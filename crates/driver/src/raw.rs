//! A thin view of the LLVM C API for the IR rewrites of the driver (`contracts.rs`):
//! walking functions, blocks and instructions, cloning and erasing instructions, declaring
//! functions. Every `unsafe` call of the driver into LLVM lives here; the handles are valid
//! while the module they come from is alive, which the callers guarantee by borrowing it.

use std::ffi::CString;

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

pub(crate) type Value = LLVMValueRef;
pub(crate) type Block = LLVMBasicBlockRef;
pub(crate) type Type = LLVMTypeRef;

pub(crate) fn functions(m: LLVMModuleRef) -> Vec<Value> {
    let mut out = Vec::new();
    let mut f = unsafe { LLVMGetFirstFunction(m) };
    while !f.is_null() {
        out.push(f);
        f = unsafe { LLVMGetNextFunction(f) };
    }
    out
}

pub(crate) fn blocks(f: Value) -> Vec<Block> {
    let mut out = Vec::new();
    let mut b = unsafe { LLVMGetFirstBasicBlock(f) };
    while !b.is_null() {
        out.push(b);
        b = unsafe { LLVMGetNextBasicBlock(b) };
    }
    out
}

pub(crate) fn instructions(b: Block) -> Vec<Value> {
    let mut out = Vec::new();
    let mut i = unsafe { LLVMGetFirstInstruction(b) };
    while !i.is_null() {
        out.push(i);
        i = unsafe { LLVMGetNextInstruction(i) };
    }
    out
}

pub(crate) fn name(v: Value) -> String {
    let mut len = 0usize;
    let p = unsafe { LLVMGetValueName2(v, &mut len) };
    if p.is_null() {
        return String::new();
    }
    let bytes = unsafe { std::slice::from_raw_parts(p as *const u8, len) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// The opcode of an instruction; `None` for arguments, constants and globals.
pub(crate) fn opcode(v: Value) -> Option<LLVMOpcode> {
    let is_inst = unsafe { !LLVMIsAInstruction(v).is_null() };
    is_inst.then(|| unsafe { LLVMGetInstructionOpcode(v) })
}

/// The called function of a direct call.
pub(crate) fn callee(call: Value) -> Option<Value> {
    if opcode(call) != Some(LLVMOpcode::LLVMCall) {
        return None;
    }
    let c = unsafe { LLVMGetCalledValue(call) };
    let is_fn = !c.is_null() && unsafe { !LLVMIsAFunction(c).is_null() };
    is_fn.then_some(c)
}

/// The name of the function a direct call calls.
pub(crate) fn callee_name(call: Value) -> Option<String> {
    callee(call).map(name)
}

pub(crate) fn num_operands(v: Value) -> u32 {
    unsafe { LLVMGetNumOperands(v) as u32 }
}

pub(crate) fn operand(v: Value, i: u32) -> Value {
    unsafe { LLVMGetOperand(v, i) }
}

pub(crate) fn set_operand(v: Value, i: u32, to: Value) {
    unsafe { LLVMSetOperand(v, i, to) }
}

/// The arguments of a call (its operands without the callee).
pub(crate) fn call_args(call: Value) -> Vec<Value> {
    let n = unsafe { LLVMGetNumArgOperands(call) };
    (0..n).map(|i| operand(call, i)).collect()
}

/// Makes a direct call call `f` instead (`f` must have the same function type).
pub(crate) fn set_callee(call: Value, f: Value) {
    set_operand(call, num_operands(call) - 1, f);
}

pub(crate) fn parent(inst: Value) -> Block {
    unsafe { LLVMGetInstructionParent(inst) }
}

pub(crate) fn terminator(b: Block) -> Option<Value> {
    let t = unsafe { LLVMGetBasicBlockTerminator(b) };
    (!t.is_null()).then_some(t)
}

pub(crate) fn successors(term: Value) -> Vec<Block> {
    let n = unsafe { LLVMGetNumSuccessors(term) };
    (0..n)
        .map(|i| unsafe { LLVMGetSuccessor(term, i) })
        .collect()
}

/// `(value, block)` pairs of a phi.
pub(crate) fn incoming(phi: Value) -> Vec<(Value, Block)> {
    let n = unsafe { LLVMCountIncoming(phi) };
    (0..n)
        .map(|i| unsafe { (LLVMGetIncomingValue(phi, i), LLVMGetIncomingBlock(phi, i)) })
        .collect()
}

/// The condition of a conditional branch.
pub(crate) fn condition(br: Value) -> Option<Value> {
    let conditional = opcode(br) == Some(LLVMOpcode::LLVMBr) && num_operands(br) == 3;
    conditional.then(|| unsafe { LLVMGetCondition(br) })
}

pub(crate) fn has_uses(v: Value) -> bool {
    unsafe { !LLVMGetFirstUse(v).is_null() }
}

pub(crate) fn type_of(v: Value) -> Type {
    unsafe { LLVMTypeOf(v) }
}

pub(crate) fn is_pointer(t: Type) -> bool {
    unsafe { LLVMGetTypeKind(t) == LLVMTypeKind::LLVMPointerTypeKind }
}

pub(crate) fn is_void(t: Type) -> bool {
    unsafe { LLVMGetTypeKind(t) == LLVMTypeKind::LLVMVoidTypeKind }
}

/// The return type of a function (value).
pub(crate) fn return_type(f: Value) -> Type {
    unsafe { LLVMGetReturnType(LLVMGlobalGetValueType(f)) }
}

/// The function type of a function (value).
pub(crate) fn function_type(f: Value) -> Type {
    unsafe { LLVMGlobalGetValueType(f) }
}

pub(crate) fn print_type(t: Type) -> String {
    unsafe {
        let p = LLVMPrintTypeToString(t);
        let s = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
        LLVMDisposeMessage(p);
        s
    }
}

pub(crate) fn const_bool(m: LLVMModuleRef, b: bool) -> Value {
    unsafe { LLVMConstInt(LLVMInt1TypeInContext(LLVMGetModuleContext(m)), b as u64, 0) }
}

/// The function `name` of the module, declared with type `fn_ty` if it does not exist.
pub(crate) fn declare(m: LLVMModuleRef, name: &str, fn_ty: Type) -> Value {
    let c = CString::new(name).unwrap_or_default();
    unsafe {
        let f = LLVMGetNamedFunction(m, c.as_ptr());
        if !f.is_null() {
            return f;
        }
        LLVMAddFunction(m, c.as_ptr(), fn_ty)
    }
}

pub(crate) fn function_type_of(ret: Type, params: &mut [Type]) -> Type {
    unsafe { LLVMFunctionType(ret, params.as_mut_ptr(), params.len() as u32, 0) }
}

pub(crate) fn void_type(m: LLVMModuleRef) -> Type {
    unsafe { LLVMVoidTypeInContext(LLVMGetModuleContext(m)) }
}

pub(crate) fn i1_type(m: LLVMModuleRef) -> Type {
    unsafe { LLVMInt1TypeInContext(LLVMGetModuleContext(m)) }
}

pub(crate) fn i64_type(m: LLVMModuleRef) -> Type {
    unsafe { LLVMInt64TypeInContext(LLVMGetModuleContext(m)) }
}

/// An instruction builder of the module's context; disposed when dropped.
pub(crate) struct Builder(LLVMBuilderRef);

impl Builder {
    pub(crate) fn new(m: LLVMModuleRef) -> Builder {
        Builder(unsafe { LLVMCreateBuilderInContext(LLVMGetModuleContext(m)) })
    }

    pub(crate) fn before(&self, inst: Value) {
        unsafe { LLVMPositionBuilderBefore(self.0, inst) }
    }

    pub(crate) fn at_end(&self, b: Block) {
        unsafe { LLVMPositionBuilderAtEnd(self.0, b) }
    }

    /// A copy of `inst` (not yet in a block; operands and debug location as `inst`'s)
    /// inserted at the builder's position.
    pub(crate) fn clone_here(&self, inst: Value) -> Value {
        unsafe {
            let c = LLVMInstructionClone(inst);
            // Inserting gives the builder's location; the copy keeps the original's.
            LLVMInsertIntoBuilder(self.0, c);
            copy_debug_loc(inst, c);
            c
        }
    }

    /// `call f(args)`, with the debug location of `loc_of`.
    pub(crate) fn call(&self, f: Value, args: &mut [Value], loc_of: Value) -> Value {
        unsafe {
            let c = LLVMBuildCall2(
                self.0,
                LLVMGlobalGetValueType(f),
                f,
                args.as_mut_ptr(),
                args.len() as u32,
                c"".as_ptr(),
            );
            copy_debug_loc(loc_of, c);
            c
        }
    }

    /// `call f(args)` without a debug location.
    pub(crate) fn call_plain(&self, f: Value, args: &mut [Value]) -> Value {
        unsafe {
            LLVMBuildCall2(
                self.0,
                LLVMGlobalGetValueType(f),
                f,
                args.as_mut_ptr(),
                args.len() as u32,
                c"".as_ptr(),
            )
        }
    }

    pub(crate) fn select(&self, c: Value, a: Value, b: Value) -> Value {
        unsafe { LLVMBuildSelect(self.0, c, a, b, c"".as_ptr()) }
    }

    pub(crate) fn pointer_cast(&self, v: Value, to: Type) -> Value {
        unsafe { LLVMBuildPointerCast(self.0, v, to, c"".as_ptr()) }
    }

    pub(crate) fn ret(&self, v: Option<Value>) -> Value {
        unsafe {
            match v {
                Some(v) => LLVMBuildRet(self.0, v),
                None => LLVMBuildRetVoid(self.0),
            }
        }
    }
}

impl Drop for Builder {
    fn drop(&mut self) {
        unsafe { LLVMDisposeBuilder(self.0) }
    }
}

pub(crate) fn copy_debug_loc(from: Value, to: Value) {
    unsafe {
        let loc = LLVMInstructionGetDebugLoc(from);
        if !loc.is_null() {
            LLVMInstructionSetDebugLoc(to, loc);
        }
    }
}

pub(crate) fn erase(inst: Value) {
    unsafe { LLVMInstructionEraseFromParent(inst) }
}

pub(crate) fn entry(f: Value) -> Block {
    unsafe { LLVMGetEntryBasicBlock(f) }
}

/// The function a block belongs to.
pub(crate) fn block_function(b: Block) -> Value {
    unsafe { LLVMGetBasicBlockParent(b) }
}

/// Whether a function has a body.
pub(crate) fn entry_exists(f: Value) -> bool {
    unsafe { LLVMCountBasicBlocks(f) > 0 }
}

/// The instructions and constants that use `v` (once per use).
pub(crate) fn users(v: Value) -> Vec<Value> {
    let mut out = Vec::new();
    let mut u = unsafe { LLVMGetFirstUse(v) };
    while !u.is_null() {
        out.push(unsafe { LLVMGetUser(u) });
        u = unsafe { LLVMGetNextUse(u) };
    }
    out
}

pub(crate) fn replace_all_uses(old: Value, new: Value) {
    unsafe { LLVMReplaceAllUsesWith(old, new) }
}

/// The element types of a struct type, or `n` copies of an array type's element type;
/// `None` for any other type.
pub(crate) fn aggregate_elements(t: Type) -> Option<Vec<Type>> {
    unsafe {
        match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMStructTypeKind => {
                let n = LLVMCountStructElementTypes(t);
                Some((0..n).map(|i| LLVMStructGetTypeAtIndex(t, i)).collect())
            }
            LLVMTypeKind::LLVMArrayTypeKind => {
                let n = usize::try_from(LLVMGetArrayLength2(t)).ok()?;
                Some(vec![LLVMGetElementType(t); n])
            }
            _ => None,
        }
    }
}

/// Whether a load or store is volatile.
pub(crate) fn is_volatile(inst: Value) -> bool {
    unsafe { LLVMGetVolatile(inst) != 0 }
}

/// The constant indices of an `extractvalue`.
pub(crate) fn extract_indices(inst: Value) -> Vec<u32> {
    unsafe {
        let n = LLVMGetNumIndices(inst) as usize;
        let p = LLVMGetIndices(inst);
        if p.is_null() {
            return Vec::new();
        }
        std::slice::from_raw_parts(p, n).to_vec()
    }
}

impl Builder {
    /// `getelementptr inbounds ty, ptr, 0, path...` (i32 indices).
    pub(crate) fn field_address(&self, ty: Type, ptr: Value, path: &[u32]) -> Value {
        unsafe {
            let i32_ty = LLVMInt32TypeInContext(LLVMGetTypeContext(ty));
            let mut idx: Vec<Value> = std::iter::once(0)
                .chain(path.iter().copied())
                .map(|i| LLVMConstInt(i32_ty, u64::from(i), 0))
                .collect();
            LLVMBuildInBoundsGEP2(
                self.0,
                ty,
                ptr,
                idx.as_mut_ptr(),
                idx.len() as u32,
                c"".as_ptr(),
            )
        }
    }

    /// `load ty, ptr, align 1`, with the debug location of `loc_of`.
    pub(crate) fn load(&self, ty: Type, ptr: Value, loc_of: Value) -> Value {
        unsafe {
            let l = LLVMBuildLoad2(self.0, ty, ptr, c"".as_ptr());
            LLVMSetAlignment(l, 1);
            copy_debug_loc(loc_of, l);
            l
        }
    }

    /// `store v, ptr, align 1`, with the debug location of `loc_of`.
    pub(crate) fn store(&self, v: Value, ptr: Value, loc_of: Value) -> Value {
        unsafe {
            let s = LLVMBuildStore(self.0, v, ptr);
            LLVMSetAlignment(s, 1);
            copy_debug_loc(loc_of, s);
            s
        }
    }
}

pub(crate) fn undef(t: Type) -> Value {
    unsafe { LLVMGetUndef(t) }
}
