//! Recorded results ("baselines") and comparing a run with one.
//!
//! A baseline is a text file with one line per kernel, sorted:
//! `relative/path<TAB>result<TAB>pass|fail`, where result is the exit code, `hang`, `crash`
//! or `error` (the runner could not run the kernel).

use std::collections::BTreeMap;

use serde::Serialize;
use thiserror::Error;

use super::outcome::KernelRecord;

/// One recorded kernel result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub result: String,
    pub passed: bool,
}

/// A parsed baseline, keyed by relative path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Baseline {
    pub entries: BTreeMap<String, Entry>,
}

#[derive(Debug, Error, PartialEq, Eq)]
#[error("baseline line {line}: {message}")]
pub struct BaselineError {
    pub line: usize,
    pub message: String,
}

/// How a run differs from a baseline (relative paths, sorted).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// Passed in the baseline, fail now.
    pub regressions: Vec<String>,
    /// Failed in the baseline, pass now.
    pub improvements: Vec<String>,
    /// Not in the baseline.
    pub new: Vec<String>,
    /// Not in the baseline, and failing: a failure nobody recorded.
    pub new_failures: Vec<String>,
    /// Failing in the baseline and now too, but with another result (a recorded
    /// inconclusive verdict that now crashes, hangs or reports a defect).
    pub changed: Vec<Change>,
    /// In the baseline but not run this time.
    pub missing: Vec<String>,
}

/// A recorded failure whose result changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    pub path: String,
    pub was: String,
    pub now: String,
}

impl Comparison {
    /// Whether the run is no worse than the baseline: nothing regressed, no unrecorded
    /// failure, no recorded failure failing differently.
    pub fn acceptable(&self) -> bool {
        self.regressions.is_empty() && self.new_failures.is_empty() && self.changed.is_empty()
    }

    /// Whether `rel` is a failure the baseline records exactly (same result).
    pub fn is_known_failure(&self, rel: &str, baseline: &Baseline) -> bool {
        baseline.entries.get(rel).is_some_and(|e| !e.passed)
            && !self.changed.iter().any(|c| c.path == rel)
    }
}

impl Baseline {
    /// Reads a baseline's text. Empty lines are ignored.
    pub fn parse(text: &str) -> Result<Baseline, BaselineError> {
        let mut entries = BTreeMap::new();
        for (index, line) in text.lines().enumerate() {
            let error = |message: String| BaselineError {
                line: index + 1,
                message,
            };
            if line.trim().is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            let [path, result, verdict] = fields[..] else {
                return Err(error(format!(
                    "expected `path<TAB>result<TAB>pass|fail`, found `{line}`"
                )));
            };
            let passed = match verdict {
                "pass" => true,
                "fail" => false,
                other => return Err(error(format!("expected `pass` or `fail`, found `{other}`"))),
            };
            let entry = Entry {
                result: result.to_string(),
                passed,
            };
            if entries.insert(path.to_string(), entry).is_some() {
                return Err(error(format!("`{path}` is listed twice")));
            }
        }
        Ok(Baseline { entries })
    }

    /// The baseline recording `records`.
    pub fn from_records(records: &[KernelRecord]) -> Baseline {
        let entries = records
            .iter()
            .map(|r| {
                let entry = Entry {
                    result: r.got.token(),
                    passed: r.passed,
                };
                (r.rel.clone(), entry)
            })
            .collect();
        Baseline { entries }
    }

    /// The baseline's text, sorted by path.
    pub fn render(&self) -> String {
        let mut text = String::new();
        for (path, entry) in &self.entries {
            let verdict = if entry.passed { "pass" } else { "fail" };
            text.push_str(&format!("{path}\t{}\t{verdict}\n", entry.result));
        }
        text
    }

