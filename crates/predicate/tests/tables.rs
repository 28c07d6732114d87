//! The predicated form of small kernels, written as KIR text in `tests/fixtures`: the
//! paper's Tables 1, 2 and 4, its Fig. 3 kernel, a switch and an `unreachable`.

use kir::*;
use predicate::{PredicateError, Predicator, Unstructured};

/// The kernel of `tests/fixtures/NAME.kir`.
fn fixture(name: &str) -> Kernel {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{name}.kir"));
    let text = std::fs::read_to_string(&path).expect("fixture file");
    kir::parse::kernel(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()))
}

/// Block names in layout order.
fn names(k: &Kernel) -> Vec<String> {
    k.laid_out().map(|(_, d)| d.name.clone()).collect()
}

fn block(k: &Kernel, name: &str) -> Block {
    let i = k.blocks.iter().position(|d| d.name == name);
    Block::new(i.unwrap_or_else(|| panic!("no block {name}")))
}

fn predicated(k: Kernel) -> Kernel {
    let sorted = cfg::sort(k).expect("sorts");
    let p = Unstructured.predicate(sorted).expect("predicates");
    assert_eq!(p.phase, Phase::Predicated);
    kir::verify(&p).expect("verifies");
    for (_, d) in p.laid_out() {
        assert!(
            !matches!(
                d.term,
                Terminator::Branch { .. } | Terminator::Switch { .. }
            ),
            "{} still branches",
            d.name
        );
    }
    p
}

fn var(k: &Kernel, name: &str) -> Var {
    Var::new(k.vars.iter().position(|v| v.name == name).expect("var"))
}

/// Table 1's statements, each with a witness (which the text format does not carry).
fn one_of_each() -> Kernel {
    let mut k = fixture("table1");
    let x = var(&k, "x");
    for s in &mut k.blocks[0].stmts {
        s.witness.push(("x".into(), Expr::var(x)));
    }
    k
}

#[test]
fn table1_statements() {
    let input = one_of_each();
    let p = predicated(input.clone());
    insta::assert_snapshot!(format!("{p}"));
    let b = p.block(block(&p, "B"));
    // v_active := B, then the nine statements (havoc became two), then v_next, v_active.
    assert_eq!(b.stmts.len(), 1 + 10 + 2);
    let x = var(&p, "x");
    let witnessed = b
        .stmts
        .iter()
        .filter(|s| s.witness == [("x".to_string(), Expr::var(x))]);
    assert_eq!(witnessed.count(), 9);
    let lines: Vec<u32> = b
        .stmts
        .iter()
        .filter_map(|s| s.loc.map(|l| l.line))
        .collect();
    assert_eq!(lines, [1, 2, 2, 3, 4, 5, 6, 7, 8, 9]);
    let active = Expr::eq(
        Expr::var(var(&p, "v_active")),
        Expr::int(block(&p, "B").0 as u64, 32),
    );
    for s in &b.stmts[1..11] {
        if let Some(pred) = s.stmt.pred() {
            assert!(
                matches!(pred, Expr::Binary(BinOp::And, a, _) if **a == active) || *pred == active
            );
        }
    }
    match &b.stmts[5].stmt {
        Stmt::Assert { origin, cond } => {
            assert_eq!(*origin, AssertOrigin::User);
            assert!(matches!(cond, Expr::Binary(BinOp::Implies, a, _) if **a == active));
        }
        other => panic!("expected the assertion, got {other:?}"),
    }
}

#[test]
fn table2_single_loop() {
    // i := 0; while (c) { body }
    let p = predicated(fixture("single_loop"));
    insta::assert_snapshot!(format!("{p}"));
    assert_eq!(
        names(&p),
        [
            "entry",
            "head",
            "body",
            "body.back.head",
            "body.exit",
            "done",
            "exit"
        ]
    );
    let body = p.block(block(&p, "body"));
    assert_eq!(
        body.term,
        Terminator::Choice(vec![block(&p, "body.back.head"), block(&p, "body.exit")])
    );
    assert_eq!(
        p.block(block(&p, "body.back.head")).term,
        Terminator::Goto(block(&p, "head"))
    );
    assert_eq!(
        p.block(block(&p, "body.exit")).term,
        Terminator::Goto(block(&p, "done"))
    );
}

