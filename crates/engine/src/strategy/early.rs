//! Step 1b: the unrolled program searched briefly for a defect before Houdini. Step 2c: a
//! cut program's defects replayed before anything else is tried (`replay.rs`).
//! A defect an execution confirms is a defect whatever the loop invariants, so the kernel
//! is settled: a twin's concrete search and Houdini's full pass took 25-30 s after the
//! quick pass had found the defect in 0.3 s.

use std::time::{Duration, Instant};

use vcgen::{CheckKind, SharedMemory, Vc, VcOptions};

use super::{failed_any, stated, Cut, Solved};
use crate::budget::Budget;
use crate::replay::{self, Replay, Witnessed};
use crate::unrolled::search_unproved;
use crate::verdict::{verdict_of, Verdict};
use crate::StageError;

/// The most effort the unrolled program's search for a defect gets before Houdini (step 1b).
const UNROLLED_PROBE: Duration = Duration::from_millis(300);

/// The share of the budget left that step 1b may take, if less than [`UNROLLED_PROBE`].
const UNROLLED_SHARE: u64 = 5;

/// The most time the replays of a cut program's defects take before the verdict; the
/// replays after it have `replay.rs`'s budget.
const EARLY_REPLAY: Duration = Duration::from_secs(1);

/// The share of the budget left that the search for a defect under the kept candidates of
/// a quick pass that did not converge gets.
const UNCONVERGED_SHARE: u64 = 40;

/// The most effort the cut program with only the control candidates gets (step 2e).
const CONTROL_PROBE: Duration = Duration::from_secs(2);

/// The share of the budget left that step 2e may take, if less than [`CONTROL_PROBE`].
const CONTROL_SHARE: u64 = 10;

/// Step 1b, when unrolling does not cover every iteration: the unrolled program `vc`'s
/// checks searched for a defect within [`UNROLLED_PROBE`] of effort. A check that fails
/// there fails in an execution of the first iterations (the unrolled program blocks the
/// longer ones), whatever the loop invariants: the verdict, as step 3's search would give
/// it, without Houdini's rounds first. Those rounds can take most of the budget on a twin
/// and steer its counterexamples to loop states no execution reaches, while an off-by-one
/// guard or a missing barrier usually shows in the first iterations (CUDA recursive
/// Gaussian's twin, a column past the image's width: inconclusive at 30 s after a 17-20 s
/// quick pass, reported in 0.9 s with this search). On a race-free kernel the search
/// proves nothing that counts and costs at most its effort.
pub(super) fn unrolled_defect(
    vc: &Vc,
    shared: SharedMemory,
    budget: &mut Budget,
) -> Option<Solved> {
    let mut share = budget.share(UNROLLED_SHARE);
    share.effort = share.effort.min(smt::units(UNROLLED_PROBE));
    let outcome = search_unproved(vc, None, &share);
    budget.spend(&outcome);
    let found = verdict_of(vc, &outcome) == Verdict::Defects;
    tracing::info!(found, used = outcome.used, took = ?outcome.elapsed, "unrolled program searched for a defect");
    found.then(|| Solved::new(vc.clone(), outcome, false, shared))
}

/// Step 2e, when the quick pass's failures were not confirmed: the cut program again with
/// only the control candidates (where the threads are at a loop head, which values they
/// share: what `--no-infer` keeps), within [`CONTROL_PROBE`], its failures replayed. Many
/// candidates about data can make Houdini's first rounds take most of the budget and steer
/// the counterexamples to loop states no execution reaches; a classic off-by-one or missing
/// barrier usually shows in the first iteration, which the control candidates leave open.
/// (CUDA recursive Gaussian's twin: its quick pass took 17 s and its failures were not
/// confirmed; with the control candidates its race is confirmed in 0.5 s.) Returns the
/// cut program with those candidates and the replays, when one confirms a defect: a
/// defect an execution confirms is one whatever the invariants.
pub(super) fn confirmed_by_control(
    (tt, w, shared): (&lockstep::TwoThread, &Witnessed, SharedMemory),
    cut_opts: &VcOptions,
    candidates: Vec<vcgen::Invariant>,
    budget: &mut Budget,
) -> Result<Option<Solved>, StageError> {
    let mut share = budget.share(CONTROL_SHARE);
    share.effort = share.effort.min(smt::units(CONTROL_PROBE));
    let h = smt::houdini_with(
        candidates.len(),
        |kept| vcgen::generate_kept(tt, cut_opts, &candidates, kept).map(stated),
        &share,
        smt::CandidateEffort::Quick,
        None,
    )?;
    budget.spend(&h.outcome);
    tracing::info!(
        rounds = h.rounds,
        failed = failed_any(&h.outcome),
        used = h.outcome.used,
        "cut program with the control candidates"
    );
    if !failed_any(&h.outcome) {
        return Ok(None);
    }
    let Some(replays) = confirmed(w, (&h.vc, &h.outcome), budget) else {
        return Ok(None);
    };
    let mut solved = Solved::new(h.vc, h.outcome, true, shared).inferring(candidates, h.kept);
    solved.replays = replays;
    Ok(Some(solved))
}

/// The failed checks of `outcome` (of the cut program `vc`) replayed within
/// [`EARLY_REPLAY`]: the replays, when one confirms a defect.
pub(super) fn confirmed(
    w: &Witnessed,
    (vc, outcome): (&vcgen::Vc, &smt::Outcome),
    budget: &Budget,
) -> Option<Vec<Option<Replay>>> {
    let time = budget.share(100).timeout.min(EARLY_REPLAY);
    let began = Instant::now();
    let replays = replay::replay_all(w, vc, outcome, time);
    let confirmed = replay::any_confirmed(&replays);
    for (check, r) in replays.iter().enumerate() {
        if let Some(r) = r {
            let at = vc.checks[check].meta.loc.map(|l| l.line);
            let origin = &vc.checks[check].meta.origin;
            tracing::debug!(check, ?origin, ?at, message = r.message, "replayed");
        }
    }
    tracing::info!(confirmed, took = ?began.elapsed(), "cut program's defects replayed");
    confirmed.then_some(replays)
}

/// When the quick pass ran out of its share before its fixpoint: its kept candidates need
/// not be inductive, so a check failing under them shows nothing, but a failure an
/// execution confirms is a defect whatever the invariants. The failures under them (the
/// candidates assumed, within a share of the budget) are replayed; the cut program with
/// them, when an execution confirms one. (PPCG gemm's twin, a missing barrier after a
/// tile, was reported only when its quick pass happened to converge within 30 s.)
pub(super) fn confirmed_unconverged(
    (w, shared): (&Witnessed, SharedMemory),
    h: &Cut,
    budget: &mut Budget,
) -> Option<Solved> {
    let candidate = |i: usize| matches!(h.vc.checks[i].kind, CheckKind::Candidate { .. });
    let keep = |i: usize| h.vc.checks[i].kind == CheckKind::Property;
    let share = budget.share(UNCONVERGED_SHARE);
    let outcome = smt::failures_assuming(&h.vc, &share, &keep, &candidate);
    budget.spend(&outcome);
    tracing::info!(
        failed = failed_any(&outcome),
        used = outcome.used,
        took = ?outcome.elapsed,
        "unconverged cut program searched for a defect"
    );
    if !failed_any(&outcome) {
        return None;
    }
    let replays = confirmed(w, (&h.vc, &outcome), budget)?;
    let mut solved = Solved::new(h.vc.clone(), outcome, true, shared);
    solved.replays = replays;
    Some(solved)
}
