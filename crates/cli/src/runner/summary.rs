//! The human-readable end-of-run report. Its last line is always exactly
//! `N passed, N failed`: CI and `scripts/test` read it.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::baseline::{Baseline, Comparison};
use super::outcome::KernelRecord;

/// Lines of a failing kernel's output shown in the report.
const OUTPUT_LINES: usize = 6;
/// Characters kept of each of those lines.
const LINE_WIDTH: usize = 200;

/// The report's last line.
pub fn summary_line(passed: usize, failed: usize) -> String {
    format!("{passed} passed, {failed} failed")
}

/// One line per kernel for `--verbose`: path, expected, got, time, verdict.
pub fn verbose_line(record: &KernelRecord) -> String {
    let verdict = match (record.passed, record.unsound) {
        (true, _) => "ok",
        (false, true) => "UNSOUND",
        (false, false) => "FAIL",
    };
    format!(
        "{}  expected {}  got {}  {:.2}s  {verdict}",
        record.path.display(),
        record.expected_text(),
        record.got,
        record.seconds
    )
}

/// The whole report: failures, the per-category table, the baseline comparison, unsound
/// results, and the summary line. Failures the baseline already records as failing are
/// listed in one line each.
pub fn render(
    records: &[KernelRecord],
    baseline: Option<(&Baseline, &Comparison)>,
    wall_seconds: f64,
) -> String {
    let mut out = String::new();
    let failed: Vec<&KernelRecord> = records.iter().filter(|r| !r.passed).collect();
    if !failed.is_empty() {
        let _ = writeln!(out, "Failed kernels ({}):", failed.len());
        for record in &failed {
            let known = baseline.is_some_and(|(b, c)| c.is_known_failure(&record.rel, b));
            write_failure(&mut out, record, known);
        }
        out.push('\n');
    }
    write_table(&mut out, records, wall_seconds);
    if let Some((_, comparison)) = baseline {
        write_comparison(&mut out, comparison);
    }
    let unsound: Vec<&KernelRecord> = records.iter().filter(|r| r.unsound).collect();
    if !unsound.is_empty() {
        let _ = writeln!(
            out,
            "\n!!! UNSOUND: {} kernel(s) with a known defect (xfail:NOT_ALL_VERIFIED) were reported verified:",
            unsound.len()
        );
        for record in unsound {
            let _ = writeln!(out, "!!!   {}", record.path.display());
        }
    }
    out.push('\n');
    match baseline {
        // Against a baseline each kernel's test is "no worse than recorded": a known
        // disagreement with the header passes, a regression or an unsound verdict fails.
        Some((b, c)) => {
            let bad = records
                .iter()
                .filter(|r| r.unsound || (!r.passed && !c.is_known_failure(&r.rel, b)))
                .count();
            let known = failed
                .iter()
                .filter(|r| !r.unsound && c.is_known_failure(&r.rel, b))
                .count();
            let _ = writeln!(
                out,
                "against the baseline: {} kernels agree with their header, {known} disagree as recorded, {bad} regressed, new, changed or unsound",
                records.len() - failed.len()
            );
            out.push_str(&summary_line(records.len() - bad, bad));
        }
        None => out.push_str(&summary_line(records.len() - failed.len(), failed.len())),
    }
    out.push('\n');
    out
}

fn write_failure(out: &mut String, record: &KernelRecord, known: bool) {
    let tag = if record.unsound { "UNSOUND" } else { "FAIL" };
    if known {
        let _ = writeln!(
            out,
            "{tag} {}  expected {}, got {}  (failing in the baseline too)",
            record.path.display(),
            record.expected_text(),
            record.got
        );
        return;
    }
    let _ = writeln!(out, "{tag} {}", record.path.display());
    let _ = writeln!(
        out,
        "    expected {}, got {}  [{:.2}s]",
        record.expected_text(),
        record.got,
        record.seconds
    );
    if let Some(regex) = record.mismatched.first() {
        let more = record.mismatched.len() - 1;
        let more = if more > 0 {
            format!(" (and {more} more)")
        } else {
            String::new()
        };
        let _ = writeln!(out, "    output does not match `{regex}`{more}");
    }
    for line in record.output.lines().take(OUTPUT_LINES) {
        let line: String = line.chars().take(LINE_WIDTH).collect();
        let _ = writeln!(out, "    | {line}");
    }
}

#[derive(Default)]
struct Row {
    passed: usize,
    failed: usize,
    unsound: usize,
    seconds: f64,
}

