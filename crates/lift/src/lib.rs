//! Stage `lift`: an LLVM module (from clang, after `always-inline,mem2reg`) to KIR.
//!
//! [`kernel_names`] lists the kernels of a module (OpenCL `spir_kernel` functions; CUDA
//! functions marked in `!nvvm.annotations` or with the `ptx_kernel` convention).
//! [`lift`] turns one of them into a [`kir::Kernel`] in phase `Lifted`:
//!
//! - pointer parameters, accessed module globals (`__local`/`__shared__`/`__constant`
//!   /`__device__` variables) and leftover allocas become regions, and every pointer
//!   becomes a (region, byte offset) pair;
//! - every scalar SSA value becomes a private variable (`i1` is Boolean, floats are
//!   bit-vectors under uninterpreted functions), phis become copies on their edges;
//! - every vector value becomes one variable per lane; vector loads and stores are one
//!   access per lane, in lane order;
//! - `llvm.memcpy`/`memmove`/`memset` of a constant length (up to 1024 bytes) become
//!   a sequence of accesses;
//! - reads of `constant` globals with a known initializer (lookup tables, the hidden
//!   constants of local array initializers) give their values;
//! - a struct passed by value is read field by field: each (offset, size) read is a
//!   uniform parameter variable named after its field;
//! - atomics (`atomicrmw`, `cmpxchg`, atomic loads and stores, OpenCL `atomic_*`
//!   builtins, NVPTX atomic intrinsics) become abstract `atomic` statements;
//! - work-item functions become builtin variables, barriers `barrier` statements,
//!   `__assert`/`__global_assert`/`__assume` assertions and assumptions; `__requires`
//!   and `__global_requires` are assumed in the kernel itself and asserted where a
//!   function that states them was inlined;
//! - function pointers are integer ids (null is 0); the driver has already turned each
//!   call through one into a comparison with every candidate and a direct call
//!   (`funptrs.rs`); pointers stored in and loaded from private structs are tracked
//!   like pointer phis (`slots.rs`); `inttoptr` gives a pointer into no known buffer;
//! - every statement carries the source location of its instruction.
//!
//! Anything else is a [`LiftError::Unsupported`] naming the construct and its location.

mod annotations;
mod async_copy;
mod atomics;
mod barrier_inv;
mod bounds;
mod byval;
mod calls;
mod constants;
mod control;
mod curand;
mod debug;
mod debug_types;
mod error;
mod external;
mod funptrs;
mod ghost_arrays;
mod images;
mod intrinsics;
mod libdevice;
mod lifter;
mod llvm;
mod math_out;
mod memops;
mod memory;
mod names;
mod opencl_int;
mod params;
mod pointer_compare;
mod pointers;
mod regions;
mod shuffle;
mod slots;
mod values;
mod vectors;
mod vload;
mod warp;

pub use error::LiftError;
pub use names::demangle;

use inkwell::module::Module;

/// The kernels of the module, by symbol name, in module order.
pub fn kernel_names(module: &Module) -> Vec<String> {
    let m = llvm::Module::new(module);
    names::kernels(m).into_iter().map(|f| f.name()).collect()
}

/// Lifts the kernel with the given symbol name (or source name, when that is unique) to
/// KIR. The kernel passes [`kir::verify()`].
///
/// The module's debug records are switched to the `llvm.dbg.*` intrinsic form for the
/// duration of the call (the C API can only read that form) and switched back after.
pub fn lift(module: &Module, name: &str) -> Result<kir::Kernel, LiftError> {
    lift_with(module, name, &LiftOptions::default())
}

/// What the lifted kernel checks besides what every kernel checks.
#[derive(Clone, Debug, Default)]
pub struct LiftOptions {
    /// Assert that every access to a statically sized array is inside it
    /// (`--check-array-bounds`).
    pub check_array_bounds: bool,
    /// What `get_work_dim()` returns (the launch's number of dimensions); without it the
    /// call is unsupported.
    pub work_dim: Option<u32>,
}

/// [`lift`] with options.
pub fn lift_with(
    module: &Module,
    name: &str,
    options: &LiftOptions,
) -> Result<kir::Kernel, LiftError> {
    let m = llvm::Module::new(module);
    let kernels = names::kernels(m);
    if kernels.is_empty() {
        return Err(LiftError::NoKernel);
    }
    let source_name =
        |f: llvm::Value| debug::function_name(m, f).unwrap_or_else(|| names::demangle(&f.name()));
    let by_symbol = kernels.iter().copied().find(|f| f.name() == name);
    let by_source: Vec<llvm::Value> = kernels
        .iter()
        .copied()
        .filter(|f| source_name(*f) == name)
        .collect();
    let f = match (by_symbol, by_source.as_slice()) {
        (Some(f), _) | (None, &[f]) => f,
        _ => {
            return Err(LiftError::UnknownKernel {
                name: name.to_string(),
                available: kernels.iter().map(|f| f.name()).collect(),
            })
        }
    };
    let _format = debug::IntrinsicDebugFormat::enter(m);
    let mut lifter = lifter::Lifter::new(m, f);
    lifter.options = options.clone();
    lifter.run(f)
}
