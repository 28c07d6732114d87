//! `LOCKSTEP_CLANG` selects the clang to run. This test changes the process environment, so it
//! lives alone in its own test binary (one process, one test).

mod common;

use common::data;
use driver::{load, CompileOptions, DriverError, CLANG_ENV};
use inkwell::context::Context;

#[test]
fn lockstep_clang_chooses_the_compiler() {
    let ctx = Context::create();
    let kernel = data("helper.cl");

    std::env::set_var(CLANG_ENV, "/nonexistent/bin/clang-19");
    match load(&ctx, &kernel, &CompileOptions::default()) {
        Err(e @ DriverError::ClangNotFound { .. }) => {
            let DriverError::ClangNotFound { tried } = &e else {
                unreachable!()
            };
            assert!(tried
                .iter()
                .any(|t| t.contains("/nonexistent/bin/clang-19")));
            let message = e.to_string();
            assert!(message.contains("install clang-19"), "{message}");
        }
        other => panic!("expected ClangNotFound, got {other:?}"),
    };

    // A clang that exists is used, whether named by path or found on PATH.
    let fallback = "/usr/lib/llvm-19/bin/clang";
    if std::path::Path::new(fallback).is_file() {
        std::env::set_var(CLANG_ENV, fallback);
        load(&ctx, &kernel, &CompileOptions::default()).expect("loads with an explicit clang");
        let command = driver::clang_command(
            &kernel,
            driver::SourceKind::OpenCl,
            &CompileOptions::default(),
            std::path::Path::new("/tmp/x"),
        );
        assert_eq!(command.first().map(String::as_str), Some(fallback));
    }
    std::env::set_var(CLANG_ENV, "clang-19");
    load(&ctx, &kernel, &CompileOptions::default()).expect("loads with clang-19 from PATH");
    std::env::remove_var(CLANG_ENV);
}
