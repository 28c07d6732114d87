//! Which functions are kernels, which target the module is for, and the source names
//! behind mangled symbols.

use crate::llvm::{Module, Value};

/// Calling convention `spir_kernel`.
const CC_SPIR_KERNEL: u32 = 76;
/// Calling convention `ptx_kernel`.
const CC_PTX_KERNEL: u32 = 71;

/// The GPU target family, which fixes the meaning of address spaces.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Target {
    /// OpenCL on spir/spir64 (and anything else that is not NVPTX).
    Spir,
    /// CUDA on nvptx/nvptx64.
    Nvptx,
}

pub fn target(m: Module) -> Target {
    if m.triple().starts_with("nvptx") {
        Target::Nvptx
    } else {
        Target::Spir
    }
}

/// The kernels defined in the module, in module order.
pub fn kernels(m: Module) -> Vec<Value> {
    let annotated = nvvm_kernels(m);
    m.functions()
        .into_iter()
        .filter(|f| !f.is_declaration())
        .filter(|f| {
            let cc = f.call_conv();
            cc == CC_SPIR_KERNEL || cc == CC_PTX_KERNEL || annotated.contains(f)
        })
        .collect()
}

/// Functions marked `!{ptr @f, !"kernel", i32 1}` in `!nvvm.annotations`.
fn nvvm_kernels(m: Module) -> Vec<Value> {
    let mut out = Vec::new();
    for node in m.named_metadata("nvvm.annotations") {
        let ops = node.md_operands();
        // Annotations come in (value, key, number) triples after the function.
        let Some(Some(f)) = ops.first().copied() else {
            continue;
        };
        let marked = ops[1..].chunks(2).any(|kv| {
            let key = kv.first().copied().flatten().and_then(|k| k.md_string());
            let val = kv.get(1).copied().flatten().and_then(|v| v.const_int());
            key.as_deref() == Some("kernel") && val == Some(1)
        });
        if marked {
            out.push(f);
        }
    }
    out
}

/// Parses `<length><identifier>` at the start of `s`, returning it and the rest.
pub(crate) fn source_name(s: &str) -> Option<(&str, &str)> {
    let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let len: usize = s.get(..digits)?.parse().ok()?;
    let end = digits.checked_add(len)?;
    Some((s.get(digits..end)?, s.get(end..)?))
}

/// The unqualified source name of an Itanium-mangled function symbol
/// (`_Z12get_local_idj` -> `get_local_id`, `_ZN2ns3fooEv` -> `foo`); other names are
/// returned unchanged.
pub fn demangle(symbol: &str) -> String {
    let Some(rest) = symbol.strip_prefix("_Z") else {
        return symbol.to_string();
    };
    let rest = rest.strip_prefix('L').unwrap_or(rest);
    if let Some(mut nested) = rest.strip_prefix('N') {
        let mut last = None;
        while let Some((name, tail)) = source_name(nested) {
            last = Some(name);
            nested = tail;
        }
        return last
            .map(str::to_string)
            .unwrap_or_else(|| symbol.to_string());
    }
    match source_name(rest) {
        Some((name, _)) => name.to_string(),
        None => symbol.to_string(),
    }
}

/// The source name of a module-level variable without debug info: `foo.S` -> `S`
/// (OpenCL function-scope `__local`), `_ZZ3fooPiE1s` -> `s` (C++ function-local static).
pub fn global_name(symbol: &str) -> String {
    if symbol.starts_with("_ZZ") {
        for (i, _) in symbol
            .match_indices('E')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            if let Some((name, tail)) = source_name(&symbol[i + 1..]) {
                let discriminator = tail
                    .strip_prefix('_')
                    .is_some_and(|d| d.chars().all(|c| c.is_ascii_digit()));
                if tail.is_empty() || discriminator {
                    return name.to_string();
                }
            }
        }
        return symbol.to_string();
    }
    if symbol.starts_with("_Z") {
        return demangle(symbol);
    }
    match symbol.rsplit_once('.') {
        Some((_, name)) if !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()) => {
            name.to_string()
        }
        _ => symbol.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demangles_plain_and_nested_names() {
        assert_eq!(demangle("_Z12get_local_idj"), "get_local_id");
        assert_eq!(demangle("_Z3barPiPf1Sj"), "bar");
        assert_eq!(demangle("_ZN2ns3fooEv"), "foo");
        assert_eq!(demangle("_ZL6helperi"), "helper");
        assert_eq!(demangle("kernel"), "kernel");
        assert_eq!(demangle("_Z"), "_Z");
        assert_eq!(demangle("_Z99x"), "_Z99x");
        assert_eq!(
            demangle("_Z18446744073709551615x"),
            "_Z18446744073709551615x"
        );
    }

    #[test]
    fn names_function_scope_globals() {
        assert_eq!(global_name("foo.S"), "S");
        assert_eq!(global_name("_ZZ3fooPiE1s"), "s");
        assert_eq!(global_name("_ZZ3barPiPf1SjE2sh"), "sh");
        assert_eq!(global_name("_ZZ3fooPiE1s_0"), "s");
        assert_eq!(global_name("G"), "G");
        assert_eq!(global_name("x.1"), "x.1");
    }
}
