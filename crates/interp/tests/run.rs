//! The interpreter on small kernels written as KIR text: races found (in a group, between
//! groups, with atomics), race-free kernels clean, barrier divergence, assertion failures,
//! assumptions that rule a launch out, and constructs it cannot run.

use interp::{run, Config, Cut, Defect, InterpError, Launch};
use kir::AccessKind;

const HEADER: &str = "kernel k ; phase Lifted
  file 0 \"k.cl\"
  param A = &r0
  param T = &r1
  param n = n
  region r0:A Global elem 4 Param { index: 0 }
  region r1:T Local elem 4 Param { index: 1 }
  var n : bv32 Param { index: 2 }
  var local_id.x : bv32 Builtin(LocalId(0))
  var group_id.x : bv32 Builtin(GroupId(0))
  var local_size.x : bv32 Builtin(LocalSize(0))
";

fn kernel(body: &str) -> kir::Kernel {
    let text = format!("{HEADER}{body}");
    let k = kir::parse::kernel(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    kir::verify(&k).expect("verifies");
    k
}

fn config(local: u32, groups: u32) -> Config {
    Config::new(Launch {
        local_size: [local, 1, 1],
        num_groups: [groups, 1, 1],
    })
}

fn defects(body: &str, cfg: &Config) -> Vec<Defect> {
    run(&kernel(body), cfg).expect("runs").defects
}

/// `T[l] = A[l]; A[l] = T[(l + 1) % n]`, with or without a barrier between.
fn stencil(barrier: &str) -> String {
    format!(
        "b0:entry  ; k.cl:1:1
    l := zext64(local_id.x)  ; k.cl:2:1
    g := (zext64(group_id.x) * zext64(local_size.x)) + l  ; k.cl:2:2
    x := read32 r0:A[g * 4bv64]  ; k.cl:3:1
    write32 r1:T[l * 4bv64] := x  ; k.cl:4:1
{barrier}    m := (l + 1bv64) %u zext64(local_size.x)  ; k.cl:5:1
    y := read32 r1:T[m * 4bv64]  ; k.cl:6:1
    write32 r0:A[g * 4bv64] := y  ; k.cl:7:1
    return
"
    )
}

#[test]
fn missing_barrier_is_a_race() {
    let d = defects(&stencil(""), &config(8, 2));
    let [Defect::Race {
        array,
        first,
        second,
        equal_values,
        ..
    }] = d.as_slice()
    else {
        panic!("{d:?}")
    };
    assert_eq!(array, "T");
    assert!(!equal_values);
    // Schedule 0 runs thread 0 first: it reads T[1] before thread 1 writes it.
    assert_eq!(first.kind, AccessKind::Read);
    assert_eq!(second.kind, AccessKind::Write);
    assert_eq!(first.pos.as_ref().map(|p| p.line), Some(6));
    assert_eq!(second.pos.as_ref().map(|p| p.line), Some(4));
    assert_eq!((first.thread.local[0], second.thread.local[0]), (0, 1));
    assert_eq!(first.thread.group, second.thread.group);
}

#[test]
fn barrier_makes_it_race_free() {
    let k = kernel(&stencil("    barrier local  ; k.cl:4:2\n"));
    let mut cfg = config(8, 3);
    cfg.schedules = 5;
    let e = run(&k, &cfg).expect("runs");
    assert!(e.defects.is_empty(), "{:?}", e.defects);
    assert_eq!(e.schedules, 5);
    assert_eq!(e.cut, None);
}

#[test]
fn a_barrier_fencing_only_global_memory_leaves_the_local_race() {
    let d = defects(&stencil("    barrier global  ; k.cl:4:2\n"), &config(4, 1));
    assert!(matches!(d.as_slice(), [Defect::Race { .. }]), "{d:?}");
}

#[test]
fn groups_race_on_global_memory() {
    // Every thread writes A[local id]: threads of different groups collide.
    let body = "b0:entry
    l := zext64(local_id.x)  ; k.cl:2:1
    write32 r0:A[l * 4bv64] := group_id.x  ; k.cl:3:1
    barrier local global  ; k.cl:4:1
    return
";
    let d = defects(body, &config(4, 2));
    let [Defect::Race { first, second, .. }] = d.as_slice() else {
        panic!("{d:?}")
    };
    assert_ne!(first.thread.group, second.thread.group);
    // One group alone is race free: the barrier orders nothing between groups, but there
    // is no other group.
    assert!(defects(body, &config(4, 1)).is_empty());
}

#[test]
fn equal_value_writes_are_flagged() {
    let body = "b0:entry
    write32 r0:A[0bv64] := 1bv32  ; k.cl:3:1
    return
";
    let d = defects(body, &config(4, 1));
    assert!(
        matches!(d.as_slice(), [Defect::Race { equal_values: true, first, .. }] if first.value == 1),
        "{d:?}"
    );
}

#[test]
fn atomics_do_not_race_with_atomics_but_with_reads() {
    let atomics = "b0:entry
    c := atomic_inc32 r0:A[0bv64]  ; k.cl:3:1
    write32 r0:A[(zext64(c) * 4bv64) + 4bv64] := 7bv32  ; k.cl:4:1
    return
";
    let mut cfg = config(4, 2);
    cfg.schedules = 4;
    assert!(defects(atomics, &cfg).is_empty());
    let mixed = "b0:entry
    c := atomic_inc32 r0:A[0bv64]  ; k.cl:3:1
    x := read32 r0:A[0bv64]  ; k.cl:4:1
    return
";
    let d = defects(mixed, &config(2, 1));
    assert!(
        matches!(d.as_slice(), [Defect::Race { first, second, .. }]
            if first.kind == AccessKind::Read && second.kind == AccessKind::Atomic),
        "{d:?}"
    );
}

#[test]
fn random_schedules_explore_atomic_dependent_control_flow() {
    // Only the thread whose increment comes second writes A[1]; the first reads it. In
    // schedule 0 thread 0 finishes before thread 1 starts, and the read comes first.
    let body = "b0:entry
    c := atomic_inc32 r0:A[0bv64]  ; k.cl:3:1
    branch (c & 1bv32) == 0bv32 ? b1:first : b2:second
b1:first
    x := read32 r0:A[4bv64]  ; k.cl:5:1
    return
b2:second
    write32 r0:A[4bv64] := 9bv32  ; k.cl:7:1
    return
";
    let mut cfg = config(2, 1);
    cfg.buffers.insert("A".into(), vec![0, 0, 0, 0]);
    cfg.schedules = 16;
    let e = run(&kernel(body), &cfg).expect("runs");
    assert!(
        matches!(e.defects.as_slice(), [Defect::Race { .. }]),
        "{e:?}"
    );
}

#[test]
fn all_schedules_find_the_one_interleaving_that_fails() {
    // A thread's two increments are consecutive unless the other thread's come between.
    let body = "b0:entry
    c := atomic_inc32 r0:A[0bv64]  ; k.cl:3:1
    e := atomic_inc32 r0:A[0bv64]  ; k.cl:4:1
    assert e == (c + 1bv32)  {user}  ; k.cl:5:1
    return
";
    let mut cfg = config(2, 1);
    cfg.buffers.insert("A".into(), vec![0, 0, 0, 0]);
    cfg.all_schedules = true;
    cfg.schedules = 1000;
    let e = run(&kernel(body), &cfg).expect("runs");
    assert!(
        matches!(e.defects.as_slice(), [Defect::Assertion { .. }]),
        "{e:?}"
    );
    assert!(!e.exhausted);
    // Without the assertion, every interleaving is run and the run says so.
    let clean = body.replace("assert e == (c + 1bv32)  {user}  ; k.cl:5:1\n", "");
    let e = run(&kernel(&clean), &cfg).expect("runs");
    assert!(e.defects.is_empty(), "{e:?}");
    assert!(e.exhausted, "{e:?}");
    // Two threads of two accesses each: at least the 6 orders of four accesses, two by
    // two (equivalent ones are not pruned).
    assert!((6..=100).contains(&e.schedules), "{e:?}");
    // A limit below that is not exhaustive.
    cfg.schedules = 1;
    let e = run(&kernel(&clean), &cfg).expect("runs");
    assert!(!e.exhausted && e.schedules == 1, "{e:?}");
}

#[test]
fn barrier_in_a_thread_dependent_branch_diverges() {
    let body = "b0:entry
    branch local_id.x == 0bv32 ? b1:then : b2:end
b1:then
    barrier local  ; k.cl:3:1
    goto b2:end
b2:end
    return
";
    let d = defects(body, &config(4, 1));
    let [Defect::BarrierDivergence { pos, threads, .. }] = d.as_slice() else {
        panic!("{d:?}")
    };
    assert_eq!(pos.as_ref().map(|p| p.line), Some(3));
    assert_eq!(threads.len(), 2);
    // Uniform in a group of one thread.
    assert!(defects(body, &config(1, 3)).is_empty());
}

#[test]
fn failing_assertion_names_the_thread() {
    let body = "b0:entry
    assert local_id.x != 2bv32  {user}  ; k.cl:9:3
    return
";
    let d = defects(body, &config(4, 1));
    let [Defect::Assertion {
        pos,
        thread,
        origin,
    }] = d.as_slice()
    else {
        panic!("{d:?}")
    };
    assert_eq!(pos.as_ref().map(|p| p.line), Some(9));
    assert_eq!(thread.local, [2, 0, 0]);
    assert_eq!(origin, "user");
}

#[test]
fn parameters_decide_the_assertion() {
    let body = "b0:entry
    assert n <u 10bv32  {user}  ; k.cl:9:3
    return
";
    let mut cfg = config(1, 1);
    cfg.scalars.insert("n".into(), 12);
    assert_eq!(defects(body, &cfg).len(), 1);
    cfg.scalars.insert("n".into(), 3);
    assert!(defects(body, &cfg).is_empty());
    cfg.scalars.insert("m".into(), 3);
    assert!(matches!(
        run(&kernel(body), &cfg),
        Err(InterpError::Config(_))
    ));
}

#[test]
fn a_failed_assumption_cuts_the_run() {
    let body = "b0:entry
    assume n == 5bv32  ; k.cl:2:3
    assert false  {user}  ; k.cl:3:3
    return
";
    let mut cfg = config(2, 1);
    cfg.scalars.insert("n".into(), 4);
    let e = run(&kernel(body), &cfg).expect("runs");
    assert!(e.defects.is_empty());
    assert!(matches!(e.cut, Some(Cut::Infeasible { .. })), "{e:?}");
}

#[test]
fn two_thread_annotations_in_control_flow_are_unsupported() {
    let body = "b0:entry
    branch $other(local_id.x) == 0bv32 ? b1:a : b1:a
b1:a
    return
";
    let e = run(&kernel(body), &config(2, 1));
    assert!(
        matches!(&e, Err(InterpError::Unsupported { construct, .. }) if construct.contains("__other")),
        "{e:?}"
    );
    // In an assertion they are listed as unchecked.
    let body = "b0:entry
    assert $other(local_id.x) != local_id.x  {user}  ; k.cl:2:3
    return
";
    let e = run(&kernel(body), &config(2, 1)).expect("runs");
    assert!(e.defects.is_empty());
    assert_eq!(e.unchecked.len(), 1, "{e:?}");
}

#[test]
fn bodiless_functions_are_deterministic() {
    let body = "b0:entry
    a := f(local_id.x)
    b := f(local_id.x)
    assert a == b  {user}  ; k.cl:2:3
    return
";
    assert!(defects(body, &config(4, 1)).is_empty());
}

#[test]
fn given_function_values_replace_the_hash() {
    // `pointer.bits`-style application at constant arguments: a counterexample's value
    // for it, given in the configuration, decides the branch.
    let body = "b0:entry
    a := f(0bv64) & 15bv64
    assert a != 4bv64  {user}  ; k.cl:2:3
    return
";
    let mut cfg = config(1, 1);
    cfg.functions.insert(kir::application_key("f", &[0]), 0x34);
    assert_eq!(defects(body, &cfg).len(), 1);
    cfg.functions.insert(kir::application_key("f", &[0]), 0x35);
    assert!(defects(body, &cfg).is_empty());
}

/// A loop that never ends.
const ENDLESS: &str = "b0:entry
    goto b1:loop
b1:loop
    goto b1:loop
";

#[test]
fn endless_loops_hit_the_step_limit() {
    let mut cfg = config(1, 1);
    cfg.max_steps = 1000;
    let e = run(&kernel(ENDLESS), &cfg).expect("runs");
    assert!(matches!(e.cut, Some(Cut::StepLimit { .. })), "{e:?}");
}

#[test]
fn an_endless_loop_stops_at_the_deadline() {
    let mut cfg = config(1, 1);
    cfg.deadline = Some(std::time::Instant::now());
    let e = run(&kernel(ENDLESS), &cfg).expect("runs");
    let Some(cut @ Cut::TimeLimit { steps }) = e.cut.clone() else {
        panic!("not stopped by the clock: {e:?}")
    };
    assert!(cut.is_limit());
    // Far below the statement budget: the clock stopped it.
    assert!(steps < cfg.max_steps / 100, "{steps} steps");
}

#[test]
fn a_grid_barrier_orders_groups() {
    // Group 0 writes A[0..4], then every group reads A[local id] after the barrier.
    let body = |barrier: &str| {
        format!(
            "b0:entry
    l := zext64(local_id.x)  ; k.cl:2:1
    branch group_id.x == 0bv32 ? b1:w : b2:r
b1:w
    write32 r0:A[l * 4bv64] := 1bv32  ; k.cl:3:1
    goto b2:r
b2:r
{barrier}    x := read32 r0:A[l * 4bv64]  ; k.cl:5:1
    return
"
        )
    };
    assert!(defects(
        &body("    barrier grid global  ; k.cl:4:1\n"),
        &config(4, 3)
    )
    .is_empty());
    let d = defects(&body("    barrier global  ; k.cl:4:1\n"), &config(4, 3));
    assert!(matches!(d.as_slice(), [Defect::Race { .. }]), "{d:?}");
}

#[test]
fn fills_decide_what_unwritten_memory_holds() {
    let body = "b0:entry
    x := read32 r0:A[8bv64]  ; k.cl:2:1
    assert x == 0bv32  {user}  ; k.cl:3:1
    return
";
    let mut cfg = config(1, 1);
    cfg.fill = interp::Fill::Zero;
    assert!(defects(body, &cfg).is_empty());
    cfg.fill = interp::Fill::Random;
    cfg.seed = 5;
    assert_eq!(defects(body, &cfg).len(), 1);
    // Given buffer contents win over the fill.
    cfg.buffers.insert("A".into(), vec![0; 12]);
    assert!(defects(body, &cfg).is_empty());
}

#[test]
fn global_assertions_are_checked_where_reached_and_listed() {
    let body = "b0:entry
    assert local_id.x != 1bv32  {user-global}  ; k.cl:3:1
    return
";
    let e = run(&kernel(body), &config(2, 1)).expect("runs");
    assert_eq!(e.defects.len(), 1);
    assert_eq!(e.unchecked.len(), 1, "{e:?}");
}

#[test]
fn only_global_buffers_take_contents() {
    let body = "b0:entry
    return
";
    let mut cfg = config(1, 1);
    cfg.buffers.insert("T".into(), vec![1]);
    assert!(matches!(
        run(&kernel(body), &cfg),
        Err(InterpError::Config(_))
    ));
}
