//! End-to-end tests of `driver::load`: OpenCL, CUDA and LLVM IR inputs, the preparation passes,
//! and every error a user's input can cause.

mod common;

use std::path::Path;

use common::{callees, data, debug_location_counts, instructions, only_kernel, scalar_allocas};
use driver::{load, CompileOptions, DriverError};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::Context;
use inkwell::values::{AnyValue, FunctionValue, InstructionOpcode};

fn has_fn_attribute(function: FunctionValue<'_>, name: &str) -> bool {
    let kind = Attribute::get_named_enum_kind_id(name);
    function
        .get_enum_attribute(AttributeLoc::Function, kind)
        .is_some()
}

/// Every load, store and call of `function` has a debug location.
fn assert_accesses_located(function: FunctionValue<'_>) {
    for instruction in instructions(function) {
        let opcode = instruction.get_opcode();
        if matches!(
            opcode,
            InstructionOpcode::Load | InstructionOpcode::Store | InstructionOpcode::Call
        ) {
            let line = instruction.get_debug_location().map(|l| l.get_line());
            assert!(
                line.is_some_and(|l| l > 0),
                "{instruction:?} has no debug location"
            );
        }
    }
    let (all, located) = debug_location_counts(function);
    assert!(
        located > 0 && located * 2 >= all,
        "{located} of {all} located"
    );
}

#[test]
fn opencl_kernel_is_inlined_and_promoted() {
    let ctx = Context::create();
    let module = load(&ctx, &data("helper.cl"), &CompileOptions::default()).expect("loads");
    let kernel = only_kernel(&module);
    assert_eq!(kernel.get_name().to_str(), Ok("scale"));
    assert_eq!(scalar_allocas(kernel), Vec::<String>::new());
    let calls = callees(kernel);
    assert!(!calls.iter().any(|c| c.contains("twice")), "{calls:?}");
    assert!(calls.iter().any(|c| c == "_Z7barrierj"), "{calls:?}");
    assert!(calls.iter().any(|c| c == "_Z12get_local_idj"), "{calls:?}");
    assert!(!has_fn_attribute(kernel, "optnone"));
    assert_accesses_located(kernel);
    // Debug locations name the user's file and its lines.
    let lines: Vec<u32> = instructions(kernel)
        .iter()
        .filter_map(|i| i.get_debug_location().map(|l| l.get_line()))
        .collect();
    assert!(lines.contains(&10) && lines.contains(&13), "{lines:?}");
    // The helper's own body was promoted too.
    let twice = module.get_function("twice").expect("helper kept");
    assert!(has_fn_attribute(twice, "alwaysinline"));
    assert!(!has_fn_attribute(twice, "noinline"));
    assert_eq!(scalar_allocas(twice), Vec::<String>::new());
}

#[test]
fn cuda_kernel_is_inlined_and_promoted() {
    let ctx = Context::create();
    let module = load(&ctx, &data("helper.cu"), &CompileOptions::default()).expect("loads");
    let kernel = only_kernel(&module);
    assert_eq!(kernel.get_name().to_str(), Ok("_Z6rotatePi"));
    assert_eq!(scalar_allocas(kernel), Vec::<String>::new());
    let calls = callees(kernel);
    assert!(!calls.iter().any(|c| c.contains("next")), "{calls:?}");
    for expected in [
        "llvm.nvvm.barrier0",
        "llvm.nvvm.read.ptx.sreg.tid.x",
        "llvm.nvvm.read.ptx.sreg.ctaid.x",
        "llvm.nvvm.read.ptx.sreg.ntid.x",
    ] {
        assert!(calls.iter().any(|c| c == expected), "{expected}: {calls:?}");
    }
    // Only intrinsics are left: the built-in variables' accessors were inlined as well.
    assert!(calls.iter().all(|c| c.starts_with("llvm.")), "{calls:?}");
    assert!(!has_fn_attribute(kernel, "optnone"));
    assert_accesses_located(kernel);
}

