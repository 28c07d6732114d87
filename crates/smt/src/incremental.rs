//! Each check in order on one incremental solver, under the assumptions and checks before
//! it, each within its cap; a check the solver gives up on goes up the retry ladder
//! (`retry.rs`). Once a defect is known, the rest only add reports and share a small
//! budget.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use z3::ast::Bool;
use z3::{Context, SatResult, Solver};

use crate::encode::Encoder;
use crate::fresh::new_solver;
use crate::model::{failed, unknown_reason};
use crate::retry::{Ladder, Limit};
use crate::slice::Slicer;
use crate::{
    candidate_index, not_checked, spent, with_limits, CandidateEffort, Meta, SolveOptions, Status,
    AFTER_DEFECT_BUDGET, AFTER_DEFECT_CAP, AFTER_FAILURE, COPY_FAILED, UNITS_PER_SECOND,
};
use vc::{Event, TermId, Vc};

/// The status of a check not run because a defect was found and it would only add reports.
const AFTER_DEFECT: &str = "not tried after a defect was found";

/// The status of a Houdini candidate's check not run because another check of the same
/// candidate failed.
const REFUTED_ELSEWHERE: &str = "not checked: the candidate failed another check";

/// The most effort one check may take.
#[derive(Clone, Copy)]
pub(crate) struct Caps {
    pub check: u64,
    /// For a Houdini candidate's entry or preservation check.
    pub candidate: CandidateEffort,
}

/// Which checks a solve runs: `keep` selects them, `known` those proved already (assumed,
/// reported proved, not run).
pub(crate) struct Selection<'a> {
    pub keep: &'a dyn Fn(usize) -> bool,
    pub known: &'a dyn Fn(usize) -> bool,
    /// Stop at the first check that fails (the rest are not tried).
    pub until_failure: bool,
}

/// The state of one pass over the checks.
struct Pass<'v, 'ctx, M> {
    vc: &'v Vc<M>,
    ctx: &'ctx Context,
    budget: &'v SolveOptions,
    caps: Caps,
    start: Instant,
    solver: Solver<'ctx>,
    statuses: Vec<Status>,
    /// The effort count when the first defect was found.
    defect: Option<u64>,
    /// The count is the context's: it includes the fast path's query. A solver's
    /// statistics read it at that solver's last check, so `seen` keeps the highest count
    /// read.
    base: u64,
    seen: u64,
    /// Everything asserted outside a push, as Z3 terms and as VC terms, for the retries.
    held: Vec<Bool<'ctx>>,
    slicer: Slicer,
    /// Houdini candidates a check of this solve refuted: their other checks (entry or
    /// preservation) cannot save them, so they are not run.
    refuted: HashSet<u32>,
    /// The checks (not candidates) that failed: their later copies are not run.
    failed: Vec<usize>,
    /// The checks left undecided after a defect was found: their later copies (deeper in
    /// an unrolled loop, with more terms) are not run either.
    undecided: Vec<usize>,
}

fn untried() -> Status {
    Status::Unknown {
        reason: "time limit reached".into(),
    }
}

/// Runs the selected checks of `vc` in order within `budget`; returns their statuses and
/// the effort spent.
pub(crate) fn one_by_one<'ctx, M: Meta>(
    vc: &Vc<M>,
    ctx: &'ctx Context,
    enc: &mut Encoder<'ctx>,
    budget: &SolveOptions,
    caps: Caps,
    chosen: Selection<'_>,
) -> (Vec<Status>, u64) {
    let solver = new_solver(ctx, enc);
    let base = spent(&solver);
    let statuses = (0..vc.checks.len())
        .map(|c| match ((chosen.known)(c), (chosen.keep)(c)) {
            (true, _) => Status::Proved,
            (false, true) => untried(),
            (false, false) => not_checked(),
        })
        .collect();
    let mut pass = Pass {
        vc,
        ctx,
        budget,
        caps,
        start: Instant::now(),
        solver,
        statuses,
        defect: None,
        base,
        seen: base,
        held: Vec::new(),
        slicer: Slicer::default(),
        refuted: HashSet::new(),
        failed: Vec::new(),
        undecided: Vec::new(),
    };
    for event in &vc.events {
        match event {
            Event::Assume(t) => pass.hold(enc, *t),
            Event::Check { cond, check } if (chosen.known)(*check) => pass.hold(enc, *cond),
            Event::Check { check, .. } if !(chosen.keep)(*check) => {}
            Event::Check { cond, check } => {
                if !pass.check(enc, *check, *cond) {
                    break;
                }
                if chosen.until_failure && matches!(pass.statuses[*check], Status::Failed { .. }) {
                    pass.give_up(AFTER_FAILURE);
                    break;
                }
            }
        }
    }
    let used = pass.seen.max(spent(&pass.solver)) - pass.base;
    (pass.statuses, used)
}

