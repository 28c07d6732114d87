//! Houdini's candidates decided as GPUVerify decides them: one query asks whether some
//! candidate's check (on entry, or preservation) can fail; every candidate a check of which
//! fails in the model is refuted at once, and the query is asked again of the others, on
//! the same solver, until none can fail or the effort runs out.
//!
//! A model of the query is an execution of the cut program under the candidates assumed
//! this round; a candidate whose check it violates is false under any subset of them too,
//! so refuting every such candidate at once is what Houdini's rounds would do one by one.
//! The candidate checks do not assume one another here (the checks one by one assume a
//! check once it is proved), so that one model can violate many of them.
//!
//! When the query is unsatisfiable, every check asked about holds under this round's
//! candidates. When the solver gives up, the candidates not refuted yet are left to the
//! checks one by one.

use std::collections::HashSet;

use z3::ast::Bool;
use z3::{Context, SatResult};

use crate::encode::Encoder;
use crate::fresh::new_solver;
use crate::model::failed;
use crate::{candidate_index, spent, with_limits, SolveOptions, Status};
use vc::{Event, Vc};

/// What the queries decided: each selected check's status (refuted candidates' checks
/// failed, or not checked because another of their checks failed; the rest proved when
/// `settled`, else untried) and the effort spent.
pub(crate) struct Refuted {
    pub statuses: Vec<Status>,
    pub used: u64,
    /// The last query was unsatisfiable: every check not refuted holds.
    pub settled: bool,
}

/// The failure condition of each selected candidate check: the assumptions before it (and
/// the checks `known` holds) hold, and its condition does not.
fn failures<'ctx, M>(
    vc: &Vc<M>,
    ctx: &'ctx Context,
    enc: &mut Encoder<'ctx>,
    keep: &dyn Fn(usize) -> bool,
    known: &dyn Fn(usize) -> bool,
) -> Vec<(usize, Bool<'ctx>)> {
    let mut path = Bool::from_bool(ctx, true);
    let mut out = Vec::new();
    for event in &vc.events {
        match event {
            Event::Assume(t) => {
                let b = enc.bool(&vc.terms, *t);
                path = Bool::and(ctx, &[&path, &b]);
            }
            Event::Check { cond, check } if known(*check) => {
                let b = enc.bool(&vc.terms, *cond);
                path = Bool::and(ctx, &[&path, &b]);
            }
            Event::Check { cond, check } if keep(*check) => {
                let b = enc.bool(&vc.terms, *cond);
                out.push((*check, Bool::and(ctx, &[&path, &b.not()])));
            }
            Event::Check { .. } => {}
        }
    }
    out
}

/// Refutes the candidates whose checks `keep` selects (they must all be candidate checks),
/// assuming the checks `known` selects, within `budget` and at most `query_cap` effort
/// per query.
pub(crate) fn refute<'ctx, M: std::fmt::Debug>(
    vc: &Vc<M>,
    ctx: &'ctx Context,
    enc: &mut Encoder<'ctx>,
    budget: &SolveOptions,
    query_cap: u64,
    keep: &dyn Fn(usize) -> bool,
    known: &dyn Fn(usize) -> bool,
) -> Refuted {
    let base = spent(&new_solver(ctx, enc));
    let start = std::time::Instant::now();
    let mut statuses: Vec<Status> = (0..vc.checks.len())
        .map(|c| {
            if known(c) {
                Status::Proved
            } else {
                Status::Unknown {
                    reason: if keep(c) {
                        "time limit reached".into()
                    } else {
                        "not checked".into()
                    },
                }
            }
        })
        .collect();
    let mut open = failures(vc, ctx, enc, keep, known);
    let mut refuted: HashSet<u32> = HashSet::new();
    let mut used = 0;
    let mut queries = 0;
    let settled = loop {
        if open.is_empty() {
            break true;
        }
        let effort = budget.effort.saturating_sub(used).min(query_cap);
        let time = budget.timeout.saturating_sub(start.elapsed());
        if effort == 0 || time.is_zero() {
            break false;
        }
        let solver = new_solver(ctx, enc);
        let any: Vec<&Bool> = open.iter().map(|(_, f)| f).collect();
        solver.assert(&Bool::or(ctx, &any));
        with_limits(ctx, &solver, effort, time);
        let began = std::time::Instant::now();
        let result = solver.check();
        queries += 1;
        tracing::trace!(?result, open = open.len(), took = ?began.elapsed(), units = spent(&solver), "refutation query");
        used = spent(&solver) - base;
        let settled = match result {
            SatResult::Unsat => Some(true),
            SatResult::Unknown => Some(false),
            SatResult::Sat => None,
        };
        if let Some(settled) = settled {
            break settled;
        }
        let Some(model) = solver.get_model() else {
            break false;
        };
        let violated: Vec<usize> = open
            .iter()
            .filter(|(_, f)| model.eval(f, true).and_then(|b| b.as_bool()) == Some(true))
            .map(|(c, _)| *c)
            .collect();
        for &c in &violated {
            statuses[c] = failed(vc, c, &solver, enc);
            if let Some(i) = candidate_index(vc, c) {
                refuted.insert(i);
            }
        }
        if violated.is_empty() {
            // The model satisfies the disjunction but no disjunct evaluates to true (it
            // should not happen): leave the rest to the checks one by one.
            break false;
        }
        // A refuted candidate's other checks need not be asked about.
        open.retain(|(c, _)| {
            let gone = candidate_index(vc, *c).is_some_and(|i| refuted.contains(&i));
            if gone && !matches!(statuses[*c], Status::Failed { .. }) {
                statuses[*c] = Status::Unknown {
                    reason: "not checked: the candidate failed another check".into(),
                };
            }
            !gone
        });
    };
    if settled {
        for (c, _) in &open {
            statuses[*c] = Status::Proved;
        }
    }
    tracing::debug!(
        queries,
        refuted = refuted.len(),
        settled,
        used,
        "candidates refuted at once"
    );
    Refuted {
        statuses,
        used,
        settled,
    }
}
