//! How finely the VC models each region's memory: byte by byte, or word by word.
//!
//! A region whose every access (reads, writes and atomics of the two-thread program, and
//! the ghost loads of its expressions and of the loop invariants) is exactly `B` bytes
//! (`B` = 2, 4 or 8) at a byte offset that is provably a multiple of `B` is modelled as an
//! array from byte offsets to `8*B`-bit words: one select per read, one store per write.
//! Two such accesses touch either the same `B` bytes or disjoint ones, so the model is
//! exact, and Z3 no longer reasons byte by byte over store chains. Every other region
//! stays a byte array (when in doubt, bytes), and so do private regions: at -O0 they are
//! mostly the slots of pointers and scalars, and making those 8-byte words made one
//! kernel's whole VC need 85 million resource units instead of 51 (an `async_work_group_copy`
//! into `float4` tiles), so that it went inconclusive on a loaded machine.
//!
//! The alignment of an offset is [`known_zeros`]: trailing zero bits that follow from the
//! expression's form. A variable counts with the zeros [`crate::loops::aligned_values`]
//! gives it (every assignment stores such a multiple or keeps the old value) only in the
//! program's own accesses, which take effect only where the thread executed the
//! definitions of the offset's variables; a ghost load (an invariant, evaluated whether or
//! not the thread got that far) counts on the expression's form alone.

use std::collections::HashMap;

use kir::{BinOp, CastOp, Expr, Ghost, Kernel, Stmt, UnOp, Var};

/// Trailing zero bits the value of `e` is known to have, counting a variable of `vars`
/// with the zeros given there (at most 64).
pub fn known_zeros(e: &Expr, vars: &HashMap<Var, u32>) -> u32 {
    let z = |a: &Expr| known_zeros(a, vars);
    match e {
        Expr::Int { value, .. } => value.trailing_zeros(),
        Expr::Var(v) => vars.get(v).copied().unwrap_or(0),
        Expr::Binary(BinOp::Mul, a, b) => (z(a) + z(b)).min(64),
        Expr::Binary(BinOp::Shl, a, b) => match **b {
            Expr::Int { value, .. } => (z(a) as u64).saturating_add(value).min(64) as u32,
            _ => z(a),
        },
        // A bit is clear in `a & b` where it is clear in either.
        Expr::Binary(BinOp::And, a, b) => z(a).max(z(b)),
        Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Or | BinOp::Xor, a, b) => z(a).min(z(b)),
        Expr::Unary(UnOp::Neg, a) => z(a),
        Expr::Cast(CastOp::ZExt | CastOp::SExt, _, a) => z(a),
        Expr::Cast(CastOp::Trunc, w, a) => z(a).min(*w),
        Expr::Ite(_, a, b) => z(a).min(z(b)),
        _ => 0,
    }
}

/// Whether `e` is provably a multiple of `bytes` (a power of two).
pub fn multiple_of(e: &Expr, bytes: u32, vars: &HashMap<Var, u32>) -> bool {
    bytes.is_power_of_two() && known_zeros(e, vars) >= bytes.trailing_zeros()
}

/// What the accesses seen so far allow for one region.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cells {
    /// No access yet: any width is exact.
    Free,
    Bytes,
    /// Words of this many bytes.
    Words(u32),
}

impl Cells {
    fn join(self, other: Cells) -> Cells {
        match (self, other) {
            (Cells::Free, c) | (c, Cells::Free) => c,
            (Cells::Words(a), Cells::Words(b)) if a == b => Cells::Words(a),
            _ => Cells::Bytes,
        }
    }

    fn bytes(self) -> u32 {
        match self {
            Cells::Words(b) => b,
            Cells::Free | Cells::Bytes => 1,
        }
    }
}

/// The cell size in bytes of each region's memory (1: a byte array), for the two-thread
/// program `k` cut with loop invariants `invariants`; `aligned` is
/// [`crate::loops::aligned_values`] of `k`.
pub fn cell_bytes(k: &Kernel, invariants: &[&Expr], aligned: &HashMap<Var, u32>) -> Vec<u32> {
    // Private regions stay bytes (see the module docs), before snapshots join widths.
    let mut cells: Vec<Cells> = k
        .regions
        .iter()
        .map(|r| match r.space {
            kir::Space::Private => Cells::Bytes,
            _ => Cells::Free,
        })
        .collect();
    let mut snapshots = Vec::new();
    let none = HashMap::new();
    let access = |cells: &mut Vec<Cells>, r: usize, bytes: u32, ok: bool| {
        let c = if matches!(bytes, 2 | 4 | 8) && ok {
            Cells::Words(bytes)
        } else {
            Cells::Bytes
        };
        if let Some(slot) = cells.get_mut(r) {
            *slot = slot.join(c);
        }
    };
    let mut exprs: Vec<&Expr> = invariants.to_vec();
    for data in &k.blocks {
        exprs.extend(data.term.exprs());
        for s in &data.stmts {
            exprs.extend(s.stmt.exprs());
            exprs.extend(s.witness.iter().map(|(_, e)| e));
            match &s.stmt {
                Stmt::Read {
                    region,
                    offset,
                    bytes,
                    ..
                }
                | Stmt::Write {
                    region,
                    offset,
                    bytes,
                    ..
                }
                | Stmt::Atomic {
                    region,
                    offset,
                    bytes,
                    ..
                } => {
                    let ok = multiple_of(offset, *bytes, aligned);
                    access(&mut cells, region.index(), *bytes, ok);
                }
                _ => {}
            }
        }
    }
    for e in exprs {
        e.visit(&mut |sub| match Ghost::of(sub) {
            Some(
                Ghost::Load {
                    region,
                    offset,
                    bytes,
                }
                | Ghost::LoadOf {
                    region,
                    offset,
                    bytes,
                    ..
                },
            ) => {
                let ok = multiple_of(offset, bytes, &none);
                access(&mut cells, region.index(), bytes, ok);
            }
            Some(Ghost::TakenValue { region, .. }) => {
                access(&mut cells, region.index(), 1, false);
            }
            Some(Ghost::Snapshot { dst, src, .. }) => snapshots.push((dst.index(), src.index())),
            _ => {}
        });
    }
    // The two regions of a snapshot are compared as arrays: they need one width.
    loop {
        let mut changed = false;
        for &(a, b) in &snapshots {
            let (Some(&x), Some(&y)) = (cells.get(a), cells.get(b)) else {
                continue;
            };
            let joined = x.join(y);
            for (r, old) in [(a, x), (b, y)] {
                if old != joined {
                    cells[r] = joined;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    cells.into_iter().map(Cells::bytes).collect()
}

#[cfg(test)]
mod tests;
