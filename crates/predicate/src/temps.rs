//! The values a block's statements have assigned so far, for the two places where a
//! thread's block temporaries cannot be read as they stand: a global assertion (checked
//! also for threads that do not execute the block, for which the temporaries are stale)
//! and the argument of an `__other_*` ghost (the other thread may not have computed it).
//! There the temporaries are replaced by their definitions over the block's inputs.
//!
//! Definitions are kept as written and expanded only when one of those two asks for them:
//! expanded eagerly at every assignment, a chain such as `a = a * b + c; b = b * a + c;`
//! (a flops benchmark's unrolled multiply-adds) doubles its trees at every step, and 20
//! such pairs took 70 s and 24 GB before any solver ran.

use std::collections::HashMap;

use kir::{AssertOrigin, Expr, Ghost, Stmt, StmtData, Var};

/// One block's assignments so far, in order.
#[derive(Default)]
pub(crate) struct BlockTemps {
    /// Each definition: the variable, and its value as written (`None` for a definition
    /// that is not an assignment: a load, a havoc, a call; the variable then stands for
    /// itself from there on).
    defs: Vec<(Var, Option<Expr>)>,
    /// The index in `defs` of each variable's latest definition.
    latest: HashMap<Var, usize>,
}

impl BlockTemps {
    pub(crate) fn record(&mut self, s: &Stmt) {
        let def = match s {
            Stmt::Assign { dst, value } => Some((*dst, Some(value.clone()))),
            s => s.def().map(|d| (d, None)),
        };
        if let Some((var, value)) = def {
            // A definition that is not an assignment only hides the ones before it.
            if value.is_none() && !self.latest.contains_key(&var) {
                return;
            }
            self.latest.insert(var, self.defs.len());
            self.defs.push((var, value));
        }
    }

    /// `e` (read after every definition recorded so far) over the block's inputs.
    fn inline(&self, e: &Expr) -> Expr {
        let mut expanded = HashMap::new();
        let latest = |v: Var| self.latest.get(&v).copied();
        self.expand(e, &latest, &mut expanded)
    }

    /// `e` with each variable replaced by the expansion of the definition `latest` gives
    /// it (if any).
    fn expand(
        &self,
        e: &Expr,
        latest: &dyn Fn(Var) -> Option<usize>,
        expanded: &mut HashMap<usize, Expr>,
    ) -> Expr {
        let mut vars = Vec::new();
        e.for_each_var(&mut |v| vars.push(v));
        for v in vars {
            if let Some(i) = latest(v) {
                self.expand_def(i, expanded);
            }
        }
        e.map_vars(&|v| match latest(v).and_then(|i| expanded.get(&i)) {
            Some(value) => value.clone(),
            None => Expr::var(v),
        })
    }

    /// Expands definition `i` over the block's inputs (its variables read the
    /// definitions before it) into `expanded`, once.
    fn expand_def(&self, i: usize, expanded: &mut HashMap<usize, Expr>) {
        if expanded.contains_key(&i) {
            return;
        }
        let (var, value) = &self.defs[i];
        let value = match value {
            Some(value) => {
                let before = |v: Var| self.defs[..i].iter().rposition(|(d, _)| *d == v);
                self.expand(value, &before, expanded)
            }
            None => Expr::var(*var),
        };
        expanded.insert(i, value);
    }

    /// Inlines the block's temporaries into the arguments of `__other_*` ghosts, so that
    /// the other thread's value is computed from its inputs, not read from a temporary
    /// it may not have computed (it may not execute this block).
    pub(crate) fn inline_into_other(&self, s: &mut StmtData) {
        if self.defs.is_empty() {
            return;
        }
        s.stmt.map_exprs(&mut |e| {
            if Ghost::any_in(e, &|g| matches!(g, Ghost::Other(_))) {
                *e = e.rewrite(&mut |sub| match Ghost::of(sub) {
                    Some(Ghost::Other(x)) => match sub {
                        Expr::Apply { ty, .. } => Some(kir::ghost::other(self.inline(x), *ty)),
                        _ => None,
                    },
                    _ => None,
                });
            }
        });
    }

    pub(crate) fn inline_into_global(&self, s: &mut StmtData) {
        if let Stmt::Assert {
            cond,
            origin:
                AssertOrigin::UserGlobal
                | AssertOrigin::LoopInvariant { global: true, .. }
                | AssertOrigin::CandidateInvariant { global: true },
        } = &mut s.stmt
        {
            *cond = self.inline(cond);
        }
    }
}

#[cfg(test)]
mod tests {
    use kir::{BinOp, Expr, Stmt, StmtData, Var};

    use super::BlockTemps;

    fn v(i: usize) -> Var {
        Var::new(i)
    }

    fn x(i: usize) -> Expr {
        Expr::var(v(i))
    }

    fn assign(dst: usize, value: Expr) -> Stmt {
        Stmt::Assign { dst: v(dst), value }
    }

    fn add(a: Expr, b: Expr) -> Expr {
        Expr::bin(BinOp::Add, a, b)
    }

    fn mul(a: Expr, b: Expr) -> Expr {
        Expr::bin(BinOp::Mul, a, b)
    }

    /// A global assertion on `cond`, after `temps`, as the predicator rewrites it.
    fn global(temps: &BlockTemps, cond: Expr) -> Expr {
        let origin = kir::AssertOrigin::UserGlobal;
        let mut s = StmtData::new(Stmt::Assert { cond, origin }, None);
        temps.inline_into_global(&mut s);
        match s.stmt {
            Stmt::Assert { cond, .. } => cond,
            _ => unreachable!(),
        }
    }

    #[test]
    fn a_definition_reads_the_values_before_it() {
        // x := a + 1; a := 5; assert global x == a
        let mut temps = BlockTemps::default();
        temps.record(&assign(1, add(x(0), Expr::int(1, 32))));
        temps.record(&assign(0, Expr::int(5, 32)));
        let cond = global(&temps, Expr::eq(x(1), x(0)));
        let expected = Expr::eq(add(x(0), Expr::int(1, 32)), Expr::int(5, 32));
        assert_eq!(cond, expected);
    }

    #[test]
    fn a_havoc_makes_the_variable_stand_for_itself() {
        // a := 5; y := a; havoc a; z := a + y; assert global z == 0
        let mut temps = BlockTemps::default();
        temps.record(&assign(0, Expr::int(5, 32)));
        temps.record(&assign(1, x(0)));
        temps.record(&Stmt::Havoc { dst: v(0) });
        temps.record(&assign(2, add(x(0), x(1))));
        let cond = global(&temps, Expr::eq(x(2), Expr::int(0, 32)));
        let expected = Expr::eq(add(x(0), Expr::int(5, 32)), Expr::int(0, 32));
        assert_eq!(cond, expected);
    }

    #[test]
    fn a_long_chain_of_reused_values_is_not_expanded_unless_asked() {
        // a := a * b + c; b := b * a + c, 200 times: expanded, each step doubles the
        // trees. Recording them and rewriting an assertion on `c` must stay cheap.
        let mut temps = BlockTemps::default();
        for _ in 0..200 {
            temps.record(&assign(0, add(mul(x(0), x(1)), x(2))));
            temps.record(&assign(1, add(mul(x(1), x(0)), x(2))));
        }
        let cond = global(&temps, Expr::eq(x(2), Expr::int(0, 32)));
        assert_eq!(cond, Expr::eq(x(2), Expr::int(0, 32)));
    }
}
