//! Memory in the symbolic execution: private arrays stay each thread's own when havocked
//! (a loop cut), local arrays are one while the threads share a group, and a snapshot
//! compares one thread's arrays.

use kir::*;

use super::Exec;
use crate::{LoopMode, SharedMemory, VcOptions};
use vc::Node;

fn kernel() -> (Kernel, [Region; 3], Var) {
    let mut k = Kernel::new("k");
    let mut region = |name: &str, space| k.add_region(RegionData::variable(name, space, 4));
    let p = region("p", Space::Private);
    let l = region("l", Space::Local);
    let s = region("s", Space::Local);
    let sg = k.add_var("same_group", Ty::Bool, VarKind::Instrumentation);
    let b = k.add_block("entry", Terminator::Return);
    k.layout.push(b);
    k.phase = Phase::TwoThread;
    (k, [p, l, s], sg)
}

fn exec(k: &Kernel, sg: Var) -> Exec<'_> {
    exec_with(k, sg, SharedMemory::Arrays)
}

fn exec_with(k: &Kernel, sg: Var, shared: SharedMemory) -> Exec<'_> {
    let opts = VcOptions {
        loops: LoopMode::Cut,
        shared,
        max_terms: 1 << 20,
        k_induction: 1,
    };
    let mut e = Exec::new(k, Some(sg), opts).unwrap();
    let assign = StmtData::new(
        Stmt::Assign {
            dst: sg,
            value: Expr::tt(),
        },
        None,
    );
    e.stmt(&assign).unwrap();
    e
}

/// Both threads in one group: after a havoc, their local arrays are one array, their
/// private arrays two.
#[test]
fn a_havoc_keeps_private_memory_per_thread() {
    let (k, [p, l, _], sg) = kernel();
    let mut e = exec(&k, sg);
    let yes = e.terms.bool(true);
    e.havoc_memory(p, yes);
    e.havoc_memory(l, yes);
    let [p1, p2] = e.mem[p.index()];
    assert_ne!(p1, p2);
    let [l1, l2] = e.mem[l.index()];
    assert_eq!(l1, l2, "one group shares its local memory");
}

/// `$snapshot(s, l, thread 2)` is the equality of thread 2's arrays.
#[test]
fn a_snapshot_compares_one_threads_arrays() {
    let (k, [_, l, s], sg) = kernel();
    let mut e = exec(&k, sg);
    let snap = Ghost::Snapshot {
        dst: s,
        src: l,
        thread: Some(Thread::T2),
    }
    .to_expr(&k);
    let t = e.expr(&snap).unwrap();
    let (a, b) = (e.mem[s.index()][1], e.mem[l.index()][1]);
    let expected = [Node::Eq(a, b), Node::Eq(b, a)];
    assert!(expected.contains(e.terms.node(t)), "{:?}", e.terms.node(t));
    // Without a thread it is not for vcgen.
    let unthreaded = Ghost::Snapshot {
        dst: s,
        src: l,
        thread: None,
    }
    .to_expr(&k);
    assert!(e.expr(&unthreaded).is_err());
}

/// With warps, a write of the two threads leaves local memory as the havoc before it made
/// it (the warp's other threads write there too), while private memory keeps the write.
#[test]
fn warps_do_not_track_shared_writes() {
    let (mut k, [p, l, _], sg) = kernel();
    let v = k.add_var("v", Ty::Bv(32), VarKind::Private);
    let mut e = exec_with(&k, sg, SharedMemory::Warps);
    let write = |region| {
        StmtData::new(
            Stmt::Write {
                pred: Expr::tt(),
                region,
                offset: Expr::int(0, OFFSET_WIDTH),
                value: Expr::Var(v),
                bytes: 4,
                thread: Some(Thread::T1),
            },
            None,
        )
    };
    let before = (e.mem[l.index()], e.mem[p.index()]);
    e.stmt(&write(l)).unwrap();
    e.stmt(&write(p)).unwrap();
    assert_eq!(e.mem[l.index()], before.0, "local memory: not tracked");
    assert_ne!(e.mem[p.index()], before.1, "private memory: tracked");
}

