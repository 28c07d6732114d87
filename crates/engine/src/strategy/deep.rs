//! Step 2b: loops whose trip counts fold to constants beyond the `--unroll` bound, unrolled
//! completely (see `strategy.rs`).

use vcgen::{LoopMode, Vc, VcOptions};

use super::stated;
use crate::budget::Budget;
use crate::unrolled::{adopt_sites, proved_sites, unwind};

/// Loops whose trip counts fold to constants are unrolled up to this many iterations when
/// the `--unroll` bound does not cover them (a 17-tap filter, a 32-step tile loop).
pub(super) const DEEP_UNROLL: u32 = 64;

/// The deeper unrolled program may have at most this many times the terms of the one
/// unrolled to the `--unroll` bound, or `DEEP_MIN_TERMS` if that is more.
const DEEP_GROWTH: usize = 16;
const DEEP_MIN_TERMS: usize = 200_000;

/// The share of the budget left that solving the deeper unrolled program may take.
const DEEP_SHARE: u64 = 60;

/// Step 2b: loops whose trip counts fold to constants beyond the bound, unrolled deeper;
/// the program is exact. It and its outcome, when the program could be built.
pub(super) fn solve_deep(
    tt: &lockstep::TwoThread,
    name: &str,
    model: &VcOptions,
    vc: &Vc,
    budget: &mut Budget,
) -> Option<(Vc, smt::Outcome)> {
    let deep = deep_unrolled(tt, model, vc)?;
    tracing::info!(
        kernel = name,
        terms = deep.terms.len(),
        "loops unrolled completely"
    );
    // Checks one by one, without the one query over all of them first: this program is
    // tried only after the cut failed, and is large (thousands of terms); that query ran
    // out of its cap on it (37-44 million units of a 30-s kernel's share) before the
    // checks, one by one, were proved.
    let outcome = smt::solve_each(&deep, &budget.share(DEEP_SHARE), &|_| true);
    budget.spend(&outcome);
    Some((deep, outcome))
}

/// When the completely unrolled program (exact) was left undecided: a check of the cut
/// program is proved when that program proved every copy of it (the same property at the
/// same place). Each proof, in either program, assumes only the checks before it in
/// execution order, so that in an execution that violated some check, the first one
/// violated would have been proved: none is.
pub(super) fn adopt_proofs(
    cut: &Vc,
    outcome: &mut smt::Outcome,
    (deep, proved): (&Vc, &smt::Outcome),
) {
    if deep.coverage != vcgen::Coverage::Complete || deep.checks.iter().any(unwind) {
        return;
    }
    adopt_sites(cut, outcome, &proved_sites(deep, proved));
}

/// The program with every loop unrolled `DEEP_UNROLL` times, when every loop's trip count
/// then folds to a constant within it (no unwinding check is left) and the program stays
/// within `DEEP_GROWTH` times the size of `vc`, the program unrolled to the bound.
fn deep_unrolled(tt: &lockstep::TwoThread, model: &VcOptions, vc: &Vc) -> Option<Vc> {
    let LoopMode::Complete(n) = model.loops else {
        return None;
    };
    if n >= DEEP_UNROLL {
        return None;
    }
    let limit = (vc.terms.len() * DEEP_GROWTH)
        .max(DEEP_MIN_TERMS)
        .min(model.max_terms);
    let deep = VcOptions {
        loops: LoopMode::Complete(DEEP_UNROLL),
        max_terms: limit,
        ..*model
    };
    // `tt` has the parameters the preconditions pin written as their values
    // (`solve_model`): a trip count such a parameter bounds folds.
    let deep = stated(vcgen::generate(tt, &deep).ok()?);
    (!deep.checks.iter().any(unwind)).then_some(deep)
}
