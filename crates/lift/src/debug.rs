//! Debug information: source locations of instructions and the source names of values,
//! globals and the kernel function.
//!
//! LLVM 19 keeps `dbg.value`/`dbg.declare` as debug *records* that the C API cannot walk,
//! so while a kernel is lifted the module is switched to the intrinsic format
//! ([`IntrinsicDebugFormat`]) and switched back afterwards.

use std::collections::HashMap;
use std::ffi::CStr;

use inkwell::llvm_sys::core::{
    LLVMDeleteFunction, LLVMDisposeValueMetadataEntries, LLVMGetFirstUse, LLVMGetMDKindIDInContext,
    LLVMGetModuleContext, LLVMGetNamedFunction, LLVMGlobalCopyAllMetadata, LLVMIsNewDbgInfoFormat,
    LLVMMetadataAsValue, LLVMSetIsNewDbgInfoFormat, LLVMValueAsMetadata,
    LLVMValueMetadataEntriesGetKind, LLVMValueMetadataEntriesGetMetadata,
};
use inkwell::llvm_sys::debuginfo::*;
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef, LLVMModuleRef, LLVMValueRef};
use kir::Loc;

use crate::llvm::{c_str, Module, Op, Value, ValueKind};

/// The intrinsics the old debug format declares.
const DEBUG_INTRINSICS: [&CStr; 4] = [
    c"llvm.dbg.value",
    c"llvm.dbg.declare",
    c"llvm.dbg.assign",
    c"llvm.dbg.label",
];

/// Switches a module to the `llvm.dbg.*` intrinsic format for as long as it lives, then
/// back, removing the intrinsic declarations the switch added.
pub struct IntrinsicDebugFormat {
    module: LLVMModuleRef,
    restore: bool,
    declared: [bool; 4],
}

fn declared(module: LLVMModuleRef, name: &CStr) -> LLVMValueRef {
    unsafe { LLVMGetNamedFunction(module, name.as_ptr()) }
}

impl IntrinsicDebugFormat {
    pub fn enter(m: Module) -> Self {
        let module = m.raw();
        // SAFETY: the module is alive for the whole lift, which owns this guard.
        let restore = unsafe { LLVMIsNewDbgInfoFormat(module) != 0 };
        let declared = DEBUG_INTRINSICS.map(|n| !declared(module, n).is_null());
        if restore {
            unsafe { LLVMSetIsNewDbgInfoFormat(module, 0) };
        }
        IntrinsicDebugFormat {
            module,
            restore,
            declared,
        }
    }
}

impl Drop for IntrinsicDebugFormat {
    fn drop(&mut self) {
        if !self.restore {
            return;
        }
        unsafe { LLVMSetIsNewDbgInfoFormat(self.module, 1) };
        for (name, before) in DEBUG_INTRINSICS.iter().zip(self.declared) {
            let f = declared(self.module, name);
            if !before && !f.is_null() && unsafe { LLVMGetFirstUse(f) }.is_null() {
                unsafe { LLVMDeleteFunction(f) };
            }
        }
    }
}

/// Source file names, numbered in order of first use ([`Loc::file`]).
#[derive(Default)]
pub struct Files {
    pub names: Vec<String>,
    index: HashMap<String, u32>,
}

impl Files {
    fn intern(&mut self, name: String) -> u32 {
        if let Some(&i) = self.index.get(&name) {
            return i;
        }
        let i = self.names.len() as u32;
        self.index.insert(name.clone(), i);
        self.names.push(name);
        i
    }

    /// The file name of a debug scope.
    fn scope_file(scope: LLVMMetadataRef) -> Option<String> {
        if scope.is_null() {
            return None;
        }
        let file = unsafe { LLVMDIScopeGetFile(scope) };
        if file.is_null() {
            return None;
        }
        let mut len = 0;
        let p = unsafe { LLVMDIFileGetFilename(file, &mut len) };
        let name = c_str(p, len as usize);
        (!name.is_empty()).then_some(name)
    }

    /// The file of a debug scope, interned.
    fn of_scope(&mut self, scope: LLVMMetadataRef) -> Option<u32> {
        Self::scope_file(scope).map(|name| self.intern(name))
    }

    /// The source location of an instruction (`None` without one, or on line 0). Code
    /// inlined from a compiler-provided header (the CUDA built-in variables, ...) is
    /// placed at its call site in the user's code instead.
    pub fn loc(&mut self, inst: Value) -> Option<Loc> {
        if inst.kind() != ValueKind::Instruction {
            return None;
        }
        let mut di = unsafe { LLVMInstructionGetDebugLoc(inst.0) };
        let mut first = None;
        while !di.is_null() {
            let line = unsafe { LLVMDILocationGetLine(di) };
            let col = unsafe { LLVMDILocationGetColumn(di) };
            if let Some(file) = Self::scope_file(unsafe { LLVMDILocationGetScope(di) }) {
                let found = (line, col, file);
                if !is_system_header(&found.2) {
                    first = Some(found);
                    break;
                }
                first = first.or(Some(found));
            }
            di = unsafe { LLVMDILocationGetInlinedAt(di) };
        }
        let (line, col, file) = first?;
        let file = self.intern(file);
        (line > 0).then_some(Loc { file, line, col })
    }

