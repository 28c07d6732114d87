//! Field names inside by-value parameters, from the debug type of the parameter's
//! variable: the bytes at an offset are named by the path of members and array
//! elements that holds them (`.a`, `.inner.x`, `.arr[2]`). Needs the intrinsic debug
//! format, like [`crate::debug::value_names`]. Also the dimensions of global arrays
//! (`__local float4 L[2][3][4][5]`), which diagnostics index by.

use std::collections::HashMap;

use inkwell::llvm_sys::core::{LLVMMetadataAsValue, LLVMValueAsMetadata};
use inkwell::llvm_sys::debuginfo::*;
use inkwell::llvm_sys::prelude::LLVMMetadataRef;

use crate::debug::{context, is, node_string};
use crate::llvm::{Module, Value, ValueKind};

const DW_TAG_ARRAY_TYPE: u16 = 0x01;
const DW_TAG_CLASS_TYPE: u16 = 0x02;
const DW_TAG_MEMBER: u16 = 0x0d;
const DW_TAG_STRUCTURE_TYPE: u16 = 0x13;
const DW_TAG_TYPEDEF: u16 = 0x16;
const DW_TAG_UNION_TYPE: u16 = 0x17;
const DW_TAG_INHERITANCE: u16 = 0x1c;
const DW_TAG_CONST_TYPE: u16 = 0x26;
const DW_TAG_VOLATILE_TYPE: u16 = 0x35;
const DW_TAG_RESTRICT_TYPE: u16 = 0x37;
const DW_TAG_ATOMIC_TYPE: u16 = 0x47;

/// The declared dimensions of a global array variable, outermost first, from its debug
/// type (typedefs of arrays included; a vector such as `float4` is an element, not a
/// dimension). Empty without debug info, for a non-array, or when a count is unknown.
pub fn global_dims(m: Module, g: Value) -> Vec<u64> {
    match crate::debug::global_variable(m, g).and_then(|var| operand(m, var, 3)) {
        Some(t) => array_dims(m, t),
        None => Vec::new(),
    }
}

fn array_dims(m: Module, t: LLVMMetadataRef) -> Vec<u64> {
    let mut dims = Vec::new();
    let mut t = strip(m, t);
    // Depth-limited like `path`: debug types may be cyclic.
    for _ in 0..16 {
        let vector = unsafe { LLVMDITypeGetFlags(t) } & LLVMDIFlagVector != 0;
        if tag(t) != DW_TAG_ARRAY_TYPE || vector {
            return dims;
        }
        let counts = operand(m, t, 4).map(|list| subrange_counts(m, list));
        match (counts, operand(m, t, 3)) {
            (Some(Some(counts)), Some(elem)) if !counts.is_empty() => {
                dims.extend(counts);
                t = strip(m, elem);
            }
            _ => return Vec::new(),
        }
    }
    Vec::new()
}

/// The element counts of an array type's subranges (`None` if one is not a constant).
fn subrange_counts(m: Module, list: LLVMMetadataRef) -> Option<Vec<u64>> {
    let list = Value::from_raw(unsafe { LLVMMetadataAsValue(context(m), list) })?;
    list.md_operands()
        .into_iter()
        .map(|sub| {
            let sub = sub?;
            let count = sub.md_operands().first().copied().flatten()?.const_int()?;
            // A flexible array member's count is -1.
            (count < 1 << 48).then_some(count)
        })
        .collect()
}

/// A debug-info type node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DiType(LLVMMetadataRef);

/// Operand `i` of a metadata node, as metadata.
fn operand(m: Module, md: LLVMMetadataRef, i: usize) -> Option<LLVMMetadataRef> {
    let v = Value::from_raw(unsafe { LLVMMetadataAsValue(context(m), md) })?;
    let op = v.md_operands().get(i).copied().flatten()?;
    let raw = unsafe { LLVMValueAsMetadata(op.0) };
    (!raw.is_null()).then_some(raw)
}

fn tag(md: LLVMMetadataRef) -> u16 {
    unsafe { LLVMGetDINodeTag(md) }
}

fn size_bits(md: LLVMMetadataRef) -> u64 {
    unsafe { LLVMDITypeGetSizeInBits(md) }
}

