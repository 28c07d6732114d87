//! Development aid: loads each file with the driver (OpenCL, CUDA or LLVM IR), lifts every
//! kernel and prints the KIR, or the error on one line prefixed `error:`.
//!
//! `cargo run -p lift --example lift_file -- kernel.cl other.cu module.ll`

use std::path::Path;
use std::process::ExitCode;

use inkwell::context::Context;

fn main() -> ExitCode {
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let ctx = Context::create();
        let module = match driver::load(&ctx, Path::new(&path), &driver::CompileOptions::default())
        {
            Ok(m) => m,
            Err(e) => {
                println!(
                    "{path}: error: cannot load: {}",
                    e.to_string().replace('\n', " ")
                );
                failed = true;
                continue;
            }
        };
        let names = lift::kernel_names(&module);
        if names.is_empty() {
            println!("{path}: error: {}", lift::LiftError::NoKernel);
            failed = true;
        }
        for name in names {
            match lift::lift(&module, &name) {
                Ok(k) => println!("{path}: {name}:\n{k}"),
                Err(e) => {
                    println!("{path}: {name}: error: {e}");
                    failed = true;
                }
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
