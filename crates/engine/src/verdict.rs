//! The verdict a solve gives: the one rule both the strategy (to decide what to try next)
//! and the report (to say it) use.

use smt::{Outcome, Status};
use vcgen::{CheckKind, Coverage, Vc};

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every check was proved over every execution.
    Verified,
    /// At least one defect has a counterexample.
    Defects,
    /// Nothing wrong was found, but not everything was proved.
    Inconclusive,
}

/// Defects when a check other than an unrolling bound failed; else inconclusive when a
/// check is undecided, an unrolling bound failed (a loop may run longer than explored) or
/// loops were explored only up to a bound; else verified.
pub fn verdict_of(vc: &Vc, outcome: &Outcome) -> Verdict {
    let mut open = vc.coverage != Coverage::Complete;
    for (info, status) in vc.checks.iter().zip(&outcome.statuses) {
        match status {
            Status::Proved => {}
            Status::Failed { .. } if info.kind != CheckKind::UnwindBound => {
                return Verdict::Defects
            }
            Status::Failed { .. } | Status::Unknown { .. } => open = true,
        }
    }
    if open {
        Verdict::Inconclusive
    } else {
        Verdict::Verified
    }
}