#[test]
fn cuda_kernel_may_include_cuda_h_itself() {
    let ctx = Context::create();
    let module = load(&ctx, &data("includes_cuda.cu"), &CompileOptions::default()).expect("loads");
    let kernel = only_kernel(&module);
    assert_eq!(scalar_allocas(kernel), Vec::<String>::new());
}

#[test]
fn opencl_annotations_become_lockstep_calls() {
    let ctx = Context::create();
    let module = load(&ctx, &data("annotations.cl"), &CompileOptions::default()).expect("loads");
    let kernel = only_kernel(&module);
    let calls = callees(kernel);
    for expected in [
        "__lockstep_requires",
        "__lockstep_invariant",
        "__lockstep_no_read",
        "__lockstep_write_implies",
        "__lockstep_write_offset_bytes",
        "__lockstep_assume",
        "__lockstep_assert",
        "__lockstep_implies",
        "__lockstep_other_int",
        "__lockstep_uniform_bool",
        "__lockstep_enabled",
        "__lockstep_barrier_invariant_1",
    ] {
        assert!(calls.iter().any(|c| c == expected), "{expected}: {calls:?}");
    }
    assert_eq!(scalar_allocas(kernel), Vec::<String>::new());
    let axiom = module.get_function("__lockstep_axiom_0").expect("axiom");
    assert!(callees(axiom).iter().any(|c| c == "__lockstep_axiom"));
    // Predicates are passed as i1, pointers as i64.
    let text = kernel.print_to_string().to_string();
    assert!(text.contains("@__lockstep_assert(i1"), "{text}");
    assert!(text.contains("ptrtoint ptr addrspace(3)"), "{text}");
    assert!(text.contains("ptrtoint ptr addrspace(1)"), "{text}");
}

#[test]
fn cuda_annotations_become_lockstep_calls() {
    let ctx = Context::create();
    let module = load(&ctx, &data("annotations.cu"), &CompileOptions::default()).expect("loads");
    let kernel = only_kernel(&module);
    let calls = callees(kernel);
    for expected in [
        "__lockstep_invariant",
        "__lockstep_global_invariant",
        "__lockstep_no_write",
        "__lockstep_read_implies",
        "__lockstep_no_read",
        "__lockstep_all",
        "__lockstep_assert",
    ] {
        assert!(calls.iter().any(|c| c == expected), "{expected}: {calls:?}");
    }
    assert_eq!(scalar_allocas(kernel), Vec::<String>::new());
    let axiom = module.get_function("__lockstep_axiom_0").expect("axiom");
    assert!(callees(axiom).iter().any(|c| c == "__lockstep_axiom"));
}

#[test]
fn inlining_can_be_turned_off() {
    let ctx = Context::create();
    let opts = CompileOptions {
        inline: false,
        ..CompileOptions::default()
    };
    let module = load(&ctx, &data("helper.cl"), &opts).expect("loads");
    let kernel = only_kernel(&module);
    assert!(callees(kernel).iter().any(|c| c == "twice"));
    let twice = module.get_function("twice").expect("helper");
    assert!(!has_fn_attribute(twice, "alwaysinline"));
    // mem2reg still ran everywhere.
    assert_eq!(scalar_allocas(kernel), Vec::<String>::new());
    assert_eq!(scalar_allocas(twice), Vec::<String>::new());
}

#[test]
fn optimisation_levels_compile() {
    for opt_level in 1..=3 {
        let ctx = Context::create();
        let opts = CompileOptions {
            opt_level,
            ..CompileOptions::default()
        };
        let module = load(&ctx, &data("helper.cu"), &opts).expect("loads");
        let kernel = only_kernel(&module);
        assert!(callees(kernel).iter().all(|c| c.starts_with("llvm.")));
        assert_eq!(scalar_allocas(kernel), Vec::<String>::new());
    }
}

