//! How a kernel's two-thread program is solved within its budget.
//!
//! 1. Without loops, one solve of the program decides. With loops, unrolling is tried
//!    first: when every loop provably ends within the bound, the unrolled program is exact
//!    (a large one is solved check by check, without the one query first). When a bound
//!    fails, the unrolled program's checks get a little effort to show a defect of the
//!    first iterations before Houdini's rounds (step 1b, `strategy/early.rs`).
//! 2. Otherwise loops are cut with invariants: the user's, and the candidates Houdini keeps
//!    in a quick pass that gives each candidate little effort.
//!    If they do not settle the kernel and every loop's trip count folds to a constant
//!    within `DEEP_UNROLL` iterations, the completely unrolled program (exact) is solved;
//!    when it is left undecided, a check of the cut program that it proved at every copy
//!    counts as proved.
//!    When they show defects, the failed checks are replayed: an execution that confirms one
//!    settles the kernel; failing that, the cut program with only the control candidates
//!    gets a little effort and its failures are replayed too (`strategy/early.rs`). Otherwise, when the quick pass dropped candidates undecided, a
//!    sliced pass tries them again, each with its slice (the quick pass gives a candidate
//!    0.2 s on the incremental solver and nothing more).
//! 3. If that does not settle the kernel, a concrete (unrolled) execution is searched for a
//!    defect (with every loop one copy deeper when a bound failed, `unrolled.rs`), at the
//!    sites the cut program did not prove (when Houdini converged, its proofs hold for
//!    every iteration count); failing one, Houdini's full pass retries the candidates the
//!    quick pass left undecided, with more effort. While that pass is to come the search
//!    takes at most `SEARCH_BEFORE_FULL`; when the pass leaves defects, the checks the
//!    search left undecided get what is left.
//! 4. When the cut program ran out of effort without a failed check, its undecided checks
//!    get the rest of the budget.
//! 5. When the cut program's defects are possibly spurious and step 1 did not decide
//!    whether unrolling covers every iteration (no bound failed), the unrolled program gets
//!    the rest of the budget: proved bounds make it exact; bounds still undecided make the
//!    verdict inconclusive (a defect is never claimed for want of budget).
//!
//! Under `--warp-sync` the coarse memory model (every read arbitrary) is solved first; only
//! when it does not prove the kernel is the precise one solved, with the time left.

use std::time::{Duration, Instant};

use kir::AssertOrigin;
use vcgen::{LoopMode, SharedMemory, Vc, VcOptions};

use crate::budget::Budget;
use crate::inferred::{candidates, Inferred};
use crate::replay::{Replay, Witnessed};
use crate::unrolled::{
    bound_failed, bound_statuses, exact_or_undecided, search_program, search_unproved, unwind,
};
use crate::verdict::{verdict_of, Verdict};
use crate::{KernelRun, Options, StageError, Stats};
use deep::{adopt_proofs, solve_deep};

/// At most this much effort deciding whether unrolling covers every loop iteration...
const UNROLL_DECISION_CAP: Duration = Duration::from_secs(10);

/// ...and this much for one loop's bound (no retries). On the real kernels a bound is
/// proved or refuted within 0.6 s of effort, or not at all: a tree walk's bound ran out of
/// 4.5 s undecided, 6-8 s of wall time.
const BOUND_CHECK_CAP: Duration = Duration::from_secs(1);

/// While Houdini's full pass is still to come, the concrete search takes at most this
/// much effort before it (at `--timeout 30` its 40% share is less); when that pass leaves
/// defects, the checks the search left undecided (for want of this cap or of its share)
/// get what is left. At `--timeout 180` a row-segment kernel's search took 37 s without a
/// defect before the full pass proved the kernel in 1.3 s.
const SEARCH_BEFORE_FULL: Duration = Duration::from_secs(12);

