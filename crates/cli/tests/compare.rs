//! `lockstep compare` end to end: against a fake verifier (`compare_data/fake-lockstep`, which
//! exits as the kernel file says for each mode and level) for the table, the summary and the
//! disagreements, and against the real binary for the statistics and the JSON shape.

use std::path::{Path, PathBuf};

use cli::compare::{run_with_output, CompareArgs};

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/compare_data")
        .join(path)
}

fn args(rest: &[&str], lockstep: PathBuf) -> CompareArgs {
    let mut a = CompareArgs {
        timeout: 60,
        jobs: Some(2),
        lockstep: Some(lockstep),
        grace: 10,
        ..CompareArgs::default()
    };
    a.rest = rest.iter().map(|s| s.to_string()).collect();
    a
}

fn fake(rest: &[&str]) -> CompareArgs {
    args(rest, data("fake-lockstep"))
}

fn run(args: &CompareArgs) -> (i32, String) {
    let mut out = Vec::new();
    let code = run_with_output(args, &mut out);
    (code, String::from_utf8(out).unwrap())
}

#[test]
fn the_table_has_a_row_per_kernel_mode_and_level_and_the_summary_flags_disagreements() {
    let dir = data("fake");
    let (code, out) = run(&fake(&[dir.to_str().unwrap(), "--opt-levels=0,2"]));
    // flips.cl: structured finds a defect at -O2 that the others do not.
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let columns: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        columns,
        [
            "kernel",
            "mode",
            "opt",
            "verdict",
            "exit",
            "blocks_before",
            "blocks_after",
            "vc_terms",
            "vc_checks",
            "solver_s",
            "total_s"
        ]
    );
    let rows: Vec<Vec<&str>> = lines[1..13]
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    // Kernels in order, then levels, then modes.
    let keys: Vec<(&str, &str, &str, &str)> =
        rows.iter().map(|r| (r[0], r[1], r[2], r[3])).collect();
    assert_eq!(keys[0], ("agree.cl", "unstructured", "-O0", "verified"));
    assert_eq!(keys[1], ("agree.cl", "structured", "-O0", "n/a"));
    assert_eq!(keys[2], ("agree.cl", "structurized", "-O0", "verified"));
    assert_eq!(keys[3].2, "-O2");
    assert_eq!(keys[10], ("flips.cl", "structured", "-O2", "defects"));
    assert_eq!(&rows[0][4..9], ["0", "8", "10", "100", "3"]);
    assert_eq!(&rows[2][4..9], ["0", "8", "12", "100", "3"]);
    assert_eq!(&rows[1][4..9], ["4", "0", "0", "0", "0"]);
    assert_eq!(rows[0][9], "0.250");
    // Three pairs of modes at two levels: pair, level, kernels both decided.
    let words = |l: &str| l.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let ratios: Vec<Vec<String>> = out
        .lines()
        .filter(|l| {
            l.split(' ')
                .next()
                .is_some_and(|w| w.ends_with("/structured") || w.ends_with("/structurized"))
        })
        .map(|l| words(l)[..3].to_vec())
        .collect();
    let expected = [
        ["unstructured/structured", "-O0", "1"],
        ["unstructured/structurized", "-O0", "2"],
        ["structured/structurized", "-O0", "1"],
        ["unstructured/structured", "-O2", "1"],
        ["unstructured/structurized", "-O2", "2"],
        ["structured/structurized", "-O2", "1"],
    ];
    assert_eq!(
        ratios,
        expected.map(|r| r.map(String::from).to_vec()),
        "{out}"
    );
    // The agreement table: agree.cl is n/a under structured at both levels.
    let agreement: Vec<Vec<String>> = out
        .lines()
        .skip_while(|l| !l.starts_with("opt  kernels"))
        .skip(1)
        .take(2)
        .map(words)
        .collect();
    assert_eq!(agreement[0], ["-O0", "2", "1", "0", "1", "0"], "{out}");
    assert_eq!(agreement[1], ["-O2", "2", "0", "1", "1", "0"], "{out}");
    let loud: Vec<&str> = out.lines().filter(|l| l.starts_with("DISAGREE")).collect();
    assert_eq!(
        loud,
        [
            "DISAGREE flips.cl: unstructured=verified structured=defects structurized=verified at -O2",
            "DISAGREE flips.cl: -O0=verified -O2=defects under structured",
        ],
        "{out}"
    );
}

