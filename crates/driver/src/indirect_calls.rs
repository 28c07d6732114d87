//! Calls through function pointers, before inlining: each becomes a call of a dispatcher
//! that compares the pointer with every function of the call's type whose address the
//! module takes, and calls the one it equals directly (so inlining then lifts its body
//! at the call site).
//!
//! The dispatcher of a function type `R(A...)` is an internal function
//! `__lockstep_dispatch.N(ptr f, A... args) -> R`:
//!
//! ```text
//! is.0:   br (f == @g0), call.0, is.1       call.0: ret @g0(args...)
//! ...
//! none:   call @__lockstep_invalid_function_pointer(f); unreachable
//! ```
//!
//! A candidate without a body cannot be inlined: its case calls
//! `@__lockstep_bodiless_function_pointer(@g)` instead, which the lifter reports as
//! unsupported. The lifter asserts, at `__lockstep_invalid_function_pointer`, that the
//! pointer is not null and that the call does not happen (a pointer naming no function of
//! the call's type). Vararg calls are left alone (the lifter reports them).

use std::ffi::CString;

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMLinkage, LLVMTypeKind};
use inkwell::module::Module;

/// The function the lifter turns into "the pointer names no function of the call's type".
pub const INVALID: &str = "__lockstep_invalid_function_pointer";
/// The function the lifter reports as a call through a pointer to a bodiless function.
pub const BODILESS: &str = "__lockstep_bodiless_function_pointer";

fn functions(m: LLVMModuleRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    // SAFETY: walking the function list of a live module.
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            out.push(f);
            f = LLVMGetNextFunction(f);
        }
    }
    out
}

fn instructions(f: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    // SAFETY: walking the blocks and instructions of a live function.
    unsafe {
        let mut b = LLVMGetFirstBasicBlock(f);
        while !b.is_null() {
            let mut i = LLVMGetFirstInstruction(b);
            while !i.is_null() {
                out.push(i);
                i = LLVMGetNextInstruction(i);
            }
            b = LLVMGetNextBasicBlock(b);
        }
    }
    out
}

fn is_call(i: LLVMValueRef) -> bool {
    // SAFETY: `i` is a live value.
    unsafe { !LLVMIsACallInst(i).is_null() }
}

/// Whether a call's callee is neither a function nor inline assembly.
fn is_indirect(call: LLVMValueRef) -> bool {
    // SAFETY: `call` is a live call instruction.
    unsafe {
        let callee = LLVMGetCalledValue(call);
        LLVMIsAFunction(callee).is_null() && LLVMIsAInlineAsm(callee).is_null()
    }
}

/// Whether some use of `f` is not as the callee of a call: its address is taken.
fn address_taken(f: LLVMValueRef) -> bool {
    crate::raw::users(f).into_iter().any(|user| {
        // SAFETY: `user` is a live instruction or constant using `f`.
        !is_call(user)
            || unsafe { (0..LLVMGetNumArgOperands(user)).any(|k| LLVMGetOperand(user, k) == f) }
    })
}

fn declare_void(m: LLVMModuleRef, name: &str, arg: LLVMTypeRef) -> LLVMValueRef {
    let c = CString::new(name).unwrap_or_default();
    // SAFETY: looking up or adding a declaration in a live module.
    unsafe {
        let existing = LLVMGetNamedFunction(m, c.as_ptr());
        if !existing.is_null() {
            return existing;
        }
        let ctx = LLVMGetModuleContext(m);
        let mut params = [arg];
        let ty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), params.as_mut_ptr(), 1, 0);
        LLVMAddFunction(m, c.as_ptr(), ty)
    }
}

