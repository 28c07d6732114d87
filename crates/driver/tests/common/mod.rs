//! Helpers shared by the driver's integration tests: test data paths and module inspection.

#![allow(dead_code)]

use std::path::PathBuf;

use inkwell::llvm_sys::core::{LLVMGetAllocatedType, LLVMGetTypeKind};
use inkwell::llvm_sys::LLVMTypeKind;
use inkwell::module::Module;
use inkwell::values::{
    AsValueRef, CallSiteValue, FunctionValue, InstructionOpcode, InstructionValue,
};

/// The path of a file under `tests/data`.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Every instruction of `function`, in layout order.
pub fn instructions<'ctx>(function: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    function
        .get_basic_block_iter()
        .flat_map(|block| block.get_instructions())
        .collect()
}

/// The one kernel of `module`.
pub fn only_kernel<'ctx>(module: &Module<'ctx>) -> FunctionValue<'ctx> {
    let kernels = driver::kernel_functions(module);
    assert_eq!(kernels.len(), 1, "expected exactly one kernel");
    kernels[0]
}

/// The names of the functions `function` calls directly (intrinsics included).
pub fn callees(function: FunctionValue<'_>) -> Vec<String> {
    instructions(function)
        .into_iter()
        .filter(|i| i.get_opcode() == InstructionOpcode::Call)
        .filter_map(|i| CallSiteValue::try_from(i).ok())
        .filter_map(|c| c.get_called_fn_value())
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .collect()
}

/// The type kinds of the `alloca`s of `function` that hold a scalar (integer, float or
/// pointer) rather than an array, struct, vector or target type. (Asked through llvm-sys:
/// inkwell's `get_allocated_type` panics on target types such as OpenCL's `event_t`.)
pub fn scalar_allocas(function: FunctionValue<'_>) -> Vec<String> {
    instructions(function)
        .into_iter()
        .filter(|i| i.get_opcode() == InstructionOpcode::Alloca)
        .map(|i| {
            // SAFETY: `i` is a live alloca instruction, so it has an allocated type.
            unsafe { LLVMGetTypeKind(LLVMGetAllocatedType(i.as_value_ref())) }
        })
        .filter(|kind| {
            matches!(
                kind,
                LLVMTypeKind::LLVMIntegerTypeKind
                    | LLVMTypeKind::LLVMHalfTypeKind
                    | LLVMTypeKind::LLVMFloatTypeKind
                    | LLVMTypeKind::LLVMDoubleTypeKind
                    | LLVMTypeKind::LLVMPointerTypeKind
            )
        })
        .map(|kind| format!("{kind:?}"))
        .collect()
}

/// The number of instructions of `function` and how many of them carry a debug location with
/// a non-zero line.
pub fn debug_location_counts(function: FunctionValue<'_>) -> (usize, usize) {
    let all = instructions(function);
    let located = all
        .iter()
        .filter(|i| i.get_debug_location().is_some_and(|l| l.get_line() > 0))
        .count();
    (all.len(), located)
}
