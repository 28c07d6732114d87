//! Each check in order on one incremental solver, under the assumptions and checks before
//! it, each within its cap; a check the solver gives up on goes up the retry ladder
//! (`retry.rs`). Once a defect is known, the rest only add reports and share a small
//! budget.
//!
//! In Houdini's rounds the pass tracks the candidates: each candidate has a literal, its
//! hypotheses and proved checks are asserted as implied by it, and each check is asked
//! under the literals of the candidates still in play. A candidate whose check was not
//! proved leaves play (later checks assume nothing of it), and the unsat core of each proof
//! says which candidates it assumed (`houdini.rs` carries a proof over to the next round
//! when all of them are kept). In Houdini's quick pass a candidate's check gets only its
//! little effort on the incremental solver, no retry; in a sliced pass, as little, then its
//! slice: a check the incremental solver does not decide quickly is mostly one its slice
//! proves in 5-300 ms.

use std::collections::{BTreeMap, HashSet};
use std::time::{Duration, Instant};

use z3::ast::{Ast, Bool};
use z3::{Context, SatResult, Solver};

mod ask;
mod foresee;

use ask::First;

use crate::encode::Encoder;
use crate::fresh::new_solver;
use crate::model::{failed, unknown_reason};
use crate::products::Scan;
use crate::retry::Limit;
use crate::slice::Slicer;
use crate::whole::{substituted, turning_on};
use crate::{
    backstop, candidate_index, not_checked, spent, CandidateEffort, Meta, SolveOptions, Status,
    AFTER_DEFECT_BUDGET, AFTER_DEFECT_CAP, AFTER_FAILURE, COPY_FAILED,
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
    /// Track which Houdini candidates each proof assumed (see [`Proofs`]).
    pub track: bool,
    /// A probe (`probe.rs`): the pass stops at the first check not proved (and makes no
    /// retries: `retries` is off).
    pub probe: bool,
    /// A check the incremental solver leaves undecided climbs the retry ladder (`retry.rs`).
    pub retries: bool,
    /// The VC's switches are denied (assumed false), and the `known` checks are assumed in
    /// their relaxed form (switches on), as they were proved; until a check fails only so
    /// (its counterexample, switches turned on, breaks it no more): from then on the
    /// switches are on, and that check is asked again ([`Pass::relaxed`]).
    pub deny: bool,
}

/// What one pass proved and assumed, when it tracked candidates: for each check it
/// proved, the candidates whose assumptions (`Event::Hypothesis`, or their own checks
/// before it) the proof may have used. `None` for a check not proved, or proved with
/// everything assumed.
pub(crate) type Proofs = Vec<Option<Vec<u32>>>;

