//! The unrolled program: its unrolling bounds, the program the concrete search explores,
//! the checks it need not search, and step 5's merge (see `strategy.rs`).

use std::collections::{HashMap, HashSet};

use kir::{AssertOrigin, Loc};
use vcgen::{CheckInfo, LoopMode, Vc, VcOptions};

use crate::budget::Budget;
use crate::StageError;

/// Whether `c` is an unrolling bound (no thread is still in the loop after the copies).
pub(crate) fn unwind(c: &CheckInfo) -> bool {
    c.kind == vcgen::CheckKind::UnwindBound
}

/// Step 5: the concrete search found no defect, the cut program only possibly spurious
/// ones, and no unrolling bound failed in step 1: whether the unrolling covers every
/// iteration was left undecided for want of effort. Its undecided checks, and those the
/// concrete search left, get the rest of the budget. When every bound is proved, the
/// unrolled program is exact and its verdict is the kernel's; when one fails, the cut
/// program's account stands (the caller keeps it); when one is still undecided, the
/// verdict is inconclusive, not the cut program's defects: with a larger budget the same
/// kernel could be proved, and a shortage of budget never makes a defect claim.
pub(crate) fn exact_or_undecided(
    vc: &Vc,
    bounds: &smt::Outcome,
    concrete: &smt::Outcome,
    budget: &mut Budget,
) -> smt::Outcome {
    let statuses = vc
        .checks
        .iter()
        .enumerate()
        .map(|(i, c)| match unwind(c) {
            true => bounds.statuses[i].clone(),
            false => concrete.statuses[i].clone(),
        })
        .collect();
    let merged = smt::Outcome::new(
        statuses,
        bounds.elapsed + concrete.elapsed,
        bounds.used + concrete.used,
    );
    let again = smt::resolve(vc, &budget.share(100), &merged);
    budget.spend(&again);
    again
}

/// Whether an unrolling bound of `vc` failed (some loop runs longer than unrolled).
pub(crate) fn bound_failed(vc: &Vc, outcome: &smt::Outcome) -> bool {
    bound_statuses(vc, outcome).any(|st| matches!(st, smt::Status::Failed { .. }))
}

/// The statuses of `vc`'s unrolling bounds in `outcome`.
pub(crate) fn bound_statuses<'a>(
    vc: &'a Vc,
    outcome: &'a smt::Outcome,
) -> impl Iterator<Item = &'a smt::Status> + 'a {
    vc.checks
        .iter()
        .zip(&outcome.statuses)
        .filter(|(c, _)| unwind(c))
        .map(|(_, st)| st)
}

/// The program the concrete search (step 3) explores when a bound of `vc` failed: every
/// loop one copy deeper. `--unroll N` makes N copies of a loop's test and body, which
/// cover N-1 iterations (leaving takes one more test); a loop of exactly N iterations,
/// cut off there, hid every defect after it (a 256-bin histogram's clearing loop of 8
/// iterations before its unsynchronised `atomicAdd`s). `None`: explore `vc` itself (no
/// bound failed: step 5 may still merge the search's statuses with `vc`'s bounds).
pub(crate) fn search_program(
    tt: &lockstep::TwoThread,
    model: &VcOptions,
    vc: &Vc,
    bounds: Option<&smt::Outcome>,
) -> Result<Option<Vc>, StageError> {
    match model.loops {
        LoopMode::Complete(n) if bounds.is_some_and(|b| bound_failed(vc, b)) => {
            let deeper = VcOptions {
                loops: LoopMode::Complete(n + 1),
                ..*model
            };
            Ok(Some(crate::strategy::stated(vcgen::generate(tt, &deeper)?)))
        }
        _ => Ok(None),
    }
}

/// A property check's site: the same property at the same place (loop unrolling copies a
/// check; the cut program has one copy per site).
pub(crate) type Site = (AssertOrigin, Option<Loc>);

/// The site of property check `c`.
pub(crate) fn site(c: &CheckInfo) -> Option<Site> {
    (c.kind == vcgen::CheckKind::Property).then(|| (c.meta.origin.clone(), c.meta.loc))
}

/// The sites every copy of which `outcome` proved in `vc`. Each proof (in any of the
/// programs of one kernel) assumes only the checks before it in execution order, so in an
/// execution that violated some check, the first one violated would have been proved:
/// a site proved in one sound program is proved for the others.
pub(crate) fn proved_sites(vc: &Vc, outcome: &smt::Outcome) -> HashSet<Site> {
    let mut all = HashMap::new();
    for (c, st) in vc.checks.iter().zip(&outcome.statuses) {
        if let Some(s) = site(c) {
            *all.entry(s).or_insert(true) &= *st == smt::Status::Proved;
        }
    }
    (all.into_iter())
        .filter_map(|(s, proved)| proved.then_some(s))
        .collect()
}

/// Whether check `c` is at one of `sites`.
pub(crate) fn at_site(c: &CheckInfo, sites: &HashSet<Site>) -> bool {
    site(c).is_some_and(|s| sites.contains(&s))
}

/// Marks proved the checks of `vc` at `sites` (proved in another program of the kernel, see
/// [`proved_sites`]) in `outcome`, `vc`'s.
pub(crate) fn adopt_sites(vc: &Vc, outcome: &mut smt::Outcome, sites: &HashSet<Site>) {
    for (c, st) in vc.checks.iter().zip(outcome.statuses.iter_mut()) {
        if at_site(c, sites) && *st != smt::Status::Proved {
            *st = smt::Status::Proved;
            // Proved by the other program, with its switches as they were.
            outcome.denying_switches = false;
        }
    }
}

/// Step 3 on `explored` (the unrolled program), looking for a concrete defect only where
/// the cut program did not prove the site: `cut` is that program and its outcome when
/// Houdini converged (its proofs then hold for every iteration count). Checks of sites the
/// cut program proved are reported proved, not searched.
pub(crate) fn search_unproved(
    explored: &Vc,
    cut: Option<(&Vc, &smt::Outcome)>,
    budget: &smt::SolveOptions,
) -> smt::Outcome {
    let proved = cut.map(|(vc, o)| proved_sites(vc, o)).unwrap_or_default();
    let mut outcome = smt::solve_each(explored, budget, &|c| !unwind(c) && !at_site(c, &proved));
    adopt_sites(explored, &mut outcome, &proved);
    outcome
}
