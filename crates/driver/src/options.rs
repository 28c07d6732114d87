//! What the user asks of the front end: the kind of the input file and the compile options.

use std::path::{Path, PathBuf};

use crate::DriverError;

/// The kind of an input file, decided by its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    /// `.cl`: OpenCL C, compiled for `spir64`.
    OpenCl,
    /// `.cu`: CUDA, compiled device-only for `sm_70`.
    Cuda,
    /// `.ll`: textual LLVM IR, loaded as is.
    LlvmText,
    /// `.bc`: LLVM bitcode, loaded as is.
    LlvmBitcode,
}

/// Options of the clang invocation and of the preparation passes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileOptions {
    /// clang optimisation level, 0..=3 (`-O<N>`). At 0 clang is told not to mark functions
    /// `optnone`, so that the preparation passes still run on them.
    pub opt_level: u8,
    /// `-D` payloads, e.g. `N=4` or `FOO`.
    pub defines: Vec<String>,
    /// `-I` directories.
    pub includes: Vec<PathBuf>,
    /// Flags passed to clang verbatim, after lockstep's own (so they can override them).
    pub clang_flags: Vec<String>,
    /// Inline every function that is not a kernel (marks them `alwaysinline`).
    pub inline: bool,
    /// Run LLVM's `structurizecfg` (after `lower-switch`) before lifting, so that every
    /// region of the CFG is an if/else diamond or a single-exit loop (`--structurize`).
    pub structurize: bool,
    /// A CUDA installation whose own headers `.cu` files are compiled with (clang's
    /// `--cuda-path`; `DIR/include/cuda.h` must exist, see [`check_cuda_path`]). `None`:
    /// lockstep's own `cuda.h`.
    pub cuda_path: Option<PathBuf>,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            opt_level: 0,
            defines: Vec::new(),
            includes: Vec::new(),
            clang_flags: Vec::new(),
            inline: true,
            structurize: false,
            cuda_path: None,
        }
    }
}

/// Checks that `dir` is a CUDA installation clang can take as `--cuda-path`: it has
/// `include/cuda.h` (with the runtime headers beside it) and a `bin` directory (clang
/// ignores a path without one).
pub fn check_cuda_path(dir: &Path) -> Result<(), DriverError> {
    if dir.join("include").join("cuda.h").is_file() && dir.join("bin").is_dir() {
        Ok(())
    } else {
        Err(DriverError::NotCudaInstallation {
            path: dir.to_path_buf(),
        })
    }
}

/// The kind of `path`, from its extension (case-insensitive). Does not touch the file system.
pub fn source_kind(path: &Path) -> Result<SourceKind, DriverError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    match ext.to_ascii_lowercase().as_str() {
        "cl" => Ok(SourceKind::OpenCl),
        "cu" => Ok(SourceKind::Cuda),
        "ll" => Ok(SourceKind::LlvmText),
        "bc" => Ok(SourceKind::LlvmBitcode),
        _ => Err(DriverError::UnknownExtension {
            path: path.to_path_buf(),
            ext,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_from_extensions() {
        let kind = |p: &str| source_kind(Path::new(p)).ok();
        assert_eq!(kind("a/k.cl"), Some(SourceKind::OpenCl));
        assert_eq!(kind("k.CL"), Some(SourceKind::OpenCl));
        assert_eq!(kind("k.cu"), Some(SourceKind::Cuda));
        assert_eq!(kind("k.ll"), Some(SourceKind::LlvmText));
        assert_eq!(kind("dir.x/k.bc"), Some(SourceKind::LlvmBitcode));
    }

    #[test]
    fn unknown_extensions_are_errors() {
        match source_kind(Path::new("kernel.c")) {
            Err(DriverError::UnknownExtension { path, ext }) => {
                assert_eq!(path, Path::new("kernel.c"));
                assert_eq!(ext, "c");
            }
            other => panic!("expected UnknownExtension, got {other:?}"),
        }
        match source_kind(Path::new("Makefile")) {
            Err(DriverError::UnknownExtension { ext, .. }) => assert_eq!(ext, ""),
            other => panic!("expected UnknownExtension, got {other:?}"),
        }
    }

    #[test]
    fn default_options() {
        let o = CompileOptions::default();
        assert_eq!(o.opt_level, 0);
        assert!(o.inline);
        assert!(o.defines.is_empty() && o.includes.is_empty() && o.clang_flags.is_empty());
        assert!(o.cuda_path.is_none());
    }

    #[test]
    fn cuda_installations_have_cuda_h() {
        let dir = tempfile::tempdir().expect("temporary directory");
        match check_cuda_path(dir.path()) {
            Err(e @ DriverError::NotCudaInstallation { .. }) => {
                assert!(e.to_string().contains("include/cuda.h"), "{e}");
            }
            other => panic!("expected NotCudaInstallation, got {other:?}"),
        }
        let include = dir.path().join("include");
        std::fs::create_dir(&include).expect("include made");
        std::fs::write(include.join("cuda.h"), "").expect("cuda.h written");
        assert!(check_cuda_path(dir.path()).is_err());
        std::fs::create_dir(dir.path().join("bin")).expect("bin made");
        assert!(check_cuda_path(dir.path()).is_ok());
    }
}
