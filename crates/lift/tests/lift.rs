//! Lifts the fixture kernels in `tests/data` (compiled by `tests/data/compile.sh`) and
//! pins the printed KIR; checks that each passes `kir::verify`, and that unsupported
//! input gives the right error with a location.

use std::path::Path;

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use lift::LiftError;

fn load<'c>(ctx: &'c Context, file: &str) -> Module<'c> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    let buf = MemoryBuffer::create_from_file(&path).expect("fixture exists");
    ctx.create_module_from_ir(buf).expect("fixture parses")
}

/// Lifts the only kernel of a fixture.
fn lift_only(file: &str) -> Result<kir::Kernel, LiftError> {
    let ctx = Context::create();
    let m = load(&ctx, file);
    let names = lift::kernel_names(&m);
    assert_eq!(names.len(), 1, "{file}: kernels {names:?}");
    lift::lift(&m, &names[0])
}

fn lifted(file: &str) -> kir::Kernel {
    let k = lift_only(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    if let Err(errors) = kir::verify(&k) {
        panic!("{file}: KIR does not verify: {errors:?}\n{k}");
    }
    assert_eq!(k.phase, kir::Phase::Lifted);
    k
}

macro_rules! snapshot {
    ($test:ident, $file:literal) => {
        #[test]
        fn $test() {
            let k = lifted($file);
            insta::assert_snapshot!(stringify!($test), k.to_string());
        }
    };
}

snapshot!(local_race, "local_race.ll");
snapshot!(global_array, "global_array.ll");
snapshot!(if_else, "if_else.ll");
snapshot!(short_circuit, "short_circuit.ll");
snapshot!(switch, "switch.ll");
snapshot!(early_return, "early_return.ll");
snapshot!(loop_with_barrier, "loop.ll");
snapshot!(assert, "assert.ll");
snapshot!(cuda_shared, "shared.ll");
snapshot!(cuda_pointers, "pointers.ll");
snapshot!(parallel_copy, "swap.ll");
snapshot!(vector_bits, "vector_bits.ll");
snapshot!(aggregate_param, "aggregate_param.ll");
snapshot!(pointer_slot, "pointer_slot.ll");
snapshot!(function_pointer, "function_pointer.ll");
snapshot!(atomic_rmw, "atomic.ll");
snapshot!(atomic_ops, "atomic_ops.ll");

/// The error of lifting a fixture that must fail.
fn error(file: &str) -> LiftError {
    match lift_only(file) {
        Ok(k) => panic!("{file}: lifted, expected an error:\n{k}"),
        Err(e) => e,
    }
}

fn pos(e: &LiftError) -> (String, u32, u32) {
    let p = e.pos().unwrap_or_else(|| panic!("no position in {e:?}"));
    (p.file.clone(), p.line, p.col)
}

#[test]
fn recursion_names_the_function() {
    let e = error("recursion.ll");
    let LiftError::Recursion { function, .. } = &e else {
        panic!("expected Recursion, got {e:?}");
    };
    assert_eq!(function, "fact");
    // The kernel's call of `fact`: the inliner leaves recursive functions alone.
    assert_eq!(pos(&e), ("recursion.cu".to_string(), 6, 10));
    assert!(
        e.to_string()
            .starts_with("recursion.cu:6:10: call to `fact`"),
        "{e}"
    );
}

#[test]
fn atomic_pointer_exchange_is_unsupported() {
    let e = error("atomic_pointer.ll");
    let LiftError::Unsupported { construct, .. } = &e else {
        panic!("expected Unsupported, got {e:?}");
    };
    assert_eq!(construct, "atomic `xchg` of a pointer");
}

#[test]
fn by_value_struct_field_is_a_uniform_parameter() {
    let k = lifted("opaque_struct.ll");
    let hi = k
        .params
        .iter()
        .find_map(|p| match p {
            kir::ParamData::Field { name, var, offset } if name == "r.hi" => Some((*var, *offset)),
            _ => None,
        })
        .expect("a parameter for field `hi`");
    let (hi, offset) = hi;
    assert_eq!(offset, 4, "`hi` follows the 4-byte `lo`");
    assert_eq!(k.var(hi).kind, kir::VarKind::Param { index: 1 });
    assert_eq!(k.var(hi).ty, kir::Ty::Bv(32));
    // `lo` is never read, so it has no variable.
    assert!(!k.vars.iter().any(|v| v.name.starts_with("r.lo")));
}

#[test]
fn unused_by_value_struct_parameter_is_opaque() {
    let k = lifted("shared.ll");
    assert!(k
        .params
        .iter()
        .any(|p| matches!(p, kir::ParamData::Opaque { name } if name == "unused")));
}

#[test]
fn vector_of_booleans_in_memory_is_unsupported() {
    let e = error("vector_bool_load.ll");
    let LiftError::Unsupported { construct, .. } = &e else {
        panic!("expected Unsupported, got {e:?}");
    };
    assert_eq!(construct, "load of `<8 x i1>`");
}

#[test]
fn unmodelled_work_item_function_is_unsupported() {
    let e = error("unsupported_builtin.ll");
    let LiftError::Unsupported { construct, .. } = &e else {
        panic!("expected Unsupported, got {e:?}");
    };
    assert_eq!(
        construct,
        "work-item function `get_work_dim` (the launch's dimensions are not known)"
    );
    assert_eq!(pos(&e).1, 3);
}

#[test]
fn module_without_kernels() {
    let ctx = Context::create();
    let m = load(&ctx, "no_kernel.ll");
    assert!(lift::kernel_names(&m).is_empty());
    assert_eq!(lift::lift(&m, "helper"), Err(LiftError::NoKernel));
}

#[test]
fn cuda_kernels_by_symbol_or_source_name() {
    let ctx = Context::create();
    let m = load(&ctx, "two_kernels.ll");
    let names = lift::kernel_names(&m);
    assert_eq!(names, vec!["_Z5firstPi", "_Z6secondPi"]);
    let by_symbol = lift::lift(&m, "_Z5firstPi").expect("lifts");
    let by_source = lift::lift(&m, "first").expect("lifts");
    assert_eq!(by_symbol, by_source);
    assert_eq!(by_source.name, "first");
    assert!(kir::verify(&by_source).is_ok());
    let text = by_source.to_string();
    for builtin in ["local_id.y", "local_size.z", "num_groups.y"] {
        assert!(text.contains(builtin), "{builtin} missing from\n{text}");
    }
    let e = lift::lift(&m, "third").expect_err("no such kernel");
    assert_eq!(
        e,
        LiftError::UnknownKernel {
            name: "third".into(),
            available: names.clone(),
        }
    );
}

#[test]
fn lifting_leaves_the_module_usable() {
    let ctx = Context::create();
    let m = load(&ctx, "loop.ll");
    let before = m.print_to_string().to_string();
    let first = lift::lift(&m, "loop").expect("lifts");
    assert!(
        m.print_to_string().to_string() == before,
        "lifting changed the module"
    );
    assert!(m.verify().is_ok());
    assert_eq!(lift::lift(&m, "loop").expect("lifts again"), first);
}

#[test]
fn toolkit_libdevice_and_warp_intrinsics() {
    let ctx = Context::create();
    let m = load(&ctx, "toolkit_calls.ll");
    let k = lift::lift(&m, "warp").expect("lifts");
    assert!(kir::verify(&k).is_ok(), "{k}");
    let text = k.to_string();
    // Pure libdevice math is an uninterpreted function; the integer min is exact.
    assert!(text.contains("__nv_fast_expf("), "{text}");
    assert!(!text.contains("__nv_min"), "{text}");
    // sincosf's outputs are stored through its pointers.
    assert!(text.contains("__nv_sincosf.out0("), "{text}");
    assert!(text.contains("__nv_sincosf.out1("), "{text}");
    // Shuffles, matches (value and flag) and votes are havocs, never functions of their
    // arguments; __syncwarp leaves nothing.
    assert_eq!(text.matches("havoc").count(), 4, "{text}");
    for name in ["shfl", "match", "vote", "bar.warp"] {
        assert!(!text.contains(name), "{name} in\n{text}");
    }
    let e = lift::lift(&m, "norm").expect_err("reads an array");
    assert!(e.to_string().contains("__nv_normf"), "{e}");
}
