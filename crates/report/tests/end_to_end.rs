//! Hand-built kernels through the engine's passes, vcgen, smt and report: the verdict
//! and the facts of each defect.

use kir::*;
use lockstep::Launch;
use report::{DefectKind, KernelReport, Language, ReportContext, Verdict};

struct K {
    k: Kernel,
    a: Region,
    lid: Var,
    gid: Var,
}

fn kernel(space: Space) -> K {
    let mut k = Kernel::new("k");
    k.files.push("k.cl".into());
    let a = k.add_region(RegionData {
        name: "A".into(),
        space,
        elem_bytes: 4,
        size_bytes: None,
        origin: RegionOrigin::Param { index: 0 },
        dims: Vec::new(),
    });
    k.params.push(ParamData::Pointer {
        name: "A".into(),
        region: a,
    });
    let lid = k.builtin(Builtin::LocalId(0));
    let gid = k.builtin(Builtin::GroupId(0));
    K { k, a, lid, gid }
}

fn loc(line: u32) -> Option<Loc> {
    Some(Loc {
        file: 0,
        line,
        col: 3,
    })
}

/// Byte offset of element `e` (a 32-bit expression) of an int array.
fn elem(e: Expr) -> Expr {
    Expr::bin(
        BinOp::Mul,
        Expr::cast(CastOp::ZExt, 64, e),
        Expr::int(4, 64),
    )
}

fn write(k: &K, index: Expr, value: Expr, line: u32) -> StmtData {
    StmtData::new(
        Stmt::Write {
            pred: Expr::tt(),
            region: k.a,
            offset: elem(index),
            value,
            bytes: 4,
            thread: None,
        },
        loc(line),
    )
}

fn read(k: &mut K, index: Expr, line: u32) -> (StmtData, Var) {
    let v = k.k.add_var("x", Ty::Bv(32), VarKind::Private);
    let s = StmtData::new(
        Stmt::Read {
            pred: Expr::tt(),
            dst: v,
            region: k.a,
            offset: elem(index),
            bytes: 4,
            thread: None,
        },
        loc(line),
    );
    (s, v)
}

fn barrier(local: bool, global: bool, line: u32) -> StmtData {
    StmtData::new(
        Stmt::Barrier {
            pred: Expr::tt(),
            fence: Fence { local, global },
            scope: BarrierScope::Group,
            flags: FenceFlags::default(),
        },
        loc(line),
    )
}

/// A kernel of one straight-line block.
fn straight(mut k: K, stmts: Vec<StmtData>) -> Kernel {
    let b = k.k.add_block("entry", Terminator::Return);
    k.k.block_mut(b).stmts = stmts;
    k.k.layout.push(b);
    k.k
}

/// The two-thread program of a hand-built kernel, through the engine's passes (each
/// phase-checked and verified by the runner).
fn two_thread(k: Kernel, local: u32, groups: u32) -> (lockstep::TwoThread, Launch) {
    two_thread_with(k, local, groups, lockstep::Benign::GpuVerify)
}

fn two_thread_with(
    k: Kernel,
    local: u32,
    groups: u32,
    benign: lockstep::Benign,
) -> (lockstep::TwoThread, Launch) {
    let launch = Launch::new([local, 1, 1], [groups, 1, 1]).unwrap();
    let mut opts = engine::Options::for_launch(launch);
    opts.lockstep.benign = benign;
    let mut runner = kir::Runner::default();
    let k = runner
        .start("kir", Phase::Lifted, k)
        .expect("well-formed test kernel");
    let tt = engine::front::from_lifted(&mut runner, k, &opts, &mut None).expect("two-thread");
    (tt, launch)
}

fn run(k: Kernel, local: u32, groups: u32) -> KernelReport {
    run_with(k, local, groups, lockstep::Benign::GpuVerify)
}

fn run_with(k: Kernel, local: u32, groups: u32, benign: lockstep::Benign) -> KernelReport {
    let (tt, launch) = two_thread_with(k, local, groups, benign);
    let vc = vcgen::generate(
        &tt,
        &vcgen::VcOptions {
            loops: vcgen::LoopMode::Complete(4),
            shared: vcgen::SharedMemory::Arrays,
            max_terms: vcgen::DEFAULT_MAX_TERMS,
            k_induction: 1,
        },
    )
    .expect("vc");
    let out = smt::solve(
        &vc,
        &smt::SolveOptions::for_time(std::time::Duration::from_secs(30)),
    );
    let cx = ReportContext {
        kernel: &tt.kernel,
        accesses: &tt.accesses,
        launch,
        language: Language::OpenCl,
        invariants: false,
    };
    report::build(&cx, &vc, &out)
}

