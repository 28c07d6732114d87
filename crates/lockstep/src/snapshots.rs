//! `__array_snapshot(dst, src)` must copy an array into one of the same shape: the lifter
//! left it as `havoc_memory dst` and the assumption [`Ghost::Snapshot`] (`dst` holds what
//! `src` holds); this checks, once the regions' element sizes are settled, that both
//! arrays are in one memory space (a `__local` array is one per group, a `__global` one
//! is shared by all), that `dst` is not `__constant`, that their elements have one size
//! and, when both sizes are known, that the arrays do too. The two-thread program reads
//! the snapshot in the memory of the thread that makes it, and vcgen compares the arrays.

use kir::{Ghost, Kernel, Space, Stmt};

use crate::LockstepError;

fn space_name(s: Space) -> &'static str {
    match s {
        Space::Global => "global",
        Space::Local => "local",
        Space::Constant => "constant",
        Space::Private => "private",
    }
}

/// Every snapshot of `pred` copies an array into one it matches.
pub fn check(pred: &Kernel) -> Result<(), LockstepError> {
    for (_, data) in pred.laid_out() {
        for s in &data.stmts {
            let Stmt::Assume { cond } = &s.stmt else {
                continue;
            };
            let mut bad = None;
            cond.visit(&mut |e| {
                if let Some(Ghost::Snapshot { dst, src, .. }) = Ghost::of(e) {
                    bad = bad.take().or_else(|| mismatch(pred, dst, src));
                }
            });
            if let Some(why) = bad {
                let at = s.loc.map(|l| format!("{}: ", pred.describe_loc(l)));
                return Err(LockstepError::Unsupported {
                    construct: format!("{}{why}", at.unwrap_or_default()),
                    loc: s.loc,
                });
            }
        }
    }
    Ok(())
}

/// Why `src` cannot be copied into `dst`, if it cannot.
fn mismatch(k: &Kernel, dst: kir::Region, src: kir::Region) -> Option<String> {
    let (d, s) = (k.regions.get(dst.index())?, k.regions.get(src.index())?);
    let why = if d.space != s.space {
        format!(
            "the arrays are in different memory spaces ({} and {})",
            space_name(s.space),
            space_name(d.space)
        )
    } else if d.space == Space::Constant {
        "a `__constant` array cannot be written".to_string()
    } else if d.elem_bytes != s.elem_bytes {
        format!(
            "their elements differ in size ({} and {} bytes)",
            s.elem_bytes, d.elem_bytes
        )
    } else {
        match (s.size_bytes, d.size_bytes) {
            (Some(a), Some(b)) if a != b => {
                format!("the arrays differ in size ({a} and {b} bytes)")
            }
            _ => return None,
        }
    };
    Some(format!(
        "`__array_snapshot` of `{}` into `{}`: {why}",
        s.name, d.name
    ))
}
