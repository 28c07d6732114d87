//! Houdini's candidates: a candidate one of whose checks failed is not checked again in the
//! same solve, and counts as refuted (not undecided); a run resumed from an earlier one does
//! not check again the candidates that one proved.

use std::time::Duration;

use smt::{houdini, solve, SolveOptions, Status};
use vc::{Check, CheckKind, Coverage, Event, Sort, Terms};

type Vc = vc::Vc<()>;

fn candidate(index: u32, at_entry: bool) -> Check<()> {
    Check {
        kind: CheckKind::Candidate { index, at_entry },
        label: "candidate".into(),
        witness: Vec::new(),
        meta: (),
    }
}

/// Candidate 0: `a == 5` on entry (fails: `a` is an input), then `a == a`; candidate 1:
/// `a == a` twice. Only the checks of the candidates `kept` keeps.
fn vc(kept: &[bool]) -> Vc {
    let mut terms = Terms::default();
    let a = terms.sym("a".into(), Sort::Bv(32));
    let five = terms.bv(5, 32);
    let is_five = terms.eq(a, five);
    let same = terms.eq(a, a);
    let all = [
        (is_five, candidate(0, true)),
        (same, candidate(0, false)),
        (same, candidate(1, true)),
        (same, candidate(1, false)),
    ];
    let mut events = Vec::new();
    let mut checks = Vec::new();
    for (cond, info) in all {
        let CheckKind::Candidate { index, .. } = info.kind else {
            unreachable!()
        };
        if kept[index as usize] {
            events.push(Event::Check {
                cond,
                check: checks.len(),
            });
            checks.push(info);
        }
    }
    Vc {
        terms,
        events,
        checks,
        inputs: vec![("a".into(), a)],
        coverage: Coverage::Complete,
        switches: Vec::new(),
    }
}

fn opts() -> SolveOptions {
    SolveOptions::for_time(Duration::from_secs(10))
}

#[test]
fn a_candidate_refuted_on_entry_is_not_checked_for_preservation() {
    let outcome = solve(&vc(&[true, true]), &opts());
    assert!(
        matches!(outcome.statuses[0], Status::Failed { .. }),
        "{:?}",
        outcome.statuses
    );
    assert!(
        matches!(&outcome.statuses[1], Status::Unknown { reason } if reason.contains("failed another check")),
        "{:?}",
        outcome.statuses
    );
    assert_eq!(outcome.statuses[2], Status::Proved);
    assert_eq!(outcome.statuses[3], Status::Proved);
}

#[test]
fn houdini_drops_the_refuted_candidate_as_refuted_not_undecided() {
    let h = houdini(2, |kept| Ok::<Vc, ()>(vc(kept)), &opts()).unwrap();
    assert_eq!(h.kept, vec![false, true]);
    assert_eq!(h.refuted, vec![true, false]);
    assert!(!h.undecided);
    assert!(h.outcome.statuses.iter().all(|s| *s == Status::Proved));
}

#[test]
fn a_resumed_run_does_not_check_what_the_earlier_one_proved_again() {
    // Candidate 0's entry check fails, but the earlier run says it proved it (with these
    // candidates assumed): a resumed run takes its word and checks only candidate 1.
    let start = smt::Start {
        kept: vec![true, true],
        inductive: vec![true, false],
    };
    let h = smt::houdini_with(
        2,
        |kept| Ok::<Vc, ()>(vc(kept)),
        &opts(),
        smt::CandidateEffort::Quick,
        Some(start),
    )
    .unwrap();
    assert_eq!(h.kept, vec![true, true]);
    assert!(h.converged);
    assert_eq!(h.rounds, 1);
}
