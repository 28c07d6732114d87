//! `lockstep run`: a kernel on the concrete interpreter (races with both accesses,
//! divergence, assertions, `--arg` values, `--json`), and witness replay in `verify`
//! (`confirmed by execution`).

mod support;

use support::lockstep_exits;

#[test]
fn a_race_shows_both_accesses_and_their_threads() {
    let run = lockstep_exits(
        1,
        &["run", "--local-size", "4", "--num-groups", "1", "racy.cl"],
    );
    run.stdout_line(
        r"^racy\.cl:4:\d+: error: write-write race on A \(byte 0\) observed by execution:$",
    );
    run.stdout_line(
        r"^Write by thread \(0, 0, 0\) in group \(0, 0, 0\), racy\.cl:4:\d+, value 0:$",
    );
    run.stdout_line(
        r"^Write by thread \(1, 0, 0\) in group \(0, 0, 0\), racy\.cl:4:\d+, value 1:$",
    );
    run.stdout_line(r"^racy: 1 defect observed in schedule 0 \(1 schedule run\)$");
}

#[test]
fn a_correct_kernel_shows_no_defect() {
    let run = lockstep_exits(
        0,
        &[
            "run",
            "--local-size=8",
            "--num-groups=2",
            "--schedules=3",
            "correct.cl",
        ],
    );
    run.stdout_line(r"^shift: no defect observed in 3 schedules$");
}

#[test]
fn arguments_decide_an_assertion() {
    let args = |x: &'static str| {
        vec![
            "run",
            "--blockDim=32",
            "--gridDim=1",
            "--arg",
            x,
            "param_assert.cu",
        ]
    };
    let run = lockstep_exits(1, &args("x=101"));
    run.stdout_line(r"^param_assert\.cu:4:\d+: error: assertion \(user\) failed for thread \(16, 0, 0\) in group \(0, 0, 0\) in execution$");
    run.stdout_line(r"^note: with parameter values x = 101$");
    lockstep_exits(0, &args("x=100"));
    let run = lockstep_exits(2, &args("y=1"));
    run.stderr_line("has no parameter `y`");
    lockstep_exits(2, &args("x"));
}

#[test]
fn divergence_is_observed() {
    let run = lockstep_exits(
        1,
        &[
            "run",
            "--local_size=8",
            "--num_groups=1",
            "--arg",
            "n=1",
            "divergent.cl",
        ],
    );
    run.stdout_line(r"^divergent\.cl:4:\d+: error: barrier divergence observed by execution");
}

#[test]
fn json_carries_the_execution() {
    let run = lockstep_exits(
        1,
        &[
            "run",
            "--json",
            "--local-size=2",
            "--num-groups=2",
            "--seed=3",
            "racy.cl",
        ],
    );
    let doc = run.json();
    assert_eq!(doc["exit_code"], 1);
    assert_eq!(doc["language"], "opencl");
    let k = &doc["kernels"][0];
    assert_eq!(k["kernel"], "racy");
    assert_eq!(k["exit_code"], 1);
    let e = &k["execution"];
    assert_eq!(e["schedules"], 1);
    assert_eq!(e["schedule"], 0);
    assert_eq!(e["launch"]["local_size"], serde_json::json!([2, 1, 1]));
    assert_eq!(e["groups"].as_array().map(Vec::len), Some(2));
    let d = &e["defects"][0];
    assert_eq!(d["kind"], "race", "{doc:#}");
    assert_eq!(d["array"], "A");
    assert_eq!(d["equal_values"], false);
    for a in [&d["first"], &d["second"]] {
        assert_eq!(a["kind"], "Write");
        assert_eq!(a["pos"]["line"], 4);
        assert_eq!(a["bytes"], 4);
        assert!(a["thread"]["local"].is_array(), "{doc:#}");
    }
}

#[test]
fn verify_confirms_a_race_by_execution() {
    let run = lockstep_exits(
        1,
        &["verify", "--local_size=64", "--num_groups=2", "racy.cl"],
    );
    run.stdout_line(r"^note: confirmed by execution \(group \(\d+, 0, 0\) of 64 threads");
    let run = lockstep_exits(
        1,
        &[
            "verify",
            "--json",
            "--local_size=64",
            "--num_groups=2",
            "racy.cl",
        ],
    );
    let doc = run.json();
    let replay = &doc["kernels"][0]["report"]["diagnostics"][0]["replay"];
    assert_eq!(replay["outcome"], "confirmed", "{doc:#}");
    assert_eq!(replay["defect"]["kind"], "race");
}

