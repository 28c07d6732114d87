//! What the lifter records for race reports: the dimensions of global arrays, and where
//! the accesses of a function without a body (a `__spec_` function) are placed.

use std::path::Path;

use inkwell::context::Context;
use kir::{Kernel, Stmt};

/// Compiles a source under `tests/data/src` with the driver and lifts its only kernel.
fn lifted(file: &str) -> Kernel {
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

fn region<'k>(k: &'k Kernel, name: &str) -> &'k kir::RegionData {
    k.regions
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no region {name}: {k}"))
}

#[test]
fn global_arrays_get_their_source_dimensions() {
    let k = lifted("region_dims.cl");
    // A float4 is an element, not a dimension.
    let v = region(&k, "V");
    assert_eq!((v.dims.as_slice(), v.elem_bytes), (&[2, 3, 4][..], 16));
    // Rows declared through a typedef.
    let r = region(&k, "R");
    assert_eq!((r.dims.as_slice(), r.elem_bytes), (&[4, 8][..], 4));
    // Indexed through a `char *`: its elements are bytes, not the declared ints.
    assert_eq!(region(&k, "B").dims, Vec::<u64>::new());
    // A pointer parameter has no declared shape.
    assert_eq!(region(&k, "out").dims, Vec::<u64>::new());
}

#[test]
fn a_spec_functions_write_is_one_element_at_its_call() {
    let k = lifted("spec_call.cl");
    assert_eq!(k.bodiless_calls.len(), 1, "{k}");
    let call = &k.bodiless_calls[0];
    assert_eq!(call.function, "__spec_fill");
    assert_eq!(call.loc.line, 9);
    let a = k
        .regions
        .iter()
        .position(|r| r.name == "A")
        .expect("region A");
    let writes: Vec<_> = k
        .blocks
        .iter()
        .flat_map(|b| &b.stmts)
        .filter(|s| matches!(s.stmt, Stmt::Write { region, .. } if region.index() == a))
        .collect();
    assert_eq!(writes.len(), 1, "{k}");
    assert_eq!(writes[0].loc, Some(call.loc));
    let Stmt::Write { bytes, .. } = writes[0].stmt else {
        unreachable!()
    };
    assert_eq!(bytes, 4, "{k}");
    assert_eq!(k.bodiless_call_at(call.loc), Some("__spec_fill"));
    // The offset is aligned to the int: an assumption at the call says so.
    let text = k.to_string();
    assert!(text.contains("& 3bv64) == 0bv64"), "{text}");
}