#[test]
fn defines_and_include_directories_reach_clang() {
    let ctx = Context::create();
    let path = data("defines.cl");
    match load(&ctx, &path, &CompileOptions::default()) {
        Err(DriverError::Clang { stderr, .. }) => assert!(stderr.contains("extra.h"), "{stderr}"),
        other => panic!("expected a clang error, got {other:?}"),
    }
    let opts = CompileOptions {
        defines: vec!["WIDTH=3".into()],
        includes: vec![data("inc")],
        ..CompileOptions::default()
    };
    let module = load(&ctx, &path, &opts).expect("loads with -D and -I");
    let text = only_kernel(&module).print_to_string().to_string();
    assert!(text.contains("store i32 10"), "{text}");
}

#[test]
fn clang_errors_carry_clangs_diagnostics() {
    let ctx = Context::create();
    let path = data("syntax_error.cl");
    match load(&ctx, &path, &CompileOptions::default()) {
        Err(DriverError::Clang { status, stderr }) => {
            assert_ne!(status, 0);
            assert!(stderr.contains("expected ';'"), "{stderr}");
            // The path appears exactly as it was given.
            assert!(
                stderr.contains(&format!("{}:3:", path.display())),
                "{stderr}"
            );
        }
        other => panic!("expected DriverError::Clang, got {other:?}"),
    };
}

#[test]
fn malformed_ir_is_invalid() {
    let ctx = Context::create();
    for (name, needle) in [
        ("malformed.ll", "frobnicate"),
        ("unverified.ll", "dominate"),
    ] {
        let path = data(name);
        match load(&ctx, &path, &CompileOptions::default()) {
            Err(DriverError::InvalidIr { path: p, message }) => {
                assert_eq!(p, path);
                assert!(message.contains(needle), "{name}: {message}");
            }
            other => panic!("{name}: expected InvalidIr, got {other:?}"),
        };
    }
}

#[test]
fn llvm_text_is_prepared_like_compiled_code() {
    let ctx = Context::create();
    let module = load(&ctx, &data("optnone.ll"), &CompileOptions::default()).expect("loads");
    let kernel = only_kernel(&module);
    assert_eq!(callees(kernel), Vec::<String>::new());
    assert_eq!(scalar_allocas(kernel), Vec::<String>::new());
    assert!(!has_fn_attribute(kernel, "optnone"));
    let inc = module.get_function("inc").expect("helper");
    assert!(!has_fn_attribute(inc, "optnone") && !has_fn_attribute(inc, "noinline"));
}

#[test]
fn llvm_bitcode_loads() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let bitcode = dir.path().join("k.bc");
    {
        let ctx = Context::create();
        let buffer = inkwell::memory_buffer::MemoryBuffer::create_from_file(&data("optnone.ll"))
            .expect("read");
        let module = ctx.create_module_from_ir(buffer).expect("parse");
        assert!(module.write_bitcode_to_path(&bitcode));
    }
    let ctx = Context::create();
    let module = load(&ctx, &bitcode, &CompileOptions::default()).expect("loads");
    let kernel = only_kernel(&module);
    assert_eq!(callees(kernel), Vec::<String>::new());
    assert_eq!(scalar_allocas(kernel), Vec::<String>::new());

    std::fs::write(dir.path().join("junk.bc"), b"not bitcode").expect("write");
    match load(
        &ctx,
        &dir.path().join("junk.bc"),
        &CompileOptions::default(),
    ) {
        Err(DriverError::InvalidIr { .. }) => {}
        other => panic!("expected InvalidIr, got {other:?}"),
    };
}

#[test]
fn missing_files_and_unknown_extensions() {
    let ctx = Context::create();
    let missing = Path::new("no/such/kernel.cl");
    match load(&ctx, missing, &CompileOptions::default()) {
        Err(DriverError::MissingFile { path }) => assert_eq!(path, missing),
        other => panic!("expected MissingFile, got {other:?}"),
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let text = dir.path().join("kernel.txt");
    std::fs::write(&text, "__kernel void k() {}").expect("write");
    match load(&ctx, &text, &CompileOptions::default()) {
        Err(DriverError::UnknownExtension { path, ext }) => {
            assert_eq!(path, text);
            assert_eq!(ext, "txt");
        }
        other => panic!("expected UnknownExtension, got {other:?}"),
    };
}