/// An exact unrolled program (step 1) with more terms than this is solved check by check,
/// without the one query over every check first (as the deeper unrolled program of step 2
/// always is): on `image/gaussian_local_pass.cl`'s 16,711 terms and 303 checks that query
/// ran out of its half of the budget (Z3 overran its 15 s by 5 s) before the checks one by
/// one took 9-13 s; without it the kernel is verified in 20 s instead of being inconclusive
/// at 30.5 s. No other kernel of the real corpus or the suite changed its verdict or time
/// beyond noise (one run each).
const EXACT_ONE_BY_ONE_TERMS: usize = 10_000;

/// The share of the budget left that the undecided checks of a cut program take when
/// Houdini converged and nothing failed (step 2a).
const RESOLVE_SHARE: u64 = 70;

/// `vc` with the equalities and bounds its preconditions imply stated on their own
/// ([`smt::state_implied`]): a `__requires(n == 1024 && m == 512)` pins both.
pub(crate) fn stated(mut vc: Vc) -> Vc {
    let added = smt::state_implied(&mut vc);
    if added > 0 {
        tracing::debug!(added, "equalities and bounds the preconditions imply");
    }
    vc
}

/// Solves the two-thread program `tt` of kernel `name`.
/// `lifted`: the kernel as lifted, which replays run (`replay.rs`).
pub fn solve(
    tt: lockstep::TwoThread,
    lifted: &kir::Kernel,
    name: &str,
    opts: &Options,
    axioms: &axioms::Axioms,
) -> Result<KernelRun, StageError> {
    let w = Witnessed {
        lifted,
        two_thread: &tt,
        cut: true,
        axioms: !axioms.is_empty(),
    };
    let solved = match opts.vc.shared {
        // Under warps, the adversarial model (every read of shared memory arbitrary) is
        // coarser and much cheaper for Z3: when it proves the kernel, so would the precise
        // one. Only otherwise is the precise model solved, with the time that is left.
        SharedMemory::Warps => {
            let start = Instant::now();
            let coarse = VcOptions {
                shared: SharedMemory::Adversarial,
                ..opts.vc
            };
            let first = solve_model((&tt, &w), name, opts, (coarse, opts.timeout / 2), axioms)?;
            if first.verdict == Verdict::Verified {
                first
            } else {
                let left = opts.timeout.saturating_sub(start.elapsed());
                let mut precise = solve_model((&tt, &w), name, opts, (opts.vc, left), axioms)?;
                precise.solver += first.solver;
                precise
            }
        }
        _ => solve_model((&tt, &w), name, opts, (opts.vc, opts.timeout), axioms)?,
    };
    let stats = Stats {
        vc_terms: solved.vc.terms.len(),
        vc_checks: solved.vc.checks.len(),
        solver_seconds: solved.solver.as_secs_f64(),
        ..Stats::default()
    };
    Ok(KernelRun {
        stats,
        assumptions: tt.assumptions.clone(),
        two_thread: tt,
        vc: solved.vc,
        outcome: solved.outcome,
        cut: solved.cut,
        memory: solved.memory,
        verdict: solved.verdict,
        inferred: solved.inferred,
        races_only_on: None,
        only_intra_group: false,
        tolerances: None,
        replays: solved.replays,
        weakened: solved.weakened,
    })
}

/// One solve's result: the VC whose statuses decide, and what Houdini kept.
struct Solved {
    vc: Vc,
    outcome: smt::Outcome,
    cut: bool,
    memory: SharedMemory,
    verdict: Verdict,
    inferred: Option<Inferred>,
    /// Time in the solver, over every solve of this memory model.
    solver: Duration,
    /// The replays of the failed checks, when they were run before the verdict (step 2c).
    replays: Vec<Option<Replay>>,
    /// The cut program's invariants are weaker than Houdini's fixpoint for want of time
    /// ([`KernelRun::weakened`]).
    weakened: bool,
}

impl Solved {
    fn new(vc: Vc, outcome: smt::Outcome, cut: bool, memory: SharedMemory) -> Solved {
        let verdict = verdict_of(&vc, &outcome);
        Solved {
            vc,
            outcome,
            cut,
            memory,
            verdict,
            inferred: None,
            solver: Duration::ZERO,
            replays: Vec::new(),
            weakened: false,
        }
    }

