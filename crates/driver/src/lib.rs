//! The front end of lockstep: a source or IR file in, a loaded and prepared
//! `inkwell::module::Module` out.
//!
//! `.cl` and `.cu` files are compiled by clang 19 (found as `$LOCKSTEP_CLANG`, else `clang-19`
//! on `PATH`, else `/usr/lib/llvm-19/bin/clang`) with the shipped headers ([`LOCKSTEP_H`],
//! [`CUDA_H`], or with [`CompileOptions::cuda_path`] a real CUDA toolkit's headers) force-included; `.ll` and `.bc` files are parsed as they are. Every module is
//! verified, every non-kernel function is marked `alwaysinline` (unless
//! [`CompileOptions::inline`] is off), `optnone` is dropped, and `always-inline,mem2reg` runs.

mod aggregates;
mod axioms;
mod clang;
mod contract_expr;
mod contract_kernels;
mod contracts;
mod error;
mod headers;
mod indirect_calls;
mod ir;
mod options;
mod prepare;
mod raw;

use std::path::Path;

use inkwell::context::Context;
use inkwell::module::Module;

pub use clang::{clang_command, CLANG_ENV};
pub use error::DriverError;
pub use headers::{CUDA_H, HEADERS, LOCKSTEP_H};
pub use options::{check_cuda_path, source_kind, CompileOptions, SourceKind};
pub use prepare::{kernel_functions, PIPELINE, PTX_KERNEL_CC, SPIR_KERNEL_CC};

/// Loads `path` into `ctx`: compiles it with clang if it is OpenCL or CUDA, parses it if it is
/// LLVM IR, verifies it and prepares it for lifting (see the crate documentation).
///
/// The path is handed to clang exactly as given, so that clang's diagnostics and the debug
/// information name the file the way the user wrote it.
pub fn load<'ctx>(
    ctx: &'ctx Context,
    path: &Path,
    opts: &CompileOptions,
) -> Result<Module<'ctx>, DriverError> {
    if !path.exists() {
        return Err(DriverError::MissingFile {
            path: path.to_path_buf(),
        });
    }
    let kind = source_kind(path)?;
    let module = match kind {
        SourceKind::LlvmText => ir::load_text(ctx, path, path)?,
        SourceKind::LlvmBitcode => ir::load_bitcode(ctx, path, path)?,
        SourceKind::OpenCl | SourceKind::Cuda => {
            let dir = tempfile::Builder::new()
                .prefix("lockstep-")
                .tempdir()
                .map_err(|source| DriverError::Io {
                    path: std::env::temp_dir(),
                    source,
                })?;
            let toolkit = match (&opts.cuda_path, kind) {
                (Some(cuda), SourceKind::Cuda) => {
                    check_cuda_path(cuda)?;
                    true
                }
                _ => false,
            };
            headers::write_headers(dir.path(), toolkit)?;
            let bitcode = clang::compile(path, kind, opts, dir.path())?;
            // The module owns its contents once parsed; the directory can go.
            ir::load_bitcode(ctx, &bitcode, path)?
        }
    };
    prepare::prepare(ctx, &module, opts.inline)?;
    if opts.structurize {
        prepare::structurize(&module)?;
    }
    Ok(module)
}
