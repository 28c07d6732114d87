//! The one-query fast path: whether no check of the VC can fail at all.
//!
//! A VC with switches ([`vc::Vc::switches`], the benign-race tolerance) is asked first
//! with its switches denied. Denying a switch only strengthens the checks, so an
//! unsatisfiable answer proves the VC as it is (every check holds in the strict form,
//! hence in the relaxed one), and also says that the proof needed no switch. The strict
//! query is often far cheaper (a table-lookup AES kernel: 1.9 million units against 11.8
//! million), since the tolerated cases (two threads writing equal values) drop out.
//! When the strict query is satisfiable and its model also breaks a check with the
//! switches on, the answer is the same without asking; otherwise the VC is asked as it is,
//! with the full effort again.

use std::time::Instant;

use z3::ast::{Ast, Bool};
use z3::{Context, Model, SatResult};

use crate::encode::Encoder;
use crate::fresh::new_solver;
use crate::{spent, with_limits, SolveOptions};
use vc::{CheckKind, Event, Vc};

/// What the one query found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Whole {
    /// No check can fail.
    pub proved: bool,
    /// No check can fail even with the VC's switches denied: the checks it decided hold
    /// without them. (The `known` checks are assumed as they are, switches on.)
    pub denying: bool,
    /// With the switches denied some check failed where they excuse it: a proof needs
    /// them.
    pub needs_switches: bool,
    /// The effort spent.
    pub used: u64,
}

/// The checks a query decides (`keep`) and those it assumes (`known`).
struct Chosen<'a> {
    keep: &'a dyn Fn(usize) -> bool,
    known: &'a dyn Fn(usize) -> bool,
}

/// Whether no check of the VC can fail, decided within `budget`; with the switches denied
/// first when `deny_first`.
pub(crate) fn all_proved<'ctx, M>(
    vc: &Vc<M>,
    ctx: &'ctx Context,
    enc: &mut Encoder<'ctx>,
    budget: &SolveOptions,
    (keep, known): (&dyn Fn(usize) -> bool, &dyn Fn(usize) -> bool),
    deny_first: bool,
) -> Whole {
    let start = Instant::now();
    let chosen = Chosen { keep, known };
    // The relaxed query is built first even when only the strict one is asked: the order
    // in which the two queries' terms reach Z3 steers its search, and this order was
    // measured faster (e8d7c46 built it lazily: the real corpus 630 -> 665 s summed,
    // `stencil/jacobi3d_shared_pass.cu` 2.8 -> 8.4 s, its final query over its cap). The
    // probe before it has a Z3 context of its own, for the same reason (`probe.rs`).
    let relaxed = &failures(vc, ctx, enc, &chosen, false);
    if !deny_first || !relaxes(vc, keep) {
        let (result, used, _) = ask(ctx, enc, relaxed, budget);
        return Whole {
            proved: result == SatResult::Unsat,
            used,
            ..Whole::default()
        };
    }
    let strict = &failures(vc, ctx, enc, &chosen, true);
    let (result, used, model) = ask(ctx, enc, strict, budget);
    let mut whole = Whole {
        used,
        ..Whole::default()
    };
    if result == SatResult::Unsat {
        whole.proved = true;
        whole.denying = true;
        return whole;
    }
    let Some(model) = model else {
        // Undecided: the relaxed query, harder, is not tried.
        return whole;
    };
    // The strict model with the switches turned on: when it still breaks a check, the VC
    // as it is is not proved either.
    let on = switched_on(vc, ctx, enc, relaxed);
    if model.eval(&on, true).and_then(|b| b.as_bool()) == Some(true) {
        return whole;
    }
    whole.needs_switches = true;
    // The relaxed query gets the whole effort again: a proof that needs the switches
    // must not have less of it than before the strict query was tried.
    let rest = SolveOptions {
        timeout: budget.timeout.saturating_sub(start.elapsed()),
        ..budget.clone()
    };
    if !rest.timeout.is_zero() {
        let (result, count, _) = ask(ctx, enc, relaxed, &rest);
        whole.proved = result == SatResult::Unsat;
        // The count is the context's: it includes the strict query's.
        whole.used = whole.used.max(count);
    }
    whole
}

/// Whether the VC's switches relax some check `keep` selects. Switches relax properties
/// only (never a candidate invariant or a bound).
pub(crate) fn relaxes<M>(vc: &Vc<M>, keep: &dyn Fn(usize) -> bool) -> bool {
    !vc.switches.is_empty()
        && (vc.checks.iter().enumerate()).any(|(i, c)| keep(i) && c.kind == CheckKind::Property)
}