fn lid(k: &K) -> Expr {
    Expr::Var(k.lid)
}

#[test]
fn each_thread_its_own_element_is_verified() {
    let k = kernel(Space::Global);
    let s = vec![write(&k, lid(&k), lid(&k), 2)];
    let r = run(straight(k, s), 64, 1);
    assert_eq!(r.verdict, Verdict::Verified, "{r:?}");
}

#[test]
fn same_element_different_values_races() {
    let k = kernel(Space::Global);
    let s = vec![write(&k, Expr::int(0, 32), lid(&k), 2)];
    let r = run(straight(k, s), 64, 1);
    assert_eq!(r.verdict, Verdict::Defects);
    let d = &r.diagnostics[0];
    assert_eq!(d.kind, DefectKind::Race);
    assert_eq!(d.message, "possible write-write race on A[0]:");
    assert_ne!(d.threads[0], d.threads[1]);
}

#[test]
fn same_value_writes_are_benign() {
    let k = kernel(Space::Global);
    let s = vec![write(&k, Expr::int(0, 32), Expr::int(1, 32), 2)];
    let r = run(straight(k, s), 64, 1);
    assert_eq!(r.verdict, Verdict::Verified, "{r:?}");
}

#[test]
fn neighbour_read_then_write_is_a_read_write_race() {
    let mut k = kernel(Space::Local);
    let next = Expr::bin(BinOp::Add, lid(&k), Expr::int(1, 32));
    let (r1, x) = read(&mut k, next, 2);
    let w = write(&k, lid(&k), Expr::Var(x), 3);
    let r = run(straight(k, vec![r1, w]), 64, 1);
    assert_eq!(r.verdict, Verdict::Defects);
    let d = &r.diagnostics[0];
    assert!(
        d.message.starts_with("possible read-write race on A["),
        "{}",
        d.message
    );
    assert_eq!(d.pos.as_ref().unwrap().line, 3);
    assert_eq!(d.accesses[1].pos.as_ref().unwrap().line, 2);
}

#[test]
fn a_barrier_separates_the_read_from_the_write() {
    let mut k = kernel(Space::Local);
    let next = Expr::bin(BinOp::Add, lid(&k), Expr::int(1, 32));
    let (r1, x) = read(&mut k, next, 2);
    let w = write(&k, lid(&k), Expr::Var(x), 4);
    let r = run(straight(k, vec![r1, barrier(true, false, 3), w]), 64, 1);
    assert_eq!(r.verdict, Verdict::Verified, "{r:?}");
}

#[test]
fn a_local_fence_does_not_order_global_memory() {
    let mut k = kernel(Space::Global);
    let next = Expr::bin(BinOp::Add, lid(&k), Expr::int(1, 32));
    let (r1, x) = read(&mut k, next, 2);
    let w = write(&k, lid(&k), Expr::Var(x), 4);
    let r = run(straight(k, vec![r1, barrier(true, false, 3), w]), 64, 1);
    assert_eq!(r.verdict, Verdict::Defects, "{r:?}");
}

#[test]
fn groups_race_on_global_memory_but_not_on_local() {
    for (space, verdict) in [
        (Space::Global, Verdict::Defects),
        (Space::Local, Verdict::Verified),
    ] {
        let k = kernel(space);
        let value = Expr::Var(k.gid);
        let s = vec![write(&k, lid(&k), value, 2)];
        let r = run(straight(k, s), 8, 2);
        assert_eq!(r.verdict, verdict, "{space:?}: {r:?}");
    }
}

/// `if (lid < 5) barrier();` as a CFG.
#[test]
fn barrier_under_thread_dependent_branch_diverges() {
    let mut k = kernel(Space::Local);
    let cond = Expr::bin(BinOp::Ult, lid(&k), Expr::int(5, 32));
    let exit = k.k.add_block("exit", Terminator::Return);
    let then = k.k.add_block("then", Terminator::Goto(exit));
    k.k.block_mut(then).stmts = vec![barrier(true, false, 3)];
    let entry = k.k.add_block(
        "entry",
        Terminator::Branch {
            cond,
            then_to: then,
            else_to: exit,
        },
    );
    k.k.layout = vec![entry, then, exit];
    let r = run(k.k, 64, 1);
    assert_eq!(r.verdict, Verdict::Defects);
    assert_eq!(r.diagnostics[0].kind, DefectKind::BarrierDivergence);
}

