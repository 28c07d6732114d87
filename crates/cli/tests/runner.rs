//! `lockstep test` end to end, against a fake verifier (`runner_data/fake-lockstep`, a shell
//! script that exits, prints, sleeps or dies as the kernel file tells it).

use std::path::{Path, PathBuf};
use std::time::Instant;

use cli::runner::{run_with_output, TestArgs};

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/runner_data")
        .join(path)
}

fn args(paths: &[&str]) -> TestArgs {
    TestArgs {
        paths: paths.iter().map(|p| data(p)).collect(),
        timeout: 7,
        jobs: Some(2),
        baseline: None,
        write_baseline: None,
        verbose: false,
        lockstep: Some(data("fake-lockstep")),
        grace: 10,
        json: false,
        output_style: cli::style::OutputStyle::Clang,
        opt_level: None,
        predication: None,
        structurize: false,
        no_merge_accesses: false,
    }
}

/// Runs the runner; returns its exit code and report.
fn run(args: &TestArgs) -> (i32, String) {
    let mut out = Vec::new();
    let code = run_with_output(args, &mut out);
    (code, String::from_utf8(out).unwrap())
}

#[test]
fn a_directory_that_meets_every_header_passes_and_records_a_baseline() {
    let dir = tempfile::tempdir().unwrap();
    let baseline = dir.path().join("baseline.txt");
    let mut a = args(&["good"]);
    a.write_baseline = Some(baseline.clone());
    let (code, report) = run(&a);
    assert_eq!(code, 0, "{report}");
    assert!(!report.contains("Failed kernels"), "{report}");
    // One table row per first path component below the directory.
    let rows: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.starts_with("category"))
        .skip(1)
        .take_while(|l| !l.starts_with('('))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(rows, [".", "ir", "races", "total"], "{report}");
    assert_eq!(report.lines().last(), Some("5 passed, 0 failed"));
    assert_eq!(
        std::fs::read_to_string(&baseline).unwrap(),
        "ir/leader.ll\t0\tpass\nir/range.cl\t3\tpass\nraces/clean.cu\t0\tpass\n\
         races/found.cl\t1\tpass\ntop.cl\t0\tpass\n"
    );
}

