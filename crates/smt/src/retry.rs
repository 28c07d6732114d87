//! The retry ladder for a check the incremental solver gave up on, each rung with half the
//! check's effort within what is left (rung 0 a quarter, at most half a second's):
//! 0. a fresh solver with the same slice (below) read over the integers (`integers.rs`):
//!    index arithmetic that Z3 bit-blasts slowly is linear arithmetic there; only a proof
//!    counts;
//! 1. a fresh solver with only the assumptions that share a free constant with the check
//!    (`slice.rs`): if they prove it, all of them do; a model of a slice proves nothing
//!    until the same solver, given the other assumptions too, still finds one (then it is
//!    a counterexample, or with an unsatisfiable answer a proof);
//! 2. a fresh one-shot solver with every assumption, simplifying each term under the
//!    conditions around it (which suits predicated code);
//! 3. a plain fresh one-shot solver with every assumption.
//!
//! A check with products of two unknowns is first tried with them abstracted
//! ([`Ladder::products`]), before the incremental solver goes on with it.
//!
//! Rungs 2 and 3 run only when the check stopped at its effort cap (not the clock): a fresh
//! solver takes seconds just to take in a large VC. Houdini's quick-pass candidates do not
//! climb the ladder at all.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use z3::ast::Bool;
use z3::{Context, SatResult, Solver};

use crate::encode::Encoder;
use crate::fresh::one_shot;
use crate::incremental::tracking;
use crate::integers::Integers;
use crate::products::Abstraction;
use crate::slice::Slicer;
use crate::{spent, with_limits, SolveOptions};
use vc::{TermId, Terms};

/// The check's own limits: its effort cap and its clock backstop.
#[derive(Clone, Copy)]
pub(crate) struct Limit {
    pub effort: u64,
    pub clock: Duration,
}

/// How many times a model of the abstraction of products is corrected and the solver asked
/// again.
pub(crate) const REFINEMENTS: usize = 5;

/// The most effort a check's abstraction of products gets in all (two seconds).
const PRODUCTS_EFFORT: u64 = 2 * crate::UNITS_PER_SECOND;

/// The most effort the slice over the integers gets (half a second's, its clock one
/// second): it proves what it proves at once (0.01-0.5 s on the lattice-Boltzmann
/// stores), and when it does not, its integer problem with the reductions modulo 2^w can
/// take Z3 seconds (10.7 s on one check of a Jacobi tile nest with a check's quarter).
const INTEGERS_EFFORT: u64 = crate::UNITS_PER_SECOND / 2;

/// The abstraction of products is tried for a check with at most this many assumptions
/// before it: a fresh solver takes seconds to take in a large VC. (At 100, the box filter's
/// row races, 127-384 assumptions in, were never abstracted and stayed undecided; at 400
/// each was proved in 0.2 s and the real-style corpus took 11% less time in all.)
pub(crate) const PRODUCTS_MOST_HELD: usize = 400;

/// A share of effort and time that several solver calls draw on.
struct Pool {
    effort: u64,
    time: Duration,
    from: u64,
    began: Instant,
}

impl Pool {
    /// What is left, given the highest effort count read; `None` when nothing is.
    fn left(&self, seen: u64) -> Option<(u64, Duration)> {
        let effort = self.effort.saturating_sub(seen - self.from);
        let time = self.time.saturating_sub(self.began.elapsed());
        (effort > 0 && !time.is_zero()).then_some((effort, time))
    }
}

/// What the rungs need of the pass over the checks.
pub(crate) struct Ladder<'a, 'ctx> {
    pub ctx: &'ctx Context,
    pub enc: &'a mut Encoder<'ctx>,
    pub terms: &'a Terms,
    /// Everything asserted so far outside a push.
    pub held: &'a [Bool<'ctx>],
    /// The candidate whose tracking literal guards each assertion of `held`, if any.
    pub held_by: &'a [Option<u32>],
    /// The candidates out of play (their literals are not among `in_play`).
    pub out_of_play: &'a HashSet<u32>,
    /// The literals the incremental solver's check assumed (Houdini's tracked candidates
    /// in play): every rung asserts them.
    pub in_play: &'a [Bool<'ctx>],
    pub slicer: &'a mut Slicer,
    /// The constants the VC pins (`products::pinned`).
    pub pinned: &'a HashSet<TermId>,
    pub budget: &'a SolveOptions,
    pub start: Instant,
    /// The effort count when the pass began.
    pub base: u64,
    /// A model with every assumption is a counterexample (the pass does not deny the
    /// tolerance switches, whose denial the incremental solver handles on its own).
    pub may_refute: bool,
    /// The last slice (rung 1) had a model: the check may well be false.
    pub slice_model: bool,
}