    /// For an instruction inlined from another function: where that function was called
    /// (its location's first `inlinedAt`) and the function's source name.
    pub fn call_site(&mut self, m: Module, inst: Value) -> Option<(Loc, String)> {
        if inst.kind() != ValueKind::Instruction {
            return None;
        }
        let di = unsafe { LLVMInstructionGetDebugLoc(inst.0) };
        if di.is_null() {
            return None;
        }
        let at = unsafe { LLVMDILocationGetInlinedAt(di) };
        if at.is_null() {
            return None;
        }
        let name = scope_function(m, unsafe { LLVMDILocationGetScope(di) })?;
        let line = unsafe { LLVMDILocationGetLine(at) };
        let col = unsafe { LLVMDILocationGetColumn(at) };
        let file = self.of_scope(unsafe { LLVMDILocationGetScope(at) })?;
        (line > 0).then_some((Loc { file, line, col }, name))
    }

    /// The declaration line of a function, from its `DISubprogram`.
    pub fn function_loc(&mut self, f: Value) -> Option<Loc> {
        let sp = unsafe { LLVMGetSubprogram(f.0) };
        if sp.is_null() {
            return None;
        }
        let line = unsafe { LLVMDISubprogramGetLine(sp) };
        let file = self.of_scope(sp)?;
        (line > 0).then_some(Loc { file, line, col: 0 })
    }
}

/// Whether an instruction was inlined into `f` from another function: its location
/// has an `inlinedAt`, or its scope belongs to another function's subprogram. Without
/// a location it is taken to be `f`'s own.
pub fn is_inlined(m: Module, inst: Value, f: Value) -> bool {
    if inst.kind() != ValueKind::Instruction {
        return false;
    }
    let di = unsafe { LLVMInstructionGetDebugLoc(inst.0) };
    if di.is_null() {
        return false;
    }
    if !unsafe { LLVMDILocationGetInlinedAt(di) }.is_null() {
        return true;
    }
    let own = unsafe { LLVMGetSubprogram(f.0) };
    let mut scope = unsafe { LLVMDILocationGetScope(di) };
    // Lexical blocks nest inside their function's subprogram (operand 1 is the parent).
    for _ in 0..256 {
        if scope.is_null() {
            return false;
        }
        if is(scope, LLVMMetadataKind::LLVMDISubprogramMetadataKind) {
            return !own.is_null() && scope != own;
        }
        let lexical = is(scope, LLVMMetadataKind::LLVMDILexicalBlockMetadataKind)
            || is(scope, LLVMMetadataKind::LLVMDILexicalBlockFileMetadataKind);
        if !lexical {
            return false;
        }
        let Some(v) = Value::from_raw(unsafe { LLVMMetadataAsValue(context(m), scope) }) else {
            return false;
        };
        scope = match v.md_operands().get(1).copied().flatten() {
            Some(p) => unsafe { LLVMValueAsMetadata(p.0) },
            None => return false,
        };
    }
    false
}

/// The source name of the function a debug scope (a subprogram or a lexical block in one)
/// belongs to.
fn scope_function(m: Module, mut scope: LLVMMetadataRef) -> Option<String> {
    for _ in 0..256 {
        if is(scope, LLVMMetadataKind::LLVMDISubprogramMetadataKind) {
            return node_string(m, scope, 2);
        }
        let lexical = is(scope, LLVMMetadataKind::LLVMDILexicalBlockMetadataKind)
            || is(scope, LLVMMetadataKind::LLVMDILexicalBlockFileMetadataKind);
        if !lexical {
            return None;
        }
        let v = Value::from_raw(unsafe { LLVMMetadataAsValue(context(m), scope) })?;
        let parent = v.md_operands().get(1).copied().flatten()?;
        scope = unsafe { LLVMValueAsMetadata(parent.0) };
    }
    None
}

/// Headers that come with the compiler or with lockstep, not from the user: lockstep's
/// are written into a `lockstep-*` directory for each compilation.
fn is_system_header(path: &str) -> bool {
    let mut parts = path.rsplit(['/', '\\']);
    let base = parts.next().unwrap_or(path);
    let shipped =
        parts.next().is_some_and(|dir| dir.starts_with("lockstep-")) && base.ends_with(".h");
    shipped
        || path.contains("/lib/clang/")
        || base.starts_with("__clang_")
        || matches!(
            base,
            "cuda.h" | "lockstep.h" | "opencl-c.h" | "opencl-c-base.h"
        )
}

