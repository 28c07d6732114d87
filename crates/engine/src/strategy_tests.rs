//! Tests of the strategy's steps.

use super::*;
use crate::unrolled::search_unproved;
use smt::Status;
use vcgen::{CheckInfo, CheckKind, CheckOrigin, Coverage, Event};

fn check(line: u32, kind: CheckKind) -> CheckInfo {
    CheckInfo {
        kind,
        label: String::new(),
        witness: Vec::new(),
        meta: CheckOrigin {
            origin: AssertOrigin::User,
            loc: Some(kir::Loc {
                file: 0,
                line,
                col: 1,
            }),
            cuts: Vec::new(),
            site: None,
        },
    }
}

fn vc(checks: Vec<CheckInfo>) -> Vc {
    Vc {
        terms: Default::default(),
        events: Vec::new(),
        checks,
        inputs: Vec::new(),
        coverage: Coverage::Complete,
        switches: Vec::new(),
    }
}

fn outcome(statuses: Vec<Status>) -> smt::Outcome {
    smt::Outcome::new(statuses, Duration::ZERO, 0)
}

fn failed() -> Status {
    Status::Failed {
        witness: Vec::new(),
        inputs: Vec::new(),
    }
}

fn unknown() -> Status {
    Status::Unknown {
        reason: String::new(),
    }
}

/// The cut program failed at lines 1, 2 and 3; the exact program proved both copies
/// of line 1, one of the two copies of line 2, and has no check at line 3.
#[test]
fn a_cut_check_is_proved_only_when_every_exact_copy_is() {
    let p = CheckKind::Property;
    let cut = vc(vec![check(1, p), check(2, p), check(3, p)]);
    let mut got = outcome(vec![failed(), failed(), unknown()]);
    let exact = vc(vec![check(1, p), check(2, p), check(1, p), check(2, p)]);
    let proved = outcome(vec![
        Status::Proved,
        Status::Proved,
        Status::Proved,
        unknown(),
    ]);
    adopt_proofs(&cut, &mut got, (&exact, &proved));
    assert!(matches!(got.statuses[0], Status::Proved));
    assert!(matches!(got.statuses[1], Status::Failed { .. }));
    assert!(matches!(got.statuses[2], Status::Unknown { .. }));
    // A program that is not exact (bounded) proves nothing for the cut.
    let mut again = outcome(vec![failed(), failed(), unknown()]);
    let bounded = Vc {
        coverage: Coverage::Bounded(4),
        ..exact
    };
    adopt_proofs(&cut, &mut again, (&bounded, &proved));
    assert!(matches!(again.statuses[0], Status::Failed { .. }));
}

/// The concrete search does not search a site the converged cut program proved: a
/// check there whose condition is false is reported proved (by the cut program), while
/// the same condition at a site it did not prove fails.
#[test]
fn the_concrete_search_skips_the_sites_the_cut_program_proved() {
    let p = CheckKind::Property;
    let cut = vc(vec![check(1, p), check(2, p)]);
    let cut_outcome = outcome(vec![Status::Proved, failed()]);
    let mut explored = vc(vec![check(1, p), check(2, p)]);
    let never = explored.terms.bool(false);
    explored.events = vec![
        Event::Check {
            cond: never,
            check: 0,
        },
        Event::Check {
            cond: never,
            check: 1,
        },
    ];
    let budget = smt::SolveOptions::for_time(Duration::from_secs(5));
    let got = search_unproved(&explored, Some((&cut, &cut_outcome)), &budget);
    assert_eq!(got.statuses[0], Status::Proved);
    assert!(matches!(got.statuses[1], Status::Failed { .. }));
    // Without the cut program's proofs (Houdini did not converge), it is searched.
    let got = search_unproved(&explored, None, &budget);
    assert!(matches!(got.statuses[0], Status::Failed { .. }));
}
