//! One check's first try on the incremental solver: a short one, then its slice read over
//! the integers (`integers.rs`), for a check with products of two unknowns the products
//! abstracted (`products.rs`), then the rest of its effort on the incremental solver again.

use std::time::{Duration, Instant};

use z3::ast::Bool;
use z3::{SatResult, Solver};

use super::Pass;
use crate::encode::Encoder;
use crate::retry::{Ladder, Limit, PRODUCTS_MOST_HELD, REFINEMENTS};
use crate::{backstop, spent, with_limits, Meta, QUICK_CANDIDATE_CAP};
use crate::{INTEGERS_FIRST_CAP, PRODUCTS_INCREMENTAL_CAP};
use vc::TermId;

/// What the incremental solver said of a check.
pub(super) struct Asked {
    pub result: SatResult,
    /// With tracking, the candidates a proof assumed.
    pub assumed: Option<Vec<u32>>,
    /// The effort limit (not the clock) stopped the check.
    pub effort_ran_out: bool,
}

/// The check a first try is for, and its limits.
pub(super) struct First<'a, 'ctx> {
    pub check: usize,
    pub cond: TermId,
    /// The check's negation, asserted last.
    pub negated: &'a Bool<'ctx>,
    pub limit: Limit,
    pub time: Duration,
    /// A Houdini candidate's check with little effort (a quick or a sliced pass).
    pub quick: bool,
    /// Retries are allowed (no defect found yet, not a probe).
    pub retry: bool,
    /// The slice over the integers is allowed (no defect found yet; probes and solves
    /// without retries too: it is cheap, and it proves or says nothing).
    pub integers: bool,
}

