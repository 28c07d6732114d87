//! `__array_snapshot` and `__atomic_has_taken_value` from source: the ghosts the lifter
//! leaves for the lock-step stage, and a snapshot that is not of a whole array.

use std::path::Path;

use inkwell::context::Context;
use kir::{Ghost, Stmt};

fn lift_source(file: &str) -> Result<kir::Kernel, lift::LiftError> {
    let ctx = Context::create();
    let path = Path::new("tests/data/src").join(file);
    let module = driver::load(&ctx, &path, &driver::CompileOptions::default())
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let names = lift::kernel_names(&module);
    lift::lift(&module, &names[0])
}

#[test]
fn a_snapshot_is_a_havoc_and_a_ghost_assumption() {
    let k = lift_source("ghost_arrays.cl").unwrap();
    kir::verify(&k).unwrap();
    let region = |name: &str| {
        (0..k.regions.len())
            .map(kir::Region::new)
            .find(|r| k.region(*r).name == name)
            .unwrap()
    };
    let (tile, saved, count) = (region("tile"), region("saved"), region("count"));
    let stmts: Vec<&Stmt> = k
        .blocks
        .iter()
        .flat_map(|b| &b.stmts)
        .map(|s| &s.stmt)
        .collect();
    let havoc = stmts
        .iter()
        .position(|s| matches!(s, Stmt::HavocMemory { region, .. } if *region == saved))
        .expect("the snapshot's havoc");
    let Stmt::Assume { cond } = stmts[havoc + 1] else {
        panic!("no assumption after the havoc: {k}");
    };
    assert_eq!(
        Ghost::of(cond),
        Some(Ghost::Snapshot {
            dst: saved,
            src: tile,
            thread: None
        })
    );
    // `__atomic_has_taken_value(count, 2, a)`: the region, the pointer's byte offset, the
    // index in cells and the value, each 64 bits.
    let mut taken = Vec::new();
    for s in &stmts {
        for e in s.exprs() {
            e.visit(&mut |x| {
                if let Some(Ghost::TakenValue {
                    region,
                    base,
                    index,
                    value,
                }) = Ghost::of(x)
                {
                    assert_eq!(base.ty(&k), kir::Ty::Bv(64));
                    assert_eq!(value.ty(&k), kir::Ty::Bv(64));
                    taken.push((region, base.clone(), index.clone()));
                }
            });
        }
    }
    assert_eq!(
        taken,
        [(count, kir::Expr::int(0, 64), kir::Expr::int(2, 64))],
        "{k}"
    );
}

#[test]
fn a_snapshot_of_part_of_an_array_is_unsupported() {
    let e = lift_source("snapshot_offset.cl").unwrap_err();
    assert!(
        e.to_string().contains(
            "unsupported `__array_snapshot` of a pointer that may not be the start of `a`"
        ),
        "{e}"
    );
    let pos = e.pos().unwrap();
    assert_eq!((pos.line, pos.col), (6, 3));
}