/// What one pass did.
pub(crate) struct Ran {
    pub statuses: Vec<Status>,
    /// The effort spent.
    pub used: u64,
    pub proofs: Proofs,
    /// The switches were denied (`Selection::deny`) and a check failed only so: the
    /// checks from it on were asked with them on.
    pub switches_on: bool,
    /// Candidate checks refuted by an earlier check's counterexample (`foresee.rs`).
    pub foreseen: usize,
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
    /// The effort count and the time when the first defect was found.
    defect: Option<(u64, Instant)>,
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
    /// With tracking, each candidate's literal: its hypotheses and its proved checks are
    /// asserted as implied by it, and each check assumes the literals of the candidates
    /// still in play.
    lits: Option<BTreeMap<u32, Bool<'ctx>>>,
    /// Candidates a check of this pass did not prove: later checks do not assume them.
    out_of_play: HashSet<u32>,
    /// The candidate behind each assertion of `held` (tracked only).
    held_by: Vec<Option<u32>>,
    proofs: Proofs,
    /// [`Selection::retries`].
    retries: bool,
    /// With the switches denied: each switch with `true`, to turn them on in a term, and
    /// the literal each check assumes while they are denied (they equal its negation).
    switched_on: Option<(Vec<(Bool<'ctx>, Bool<'ctx>)>, Bool<'ctx>)>,
    /// A check failed only with the switches denied: they are on from then on.
    switches_on: bool,
    /// Which checks have products of two unknowns (`products.rs`).
    products: Scan,
    /// Checks their abstraction did not prove: their later copies are not abstracted.
    not_abstracted: Vec<usize>,
    /// [`Selection::keep`].
    keep: &'v dyn Fn(usize) -> bool,
    /// Candidate checks an earlier check's counterexample refuted (`foresee.rs`): not
    /// asked.
    foreseen: HashSet<usize>,
}

fn untried() -> Status {
    Status::Unknown {
        reason: "time limit reached".into(),
    }
}

/// Runs the selected checks of `vc` in order within `budget`.
pub(crate) fn one_by_one<'ctx, M: Meta>(
    vc: &Vc<M>,
    ctx: &'ctx Context,
    enc: &mut Encoder<'ctx>,
    budget: &SolveOptions,
    caps: Caps,
    chosen: Selection<'_>,
) -> Ran {
    let solver = new_solver(ctx, enc);
    let base = spent(&solver);
    let strict = chosen.deny.then(|| Bool::new_const(ctx, "probe!strict"));
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
        lits: chosen.track.then(BTreeMap::new),
        out_of_play: HashSet::new(),
        held_by: Vec::new(),
        proofs: vec![None; vc.checks.len()],
        retries: chosen.retries,
        switched_on: strict.clone().map(|lit| (turning_on(vc, ctx, enc), lit)),
        switches_on: false,
        products: Scan::new(vc),
        not_abstracted: Vec::new(),
        keep: chosen.keep,
        foreseen: HashSet::new(),
    };
    for (at, event) in vc.events.iter().enumerate() {
        match event {
            Event::Assume(t) => match strict.as_ref().filter(|_| vc.is_switch(*t)) {
                // The switch is denied while the literal is assumed.
                Some(lit) => {
                    let off = enc.bool(&vc.terms, *t)._eq(&lit.not());
                    pass.hold_term(off, *t, None);
                }
                None => pass.hold(enc, *t, None),
            },
            Event::Hypothesis { cond, candidate } => pass.hold(enc, *cond, Some(*candidate)),
            Event::Check { cond, check } if (chosen.known)(*check) => {
                let b = enc.bool(&vc.terms, *cond);
                let b = pass.turned_on(&b);
                pass.hold_term(b, *cond, candidate_index(vc, *check));
            }
            Event::Check { check, .. } if !(chosen.keep)(*check) => {}
            Event::Check { cond, check } => {
                if !pass.check(enc, (*check, at), *cond) {
                    break;
                }
                let stop = match &pass.statuses[*check] {
                    // A probe also stops at a failure: it runs `until_failure`.
                    Status::Failed { .. } => chosen.until_failure,
                    Status::Unknown { .. } => chosen.probe,
                    Status::Proved => false,
                };
                if stop {
                    pass.give_up(AFTER_FAILURE);
                    break;
                }
            }
        }
    }
    let used = pass.seen.max(spent(&pass.solver)) - pass.base;
    Ran {
        statuses: pass.statuses,
        used,
        proofs: pass.proofs,
        switches_on: pass.switches_on,
        foreseen: pass.foreseen.len(),
    }
}

/// The literal that tracks candidate `i`: an assumption it guards holds while it does.
pub(crate) fn tracking(ctx: &Context, i: u32) -> Bool<'_> {
    Bool::new_const(ctx, format!("houdini!{i}"))
}

