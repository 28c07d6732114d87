//! What a verdict rests on is listed under it: benign conflicts the proof tolerated (with
//! `--json`, as data) and the source's `__axiom`s.

mod support;

use support::lockstep_exits;

const LAUNCH: [&str; 2] = ["--local_size=16", "--num_groups=2"];

fn args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["verify"];
    v.extend(LAUNCH);
    v.extend(extra);
    v
}

#[test]
fn a_tolerated_equal_value_write_is_listed_under_the_verdict() {
    let run = lockstep_exits(0, &args(&["done_flag.cl"]));
    run.stdout_line("^finish: verified");
    let note = run.stdout_line("^note: 1 benign conflict was tolerated");
    assert!(
        note.contains("write-write on done at done_flag.cl:5:")
            && note.contains("--benign=none reports it"),
        "{note}"
    );
    // The array every thread writes its own element of needed no tolerance.
    assert!(!note.contains("on out"), "{note}");
}

#[test]
fn json_lists_the_tolerated_conflicts() {
    let run = lockstep_exits(0, &args(&["--json", "done_flag.cl"]));
    let doc = run.json();
    let report = &doc["kernels"][0]["report"];
    let tolerated = report["tolerated"].as_array().expect("a list");
    assert_eq!(tolerated.len(), 1, "{report}");
    assert_eq!(tolerated[0]["kind"], "write-write");
    assert_eq!(tolerated[0]["array"], "done");
    assert_eq!(tolerated[0]["pos"]["line"], 5);
}

#[test]
fn without_tolerance_the_same_write_is_a_race() {
    let run = lockstep_exits(1, &args(&["--benign=none", "done_flag.cl"]));
    run.stdout_line("race");
    assert!(!run.stdout.contains("tolerated"), "{}", run.show());
}

#[test]
fn a_kernel_that_needs_no_tolerance_lists_none() {
    let run = lockstep_exits(0, &args(&["--json", "correct.cl"]));
    let doc = run.json();
    let report = &doc["kernels"][0]["report"];
    assert_eq!(report["verdict"], "verified", "{report}");
    assert!(report.get("tolerated").is_none(), "{report}");
}

#[test]
fn the_source_axioms_a_verdict_rests_on_are_listed() {
    let run = lockstep_exits(0, &args(&["source_axiom.cl"]));
    let note = run.stdout_line("^note: assuming 1 `__axiom`");
    assert!(note.contains("source_axiom.cl:2:"), "{note}");
}
