//! Development aid: lifts every kernel of the given LLVM IR files and prints the KIR
//! (or the error, one line, prefixed `error:`).
//!
//! `cargo run -p lift --example lift_ll -- file.ll...`

use std::path::Path;
use std::process::ExitCode;

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;

fn main() -> ExitCode {
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let ctx = Context::create();
        let module = MemoryBuffer::create_from_file(Path::new(&path))
            .map_err(|e| e.to_string())
            .and_then(|buf| ctx.create_module_from_ir(buf).map_err(|e| e.to_string()));
        let module = match module {
            Ok(m) => m,
            Err(e) => {
                println!("{path}: error: cannot load: {e}");
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
