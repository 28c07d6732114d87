//! The two-thread form of a barrier invariant: checks before the barrier (the
//! invariant, the permission to read what it reads), assumptions for every instantiation
//! after the barrier's havoc, and the permission bookkeeping at each access.

use kir::*;
use lockstep::{two_thread, Launch, Options};
use predicate::Predicator;

fn build(k: Kernel) -> Result<Kernel, lockstep::LockstepError> {
    let sorted = cfg::sort(k).unwrap();
    let pred = predicate::Unstructured.predicate(sorted).unwrap();
    kir::verify(&pred).unwrap();
    let opts = Options::for_launch(Launch::new([8, 1, 1], [2, 1, 1]).unwrap());
    let tt = two_thread(&pred, &opts)?;
    kir::verify(&tt.kernel).unwrap();
    Ok(tt.kernel)
}

/// `L[lid] = lid; __barrier_invariant_2(L[lid] == lid, lid, lid + 1); [barrier]`
fn kernel(with_barrier: bool) -> Kernel {
    let mut k = Kernel::new("k");
    let l = k.add_region(RegionData {
        size_bytes: Some(32),
        ..RegionData::variable("L", Space::Local, 4)
    });
    let lid = k.builtin(Builtin::LocalId(0));
    let off = Expr::bin(
        BinOp::Mul,
        Expr::cast(CastOp::ZExt, 64, Expr::Var(lid)),
        Expr::int(4, 64),
    );
    let load = Ghost::Load {
        region: l,
        offset: &off,
        bytes: 4,
    }
    .to_expr(&k);
    let args = [
        Expr::eq(load, Expr::Var(lid)),
        Expr::Var(lid),
        Expr::bin(BinOp::Add, Expr::Var(lid), Expr::int(1, 32)),
    ];
    let inv = Ghost::BarrierInvariant {
        binary: false,
        args: &args,
    }
    .to_expr(&k);
    let entry = k.add_block("entry", Terminator::Return);
    let mut stmts = vec![
        StmtData::new(
            Stmt::Write {
                pred: Expr::tt(),
                region: l,
                offset: off,
                value: Expr::Var(lid),
                bytes: 4,
                thread: None,
            },
            None,
        ),
        StmtData::new(
            Stmt::Assert {
                cond: inv,
                origin: AssertOrigin::BarrierInvariant,
            },
            None,
        ),
    ];
    if with_barrier {
        stmts.push(StmtData::new(
            Stmt::Barrier {
                pred: Expr::tt(),
                fence: Fence {
                    local: true,
                    global: false,
                },
                scope: BarrierScope::Group,
                flags: FenceFlags::default(),
            },
            None,
        ));
    }
    k.block_mut(entry).stmts = stmts;
    k.layout = vec![entry];
    k
}

#[test]
fn checked_before_and_assumed_after_the_barrier() {
    let tt = build(kernel(true)).unwrap();
    let p = Printer::new(&tt);
    let entry = tt.layout[1];
    let stmts: Vec<String> = tt
        .block(entry)
        .stmts
        .iter()
        .map(|s| p.stmt(&s.stmt))
        .collect();
    let pos = |needle: &str| stmts.iter().position(|s| s.contains(needle));
    let access = pos("{barrier-invariant-access").expect("access check");
    let check = pos("{barrier-invariant}").expect("invariant check");
    let havoc = pos("havoc_memory").expect("havoc of local memory");
    let assumes: Vec<usize> = (havoc..stmts.len())
        .filter(|&i| stmts[i].starts_with("assume") && stmts[i].contains("L.inv"))
        .collect();
    assert!(access < check && check < havoc);
    // Two instantiations, each for both threads.
    assert_eq!(assumes.len(), 4, "{}", stmts.join("\n"));
    // The write grants permission (for thread 1, and thread 2 of the same group).
    let grants = stmts
        .iter()
        .filter(|s| s.starts_with("assume") && s.contains("L.not_accessed"))
        .count();
    assert_eq!(grants, 2);
    insta::assert_snapshot!(stmts.join("\n"));
}

#[test]
fn an_invariant_needs_a_barrier_after_it() {
    let err = build(kernel(false)).unwrap_err();
    assert!(
        matches!(&err, lockstep::LockstepError::Unsupported { construct, .. }
            if construct.contains("not followed by a barrier")),
        "{err}"
    );
}
