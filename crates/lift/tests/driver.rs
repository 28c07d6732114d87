//! Sources compiled by the driver (with its `lockstep.h` and `cuda.h`) and lifted: the
//! two crates agree on annotations, builtins and inlining.

use std::path::Path;

use inkwell::context::Context;

/// Lifts the only kernel of a source under `tests/data/src` (the path stays relative,
/// so the debug info and the snapshot name it the same way everywhere).
fn lifted(file: &str) -> kir::Kernel {
    let ctx = Context::create();
    let path = Path::new("tests/data/src").join(file);
    let module = driver::load(&ctx, &path, &driver::CompileOptions::default())
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let names = lift::kernel_names(&module);
    assert_eq!(names.len(), 1, "{file}: kernels {names:?}");
    let k = lift::lift(&module, &names[0]).unwrap_or_else(|e| panic!("{file}: {e}"));
    if let Err(errors) = kir::verify(&k) {
        panic!("{file}: KIR does not verify: {errors:?}\n{k}");
    }
    k
}

#[test]
fn annotations_from_lockstep_h() {
    insta::assert_snapshot!("driver_annotations", lifted("annotations.cl").to_string());
}

#[test]
fn cuda_builtins_from_cuda_h() {
    insta::assert_snapshot!("driver_builtins", lifted("builtins.cu").to_string());
}