/// The type behind typedefs and qualifiers.
fn strip(m: Module, mut t: LLVMMetadataRef) -> LLVMMetadataRef {
    for _ in 0..64 {
        let qualified = matches!(
            tag(t),
            DW_TAG_TYPEDEF
                | DW_TAG_CONST_TYPE
                | DW_TAG_VOLATILE_TYPE
                | DW_TAG_RESTRICT_TYPE
                | DW_TAG_ATOMIC_TYPE
        );
        match operand(m, t, 3).filter(|_| qualified) {
            Some(base) => t = base,
            None => break,
        }
    }
    t
}

/// The debug types of the function's parameters that have one, from the
/// `llvm.dbg.declare`/`llvm.dbg.value` of each argument.
pub fn param_types(m: Module, f: Value) -> HashMap<Value, DiType> {
    let mut types = HashMap::new();
    for bb in f.blocks() {
        for inst in bb.instructions() {
            let callee = inst.called_value().map(|c| c.name()).unwrap_or_default();
            if callee != "llvm.dbg.declare" && callee != "llvm.dbg.value" {
                continue;
            }
            let (Some(loc), Some(var)) = (inst.operand(0), inst.operand(1)) else {
                continue;
            };
            let Some(Some(arg)) = loc.md_operands().first().copied() else {
                continue;
            };
            if arg.kind() != ValueKind::Argument || var.kind() != ValueKind::Metadata {
                continue;
            }
            let md = unsafe { LLVMValueAsMetadata(var.0) };
            if !is(md, LLVMMetadataKind::LLVMDILocalVariableMetadataKind) {
                continue;
            }
            if let Some(t) = operand(m, md, 3) {
                types.entry(arg).or_insert(DiType(t));
            }
        }
    }
    types
}

/// The path to the `size` bytes at byte `offset` of a value of type `t` (`""` for the
/// whole value), when they are exactly one member, array element or whole value.
pub fn field_path(m: Module, t: DiType, offset: u64, size: u64) -> Option<String> {
    path(m, t.0, offset * 8, size * 8, 0)
}

fn path(m: Module, t: LLVMMetadataRef, off: u64, size: u64, depth: u32) -> Option<String> {
    let t = strip(m, t);
    let whole = (off == 0 && size == size_bits(t)).then(String::new);
    if depth > 16 {
        return whole;
    }
    // The innermost name that holds the bytes: a member or element, else the whole.
    inner_path(m, t, off, size, depth).or(whole)
}

fn inner_path(m: Module, t: LLVMMetadataRef, off: u64, size: u64, depth: u32) -> Option<String> {
    match tag(t) {
        DW_TAG_STRUCTURE_TYPE | DW_TAG_CLASS_TYPE | DW_TAG_UNION_TYPE => {
            let elements = operand(m, t, 4)?;
            let list = Value::from_raw(unsafe { LLVMMetadataAsValue(context(m), elements) })?;
            for member in list.md_operands().into_iter().flatten() {
                let md = unsafe { LLVMValueAsMetadata(member.0) };
                if md.is_null() || !matches!(tag(md), DW_TAG_MEMBER | DW_TAG_INHERITANCE) {
                    continue;
                }
                let Some(base) = operand(m, md, 3) else {
                    continue;
                };
                let mo = unsafe { LLVMDITypeGetOffsetInBits(md) };
                // Base classes (inheritance) carry no size of their own.
                let ms = match size_bits(md) {
                    0 => size_bits(strip(m, base)),
                    s => s,
                };
                if !(mo <= off && off + size <= mo + ms) {
                    continue;
                }
                let inner = path(m, base, off - mo, size, depth + 1)?;
                return Some(match (tag(md), node_string(m, md, 2)) {
                    (DW_TAG_MEMBER, Some(name)) => format!(".{name}{inner}"),
                    _ => inner,
                });
            }
            None
        }
        DW_TAG_ARRAY_TYPE => {
            let elem = operand(m, t, 3)?;
            let es = size_bits(strip(m, elem));
            if es == 0 || (off % es) + size > es {
                return None;
            }
            let inner = path(m, elem, off % es, size, depth + 1)?;
            Some(format!("[{}]{inner}", off / es))
        }
        _ => None,
    }
}