/// A region read and written only as aligned 4-byte words has 32-bit cells: one select per
/// read and one store per write; a region read at an offset not known to be aligned keeps
/// bytes (four selects, concatenated).
#[test]
fn a_word_region_gets_one_select_per_read() {
    // `p` is the local region `s` here: private regions always stay bytes.
    let (mut k, [private, l, p], sg) = kernel();
    let x = k.add_var("x", Ty::Bv(64), VarKind::Private);
    let (v, w) = (
        k.add_var("v", Ty::Bv(32), VarKind::Private),
        k.add_var("w", Ty::Bv(32), VarKind::Private),
    );
    let x4 = Expr::bin(BinOp::Mul, Expr::Var(x), Expr::int(4, 64));
    let read = |region, offset: &Expr, dst| {
        StmtData::new(
            Stmt::Read {
                pred: Expr::tt(),
                dst,
                region,
                offset: offset.clone(),
                bytes: 4,
                thread: Some(Thread::T1),
            },
            None,
        )
    };
    let write = StmtData::new(
        Stmt::Write {
            pred: Expr::tt(),
            region: p,
            offset: x4.clone(),
            value: Expr::Var(v),
            bytes: 4,
            thread: Some(Thread::T1),
        },
        None,
    );
    let stmts = vec![read(p, &x4, v), write.clone(), read(l, &Expr::Var(x), w)];
    let b = k.layout[0];
    k.block_mut(b).stmts = stmts.clone();
    let mut e = exec(&k, sg);
    assert_eq!(e.cells[p.index()], 4);
    assert_eq!(e.cells[l.index()], 1);
    assert_eq!(e.cells[private.index()], 1);
    for s in &stmts {
        e.stmt(s).unwrap();
    }
    let selects = |e: &Exec<'_>, t| {
        let mut n = 0;
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            if matches!(e.terms.node(t), Node::Select(..)) {
                n += 1;
            }
            stack.extend(vc::children(e.terms.node(t)));
        }
        n
    };
    let word = e.env[v.index()].unwrap();
    assert!(matches!(e.terms.node(word), Node::Select(..)));
    assert_eq!(e.terms.sort(word), crate::Sort::Bv(32));
    let bytes = e.env[w.index()].unwrap();
    assert_eq!(selects(&e, bytes), 4);
    assert_eq!(e.terms.sort(bytes), crate::Sort::Bv(32));
    // The write is one store of the whole word.
    let mem = e.mem[p.index()][0];
    let Node::Store(before, _, value) = *e.terms.node(mem) else {
        panic!("not a store: {:?}", e.terms.node(mem));
    };
    assert_eq!(value, word);
    assert!(matches!(e.terms.node(before), Node::Sym { .. }));
    assert_eq!(e.terms.sort(mem), crate::Sort::Mem(32));
}

/// After `assume g <u 1` (a dimension of one group) `g` is 0 in every later term, and after
/// `assume n == 1024` it is 1024; other assumptions leave the variable as it was.
#[test]
fn an_assumption_that_leaves_one_value_substitutes_it() {
    let (mut k, _, sg) = kernel();
    let g = k.add_var("group_id.x$1", Ty::Bv(32), VarKind::Private);
    let n = k.add_var("n", Ty::Bv(32), VarKind::Private);
    let m = k.add_var("m", Ty::Bv(32), VarKind::Private);
    let mut e = exec(&k, sg);
    let assume = |cond| StmtData::new(Stmt::Assume { cond }, None);
    let below = |v, c| Expr::bin(BinOp::Ult, Expr::Var(v), Expr::int(c, 32));
    e.stmt(&assume(below(g, 1))).unwrap();
    e.stmt(&assume(Expr::eq(Expr::int(1024, 32), Expr::Var(n))))
        .unwrap();
    e.stmt(&assume(below(m, 2))).unwrap();
    let sum = Expr::bin(
        BinOp::Add,
        Expr::bin(BinOp::Mul, Expr::Var(g), Expr::Var(m)),
        Expr::Var(n),
    );
    let t = e.expr(&sum).unwrap();
    let g_now = e.var(g);
    assert_eq!(e.terms.as_bv(g_now), Some((0, 32)));
    let n_now = e.var(n);
    assert_eq!(e.terms.as_bv(n_now), Some((1024, 32)));
    let m_now = e.var(m);
    assert_eq!(e.terms.as_bv(m_now), None, "m may be 0 or 1");
    // `g * m + n` mentions no symbol of g or n any more.
    let mut syms = Vec::new();
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        match e.terms.node(x) {
            Node::Sym { name, .. } => syms.push(name.clone()),
            other => stack.extend(vc::children(other)),
        }
    }
    assert!(syms
        .iter()
        .all(|s| !s.starts_with("group_id") && !s.starts_with("n.")));
}