impl<'ctx, M: Meta> Pass<'_, 'ctx, M> {
    /// The first try at check `b`: the incremental solver within the check's effort (a
    /// quick candidate's is little); for a check that may be retried, a twentieth of a
    /// second's effort, then its slice over the integers, then (with products of two
    /// unknowns) up to a second's effort and the products abstracted, then the rest. The
    /// answer, and the fresh solver that gave it when a retry proved the check.
    pub(super) fn first_try(
        &mut self,
        enc: &mut Encoder<'ctx>,
        b: &Bool<'ctx>,
        in_play: &[Bool<'ctx>],
        at: First<'_, 'ctx>,
    ) -> (Asked, Option<Solver<'ctx>>) {
        let began = Instant::now();
        // Not for a quick candidate: it gets its little effort and nothing more.
        let retried = (at.retry || at.integers) && !at.quick;
        let first = match (at.quick, retried) {
            (true, _) => at.limit.effort.min(QUICK_CANDIDATE_CAP),
            (false, true) => at.limit.effort.min(INTEGERS_FIRST_CAP),
            (false, false) => at.limit.effort,
        };
        let mut asked = self.ask_within(b, in_play, first, at.time);
        // (Also when the short try's clock, not its effort, stopped it: Z3 counts some work
        // slowly, and the rest of the check's time is still to come.)
        if !retried || asked.result != SatResult::Unknown {
            return (asked, None);
        }
        if let Some((result, fresh, part)) = self.over_integers(enc, in_play, &at) {
            asked.result = result;
            asked.assumed = self.assumed_by(part);
            return (asked, Some(fresh));
        }
        let mut used = first;
        if at.retry && self.abstracts_products(at.check, at.cond) {
            // Up to a second's effort on the incremental solver, then the abstraction.
            let more = at
                .limit
                .effort
                .min(PRODUCTS_INCREMENTAL_CAP)
                .saturating_sub(used);
            let time = at.time.saturating_sub(began.elapsed());
            if more > 0 && !time.is_zero() {
                asked = self.ask_within(b, in_play, more, time);
                used += more;
                if asked.result != SatResult::Unknown || !asked.effort_ran_out {
                    return (asked, None);
                }
            }
            let of = (at.check, at.cond, at.negated);
            if let Some(fresh) = self.abstracted(enc, in_play, of, (at.limit, REFINEMENTS)) {
                asked.result = SatResult::Unsat;
                asked.assumed = self.assumed_by(None);
                return (asked, Some(fresh));
            }
            self.not_abstracted.push(at.check);
        }
        let rest = at.limit.effort.saturating_sub(used);
        let time = at.time.saturating_sub(began.elapsed());
        if rest > 0 && !time.is_zero() {
            asked = self.ask_within(b, in_play, rest, time);
        }
        (asked, None)
    }

    /// A check the incremental solver left undecided, up the retry ladder (`quick`: a
    /// sliced pass's candidate, which climbs to its slice only, then has its products
    /// abstracted). Updates `asked`; the fresh solver that answered, if one did.
    pub(super) fn climb(
        &mut self,
        enc: &mut Encoder<'ctx>,
        in_play: &[Bool<'ctx>],
        (check, cond, negated): (usize, TermId, &Bool<'ctx>),
        (limit, quick): (Limit, bool),
        asked: &mut Asked,
    ) -> Option<Solver<'ctx>> {
        // Little effort per candidate means none for retrying with all assumptions (a
        // fresh solver takes seconds just to take in a large VC).
        let full = asked.effort_ran_out && !quick;
        let mut seen = self.seen;
        let mut ladder = self.ladder(enc, in_play);
        // A sliced pass's candidate did not have its slice over the integers yet.
        let climbed = match quick {
            true => ladder.integers(check, cond, limit, &mut seen),
            false => None,
        };
        let climbed =
            climbed.or_else(|| ladder.climb(check, cond, negated, limit, full, &mut seen));
        let slice_model = ladder.slice_model;
        self.seen = seen;
        if let Some((r, fresh, part)) = climbed {
            asked.result = r;
            // A proof assumed every candidate in play behind the assertions it had.
            if r == SatResult::Unsat {
                asked.assumed = self.assumed_by(part);
            }
            return Some(fresh);
        }
        // A sliced pass's candidate: its products abstracted, after the slice (not when
        // the slice had a model: the candidate is then rarely true), for one answer (its
        // models not corrected: a false candidate would take the rest of the effort).
        if !quick || slice_model || !self.abstracts_products(check, cond) {
            return None;
        }
        let fresh = self.abstracted(enc, in_play, (check, cond, negated), (limit, 0))?;
        asked.result = SatResult::Unsat;
        asked.assumed = self.assumed_by(None);
        Some(fresh)
    }

    /// Whether check `check` (condition `cond`) has products of two unknowns that an
    /// abstraction may take, with few enough assumptions before it for a fresh solver.
    fn abstracts_products(&mut self, check: usize, cond: TermId) -> bool {
        self.held.len() <= PRODUCTS_MOST_HELD
            && !self.is_copy_of(check, &self.not_abstracted)
            && self.products.has(&self.vc.terms, cond)
    }

    /// Check `check` (condition `cond`, negated `negated`) with its products of two
    /// unknowns abstracted ([`Ladder::products`]), within the `tries`' limit, its models
    /// corrected at most their count of times: the solver when it proved the check.
    fn abstracted(
        &mut self,
        enc: &mut Encoder<'ctx>,
        in_play: &[Bool<'ctx>],
        (check, cond, negated): (usize, TermId, &Bool<'ctx>),
        tries: (Limit, usize),
    ) -> Option<Solver<'ctx>> {
        let mut seen = self.seen;
        let proved = (self.ladder(enc, in_play)).products((check, cond), negated, tries, &mut seen);
        self.seen = seen;
        proved
    }

    /// Check `at` with its slice read over the integers ([`Ladder::integers`]): the
    /// answer, the solver and the slice when that proved it.
    fn over_integers(
        &mut self,
        enc: &mut Encoder<'ctx>,
        in_play: &[Bool<'ctx>],
        at: &First<'_, 'ctx>,
    ) -> Option<(SatResult, Solver<'ctx>, Option<Vec<usize>>)> {
        let mut seen = self.seen;
        let proved = (self.ladder(enc, in_play)).integers(at.check, at.cond, at.limit, &mut seen);
        self.seen = seen;
        proved
    }

    /// Asks the incremental solver for a counterexample to check `b` (asserted negated
    /// last) within `effort` and `time`.
    pub(super) fn ask_within(
        &mut self,
        b: &Bool<'ctx>,
        in_play: &[Bool<'ctx>],
        effort: u64,
        time: Duration,
    ) -> Asked {
        let clock = time.min(backstop(effort));
        with_limits(self.ctx, &self.solver, effort, clock);
        let began = Instant::now();
        let mut result = self.ask(in_play);
        if result == SatResult::Sat {
            result = self.relaxed(b, in_play);
        }
        // What the proof assumed, if it is one: the incremental solver's core.
        let assumed = (result == SatResult::Unsat && self.lits.is_some())
            .then(|| self.candidates_of(&self.solver.get_unsat_core()));
        self.seen = self.seen.max(spent(&self.solver));
        Asked {
            result,
            assumed,
            // The effort limit (not the clock) stopped the check.
            effort_ran_out: began.elapsed() < clock,
        }
    }

    /// The retry ladder over what this pass holds.
    pub(super) fn ladder<'a>(
        &'a mut self,
        enc: &'a mut Encoder<'ctx>,
        in_play: &'a [Bool<'ctx>],
    ) -> Ladder<'a, 'ctx> {
        Ladder {
            ctx: self.ctx,
            enc,
            terms: &self.vc.terms,
            held: &self.held,
            held_by: &self.held_by,
            out_of_play: &self.out_of_play,
            in_play,
            slicer: &mut self.slicer,
            pinned: &self.products.pinned,
            budget: self.budget,
            start: self.start,
            base: self.base,
            may_refute: self.switched_on.is_none(),
            slice_model: false,
        }
    }

    /// With tracking, the candidates in play behind the assertions of `held` a retry's
    /// proof had (`part`; `None`: all).
    pub(super) fn assumed_by(&self, part: Option<Vec<usize>>) -> Option<Vec<u32>> {
        self.lits.as_ref()?;
        let mut by: Vec<u32> = match part {
            Some(part) => part.iter().filter_map(|&i| self.held_by[i]).collect(),
            None => self.held_by.iter().flatten().copied().collect(),
        };
        by.retain(|i| !self.out_of_play.contains(i));
        by.sort_unstable();
        by.dedup();
        Some(by)
    }
}
