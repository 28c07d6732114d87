//! Which benign-race tolerances a verified kernel's proof rests on.
//!
//! The two-thread program conjoins every tolerance (two threads writing the same value,
//! a write that leaves memory as it was) with one switch the VC assumes true
//! ([`lockstep::TOLERATE`]). Once the kernel is verified, the same VC is solved again with
//! the switch denied, for the race checks only, assuming every other proved check: a race
//! check that then fails needed a tolerance, and the verdict lists it (`--benign=none`
//! would report it). The common case, no tolerance used, costs one query, or none when
//! the proof itself was made with the switch denied ([`smt::Outcome::denying_switches`]).

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

/// At most this many solves look for tolerated conflicts hidden behind others.
const MAX_ROUNDS: usize = 4;

/// The tolerances the proof of `vc` (all checks proved, as `outcome` says) used, found
/// within `time`; `None` when the program has no tolerance switch (`--benign=none`).
pub(crate) fn tolerances(
    vc: &Vc,
    outcome: &Outcome,
    time: Duration,
    axioms: &axioms::Axioms,
) -> Option<Tolerances> {
    let denied = vc.denying(lockstep::TOLERATE)?;
    if outcome.denying_switches {
        // The proof itself was made with the tolerance denied.
        return Some(Tolerances::default());
    }
    let race = |i: usize| matches!(vc.checks[i].meta.origin, AssertOrigin::Race { .. });
    let proved = |i: usize| outcome.statuses.get(i) == Some(&Status::Proved);
    let mut left = smt::SolveOptions {
        axioms: axioms.clone(),
        ..smt::SolveOptions::for_time(time)
    };
    // A check that fails is assumed by the checks after it, which can hide their own
    // failure (a write-read conflict behind the write-write one of the same writes): the
    // failed checks are set aside and the rest solved again, until no more fail.
    let mut failed = vec![false; vc.checks.len()];
    let mut found = Tolerances::default();
    for _ in 0..MAX_ROUNDS {
        let kept: Vec<bool> = (0..vc.checks.len())
            .map(|i| race(i) && proved(i) && !failed[i])
            .collect();
        let keep = |i: usize| kept[i];
        let probe = smt::solve_assuming(&denied, &left, &keep, &|i| !race(i) && proved(i));
        left.effort = left.effort.saturating_sub(probe.used);
        left.timeout = left.timeout.saturating_sub(probe.elapsed);
        let mut more = false;
        found.undecided = 0;
        for (i, status) in probe.statuses.iter().enumerate() {
            match status {
                Status::Failed { .. } if keep(i) => {
                    failed[i] = true;
                    more = true;
                }
                Status::Unknown { .. } if keep(i) => found.undecided += 1,
                _ => {}
            }
        }
        if !more || left.effort == 0 || left.timeout.is_zero() {
            break;
        }
    }
    for (i, check) in vc.checks.iter().enumerate() {
        let AssertOrigin::Race {
            region,
            first,
            second,
        } = check.meta.origin
        else {
            continue;
        };
        let t = Tolerated {
            loc: check.meta.loc,
            region,
            first,
            second,
        };
        if failed[i] && !found.used.contains(&t) {
            found.used.push(t);
        }
    }
    Some(found)
}
