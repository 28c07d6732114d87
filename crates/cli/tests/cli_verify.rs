//! `lockstep verify` and `lockstep dump` end to end on small kernels of each input kind:
//! OpenCL, CUDA, and LLVM IR as clang writes it.

mod support;

use support::lockstep_exits;

#[test]
fn a_racy_kernel_reports_the_race_with_source_line_and_caret() {
    let run = lockstep_exits(
        1,
        &["verify", "--local_size=64", "--num_groups=2", "racy.cl"],
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("racy.cl:4:8: error: possible write-write race on A["))
        .unwrap_or_else(|| panic!("no race diagnostic\n{}", run.show()));
    // The source line, then a caret under column 8.
    assert_eq!(lines.get(at + 1), Some(&"  A[0] = i;"), "{}", run.show());
    assert_eq!(lines.get(at + 2), Some(&"       ^"), "{}", run.show());
    // Both writes, each with its work item and position.
    let writes = lines
        .iter()
        .filter(|l| l.starts_with("Write by work item ") && l.ends_with("racy.cl:4:8:"))
        .count();
    assert_eq!(writes, 2, "{}", run.show());
    run.stdout_line(r"^racy: 1 defect found$");
}

#[test]
fn a_racy_cuda_kernel_names_threads_and_blocks() {
    let run = lockstep_exits(1, &["verify", "--blockDim=32", "--gridDim=2", "racy.cu"]);
    run.stdout_line(r"^racy\.cu:4:5: error: possible write-write race on w\[0\]");
    run.stdout_line(r"^Write by thread \(\d+, 0, 0\) in group \(\d+, 0, 0\), racy\.cu:4:5:$");
}

#[test]
fn a_correct_kernel_is_verified() {
    let run = lockstep_exits(
        0,
        &["verify", "--local_size=64", "--num_groups=2", "correct.cl"],
    );
    run.stdout_line(r"^shift: verified: no data race, barrier divergence or assertion failure");
    run.stdout_line(r"^note: assuming the pointer parameters T and out point to distinct buffers$");
    assert_eq!(run.stderr, "", "{}", run.show());
}

#[test]
fn the_correct_kernel_is_verified_as_clang_optimises_it_too() {
    let run = lockstep_exits(
        0,
        &[
            "verify",
            "--local_size=64",
            "--num_groups=2",
            "--opt-level=2",
            "correct.cl",
        ],
    );
    run.stdout_line(r"^shift: verified");
}

#[test]
fn a_correct_cuda_kernel_is_verified() {
    let run = lockstep_exits(0, &["verify", "--blockDim=32", "--gridDim=2", "correct.cu"]);
    run.stdout_line(r"^rotate: verified");
}

/// guarded.ll was written by
/// `clang-19 -x cl -cl-std=CL1.2 -target spir64 -O0 -Xclang -disable-O0-optnone -g
/// -emit-llvm -S -fdebug-prefix-map=$PWD=. guarded.cl -o guarded.ll` in cli_data.
#[test]
fn llvm_ir_from_clang_verifies_like_its_source() {
    let from_ir = lockstep_exits(
        0,
        &["verify", "--local_size=64", "--num_groups=2", "guarded.ll"],
    );
    from_ir.stdout_line(r"^guarded: verified");
    let from_source = lockstep_exits(
        0,
        &["verify", "--local_size=64", "--num_groups=2", "guarded.cl"],
    );
    assert_eq!(from_ir.stdout, from_source.stdout);
}

/// Each stage's printed form starts with what marks it.
#[test]
fn every_stage_can_be_dumped() {
    let stages = [
        ("llvm", r"(?m)^define .*@guarded\("),
        ("kir", r"(?m)^kernel guarded ; phase Lifted$"),
        ("cfg", r"(?m)^dominator tree:$"),
        ("sorted", r"(?m)^kernel guarded ; phase Sorted$"),
        ("predicated", r"(?m)^kernel guarded ; phase Predicated$"),
        ("lockstep", r"(?m)^kernel guarded ; phase TwoThread$"),
        ("vc", r"(?m)^\(assert "),
    ];
    for (stage, marker) in stages {
        let flag = format!("--stage={stage}");
        let run = lockstep_exits(
            0,
            &[
                "dump",
                &flag,
                "--local_size=64",
                "--num_groups=2",
                "guarded.cl",
            ],
        );
        let re = regex::Regex::new(marker).unwrap();
        assert!(
            re.is_match(&run.stdout),
            "{stage}: no /{marker}/\n{}",
            run.show()
        );
    }
}

#[test]
fn the_stages_before_the_two_thread_program_need_no_launch() {
    let run = lockstep_exits(0, &["dump", "--stage=predicated", "guarded.cl"]);
    run.stdout_line(r"^kernel guarded ; phase Predicated$");
    let run = lockstep_exits(2, &["dump", "--stage=lockstep", "guarded.cl"]);
    run.stderr_line(r"error: give the launch configuration");
}

#[test]
fn graphs_of_the_kir_stages_are_graphviz() {
    for stage in ["kir", "cfg", "sorted", "predicated", "lockstep"] {
        let flag = format!("--stage={stage}");
        let run = lockstep_exits(
            0,
            &[
                "dump",
                &flag,
                "--dot",
                "--local_size=64",
                "--num_groups=2",
                "guarded.cl",
            ],
        );
        assert!(
            run.stdout.starts_with("digraph "),
            "{stage}\n{}",
            run.show()
        );
        // guarded.cl branches, so every graph has edges.
        assert!(run.stdout.contains(" -> "), "{stage}\n{}", run.show());
        assert!(
            run.stdout.trim_end().ends_with('}'),
            "{stage}\n{}",
            run.show()
        );
    }
}

#[test]
fn gpuverify_output_style_names_only_the_file_on_a_race_line_and_full_paths_on_accesses() {
    let run = lockstep_exits(
        1,
        &[
            "verify",
            "--output-style=gpuverify",
            "--local_size=64",
            "--num_groups=2",
            "racy.cl",
        ],
    );
    run.stdout_line(r"^racy\.cl: error: possible write-write race on A\[");
    run.stdout_line(
        r"^Write by work item \d+ with local id \d+ in work group \d+, /\S+/racy\.cl:4:8:$",
    );
}

#[test]
fn debug_counts_the_barrier_intervals_only_unconditional_barriers_split() {
    // Two barriers every work item reaches once; one under a condition, one in a loop.
    let run = lockstep_exits(
        0,
        &[
            "verify",
            "--local_size=16",
            "--num_groups=2",
            "--debug",
            "intervals.cl",
        ],
    );
    run.stderr_line(r"^k: Found 3 barrier interval\(s\)$");
}

#[test]
fn infer_info_lists_each_candidate_once_under_warp_sync() {
    // Under --warp-sync the coarse model is tried first; it cannot prove this loop (its exit
    // reads local memory), so the precise model runs Houdini again. Only the solve whose
    // verdict is reported lists what Houdini kept.
    let run = lockstep_exits(
        0,
        &[
            "verify",
            "--local_size=32",
            "--num_groups=1",
            "--warp-sync=32",
            "--infer-info",
            "stop_flag.cl",
        ],
    );
    let listed: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("rounds: loop "))
        .collect();
    assert!(!listed.is_empty(), "{}", run.show());
    let distinct: std::collections::HashSet<&&str> = listed.iter().collect();
    assert_eq!(distinct.len(), listed.len(), "{}", run.show());
    assert!(
        listed.iter().any(|l| l.contains(": kept: ")),
        "{}",
        run.show()
    );
}