impl<'ctx> Ladder<'_, 'ctx> {
    /// A rung's limits: half the check's effort within what is left, half its clock.
    fn rung(&self, limit: Limit, seen: u64) -> Option<(u64, Duration)> {
        let half = Limit {
            effort: limit.effort / 2,
            clock: limit.clock / 2,
        };
        self.within(half, seen)
    }

    /// `limit` within what is left of the budget; `None` when nothing is.
    fn within(&self, limit: Limit, seen: u64) -> Option<(u64, Duration)> {
        let left = self.budget.effort.saturating_sub(seen - self.base);
        let time = self.budget.timeout.saturating_sub(self.start.elapsed());
        let effort = limit.effort.min(left);
        (effort > 0 && !time.is_zero()).then_some((effort, time.min(limit.clock)))
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
        if let Some(answer) = self.sliced(check, cond, negated, limit, seen) {
            return Some(answer);
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

    /// Asks `fresh` (an abstraction of products) again while its models multiply wrong,
    /// each time with the facts that correct them, `refinements` times at most. `None`
    /// when the effort or the clock ran out.
    fn refine(
        &self,
        check: usize,
        fresh: &Solver<'ctx>,
        abs: &Abstraction<'ctx>,
        (pool, refinements): (&Pool, usize),
        seen: &mut u64,
    ) -> Option<SatResult> {
        let kept = self.held.len();
        for _ in 0..=refinements {
            let (effort, time) = pool.left(*seen)?;
            with_limits(self.ctx, fresh, effort, time);
            let t0 = Instant::now();
            let r = fresh.check();
            *seen = (*seen).max(spent(fresh));
            tracing::debug!(check, kept, facts = abs.facts.len(), ?r, took = ?t0.elapsed(), "products retry");
            let wrong = match (r, fresh.get_model()) {
                (SatResult::Sat, Some(model)) => abs.refuted(&model),
                (SatResult::Unknown, _) => return None,
                _ => return Some(r),
            };
            if wrong.is_empty() {
                return Some(SatResult::Sat);
            }
            for fact in &wrong {
                fresh.assert(fact);
            }
        }
        Some(SatResult::Sat)
    }

    /// Rung 0: the check under its slice of the assumptions read over the integers
    /// (`integers.rs`), within a quarter of its limit: the answer when that proves it.
    /// Not while the pass denies the tolerance switches (its assertions about them are not
    /// the VC's terms).
    pub(crate) fn integers(
        &mut self,
        check: usize,
        cond: TermId,
        limit: Limit,
        seen: &mut u64,
    ) -> Option<(SatResult, Solver<'ctx>, Option<Vec<usize>>)> {
        if !self.may_refute {
            return None;
        }
        let quarter = Limit {
            effort: (limit.effort / 4).min(INTEGERS_EFFORT),
            clock: (limit.clock / 4).min(crate::backstop(INTEGERS_EFFORT)),
        };
        let (effort, time) = self.within(quarter, *seen)?;
        let read = Instant::now();
        let part = self.slicer.slice(self.terms, cond);
        let facts: Vec<TermId> = part.iter().map(|&i| self.slicer.held()[i]).collect();
        // Ranges only from what holds in this check: not from the assumption of a candidate
        // out of play (it holds only while its literal does).
        let holding = |i: usize| self.held_by[i].is_none_or(|c| !self.out_of_play.contains(&c));
        let unguarded: Vec<TermId> = (part.iter().zip(&facts))
            .filter(|(&i, _)| holding(i))
            .map(|(_, &t)| t)
            .collect();
        let mut ints = Integers::new(self.ctx, self.terms, &unguarded);
        let fresh = Solver::new(self.ctx);
        for (&i, &t) in part.iter().zip(&facts) {
            let b = ints.boolean(t);
            match self.held_by[i] {
                Some(c) => fresh.assert(&tracking(self.ctx, c).implies(&b)),
                None => fresh.assert(&b),
            }
        }
        for lit in self.in_play {
            fresh.assert(lit);
        }
        fresh.assert(&ints.boolean(cond).not());
        for side in &ints.side {
            fresh.assert(side);
        }
        with_limits(self.ctx, &fresh, effort, time);
        let began = Instant::now();
        let r = fresh.check();
        let used = spent(&fresh);
        *seen = (*seen).max(used);
        let reading = began - read;
        tracing::debug!(check, kept = part.len(), ?r, ?reading, used, took = ?began.elapsed(), "integer retry");
        (r == SatResult::Unsat).then_some((r, fresh, Some(part)))
    }

    /// Rung 1: the check under its slice of the assumptions. The answer when it proved the
    /// check (with the slice, indices into `held`), or when the slice's model extends to
    /// every assumption ([`Ladder::extended`]).
    fn sliced(
        &mut self,
        check: usize,
        cond: TermId,
        negated: &Bool<'ctx>,
        limit: Limit,
        seen: &mut u64,
    ) -> Option<(SatResult, Solver<'ctx>, Option<Vec<usize>>)> {
        let (effort, time) = self.rung(limit, *seen)?;
        let part = self.slicer.slice(self.terms, cond);
        let sliced: Vec<_> = (part.iter().map(|&i| self.held[i].clone()))
            .chain(self.in_play.iter().cloned())
            .collect();
        let fresh = one_shot(self.ctx, self.enc, &sliced, negated, false);
        with_limits(self.ctx, &fresh, effort, time);
        let pool = Pool {
            effort,
            time,
            from: *seen,
            began: Instant::now(),
        };
        let r = fresh.check();
        *seen = (*seen).max(spent(&fresh));
        tracing::debug!(check, kept = part.len(), of = self.held.len(), ?r, took = ?pool.began.elapsed(), "sliced retry");
        self.slice_model = r == SatResult::Sat;
        match r {
            SatResult::Unsat => Some((r, fresh, Some(part))),
            SatResult::Sat if self.may_refute => self.extended(check, fresh, &part, &pool, seen),
            _ => None,
        }
    }

    /// A slice's model is a model of the slice only. The same solver, given the other
    /// assumptions too (those about other constants: often few, and a model of the rest
    /// extends easily), within what is left of the rung: its answer, satisfiable (a
    /// counterexample to the check) or unsatisfiable (a proof with every assumption).
    fn extended(
        &self,
        check: usize,
        fresh: Solver<'ctx>,
        part: &[usize],
        pool: &Pool,
        seen: &mut u64,
    ) -> Option<(SatResult, Solver<'ctx>, Option<Vec<usize>>)> {
        if part.len() == self.held.len() {
            return Some((SatResult::Sat, fresh, None));
        }
        let (effort, time) = pool.left(*seen)?;
        let in_slice: HashSet<usize> = part.iter().copied().collect();
        let rest = (self.held.iter().enumerate()).filter(|(i, _)| !in_slice.contains(i));
        for (_, held) in rest {
            fresh.assert(held);
        }
        with_limits(self.ctx, &fresh, effort, time);
        let r = fresh.check();
        *seen = (*seen).max(spent(&fresh));
        tracing::debug!(check, added = self.held.len() - part.len(), ?r, took = ?pool.began.elapsed(), "slice extended");
        (r != SatResult::Unknown).then_some((r, fresh, None))
    }

    /// For a check with products of two unknowns: every assumption with the products
    /// abstracted (`products.rs`), within the effort of `limit` and [`PRODUCTS_EFFORT`],
    /// its models corrected at most `refinements` times; the solver when it proved the
    /// check (with every assumption).
    pub(crate) fn products(
        &mut self,
        (check, cond): (usize, TermId),
        negated: &Bool<'ctx>,
        (limit, refinements): (Limit, usize),
        seen: &mut u64,
    ) -> Option<Solver<'ctx>> {
        // The whole of the check's limit, not a rung's half: the incremental solver
        // bit-blasts the products, and so does a slice.
        let (effort, time) = self.within(limit, *seen)?;
        let pool = Pool {
            effort: effort.min(PRODUCTS_EFFORT),
            time,
            from: *seen,
            began: Instant::now(),
        };
        // Every assumption: a slice leaves out those about the constants in many of them
        // (the parameters the products multiply).
        let roots: Vec<TermId> = self.slicer.held().iter().copied().chain([cond]).collect();
        let abs = Abstraction::of(self.enc, self.terms, self.pinned, &roots)?;
        let held: Vec<_> = (self.held.iter().map(|h| abs.apply(h)))
            .chain(self.in_play.iter().cloned())
            .chain(abs.facts.iter().cloned())
            .collect();
        let fresh = one_shot(self.ctx, self.enc, &held, &abs.apply(negated), false);
        let proved = self.refine(check, &fresh, &abs, (&pool, refinements), seen)?;
        (proved == SatResult::Unsat).then_some(fresh)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vc::{CmpOp, Sort};
    use z3::Config;

    /// `a < b` for two constants named `a` and `b`.
    fn less(terms: &mut Terms, a: &str, b: &str) -> TermId {
        let a = terms.sym(a.into(), Sort::Bv(32));
        let b = terms.sym(b.into(), Sort::Bv(32));
        terms.cmp(CmpOp::Ult, a, b)
    }

    /// Rung 1 for the check `x < w` (false for some values) after `held`, whose first
    /// assumption is the check's slice; `may_refute` as given.
    fn rung_one(
        terms: &mut Terms,
        held: &[TermId],
        may_refute: bool,
    ) -> Option<(SatResult, Option<Vec<usize>>)> {
        let ctx = Context::new(&Config::new());
        let mut enc = Encoder::new(&ctx);
        let mut slicer = Slicer::default();
        let mut bools = Vec::new();
        for &t in held {
            slicer.hold(t);
            bools.push(enc.bool(terms, t));
        }
        let cond = less(terms, "x", "w");
        let negated = enc.bool(terms, cond).not();
        let budget = SolveOptions::for_time(Duration::from_secs(5));
        let pinned = HashSet::new();
        let mut ladder = Ladder {
            ctx: &ctx,
            enc: &mut enc,
            terms,
            held: &bools,
            held_by: &vec![None; bools.len()],
            out_of_play: &HashSet::new(),
            in_play: &[],
            slicer: &mut slicer,
            pinned: &pinned,
            budget: &budget,
            start: Instant::now(),
            base: 0,
            may_refute,
            slice_model: false,
        };
        let limit = Limit {
            effort: budget.effort,
            clock: budget.timeout,
        };
        let mut seen = 0;
        let answer = ladder.sliced(0, cond, &negated, limit, &mut seen);
        answer.map(|(r, _, part)| (r, part))
    }

    /// Rung 0 for the check `3 * x <u 12` after `x <u 4` held as candidate 0's assumption,
    /// with that candidate in play or not: whether it proved the check.
    fn rung_zero(in_play: bool) -> bool {
        let mut terms = Terms::default();
        let x = terms.sym("x".into(), Sort::Bv(32));
        let four = terms.bv(4, 32);
        let bound = terms.cmp(CmpOp::Ult, x, four);
        let three = terms.bv(3, 32);
        let triple = terms.bv_bin(vc::BvOp::Mul, three, x);
        let twelve = terms.bv(12, 32);
        let cond = terms.cmp(CmpOp::Ult, triple, twelve);
        let ctx = Context::new(&Config::new());
        let mut enc = Encoder::new(&ctx);
        let mut slicer = Slicer::default();
        slicer.hold(bound);
        let bools = [tracking(&ctx, 0).implies(&enc.bool(&terms, bound))];
        let lits = [tracking(&ctx, 0)];
        let out = match in_play {
            true => HashSet::new(),
            false => HashSet::from([0]),
        };
        let budget = SolveOptions::for_time(Duration::from_secs(5));
        let pinned = HashSet::new();
        let mut ladder = Ladder {
            ctx: &ctx,
            enc: &mut enc,
            terms: &terms,
            held: &bools,
            held_by: &[Some(0)],
            out_of_play: &out,
            in_play: if in_play { &lits } else { &[] },
            slicer: &mut slicer,
            pinned: &pinned,
            budget: &budget,
            start: Instant::now(),
            base: 0,
            may_refute: true,
            slice_model: false,
        };
        let limit = Limit {
            effort: budget.effort,
            clock: budget.timeout,
        };
        let proved = ladder.integers(0, cond, limit, &mut 0).is_some();
        proved
    }

    #[test]
    fn a_candidate_bound_proves_over_the_integers_only_while_in_play() {
        assert!(rung_zero(true));
        // Out of play, `x` is any value: `3 * x` wraps, and the candidate's bound must not
        // have narrowed `x`'s range.
        assert!(!rung_zero(false));
    }

    #[test]
    fn a_slice_model_that_extends_to_every_assumption_is_a_counterexample() {
        let mut terms = Terms::default();
        let held = [less(&mut terms, "x", "y"), less(&mut terms, "u", "v")];
        assert_eq!(
            rung_one(&mut terms, &held, true),
            Some((SatResult::Sat, None))
        );
        // Not while the pass denies the tolerance switches.
        assert_eq!(rung_one(&mut terms, &held, false), None);
    }

    #[test]
    fn a_slice_model_that_the_other_assumptions_rule_out_is_a_proof() {
        let mut terms = Terms::default();
        // `u < v` and `v < u`: nothing satisfies every assumption, though the slice
        // (`x < y` alone) has models where `x < w` fails.
        let held = [
            less(&mut terms, "x", "y"),
            less(&mut terms, "u", "v"),
            less(&mut terms, "v", "u"),
        ];
        assert_eq!(
            rung_one(&mut terms, &held, true),
            Some((SatResult::Unsat, None))
        );
    }
}