impl<'ctx, M: Meta> Pass<'_, 'ctx, M> {
    /// `t` holds from now on; with tracking, as long as `candidate` (when given) does.
    fn hold(&mut self, enc: &mut Encoder<'ctx>, t: TermId, candidate: Option<u32>) {
        let b = enc.bool(&self.vc.terms, t);
        self.hold_term(b, t, candidate);
    }

    /// [`Pass::hold`] of `t` encoded as `b`.
    fn hold_term(&mut self, b: Bool<'ctx>, t: TermId, candidate: Option<u32>) {
        let (b, by) = match (candidate, &mut self.lits) {
            (Some(i), Some(lits)) => {
                let ctx = self.ctx;
                let lit = lits.entry(i).or_insert_with(|| tracking(ctx, i));
                (lit.implies(&b), Some(i))
            }
            _ => (b, None),
        };
        self.solver.assert(&b);
        self.held.push(b);
        self.held_by.push(by);
        self.slicer.hold(t);
    }

    /// `b` with the VC's switches turned on, when they are denied (else `b`).
    fn turned_on(&self, b: &Bool<'ctx>) -> Bool<'ctx> {
        match &self.switched_on {
            Some((pairs, _)) => substituted(b, pairs),
            None => b.clone(),
        }
    }

    /// Asks the solver for a counterexample to the check asserted last, under the
    /// candidates `in_play` and, while they are denied, the switches' literal.
    fn ask(&self, in_play: &[Bool<'ctx>]) -> SatResult {
        let mut assumptions = in_play.to_vec();
        if let Some((_, strict)) = &self.switched_on {
            // Once on, the switches must be assumed on: left free, a counterexample could
            // deny them again and break only the strict form of the check.
            assumptions.push(match self.switches_on {
                false => strict.clone(),
                true => strict.not(),
            });
        }
        if assumptions.is_empty() && self.lits.is_none() {
            self.solver.check()
        } else {
            self.solver.check_assumptions(&assumptions)
        }
    }

    /// After `ask` found a counterexample to check `b` with the switches denied: when the
    /// counterexample with them on no longer breaks it, the switches are on from now on
    /// and the check is asked again. (They occur in no assumption but their own, and a
    /// check that holds with them off holds with them on: the counterexample with them on
    /// satisfies everything before the check.)
    fn relaxed(&mut self, b: &Bool<'ctx>, in_play: &[Bool<'ctx>]) -> SatResult {
        if self.switched_on.is_none() || self.switches_on {
            return SatResult::Sat;
        }
        let on = self.turned_on(b);
        let breaks = (self.solver.get_model())
            .and_then(|m| m.eval(&on, true))
            .and_then(|v| v.as_bool());
        if breaks == Some(false) {
            return SatResult::Sat;
        }
        self.switches_on = true;
        self.ask(in_play)
    }

    /// The literals of the candidates still in play (tracked only).
    fn in_play(&self) -> Vec<Bool<'ctx>> {
        let Some(lits) = &self.lits else {
            return Vec::new();
        };
        (lits.iter())
            .filter(|(i, _)| !self.out_of_play.contains(i))
            .map(|(_, l)| l.clone())
            .collect()
    }

    /// The candidates of the literals in `core`.
    fn candidates_of(&self, core: &[Bool<'ctx>]) -> Vec<u32> {
        let Some(lits) = &self.lits else {
            return Vec::new();
        };
        let mut out: Vec<u32> = (lits.iter())
            .filter(|(_, l)| core.contains(l))
            .map(|(i, _)| *i)
            .collect();
        out.sort_unstable();
        out
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

    /// Whether check `check` is one of `checks` or a copy of one (a later iteration of an
    /// unrolled loop).
    fn is_copy_of(&self, check: usize, checks: &[usize]) -> bool {
        let meta = &self.vc.checks[check].meta;
        checks.iter().any(|&c| self.vc.checks[c].meta == *meta)
    }

    /// Why check `check` (a copy of an earlier one) is not run, if it is not.
    fn copy_not_run(&self, check: usize, candidate: Option<u32>) -> Option<&'static str> {
        if candidate.is_some() {
            None
        } else if self.is_copy_of(check, &self.failed) {
            Some(COPY_FAILED)
        } else if self.is_copy_of(check, &self.undecided) {
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
        if let Some((at, _)) = self.defect {
            let rest = AFTER_DEFECT_BUDGET.saturating_sub(used - at);
            if rest == 0 || self.after_defect_clock().is_some_and(|c| c.is_zero()) {
                // What is still "time limit reached" was never tried.
                self.give_up(AFTER_DEFECT);
                return None;
            }
            effort = effort.min(rest);
        }
        (effort > 0).then_some(effort)
    }

    /// The clock left for the checks after a defect (`None` before one): twice the time
    /// their shared effort stands for, the backstop every cap has (Z3 counts some work,
    /// such as deep copies of race checks in an unrolled loop, far below the usual rate).
    fn after_defect_clock(&self) -> Option<Duration> {
        let (_, when) = self.defect?;
        Some(backstop(AFTER_DEFECT_BUDGET).saturating_sub(when.elapsed()))
    }

    /// Runs check `check` (condition `cond`, at event `event`); false when the pass must
    /// stop.
    fn check(
        &mut self,
        enc: &mut Encoder<'ctx>,
        (check, event): (usize, usize),
        cond: TermId,
    ) -> bool {
        if self.foreseen.contains(&check) {
            return true;
        }
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
            self.hold(enc, cond, None);
            return true;
        }
        // The budget, read only where a check would spend it.
        let mut time = self.budget.timeout.saturating_sub(self.start.elapsed());
        if let Some(left) = self.after_defect_clock() {
            time = time.min(left);
        }
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
        let limit = Limit {
            effort: effort.min(cap),
            clock: backstop(effort.min(cap)),
        };
        let quick = candidate.is_some() && self.caps.candidate != CandidateEffort::Full;
        let negated = b.not();
        self.solver.assert(&negated);
        let in_play = self.in_play();
        let began = Instant::now();
        // A quick pass's candidate is not retried: on the corpus's largest loop nests its
        // slice and the slice's extension cost more than the rest of the round (they
        // decided 3 of syr2k's 15 and took 11 s of its 26 s); a sliced pass tries the
        // slices of what the quick pass left undecided.
        let unretried = candidate.is_some() && self.caps.candidate == CandidateEffort::Quick;
        let retry = self.defect.is_none() && self.retries && !unretried;
        let integers = self.defect.is_none() && !unretried;
        let first = First {
            check,
            cond,
            negated: &negated,
            limit,
            time,
            quick,
            retry,
            integers,
        };
        let (mut asked, mut answered) = self.first_try(enc, &b, &in_play, first);
        tracing::trace!(check, took = ?began.elapsed(), result = ?asked.result, "incremental");
        if asked.result == SatResult::Unknown && retry && answered.is_none() {
            let at = (check, cond, &negated);
            answered = self.climb(enc, &in_play, at, (limit, quick), &mut asked);
        }
        let result = asked.result;
        let assumed = asked.assumed;
        let last = answered.as_ref().unwrap_or(&self.solver);
        self.statuses[check] = match result {
            SatResult::Unsat => Status::Proved,
            SatResult::Sat => failed(self.vc, check, last, enc),
            SatResult::Unknown => Status::Unknown {
                reason: unknown_reason(last, began.elapsed() >= time),
            },
        };
        // Not a retry's counterexample: it satisfies only a part of what is held.
        if result == SatResult::Sat && answered.is_none() {
            self.foresee_after(enc, check, event);
        }
        self.solver.pop(1);
        self.seen = self.seen.max(spent(&self.solver));
        if self.statuses[check] == Status::Proved {
            self.proofs[check] = assumed;
        }
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
                self.defect
                    .get_or_insert((self.seen - self.base, Instant::now()));
                self.failed.push(check);
            }
            None if unproved && self.defect.is_some() => self.undecided.push(check),
            _ => {}
        }
        // A Houdini candidate that failed is dropped: later checks must not assume it, or
        // each round could refute only the first of a chain (with tracking, not its
        // hypotheses either).
        match candidate {
            Some(i) if unproved => {
                self.out_of_play.insert(i);
            }
            _ => self.hold_term(b, cond, candidate),
        }
    }
}
