//! Prepares a loaded module for the lifter: marks every non-kernel function `alwaysinline`
//! (unless inlining is off), drops `optnone` so the passes run on every function, moves
//! function contracts to where they are checked (`contracts.rs`, after a `mem2reg`, only in
//! modules that have contracts), then runs the new-pass-manager pipeline
//! `always-inline,mem2reg`. Before it, every kernel calls the file-scope axioms (`axioms.rs`);
//! after it, copies of whole small structs are split into copies of their fields
//! (`aggregates.rs`).

use std::collections::HashSet;

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{
    CodeModel, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::values::{AsValueRef, BasicMetadataValueEnum, FunctionValue};
use inkwell::OptimizationLevel;

use crate::DriverError;

/// LLVM's calling convention number of OpenCL kernels (`spir_kernel`).
pub const SPIR_KERNEL_CC: u32 = 76;
/// LLVM's calling convention number of PTX kernels (`ptx_kernel`).
pub const PTX_KERNEL_CC: u32 = 71;
/// The pass pipeline run on every module.
pub const PIPELINE: &str = "always-inline,mem2reg";

/// The defined functions of `module` that are kernels: calling convention `spir_kernel` or
/// `ptx_kernel`, or listed in `!nvvm.annotations` as `{ptr @f, !"kernel", i32 1}`.
pub fn kernel_functions<'ctx>(module: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    let annotated = nvvm_kernels(module);
    module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .filter(|f| {
            let cc = f.get_call_conventions();
            cc == SPIR_KERNEL_CC
                || cc == PTX_KERNEL_CC
                || annotated.contains(&(f.as_value_ref() as usize))
        })
        .collect()
}

/// The functions (as raw value addresses) that `!nvvm.annotations` marks as kernels.
fn nvvm_kernels(module: &Module<'_>) -> HashSet<usize> {
    let mut kernels = HashSet::new();
    for node in module.get_global_metadata("nvvm.annotations") {
        let Some(values) = node.get_node_values() else {
            continue;
        };
        let [target, key, value] = values.as_slice() else {
            continue;
        };
        let is_kernel_key = match key {
            BasicMetadataValueEnum::MetadataValue(m) => {
                m.get_string_value().is_some_and(|s| s == b"kernel")
            }
            _ => false,
        };
        let is_one = match value {
            BasicMetadataValueEnum::IntValue(i) => i.get_zero_extended_constant() == Some(1),
            _ => false,
        };
        if let (true, true, BasicMetadataValueEnum::PointerValue(p)) =
            (is_kernel_key, is_one, target)
        {
            kernels.insert(p.as_value_ref() as usize);
        }
    }
    kernels
}