#[test]
fn assertions_hold_or_fail_with_the_failing_thread() {
    let k = kernel(Space::Global);
    let holds = Expr::bin(BinOp::Ult, lid(&k), Expr::int(64, 32));
    let fails = Expr::ne(lid(&k), Expr::int(7, 32));
    let assert = |c| {
        StmtData::new(
            Stmt::Assert {
                cond: c,
                origin: AssertOrigin::User,
            },
            loc(2),
        )
    };
    let r = run(straight(k, vec![assert(holds)]), 64, 1);
    assert_eq!(r.verdict, Verdict::Verified, "{r:?}");
    let k = kernel(Space::Global);
    let r = run(straight(k, vec![assert(fails)]), 64, 1);
    assert_eq!(r.verdict, Verdict::Defects);
    assert_eq!(
        r.diagnostics[0].message,
        "this assertion might not hold for work item 7 with local id 7 in work group 0"
    );
}

/// `for (i = 0; i < n; i++) A[lid] = i;` — proved when n is at most the unrolling depth,
/// inconclusive (never verified) otherwise.
#[test]
fn loops_are_verified_only_when_fully_unrolled() {
    for (n, verdict) in [(3u64, Verdict::Verified), (9, Verdict::Inconclusive)] {
        let mut k = kernel(Space::Global);
        let i = k.k.add_var("i", Ty::Bv(32), VarKind::Private);
        let body = vec![write(&k, lid(&k), Expr::Var(i), 4)];
        let k = counting_loop(k, i, Expr::int(n, 32), body);
        let r = run(k, 16, 1);
        assert_eq!(r.verdict, verdict, "n = {n}: {r:?}");
    }
}

/// `v = A[0]; A[0] = v;` stores what is there already: no other thread can tell. Storing
/// `v + 1` races with the read.
#[test]
fn a_write_that_changes_nothing_does_not_race_with_reads() {
    use lockstep::Benign;
    // Only `--benign=values` trusts the value read from memory to be what is written back;
    // the default (GPUVerify's rule) reads it as arbitrary, and `none` tolerates nothing.
    for (benign, delta, verdict) in [
        (Benign::Values, 0u64, Verdict::Verified),
        (Benign::Values, 1, Verdict::Defects),
        (Benign::GpuVerify, 0, Verdict::Defects),
        (Benign::None, 0, Verdict::Defects),
    ] {
        let mut k = kernel(Space::Local);
        let (r1, x) = read(&mut k, Expr::int(0, 32), 2);
        let value = Expr::bin(BinOp::Add, Expr::Var(x), Expr::int(delta, 32));
        let w = write(&k, Expr::int(0, 32), value, 3);
        let r = run_with(straight(k, vec![r1, w]), 64, 1, benign);
        assert_eq!(r.verdict, verdict, "{benign:?}, delta {delta}: {r:?}");
    }
}

fn atomic(k: &K, index: Expr, line: u32) -> StmtData {
    StmtData::new(
        Stmt::Atomic {
            pred: Expr::tt(),
            dst: None,
            region: k.a,
            offset: elem(index),
            bytes: 4,
            op: "add".into(),
            thread: None,
        },
        loc(line),
    )
}

/// Atomics never race with atomics; they do race with plain accesses.
#[test]
fn atomics_race_only_with_plain_accesses() {
    let k = kernel(Space::Global);
    let s = vec![
        atomic(&k, Expr::int(0, 32), 2),
        atomic(&k, Expr::int(0, 32), 3),
    ];
    let r = run(straight(k, s), 64, 2);
    assert_eq!(r.verdict, Verdict::Verified, "{r:?}");

    let k = kernel(Space::Global);
    let s = vec![
        atomic(&k, Expr::int(0, 32), 2),
        write(&k, Expr::int(0, 32), Expr::int(1, 32), 3),
    ];
    let r = run(straight(k, s), 64, 1);
    assert_eq!(r.verdict, Verdict::Defects);
    assert_eq!(
        r.diagnostics[0].message,
        "possible atomic-write race on A[0]:"
    );

    let mut k = kernel(Space::Local);
    let (r1, _) = read(&mut k, Expr::int(0, 32), 2);
    let s = vec![r1, atomic(&k, Expr::int(0, 32), 3)];
    let r = run(straight(k, s), 64, 1);
    assert_eq!(r.verdict, Verdict::Defects);
    assert_eq!(
        r.diagnostics[0].message,
        "possible read-atomic race on A[0]:"
    );
}

