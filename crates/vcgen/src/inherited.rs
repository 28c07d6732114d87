//! Candidates a loop takes over from the loops around it, about race logs it only clears.
//!
//! A loop whose barrier clears a log (`R.read.has := c ? false : R.read.has`) but that
//! makes no access of `R` changes nothing of that log but whether it holds an access: a
//! fact `has ==> p` of an enclosing loop, with `p` over values this loop does not change,
//! stays true through it. Without it, the cut of such a loop (a reduction with a barrier
//! in each step, nested in a grid-stride loop) forgets which thread logged the enclosing
//! loop's access (`if (tid == 0) out[vec] = sum[0];`), and the next iteration's access of
//! another thread conflicts with a log that could be anyone's.

use std::collections::BTreeSet;

use kir::{BinOp, Expr, Kernel, Stmt, Var, VarKind};

use crate::candidates::Gen;
use crate::loops::LoopSpan;
use crate::Family;

impl Gen<'_> {
    pub(crate) fn inherited(&mut self) {
        let k = self.k;
        let around: Vec<kir::Block> = (self.loops.iter())
            .filter(|o| o.first < self.span.first && o.last >= self.span.last)
            .map(|o| o.head)
            .collect();
        let cleared = cleared_only(k, self.span);
        if around.is_empty() || cleared.is_empty() {
            return;
        }
        let changed = &self.changed;
        let taken: Vec<(Family, String, Expr)> = (self.out.iter())
            .filter(|c| {
                around.contains(&c.head) && matches!(c.family, Family::Logs | Family::Offsets)
            })
            .filter_map(|c| {
                let Expr::Binary(BinOp::Implies, has, p) = &c.expr else {
                    return None;
                };
                let Expr::Var(has) = **has else {
                    return None;
                };
                let mut unchanged = true;
                p.for_each_var(&mut |v| unchanged &= !changed.contains(&v));
                (cleared.contains(&has) && unchanged)
                    .then(|| (c.family, c.name.clone(), c.expr.clone()))
            })
            .collect();
        for (family, name, expr) in taken {
            self.add(family, format!("{name}, as in the loop around"), expr);
        }
    }
}

/// The race logs' `has` variables that the loop assigns, and only ever to false.
fn cleared_only(k: &Kernel, span: &LoopSpan) -> BTreeSet<Var> {
    let mut cleared = BTreeSet::new();
    let mut set = BTreeSet::new();
    for &b in &k.layout[span.first..=span.last] {
        for s in &k.block(b).stmts {
            let Some(dst) = s.stmt.def() else {
                continue;
            };
            let var = k.var(dst);
            if var.kind != VarKind::Instrumentation || !var.name.ends_with(".has") {
                continue;
            }
            let clears = matches!(&s.stmt, Stmt::Assign { value: Expr::Ite(_, then, other), .. }
                if **then == Expr::Bool(false) && **other == Expr::Var(dst));
            if clears {
                cleared.insert(dst);
            } else {
                set.insert(dst);
            }
        }
    }
    cleared.difference(&set).copied().collect()
}
