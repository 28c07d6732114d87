//! The CUDA device API of the shipped `cuda.h` compiles, and whole-struct copies are split
//! into field copies before the lifter sees them.

mod common;

use common::{data, instructions, only_kernel};
use driver::{load, CompileOptions};
use inkwell::context::Context;
use inkwell::types::AnyType;
use inkwell::types::AnyTypeEnum;
use inkwell::values::{InstructionOpcode, Operand};

#[test]
fn every_api_family_compiles() {
    let ctx = Context::create();
    let module = load(&ctx, &data("device_api.cu"), &CompileOptions::default()).expect("loads");
    assert_eq!(only_kernel(&module).get_name().to_str(), Ok("_Z3apiPfPjy"));
}

#[test]
fn whole_struct_copies_are_split() {
    let ctx = Context::create();
    let module = load(&ctx, &data("vector_copies.cu"), &CompileOptions::default()).expect("loads");
    let kernel = only_kernel(&module);
    let mut scalar_stores = 0;
    for inst in instructions(kernel) {
        let accessed = match inst.get_opcode() {
            InstructionOpcode::Load => inst.get_type(),
            InstructionOpcode::Store => match inst.get_operand(0) {
                Some(Operand::Value(v)) => v.get_type().as_any_type_enum(),
                _ => continue,
            },
            _ => continue,
        };
        assert!(
            !matches!(
                accessed,
                AnyTypeEnum::StructType(_) | AnyTypeEnum::ArrayType(_)
            ),
            "whole aggregate access left: {inst:?}"
        );
        if inst.get_opcode() == InstructionOpcode::Store {
            scalar_stores += 1;
            assert!(
                inst.get_debug_location().is_some(),
                "{inst:?} has no location"
            );
        }
    }
    assert!(scalar_stores >= 6, "{scalar_stores} stores");
}