/// Solves `query` on a fresh solver (its first check gets Z3's strongest preprocessing):
/// the answer, the context's effort count after it (all its solvers' work so far) and,
/// when satisfiable, the model.
fn ask<'ctx>(
    ctx: &'ctx Context,
    enc: &Encoder<'ctx>,
    query: &Bool<'ctx>,
    budget: &SolveOptions,
) -> (SatResult, u64, Option<Model<'ctx>>) {
    let solver = new_solver(ctx, enc);
    solver.assert(query);
    with_limits(ctx, &solver, budget.effort, budget.timeout);
    let result = solver.check();
    let used = spent(&solver);
    tracing::debug!(?result, used, why = ?solver.get_reason_unknown(), "whole-VC query");
    let model = match result {
        SatResult::Sat => solver.get_model(),
        _ => None,
    };
    (result, used, model)
}

/// The disjunction of the chosen checks' failures, each after every assumption and check
/// before it; with the VC's switches denied when `deny`. A known check is then assumed in
/// its relaxed form (switches on), as it was proved: a strict proof of the others under
/// that weaker assumption holds for the VC as it is.
fn failures<'ctx, M>(
    vc: &Vc<M>,
    ctx: &'ctx Context,
    enc: &mut Encoder<'ctx>,
    chosen: &Chosen,
    deny: bool,
) -> Bool<'ctx> {
    let mut path = Bool::from_bool(ctx, true);
    let mut failures = Vec::new();
    for event in &vc.events {
        match event {
            Event::Assume(t) | Event::Hypothesis { cond: t, .. } => {
                let mut b = enc.bool(&vc.terms, *t);
                if deny && vc.is_switch(*t) {
                    b = b.not();
                }
                path = Bool::and(ctx, &[&path, &b]);
            }
            Event::Check { cond, check } => {
                if (chosen.known)(*check) {
                    let mut b = enc.bool(&vc.terms, *cond);
                    if deny && vc.checks[*check].kind == CheckKind::Property {
                        b = switched_on(vc, ctx, enc, &b);
                    }
                    path = Bool::and(ctx, &[&path, &b]);
                    continue;
                }
                if !(chosen.keep)(*check) {
                    continue;
                }
                let b = enc.bool(&vc.terms, *cond);
                failures.push(Bool::and(ctx, &[&path, &b.not()]));
                path = Bool::and(ctx, &[&path, &b]);
            }
        }
    }
    let refs: Vec<&Bool> = failures.iter().collect();
    Bool::or(ctx, &refs)
}

/// `b` with every switch of the VC replaced by true.
fn switched_on<'ctx, M>(
    vc: &Vc<M>,
    ctx: &'ctx Context,
    enc: &mut Encoder<'ctx>,
    b: &Bool<'ctx>,
) -> Bool<'ctx> {
    substituted(b, &turning_on(vc, ctx, enc))
}

/// Each switch of the VC with `true`: the substitution that turns them on.
pub(crate) fn turning_on<'ctx, M>(
    vc: &Vc<M>,
    ctx: &'ctx Context,
    enc: &mut Encoder<'ctx>,
) -> Vec<(Bool<'ctx>, Bool<'ctx>)> {
    let on = Bool::from_bool(ctx, true);
    (vc.switches.iter())
        .map(|(_, s)| (enc.bool(&vc.terms, *s), on.clone()))
        .collect()
}

/// `b` under the substitution `pairs`.
pub(crate) fn substituted<'ctx>(b: &Bool<'ctx>, pairs: &[(Bool<'ctx>, Bool<'ctx>)]) -> Bool<'ctx> {
    let pairs: Vec<(&Bool, &Bool)> = pairs.iter().map(|(s, t)| (s, t)).collect();
    b.substitute(&pairs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::BV;
    use z3::Config;

    /// `all_proved` adds the counts of its two queries with `max`: the count a solver reads
    /// is its context's, so the second query's count includes the first's.
    #[test]
    fn the_effort_count_is_the_contexts() {
        let cfg = Config::new();
        let ctx = Context::new(&cfg);
        let enc = Encoder::new(&ctx);
        let x = BV::new_const(&ctx, "x", 32);
        let y = BV::new_const(&ctx, "y", 32);
        // x * y == 391 with both above 1: some factoring work for the solver.
        let hard = Bool::and(
            &ctx,
            &[
                &x.bvmul(&y)._eq(&BV::from_u64(&ctx, 391, 32)),
                &x.bvugt(&BV::from_u64(&ctx, 1, 32)),
                &y.bvugt(&BV::from_u64(&ctx, 1, 32)),
                &x.bvult(&BV::from_u64(&ctx, 1000, 32)),
                &y.bvult(&BV::from_u64(&ctx, 1000, 32)),
            ],
        );
        let budget = SolveOptions::for_time(std::time::Duration::from_secs(10));
        let (_, first, _) = ask(&ctx, &enc, &hard, &budget);
        let (_, second, _) = ask(&ctx, &enc, &hard, &budget);
        assert!(first > 0);
        assert!(second > first, "first {first}, second {second}");
    }
}