impl Row {
    fn add(&mut self, record: &KernelRecord) {
        if record.passed {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
        self.unsound += usize::from(record.unsound);
        self.seconds += record.seconds;
    }
}

fn write_table(out: &mut String, records: &[KernelRecord], wall_seconds: f64) {
    let mut rows: BTreeMap<&str, Row> = BTreeMap::new();
    let mut total = Row::default();
    for record in records {
        rows.entry(record.category.as_str())
            .or_default()
            .add(record);
        total.add(record);
    }
    let width = rows.keys().map(|k| k.len()).max().unwrap_or(0).max(8);
    let line = |out: &mut String, name: &str, row: &Row| {
        let _ = writeln!(
            out,
            "{name:<width$}  {:>6}  {:>6}  {:>7}  {:>9.1}s",
            row.passed, row.failed, row.unsound, row.seconds
        );
    };
    let _ = writeln!(
        out,
        "{:<width$}  {:>6}  {:>6}  {:>7}  {:>10}",
        "category", "passed", "failed", "unsound", "time"
    );
    for (name, row) in &rows {
        line(out, name, row);
    }
    line(out, "total", &total);
    let _ = writeln!(out, "(wall clock {wall_seconds:.1}s)");
}

fn write_comparison(out: &mut String, comparison: &Comparison) {
    let list = |out: &mut String, title: &str, paths: &[String]| {
        if !paths.is_empty() {
            let _ = writeln!(out, "{title} ({}):", paths.len());
            for path in paths {
                let _ = writeln!(out, "  {path}");
            }
        }
    };
    out.push('\n');
    list(
        out,
        "REGRESSIONS: passed in the baseline, fail now",
        &comparison.regressions,
    );
    list(
        out,
        "Improvements: failed in the baseline, pass now (re-record it with --write-baseline)",
        &comparison.improvements,
    );
    list(out, "New: not in the baseline", &comparison.new);
    list(
        out,
        "NEW FAILURES: not in the baseline, and failing",
        &comparison.new_failures,
    );
    if !comparison.changed.is_empty() {
        let _ = writeln!(
            out,
            "CHANGED: failing in the baseline, failing differently now ({}):",
            comparison.changed.len()
        );
        for change in &comparison.changed {
            let _ = writeln!(
                out,
                "  {}  was {}, now {}",
                change.path, change.was, change.now
            );
        }
    }
    if !comparison.missing.is_empty() {
        let _ = writeln!(
            out,
            "{} kernel(s) in the baseline were not run this time",
            comparison.missing.len()
        );
    }
    if comparison.acceptable() && comparison.improvements.is_empty() {
        let _ = writeln!(out, "No change from the baseline's pass/fail results.");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::outcome::Got;
    use std::path::PathBuf;

    fn record(rel: &str, got: Got, passed: bool, unsound: bool) -> KernelRecord {
        KernelRecord {
            path: PathBuf::from("suite").join(rel),
            rel: rel.to_string(),
            category: rel.split('/').next().unwrap_or(".").to_string(),
            expected: None,
            got,
            seconds: 1.25,
            mismatched: if passed {
                vec![]
            } else {
                vec!["race on A".into()]
            },
            passed,
            unsound,
            output: "line one\nline two\n".to_string(),
        }
    }

    #[test]
    fn summary_line_format() {
        assert_eq!(summary_line(3, 0), "3 passed, 0 failed");
        assert_eq!(summary_line(0, 12), "0 passed, 12 failed");
    }

    #[test]
    fn report_ends_with_the_summary_line_and_shows_unsound_loudly() {
        let records = [
            record("races/a.cl", Got::Exit(1), true, false),
            record("races/b.cl", Got::Exit(0), false, true),
            record("CUDA/c.cu", Got::Hang, false, false),
        ];
        let text = render(&records, None, 2.0);
        let expected = "\
Failed kernels (2):
UNSOUND suite/races/b.cl
    expected ?, got exit 0  [1.25s]
    output does not match `race on A`
    | line one
    | line two
FAIL suite/CUDA/c.cu
    expected ?, got hang (killed)  [1.25s]
    output does not match `race on A`
    | line one
    | line two

category  passed  failed  unsound        time
CUDA           0       1        0        1.2s
races          1       1        1        2.5s
total          1       2        1        3.8s
(wall clock 2.0s)

!!! UNSOUND: 1 kernel(s) with a known defect (xfail:NOT_ALL_VERIFIED) were reported verified:
!!!   suite/races/b.cl

1 passed, 2 failed
";
        assert_eq!(text, expected);
    }

    #[test]
    fn known_failures_are_one_line_and_the_comparison_is_listed() {
        let records = [
            record("races/a.cl", Got::Exit(1), false, false),
            record("races/b.cl", Got::Exit(4), false, false),
            record("races/new.cl", Got::Exit(0), true, false),
        ];
        let baseline = Baseline::parse("races/a.cl\t0\tpass\nraces/b.cl\t4\tfail\n").unwrap();
        let comparison = baseline.compare(&records);
        let text = render(&records, Some((&baseline, &comparison)), 2.0);
        assert!(text.contains("(failing in the baseline too)"));
        assert!(text.contains("REGRESSIONS: passed in the baseline, fail now (1):\n  races/a.cl"));
        assert!(text.contains("New: not in the baseline (1):\n  races/new.cl"));
        assert!(text.contains(
            "against the baseline: 1 kernels agree with their header, 1 disagree as recorded, 1 regressed, new, changed or unsound"
        ));
        // Against a baseline, the known failure passes and the regression fails.
        assert_eq!(text.lines().last(), Some("2 passed, 1 failed"));
    }

    #[test]
    fn verbose_line_names_path_expected_got_time() {
        let r = record("races/b.cl", Got::Exit(0), false, true);
        assert_eq!(
            verbose_line(&r),
            "suite/races/b.cl  expected ?  got exit 0  1.25s  UNSOUND"
        );
    }
}
