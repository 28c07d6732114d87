//! Loading LLVM IR files (`.ll` text, `.bc` bitcode) into a context and verifying them.

use std::path::Path;

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;

use crate::DriverError;

/// Parses textual LLVM IR from `path`; `shown` is the path named in errors.
pub(crate) fn load_text<'ctx>(
    context: &'ctx Context,
    path: &Path,
    shown: &Path,
) -> Result<Module<'ctx>, DriverError> {
    let buffer =
        MemoryBuffer::create_from_file(path).map_err(|e| invalid(shown, e.to_string_lossy()))?;
    let module = context
        .create_module_from_ir(buffer)
        .map_err(|e| invalid(shown, e.to_string_lossy()))?;
    verified(module, shown)
}

/// Parses LLVM bitcode from `path`; `shown` is the path named in errors.
pub(crate) fn load_bitcode<'ctx>(
    context: &'ctx Context,
    path: &Path,
    shown: &Path,
) -> Result<Module<'ctx>, DriverError> {
    let module = Module::parse_bitcode_from_path(path, context)
        .map_err(|e| invalid(shown, e.to_string_lossy()))?;
    verified(module, shown)
}

fn verified<'ctx>(module: Module<'ctx>, shown: &Path) -> Result<Module<'ctx>, DriverError> {
    module
        .verify()
        .map_err(|e| invalid(shown, e.to_string_lossy()))?;
    Ok(module)
}

fn invalid(path: &Path, message: impl ToString) -> DriverError {
    DriverError::InvalidIr {
        path: path.to_path_buf(),
        message: message.to_string().trim_end().to_string(),
    }
}
