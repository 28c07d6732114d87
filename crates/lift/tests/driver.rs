//! Sources compiled by the driver (with its `lockstep.h` and `cuda.h`) and lifted: the
//! two crates agree on annotations, builtins and inlining.

use std::path::Path;

use inkwell::context::Context;

/// Loads a source under `tests/data/src` and lifts its only kernel.
fn lift_source(file: &str) -> Result<kir::Kernel, lift::LiftError> {
    let ctx = Context::create();
    let path = Path::new("tests/data/src").join(file);
    let module = driver::load(&ctx, &path, &driver::CompileOptions::default())
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let names = lift::kernel_names(&module);
    assert_eq!(names.len(), 1, "{file}: kernels {names:?}");
    lift::lift(&module, &names[0])
}

/// Lifts the only kernel of a source under `tests/data/src` (the path stays relative,
/// so the debug info and the snapshot name it the same way everywhere).
fn lifted(file: &str) -> kir::Kernel {
    let k = lift_source(file).unwrap_or_else(|e| panic!("{file}: {e}"));
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

#[test]
fn bools_minmax_floats_and_an_undefined_pointer() {
    insta::assert_snapshot!("driver_misc", lifted("misc.cu").to_string());
}

#[test]
fn work_item_dimensions() {
    insta::assert_snapshot!("driver_dims", lifted("dims.cl").to_string());
}

#[test]
fn vectors_lane_by_lane() {
    insta::assert_snapshot!("driver_vectors", lifted("vectors.cl").to_string());
}

#[test]
fn pointer_into_two_regions_is_a_case_split() {
    insta::assert_snapshot!("driver_two_regions", lifted("two_regions.cl").to_string());
}

#[test]
fn null_pointers_and_pointer_phis_over_regions() {
    insta::assert_snapshot!(
        "driver_null_pointers",
        lifted("null_pointers.cl").to_string()
    );
}

#[test]
fn atomic_through_two_regions_is_one_atomic_per_region() {
    let k = lifted("atomic_two_regions.cl").to_string();
    let atomics: Vec<&str> = k.lines().filter(|l| l.contains(":= atomic_")).collect();
    assert_eq!(atomics.len(), 2, "{k}");
    assert!(atomics.iter().any(|l| l.contains(":A[")), "{k}");
    assert!(atomics.iter().any(|l| l.contains(":B[")), "{k}");
}

#[test]
fn memory_intrinsics_in_chunks() {
    insta::assert_snapshot!("driver_memops", lifted("memops.cu").to_string());
}

/// The construct of an `Unsupported` error and its line.
fn unsupported(file: &str) -> (String, u32) {
    match lift_source(file) {
        Err(lift::LiftError::Unsupported { construct, pos }) => {
            (construct, pos.map_or(0, |p| p.line))
        }
        other => panic!("{file}: expected Unsupported, got {other:?}"),
    }
}

#[test]
fn memory_intrinsics_of_unknown_or_large_length_are_unsupported() {
    assert_eq!(
        unsupported("memcpy_variable.cl"),
        ("`llvm.memcpy` of a non-constant length".to_string(), 3)
    );
    assert_eq!(
        unsupported("memset_long.cl"),
        (
            "`llvm.memset` of 4096 bytes (at most 1024 are modelled)".to_string(),
            3
        )
    );
}

#[test]
fn by_value_struct_fields_are_uniform_parameters() {
    insta::assert_snapshot!("driver_byval", lifted("byval.cl").to_string());
    insta::assert_snapshot!("driver_byval_cuda", lifted("byval.cu").to_string());
}

#[test]
fn by_value_struct_written_is_private_and_varying_offsets_are_unsupported() {
    // A struct the kernel writes into is the work item's own copy.
    let k = lifted("byval_store.cl");
    let p = k
        .regions
        .iter()
        .find(|r| r.name == "p")
        .expect("a region `p`");
    assert_eq!(p.space, kir::Space::Private);
    assert!(!k.vars.iter().any(|v| v.name.starts_with("p.")));
    assert_eq!(
        unsupported("byval_index.cl"),
        (
            "load from by-value parameter `t` at a non-constant offset".to_string(),
            5
        )
    );
}

#[test]
fn kernel_preconditions_are_assumed_and_inlined_ones_asserted() {
    let k = lifted("requires.cl");
    insta::assert_snapshot!("driver_requires", k.to_string());
    // By line: the kernel's two `__requires` (10, 11) are assumptions; the helper's
    // (4, 5) and the `__global_assert` (14) are assertions.
    let mut kinds = Vec::new();
    for (_, b) in k.laid_out() {
        for s in &b.stmts {
            let line = s.loc.map_or(0, |l| l.line);
            match &s.stmt {
                kir::Stmt::Assume { .. } => kinds.push((line, "assume")),
                kir::Stmt::Assert { .. } => kinds.push((line, "assert")),
                _ => {}
            }
        }
    }
    assert_eq!(
        kinds,
        vec![
            (10, "assume"),
            (11, "assume"),
            (4, "assert"),
            (5, "assert"),
            (14, "assert")
        ]
    );
}

#[test]
fn atomics_are_abstract_accesses() {
    insta::assert_snapshot!("driver_atomics", lifted("atomics.cl").to_string());
    insta::assert_snapshot!("driver_atomics_cuda", lifted("atomics.cu").to_string());
}

#[test]
fn constant_initializers_give_values() {
    insta::assert_snapshot!("driver_constants", lifted("constants.cl").to_string());
}

#[test]
fn bodiless_functions_return_arbitrary_values() {
    let k = lifted("prototypes.cl");
    let text = k.to_string();
    // Each call havocs its result; `consume` touches no memory; `stop` never returns.
    assert!(!text.contains("consume"), "{text}");
    insta::assert_snapshot!("driver_prototypes", text);
}

#[test]
fn pointer_returned_by_a_prototype_is_null_plus_an_arbitrary_offset() {
    let k = lifted("prototype_pointer.cl");
    let text = k.to_string();
    // The call havocs the offset; the access through it is on no known buffer, which
    // the null-pointer check reports.
    assert!(text.contains("havoc returned"), "{text}");
    let checks = k
        .blocks
        .iter()
        .flat_map(|b| &b.stmts)
        .filter(|s| {
            matches!(
                s.stmt,
                kir::Stmt::Assert {
                    origin: kir::AssertOrigin::NullPointer,
                    ..
                }
            )
        })
        .count();
    assert!(checks > 0, "{text}");
}

#[test]
fn barrier_with_variable_flags_reads_them_per_thread() {
    let k = lifted("barrier_flags.cl");
    let barriers: Vec<String> = k
        .blocks
        .iter()
        .flat_map(|b| &b.stmts)
        .filter(|s| s.stmt.is_barrier())
        .map(|s| kir::Printer::new(&k).stmt(&s.stmt))
        .collect();
    // Variable flags: both spaces, each decided by the flags' bit for it; constant flags
    // carry no per-thread part.
    assert_eq!(
        barriers,
        vec![
            "barrier local((flags & 1bv32) != 0bv32) global((flags & 2bv32) != 0bv32)",
            "barrier local global",
        ]
    );
}

#[test]
fn async_copies_are_pending_until_waited() {
    insta::assert_snapshot!("driver_async_copy", lifted("async_copy.cl").to_string());
}

#[test]
fn array_bounds_are_checked_when_asked() {
    let ctx = inkwell::context::Context::create();
    let path = Path::new("tests/data/src/bounds.cl");
    let module = driver::load(&ctx, path, &driver::CompileOptions::default()).expect("loads");
    let options = lift::LiftOptions {
        check_array_bounds: true,
        ..Default::default()
    };
    let checked = lift::lift_with(&module, "bounds", &options).expect("lifts");
    let plain = lift::lift(&module, "bounds").expect("lifts");
    let bounds = |k: &kir::Kernel| -> Vec<String> {
        k.blocks
            .iter()
            .flat_map(|b| &b.stmts)
            .filter_map(|s| match &s.stmt {
                kir::Stmt::Assert {
                    origin: kir::AssertOrigin::ArrayBounds { region },
                    ..
                } => Some(k.region(*region).name.clone()),
                _ => None,
            })
            .collect()
    };
    // `L` written, `P` written and read; the parameter `A` has no known size.
    assert_eq!(bounds(&checked), vec!["L", "P", "P"]);
    assert!(bounds(&plain).is_empty());
    insta::assert_snapshot!("driver_bounds", checked.to_string());
}

#[test]
fn curand_state_accesses() {
    insta::assert_snapshot!("driver_curand", lifted("curand.cu").to_string());
}

#[test]
fn images_and_samplers() {
    insta::assert_snapshot!("driver_images", lifted("images.cl").to_string());
}

#[test]
fn pointers_in_memory_and_struct_fields() {
    insta::assert_snapshot!(
        "driver_pointer_fields",
        lifted("pointer_fields.cu").to_string()
    );
}