    /// With the solver time `budget` counted.
    fn timed(mut self, budget: &Budget) -> Solved {
        self.solver = budget.solver_time();
        self
    }

    /// Its failures may be owed to the time the solver had: candidates dropped undecided, a
    /// pass that did not converge, or an exact (completely unrolled) program that left the
    /// failed checks undecided ([`KernelRun::weakened`]).
    fn weakened(mut self, weakened: bool) -> Solved {
        self.weakened = weakened;
        self
    }

    /// With Houdini's `candidates` and which of them it kept.
    fn inferring(mut self, candidates: Vec<vcgen::Invariant>, kept: Vec<bool>) -> Solved {
        self.inferred = Some(Inferred { candidates, kept });
        self
    }
}

/// Steps 1-4 for one memory model and time budget.
fn solve_model(
    (tt, w): (&lockstep::TwoThread, &Witnessed),
    name: &str,
    opts: &Options,
    (model, timeout): (VcOptions, Duration),
    axioms: &axioms::Axioms,
) -> Result<Solved, StageError> {
    let mut budget = Budget::new(timeout, axioms);
    let vc = stated(vcgen::generate(tt, &model)?);
    // A parameter the preconditions pin (`__requires(n == 1024)`) is written as its value
    // from here on: its products fold to constants, and so do the strides the candidates
    // are made of (`pinned.rs`; the copy is exact for every execution verified).
    let pinned = crate::pinned::with_pinned(tt, &crate::pinned::pinned(&vc));
    let (tt, vc) = match &pinned {
        Some(p) => (p, stated(vcgen::generate(p, &model)?)),
        None => (tt, vc),
    };
    if !axioms.is_empty() {
        smt::check_axioms(&vc, axioms)?;
    }
    tracing::info!(
        kernel = name,
        checks = vc.checks.len(),
        terms = vc.terms.len(),
        "vc built"
    );
    let has_loops = vc.checks.iter().any(unwind);
    // The user's loop invariants must be inductive (as GPUVerify checks them), which only
    // the cut program shows: kernels with them always go through step 2. (`--no-infer`
    // still cuts loops, with the user's invariants and the structural candidates.)
    let user_invariants = has_user_invariants(&tt.kernel);
    if !user_invariants && !has_loops {
        let outcome = smt::solve(&vc, &budget.share(100));
        budget.spend(&outcome);
        return Ok(Solved::new(vc, outcome, false, model.shared).timed(&budget));
    }
    // 1. Does unrolling cover every iteration? Then the unrolled program is exact. A loop
    // that ends within the bound usually shows it quickly (its trip count folds); one
    // whose count depends on inputs makes this check fail slowly, so it gets little effort,
    // one check at a time (they often fail, and one query over all of them is then wasted),
    // up to the first that fails: that one settles the question.
    if !user_invariants {
        let mut share = budget.share(15);
        share.effort = share.effort.min(smt::units(UNROLL_DECISION_CAP));
        let bounds = smt::solve_until_failure(&vc, &share, &unwind, smt::units(BOUND_CHECK_CAP));
        budget.spend(&bounds);
        let count =
            |f: fn(&smt::Status) -> bool| bound_statuses(&vc, &bounds).filter(|s| f(s)).count();
        // Bounds left untried after a failed one do not count as undecided.
        let undecided = |s: &smt::Status| match s {
            smt::Status::Unknown { reason } => reason != smt::AFTER_FAILURE,
            _ => false,
        };
        tracing::info!(
            kernel = name,
            proved = count(|s| *s == smt::Status::Proved),
            failed = count(|s| matches!(s, smt::Status::Failed { .. })),
            undecided = count(undecided),
            used = bounds.used,
            elapsed = ?bounds.elapsed,
            "unrolling bounds"
        );
        if !loops_undecided(&vc, &bounds) {
            let outcome = if vc.terms.len() > EXACT_ONE_BY_ONE_TERMS {
                smt::solve_each(&vc, &budget.share(100), &|_| true)
            } else {
                smt::solve(&vc, &budget.share(100))
            };
            budget.spend(&outcome);
            return Ok(Solved::new(vc, outcome, false, model.shared).timed(&budget));
        }
        return cut_loops((tt, w), name, opts, (model, vc, Some(bounds)), budget);
    }
    cut_loops((tt, w), name, opts, (model, vc, None), budget)
}

