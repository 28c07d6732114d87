//! Regions: pointer parameters, module globals and private allocas, with the element
//! size each is indexed by (gathered while lifting, fixed at the end).

use kir::{Region, RegionData, RegionOrigin, Space};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::{Type, TypeKind, Value};
use crate::names::{self, Target};

/// What the code tells us about a region's element size, in order of preference.
#[derive(Clone, Default, Debug)]
pub struct ElemHint {
    /// The element type of the first `getelementptr` into the region (not `i8`).
    gep: Option<u32>,
    /// The size of the first load or store.
    access: Option<u32>,
    /// The innermost element of the declared type (globals and allocas).
    decl: Option<u32>,
}

/// The innermost element of nested array types.
pub fn innermost(mut t: Type) -> Type {
    while let TypeKind::Array(elem, _) = t.kind() {
        t = elem;
    }
    t
}

/// The dimensions of nested array types, outermost first (`[4 x [8 x i32]]`: 4, 8).
fn array_dims(mut t: Type) -> Vec<u64> {
    let mut dims = Vec::new();
    while let TypeKind::Array(elem, n) = t.kind() {
        dims.push(n);
        t = elem;
    }
    dims
}

impl Lifter {
    /// The memory space of an LLVM address space on this target.
    pub fn space(&self, addrspace: u32, param: bool) -> Space {
        match (self.target, addrspace) {
            (Target::Spir, 1) => Space::Global,
            (Target::Spir, 2) => Space::Constant,
            (Target::Spir, 3) => Space::Local,
            (Target::Nvptx, 0 | 1) => Space::Global,
            (Target::Nvptx, 3) => Space::Local,
            (Target::Nvptx, 4) => Space::Constant,
            // Generic pointer parameters of OpenCL 2 kernels point to global memory.
            (Target::Spir, 4) if param => Space::Global,
            _ => Space::Private,
        }
    }

    pub fn new_region(
        &mut self,
        name: String,
        space: Space,
        size_bytes: Option<u64>,
        origin: RegionOrigin,
        decl: Option<u32>,
    ) -> Region {
        self.elem.push(ElemHint {
            decl,
            ..ElemHint::default()
        });
        self.k.add_region(RegionData {
            name,
            space,
            elem_bytes: 1,
            size_bytes,
            origin,
            dims: Vec::new(),
        })
    }

    /// Fixes every region's `elem_bytes` from the hints gathered while lifting, and keeps
    /// its source dimensions only where they describe it in elements of that size (an
    /// array read through a `char *` is indexed by bytes, not by its declared shape).
    pub fn finish_regions(&mut self) {
        for (r, hint) in self.k.regions.iter_mut().zip(&self.elem) {
            r.elem_bytes = hint.gep.or(hint.access).or(hint.decl).unwrap_or(1).max(1);
            if !fits(&r.dims, r.elem_bytes, r.size_bytes) {
                r.dims.clear();
            }
        }
        self.resize_spec_accesses();
    }

    pub fn global_region(&mut self, g: Value) -> Result<Region, LiftError> {
        if let Some(r) = self.regions.get(&g) {
            return Ok(*r);
        }
        let Some(t) = g.global_value_type() else {
            return Err(self.invalid("global without a type"));
        };
        let TypeKind::Pointer(addrspace) = g.ty().kind() else {
            return Err(self.invalid("global that is not a pointer"));
        };
        let name =
            crate::debug::global_name(self.m, g).unwrap_or_else(|| names::global_name(&g.name()));
        let size = self.td.alloc_size(t);
        let decl = self.td.alloc_size(innermost(t)) as u32;
        let space = self.space(addrspace, false);
        let r = self.new_region(name, space, Some(size), RegionOrigin::Global, Some(decl));
        let mut dims = crate::debug_types::global_dims(self.m, g);
        if dims.is_empty() {
            // Optimised modules may keep no debug type for the global; its IR type then.
            dims = array_dims(t);
        }
        self.k.regions[r.index()].dims = dims;
        self.regions.insert(g, r);
        Ok(r)
    }

    /// The private region of an `alloca` (created on first use).
    pub fn alloca_region(&mut self, a: Value) -> Result<Region, LiftError> {
        if let Some(r) = self.regions.get(&a) {
            return Ok(*r);
        }
        let Some(t) = a.allocated_type() else {
            return Err(self.invalid("alloca without a type"));
        };
        let Some(count) = a.operand(0).and_then(|n| n.const_int()) else {
            return Err(self.unsupported("`alloca` of a non-constant size"));
        };
        let n = self.regions.len();
        let name = self.name_of(a, || format!("private{n}"));
        let size = self.td.alloc_size(t).saturating_mul(count);
        let decl = self.td.alloc_size(innermost(t)) as u32;
        let r = self.new_region(
            name,
            Space::Private,
            Some(size),
            RegionOrigin::Alloca,
            Some(decl),
        );
        self.regions.insert(a, r);
        Ok(r)
    }

    pub fn two_regions(&self, a: Region, b: Region) -> LiftError {
        let (a, b) = (&self.k.region(a).name, &self.k.region(b).name);
        self.unsupported(format!("pointer that may point to `{a}` or `{b}`"))
    }

    /// Records the element size of a `getelementptr` into `r` (byte-wise ones say
    /// nothing about the element).
    pub fn note_gep(&mut self, r: Region, size: u32) {
        let hint = &mut self.elem[r.index()];
        if size > 1 && hint.gep.is_none() {
            hint.gep = Some(size);
        }
    }

    /// Records the size of a load or store of `r`.
    pub fn note_access(&mut self, r: Region, bytes: u32) {
        let hint = &mut self.elem[r.index()];
        hint.access = hint.access.or(Some(bytes));
    }
}

/// Whether `dims` elements of `elem` bytes make up exactly `size` bytes.
fn fits(dims: &[u64], elem: u32, size: Option<u64>) -> bool {
    let count = dims.iter().try_fold(1u64, |n, &d| n.checked_mul(d));
    let bytes = count.and_then(|n| n.checked_mul(u64::from(elem)));
    dims.is_empty() || (bytes.is_some() && bytes == size)
}

#[cfg(test)]
mod tests {
    use super::fits;

    #[test]
    fn dimensions_are_kept_only_when_they_describe_the_region() {
        // `int A[4][8]`: 128 bytes of 4-byte elements.
        assert!(fits(&[4, 8], 4, Some(128)));
        // The same array indexed through a `char *`.
        assert!(!fits(&[4, 8], 1, Some(128)));
        assert!(!fits(&[4, 8], 4, None));
        assert!(!fits(&[u64::MAX, 2], 4, Some(8)));
        assert!(fits(&[], 4, None));
    }
}
