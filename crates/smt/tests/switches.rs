//! The one-query fast path on a VC with a switch (the benign-race tolerance): asked first
//! with the switch denied, which proves the VC when nothing fails, and says so.

use std::time::Duration;

use smt::{solve, solve_assuming, SolveOptions, Status};
use vc::{Check, CheckKind, Coverage, Event, Sort, TermId, Terms};

type Vc = vc::Vc<usize>;

fn property(n: usize) -> Check<usize> {
    Check {
        kind: CheckKind::Property,
        label: "race".into(),
        witness: Vec::new(),
        meta: n,
    }
}

fn budget() -> SolveOptions {
    SolveOptions::for_time(Duration::from_secs(10))
}

/// A VC that assumes switch `on` and then checks each of `conds` in order.
fn with_switch(terms: Terms, on: TermId, conds: &[TermId]) -> Vc {
    let mut events = vec![Event::Assume(on)];
    events.extend(
        conds
            .iter()
            .enumerate()
            .map(|(check, &cond)| Event::Check { cond, check }),
    );
    Vc {
        terms,
        events,
        checks: (0..conds.len()).map(property).collect(),
        inputs: Vec::new(),
        coverage: Coverage::Complete,
        switches: vec![("tolerate".into(), on)],
    }
}

/// Terms with the switch `on` and a Boolean input `x`.
fn switch_and_x() -> (Terms, TermId, TermId) {
    let mut terms = Terms::default();
    let on = terms.sym("on".into(), Sort::Bool);
    let x = terms.sym("x".into(), Sort::Bool);
    (terms, on, x)
}

/// A race-like check: `!(conflict && !(on && tolerated))`.
fn relaxed(terms: &mut Terms, on: TermId, conflict: TermId, tolerated: TermId) -> TermId {
    let excused = terms.and(on, tolerated);
    let not_excused = terms.not(excused);
    let bad = terms.and(conflict, not_excused);
    terms.not(bad)
}

#[test]
fn a_vc_proved_without_its_switch_says_so() {
    let (mut terms, on, x) = switch_and_x();
    let not_x = terms.not(x);
    let never = terms.and(x, not_x);
    let check = relaxed(&mut terms, on, never, x);
    let outcome = solve(&with_switch(terms, on, &[check]), &budget());
    assert_eq!(outcome.statuses, vec![Status::Proved]);
    assert!(outcome.denying_switches);
    assert!(!outcome.needs_switches);
}

#[test]
fn a_caller_can_skip_the_strict_query() {
    let (mut terms, on, x) = switch_and_x();
    let no = terms.bool(false);
    let never = terms.and(x, no);
    let check = relaxed(&mut terms, on, never, x);
    let opts = SolveOptions {
        deny_switches_first: false,
        ..budget()
    };
    let outcome = solve(&with_switch(terms, on, &[check]), &opts);
    assert_eq!(outcome.statuses, vec![Status::Proved]);
    assert!(!outcome.denying_switches);
}

#[test]
fn a_vc_that_needs_its_switch_is_proved_but_not_without_it() {
    let (mut terms, on, x) = switch_and_x();
    let yes = terms.bool(true);
    // Every conflict is tolerated.
    let check = relaxed(&mut terms, on, x, yes);
    let outcome = solve(&with_switch(terms, on, &[check]), &budget());
    assert_eq!(outcome.statuses, vec![Status::Proved]);
    assert!(!outcome.denying_switches);
    assert!(outcome.needs_switches);
}

#[test]
fn a_conflict_that_is_not_tolerated_fails() {
    let (mut terms, on, x) = switch_and_x();
    let no = terms.bool(false);
    let check = relaxed(&mut terms, on, x, no);
    let outcome = solve(&with_switch(terms, on, &[check]), &budget());
    assert!(matches!(outcome.statuses[0], Status::Failed { .. }));
    assert!(!outcome.denying_switches);
}

/// Check 0 (known, proved with the switch on) allows `x` when `y`; check 1 says `!x`.
/// With the switch denied, check 0 would exclude `x` and prove check 1: the strict query
/// must assume check 0 as it was proved.
#[test]
fn a_known_check_is_assumed_with_its_switch_on() {
    let (mut terms, on, x) = switch_and_x();
    let y = terms.sym("y".into(), Sort::Bool);
    let known = relaxed(&mut terms, on, x, y);
    let never_x = terms.not(x);
    let vc = with_switch(terms, on, &[known, never_x]);
    let outcome = solve_assuming(&vc, &budget(), &|i| i == 1, &|i| i == 0);
    assert_eq!(outcome.statuses[0], Status::Proved);
    assert!(
        matches!(outcome.statuses[1], Status::Failed { .. }),
        "{:?}",
        outcome.statuses[1]
    );
    assert!(!outcome.denying_switches);
}

/// Check 0 fails only with the switch denied (every conflict is tolerated), so the probe
/// before the one query turns the switch on for it and the checks after it. Check 1 also
/// holds only with the switch on: asked with the switch left free, it would fail.
#[test]
fn after_a_check_that_needs_the_switch_the_rest_are_asked_with_it_on() {
    let (mut terms, on, x) = switch_and_x();
    let y = terms.sym("y".into(), Sort::Bool);
    let yes = terms.bool(true);
    let first = relaxed(&mut terms, on, x, yes);
    let second = relaxed(&mut terms, on, y, yes);
    let outcome = solve(&with_switch(terms, on, &[first, second]), &budget());
    assert_eq!(outcome.statuses, vec![Status::Proved, Status::Proved]);
    assert!(!outcome.denying_switches);
    assert!(outcome.needs_switches);
}

/// A check that fails after one that needs the switch is still reported.
#[test]
fn a_check_after_one_that_needs_the_switch_can_fail() {
    let (mut terms, on, x) = switch_and_x();
    let y = terms.sym("y".into(), Sort::Bool);
    let yes = terms.bool(true);
    let first = relaxed(&mut terms, on, x, yes);
    let never_y = terms.not(y);
    let outcome = solve(&with_switch(terms, on, &[first, never_y]), &budget());
    assert_eq!(outcome.statuses[0], Status::Proved);
    assert!(
        matches!(outcome.statuses[1], Status::Failed { .. }),
        "{:?}",
        outcome.statuses[1]
    );
}