/// Steps 2-5: the cut program, with the unrolled `vc` searched for a concrete defect.
/// `bounds`: step 1's statuses of `vc`'s unrolling bounds; `None` when the kernel states
/// loop invariants (which only the cut checks: step 1 did not run).
fn cut_loops(
    (tt, w): (&lockstep::TwoThread, &Witnessed),
    name: &str,
    opts: &Options,
    (model, vc, bounds): (VcOptions, Vc, Option<smt::Outcome>),
    mut budget: Budget,
) -> Result<Solved, StageError> {
    let user_invariants = bounds.is_none();
    // 1b. A defect of the first iterations, before Houdini's rounds.
    if bounds.as_ref().is_some_and(|b| bound_failed(&vc, b)) {
        if let Some(solved) = early::unrolled_defect(&vc, model.shared, &mut budget) {
            return Ok(solved.timed(&budget));
        }
    }
    // 2. Cut the loops with the user's invariants and those Houdini infers.
    let candidates = candidates(tt, opts.infer, opts.asymmetric_asserts);
    crate::inferred::trace(tt, &candidates);
    let cut_opts = VcOptions {
        loops: LoopMode::Cut,
        ..model
    };
    let program = (tt, &cut_opts, candidates.as_slice());
    let houdini = |effort, from: Option<&Cut>, budget: &mut Budget, percent| {
        houdini_pass(program, name, (effort, from), budget, percent)
    };
    // Little effort per candidate first; more only when that is not enough and no
    // concrete defect explains the failure. The quick pass gets three quarters of the
    // budget, its first round at most two thirds of that (`smt::houdini_with`).
    let mut h = houdini(smt::CandidateEffort::Quick, None, &mut budget, 75)?;
    let mut cut = resolve_converged(&mut h, &mut budget);
    if cut == Verdict::Defects && !settled(cut, &h) {
        if let Some(replays) = early::confirmed(w, (&h.vc, &h.outcome), &budget) {
            let mut solved =
                Solved::new(h.vc, h.outcome, true, model.shared).inferring(candidates, h.kept);
            solved.replays = replays;
            return Ok(solved.timed(&budget));
        }
    }
    if !settled(cut, &h) && !h.converged {
        // 2c, when the quick pass ran out of its share: a defect under its candidates.
        if let Some(solved) = early::confirmed_unconverged((w, model.shared), &h, &mut budget) {
            return Ok(solved.inferring(candidates, h.kept).timed(&budget));
        }
    }
    if !settled(cut, &h) && opts.infer {
        // 2e. The failures under few candidates, replayed.
        let control = crate::inferred::candidates(tt, false, opts.asymmetric_asserts);
        let probe = (tt, w, model.shared);
        if let Some(s) = early::confirmed_by_control(probe, &cut_opts, control, &mut budget)? {
            return Ok(s.timed(&budget));
        }
    }
    if !settled(cut, &h) && h.undecided {
        // 2d. What the quick pass left undecided, tried again with the checks' slices.
        h = houdini(smt::CandidateEffort::Sliced, Some(&h), &mut budget, 50)?;
        cut = resolve_converged(&mut h, &mut budget);
    }
    let mut deep = None;
    if !settled(cut, &h) && !user_invariants {
        if let Some((dvc, outcome)) = solve_deep(tt, name, &model, &vc, &mut budget) {
            if verdict_of(&dvc, &outcome) != Verdict::Inconclusive {
                return Ok(Solved::new(dvc, outcome, false, model.shared).timed(&budget));
            }
            adopt_proofs(&h.vc, &mut h.outcome, (&dvc, &outcome));
            cut = verdict_of(&h.vc, &h.outcome);
            deep = Some((dvc, outcome));
        }
    }
    let (mut unrolled, mut searched) = (None, None);
    if !settled(cut, &h) {
        // 3. Look for a defect a concrete (unrolled) execution shows. The cut program
        // failed, so this one may well fail too: no one-query fast path. Only defects are
        // looked for, not whether the unrolling covers every iteration: step 1 asked that
        // (it did not), or the kernel has user invariants, which only the cut program
        // checks.
        let percent = if h.undecided { 40 } else { 100 };
        searched = search_program(tt, &model, &vc, bounds.as_ref())?;
        let explored = searched.as_ref().unwrap_or(&vc);
        let cut_proofs = h.converged.then_some((&h.vc, &h.outcome));
        let mut share = budget.share(percent);
        if h.undecided {
            share.effort = share.effort.min(smt::units(SEARCH_BEFORE_FULL));
        }
        let mut concrete = search_unproved(explored, cut_proofs, &share);
        budget.spend(&concrete);
        let mut found = verdict_of(explored, &concrete) == Verdict::Defects;
        if !found && h.undecided {
            // The quick pass's fixpoint stays proved: only what it dropped undecided is
            // tried again, with more effort.
            h = houdini(smt::CandidateEffort::Full, Some(&h), &mut budget, 100)?;
            if let Some((dvc, outcome)) = &deep {
                adopt_proofs(&h.vc, &mut h.outcome, (dvc, outcome));
            }
            cut = verdict_of(&h.vc, &h.outcome);
            if cut == Verdict::Defects && !settled(cut, &h) {
                // Its defects may be spurious: the rest of the concrete search.
                let again = smt::resolve(explored, &budget.share(100), &concrete);
                budget.spend(&again);
                concrete = again;
                found = verdict_of(explored, &concrete) == Verdict::Defects;
            }
        }
        if !found && cut == Verdict::Inconclusive && !failed_any(&h.outcome) {
            // 4. The cut program ran out of effort, not of invariants (no check failed),
            // and the concrete search left some: its undecided checks get the rest.
            let again = smt::resolve(&h.vc, &budget.share(100), &h.outcome);
            budget.spend(&again);
            h.outcome = again;
            cut = verdict_of(&h.vc, &h.outcome);
        }
        // A concrete defect first; else the cut program's account (what it could not
        // prove, or its possibly spurious defects).
        if !settled(cut, &h) && found {
            unrolled = Some(concrete);
        } else if cut == Verdict::Defects && !settled(cut, &h) {
            // 5. Possibly spurious defects stand only when the unrolled program cannot
            // decide instead (a loop provably runs longer than unrolled).
            if let Some(bounds) = bounds.as_ref().filter(|b| !bound_failed(&vc, b)) {
                let again = exact_or_undecided(&vc, bounds, &concrete, &mut budget);
                if !bound_failed(&vc, &again) {
                    unrolled = Some(again);
                }
            }
        }
    }
    // The concrete search's program, or (step 5) the one of step 1; else the cut program's,
    // whose failures may be owed to the solver's time ([`KernelRun::weakened`]).
    let weakened = h.undecided || !h.converged || deep.is_some();
    let solved = match unrolled {
        Some(concrete) => Solved::new(searched.unwrap_or(vc), concrete, false, model.shared),
        None => Solved::new(h.vc, h.outcome, true, model.shared).weakened(weakened),
    };
    Ok(solved.inferring(candidates, h.kept).timed(&budget))
}

