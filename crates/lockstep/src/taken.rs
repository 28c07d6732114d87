//! `__atomic_has_taken_value(p, index, value)` in the two-thread program: before a
//! statement that mentions it, each thread's log of atomic results is read (see
//! `counters.rs`), and φ_t replaces the ghost with thread `t`'s answer.

use kir::{AssertOrigin, Expr, Ghost, Stmt, StmtData, Thread};

use crate::build::Builder;
use crate::counters::TakenQuery;
use crate::instrument::widen64;
use crate::LockstepError;

fn is_taken(g: Ghost<'_>) -> bool {
    matches!(g, Ghost::TakenValue { .. })
}

impl Builder<'_> {
    /// Reads, for both threads, the log entries that the `__atomic_has_taken_value`s of
    /// `s` ask about, and keeps the answers for [`Builder::phi`].
    pub(crate) fn resolve_taken(
        &mut self,
        s: &StmtData,
        out: &mut Vec<StmtData>,
    ) -> Result<(), LockstepError> {
        self.counters.resolved.clear();
        let mut exprs = s.stmt.exprs();
        exprs.extend(s.witness.iter().map(|(_, e)| e));
        if !exprs.iter().any(|e| Ghost::any_in(e, &is_taken)) {
            return Ok(());
        }
        if let Stmt::Assert {
            origin: AssertOrigin::BarrierInvariant,
            ..
        } = s.stmt
        {
            let at = s.loc.map(|l| format!("{}: ", self.k.describe_loc(l)));
            return Err(LockstepError::Unsupported {
                construct: format!(
                    "{}a barrier invariant over `__atomic_has_taken_value` (it asks about \
                     one work item's atomics, not those of the work items it is \
                     instantiated for)",
                    at.unwrap_or_default()
                ),
                loc: s.loc,
            });
        }
        let mut found: Vec<Expr> = Vec::new();
        for e in exprs {
            e.visit(&mut |sub| {
                if Ghost::of(sub).is_some_and(is_taken) && !found.contains(sub) {
                    found.push(sub.clone());
                }
            });
        }
        // Innermost first: a ghost among another's arguments is resolved before it.
        for g in found.iter().rev() {
            let Some(Ghost::TakenValue {
                region,
                base,
                index,
                value,
            }) = Ghost::of(g)
            else {
                continue;
            };
            for t in [Thread::T1, Thread::T2] {
                let [base, index, value] = [base, index, value].map(|e| {
                    let ty = e.ty(&self.k);
                    widen64(self.phi(t, e), ty)
                });
                let mut stmts = Vec::new();
                let q = TakenQuery {
                    region,
                    thread: t,
                    cell_base: base,
                    index,
                    value,
                };
                let answer = self.counters.taken(&mut self.k, q, &mut stmts);
                out.extend(stmts.into_iter().map(|x| StmtData::new(x, s.loc)));
                self.counters.resolved.insert((g.clone(), t), answer);
            }
        }
        Ok(())
    }

    /// Thread `t`'s answer to an `__atomic_has_taken_value` ghost resolved for the current
    /// statement (`false` if it was not: nothing is known to be taken).
    pub(crate) fn taken_answer(&self, g: &Expr, t: Thread) -> Expr {
        self.counters
            .resolved
            .get(&(g.clone(), t))
            .cloned()
            .unwrap_or_else(Expr::ff)
    }
}