#[test]
fn json_and_csv_hold_every_row_and_the_summary() {
    let dir = data("fake");
    let a = fake(&["--json", dir.to_str().unwrap(), "--opt-levels=0"]);
    let (code, out) = run(&a);
    assert_eq!(code, 0, "{out}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        doc["modes"],
        serde_json::json!(["unstructured", "structured", "structurized"])
    );
    assert_eq!(doc["opt_levels"], serde_json::json!([0]));
    let rows = doc["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    let rejected = &rows[1];
    assert_eq!(rejected["verdict"], "rejected");
    assert_eq!(rejected["exit_code"], 4);
    assert_eq!(
        rejected["note"],
        "unstructured control flow at agree.cl:3 (break)"
    );
    let first = &rows[0];
    for key in [
        "kernel",
        "mode",
        "opt_level",
        "verdict",
        "exit_code",
        "kernels",
        "blocks_before",
        "blocks_after",
        "vc_terms",
        "vc_checks",
        "solver_seconds",
        "verify_seconds",
        "total_seconds",
    ] {
        assert!(!first[key].is_null(), "{key} missing in {first}");
    }
    let summary = &doc["summary"];
    assert_eq!(summary["ratios"].as_array().unwrap().len(), 3);
    assert_eq!(summary["ratios"][0]["kernels"], 1);
    assert_eq!(summary["disagreements"], serde_json::json!([]));
    assert_eq!(summary["agreement"][0]["not_applicable"], 1);

    let (_, csv) = run(&fake(&["--csv", dir.to_str().unwrap(), "--opt-levels=1"]));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 7, "{csv}");
    assert!(lines[0].starts_with("kernel,mode,opt,verdict,exit,"));
    assert!(lines[1].starts_with("agree.cl,unstructured,-O1,verified,0,8,10,100,3,0.250,"));
}

#[test]
fn the_plot_is_an_svg_and_png_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let svg = tmp.path().join("c.svg");
    let dir = data("fake");
    let plot = format!("--plot={}", svg.display());
    let (code, _) = run(&fake(&[dir.to_str().unwrap(), "--opt-levels=0", &plot]));
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"), "{text}");
    assert!(text.contains("structured vs unstructured"));
    let png = format!("--plot={}", tmp.path().join("c.png").display());
    let (code, _) = run(&fake(&[dir.to_str().unwrap(), &png]));
    assert_eq!(code, 2);
}

#[test]
fn the_real_verifier_fills_in_statistics() {
    let dir = data("kernels");
    let a = args(
        &[
            "--json",
            "--modes=unstructured,structured",
            "--opt-levels=0",
            dir.to_str().unwrap(),
        ],
        PathBuf::from(env!("CARGO_BIN_EXE_lockstep")),
    );
    let (code, out) = run(&a);
    assert_eq!(code, 0, "{out}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = doc["rows"].as_array().unwrap();
    let got: Vec<(&str, &str, &str)> = rows
        .iter()
        .map(|r| {
            (
                r["kernel"].as_str().unwrap(),
                r["mode"].as_str().unwrap(),
                r["verdict"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("branch_pass.cl", "unstructured", "verified"),
            ("branch_pass.cl", "structured", "verified"),
            ("race_fail.cl", "unstructured", "defects"),
            ("race_fail.cl", "structured", "defects"),
        ],
        "{out}"
    );
    for r in rows {
        assert_eq!(r["kernels"], 1, "{r}");
        assert!(r["blocks_before"].as_u64().unwrap() >= 1, "{r}");
        assert!(r["blocks_after"].as_u64().unwrap() >= 1, "{r}");
        assert!(r["vc_terms"].as_u64().unwrap() > 10, "{r}");
        assert!(r["vc_checks"].as_u64().unwrap() >= 1, "{r}");
        assert!(r["solver_seconds"].as_f64().unwrap() > 0.0, "{r}");
        assert!(
            r["total_seconds"].as_f64().unwrap() >= r["verify_seconds"].as_f64().unwrap(),
            "{r}"
        );
    }
}
