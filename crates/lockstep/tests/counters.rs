//! Refined atomic counters, the logs `__atomic_has_taken_value` reads, and
//! `__array_snapshot` in the two-thread program.

use kir::*;
use lockstep::{two_thread, Launch, LockstepError, Options, TwoThread};
use predicate::Predicator;

fn region(k: &mut Kernel, name: &str, space: Space, elem_bytes: u32) -> Region {
    k.add_region(RegionData::variable(name, space, elem_bytes))
}

fn build(k: Kernel) -> Result<TwoThread, LockstepError> {
    let sorted = cfg::sort(k).unwrap();
    let pred = predicate::Unstructured.predicate(sorted).unwrap();
    kir::verify(&pred).unwrap();
    let opts = Options::for_launch(Launch::new([8, 1, 1], [2, 1, 1]).unwrap());
    let tt = two_thread(&pred, &opts)?;
    kir::verify(&tt.kernel).unwrap();
    Ok(tt)
}

fn stmt(s: Stmt) -> StmtData {
    StmtData::new(s, None)
}

fn atomic(dst: Var, region: Region, op: &str) -> StmtData {
    stmt(Stmt::Atomic {
        pred: Expr::tt(),
        dst: Some(dst),
        region,
        offset: Expr::int(0, 64),
        bytes: 4,
        op: op.into(),
        thread: None,
    })
}

/// `slots[s] = 1` (one byte).
fn scatter(slots: Region, s: Var) -> StmtData {
    stmt(Stmt::Write {
        pred: Expr::tt(),
        region: slots,
        offset: Expr::cast(CastOp::ZExt, 64, Expr::Var(s)),
        value: Expr::int(1, 8),
        bytes: 1,
        thread: None,
    })
}

/// `__assert(__atomic_has_taken_value(counter, 0, s))`.
fn assert_taken(k: &Kernel, counter: Region, s: Var) -> StmtData {
    let (base, index) = (Expr::int(0, 64), Expr::int(0, 64));
    let value = Expr::cast(CastOp::ZExt, 64, Expr::Var(s));
    let cond = Ghost::TakenValue {
        region: counter,
        base: &base,
        index: &index,
        value: &value,
    }
    .to_expr(k);
    stmt(Stmt::Assert {
        cond,
        origin: AssertOrigin::User,
    })
}

/// `for (i = 0; i < 4; i++) { s = atomic_op(next); [assert taken(next, s);] slots[s] = 1; }`,
/// with the second atomic `op2` on even iterations when given. Returns the kernel and the
/// loop body.
fn loop_kernel(named: bool, op2: Option<&str>) -> (Kernel, Block) {
    let mut k = Kernel::new("k");
    let next = region(&mut k, "next", Space::Global, 4);
    let slots = region(&mut k, "slots", Space::Global, 1);
    let i = k.add_var("i", Ty::Bv(32), VarKind::Private);
    let s = k.add_var("s", Ty::Bv(32), VarKind::Private);
    let exit = k.add_block("exit", Terminator::Return);
    let head = k.add_block("head", Terminator::Return);
    let body = k.add_block("body", Terminator::Goto(head));
    let entry = k.add_block("entry", Terminator::Goto(head));
    k.block_mut(head).term = Terminator::Branch {
        cond: Expr::bin(BinOp::Ult, Expr::Var(i), Expr::int(4, 32)),
        then_to: body,
        else_to: exit,
    };
    k.block_mut(entry).stmts = vec![stmt(Stmt::Assign {
        dst: i,
        value: Expr::int(0, 32),
    })];
    let mut stmts = vec![atomic(s, next, "inc")];
    if let Some(op) = op2 {
        stmts.push(atomic(s, next, op));
    }
    if named {
        stmts.push(assert_taken(&k, next, s));
    }
    stmts.push(scatter(slots, s));
    stmts.push(stmt(Stmt::Assign {
        dst: i,
        value: Expr::bin(BinOp::Add, Expr::Var(i), Expr::int(1, 32)),
    }));
    k.block_mut(body).stmts = stmts;
    k.layout = vec![entry, head, body, exit];
    (k, body)
}

fn region_named(k: &Kernel, name: &str) -> Option<Region> {
    (0..k.regions.len())
        .map(Region::new)
        .find(|r| k.region(*r).name == name)
}

/// The reads and writes of `r` in block `b`, by thread.
fn accesses(k: &Kernel, b: Block, r: Region) -> (Vec<Thread>, Vec<Thread>) {
    let (mut reads, mut writes) = (Vec::new(), Vec::new());
    for s in &k.block(b).stmts {
        match &s.stmt {
            Stmt::Read {
                region,
                thread: Some(t),
                ..
            } if *region == r => reads.push(*t),
            Stmt::Write {
                region,
                thread: Some(t),
                ..
            } if *region == r => writes.push(*t),
            _ => {}
        }
    }
    (reads, writes)
}