/// A Houdini pass over the cut program.
type Cut = smt::Houdini<vcgen::CheckOrigin>;

/// The cut program's verdict stands: it is verified, or a user's invariant failed.
fn settled(verdict: Verdict, h: &Cut) -> bool {
    verdict == Verdict::Verified || user_invariant_failed(&h.vc, &h.outcome)
}

/// A Houdini pass over the cut program with `effort` per candidate, from scratch or
/// resuming an earlier pass `from` (whose refutations stand), within `percent` of what is
/// left of the budget.
fn houdini_pass(
    (tt, cut_opts, candidates): (&lockstep::TwoThread, &VcOptions, &[vcgen::Invariant]),
    name: &str,
    (effort, from): (smt::CandidateEffort, Option<&Cut>),
    budget: &mut Budget,
    percent: u64,
) -> Result<Cut, StageError> {
    let mut h = smt::houdini_with(
        candidates.len(),
        |kept| vcgen::generate_kept(tt, cut_opts, candidates, kept).map(stated),
        &budget.share(percent),
        effort,
        from.map(resumed),
    )?;
    budget.spend(&h.outcome);
    tracing::info!(
        kernel = name,
        ?effort,
        rounds = h.rounds,
        kept = h.kept.iter().filter(|k| **k).count(),
        candidates = candidates.len(),
        "houdini"
    );
    // Candidates the earlier pass refuted stay refuted (this one did not try them).
    for (r, before) in h
        .refuted
        .iter_mut()
        .zip(from.iter().flat_map(|f| &f.refuted))
    {
        *r |= *before;
    }
    Ok(h)
}

