//! Finding clang, building its command line, and running it to turn a `.cl`/`.cu` file into
//! LLVM bitcode.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{CompileOptions, DriverError, SourceKind};

/// The environment variable that names the clang to use.
pub const CLANG_ENV: &str = "LOCKSTEP_CLANG";
/// The clang looked for on `PATH` when `LOCKSTEP_CLANG` is not set.
const CLANG_ON_PATH: &str = "clang-19";
/// The clang used when there is none on `PATH`.
const CLANG_FALLBACK: &str = "/usr/lib/llvm-19/bin/clang";
/// The name of the bitcode file clang writes into the include directory.
const OUTPUT_NAME: &str = "module.bc";

/// Finds clang: `$LOCKSTEP_CLANG` if set (a path, or a name looked up on `PATH`), else
/// `clang-19` on `PATH`, else `/usr/lib/llvm-19/bin/clang`.
pub(crate) fn find_clang() -> Result<PathBuf, DriverError> {
    if let Some(chosen) = std::env::var_os(CLANG_ENV).filter(|v| !v.is_empty()) {
        return resolve(&chosen).ok_or_else(|| DriverError::ClangNotFound {
            tried: vec![format!("${CLANG_ENV}={}", chosen.to_string_lossy())],
        });
    }
    for candidate in [CLANG_ON_PATH, CLANG_FALLBACK] {
        if let Some(found) = resolve(OsStr::new(candidate)) {
            return Ok(found);
        }
    }
    Err(DriverError::ClangNotFound {
        tried: vec![
            format!("{CLANG_ON_PATH} on PATH"),
            CLANG_FALLBACK.to_string(),
        ],
    })
}

/// An existing file for `program`: itself if it names a path, else the first match on `PATH`.
fn resolve(program: &OsStr) -> Option<PathBuf> {
    let as_path = Path::new(program);
    if as_path.components().count() > 1 {
        return as_path.is_file().then(|| as_path.to_path_buf());
    }
    let path_var = std::env::var_os("PATH")?;
    std::env::split_paths(&path_var)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// clang's arguments (without the program) to compile `path` into `<include_dir>/module.bc`,
/// with the shipped headers (already written to `include_dir`) force-included.
/// Empty for LLVM IR inputs, which are not compiled.
fn clang_args(
    path: &Path,
    kind: SourceKind,
    opts: &CompileOptions,
    include_dir: &Path,
) -> Vec<OsString> {
    // With a CUDA installation, clang includes its headers (through its runtime wrapper)
    // instead of lockstep's cuda.h; libdevice is never linked: its functions stay calls.
    let toolkit = opts
        .cuda_path
        .as_deref()
        .filter(|_| kind == SourceKind::Cuda);
    let language: &[&str] = match kind {
        SourceKind::OpenCl => &["-x", "cl", "-cl-std=CL1.2", "-target", "spir64"],
        SourceKind::Cuda if toolkit.is_some() => &["-x", "cuda", "--cuda-device-only"],
        SourceKind::Cuda => &["-x", "cuda", "--cuda-device-only", "-nocudainc"],
        SourceKind::LlvmText | SourceKind::LlvmBitcode => return Vec::new(),
    };
    let mut args: Vec<OsString> = language.iter().map(OsString::from).collect();
    if kind == SourceKind::Cuda {
        if let Some(dir) = toolkit {
            let mut flag = OsString::from("--cuda-path=");
            flag.push(dir);
            args.push(flag);
        }
        args.extend(["-nocudalib", "--cuda-gpu-arch=sm_70"].map(OsString::from));
    }
    if opts.opt_level == 0 {
        args.extend(["-O0", "-Xclang", "-disable-O0-optnone"].map(OsString::from));
    } else {
        args.push(format!("-O{}", opts.opt_level.min(3)).into());
    }
    if kind == SourceKind::Cuda && opts.opt_level > 0 {
        // Optimised device code gets line tables only from the driver; the variables'
        // debug records name the parameters and arrays in reports.
        args.extend(["-Xclang", "-debug-info-kind=constructor"].map(OsString::from));
    }
    args.extend(["-g", "-emit-llvm", "-c", "-o"].map(OsString::from));
    args.push(include_dir.join(OUTPUT_NAME).into_os_string());
    let forced: &[&str] = match kind {
        SourceKind::Cuda if toolkit.is_some() => &["lockstep.h", "lockstep_cuda_toolkit.h"],
        SourceKind::Cuda => &["cuda.h", "lockstep.h"],
        _ => &["lockstep.h"],
    };
    for header in forced {
        args.push("-include".into());
        args.push(include_dir.join(header).into_os_string());
    }
    args.push("-I".into());
    args.push(include_dir.as_os_str().to_owned());
    for define in &opts.defines {
        args.push(format!("-D{define}").into());
    }
    for dir in &opts.includes {
        args.push("-I".into());
        args.push(dir.as_os_str().to_owned());
    }
    args.extend(opts.clang_flags.iter().map(OsString::from));
    args.push(path.as_os_str().to_owned());
    args
}

/// The full clang command line (program first) that [`crate::load`] runs for `path`, for
/// `--verbose` output and debugging. The program is the clang [`crate::load`] would find, or
/// `clang-19` when none is found. Empty for LLVM IR inputs (`.ll`, `.bc`), which are not compiled.
pub fn clang_command(
    path: &Path,
    kind: SourceKind,
    opts: &CompileOptions,
    include_dir: &Path,
) -> Vec<String> {
    let args = clang_args(path, kind, opts, include_dir);
    if args.is_empty() {
        return Vec::new();
    }
    let program = find_clang()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|_| CLANG_ON_PATH.to_string());
    std::iter::once(program)
        .chain(args.iter().map(|a| a.to_string_lossy().into_owned()))
        .collect()
}