impl<'ctx, M: Meta> Pass<'_, 'ctx, M> {
    /// `t` holds from now on.
    fn hold(&mut self, enc: &mut Encoder<'ctx>, t: TermId) {
        let b = enc.bool(&self.vc.terms, t);
        self.solver.assert(&b);
        self.held.push(b);
        self.slicer.hold(t);
    }

    /// The checks not tried yet are left unknown for `reason`.
    fn give_up(&mut self, reason: &str) {
        for status in &mut self.statuses {
            if *status == untried() {
                *status = Status::Unknown {
                    reason: reason.into(),
                };
            }
        }
    }

    /// Why check `check` (a copy of an earlier one) is not run, if it is not.
    fn copy_not_run(&self, check: usize, candidate: Option<u32>) -> Option<&'static str> {
        let meta = &self.vc.checks[check].meta;
        let copy_of = |checks: &[usize]| checks.iter().any(|&c| self.vc.checks[c].meta == *meta);
        if candidate.is_some() {
            None
        } else if copy_of(&self.failed) {
            Some(COPY_FAILED)
        } else if copy_of(&self.undecided) {
            Some(AFTER_DEFECT)
        } else {
            None
        }
    }

    /// The effort the next check may spend, or `None` when the pass must stop (the budget
    /// is spent, or the small budget after a defect is).
    fn effort_left(&mut self) -> Option<u64> {
        self.seen = self.seen.max(spent(&self.solver));
        let used = self.seen - self.base;
        let mut effort = self.budget.effort.saturating_sub(used);
        if let Some(at) = self.defect {
            let rest = AFTER_DEFECT_BUDGET.saturating_sub(used - at);
            if rest == 0 {
                // What is still "time limit reached" was never tried.
                self.give_up(AFTER_DEFECT);
                return None;
            }
            effort = effort.min(rest);
        }
        (effort > 0).then_some(effort)
    }

    /// Runs check `check` (condition `cond`); false when the pass must stop.
    fn check(&mut self, enc: &mut Encoder<'ctx>, check: usize, cond: TermId) -> bool {
        let candidate = candidate_index(self.vc, check);
        if candidate.is_some_and(|i| self.refuted.contains(&i)) {
            self.statuses[check] = Status::Unknown {
                reason: REFUTED_ELSEWHERE.into(),
            };
            return true;
        }
        // A copy of a check that failed (a later iteration of an unrolled loop) would only
        // report the same place again; once a defect is known, one whose earlier copy was
        // left undecided would most likely be too. Either is assumed, as every check is
        // after it.
        if let Some(reason) = self.copy_not_run(check, candidate) {
            self.statuses[check] = Status::Unknown {
                reason: reason.into(),
            };
            self.hold(enc, cond);
            return true;
        }
        // The budget, read only where a check would spend it.
        let time = self.budget.timeout.saturating_sub(self.start.elapsed());
        let Some(effort) = self.effort_left() else {
            return false;
        };
        if time.is_zero() {
            return false;
        }
        let b = enc.bool(&self.vc.terms, cond);
        // One hard check may not starve the rest of the budget.
        let cap = match (candidate, self.defect) {
            (Some(_), _) => self.caps.check.min(self.caps.candidate.cap()),
            (None, Some(_)) => self.caps.check.min(AFTER_DEFECT_CAP),
            (None, None) => self.caps.check,
        };
        self.solver.push();
        // Z3 counts some of its work (e.g. in bit-blasted queries) far below the usual
        // rate, so the clock also caps a check, at twice the time its effort stands for:
        // the effort cap decides almost always, the same everywhere.
        let limit = effort.min(cap);
        let clock = Duration::from_secs_f64(2.0 * limit as f64 / UNITS_PER_SECOND as f64);
        with_limits(self.ctx, &self.solver, limit, time.min(clock));
        let negated = b.not();
        self.solver.assert(&negated);
        let began = Instant::now();
        let mut result = self.solver.check();
        // The effort limit (not the clock) stopped the check.
        let effort_ran_out = began.elapsed() < time.min(clock);
        tracing::trace!(check, took = ?began.elapsed(), ?result, "incremental");
        let mut answered = None;
        if result == SatResult::Unknown && self.defect.is_none() {
            let quick = candidate.is_some() && self.caps.candidate == CandidateEffort::Quick;
            self.seen = self.seen.max(spent(&self.solver));
            let mut ladder = Ladder {
                ctx: self.ctx,
                enc,
                terms: &self.vc.terms,
                held: &self.held,
                slicer: &mut self.slicer,
                budget: self.budget,
                start: self.start,
                base: self.base,
            };
            let limit = Limit {
                effort: limit,
                clock,
            };
            // Little effort per candidate means none for retrying with all assumptions
            // (a fresh solver takes seconds just to take in a large VC).
            let full = effort_ran_out && !quick;
            if let Some((r, fresh)) =
                ladder.climb(check, cond, &negated, limit, full, &mut self.seen)
            {
                result = r;
                answered = Some(fresh);
            }
        }
        let last = answered.as_ref().unwrap_or(&self.solver);
        self.statuses[check] = match result {
            SatResult::Unsat => Status::Proved,
            SatResult::Sat => failed(self.vc, check, last, enc),
            SatResult::Unknown => Status::Unknown {
                reason: unknown_reason(last, began.elapsed() >= time),
            },
        };
        self.solver.pop(1);
        self.seen = self.seen.max(spent(&self.solver));
        self.after(check, cond, b, candidate);
        true
    }

    /// Records what check `check` showed, and assumes it for the checks after it.
    fn after(&mut self, check: usize, cond: TermId, b: Bool<'ctx>, candidate: Option<u32>) {
        let status = &self.statuses[check];
        let info = &self.vc.checks[check];
        tracing::debug!(check, meta = ?info.meta, elapsed = ?self.start.elapsed(), used = self.seen - self.base, ?status, "check");
        let failed = matches!(status, Status::Failed { .. });
        let unproved = *status != Status::Proved;
        match candidate {
            Some(i) if failed => {
                self.refuted.insert(i);
            }
            None if failed => {
                self.defect.get_or_insert(self.seen - self.base);
                self.failed.push(check);
            }
            None if unproved && self.defect.is_some() => self.undecided.push(check),
            _ => {}
        }
        // A Houdini candidate that failed is dropped: later checks must not assume it, or
        // each round could refute only the first of a chain.
        if !(candidate.is_some() && unproved) {
            self.solver.assert(&b);
            self.held.push(b);
            self.slicer.hold(cond);
        }
    }
}