#[test]
fn table4_block_closing_two_loops() {
    // The inner loop {I, A, L} and the outer loop {O, I, A, L} both end at L: A continues
    // the outer loop, L repeats the inner one or leaves both.
    let p = predicated(fixture("two_loops"));
    insta::assert_snapshot!(format!("{p}"));
    assert_eq!(
        names(&p),
        ["entry", "O", "I", "A", "L", "L.back.I", "L.back.O", "L.exit", "end", "exit"]
    );
    let exit = p.block(block(&p, "L.exit"));
    let active = Expr::var(var(&p, "v_active"));
    let id = |n: &str| Expr::int(block(&p, n).0 as u64, 32);
    let want = Expr::and(Expr::ne(active.clone(), id("I")), Expr::ne(active, id("O")));
    assert_eq!(exit.stmts[0].stmt, Stmt::Assume { cond: want });
}

#[test]
fn fig3_scan_kernel() {
    let p = predicated(fixture("fig3"));
    insta::assert_snapshot!(format!("{p}"));
    let choices: Vec<&str> = p
        .laid_out()
        .filter(|(_, d)| matches!(d.term, Terminator::Choice(_)))
        .map(|(_, d)| d.name.as_str())
        .collect();
    assert_eq!(choices, ["W_last"]);
}

#[test]
fn switch_becomes_a_chain_of_tests() {
    let p = predicated(fixture("switch"));
    insta::assert_snapshot!(format!("{p}"));
}

#[test]
fn unreachable_assumes_inactive() {
    let p = predicated(fixture("unreachable"));
    insta::assert_snapshot!(format!("{p}"));
    let bad = block(&p, "bad");
    let active = Expr::eq(Expr::var(var(&p, "v_active")), Expr::int(bad.0 as u64, 32));
    let kill = Stmt::Assume {
        cond: Expr::implies(active, Expr::ff()),
    };
    assert!(p.block(bad).stmts.iter().any(|s| s.stmt == kill));
}

#[test]
fn rejects_what_is_not_sorted() {
    let k = fixture("fig3");
    assert_eq!(
        Unstructured.predicate(k),
        Err(PredicateError::NotSorted {
            found: Phase::Lifted
        })
    );
    let mut unsorted = cfg::sort(fixture("fig3")).expect("sorts");
    unsorted.layout.swap(1, 2);
    assert!(matches!(
        Unstructured.predicate(unsorted),
        Err(PredicateError::BadOrder { .. })
    ));
    let mut no_exit = cfg::sort(fixture("fig3")).expect("sorts");
    no_exit.layout.pop();
    let last = *no_exit.layout.last().expect("blocks");
    no_exit.block_mut(last).term = Terminator::Unreachable;
    assert_eq!(
        Unstructured.predicate(no_exit),
        Err(PredicateError::LastNotReturn {
            block: "W_end".into()
        })
    );
    assert_eq!(Unstructured.name(), "unstructured");
}

/// A temporary assigned and then read in one block only is assigned without the guard;
/// a variable read in another block (or before its assignment) keeps it.
#[test]
fn block_locals_are_unguarded() {
    let k = fixture("block_locals");
    let sorted = cfg::sort(k).expect("sorts");
    let locals = predicate::block_locals(&sorted);
    let mut names: Vec<&str> = locals
        .iter()
        .map(|v| sorted.var(*v).name.as_str())
        .collect();
    names.sort();
    assert_eq!(names, ["a", "j", "o", "t"]);
    let p = predicated(sorted);
    insta::assert_snapshot!(format!("{p}"));
    let body = p.block(block(&p, "body"));
    for s in &body.stmts {
        if let Stmt::Assign { dst, value } = &s.stmt {
            let name = p.var(*dst).name.as_str();
            if name.starts_with("v_") {
                continue;
            }
            let guarded = matches!(value, Expr::Ite(_, _, keep) if **keep == Expr::var(*dst));
            assert_eq!(guarded, name == "i", "{name}: {value:?}");
        }
    }
}