/// Unrolling, then Houdini when unrolling cannot cover every iteration (what the CLI does).
fn run_with_houdini(k: Kernel, local: u32, groups: u32) -> KernelReport {
    let (tt, launch) = two_thread(k, local, groups);
    let opts = vcgen::VcOptions {
        loops: vcgen::LoopMode::Cut,
        shared: vcgen::SharedMemory::Arrays,
        max_terms: vcgen::DEFAULT_MAX_TERMS,
        k_induction: 1,
    };
    let candidates = vcgen::candidates(&tt);
    let h = smt::houdini(
        candidates.len(),
        |kept| vcgen::generate_kept(&tt, &opts, &candidates, kept),
        &smt::SolveOptions::for_time(std::time::Duration::from_secs(60)),
    )
    .expect("vc");
    let cx = ReportContext {
        kernel: &tt.kernel,
        accesses: &tt.accesses,
        launch,
        language: Language::OpenCl,
        invariants: true,
    };
    report::build(&cx, &h.vc, &h.outcome)
}

/// `for (i = 0; i < n; i++) { A[index] = i; barrier(); }` with n a parameter.
fn param_loop(space: Space, index: impl Fn(&K) -> Expr, with_barrier: bool) -> Kernel {
    let mut k = kernel(space);
    let n = k.k.add_var("n", Ty::Bv(32), VarKind::Param { index: 1 });
    k.k.params.push(ParamData::Scalar {
        name: "n".into(),
        var: n,
    });
    let i = k.k.add_var("i", Ty::Bv(32), VarKind::Private);
    let mut body = vec![write(&k, index(&k), Expr::Var(i), 4)];
    if with_barrier {
        body.push(barrier(true, true, 5));
    }
    counting_loop(k, i, Expr::Var(n), body)
}

/// `for (i = 0; i < bound; i++) { body }` as a CFG: entry, head, body, exit.
fn counting_loop(mut k: K, i: Var, bound: Expr, mut body: Vec<StmtData>) -> Kernel {
    let assign = |value| StmtData::new(Stmt::Assign { dst: i, value }, None);
    let exit = k.k.add_block("exit", Terminator::Return);
    let head = k.k.add_block("head", Terminator::Return);
    let body_block = k.k.add_block("body", Terminator::Goto(head));
    let entry = k.k.add_block("entry", Terminator::Goto(head));
    k.k.block_mut(entry).stmts = vec![assign(Expr::int(0, 32))];
    k.k.block_mut(head).term = Terminator::Branch {
        cond: Expr::bin(BinOp::Ult, Expr::Var(i), bound),
        then_to: body_block,
        else_to: exit,
    };
    body.push(assign(Expr::bin(
        BinOp::Add,
        Expr::Var(i),
        Expr::int(1, 32),
    )));
    k.k.block_mut(body_block).stmts = body;
    k.k.layout = vec![entry, head, body_block, exit];
    k.k
}

#[test]
fn houdini_proves_an_unbounded_loop_over_own_elements() {
    let k = param_loop(Space::Global, lid, false);
    let r = run_with_houdini(k, 16, 2);
    // Threads of different groups write A[lid] too: a real inter-group race.
    assert_eq!(r.verdict, Verdict::Defects, "{r:?}");
    let k = param_loop(Space::Local, lid, true);
    let r = run_with_houdini(k, 16, 2);
    assert_eq!(r.verdict, Verdict::Verified, "{r:?}");
}

#[test]
fn houdini_does_not_prove_a_racy_loop() {
    // Every thread writes A[0] with the loop counter: all write the same value in one
    // iteration (benign), but without a barrier a thread may be an iteration ahead.
    let k = param_loop(Space::Local, |_| Expr::int(0, 32), false);
    let r = run_with_houdini(k, 16, 1);
    assert_ne!(r.verdict, Verdict::Verified, "{r:?}");
}

#[test]
fn a_loop_that_only_writes_gets_no_candidates_about_the_read_log() {
    // The write's benign-write check reads the old value (not logged as a read), and no
    // barrier clears the logs: the read log does not change in the loop, so candidates
    // about it would tell the cut nothing.
    let k = param_loop(Space::Global, lid, false);
    let (tt, _) = two_thread(k, 16, 2);
    let candidates = vcgen::candidates(&tt);
    assert!(
        candidates
            .iter()
            .any(|c| c.name.starts_with("logged Write of A")),
        "{:?}",
        candidates.iter().map(|c| &c.name).collect::<Vec<_>>()
    );
    let about_reads: Vec<&String> = candidates
        .iter()
        .map(|c| &c.name)
        .filter(|n| n.contains("Read of A"))
        .collect();
    assert!(about_reads.is_empty(), "{about_reads:?}");
}
