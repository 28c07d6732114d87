//! The one-query fast path: whether no check of the VC can fail at all.

use z3::{Context, SatResult};

use crate::encode::Encoder;
use crate::fresh::new_solver;
use crate::{spent, with_limits, SolveOptions};
use vc::{Event, Vc};

/// Whether no check of the VC can fail, decided by one query within `budget`; and the
/// effort spent.
pub(crate) fn all_proved<'ctx, M>(
    vc: &Vc<M>,
    ctx: &'ctx Context,
    enc: &mut Encoder<'ctx>,
    budget: &SolveOptions,
    keep: &dyn Fn(usize) -> bool,
    known: &dyn Fn(usize) -> bool,
) -> (bool, u64) {
    let solver = new_solver(ctx, enc);
    let mut path = z3::ast::Bool::from_bool(ctx, true);
    let mut failures = Vec::new();
    for event in &vc.events {
        match event {
            Event::Assume(t) => {
                let b = enc.bool(&vc.terms, *t);
                path = z3::ast::Bool::and(ctx, &[&path, &b]);
            }
            Event::Check { cond, check } => {
                if known(*check) {
                    let b = enc.bool(&vc.terms, *cond);
                    path = z3::ast::Bool::and(ctx, &[&path, &b]);
                    continue;
                }
                if !keep(*check) {
                    continue;
                }
                let b = enc.bool(&vc.terms, *cond);
                failures.push(z3::ast::Bool::and(ctx, &[&path, &b.not()]));
                path = z3::ast::Bool::and(ctx, &[&path, &b]);
            }
        }
    }
    let refs: Vec<&z3::ast::Bool> = failures.iter().collect();
    solver.assert(&z3::ast::Bool::or(ctx, &refs));
    with_limits(ctx, &solver, budget.effort, budget.timeout);
    let result = solver.check();
    let used = spent(&solver);
    tracing::debug!(?result, used, why = ?solver.get_reason_unknown(), "whole-VC query");
    (result == SatResult::Unsat, used)
}
