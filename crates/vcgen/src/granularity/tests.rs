//! Alignment of offsets, and which regions get word cells.

use std::collections::HashMap;

use kir::*;

use super::{cell_bytes, known_zeros, multiple_of};

fn int(v: u64) -> Expr {
    Expr::int(v, 64)
}

fn var(k: &mut Kernel, name: &str) -> Var {
    k.add_var(name, Ty::Bv(64), VarKind::Private)
}

#[test]
fn offsets_that_are_multiples() {
    let mut k = Kernel::new("k");
    let (x, y) = (var(&mut k, "x"), var(&mut k, "y"));
    let none = HashMap::new();
    let x4 = Expr::bin(BinOp::Mul, Expr::Var(x), int(4));
    assert!(multiple_of(&int(12), 4, &none));
    assert!(!multiple_of(&int(6), 4, &none));
    assert!(multiple_of(&int(0), 8, &none));
    assert!(multiple_of(&x4, 4, &none));
    assert!(!multiple_of(&x4, 8, &none));
    assert!(!multiple_of(&Expr::Var(x), 2, &none));
    // Shifts, sums, differences, choices and extensions of multiples.
    let shl = Expr::bin(BinOp::Shl, Expr::Var(x), int(3));
    assert!(multiple_of(&shl, 8, &none));
    let shl_var = Expr::bin(BinOp::Shl, Expr::Var(x), Expr::Var(y));
    assert!(!multiple_of(&shl_var, 2, &none));
    let sum = Expr::bin(BinOp::Add, x4.clone(), shl.clone());
    assert!(multiple_of(&sum, 4, &none));
    let off_by_two = Expr::bin(BinOp::Sub, x4.clone(), int(2));
    assert!(multiple_of(&off_by_two, 2, &none));
    assert!(!multiple_of(&off_by_two, 4, &none));
    let c = Expr::Var(k.add_var("c", Ty::Bool, VarKind::Private));
    assert!(multiple_of(
        &Expr::ite(c.clone(), x4.clone(), int(8)),
        4,
        &none
    ));
    assert!(!multiple_of(&Expr::ite(c, x4.clone(), int(2)), 4, &none));
    let narrow = Expr::bin(BinOp::Mul, Expr::int(5, 32), Expr::int(8, 32));
    assert!(multiple_of(
        &Expr::cast(CastOp::ZExt, 64, narrow.clone()),
        8,
        &none
    ));
    assert!(multiple_of(&Expr::cast(CastOp::SExt, 64, narrow), 8, &none));
    // Masking off the low bits.
    let masked = Expr::bin(BinOp::And, Expr::Var(y), int(!3));
    assert!(multiple_of(&masked, 4, &none));
    // A variable counts as its analysis says.
    let vars = HashMap::from([(y, 3)]);
    assert_eq!(known_zeros(&Expr::Var(y), &vars), 3);
    assert!(multiple_of(&Expr::Var(y), 8, &vars));
    assert!(!multiple_of(&Expr::Var(y), 8, &none));
    // Division and the like prove nothing.
    let div = Expr::bin(BinOp::UDiv, x4, int(2));
    assert!(!multiple_of(&div, 2, &none));
}

fn region(k: &mut Kernel, name: &str) -> Region {
    k.add_region(RegionData::variable(name, Space::Global, 4))
}

fn read(k: &mut Kernel, region: Region, offset: Expr, bytes: u32) -> StmtData {
    let dst = k.add_var("v", Ty::Bv(bytes * 8), VarKind::Private);
    StmtData::new(
        Stmt::Read {
            pred: Expr::tt(),
            dst,
            region,
            offset,
            bytes,
            thread: Some(Thread::T1),
        },
        None,
    )
}

#[test]
fn regions_whose_accesses_are_aligned_words_get_word_cells() {
    let mut k = Kernel::new("k");
    let x = var(&mut k, "x");
    let [words, mixed, odd, bytes, quiet, snap] =
        ["w", "m", "o", "b", "q", "s"].map(|n| region(&mut k, n));
    let x4 = Expr::bin(BinOp::Mul, Expr::Var(x), int(4));
    let stmts = vec![
        read(&mut k, words, x4.clone(), 4),
        read(&mut k, words, int(8), 4),
        read(&mut k, mixed, x4.clone(), 4),
        read(&mut k, mixed, x4.clone(), 2),
        read(&mut k, odd, Expr::bin(BinOp::Add, x4.clone(), int(2)), 4),
        read(&mut k, bytes, Expr::Var(x), 1),
        read(&mut k, snap, x4.clone(), 4),
    ];
    let b = k.add_block("entry", Terminator::Return);
    k.block_mut(b).stmts = stmts;
    k.layout.push(b);
    let cells = cell_bytes(&k, &[], &HashMap::new());
    assert_eq!(cells[words.index()], 4);
    assert_eq!(cells[mixed.index()], 1, "two sizes");
    assert_eq!(cells[odd.index()], 1, "not aligned");
    assert_eq!(cells[bytes.index()], 1);
    assert_eq!(cells[quiet.index()], 1, "never accessed");
    assert_eq!(cells[snap.index()], 4);
    // A snapshot gives both sides one width: the unaccessed side takes the other's...
    let snapshot = |dst, src| {
        Ghost::Snapshot {
            dst,
            src,
            thread: Some(Thread::T1),
        }
        .to_expr(&k)
    };
    let into_quiet = snapshot(quiet, snap);
    let cells = cell_bytes(&k, &[&into_quiet], &HashMap::new());
    assert_eq!((cells[quiet.index()], cells[snap.index()]), (4, 4));
    // ...and a byte side makes both bytes.
    let from_bytes = snapshot(snap, bytes);
    let cells = cell_bytes(&k, &[&into_quiet, &from_bytes], &HashMap::new());
    assert_eq!(
        (cells[quiet.index()], cells[snap.index()]),
        (1, 1),
        "bytes spread along snapshots"
    );
}

#[test]
fn ghost_loads_count_on_their_form_alone() {
    let mut k = Kernel::new("k");
    let x = var(&mut k, "x");
    let [a, b, t] = ["a", "b", "t"].map(|n| region(&mut k, n));
    let aligned = HashMap::from([(x, 2)]);
    let load = |region, offset: &Expr| {
        Ghost::LoadOf {
            region,
            offset,
            bytes: 4,
            thread: Thread::T1,
        }
        .to_expr(&k)
    };
    let x4 = Expr::bin(BinOp::Mul, Expr::Var(x), int(4));
    let by_form = load(a, &x4);
    let by_var = load(b, &Expr::Var(x));
    let taken = Ghost::TakenValue {
        region: t,
        base: &int(0),
        index: &int(0),
        value: &int(0),
    }
    .to_expr(&k);
    let stmts = vec![read(&mut k, b, Expr::Var(x), 4), read(&mut k, t, int(0), 4)];
    let blk = k.add_block("entry", Terminator::Return);
    k.block_mut(blk).stmts = stmts;
    k.layout.push(blk);
    let cells = cell_bytes(&k, &[&by_form, &by_var, &taken], &aligned);
    assert_eq!(cells[a.index()], 4);
    assert_eq!(
        cells[b.index()],
        1,
        "a ghost load's variable is not trusted"
    );
    assert_eq!(cells[t.index()], 1, "taken values stay bytes");
    // Without the ghost load, the program's own access may use the analysis.
    assert_eq!(cell_bytes(&k, &[], &aligned)[b.index()], 4);
}