/// Replaces every indirect call of the module by a call of its type's dispatcher.
/// Returns the number of calls replaced.
pub(crate) fn dispatch_indirect_calls(module: &Module<'_>) -> usize {
    let m = module.as_mut_ptr();
    let all = functions(m);
    let calls: Vec<LLVMValueRef> = all
        .iter()
        .flat_map(|f| instructions(*f))
        .filter(|i| is_call(*i) && is_indirect(*i))
        .collect();
    if calls.is_empty() {
        return 0;
    }
    let taken: Vec<LLVMValueRef> = all.iter().copied().filter(|f| address_taken(*f)).collect();
    let mut dispatchers: Vec<(LLVMTypeRef, LLVMTypeRef, LLVMValueRef)> = Vec::new();
    let mut replaced = 0;
    for call in calls {
        // SAFETY: `call` is a live call instruction of the module; the builder is
        // disposed of before returning.
        unsafe {
            let fty = LLVMGetCalledFunctionType(call);
            if LLVMIsFunctionVarArg(fty) != 0 {
                continue;
            }
            let callee = LLVMGetCalledValue(call);
            let pty = LLVMTypeOf(callee);
            let found = dispatchers
                .iter()
                .find(|(t, p, _)| *t == fty && *p == pty)
                .map(|d| d.2);
            let dispatcher = match found {
                Some(d) => d,
                None => {
                    let d = build_dispatcher(m, fty, pty, &taken, dispatchers.len());
                    dispatchers.push((fty, pty, d));
                    d
                }
            };
            let n = LLVMGetNumArgOperands(call);
            let mut args: Vec<LLVMValueRef> = vec![callee];
            args.extend((0..n).map(|k| LLVMGetOperand(call, k)));
            let dty = LLVMGlobalGetValueType(dispatcher);
            let ctx = LLVMGetModuleContext(m);
            let builder = LLVMCreateBuilderInContext(ctx);
            LLVMPositionBuilderBefore(builder, call);
            let empty = CString::default();
            let new = LLVMBuildCall2(
                builder,
                dty,
                dispatcher,
                args.as_mut_ptr(),
                args.len() as u32,
                empty.as_ptr(),
            );
            LLVMInstructionSetDebugLoc(new, LLVMInstructionGetDebugLoc(call));
            LLVMDisposeBuilder(builder);
            if LLVMGetTypeKind(LLVMGetReturnType(fty)) != LLVMTypeKind::LLVMVoidTypeKind {
                LLVMReplaceAllUsesWith(call, new);
            }
            LLVMInstructionEraseFromParent(call);
            replaced += 1;
        }
    }
    replaced
}

/// The dispatcher of calls of type `fty` through pointers of type `pty`.
///
/// # Safety
/// `m` is a live module, `fty` a function type and `pty` a pointer type of its context.
unsafe fn build_dispatcher(
    m: LLVMModuleRef,
    fty: LLVMTypeRef,
    pty: LLVMTypeRef,
    taken: &[LLVMValueRef],
    index: usize,
) -> LLVMValueRef {
    let ctx = LLVMGetModuleContext(m);
    let n = LLVMCountParamTypes(fty) as usize;
    let mut params: Vec<LLVMTypeRef> = vec![std::ptr::null_mut(); n];
    LLVMGetParamTypes(fty, params.as_mut_ptr());
    params.insert(0, pty);
    let ret = LLVMGetReturnType(fty);
    let dty = LLVMFunctionType(ret, params.as_mut_ptr(), params.len() as u32, 0);
    let name = CString::new(format!("__lockstep_dispatch.{index}")).unwrap_or_default();
    let d = LLVMAddFunction(m, name.as_ptr(), dty);
    LLVMSetLinkage(d, LLVMLinkage::LLVMInternalLinkage);
    let invalid = declare_void(m, INVALID, pty);
    let bodiless = declare_void(m, BODILESS, pty);
    let void = LLVMGetTypeKind(ret) == LLVMTypeKind::LLVMVoidTypeKind;
    let f = LLVMGetParam(d, 0);
    let mut args: Vec<LLVMValueRef> = (1..=n as u32).map(|k| LLVMGetParam(d, k)).collect();
    let builder = LLVMCreateBuilderInContext(ctx);
    let label = |s: &str| CString::new(s).unwrap_or_default();
    let empty = CString::default();
    let mut block = LLVMAppendBasicBlockInContext(ctx, d, label("entry").as_ptr());
    for &g in taken {
        if LLVMGlobalGetValueType(g) != fty || g == d {
            continue;
        }
        let target = LLVMConstPointerCast(g, pty);
        LLVMPositionBuilderAtEnd(builder, block);
        let is = LLVMBuildICmp(
            builder,
            LLVMIntPredicate::LLVMIntEQ,
            f,
            target,
            empty.as_ptr(),
        );
        let case = LLVMAppendBasicBlockInContext(ctx, d, label("call").as_ptr());
        let next = LLVMAppendBasicBlockInContext(ctx, d, label("next").as_ptr());
        LLVMBuildCondBr(builder, is, case, next);
        LLVMPositionBuilderAtEnd(builder, case);
        if LLVMIsDeclaration(g) != 0 {
            let mut a = [target];
            let bty = LLVMGlobalGetValueType(bodiless);
            LLVMBuildCall2(builder, bty, bodiless, a.as_mut_ptr(), 1, empty.as_ptr());
            LLVMBuildUnreachable(builder);
        } else {
            let r = LLVMBuildCall2(
                builder,
                fty,
                g,
                args.as_mut_ptr(),
                args.len() as u32,
                empty.as_ptr(),
            );
            if void {
                LLVMBuildRetVoid(builder);
            } else {
                LLVMBuildRet(builder, r);
            }
        }
        block = next;
    }
    LLVMPositionBuilderAtEnd(builder, block);
    let mut a = [f];
    let ity = LLVMGlobalGetValueType(invalid);
    LLVMBuildCall2(builder, ity, invalid, a.as_mut_ptr(), 1, empty.as_ptr());
    LLVMBuildUnreachable(builder);
    LLVMDisposeBuilder(builder);
    d
}
