//! `--boogie-file` axioms in the solver: an axiom about the kernel's uninterpreted
//! function makes a check provable that fails without it, a wrong axiom does not, and
//! axioms reach every solver (fast path, one by one, Houdini).

use std::time::Duration;

use smt::{solve, solve_each, SolveOptions, Status};
use vc::{Check, CheckKind, Coverage, Event, Sort, TermId, Terms};

type Vc = vc::Vc<()>;

/// One check: `f(a, b) == f(b, a)` over 32-bit inputs `a`, `b` (the kernel calls `f`).
fn commutes() -> Vc {
    let mut terms = Terms::default();
    let a = terms.sym("a".into(), Sort::Bv(32));
    let b = terms.sym("b".into(), Sort::Bv(32));
    let fab = terms.apply("f".into(), vec![a, b], Sort::Bv(32));
    let fba = terms.apply("f".into(), vec![b, a], Sort::Bv(32));
    let cond = terms.eq(fab, fba);
    one_check(terms, cond, vec![("a".into(), a), ("b".into(), b)])
}

fn one_check(terms: Terms, cond: TermId, inputs: Vec<(String, TermId)>) -> Vc {
    Vc {
        terms,
        events: vec![Event::Check { cond, check: 0 }],
        checks: vec![Check {
            kind: CheckKind::Property,
            label: "assertion".into(),
            witness: Vec::new(),
            meta: (),
        }],
        inputs,
        coverage: Coverage::Complete,
        switches: Vec::new(),
    }
}

fn opts(bpl: &str) -> SolveOptions {
    let file = axioms::parse("test.bpl", bpl).expect("test axioms parse");
    SolveOptions {
        axioms: axioms::Axioms::new(vec![file]),
        ..SolveOptions::for_time(Duration::from_secs(20))
    }
}

fn failed(s: &Status) -> bool {
    matches!(s, Status::Failed { .. })
}

const COMMUTATIVE: &str = "axiom (forall x, y: bv32 :: { f(x, y) } f(x, y) == f(y, x));";

#[test]
fn without_axioms_an_uninterpreted_function_need_not_commute() {
    let out = solve(
        &commutes(),
        &SolveOptions::for_time(Duration::from_secs(20)),
    );
    assert!(failed(&out.statuses[0]), "{out:?}");
}

#[test]
fn a_commutativity_axiom_proves_it() {
    let out = solve(&commutes(), &opts(COMMUTATIVE));
    assert_eq!(out.statuses, [Status::Proved]);
    // The same on the one-by-one path (no fast query first).
    let out = solve_each(&commutes(), &opts(COMMUTATIVE), &|_| true);
    assert_eq!(out.statuses, [Status::Proved]);
}

#[test]
fn a_wrong_axiom_does_not_prove_it() {
    // Says something about `f`, but not commutativity.
    let out = solve(
        &commutes(),
        &opts("axiom (forall x: bv32 :: f(x, x) == x);"),
    );
    assert!(failed(&out.statuses[0]), "{out:?}");
}

#[test]
fn axioms_with_builtins_and_without_triggers_are_used() {
    // a <= f(a, b) as a check, from "f never decreases its first argument".
    let mut terms = Terms::default();
    let a = terms.sym("a".into(), Sort::Bv(8));
    let b = terms.sym("b".into(), Sort::Bv(8));
    let fab = terms.apply("f".into(), vec![a, b], Sort::Bv(8));
    let cond = terms.cmp(vc::CmpOp::Ule, a, fab);
    let vc = one_check(terms, cond, Vec::new());
    let bpl = r#"
        function {:bvbuiltin "bvuge"} UGE(bv8, bv8) : bool;
        axiom (forall x, y: bv8 :: UGE(f(x, y), x));
    "#;
    assert_eq!(solve(&vc, &opts(bpl)).statuses, [Status::Proved]);
    let wrong = r#"
        function {:bvbuiltin "bvuge"} UGE(bv8, bv8) : bool;
        axiom (forall x, y: bv8 :: UGE(f(x, y), y));
    "#;
    assert!(failed(&solve(&vc, &opts(wrong)).statuses[0]));
}

#[test]
fn a_function_only_the_file_declares_links_axioms() {
    // f(x, y) == g(x) alone does not make f commute ...
    let bpl = r#"
        function g(bv32) : bv32;
        axiom (exists x: bv32 :: g(x) == 7bv32);
        axiom (forall x, y: bv32 :: f(x, y) == g(x));
    "#;
    assert!(failed(&solve(&commutes(), &opts(bpl)).statuses[0]));
    // ... with "g is constant" it does.
    let constant = r#"
        function g(bv32) : bv32;
        axiom (forall x, y: bv32 :: g(x) == g(y));
        axiom (forall x, y: bv32 :: f(x, y) == g(x));
    "#;
    assert_eq!(
        solve(&commutes(), &opts(constant)).statuses,
        [Status::Proved]
    );
}

#[test]
fn inconsistent_axioms_prove_everything() {
    let bpl = "axiom (forall x: bv32 :: f(x, x) != f(x, x));";
    assert_eq!(solve(&commutes(), &opts(bpl)).statuses, [Status::Proved]);
}

#[test]
fn the_vc_gives_the_kernels_signatures() {
    let sigs = smt::kernel_functions(&commutes());
    assert_eq!(
        sigs["f"],
        axioms::Signature {
            args: vec![axioms::Type::Bv(32); 2],
            ret: axioms::Type::Bv(32)
        }
    );
}

#[test]
fn a_sort_mismatch_is_an_error_and_nothing_is_claimed() {
    let bpl = "axiom (forall x, y: bv16 :: f(x, y) == f(y, x));";
    let e = smt::check_axioms(&commutes(), &opts(bpl).axioms).unwrap_err();
    assert_eq!(
        e.render(),
        "test.bpl:1:29: error: `f` is applied to (bv16, bv16) here, but the kernel's `f` takes (bv32, bv32) and returns bv32"
    );
    // A solve that was not warned gives up rather than ignore the axioms.
    let out = solve(&commutes(), &opts(bpl));
    assert!(
        matches!(&out.statuses[0], Status::Unknown { reason } if reason.contains("kernel's `f`")),
        "{out:?}"
    );
}

#[test]
fn houdini_rounds_assume_the_axioms() {
    let h = smt::houdini(0, |_| Ok::<Vc, ()>(commutes()), &opts(COMMUTATIVE)).unwrap();
    assert_eq!(h.outcome.statuses, [Status::Proved]);
    let plain = SolveOptions::for_time(Duration::from_secs(20));
    let h = smt::houdini(0, |_| Ok::<Vc, ()>(commutes()), &plain).unwrap();
    assert!(failed(&h.outcome.statuses[0]));
}
