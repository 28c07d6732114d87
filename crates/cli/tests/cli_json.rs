//! `lockstep verify --json`: stdout is exactly one JSON document carrying the exit code, each
//! kernel's verdict and diagnostics, or the error that stopped the run.

mod support;

use serde_json::{json, Value};
use support::lockstep_exits;

#[test]
fn a_race_is_a_diagnostic_of_kind_race_with_its_position() {
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
    assert_eq!(doc["exit_code"], 1);
    assert_eq!(doc["file"], "racy.cl");
    assert_eq!(doc["language"], "opencl");
    assert_eq!(doc["launch"]["local_size"], json!([64, 1, 1]));
    assert_eq!(doc["launch"]["num_groups"], json!([2, 1, 1]));
    let kernels = doc["kernels"].as_array().expect("kernels is a list");
    assert_eq!(kernels.len(), 1, "{doc:#}");
    let kernel = &kernels[0];
    assert_eq!(kernel["exit_code"], 1);
    assert!(
        kernel["seconds"].as_f64().is_some_and(|s| s >= 0.0),
        "{kernel:#}"
    );
    let report = &kernel["report"];
    assert_eq!(report["kernel"], "racy");
    assert_eq!(report["verdict"], "defects");
    let diagnostic = &report["diagnostics"][0];
    assert_eq!(diagnostic["kind"], "race");
    assert_eq!(
        diagnostic["pos"],
        json!({ "file": "racy.cl", "line": 4, "col": 8 })
    );
    let message = diagnostic["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("possible write-write race on A["),
        "{message}"
    );
    // Both accesses are writes by distinct threads of the same group, at the same place.
    let accesses = diagnostic["accesses"].as_array().expect("accesses");
    assert_eq!(accesses.len(), 2, "{diagnostic:#}");
    for a in accesses {
        assert_eq!(a["kind"], "Write");
        assert_eq!(a["pos"], diagnostic["pos"]);
    }
    assert_ne!(accesses[0]["thread"], accesses[1]["thread"]);
    assert_eq!(
        accesses[0]["thread"]["group"],
        accesses[1]["thread"]["group"]
    );
    // Nothing but the document is printed.
    assert_eq!(run.stderr, "", "{}", run.show());
}

#[test]
fn a_verified_kernel_has_no_diagnostics_and_every_check_proved() {
    let run = lockstep_exits(
        0,
        &[
            "verify",
            "--json",
            "--local_size=64",
            "--num_groups=2",
            "correct.cl",
        ],
    );
    let doc = run.json();
    assert_eq!(doc["exit_code"], 0);
    let report = &doc["kernels"][0]["report"];
    assert_eq!(report["kernel"], "shift");
    assert_eq!(report["verdict"], "verified");
    assert_eq!(report["diagnostics"], json!([]));
    assert_eq!(report["inconclusive"], json!([]));
    assert!(
        report["checks"].as_u64().is_some_and(|n| n > 0),
        "{report:#}"
    );
    assert_eq!(report["proved"], report["checks"]);
}

#[test]
fn a_cuda_kernel_is_labelled_cuda() {
    let run = lockstep_exits(
        1,
        &[
            "verify",
            "--json",
            "--blockDim=32",
            "--gridDim=2",
            "racy.cu",
        ],
    );
    let doc = run.json();
    assert_eq!(doc["language"], "cuda");
    assert_eq!(doc["kernels"][0]["report"]["verdict"], "defects");
    assert_eq!(
        doc["kernels"][0]["report"]["diagnostics"][0]["kind"],
        "race"
    );
}

#[test]
fn an_error_before_any_kernel_is_a_document_with_the_error_and_its_code() {
    for (file, code, says) in [
        ("absent.cl", 2, "no such file"),
        ("k.txt", 2, "unknown file kind"),
        (
            "syntax_error.cl",
            3,
            "use of undeclared identifier 'undefined_name'",
        ),
        ("malformed.ll", 3, "undefined value '%missing'"),
    ] {
        let run = lockstep_exits(
            code,
            &[
                "verify",
                "--json",
                "--local_size=64",
                "--num_groups=2",
                file,
            ],
        );
        let doc = run.json();
        assert_eq!(doc["exit_code"], code, "{file}: {doc:#}");
        assert_eq!(doc["file"], file);
        let error = doc["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{file}: {doc:#}");
    }
}

#[test]
fn an_unsupported_kernel_carries_its_error_and_code() {
    let run = lockstep_exits(
        4,
        &[
            "verify",
            "--json",
            "--local_size=64",
            "--num_groups=2",
            "subgroup.cl",
        ],
    );
    let doc = run.json();
    assert_eq!(doc["exit_code"], 4);
    let kernel = &doc["kernels"][0];
    assert_eq!(kernel["kernel"], "subgroup");
    assert_eq!(kernel["exit_code"], 4);
    let error = kernel["error"].as_str().unwrap_or_default();
    assert!(
        error.starts_with("subgroup.cl:3:25:") && error.contains("get_sub_group_id"),
        "{error}"
    );
}

/// The diagnostics of `two_loops.cl`, by the line they are reported at.
fn two_loops_diagnostics() -> (Value, impl Fn(&Value, u64) -> Value) {
    let run = lockstep_exits(
        1,
        &[
            "verify",
            "--json",
            "--local_size=4",
            "--num_groups=1",
            "two_loops.cl",
        ],
    );
    let doc = run.json();
    let at_line = |doc: &Value, line: u64| {
        doc["kernels"][0]["report"]["diagnostics"]
            .as_array()
            .and_then(|ds| ds.iter().find(|d| d["pos"]["line"] == line))
            .cloned()
            .unwrap_or_else(|| panic!("no diagnostic at line {line}: {doc:#}"))
    };
    (doc, at_line)
}

#[test]
fn a_defect_no_cut_loop_precedes_is_confirmed_and_one_after_a_cut_is_not() {
    let (doc, at_line) = two_loops_diagnostics();
    // The first loop's invariant fails on entry: nothing abstract precedes it.
    assert_eq!(at_line(&doc, 3)["confirmed"], true, "{doc:#}");
    // The second one fails after an iteration of its cut loop: the state may be spurious.
    assert_eq!(at_line(&doc, 5)["confirmed"], false, "{doc:#}");
}

#[test]
fn a_defect_after_a_cut_names_the_loop_abstractions_it_went_through() {
    let (doc, at_line) = two_loops_diagnostics();
    let after = at_line(&doc, 5);
    let heads = after["loop_abstractions"]
        .as_array()
        .expect("loop abstractions listed");
    // Both loops were cut before the second one's invariant is checked after an
    // iteration: the first on the way, the second itself.
    let lines: Vec<u64> = heads.iter().filter_map(|h| h["line"].as_u64()).collect();
    assert_eq!(lines, vec![3, 5], "{doc:#}");
    assert!(
        at_line(&doc, 3).get("loop_abstractions").is_none(),
        "{doc:#}"
    );
}
