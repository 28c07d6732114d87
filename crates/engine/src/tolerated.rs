//! Which benign-race tolerances a verified kernel's proof rests on.
//!
//! The two-thread program conjoins every tolerance (two threads writing the same value,
//! a write that leaves memory as it was) with one switch the VC assumes true
//! ([`lockstep::TOLERATE`]). Once the kernel is verified, the same VC is solved again with
//! the switch denied, for the race checks only, assuming every other proved check: a race
//! check that then fails needed a tolerance, and the verdict lists it (`--benign=none`
//! would report it). The common case, no tolerance used, costs one query.

use std::time::Duration;

use kir::{AccessKind, AssertOrigin, Loc, Region};
use smt::{Outcome, Status};
use vcgen::Vc;

/// A conflict the proof tolerated: thread 2's access at `loc` against thread 1's `first`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tolerated {
    pub loc: Option<Loc>,
    pub region: Region,
    pub first: AccessKind,
    pub second: AccessKind,
}

/// The tolerances a verified kernel's proof used.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tolerances {
    /// One per source position and kind of conflict.
    pub used: Vec<Tolerated>,
    /// Race checks the second solve could not decide within its budget (a tolerance may
    /// or may not have been needed there).
    pub undecided: usize,
}

/// The tolerances the proof of `vc` (all checks proved, as `outcome` says) used, found
/// within `time`; `None` when the program has no tolerance switch (`--benign=none`).
pub(crate) fn tolerances(
    vc: &Vc,
    outcome: &Outcome,
    time: Duration,
    axioms: &axioms::Axioms,
) -> Option<Tolerances> {
    let denied = vc.denying(lockstep::TOLERATE)?;
    let race = |i: usize| matches!(vc.checks[i].meta.origin, AssertOrigin::Race { .. });
    let proved = |i: usize| outcome.statuses.get(i) == Some(&Status::Proved);
    let opts = smt::SolveOptions {
        axioms: axioms.clone(),
        ..smt::SolveOptions::for_time(time)
    };
    let probe = smt::solve_assuming(&denied, &opts, &|i| race(i) && proved(i), &|i| {
        !race(i) && proved(i)
    });
    let mut found = Tolerances::default();
    for (i, (check, status)) in vc.checks.iter().zip(&probe.statuses).enumerate() {
        let AssertOrigin::Race {
            region,
            first,
            second,
        } = check.meta.origin
        else {
            continue;
        };
        match status {
            Status::Failed { .. } => {
                let t = Tolerated {
                    loc: check.meta.loc,
                    region,
                    first,
                    second,
                };
                if !found.used.contains(&t) {
                    found.used.push(t);
                }
            }
            Status::Unknown { .. } if proved(i) => found.undecided += 1,
            _ => {}
        }
    }
    Some(found)
}
