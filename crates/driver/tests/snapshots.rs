//! Snapshots of what the driver hands to the lifter: the prepared kernel functions of small
//! OpenCL and CUDA kernels, as LLVM prints them.

mod common;

use common::{data, only_kernel};
use driver::{load, CompileOptions};
use inkwell::context::Context;
use inkwell::values::AnyValue;

fn prepared_kernel(name: &str) -> String {
    let ctx = Context::create();
    let module = load(&ctx, &data(name), &CompileOptions::default()).expect("loads");
    let text = only_kernel(&module).print_to_string().to_string();
    text
}

#[test]
fn opencl_kernel_after_preparation() {
    insta::assert_snapshot!(prepared_kernel("helper.cl"));
}

#[test]
fn cuda_kernel_after_preparation() {
    insta::assert_snapshot!(prepared_kernel("helper.cu"));
}