#[test]
fn every_way_of_failing_is_recorded_in_json() {
    let mut a = args(&["bad"]);
    a.timeout = 1;
    a.grace = 1;
    a.json = true;
    let start = Instant::now();
    let (code, report) = run(&a);
    // The hanging kernel's `sleep 30` was killed with its process group.
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&report).unwrap();
    let kernels = doc["kernels"].as_array().unwrap();
    let got: Vec<(&str, String, bool, bool)> = kernels
        .iter()
        .map(|k| {
            (
                k["rel"].as_str().unwrap(),
                k["got"].to_string(),
                k["passed"].as_bool().unwrap(),
                k["unsound"].as_bool().unwrap(),
            )
        })
        .collect();
    let no_header = r#"{"error":{"message":"bad header: line 1 must be `//pass` or `//xfail:CODE`, found `__kernel void k(void) {}`"}}"#;
    let unknown = r#"{"error":{"message":"bad header: line 1: unknown xfail code `OPT_ERROR`"}}"#;
    assert_eq!(
        got,
        [
            (
                "crash.cl",
                r#"{"crash":{"signal":9}}"#.to_string(),
                false,
                false
            ),
            ("hang.cl", r#""hang""#.to_string(), false, false),
            ("mismatch.cl", r#"{"exit":0}"#.to_string(), false, false),
            ("no_header.cl", no_header.to_string(), false, false),
            ("unknown_code.cl", unknown.to_string(), false, false),
            ("unsound.cl", r#"{"exit":0}"#.to_string(), false, true),
            ("wrong_code.cu", r#"{"exit":1}"#.to_string(), false, false),
        ]
    );
    assert_eq!(kernels[2]["mismatched"][0], "text the fake never prints");
    assert_eq!(
        kernels[0]["output"].as_str().unwrap().lines().nth(1),
        Some("about to crash")
    );
    assert_eq!(
        kernels[1]["output"].as_str().unwrap().lines().nth(1),
        Some("sleeping")
    );
    assert_eq!(doc["totals"]["passed"], 0);
    assert_eq!(doc["totals"]["failed"], 7);
    assert_eq!(doc["totals"]["unsound"], 1);
}

#[test]
fn an_unsound_result_fails_the_run_even_against_a_baseline_that_records_it() {
    let dir = tempfile::tempdir().unwrap();
    let baseline = dir.path().join("baseline.txt");
    std::fs::write(&baseline, "unsound.cl\t0\tfail\n").unwrap();
    let mut a = args(&["bad/unsound.cl"]);
    a.baseline = Some(baseline);
    let (code, report) = run(&a);
    assert_eq!(code, 1, "{report}");
    assert!(report.contains("!!! UNSOUND: 1 kernel(s)"), "{report}");
    assert!(report.contains("!!!   "), "{report}");
    assert_eq!(report.lines().last(), Some("0 passed, 1 failed"));
}

#[test]
fn a_baseline_tolerates_known_failures_and_catches_regressions() {
    let dir = tempfile::tempdir().unwrap();
    let baseline = dir.path().join("baseline.txt");
    let paths = ["good/races", "bad/mismatch.cl"];

    // Record, then compare with the record: the known failure does not fail the run.
    let mut a = args(&paths);
    a.write_baseline = Some(baseline.clone());
    let (code, report) = run(&a);
    assert_eq!(code, 1, "without a baseline any failure fails: {report}");
    let recorded = std::fs::read_to_string(&baseline).unwrap();
    assert_eq!(
        recorded,
        "clean.cu\t0\tpass\nfound.cl\t1\tpass\nmismatch.cl\t0\tfail\n"
    );
    let mut a = args(&paths);
    a.baseline = Some(baseline.clone());
    let (code, report) = run(&a);
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("(failing in the baseline too)"), "{report}");
    assert!(report.contains("No change from the baseline"), "{report}");
    // Against the baseline, the recorded failure counts as agreeing with the record.
    assert_eq!(report.lines().last(), Some("3 passed, 0 failed"));

    // A baseline in which the failing kernel passed: a regression. One in which a passing
    // kernel failed: an improvement. A kernel it lacks: new.
    std::fs::write(&baseline, "found.cl\t4\tfail\nmismatch.cl\t0\tpass\n").unwrap();
    let (code, report) = run(&a);
    assert_eq!(code, 1, "{report}");
    assert!(
        report.contains("REGRESSIONS: passed in the baseline, fail now (1):\n  mismatch.cl\n"),
        "{report}"
    );
    assert!(report.contains("pass now (re-record it with --write-baseline) (1):\n  found.cl\n"));
    assert!(
        report.contains("New: not in the baseline (1):\n  clean.cu\n"),
        "{report}"
    );
    assert_eq!(report.lines().last(), Some("2 passed, 1 failed"));
}

#[test]
fn a_baseline_does_not_hide_new_failures_or_changed_results() {
    let dir = tempfile::tempdir().unwrap();
    let baseline = dir.path().join("baseline.txt");
    let mut a = args(&["good/races", "bad/mismatch.cl"]);
    a.baseline = Some(baseline.clone());

    // The failing kernel is not in the baseline: a new failure fails the run.
    std::fs::write(&baseline, "clean.cu\t0\tpass\nfound.cl\t1\tpass\n").unwrap();
    let (code, report) = run(&a);
    assert_eq!(code, 1, "{report}");
    assert!(
        report.contains("NEW FAILURES: not in the baseline, and failing (1):\n  mismatch.cl\n"),
        "{report}"
    );
    assert_eq!(report.lines().last(), Some("2 passed, 1 failed"));

    // Recorded as failing with another result (exit 4, now exit 0): changed, fails the run.
    std::fs::write(
        &baseline,
        "clean.cu\t0\tpass\nfound.cl\t1\tpass\nmismatch.cl\t4\tfail\n",
    )
    .unwrap();
    let (code, report) = run(&a);
    assert_eq!(code, 1, "{report}");
    assert!(
        report.contains("failing differently now (1):\n  mismatch.cl  was 4, now 0\n"),
        "{report}"
    );
    assert!(!report.contains("failing in the baseline too"), "{report}");
}

#[test]
fn usage_errors_exit_with_two() {
    let (code, _) = run(&args(&[]));
    assert_eq!(code, 2);
    let (code, _) = run(&args(&["no/such/dir"]));
    assert_eq!(code, 2);
    let empty = tempfile::tempdir().unwrap();
    let mut a = args(&[]);
    a.paths = vec![empty.path().to_path_buf()];
    assert_eq!(run(&a).0, 2);
    let mut a = args(&["good"]);
    a.jobs = Some(0);
    assert_eq!(run(&a).0, 2);
    let baseline = empty.path().join("bad-baseline.txt");
    std::fs::write(&baseline, "just one field\n").unwrap();
    let mut a = args(&["good"]);
    a.baseline = Some(baseline);
    assert_eq!(run(&a).0, 2);
}

#[test]
fn no_merge_accesses_reaches_every_kernel() {
    let mut a = args(&["good/top.cl"]);
    a.no_merge_accesses = true;
    a.json = true;
    // The kernel's header pins the arguments without the flag, so it fails here: only
    // what the fake verifier was given matters.
    let (_, report) = run(&a);
    let doc: serde_json::Value = serde_json::from_str(&report).unwrap();
    let output = doc["kernels"][0]["output"].as_str().unwrap_or_default();
    assert!(
        output.starts_with("args: verify --no-merge-accesses "),
        "{output}"
    );
}
