//! Loads every `.cl` and `.cu` kernel of an external test suite (a directory named by the
//! `LOCKSTEP_SUITE` environment variable, in gvtester format: line 2 holds the flags) and checks
//! that the driver either loads it or reports clang's own error, never an invalid module or an
//! LLVM failure. Prints how many kernels of each language load.
//!
//! Also counts the kernels whose prepared code still calls a defined function (recursion,
//! function pointers) or keeps a scalar `alloca` (address-taken scalars).
//!
//! Run with `LOCKSTEP_SUITE=<dir> cargo test -p driver --test suite -- --ignored --nocapture`;
//! `LOCKSTEP_SUITE_OPT=<0..3>` sets the optimisation level.

mod common;

use std::path::{Path, PathBuf};

use common::{callees, scalar_allocas};
use driver::{kernel_functions, load, CompileOptions, DriverError};
use inkwell::context::Context;
use inkwell::module::Module;

fn kernels(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            kernels(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("cl") | Some("cu")
        ) {
            out.push(path);
        }
    }
}

/// The clang-relevant options of a gvtester flags line: `-D...` and `--clang-opt=...`.
fn options(path: &Path) -> CompileOptions {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let flags = text.lines().nth(1).unwrap_or("");
    let mut opts = CompileOptions::default();
    if let Some(level) = std::env::var("LOCKSTEP_SUITE_OPT")
        .ok()
        .and_then(|l| l.parse().ok())
    {
        opts.opt_level = level;
    }
    for flag in flags.trim_start_matches("//").split_whitespace() {
        if let Some(define) = flag.strip_prefix("-D") {
            opts.defines.push(define.to_string());
        } else if let Some(clang) = flag.strip_prefix("--clang-opt=") {
            opts.clang_flags.push(clang.to_string());
        }
    }
    opts
}

/// Whether some kernel of `module` calls a function defined in the module, and whether one
/// keeps a scalar `alloca`.
fn leftovers(module: &Module<'_>) -> (bool, bool) {
    let kernels = kernel_functions(module);
    let calls_defined = kernels.iter().any(|k| {
        callees(*k).iter().any(|name| {
            module
                .get_function(name)
                .is_some_and(|f| f.count_basic_blocks() > 0)
        })
    });
    let scalars = kernels.iter().any(|k| !scalar_allocas(*k).is_empty());
    (calls_defined, scalars)
}

#[test]
#[ignore = "needs LOCKSTEP_SUITE=<directory of kernels>"]
fn every_kernel_loads_or_fails_in_clang() {
    let Some(root) = std::env::var_os("LOCKSTEP_SUITE") else {
        panic!("set LOCKSTEP_SUITE to a directory of .cl/.cu kernels");
    };
    let mut paths = Vec::new();
    kernels(Path::new(&root), &mut paths);
    paths.sort();
    assert!(!paths.is_empty(), "no kernels under {root:?}");
    let mut loaded = [0usize; 2];
    let mut total = [0usize; 2];
    let mut unexpected = Vec::new();
    let (mut calling, mut with_scalars) = (0, 0);
    for path in &paths {
        let lang = usize::from(path.extension().is_some_and(|e| e == "cu"));
        total[lang] += 1;
        let ctx = Context::create();
        match load(&ctx, path, &options(path)) {
            Ok(module) => {
                loaded[lang] += 1;
                let (calls, scalars) = leftovers(&module);
                if calls {
                    calling += 1;
                    println!("calls a defined function: {}", path.display());
                }
                if scalars {
                    with_scalars += 1;
                    println!("keeps a scalar alloca: {}", path.display());
                }
            }
            Err(DriverError::Clang { stderr, .. }) => {
                let first = stderr.lines().find(|l| l.contains("error")).unwrap_or("");
                println!("clang error: {}: {first}", path.display());
            }
            Err(other) => unexpected.push(format!("{}: {other}", path.display())),
        };
    }
    println!("OpenCL: {} of {} load", loaded[0], total[0]);
    println!("CUDA:   {} of {} load", loaded[1], total[1]);
    println!("loaded kernels still calling a defined function: {calling}");
    println!("loaded kernels keeping a scalar alloca: {with_scalars}");
    assert!(unexpected.is_empty(), "{unexpected:#?}");
}
