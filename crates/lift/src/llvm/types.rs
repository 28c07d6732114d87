//! LLVM types and the target data layout (type sizes, struct field offsets).

use std::ffi::{CStr, CString};

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::target::*;
use inkwell::llvm_sys::LLVMTypeKind;

use super::opt;

/// An LLVM type. Never null.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Type(pub(super) LLVMTypeRef);

/// The shape of a type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TypeKind {
    Void,
    Int(u32),
    /// A floating-point type of the given width, with its short name (`f32`, `bf16`, ...).
    Float(u32, &'static str),
    Pointer(u32),
    Array(Type, u64),
    Struct,
    Vector,
    Other,
}

impl Type {
    pub fn kind(self) -> TypeKind {
        use LLVMTypeKind::*;
        unsafe {
            match LLVMGetTypeKind(self.0) {
                LLVMVoidTypeKind => TypeKind::Void,
                LLVMIntegerTypeKind => TypeKind::Int(LLVMGetIntTypeWidth(self.0)),
                LLVMHalfTypeKind => TypeKind::Float(16, "f16"),
                LLVMBFloatTypeKind => TypeKind::Float(16, "bf16"),
                LLVMFloatTypeKind => TypeKind::Float(32, "f32"),
                LLVMDoubleTypeKind => TypeKind::Float(64, "f64"),
                LLVMPointerTypeKind => TypeKind::Pointer(LLVMGetPointerAddressSpace(self.0)),
                LLVMArrayTypeKind => TypeKind::Array(
                    Type(LLVMGetElementType(self.0)),
                    LLVMGetArrayLength2(self.0),
                ),
                LLVMStructTypeKind => TypeKind::Struct,
                LLVMVectorTypeKind | LLVMScalableVectorTypeKind => TypeKind::Vector,
                _ => TypeKind::Other,
            }
        }
    }

    /// Whether this is OpenCL's `event_t` (`target("spirv.Event")`).
    pub fn is_opencl_event(self) -> bool {
        self.target_ext_name().as_deref() == Some("spirv.Event")
    }

    /// Whether this is OpenCL's `sampler_t` (`target("spirv.Sampler")`).
    pub fn is_opencl_sampler(self) -> bool {
        self.target_ext_name().as_deref() == Some("spirv.Sampler")
    }

    /// Whether this is an OpenCL image type (`target("spirv.Image", ...)`).
    pub fn is_opencl_image(self) -> bool {
        self.target_ext_name().as_deref() == Some("spirv.Image")
    }

    /// The name of a target extension type (`spirv.Image`, `spirv.Sampler`, ...).
    pub fn target_ext_name(self) -> Option<String> {
        unsafe {
            if LLVMGetTypeKind(self.0) != LLVMTypeKind::LLVMTargetExtTypeKind {
                return None;
            }
            let name = LLVMGetTargetExtTypeName(self.0);
            if name.is_null() {
                return None;
            }
            Some(CStr::from_ptr(name).to_string_lossy().into_owned())
        }
    }

    /// The integer parameters of a target extension type (an image's dimensionality,
    /// ..., access qualifier).
    pub fn target_ext_ints(self) -> Vec<u32> {
        unsafe {
            if LLVMGetTypeKind(self.0) != LLVMTypeKind::LLVMTargetExtTypeKind {
                return Vec::new();
            }
            let n = LLVMGetTargetExtTypeNumIntParams(self.0);
            (0..n)
                .map(|i| LLVMGetTargetExtTypeIntParam(self.0, i))
                .collect()
        }
    }

    /// The lane count and element type of a fixed-width vector type.
    pub fn vector(self) -> Option<(u32, Type)> {
        unsafe {
            if LLVMGetTypeKind(self.0) != LLVMTypeKind::LLVMVectorTypeKind {
                return None;
            }
            let elem = opt(LLVMGetElementType(self.0)).map(Type)?;
            Some((LLVMGetVectorSize(self.0), elem))
        }
    }

    /// The number of fields of a struct type.
    pub fn struct_fields(self) -> u32 {
        if self.kind() != TypeKind::Struct {
            return 0;
        }
        unsafe { LLVMCountStructElementTypes(self.0) }
    }

    /// Field `i` of a struct type.
    pub fn struct_field(self, i: u32) -> Option<Type> {
        unsafe {
            if i >= LLVMCountStructElementTypes(self.0) {
                return None;
            }
            opt(LLVMStructGetTypeAtIndex(self.0, i)).map(Type)
        }
    }

    /// The type as LLVM prints it.
    pub fn print(self) -> String {
        unsafe {
            let p = LLVMPrintTypeToString(self.0);
            if p.is_null() {
                return "<type>".into();
            }
            let s = CStr::from_ptr(p).to_string_lossy().into_owned();
            LLVMDisposeMessage(p);
            s
        }
    }
}

/// The module's data layout, for type sizes and struct field offsets.
pub struct TargetData(LLVMTargetDataRef);

impl TargetData {
    pub fn new(layout: &str) -> TargetData {
        let s = CString::new(layout.replace('\0', "")).unwrap_or_default();
        TargetData(unsafe { LLVMCreateTargetData(s.as_ptr()) })
    }

    /// Bytes between consecutive elements of this type in an array.
    pub fn alloc_size(&self, t: Type) -> u64 {
        unsafe { LLVMABISizeOfType(self.0, t.0) }
    }

    /// Bytes a load or store of this type touches.
    pub fn store_size(&self, t: Type) -> u64 {
        unsafe { LLVMStoreSizeOfType(self.0, t.0) }
    }

    pub fn field_offset(&self, t: Type, i: u32) -> u64 {
        unsafe { LLVMOffsetOfElement(self.0, t.0, i) }
    }
}

impl Drop for TargetData {
    fn drop(&mut self) {
        unsafe { LLVMDisposeTargetData(self.0) }
    }
}
