//! The values the two-thread program logs into write logs, for the race-log candidates
//! (`candidates.rs`).

use kir::{Expr, Kernel, Stmt, Var, VarKind};

/// The constant values logged into write logs (`R.write.value := c ? e : R.write.value`),
/// by log variable.
pub(crate) fn logged_values(k: &Kernel) -> Vec<(Var, Expr)> {
    let mut out: Vec<(Var, Expr)> = Vec::new();
    for (_, data) in k.laid_out() {
        for s in &data.stmts {
            let Stmt::Assign {
                dst,
                value: Expr::Ite(_, e, old),
            } = &s.stmt
            else {
                continue;
            };
            let var = k.var(*dst);
            if **old != Expr::Var(*dst)
                || var.kind != VarKind::Instrumentation
                || !var.name.ends_with(".write.value")
            {
                continue;
            }
            // Constants only: a value computed from variables the loop does not change
            // would also do, but costs Houdini more than it has been seen to help.
            let mut constant = true;
            e.for_each_var(&mut |_| constant = false);
            if constant && !out.iter().any(|(d, x)| d == dst && x == &**e) {
                out.push((*dst, (**e).clone()));
            }
        }
    }
    out
}
