//! Reads whose destination is block-local (see `predicate::block_locals`): a disabled
//! read need not keep its destination's old value when nothing reads that value.

use std::collections::HashSet;

use kir::{BinOp, Expr, Kernel, Stmt, Var, VarKind};

/// The reads' destinations of `k` (a two-thread program) that are block-local: every
/// statement that assigns or reads one is in one block, and each read of it (in a
/// statement or the block's terminator) comes after an assignment in that block. A thread
/// reads such a variable only in its block after assigning it there, so when the thread is
/// not in the block, what the variable holds is never observed.
pub(crate) fn local_destinations(k: &Kernel) -> HashSet<Var> {
    let mut locals = k.block_locals(|s| !matches!(s, Stmt::Atomic { .. }));
    let reads: HashSet<Var> = (k.laid_out())
        .flat_map(|(_, d)| &d.stmts)
        .filter_map(|s| match s.stmt {
            Stmt::Read { dst, .. } => Some(dst),
            _ => None,
        })
        .collect();
    locals.retain(|v| reads.contains(v) && matches!(k.var(*v).kind, VarKind::ThreadCopy { .. }));
    locals
}

/// Whether `pred` is only predication's guard, `v_active$t == B`: the read it enables has no
/// condition of its own.
pub(crate) fn only_active(k: &Kernel, pred: &Expr) -> bool {
    let Expr::Binary(BinOp::Eq, a, b) = pred else {
        return false;
    };
    let (Expr::Var(v), Expr::Int { .. }) = (&**a, &**b) else {
        return false;
    };
    match &k.var(*v).kind {
        VarKind::ThreadCopy { of, .. } => k.var(*of).name == "v_active",
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kir::{RegionData, Space, StmtData, Terminator, Thread, Ty};

    /// `t` is read and then used in its block only; `u` is read in one block and used in
    /// the next; `w` is used before it is read (its value from the last iteration).
    #[test]
    fn block_local_read_destinations() {
        let mut k = Kernel::new("k");
        let copy = |k: &mut Kernel, name: &str| {
            let of = k.add_var(name, Ty::Bv(32), VarKind::Private);
            let kind = VarKind::ThreadCopy {
                of,
                thread: Thread::T1,
            };
            k.add_var(format!("{name}$1"), Ty::Bv(32), kind)
        };
        let active = copy(&mut k, "v_active");
        let (t, u, w, x) = (
            copy(&mut k, "t"),
            copy(&mut k, "u"),
            copy(&mut k, "w"),
            copy(&mut k, "x"),
        );
        let a = k.add_region(RegionData::variable("A", Space::Global, 4));
        let b1 = k.add_block("next", Terminator::Return);
        let b0 = k.add_block("first", Terminator::Goto(b1));
        let at = |b: kir::Block| Expr::eq(Expr::Var(active), Expr::int(u64::from(b.0), 32));
        let read = |pred: Expr, dst: Var| {
            let offset = Expr::int(0, 64);
            let (region, bytes, thread) = (a, 4, Some(Thread::T1));
            StmtData::new(
                Stmt::Read {
                    pred,
                    dst,
                    region,
                    offset,
                    bytes,
                    thread,
                },
                None,
            )
        };
        let assign = |dst: Var, value: Expr| StmtData::new(Stmt::Assign { dst, value }, None);
        k.block_mut(b0).stmts = vec![
            assign(x, Expr::Var(w)),
            read(at(b0), t),
            read(at(b0), u),
            read(at(b0), w),
            assign(x, Expr::Var(t)),
        ];
        k.block_mut(b1).stmts = vec![assign(x, Expr::Var(u))];
        k.layout = vec![b0, b1];
        assert_eq!(local_destinations(&k), HashSet::from([t]));
        assert!(only_active(&k, &at(b0)));
        assert!(!only_active(&k, &Expr::and(at(b0), Expr::Var(x))));
    }
}