/// Where a Houdini pass that gives the candidates more effort starts from `h`: every
/// candidate `h` did not refute, with `h`'s fixpoint (when it reached one) proved.
fn resumed(h: &Cut) -> smt::Start {
    smt::Start {
        kept: h.refuted.iter().map(|r| !r).collect(),
        inductive: match h.converged {
            true => h.kept.clone(),
            false => vec![false; h.kept.len()],
        },
    }
}

/// Step 2a: Houdini found its invariants and no check failed under them, so the checks
/// only ran out of effort in the quick pass's share: they get most of what is left before
/// anything else is tried (unrolling deeper, a concrete search, Houdini's full pass), which
/// would spend it on a program that is already nearly proved. The cut program's verdict.
fn resolve_converged(h: &mut Cut, budget: &mut Budget) -> Verdict {
    let cut = verdict_of(&h.vc, &h.outcome);
    if cut != Verdict::Inconclusive || !h.converged || failed_any(&h.outcome) {
        return cut;
    }
    let again = smt::resolve(&h.vc, &budget.share(RESOLVE_SHARE), &h.outcome);
    budget.spend(&again);
    h.outcome = again;
    verdict_of(&h.vc, &h.outcome)
}

/// Whether the kernel states loop invariants (`__invariant`, `__global_invariant`,
/// `__function_wide_invariant`).
fn has_user_invariants(k: &kir::Kernel) -> bool {
    k.laid_out().any(|(_, data)| {
        data.stmts.iter().any(|s| {
            matches!(
                s.stmt,
                kir::Stmt::Assert {
                    origin: AssertOrigin::LoopInvariant { .. },
                    ..
                }
            )
        })
    })
}

/// Whether a user loop invariant was shown not to hold on entry or not to be preserved
/// (an error in itself, as in GPUVerify, whatever unrolling says).
fn user_invariant_failed(vc: &Vc, outcome: &smt::Outcome) -> bool {
    vc.checks.iter().zip(&outcome.statuses).any(|(c, st)| {
        matches!(c.meta.origin, AssertOrigin::LoopInvariant { .. })
            && matches!(st, smt::Status::Failed { .. })
    })
}

/// Whether some check of `outcome` failed.
fn failed_any(outcome: &smt::Outcome) -> bool {
    outcome
        .statuses
        .iter()
        .any(|s| matches!(s, smt::Status::Failed { .. }))
}

/// Whether some loop may run longer than it was unrolled (the unrolling bound check failed
/// or was not decided).
fn loops_undecided(vc: &Vc, outcome: &smt::Outcome) -> bool {
    bound_statuses(vc, outcome).any(|st| *st != smt::Status::Proved)
}

mod deep;
mod early;

#[cfg(test)]
#[path = "strategy_tests.rs"]
mod tests;
