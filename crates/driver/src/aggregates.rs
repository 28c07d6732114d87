//! Splits copies of whole small aggregates into copies of their scalar fields.
//!
//! At `-O0`, a CUDA function returning a `float4` by value (`make_float4`, a vector
//! operator) leaves, once inlined, a `load %struct.float4` whose value is stored whole
//! into the caller's variable. The lifter reads and writes memory a scalar at a time, so
//! such a load is split here: one load per scalar field (a leaf of the aggregate's type,
//! through nested structs and arrays) where the whole load was, and one store per field
//! at each store of the whole value; an `extractvalue` of a field takes the field's load.
//! Memory sees the same bytes read and written at the same points, so nothing the
//! verifier checks changes. Loads with any other use, volatile ones and aggregates of
//! more than [`MAX_LEAVES`] fields are left as they are.

use inkwell::llvm_sys::prelude::LLVMModuleRef;
use inkwell::llvm_sys::LLVMOpcode;

use crate::raw::{self, Type, Value};

/// The most scalar fields an aggregate copy is split into.
pub const MAX_LEAVES: usize = 64;

/// Each scalar field of `t`: its index path and type. `None` past [`MAX_LEAVES`].
fn leaves(t: Type) -> Option<Vec<(Vec<u32>, Type)>> {
    let mut out = Vec::new();
    let mut stack = vec![(Vec::new(), t)];
    while let Some((path, ty)) = stack.pop() {
        match raw::aggregate_elements(ty) {
            Some(elems) => {
                for (i, e) in elems.into_iter().enumerate().rev() {
                    let mut p = path.clone();
                    p.push(u32::try_from(i).ok()?);
                    stack.push((p, e));
                }
            }
            None => out.push((path, ty)),
        }
        if out.len() > MAX_LEAVES {
            return None;
        }
    }
    Some(out)
}

/// How the value of an aggregate load is used.
enum Use {
    /// Stored whole: the store.
    Store(Value),
    /// One field taken: the `extractvalue` and the field's position among the leaves.
    Field(Value, usize),
}

/// The uses of `load` if every one can be split, else `None`.
fn splittable_uses(load: Value, leaves: &[(Vec<u32>, Type)]) -> Option<Vec<Use>> {
    let mut uses = Vec::new();
    for user in raw::users(load) {
        match raw::opcode(user) {
            Some(LLVMOpcode::LLVMStore)
                if raw::operand(user, 0) == load
                    && raw::operand(user, 1) != load
                    && !raw::is_volatile(user) =>
            {
                uses.push(Use::Store(user));
            }
            Some(LLVMOpcode::LLVMExtractValue) => {
                let path = raw::extract_indices(user);
                let leaf = leaves.iter().position(|(p, _)| *p == path)?;
                uses.push(Use::Field(user, leaf));
            }
            _ => return None,
        }
    }
    Some(uses)
}

/// Splits one aggregate load and its uses; whether it did.
fn split(module: LLVMModuleRef, load: Value) -> bool {
    let ty = raw::type_of(load);
    if raw::aggregate_elements(ty).is_none() || raw::is_volatile(load) {
        return false;
    }
    let Some(leaves) = leaves(ty) else {
        return false;
    };
    let Some(uses) = splittable_uses(load, &leaves) else {
        return false;
    };
    let builder = raw::Builder::new(module);
    builder.before(load);
    let src = raw::operand(load, 0);
    let values: Vec<Value> = leaves
        .iter()
        .map(|(path, leaf_ty)| {
            let at = builder.field_address(ty, src, path);
            builder.load(*leaf_ty, at, load)
        })
        .collect();
    for u in uses {
        match u {
            Use::Store(store) => {
                builder.before(store);
                let dst = raw::operand(store, 1);
                for ((path, _), v) in leaves.iter().zip(&values) {
                    let at = builder.field_address(ty, dst, path);
                    builder.store(*v, at, store);
                }
                raw::erase(store);
            }
            Use::Field(extract, leaf) => {
                raw::replace_all_uses(extract, values[leaf]);
                raw::erase(extract);
            }
        }
    }
    raw::erase(load);
    true
}

/// Splits every splittable aggregate load of the module (see the module doc); the number
/// split.
pub(crate) fn split_aggregate_copies(module: LLVMModuleRef) -> usize {
    let mut count = 0;
    for f in raw::functions(module) {
        for b in raw::blocks(f) {
            for inst in raw::instructions(b) {
                if raw::opcode(inst) == Some(LLVMOpcode::LLVMLoad) && split(module, inst) {
                    count += 1;
                }
            }
        }
    }
    count
}
