//! The verdict a solve gives: the one rule both the strategy (to decide what to try next)
//! and the report (to say it) use.

use smt::{Outcome, Status};
use vcgen::{CheckInfo, CheckKind, Coverage, Vc};

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

/// Why a failed check is left undecided by [`withdraw_unconfirmed`].
pub const WEAKENED: &str =
    "it failed only where the solver ran out of time: under loop invariants weakened for want of time, or where the completely unrolled program was not decided; a longer --timeout may decide it";

/// Each failed property check (not an unrolling bound) that `confirmed` (by its index) does not
/// hold of becomes undecided, for [`WEAKENED`]: a failure owed to the time the solver had
/// is no defect unless an execution shows it.
pub fn withdraw_unconfirmed(
    checks: &[CheckInfo],
    statuses: &mut [Status],
    confirmed: impl Fn(usize) -> bool,
) {
    for (i, (check, status)) in checks.iter().zip(statuses.iter_mut()).enumerate() {
        let failed = matches!(status, Status::Failed { .. });
        if failed && !confirmed(i) && check.kind == CheckKind::Property {
            *status = Status::Unknown {
                reason: WEAKENED.to_string(),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(kind: CheckKind) -> CheckInfo {
        CheckInfo {
            kind,
            label: String::new(),
            witness: Vec::new(),
            meta: vcgen::CheckOrigin {
                origin: kir::AssertOrigin::UnwindBound,
                loc: None,
                cuts: Vec::new(),
                site: None,
            },
        }
    }

    #[test]
    fn only_a_confirmed_failure_stays_a_defect() {
        let failed = || Status::Failed {
            witness: Vec::new(),
            inputs: Vec::new(),
        };
        let checks = vec![
            check(CheckKind::Property),
            check(CheckKind::Property),
            check(CheckKind::UnwindBound),
            check(CheckKind::Property),
        ];
        let mut statuses = vec![failed(), failed(), failed(), Status::Proved];
        withdraw_unconfirmed(&checks, &mut statuses, |i| i == 1);
        assert!(matches!(&statuses[0], Status::Unknown { reason } if reason == WEAKENED));
        // Confirmed by an execution, an unrolling bound (no defect of the kernel's), proved.
        assert!(matches!(statuses[1], Status::Failed { .. }));
        assert!(matches!(statuses[2], Status::Failed { .. }));
        assert_eq!(statuses[3], Status::Proved);
    }
}
