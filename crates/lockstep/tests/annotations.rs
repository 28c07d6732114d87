//! The two-thread form of the annotation language's ghosts (`__enabled()`, `__other_int`,
//! `__same_group`, race-log predicates) and of global assertions, pinned.

use kir::*;
use lockstep::{two_thread, Launch, Options};
use predicate::Predicator;

fn build(k: Kernel) -> Kernel {
    let sorted = cfg::sort(k).unwrap();
    let pred = predicate::Unstructured.predicate(sorted).unwrap();
    kir::verify(&pred).unwrap();
    let opts = Options::for_launch(Launch::new([8, 1, 1], [2, 1, 1]).unwrap());
    let tt = two_thread(&pred, &opts).unwrap();
    kir::verify(&tt.kernel).unwrap();
    tt.kernel
}

fn assert_stmt(cond: Expr, origin: AssertOrigin) -> StmtData {
    StmtData::new(Stmt::Assert { cond, origin }, None)
}

/// `L[lid] = lid; if (lid < 4) { assert(enabled); global_assert(enabled);
/// assert(same_group ==> lid != other(lid)); assert(write(L) ==> offset(L) == 4 * lid) }`
#[test]
fn ghosts() {
    let mut k = Kernel::new("k");
    let l = k.add_region(RegionData::variable("L", Space::Local, 4));
    let lid = k.builtin(Builtin::LocalId(0));
    let off = Expr::bin(
        BinOp::Mul,
        Expr::cast(CastOp::ZExt, 64, Expr::Var(lid)),
        Expr::int(4, 64),
    );
    let exit = k.add_block("exit", Terminator::Return);
    let then = k.add_block("then", Terminator::Goto(exit));
    let cond = Expr::bin(BinOp::Ult, Expr::Var(lid), Expr::int(4, 32));
    let entry = k.add_block(
        "entry",
        Terminator::Branch {
            cond,
            then_to: then,
            else_to: exit,
        },
    );
    k.block_mut(entry).stmts = vec![StmtData::new(
        Stmt::Write {
            pred: Expr::tt(),
            region: l,
            offset: off.clone(),
            value: Expr::Var(lid),
            bytes: 4,
            thread: None,
        },
        None,
    )];
    let enabled = Ghost::Enabled.to_expr(&k);
    let other = Ghost::Other(&Expr::Var(lid)).to_expr(&k);
    let has = Ghost::LogHas {
        region: l,
        kind: AccessKind::Write,
    }
    .to_expr(&k);
    let at = Ghost::LogOffset {
        region: l,
        kind: AccessKind::Write,
    }
    .to_expr(&k);
    k.block_mut(then).stmts = vec![
        assert_stmt(enabled.clone(), AssertOrigin::User),
        assert_stmt(enabled, AssertOrigin::UserGlobal),
        assert_stmt(
            Expr::implies(
                Ghost::SameGroup.to_expr(&k),
                Expr::ne(Expr::Var(lid), other),
            ),
            AssertOrigin::User,
        ),
        assert_stmt(Expr::implies(has, Expr::eq(at, off)), AssertOrigin::User),
    ];
    k.layout = vec![entry, then, exit];
    let tt = build(k);
    let then_stmts: Vec<String> = {
        let p = Printer::new(&tt);
        tt.block(then)
            .stmts
            .iter()
            .map(|s| p.stmt(&s.stmt))
            .collect()
    };
    insta::assert_snapshot!(then_stmts.join("\n"));
}
