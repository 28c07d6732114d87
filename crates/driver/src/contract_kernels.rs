//! GPUVerify checks a function's postconditions for every input its preconditions allow,
//! not only for the calls the kernel makes. For every function with a body and
//! `__ensures`/`__global_ensures`, this adds a kernel `<function>.contract` that calls it
//! with arbitrary arguments: scalars chosen by every thread (`__lockstep_spec_result.*`),
//! pointers the kernel's own parameters. The new kernel has no debug subprogram, so the
//! function's `__requires` stand in the kernel itself once inlined and are assumed (those of
//! the functions it calls stay checked); its postconditions, moved to its returns, are
//! checked. Functions with other kinds of parameters (structs by value, ...) get none.

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::LLVMModuleRef;
use inkwell::llvm_sys::LLVMTypeKind;

use crate::contracts::{is_spec, ENSURES, GLOBAL_ENSURES};
use crate::raw::{self, Value};

/// Adds the contract kernels; `kernel_cc` is the calling convention of the module's kernels.
pub(crate) fn add(m: LLVMModuleRef, kernels: &[Value], kernel_cc: u32) {
    let with_ensures: Vec<Value> = raw::functions(m)
        .into_iter()
        .filter(|&f| raw::entry_exists(f) && !kernels.contains(&f) && !is_spec(&raw::name(f)))
        .filter(|&f| {
            raw::blocks(f)
                .into_iter()
                .flat_map(raw::instructions)
                .any(|i| raw::callee_name(i).is_some_and(|n| n == ENSURES || n == GLOBAL_ENSURES))
        })
        .collect();
    for f in with_ensures {
        let params: Vec<Value> = (0..unsafe { LLVMCountParams(f) })
            .map(|i| unsafe { LLVMGetParam(f, i) })
            .collect();
        let kinds: Vec<LLVMTypeKind> = params
            .iter()
            .map(|&p| unsafe { LLVMGetTypeKind(raw::type_of(p)) })
            .collect();
        use LLVMTypeKind::*;
        let simple = |k: &LLVMTypeKind| {
            matches!(
                k,
                LLVMIntegerTypeKind
                    | LLVMFloatTypeKind
                    | LLVMDoubleTypeKind
                    | LLVMHalfTypeKind
                    | LLVMVectorTypeKind
                    | LLVMPointerTypeKind
            )
        };
        if !kinds.iter().all(simple) || has_byval(f, params.len()) {
            continue;
        }
        let mut pointer_tys: Vec<raw::Type> = params
            .iter()
            .zip(&kinds)
            .filter(|(_, k)| **k == LLVMPointerTypeKind)
            .map(|(&p, _)| raw::type_of(p))
            .collect();
        let name = format!("{}.contract", raw::name(f));
        let ty = raw::function_type_of(raw::void_type(m), &mut pointer_tys);
        let w = raw::declare(m, &name, ty);
        if raw::entry_exists(w) {
            continue;
        }
        unsafe { LLVMSetFunctionCallConv(w, kernel_cc) };
        let block =
            unsafe { LLVMAppendBasicBlockInContext(LLVMGetModuleContext(m), w, c"entry".as_ptr()) };
        let b = raw::Builder::new(m);
        b.at_end(block);
        let mut next_pointer = 0;
        let mut args = Vec::new();
        for (&p, k) in params.iter().zip(&kinds) {
            if *k == LLVMPointerTypeKind {
                args.push(unsafe { LLVMGetParam(w, next_pointer) });
                next_pointer += 1;
            } else {
                let t = raw::type_of(p);
                let any = format!("__lockstep_spec_result.{}", raw::print_type(t));
                let g = raw::declare(m, &any, raw::function_type_of(t, &mut []));
                args.push(b.call_plain(g, &mut []));
            }
        }
        b.call_plain(f, &mut args);
        b.ret(None);
    }
}

fn has_byval(f: Value, n: usize) -> bool {
    let byval = unsafe { LLVMGetEnumAttributeKindForName(c"byval".as_ptr(), 5) };
    (1..=n as u32).any(|i| unsafe { !LLVMGetEnumAttributeAtIndex(f, i, byval).is_null() })
}
