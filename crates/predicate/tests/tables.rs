//! The predicated form of hand-built kernels: the paper's Tables 1, 2 and 4, its Fig. 3
//! kernel, a switch and an `unreachable`.

#[path = "../../cfg/tests/common/mod.rs"]
mod common;

use common::{block, fig3, names, shape, FIG3};
use kir::*;
use predicate::{PredicateError, Predicator, Unstructured};

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

fn one_of_each() -> Kernel {
    let mut k = Kernel::new("table1");
    k.files.push("t.cl".into());
    let x = k.add_var("x", Ty::Bv(32), VarKind::Private);
    let y = k.add_var("y", Ty::Bv(32), VarKind::Private);
    let r = k.add_region(RegionData {
        name: "A".into(),
        space: Space::Global,
        elem_bytes: 4,
        size_bytes: None,
        origin: RegionOrigin::Param { index: 0 },
        dims: Vec::new(),
    });
    let at = |line| {
        Some(Loc {
            file: 0,
            line,
            col: 1,
        })
    };
    let off = Expr::cast(CastOp::ZExt, 64, Expr::var(x));
    let positive = Expr::bin(BinOp::Ugt, Expr::var(x), Expr::int(0, 32));
    let stmts = vec![
        Stmt::Assign {
            dst: x,
            value: Expr::bin(BinOp::Add, Expr::var(y), Expr::int(1, 32)),
        },
        Stmt::Havoc { dst: y },
        Stmt::Assume {
            cond: positive.clone(),
        },
        Stmt::Assert {
            cond: positive,
            origin: AssertOrigin::User,
        },
        Stmt::Barrier {
            pred: Expr::tt(),
            fence: Fence {
                local: true,
                global: true,
            },
            scope: BarrierScope::Group,
            flags: FenceFlags::default(),
        },
        Stmt::Read {
            pred: Expr::tt(),
            dst: y,
            region: r,
            offset: off.clone(),
            bytes: 4,
            thread: None,
        },
        Stmt::Write {
            pred: Expr::bin(BinOp::Ult, Expr::var(y), Expr::int(9, 32)),
            region: r,
            offset: off.clone(),
            value: Expr::var(y),
            bytes: 4,
            thread: None,
        },
        Stmt::Atomic {
            pred: Expr::tt(),
            dst: Some(x),
            region: r,
            offset: off,
            bytes: 4,
            op: "add".into(),
            thread: None,
        },
        Stmt::HavocMemory {
            pred: Expr::tt(),
            region: r,
        },
    ];
    let b = k.add_block("B", Terminator::Return);
    k.layout.push(b);
    for (i, s) in stmts.into_iter().enumerate() {
        let mut data = StmtData::new(s, at(i as u32 + 1));
        data.witness.push(("x".into(), Expr::var(x)));
        k.block_mut(b).stmts.push(data);
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
    let p = predicated(shape(&[
        ("entry", &["head"]),
        ("head", &["body", "done"]),
        ("body", &["head"]),
        ("done", &[]),
    ]));
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
    let p = predicated(shape(&[
        ("entry", &["O"]),
        ("O", &["I", "end"]),
        ("I", &["A", "L"]),
        ("A", &["O", "L"]),
        ("L", &["I", "end"]),
        ("end", &[]),
    ]));
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
    let p = predicated(fig3(&FIG3));
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
    let p = predicated(shape(&[
        ("entry", &["a", "b", "other"]),
        ("a", &[]),
        ("b", &[]),
        ("other", &[]),
    ]));
    insta::assert_snapshot!(format!("{p}"));
}

#[test]
fn unreachable_assumes_inactive() {
    let p = predicated(shape(&[
        ("entry", &["ok", "bad"]),
        ("ok", &[]),
        ("bad", &["!"]),
    ]));
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
    let k = fig3(&FIG3);
    assert_eq!(
        Unstructured.predicate(k),
        Err(PredicateError::NotSorted {
            found: Phase::Lifted
        })
    );
    let mut unsorted = cfg::sort(fig3(&FIG3)).expect("sorts");
    unsorted.layout.swap(1, 2);
    assert!(matches!(
        Unstructured.predicate(unsorted),
        Err(PredicateError::BadOrder { .. })
    ));
    let mut no_exit = cfg::sort(fig3(&FIG3)).expect("sorts");
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