/// A counter incremented in a loop and named by `__atomic_has_taken_value` is refined
/// under an assumption the program reports: each thread's result is looked up in the
/// other thread's log (a ghost private array), then added to its own.
#[test]
fn a_named_counter_in_a_loop_is_refined_under_a_reported_assumption() {
    let (k, body) = loop_kernel(true, None);
    let tt = build(k).unwrap();
    assert_eq!(tt.assumptions.len(), 1, "{:?}", tt.assumptions);
    assert!(tt.assumptions[0].contains("counter next is incremented fewer than 2^32 times"));
    let log = region_named(&tt.kernel, "next.taken").unwrap();
    assert_eq!(tt.kernel.region(log).space, Space::Private);
    let (reads, writes) = accesses(&tt.kernel, body, log);
    // Distinctness: each thread's result against the other's log (thread 1's against
    // thread 2's, then the other way round); the assertion: each thread's own log.
    assert_eq!(reads, [Thread::T2, Thread::T1, Thread::T1, Thread::T2]);
    assert_eq!(writes, [Thread::T1, Thread::T2]);
    let p = Printer::new(&tt.kernel);
    let body_stmts: Vec<String> = tt
        .kernel
        .block(body)
        .stmts
        .iter()
        .map(|s| p.stmt(&s.stmt))
        .filter(|s| s.contains("taken"))
        .collect();
    insta::assert_snapshot!(body_stmts.join("\n"));
}

/// Without the annotation, a counter in a loop stays abstract: it could wrap around.
#[test]
fn an_unnamed_counter_in_a_loop_stays_abstract() {
    let (k, _) = loop_kernel(false, None);
    let tt = build(k).unwrap();
    assert!(tt.assumptions.is_empty());
    assert_eq!(region_named(&tt.kernel, "next.taken"), None);
}

/// Increments and additions on one counter: logged for the annotation, never refined.
#[test]
fn a_counter_with_two_kinds_of_update_is_logged_but_not_refined() {
    let (k, body) = loop_kernel(true, Some("add"));
    let tt = build(k).unwrap();
    assert!(tt.assumptions.is_empty());
    let log = region_named(&tt.kernel, "next.taken").unwrap();
    let (reads, writes) = accesses(&tt.kernel, body, log);
    // Only the assertion's reads of each thread's own log.
    assert_eq!(reads, [Thread::T1, Thread::T2]);
    assert_eq!(writes.len(), 4);
}

/// Without a loop the log is one set of ghosts per atomic statement and thread, and a
/// barrier forgets it.
#[test]
fn without_a_loop_the_log_is_per_statement_and_a_barrier_forgets_it() {
    let mut k = Kernel::new("k");
    let next = region(&mut k, "next", Space::Global, 4);
    let slots = region(&mut k, "slots", Space::Global, 1);
    let s = k.add_var("s", Ty::Bv(32), VarKind::Private);
    let b = k.add_block("entry", Terminator::Return);
    let taken = assert_taken(&k, next, s);
    k.block_mut(b).stmts = vec![
        atomic(s, next, "inc"),
        taken,
        scatter(slots, s),
        stmt(Stmt::Barrier {
            pred: Expr::tt(),
            fence: Fence {
                local: true,
                global: true,
            },
            scope: BarrierScope::Group,
            flags: FenceFlags::default(),
        }),
    ];
    k.layout = vec![b];
    let tt = build(k).unwrap();
    assert!(tt.assumptions.is_empty());
    assert_eq!(region_named(&tt.kernel, "next.taken"), None);
    let p = Printer::new(&tt.kernel);
    let printed: Vec<String> = tt
        .kernel
        .block(b)
        .stmts
        .iter()
        .map(|s| p.stmt(&s.stmt))
        .filter(|s| s.contains("taken0"))
        .collect();
    insta::assert_snapshot!(printed.join("\n"));
}

/// A snapshot is made in each thread's memory.
#[test]
fn a_snapshot_is_per_thread() {
    let mut k = Kernel::new("k");
    let a = region(&mut k, "A", Space::Local, 4);
    let g = region(&mut k, "A_ghost", Space::Local, 4);
    let b = k.add_block("entry", Terminator::Return);
    let cond = Ghost::Snapshot {
        dst: g,
        src: a,
        thread: None,
    }
    .to_expr(&k);
    k.block_mut(b).stmts = vec![
        stmt(Stmt::HavocMemory {
            pred: Expr::tt(),
            region: g,
        }),
        stmt(Stmt::Assume { cond }),
    ];
    k.layout = vec![b];
    let tt = build(k).unwrap();
    let mut threads = Vec::new();
    for s in &tt.kernel.block(b).stmts {
        for e in s.stmt.exprs() {
            e.visit(&mut |x| {
                if let Some(Ghost::Snapshot { dst, src, thread }) = Ghost::of(x) {
                    assert_eq!((dst, src), (g, a));
                    threads.push(thread);
                }
            });
        }
    }
    assert_eq!(threads, [Some(Thread::T1), Some(Thread::T2)]);
}

/// A snapshot between arrays of different element sizes is an error at the annotation.
#[test]
fn a_snapshot_of_a_different_array_shape_is_an_error() {
    let mut k = Kernel::new("k");
    let a = region(&mut k, "A", Space::Local, 4);
    let g = region(&mut k, "B", Space::Local, 2);
    k.files = vec!["k.cl".into()];
    let b = k.add_block("entry", Terminator::Return);
    let cond = Ghost::Snapshot {
        dst: g,
        src: a,
        thread: None,
    }
    .to_expr(&k);
    let loc = Loc {
        file: 0,
        line: 7,
        col: 3,
    };
    k.block_mut(b).stmts = vec![StmtData::new(Stmt::Assume { cond }, Some(loc))];
    k.layout = vec![b];
    match build(k) {
        Err(LockstepError::Unsupported { construct, .. }) => assert_eq!(
            construct,
            "k.cl:7:3: `__array_snapshot` of `A` into `B`: their elements differ in size (4 and 2 bytes)"
        ),
        other => panic!("{:?}", other.map(|t| t.kernel.name)),
    }
}
