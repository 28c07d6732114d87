//! Houdini's candidates: a candidate one of whose checks failed is not checked again in the
//! same solve, and counts as refuted (not undecided); a run resumed from an earlier one does
//! not check again the candidates that one proved; a candidate check's proof carries over
//! to the next round only when every candidate it assumed (`Event::Hypothesis` and the
//! unsat core) is still kept.

use std::time::Duration;

use smt::{houdini, solve, SolveOptions, Status};
use vc::{BvOp, Check, CheckKind, Coverage, Event, Sort, TermId, Terms};

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

/// A loop cut with three candidates over inputs `x`, `y` and `z` (the state after the
/// havoc), with only the `kept` ones in:
/// - 0: `x == 5`, assumed, then checked on `x + 1` (fails: not preserved);
/// - 1: `y == 1`, assumed, then checked on `y + x - 5`, before candidate 0's check: round 1
///   proves it with candidate 0's hypothesis;
/// - 2: `z == 7`, assumed, then checked on `z` (holds by itself).
fn chain(kept: &[bool]) -> Vc {
    let mut terms = Terms::default();
    let var = |terms: &mut Terms, n: &str| terms.sym(n.into(), Sort::Bv(32));
    let (x, y, z) = (
        var(&mut terms, "x"),
        var(&mut terms, "y"),
        var(&mut terms, "z"),
    );
    let (one, five, seven) = (terms.bv(1, 32), terms.bv(5, 32), terms.bv(7, 32));
    let x_is_5 = terms.eq(x, five);
    let y_is_1 = terms.eq(y, one);
    let z_is_7 = terms.eq(z, seven);
    let x_next = terms.bv_bin(BvOp::Add, x, one);
    let x_next_is_5 = terms.eq(x_next, five);
    let y_plus_x = terms.bv_bin(BvOp::Add, y, x);
    let y_next = terms.bv_bin(BvOp::Sub, y_plus_x, five);
    let y_next_is_1 = terms.eq(y_next, one);
    let hypotheses: [(u32, TermId); 3] = [(0, x_is_5), (1, y_is_1), (2, z_is_7)];
    let checks: [(u32, TermId); 3] = [(1, y_next_is_1), (0, x_next_is_5), (2, z_is_7)];
    let mut events = Vec::new();
    for (candidate, cond) in hypotheses {
        if kept[candidate as usize] {
            events.push(Event::Hypothesis { cond, candidate });
        }
    }
    let mut infos = Vec::new();
    for (index, cond) in checks {
        if kept[index as usize] {
            events.push(Event::Check {
                cond,
                check: infos.len(),
            });
            infos.push(candidate(index, false));
        }
    }
    Vc {
        terms,
        events,
        checks: infos,
        inputs: Vec::new(),
        coverage: Coverage::Complete,
        switches: Vec::new(),
    }
}

#[test]
fn a_proof_that_assumed_a_dropped_candidate_is_checked_again() {
    let h = houdini(3, |kept| Ok::<Vc, ()>(chain(kept)), &opts()).unwrap();
    // Candidate 1 is preserved only while candidate 0 holds: once 0 is dropped, 1 must
    // be checked again and dropped too.
    assert_eq!(h.kept, vec![false, false, true]);
    assert!(h.converged);
    assert!(h.outcome.statuses.iter().all(|s| *s == Status::Proved));
}

#[test]
fn a_proof_that_assumed_only_kept_candidates_carries_over() {
    let h = houdini(3, |kept| Ok::<Vc, ()>(chain(kept)), &opts()).unwrap();
    // Candidate 2's proof assumed only itself: rounds 2 and 3 take it as proved.
    assert!(h.carried >= 1, "carried {}", h.carried);
    assert!(h.rounds >= 2);
}

#[test]
fn without_candidate_0_candidate_1_fails_outright() {
    // Started without candidate 0, candidate 1's check has no proof (x is arbitrary):
    // the model refutes it.
    let start = smt::Start {
        kept: vec![false, true, true],
        inductive: vec![false; 3],
    };
    let h = smt::houdini_with(
        3,
        |kept| Ok::<Vc, ()>(chain(kept)),
        &opts(),
        smt::CandidateEffort::Quick,
        Some(start),
    )
    .unwrap();
    assert_eq!(h.kept, vec![false, false, true]);
    assert_eq!(h.refuted, vec![false, true, false]);
    assert_eq!(h.rounds, 2);
}

/// Candidates over input `a`, checked where the `events` put them (the checks' indices are
/// their candidates'); `Some(t)` in `events` is an assumption, `None` a candidate's check.
fn at_one_point(kept: &[bool], conds: &[TermId], events: &[Option<TermId>], terms: Terms) -> Vc {
    let mut out = Vec::new();
    let mut infos = Vec::new();
    let mut next = 0;
    for e in events {
        match e {
            Some(t) => out.push(Event::Assume(*t)),
            None => {
                let index = next;
                next += 1;
                if kept[index] {
                    out.push(Event::Check {
                        cond: conds[index],
                        check: infos.len(),
                    });
                    infos.push(candidate(index as u32, true));
                }
            }
        }
    }
    Vc {
        terms,
        events: out,
        checks: infos,
        inputs: Vec::new(),
        coverage: Coverage::Complete,
        switches: Vec::new(),
    }
}

#[test]
fn one_counterexample_refutes_every_later_candidate_it_breaks() {
    // Candidates 0 and 1 both say `a == 5` where nothing constrains `a`; candidate 2
    // says `a == a`. The model that breaks candidate 0 breaks candidate 1: no query.
    let build = |kept: &[bool]| {
        let mut terms = Terms::default();
        let a = terms.sym("a".into(), Sort::Bv(32));
        let five = terms.bv(5, 32);
        let is_five = terms.eq(a, five);
        let same = terms.eq(a, a);
        Ok::<Vc, ()>(at_one_point(
            kept,
            &[is_five, is_five, same],
            &[None, None, None],
            terms,
        ))
    };
    let h = houdini(3, build, &opts()).unwrap();
    assert_eq!(h.kept, vec![false, false, true]);
    assert_eq!(h.refuted, vec![true, true, false]);
    assert_eq!(h.foreseen, 1);
}

#[test]
fn a_counterexample_refutes_nothing_past_an_assumption_it_breaks() {
    // Candidate 0 (`a == 5 || a == 7`) fails, so its counterexample has `a != 7`; then
    // `a == 7` is assumed, and candidate 1 says `a == 7`. The counterexample breaks
    // candidate 1's condition but not on its path: candidate 1 is asked, and proved.
    let build = |kept: &[bool]| {
        let mut terms = Terms::default();
        let a = terms.sym("a".into(), Sort::Bv(32));
        let (five, seven) = (terms.bv(5, 32), terms.bv(7, 32));
        let is_five = terms.eq(a, five);
        let is_seven = terms.eq(a, seven);
        let either = terms.or(is_five, is_seven);
        Ok::<Vc, ()>(at_one_point(
            kept,
            &[either, is_seven],
            &[None, Some(is_seven), None],
            terms,
        ))
    };
    let h = houdini(2, build, &opts()).unwrap();
    assert_eq!(h.kept, vec![false, true]);
    assert_eq!(h.foreseen, 0);
    assert!(h.outcome.statuses.iter().all(|s| *s == Status::Proved));
}