#[test]
fn verify_confirms_assertions_and_divergence() {
    let run = lockstep_exits(
        1,
        &["verify", "--blockDim=32", "--gridDim=1", "param_assert.cu"],
    );
    run.stdout_line(r"^note: confirmed by execution");
    let run = lockstep_exits(
        1,
        &["verify", "--local_size=8", "--num_groups=1", "divergent.cl"],
    );
    run.stdout_line(r"^note: confirmed by execution");
}

#[test]
fn all_schedules_are_enumerated() {
    // Schedule 0 runs each work item to its end in turn and cannot fail the assertion;
    // enumerating the interleavings finds one that does.
    lockstep_exits(
        0,
        &[
            "run",
            "--local-size=2",
            "--num-groups=1",
            "two_increments.cl",
        ],
    )
    .stdout_line(r"^twice: no defect observed in 1 schedule$");
    lockstep_exits(
        1,
        &[
            "run",
            "--local-size=2",
            "--num-groups=1",
            "--all-schedules",
            "two_increments.cl",
        ],
    )
    .stdout_line(r"^twice: 1 defect observed in schedule \d+ \(\d+ schedules run\)$");
    // A clean kernel whose schedules all ran says so; under a limit it does not.
    lockstep_exits(
        0,
        &[
            "run",
            "--local-size=2",
            "--num-groups=1",
            "--all-schedules",
            "correct.cl",
        ],
    )
    .stdout_line(r"^shift: no defect observed in all \d+ schedules$");
    lockstep_exits(
        0,
        &[
            "run",
            "--local-size=3",
            "--num-groups=1",
            "--all-schedules",
            "--schedules=5",
            "correct.cl",
        ],
    )
    .stdout_line(r"^shift: no defect observed in 5 schedules$");
}

/// `lockstep run` of the warp-loop kernel `file` (one group of `block`, zeroed memory,
/// `limit = 5`).
fn warp_loop_run(block: &'static str, file: &'static str) -> Vec<&'static str> {
    let args = [
        "run",
        block,
        "--gridDim=1",
        "--fill=zero",
        "--arg",
        "limit=5",
        file,
    ];
    args.to_vec()
}

/// A warp vote is computed from the lanes' predicates: a group of two warps that vote
/// differently diverges at the barrier in the loop (exit 1), a group of one warp does not.
#[test]
fn a_warp_vote_is_computed_from_the_lanes() {
    let args = |block| warp_loop_run(block, "vote_loop.cu");
    let run = lockstep_exits(1, &args("--blockDim=64"));
    run.stdout_line(r"^vote_loop\.cu:7:\d+: error: barrier divergence observed by execution");
    run.stdout_line(r"^note: for thread \(0, 0, 0\) in group \(0, 0, 0\) and thread \(32, 0, 0\)");
    lockstep_exits(0, &args("--blockDim=32"));
    lockstep_exits(
        0,
        &["verify", "--blockDim=32", "--gridDim=2", "vote_loop.cu"],
    );
}

/// A warp reduction is computed from the lanes' values too.
#[test]
fn a_warp_reduction_is_computed_from_the_lanes() {
    let args = |block| warp_loop_run(block, "reduce_loop.cu");
    let run = lockstep_exits(1, &args("--blockDim=64"));
    run.stdout_line(r"^reduce_loop\.cu:7:\d+: error: barrier divergence observed by execution");
    lockstep_exits(0, &args("--blockDim=32"));
    lockstep_exits(
        0,
        &["verify", "--blockDim=32", "--gridDim=2", "reduce_loop.cu"],
    );
}

/// A run that draws a warp match per thread (where the hardware compares the lanes'
/// values) shows the divergence it then reaches as possible, not observed (exit 5), and
/// `verify` does not call the defect confirmed.
#[test]
fn a_defect_after_a_warp_match_is_not_observed() {
    let run = lockstep_exits(
        5,
        &[
            "run",
            "--blockDim=64",
            "--gridDim=1",
            "--fill=small",
            "match_loop.cu",
        ],
    );
    run.stdout_line(r"^match_loop\.cu:8:\d+: warning: barrier divergence observed by execution");
    run.stdout_line(r"^note: match_loop\.cu:6:\d+: the run drew the result of a collective \(a warp shuffle, vote or reduction, or __syncthreads_or/_and/_count\) before this defect");
    run.stdout_line(r"^match_loop: no defect observed in 1 schedule; 1 possible \(schedule 0, after a collective\)$");
    let verify = lockstep_exits(
        1,
        &["verify", "--blockDim=64", "--gridDim=1", "match_loop.cu"],
    );
    verify.stdout_line(
        r"^match_loop\.cu:8:\d+: error: barrier may be reached by non-uniform control flow$",
    );
    verify.stdout_line(r"^note: not confirmed \(a run showed it, but only after drawing the result of a collective \(a warp shuffle, vote or reduction, or __syncthreads_or/_and/_count\) at match_loop\.cu:6:\d+");
}
