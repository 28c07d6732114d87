//! Generated kernels are valid OpenCL C and CUDA: clang 19 (the one lockstep uses, with
//! lockstep's flags and force-included headers) accepts 20 of them in both languages.

use std::path::{Path, PathBuf};
use std::process::Command;

use kernelgen::ast::{count_stmts, Lang};
use kernelgen::{emit, gen};

fn clang() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join("clang-19"))
            .find(|c| c.is_file())
    });
    on_path.or_else(|| {
        let fallback = PathBuf::from("/usr/lib/llvm-19/bin/clang");
        fallback.is_file().then_some(fallback)
    })
}

fn compile(clang: &Path, file: &Path, lang: Lang) -> Result<(), String> {
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("../driver/include");
    let mut cmd = Command::new(clang);
    match lang {
        Lang::OpenCl => {
            cmd.args(["-x", "cl", "-cl-std=CL1.2", "-target", "spir64"]);
        }
        Lang::Cuda => {
            cmd.args([
                "-x",
                "cuda",
                "--cuda-device-only",
                "-nocudainc",
                "-nocudalib",
                "--cuda-gpu-arch=sm_70",
                "-include",
            ]);
            cmd.arg(include.join("cuda.h"));
        }
    }
    cmd.arg("-include").arg(include.join("lockstep.h"));
    cmd.arg("-I").arg(&include).arg("-fsyntax-only").arg(file);
    let out = cmd.output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn twenty_kernels_compile_as_opencl_and_cuda() {
    let Some(clang) = clang() else {
        eprintln!("clang-19 not found: only generation is checked");
        for seed in 0..20 {
            let k = gen::generate(seed, &gen::Config::default());
            assert!(count_stmts(&k.body) > 0);
        }
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    for seed in 0..20 {
        let kernel = gen::generate(seed, &gen::Config::default());
        for lang in [Lang::OpenCl, Lang::Cuda] {
            let file = dir.path().join(format!("k{seed}.{}", lang.extension()));
            let text = emit::source(&kernel, lang, "pass");
            std::fs::write(&file, &text).expect("writing the kernel");
            if let Err(e) = compile(&clang, &file, lang) {
                panic!("seed {seed} ({lang:?}) does not compile:\n{e}\n{text}");
            }
        }
    }
}

#[test]
fn a_seed_gives_one_kernel() {
    let config = gen::Config::default();
    assert_eq!(gen::generate(42, &config), gen::generate(42, &config));
    assert_ne!(gen::generate(42, &config), gen::generate(43, &config));
}

#[test]
fn the_header_gives_the_launch() {
    let kernel = gen::generate(5, &gen::Config::default());
    let text = emit::source(&kernel, Lang::OpenCl, "pass");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("//pass"));
    let flags = lines.next().unwrap_or("");
    assert!(flags.starts_with("//--local_size="), "{flags}");
    assert!(flags.contains("--num_groups="), "{flags}");
    assert_eq!(lines.next(), Some(""), "a blank line must end the header");
}
