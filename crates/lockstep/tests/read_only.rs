//! A region no statement writes (or accesses atomically) cannot race, so it gets no race
//! logs, unless an annotation reads the logs.

use kir::*;
use lockstep::{two_thread, Launch, Options};
use predicate::Predicator;

fn region(k: &mut Kernel, name: &str) -> Region {
    k.add_region(RegionData::variable(name, Space::Global, 4))
}

/// Builds an assertion's condition from the kernel and its input region.
type Condition<'a> = &'a dyn Fn(&Kernel, Region) -> Expr;

/// `out[lid] = in[lid]`, then `assert(extra)` when given (built from the kernel).
fn copy(extra: Option<Condition>) -> Kernel {
    let mut k = Kernel::new("copy");
    let input = region(&mut k, "in");
    let output = region(&mut k, "out");
    let lid = k.builtin(Builtin::LocalId(0));
    let value = k.add_var("v", Ty::Bv(32), VarKind::Private);
    let off = Expr::bin(
        BinOp::Mul,
        Expr::cast(CastOp::ZExt, 64, Expr::Var(lid)),
        Expr::int(4, 64),
    );
    let entry = k.add_block("entry", Terminator::Return);
    let mut stmts = vec![
        StmtData::new(
            Stmt::Read {
                pred: Expr::tt(),
                dst: value,
                region: input,
                offset: off.clone(),
                bytes: 4,
                thread: None,
            },
            None,
        ),
        StmtData::new(
            Stmt::Write {
                pred: Expr::tt(),
                region: output,
                offset: off,
                value: Expr::Var(value),
                bytes: 4,
                thread: None,
            },
            None,
        ),
    ];
    if let Some(cond) = extra {
        let cond = cond(&k, input);
        stmts.push(StmtData::new(
            Stmt::Assert {
                cond,
                origin: AssertOrigin::User,
            },
            None,
        ));
    }
    k.block_mut(entry).stmts = stmts;
    k.layout = vec![entry];
    k
}

/// The names of the two-thread program's variables.
fn var_names(k: Kernel) -> Vec<String> {
    let sorted = cfg::sort(k).unwrap();
    let pred = predicate::Unstructured.predicate(sorted).unwrap();
    let opts = Options::for_launch(Launch::new([8, 1, 1], [2, 1, 1]).unwrap());
    let tt = two_thread(&pred, &opts).unwrap();
    kir::verify(&tt.kernel).unwrap();
    let k = tt.kernel;
    k.vars.iter().map(|v| v.name.clone()).collect()
}

#[test]
fn a_region_only_read_gets_no_logs() {
    let names = var_names(copy(None));
    assert!(names.iter().any(|n| n == "out.write.has"), "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with("in.")), "{names:?}");
}

#[test]
fn an_annotation_about_the_logs_keeps_them() {
    let read = |k: &Kernel, r: Region| {
        Expr::not(
            Ghost::LogHas {
                region: r,
                kind: AccessKind::Write,
            }
            .to_expr(k),
        )
    };
    let names = var_names(copy(Some(&read)));
    assert!(names.iter().any(|n| n == "in.read.has"), "{names:?}");
}
