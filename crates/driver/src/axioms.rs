//! File-scope axioms: `__axiom(e)` defines a function `__lockstep_axiom_<N>` whose body calls
//! `__lockstep_axiom(e)` (see `include/lockstep.h`). An axiom holds for the whole launch, so
//! every kernel calls every axiom function first; inlining then puts the assumption at the
//! start of each kernel, where the lifter reads it.

use inkwell::context::Context;
use inkwell::llvm_sys::debuginfo::LLVMInstructionGetDebugLoc;
use inkwell::module::Module;
use inkwell::values::{AsValueRef, FunctionValue};

use crate::DriverError;

/// The prefix of the functions `__axiom` defines.
pub const AXIOM_PREFIX: &str = "__lockstep_axiom_";

/// The defined axiom functions of `module`.
fn axiom_functions<'ctx>(module: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .filter(|f| f.get_name().to_bytes().starts_with(AXIOM_PREFIX.as_bytes()))
        .collect()
}

/// Makes every kernel of `kernels` call every axiom function at its entry; returns the
/// number of axioms.
pub(crate) fn call_axioms<'ctx>(
    context: &'ctx Context,
    module: &Module<'ctx>,
    kernels: &[FunctionValue<'ctx>],
) -> Result<usize, DriverError> {
    let axioms = axiom_functions(module);
    if axioms.is_empty() {
        return Ok(0);
    }
    let builder = context.create_builder();
    for kernel in kernels {
        let Some(first) = kernel
            .get_first_basic_block()
            .and_then(|b| b.get_first_instruction())
        else {
            continue;
        };
        builder.position_before(&first);
        // The inliner needs the call to have a location in the kernel: the first one an
        // instruction of the kernel has.
        let located = first_located(*kernel);
        for axiom in &axioms {
            let call = builder
                .build_call(*axiom, &[], "")
                .map_err(|e| DriverError::Llvm {
                    message: format!("cannot call an axiom from a kernel: {e}"),
                })?;
            if let Some(inst) = located {
                crate::raw::copy_debug_loc(inst, call.as_value_ref());
            }
        }
    }
    Ok(axioms.len())
}

/// The first instruction of `function` that has a debug location.
fn first_located(function: FunctionValue<'_>) -> Option<crate::raw::Value> {
    function
        .get_basic_block_iter()
        .flat_map(|block| block.get_instructions())
        .map(|inst| inst.as_value_ref())
        // SAFETY: each is an instruction of this module.
        .find(|&inst| !unsafe { LLVMInstructionGetDebugLoc(inst) }.is_null())
}