pub(crate) fn context(m: Module) -> LLVMContextRef {
    unsafe { LLVMGetModuleContext(m.raw()) }
}

/// Whether a (non-null) metadata node is of the given kind.
pub(crate) fn is(md: LLVMMetadataRef, k: LLVMMetadataKind) -> bool {
    !md.is_null() && unsafe { LLVMGetMetadataKind(md) } as u32 == k as u32
}

/// String operand `i` of a debug-info node.
pub(crate) fn node_string(m: Module, md: LLVMMetadataRef, i: usize) -> Option<String> {
    let v = Value::from_raw(unsafe { LLVMMetadataAsValue(context(m), md) })?;
    let s = v.md_operands().get(i).copied().flatten()?.md_string()?;
    (!s.is_empty()).then_some(s)
}

/// The source name of a function, from its `DISubprogram`.
pub fn function_name(m: Module, f: Value) -> Option<String> {
    let sp = unsafe { LLVMGetSubprogram(f.0) };
    if !is(sp, LLVMMetadataKind::LLVMDISubprogramMetadataKind) {
        return None;
    }
    node_string(m, sp, 2)
}

/// The source name of a global variable, from its `!dbg` attachment.
pub fn global_name(m: Module, g: Value) -> Option<String> {
    global_variable(m, g).and_then(|var| node_string(m, var, 1))
}

/// The `DIGlobalVariable` of a global variable, from its `!dbg` attachment.
pub(crate) fn global_variable(m: Module, g: Value) -> Option<LLVMMetadataRef> {
    let dbg = unsafe { LLVMGetMDKindIDInContext(context(m), c"dbg".as_ptr(), 3) };
    let mut n = 0;
    let entries = unsafe { LLVMGlobalCopyAllMetadata(g.0, &mut n) };
    if entries.is_null() {
        return None;
    }
    let mut found = None;
    for i in 0..n as u32 {
        let (k, md) = unsafe {
            (
                LLVMValueMetadataEntriesGetKind(entries, i),
                LLVMValueMetadataEntriesGetMetadata(entries, i),
            )
        };
        if k != dbg
            || !is(
                md,
                LLVMMetadataKind::LLVMDIGlobalVariableExpressionMetadataKind,
            )
        {
            continue;
        }
        let var = unsafe { LLVMDIGlobalVariableExpressionGetVariable(md) };
        if is(var, LLVMMetadataKind::LLVMDIGlobalVariableMetadataKind) {
            found = Some(var);
            break;
        }
    }
    unsafe { LLVMDisposeValueMetadataEntries(entries) };
    found
}

/// Source variable names of the function's values, from `llvm.dbg.value` and
/// `llvm.dbg.declare` calls (the first name given to a value wins). Needs the
/// intrinsic debug format.
pub fn value_names(m: Module, f: Value) -> HashMap<Value, String> {
    let mut names = HashMap::new();
    for bb in f.blocks() {
        for inst in bb.instructions() {
            let Some(callee) = inst.called_value() else {
                continue;
            };
            let callee = callee.name();
            if callee != "llvm.dbg.value" && callee != "llvm.dbg.declare" {
                continue;
            }
            let (Some(loc), Some(var)) = (inst.operand(0), inst.operand(1)) else {
                continue;
            };
            let Some(Some(value)) = loc.md_operands().first().copied() else {
                continue;
            };
            if !matches!(value.kind(), ValueKind::Instruction | ValueKind::Argument) {
                continue;
            }
            if var.kind() != ValueKind::Metadata {
                continue;
            }
            let md = unsafe { LLVMValueAsMetadata(var.0) };
            if !is(md, LLVMMetadataKind::LLVMDILocalVariableMetadataKind) {
                continue;
            }
            if let Some(name) = node_string(m, md, 1) {
                // A parameter clang widened first (`bool` to `i8`) is named through the cast.
                let cast = matches!(
                    value.opcode(),
                    Some(Op::LLVMZExt | Op::LLVMSExt | Op::LLVMTrunc)
                );
                if let Some(arg) = value
                    .operand(0)
                    .filter(|a| cast && a.kind() == ValueKind::Argument)
                {
                    names.entry(arg).or_insert_with(|| name.clone());
                }
                names.entry(value).or_insert(name);
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::is_system_header;

    #[test]
    fn compiler_and_lockstep_headers_are_system_headers() {
        assert!(is_system_header(
            "/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_builtin_vars.h"
        ));
        assert!(is_system_header("/tmp/lockstep-1234/cuda.h"));
        assert!(is_system_header("/tmp/lockstep-Wt2uyn/cuda_warp.h"));
        assert!(!is_system_header("/home/me/project/cuda_warp.h"));
        assert!(is_system_header("lockstep.h"));
        assert!(!is_system_header("kernel.cu"));
        assert!(!is_system_header("/home/me/project/helpers.h"));
    }
}