    /// How `records` differ from this baseline.
    pub fn compare(&self, records: &[KernelRecord]) -> Comparison {
        let mut comparison = Comparison::default();
        for record in records {
            match self.entries.get(&record.rel) {
                None => {
                    comparison.new.push(record.rel.clone());
                    if !record.passed {
                        comparison.new_failures.push(record.rel.clone());
                    }
                }
                Some(entry) if entry.passed && !record.passed => {
                    comparison.regressions.push(record.rel.clone())
                }
                Some(entry) if !entry.passed && record.passed => {
                    comparison.improvements.push(record.rel.clone())
                }
                Some(entry) if !entry.passed && entry.result != record.got.token() => {
                    comparison.changed.push(Change {
                        path: record.rel.clone(),
                        was: entry.result.clone(),
                        now: record.got.token(),
                    })
                }
                Some(_) => {}
            }
        }
        let run: std::collections::BTreeSet<&str> =
            records.iter().map(|r| r.rel.as_str()).collect();
        comparison.missing = self
            .entries
            .keys()
            .filter(|path| !run.contains(path.as_str()))
            .cloned()
            .collect();
        comparison.regressions.sort();
        comparison.improvements.sort();
        comparison.new.sort();
        comparison.new_failures.sort();
        comparison.changed.sort_by(|a, b| a.path.cmp(&b.path));
        comparison
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::outcome::Got;
    use std::path::PathBuf;

    fn record(rel: &str, got: Got, passed: bool) -> KernelRecord {
        KernelRecord {
            path: PathBuf::from(rel),
            rel: rel.to_string(),
            category: ".".to_string(),
            expected: None,
            got,
            seconds: 0.0,
            mismatched: Vec::new(),
            passed,
            unsound: false,
            output: String::new(),
        }
    }

    #[test]
    fn write_then_read_round_trips_sorted() {
        let records = [
            record("b/k.cu", Got::Hang, false),
            record("a/k.cl", Got::Exit(0), true),
            record("a/z.cl", Got::Crash { signal: 11 }, false),
            record(
                "c.ll",
                Got::Error {
                    message: "bad header".into(),
                },
                false,
            ),
        ];
        let text = Baseline::from_records(&records).render();
        assert_eq!(
            text,
            "a/k.cl\t0\tpass\na/z.cl\tcrash\tfail\nb/k.cu\thang\tfail\nc.ll\terror\tfail\n"
        );
        let read = Baseline::parse(&text).unwrap();
        assert_eq!(read, Baseline::from_records(&records));
        assert_eq!(read.render(), text);
    }

    #[test]
    fn compare_finds_regressions_improvements_new_and_missing() {
        let baseline =
            Baseline::parse("a.cl\t0\tpass\nb.cl\t1\tfail\nc.cl\t1\tpass\ngone.cl\t0\tpass\n")
                .unwrap();
        let records = [
            record("a.cl", Got::Exit(1), false),
            record("b.cl", Got::Exit(0), true),
            record("c.cl", Got::Exit(1), true),
            record("fresh.cl", Got::Exit(3), false),
        ];
        let c = baseline.compare(&records);
        assert_eq!(c.regressions, ["a.cl"]);
        assert_eq!(c.improvements, ["b.cl"]);
        assert_eq!(c.new, ["fresh.cl"]);
        assert_eq!(c.new_failures, ["fresh.cl"]);
        assert_eq!(c.missing, ["gone.cl"]);
        assert!(!c.acceptable());
    }

    #[test]
    fn a_new_passing_kernel_is_acceptable_a_new_failing_one_is_not() {
        let baseline = Baseline::parse("a.cl\t0\tpass\n").unwrap();
        let c = baseline.compare(&[
            record("a.cl", Got::Exit(0), true),
            record("b.cl", Got::Exit(0), true),
        ]);
        assert_eq!(c.new, ["b.cl"]);
        assert!(c.new_failures.is_empty());
        assert!(c.acceptable());
        let c = baseline.compare(&[record("c.cl", Got::Exit(4), false)]);
        assert_eq!(c.new_failures, ["c.cl"]);
        assert!(!c.acceptable());
    }

    #[test]
    fn a_recorded_failure_that_fails_differently_is_a_change() {
        let baseline = Baseline::parse("a.cl\t4\tfail\nb.cl\t4\tfail\n").unwrap();
        let c = baseline.compare(&[
            record("a.cl", Got::Hang, false),
            record("b.cl", Got::Crash { signal: 11 }, false),
        ]);
        let was_now: Vec<(&str, &str, &str)> = c
            .changed
            .iter()
            .map(|c| (c.path.as_str(), c.was.as_str(), c.now.as_str()))
            .collect();
        assert_eq!(was_now, [("a.cl", "4", "hang"), ("b.cl", "4", "crash")]);
        assert!(!c.acceptable());
        assert!(!c.is_known_failure("a.cl", &baseline));
    }

    #[test]
    fn a_still_failing_kernel_is_not_a_regression() {
        let baseline = Baseline::parse("a.cl\t4\tfail\n").unwrap();
        let c = baseline.compare(&[record("a.cl", Got::Exit(4), false)]);
        assert_eq!(c, Comparison::default());
        assert!(c.acceptable());
        assert!(c.is_known_failure("a.cl", &baseline));
    }

    #[test]
    fn bad_baselines() {
        let e = Baseline::parse("a.cl\t0\tpass\na.cl 0 pass\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = Baseline::parse("a.cl\t0\tmaybe\n").unwrap_err();
        assert!(e.message.contains("maybe"));
        let e = Baseline::parse("a.cl\t0\tpass\n\na.cl\t1\tfail\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("twice"));
    }
}
