//! Every stage's dump of a few of the project's kernels, pinned: a change in any stage
//! shows up as a readable diff (`INSTA_UPDATE=always cargo test -p cli --test stages` to
//! accept after reading it).

use std::path::Path;
use std::process::Command;

const STAGES: [&str; 6] = ["kir", "cfg", "sorted", "predicated", "lockstep", "vc"];

fn dump(dir: &str, file: &str, flags: &[&str], stage: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-kernels");
    let out = Command::new(env!("CARGO_BIN_EXE_lockstep"))
        .current_dir(root.join(dir))
        .arg("dump")
        .arg(format!("--stage={stage}"))
        .args(flags)
        .arg(file)
        .output()
        .expect("runs lockstep");
    assert!(
        out.status.success(),
        "dump --stage={stage} {file}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn pin(dir: &str, file: &str, flags: &[&str]) {
    for stage in STAGES {
        let text = dump(dir, file, flags, stage);
        let name = format!("{}__{stage}", file.replace('.', "_"));
        insta::assert_snapshot!(name, text);
    }
}

#[test]
fn stencil_with_barrier() {
    pin(
        "examples",
        "stencil_with_barrier_pass.cl",
        &["--local_size=64", "--num_groups=4"],
    );
}

#[test]
fn divergent_barrier_in_cuda() {
    pin(
        "examples",
        "divergent_barrier_fail.cu",
        &["--blockDim=64", "--gridDim=2"],
    );
}

#[test]
fn constant_trip_loop() {
    pin(
        "loops",
        "constant_trip_pass.cl",
        &["--local_size=16", "--num_groups=2"],
    );
}

/// Contiguous-access merging: the predicated program of a kernel whose -O2 byte loads and
/// lane stores merge, with merging and without (`--no-merge-accesses`).
#[test]
fn merged_byte_lanes() {
    let flags = ["--local_size=64", "--num_groups=2", "--opt-level=2"];
    let (dir, file) = ("language/vectors", "byte_lanes_o2_pass.cl");
    let merged = dump(dir, file, &flags, "predicated");
    insta::assert_snapshot!("byte_lanes_o2_pass_cl__predicated", merged);
    let off = [&flags[..], &["--no-merge-accesses"]].concat();
    let unmerged = dump(dir, file, &off, "predicated");
    insta::assert_snapshot!("byte_lanes_o2_pass_cl__predicated_unmerged", unmerged);
}

/// The iteration counters of a grid-stride loop whose stride (61,440) is not a power of
/// two: reset where the counter takes its start, stepped where it steps, and recorded by
/// thread 1's race logs.
#[test]
fn iteration_counters_of_a_grid_stride_loop() {
    let flags = ["--local_size=256", "--num_groups=240"];
    let (dir, file) = ("loops", "grid_stride_odd_stride_pass.cl");
    let text = dump(dir, file, &flags, "iteration-counters");
    insta::assert_snapshot!("grid_stride_odd_stride_pass_cl__iteration_counters", text);
}
