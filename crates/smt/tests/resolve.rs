//! `resolve`: a second solve of the checks an earlier solve left undecided, assuming the
//! checks it proved and keeping its other statuses; `solve_until_failure`, which stops at
//! the first check that fails; `failures_assuming`, which assumes some checks and goes on
//! past a failure.

use std::time::Duration;

use smt::{
    failures_assuming, resolve, solve_each, solve_until_failure, Outcome, SolveOptions, Status,
};
use vc::{BvOp, Check, CheckKind, Coverage, Event, Sort, Terms};

type Vc = vc::Vc<usize>;

/// Check `n`'s description (its metadata is its number: no two are copies of each other).
fn info(n: usize) -> Check<usize> {
    Check {
        kind: CheckKind::Property,
        label: "assertion".into(),
        witness: Vec::new(),
        meta: n,
    }
}

/// Check 0: `a == 5`; check 1: `a + 1 == 6` (which holds only given check 0); check 2:
/// `a == a`.
fn chain() -> Vc {
    let mut terms = Terms::default();
    let a = terms.sym("a".into(), Sort::Bv(32));
    let five = terms.bv(5, 32);
    let one = terms.bv(1, 32);
    let six = terms.bv(6, 32);
    let is_five = terms.eq(a, five);
    let next = terms.bv_bin(BvOp::Add, a, one);
    let is_six = terms.eq(next, six);
    let same = terms.eq(a, a);
    Vc {
        terms,
        events: vec![
            Event::Check {
                cond: is_five,
                check: 0,
            },
            Event::Check {
                cond: is_six,
                check: 1,
            },
            Event::Check {
                cond: same,
                check: 2,
            },
        ],
        checks: vec![info(0), info(1), info(2)],
        inputs: vec![("a".into(), a)],
        coverage: Coverage::Complete,
        switches: Vec::new(),
    }
}

fn earlier(statuses: Vec<Status>) -> Outcome {
    Outcome::new(statuses, Duration::ZERO, 0)
}

fn unknown(reason: &str) -> Status {
    Status::Unknown {
        reason: reason.into(),
    }
}

#[test]
fn an_undecided_check_is_tried_again_assuming_the_proved_ones() {
    let before = earlier(vec![
        Status::Proved,
        unknown("time limit reached"),
        unknown("not checked"),
    ]);
    let after = resolve(
        &chain(),
        &SolveOptions::for_time(Duration::from_secs(20)),
        &before,
    );
    // Check 1 follows from check 0, which the earlier solve proved; check 2 was not
    // selected then and is not now.
    assert_eq!(
        after.statuses,
        [Status::Proved, Status::Proved, unknown("not checked")]
    );
}

#[test]
fn without_the_earlier_proof_the_check_fails() {
    let before = earlier(vec![
        unknown("time limit reached"),
        unknown("time limit reached"),
        Status::Proved,
    ]);
    let after = resolve(
        &chain(),
        &SolveOptions::for_time(Duration::from_secs(20)),
        &before,
    );
    assert!(
        matches!(after.statuses[0], Status::Failed { .. }),
        "{after:?}"
    );
    assert_eq!(after.statuses[2], Status::Proved);
}

#[test]
fn a_solve_until_failure_does_not_try_the_checks_after_a_failed_one() {
    let opts = SolveOptions::for_time(Duration::from_secs(20));
    let each = solve_each(&chain(), &opts, &|_| true);
    // One by one, check 0 fails, and checks 1 and 2 hold (each check is assumed after it).
    assert!(
        matches!(each.statuses[0], Status::Failed { .. }),
        "{each:?}"
    );
    assert_eq!(each.statuses[1..], [Status::Proved, Status::Proved]);
    let until = solve_until_failure(
        &chain(),
        &opts,
        &|_| true,
        smt::units(Duration::from_secs(1)),
    );
    assert!(
        matches!(until.statuses[0], Status::Failed { .. }),
        "{until:?}"
    );
    let not_tried = unknown(smt::AFTER_FAILURE);
    assert_eq!(until.statuses[1..], [not_tried.clone(), not_tried]);
}

#[test]
fn a_copy_of_a_failed_check_is_not_run() {
    let mut vc = chain();
    // Check 2 is now a copy of check 0 (as loop unrolling makes them): same metadata.
    vc.checks[2].meta = 0;
    let out = solve_each(
        &vc,
        &SolveOptions::for_time(Duration::from_secs(20)),
        &|_| true,
    );
    assert!(matches!(out.statuses[0], Status::Failed { .. }), "{out:?}");
    assert_eq!(out.statuses[1], Status::Proved);
    assert_eq!(out.statuses[2], unknown(smt::COPY_FAILED));
}

#[test]
fn failures_assuming_assumes_the_known_checks_and_goes_on_past_a_failure() {
    // Check 0 (`a == 5`) is assumed: check 1 (`a + 1 == 6`) holds under it; check 2
    // (`a == a`) holds. Without check 0 as an assumption, check 1 would fail.
    let vc = chain();
    let opts = SolveOptions::for_time(Duration::from_secs(20));
    let out = failures_assuming(&vc, &opts, &|i| i > 0, &|i| i == 0);
    assert_eq!(out.statuses, vec![Status::Proved; 3]);
    // Nothing assumed: check 0 fails, and check 1 is still asked (it holds given check 0,
    // which the solve assumes after asking it, as every solve does).
    let out = failures_assuming(&vc, &opts, &|_| true, &|_| false);
    assert!(
        matches!(out.statuses[0], Status::Failed { .. }),
        "{:?}",
        out.statuses
    );
    assert_eq!(out.statuses[1], Status::Proved);
    assert_eq!(out.statuses[2], Status::Proved);
}
