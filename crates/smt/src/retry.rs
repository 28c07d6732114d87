//! The retry ladder for a check the incremental solver gave up on, each rung with half the
//! check's effort within what is left:
//! 1. a fresh solver with only the assumptions that share a free constant with the check
//!    (`slice.rs`): if they prove it, all of them do; a model of a slice proves nothing;
//! 2. a fresh one-shot solver with every assumption, simplifying each term under the
//!    conditions around it (which suits predicated code);
//! 3. a plain fresh one-shot solver with every assumption.
//!
//! Rungs 2 and 3 run only when the check stopped at its effort cap (not the clock) and it is
//! not one of Houdini's quick-pass candidates: a fresh solver takes seconds just to take in
//! a large VC.

use std::time::{Duration, Instant};

use z3::ast::Bool;
use z3::{Context, SatResult, Solver};

use crate::encode::Encoder;
use crate::fresh::one_shot;
use crate::slice::Slicer;
use crate::{spent, with_limits, SolveOptions};
use vc::{TermId, Terms};

/// The check's own limits: its effort cap and its clock backstop.
#[derive(Clone, Copy)]
pub(crate) struct Limit {
    pub effort: u64,
    pub clock: Duration,
}

/// What the rungs need of the pass over the checks.
pub(crate) struct Ladder<'a, 'ctx> {
    pub ctx: &'ctx Context,
    pub enc: &'a mut Encoder<'ctx>,
    pub terms: &'a Terms,
    /// Everything asserted so far outside a push.
    pub held: &'a [Bool<'ctx>],
    /// The literals the incremental solver's check assumed (Houdini's tracked candidates
    /// in play): every rung asserts them.
    pub in_play: &'a [Bool<'ctx>],
    pub slicer: &'a mut Slicer,
    pub budget: &'a SolveOptions,
    pub start: Instant,
    /// The effort count when the pass began.
    pub base: u64,
}

impl<'ctx> Ladder<'_, 'ctx> {
    /// A rung's limits: half the check's effort within what is left, half its clock.
    fn rung(&self, limit: Limit, seen: u64) -> Option<(u64, Duration)> {
        let left = self.budget.effort.saturating_sub(seen - self.base);
        let time = self.budget.timeout.saturating_sub(self.start.elapsed());
        let effort = (limit.effort / 2).min(left);
        (effort > 0 && !time.is_zero()).then_some((effort, time.min(limit.clock / 2)))
    }

    /// Climbs the ladder for check `check` (condition `cond`, whose negation is `negated`);
    /// `full` allows rungs 2 and 3. Returns the answer, the solver that gave it and the
    /// assertions of `held` it had (`None`: all), when a rung answered (rung 1 only when it
    /// proved the check; rungs 2 and 3 always, unknown too, so that the reason is theirs).
    /// `seen` keeps the highest effort count read.
    pub(crate) fn climb(
        &mut self,
        check: usize,
        cond: TermId,
        negated: &Bool<'ctx>,
        limit: Limit,
        full: bool,
        seen: &mut u64,
    ) -> Option<(SatResult, Solver<'ctx>, Option<Vec<usize>>)> {
        if let Some((proved, part)) = self.sliced(check, cond, negated, limit, seen) {
            return Some((SatResult::Unsat, proved, Some(part)));
        }
        if !full {
            return None;
        }
        let mut answered = None;
        for simplify in [true, false] {
            let Some((effort, time)) = self.rung(limit, *seen) else {
                break;
            };
            let all: Vec<_> = self.held.iter().chain(self.in_play).cloned().collect();
            let fresh = one_shot(self.ctx, self.enc, &all, negated, simplify);
            with_limits(self.ctx, &fresh, effort, time);
            let result = fresh.check();
            *seen = (*seen).max(spent(&fresh));
            tracing::debug!(check, simplify, ?result, why = ?fresh.get_reason_unknown(), "one-shot retry");
            answered = Some((result, fresh, None));
            if result != SatResult::Unknown {
                break;
            }
        }
        answered
    }

    /// Rung 1: the check under its slice of the assumptions; the solver and the slice
    /// (indices into `held`) when it proved it.
    fn sliced(
        &mut self,
        check: usize,
        cond: TermId,
        negated: &Bool<'ctx>,
        limit: Limit,
        seen: &mut u64,
    ) -> Option<(Solver<'ctx>, Vec<usize>)> {
        let (effort, time) = self.rung(limit, *seen)?;
        let part = self.slicer.slice(self.terms, cond);
        let sliced: Vec<_> = (part.iter().map(|&i| self.held[i].clone()))
            .chain(self.in_play.iter().cloned())
            .collect();
        let fresh = one_shot(self.ctx, self.enc, &sliced, negated, false);
        with_limits(self.ctx, &fresh, effort, time);
        let t0 = Instant::now();
        let r = fresh.check();
        *seen = (*seen).max(spent(&fresh));
        tracing::debug!(check, kept = part.len(), of = self.held.len(), ?r, took = ?t0.elapsed(), "sliced retry");
        (r == SatResult::Unsat).then_some((fresh, part))
    }
}
