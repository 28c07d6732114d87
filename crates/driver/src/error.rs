//! The driver's error type: everything that can go wrong between a path on the command line
//! and a loaded, prepared LLVM module.

use std::path::PathBuf;

/// An error of the front end. None of these is a bug in lockstep: each names the user's file,
/// clang's own diagnostics or LLVM's message.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    /// The input file does not exist.
    #[error("{}: no such file", path.display())]
    MissingFile { path: PathBuf },

    /// The input's extension is not one of `.cl`, `.cu`, `.ll`, `.bc`.
    #[error(
        "{}: unknown file kind `{ext}` (expected .cl, .cu, .ll or .bc)",
        path.display()
    )]
    UnknownExtension { path: PathBuf, ext: String },

    /// No clang could be run. `tried` lists the programs looked for, in order.
    #[error(
        "clang not found (tried {}); install clang-19 (scripts/lockstep does) \
         or set LOCKSTEP_CLANG to a clang 19 binary",
        tried.join(", ")
    )]
    ClangNotFound { tried: Vec<String> },

    /// clang rejected the source; `stderr` holds its diagnostics verbatim.
    #[error("clang failed (exit status {status}):\n{stderr}")]
    Clang { status: i32, stderr: String },

    /// The LLVM IR could not be parsed or does not pass the module verifier.
    #[error("{}: invalid LLVM IR: {message}", path.display())]
    InvalidIr { path: PathBuf, message: String },

    /// An LLVM operation failed (target set-up, pass pipeline, verification after the passes).
    #[error("LLVM error: {message}")]
    Llvm { message: String },

    /// `--cuda-path`/`CUDA_PATH` names a directory without `include/cuda.h` or `bin/`.
    #[error(
        "{}: not a CUDA installation (it needs include/cuda.h and bin/); give the \
         toolkit's root directory, e.g. the one `scripts/setup --cuda-toolkit` prints",
        path.display()
    )]
    NotCudaInstallation { path: PathBuf },

    /// Reading, writing or running something failed at the operating-system level.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}
