//! Predication of statements (the paper's Table 1): every statement of block `B` becomes
//! a no-op unless `act`, i.e. `v_active == B`, holds.

use std::collections::HashSet;

use kir::{AssertOrigin, Expr, Ghost, Kernel, Stmt, StmtData, Var, VarKind};

/// The predicated form of `s` under `act`, appended to `out`:
/// - `x := e` becomes `x := act ? e : x`;
/// - `havoc x` becomes `havoc h; x := act ? h : x` with `h` a fresh private variable of
///   `x`'s type (both statements keep the location; the witness goes with the assignment,
///   the statement that actually defines `x`);
/// - `assume c` / `assert c` become `assume act ==> c` / `assert act ==> c` (the assertion
///   keeps its origin), except global assertions (`__global_assert`,
///   `__global_invariant`), which are checked for every thread and stay unguarded;
/// - `__enabled()` ([`kir::Ghost::Enabled`]) anywhere in the statement becomes `act`;
/// - barriers, reads, writes, atomics and `havoc_memory` get `pred := act && pred`. Such a
///   statement takes effect only when its `pred` holds; for a read that includes assigning
///   its destination, so a read in an inactive block leaves `dst` unchanged.
///
/// Every other statement keeps its location and witness.
///
/// A variable of `locals` ([`block_locals`]) is assigned without the guard (`x := e`,
/// `havoc x`): its value is only ever read in its block after it was assigned there, so
/// what it holds while the block is inactive is never read by anything that takes effect.
pub fn predicate_stmt(
    k: &mut Kernel,
    act: &Expr,
    s: StmtData,
    out: &mut Vec<StmtData>,
    locals: &HashSet<Var>,
) {
    let StmtData {
        mut stmt,
        loc,
        witness,
    } = s;
    stmt.map_exprs(&mut |e| *e = resolve_enabled(e, act));
    let stmt = match stmt {
        s @ (Stmt::Assign { dst, .. } | Stmt::Havoc { dst }) if locals.contains(&dst) => s,
        Stmt::Assign { dst, value } => Stmt::Assign {
            dst,
            value: Expr::ite(act.clone(), value, Expr::var(dst)),
        },
        Stmt::Havoc { dst } => {
            let data = k.var(dst);
            let name = format!("{}.havoc", data.name);
            let fresh = k.add_var(name, data.ty, VarKind::Private);
            out.push(StmtData::new(Stmt::Havoc { dst: fresh }, loc));
            Stmt::Assign {
                dst,
                value: Expr::ite(act.clone(), Expr::var(fresh), Expr::var(dst)),
            }
        }
        Stmt::Assume { cond } => Stmt::Assume {
            cond: Expr::implies(act.clone(), cond),
        },
        Stmt::Assert { cond, origin } if is_global(&origin) => Stmt::Assert { cond, origin },
        Stmt::Assert { cond, origin } => Stmt::Assert {
            cond: Expr::implies(act.clone(), cond),
            origin,
        },
        mut guarded @ (Stmt::Barrier { .. }
        | Stmt::Read { .. }
        | Stmt::Write { .. }
        | Stmt::Atomic { .. }
        | Stmt::HavocMemory { .. }) => {
            strengthen(&mut guarded, act);
            guarded
        }
    };
    out.push(StmtData { stmt, loc, witness });
}

/// The private variables of `k` that are block-local: every statement that assigns or
/// reads one is in one block, and each read (in a statement or the block's terminator)
/// comes after an assignment in that block. A thread reads such a variable only in its
/// block, after assigning it there: when the block is inactive for the thread, every
/// statement that reads it is predicated off too (an assignment keeps its old value, an
/// access or assertion is disabled, the next block is not chosen), so the value it holds
/// then is never observed. Its guard (`x := act ? e : x`) only makes every copy of an
/// unrolled loop's temporaries depend on the copy before, for the solver to see through.
/// Only assignments and havocs count as definitions (a read's destination keeps its old
/// value when the read is disabled, so it stays as it is).
pub fn block_locals(k: &Kernel) -> HashSet<Var> {
    let assigns = |s: &Stmt| matches!(s, Stmt::Assign { .. } | Stmt::Havoc { .. });
    let mut locals = k.block_locals(assigns);
    locals.retain(|v| k.var(*v).kind == VarKind::Private);
    locals
}

/// An assertion checked for every thread, whether or not it executes the statement.
fn is_global(origin: &AssertOrigin) -> bool {
    matches!(
        origin,
        AssertOrigin::UserGlobal
            | AssertOrigin::LoopInvariant { global: true, .. }
            | AssertOrigin::CandidateInvariant { global: true }
    )
}

/// `e` with every `__enabled()` replaced by the block's predicate `act`.
pub fn resolve_enabled(e: &Expr, act: &Expr) -> Expr {
    if !Ghost::any_in(e, &|g| g == Ghost::Enabled) {
        return e.clone();
    }
    e.rewrite(&mut |s| match Ghost::of(s) {
        Some(Ghost::Enabled) => Some(act.clone()),
        _ => None,
    })
}

/// `pred := act && pred` on a statement that has a `pred`.
fn strengthen(s: &mut Stmt, act: &Expr) {
    match s {
        Stmt::Barrier { pred, .. }
        | Stmt::Read { pred, .. }
        | Stmt::Write { pred, .. }
        | Stmt::Atomic { pred, .. }
        | Stmt::HavocMemory { pred, .. } => {
            let old = std::mem::replace(pred, Expr::tt());
            *pred = Expr::and(act.clone(), old);
        }
        Stmt::Assign { .. } | Stmt::Havoc { .. } | Stmt::Assume { .. } | Stmt::Assert { .. } => {}
    }
}