/// Rewrites inlining attributes and runs [`PIPELINE`]; the module must already be verified.
pub(crate) fn prepare<'ctx>(
    context: &'ctx Context,
    module: &Module<'ctx>,
    inline: bool,
) -> Result<(), DriverError> {
    if inline {
        crate::indirect_calls::dispatch_indirect_calls(module);
    }
    let kernels: HashSet<usize> = kernel_functions(module)
        .iter()
        .map(|f| f.as_value_ref() as usize)
        .collect();
    let optnone = Attribute::get_named_enum_kind_id("optnone");
    let noinline = Attribute::get_named_enum_kind_id("noinline");
    let alwaysinline = Attribute::get_named_enum_kind_id("alwaysinline");
    for function in module.get_functions() {
        if function.count_basic_blocks() == 0 {
            continue;
        }
        function.remove_enum_attribute(AttributeLoc::Function, optnone);
        let is_kernel = kernels.contains(&(function.as_value_ref() as usize));
        if inline && !is_kernel {
            function.remove_enum_attribute(AttributeLoc::Function, noinline);
            let attribute = context.create_enum_attribute(alwaysinline, 0);
            function.add_attribute(AttributeLoc::Function, attribute);
        }
    }
    let machine = target_machine(module)?;
    if crate::contracts::has_contracts(module.as_mut_ptr()) {
        // Contracts are moved to the returns over SSA values (parameters as on entry).
        module
            .run_passes("mem2reg", &machine, PassBuilderOptions::create())
            .map_err(|e| DriverError::Llvm {
                message: format!("pass `mem2reg` failed: {e}"),
            })?;
        let kernels: Vec<_> = kernel_functions(module)
            .iter()
            .map(|f| f.as_value_ref())
            .collect();
        let cc = kernel_functions(module)
            .first()
            .map(|k| k.get_call_conventions())
            .filter(|&cc| cc == SPIR_KERNEL_CC || cc == PTX_KERNEL_CC)
            .unwrap_or_else(|| {
                let triple = module.get_triple();
                let nvptx = triple.as_str().to_string_lossy().contains("nvptx");
                if nvptx {
                    PTX_KERNEL_CC
                } else {
                    SPIR_KERNEL_CC
                }
            });
        crate::contract_kernels::add(module.as_mut_ptr(), &kernels, cc);
        crate::contracts::rewrite(module.as_mut_ptr());
        module.verify().map_err(|e| DriverError::Llvm {
            message: format!("module invalid after moving contracts to returns: {e}"),
        })?;
    }
    crate::axioms::call_axioms(context, module, &kernel_functions(module))?;
    module
        .run_passes(PIPELINE, &machine, PassBuilderOptions::create())
        .map_err(|e| DriverError::Llvm {
            message: format!("pass pipeline `{PIPELINE}` failed: {e}"),
        })?;
    crate::aggregates::split_aggregate_copies(module.as_mut_ptr());
    module.verify().map_err(|e| DriverError::Llvm {
        message: format!("module invalid after `{PIPELINE}`: {e}"),
    })
}

/// The passes `--structurize` runs after [`PIPELINE`]: switches become branch chains, then
/// every region is made an if/else diamond or a loop with one exit (LLVM's AMDGPU
/// structurizer).
pub const STRUCTURIZE: &str = "lower-switch,structurizecfg";

/// Runs [`STRUCTURIZE`] on a prepared module.
pub(crate) fn structurize(module: &Module<'_>) -> Result<(), DriverError> {
    let machine = target_machine(module)?;
    module
        .run_passes(STRUCTURIZE, &machine, PassBuilderOptions::create())
        .map_err(|e| DriverError::Llvm {
            message: format!("pass pipeline `{STRUCTURIZE}` failed: {e}"),
        })?;
    module.verify().map_err(|e| DriverError::Llvm {
        message: format!("module invalid after `{STRUCTURIZE}`: {e}"),
    })
}

/// A target machine for the module's own triple when LLVM has that target (NVPTX), else for
/// the host (spir64 has no backend; the passes run do not depend on the target).
fn target_machine(module: &Module<'_>) -> Result<TargetMachine, DriverError> {
    static INIT: std::sync::Once = std::sync::Once::new();
    INIT.call_once(|| Target::initialize_all(&InitializationConfig::default()));
    let own = module.get_triple();
    let host = TargetMachine::get_default_triple();
    let triples = [own, host];
    for triple in triples.iter().filter(|t| !t.as_str().to_bytes().is_empty()) {
        if let Some(machine) = machine_for(triple) {
            return Ok(machine);
        }
    }
    Err(DriverError::Llvm {
        message: format!(
            "no LLVM target machine for `{}` or the host `{}`",
            triples[0].as_str().to_string_lossy(),
            triples[1].as_str().to_string_lossy()
        ),
    })
}

fn machine_for(triple: &TargetTriple) -> Option<TargetMachine> {
    let target = Target::from_triple(triple).ok()?;
    target.create_target_machine(
        triple,
        "",
        "",
        OptimizationLevel::None,
        RelocMode::Default,
        CodeModel::Default,
    )
}