/// Runs clang on `path`; returns the bitcode file it wrote inside `include_dir`.
pub(crate) fn compile(
    path: &Path,
    kind: SourceKind,
    opts: &CompileOptions,
    include_dir: &Path,
) -> Result<PathBuf, DriverError> {
    let clang = find_clang()?;
    let args = clang_args(path, kind, opts, include_dir);
    tracing::debug!(clang = %clang.display(), ?args, "running clang");
    let output = Command::new(&clang)
        .args(&args)
        .output()
        .map_err(|source| {
            if source.kind() == std::io::ErrorKind::NotFound {
                DriverError::ClangNotFound {
                    tried: vec![clang.display().to_string()],
                }
            } else {
                DriverError::Io {
                    path: clang.clone(),
                    source,
                }
            }
        })?;
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if !output.status.success() {
        return Err(DriverError::Clang {
            status: output.status.code().unwrap_or(-1),
            stderr,
        });
    }
    if !stderr.trim().is_empty() {
        tracing::warn!("clang: {}", stderr.trim_end());
    }
    Ok(include_dir.join(OUTPUT_NAME))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: Vec<OsString>) -> Vec<String> {
        args.into_iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn opencl_command_line() {
        let opts = CompileOptions {
            defines: vec!["N=4".into()],
            includes: vec![PathBuf::from("inc")],
            clang_flags: vec!["-cl-std=CL2.0".into()],
            ..CompileOptions::default()
        };
        let args = strings(clang_args(
            Path::new("dir/k.cl"),
            SourceKind::OpenCl,
            &opts,
            Path::new("/tmp/x"),
        ));
        let line = args.join(" ");
        assert!(line.starts_with("-x cl -cl-std=CL1.2 -target spir64 -O0 -Xclang -disable-O0-optnone -g -emit-llvm -c -o /tmp/x/module.bc"));
        assert!(line.contains("-include /tmp/x/lockstep.h -I /tmp/x -DN=4 -I inc -cl-std=CL2.0"));
        assert!(!line.contains("cuda.h"));
        assert_eq!(args.last().map(String::as_str), Some("dir/k.cl"));
    }

    /// clang's arguments for `k.cu` with the headers in `/t`, as one line.
    fn cuda_line(opts: &CompileOptions) -> String {
        strings(clang_args(
            Path::new("k.cu"),
            SourceKind::Cuda,
            opts,
            Path::new("/t"),
        ))
        .join(" ")
    }

    #[test]
    fn cuda_command_line_with_optimisation() {
        let opts = CompileOptions {
            opt_level: 2,
            ..CompileOptions::default()
        };
        let line = cuda_line(&opts);
        assert!(line.starts_with(
            "-x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -O2 \
             -Xclang -debug-info-kind=constructor -g"
        ));
        assert!(!line.contains("optnone"));
        assert!(line.contains("-include /t/cuda.h -include /t/lockstep.h -I /t"));
    }

    #[test]
    fn cuda_command_line_with_a_toolkit() {
        let opts = CompileOptions {
            cuda_path: Some(PathBuf::from("/opt/cuda")),
            ..CompileOptions::default()
        };
        let line = cuda_line(&opts);
        assert!(line.starts_with(
            "-x cuda --cuda-device-only --cuda-path=/opt/cuda -nocudalib --cuda-gpu-arch=sm_70 \
             -O0 -Xclang -disable-O0-optnone -g"
        ));
        assert!(!line.contains("-nocudainc"));
        assert!(!line.contains("cuda.h"));
        assert!(
            line.contains("-include /t/lockstep.h -include /t/lockstep_cuda_toolkit.h -I /t k.cu")
        );
        // OpenCL ignores the toolkit.
        let cl = strings(clang_args(
            Path::new("k.cl"),
            SourceKind::OpenCl,
            &opts,
            Path::new("/t"),
        ))
        .join(" ");
        assert!(!cl.contains("cuda"));
    }

    #[test]
    fn no_command_for_llvm_ir() {
        let opts = CompileOptions::default();
        let dir = Path::new("/t");
        assert!(clang_command(Path::new("k.ll"), SourceKind::LlvmText, &opts, dir).is_empty());
        assert!(clang_command(Path::new("k.bc"), SourceKind::LlvmBitcode, &opts, dir).is_empty());
    }

    #[test]
    fn command_starts_with_a_clang() {
        let cmd = clang_command(
            Path::new("k.cl"),
            SourceKind::OpenCl,
            &CompileOptions::default(),
            Path::new("/t"),
        );
        assert!(cmd.first().is_some_and(|p| p.contains("clang")));
        assert_eq!(cmd.last().map(String::as_str), Some("k.cl"));
    }
}
