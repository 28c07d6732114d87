//! `lockstep test --json`: every kernel's record and the totals as one JSON document.

use serde::Serialize;

use super::baseline::Comparison;
use super::outcome::KernelRecord;

#[derive(Debug, Serialize)]
struct Totals {
    kernels: usize,
    passed: usize,
    failed: usize,
    unsound: usize,
    /// Sum of the kernels' times.
    seconds: f64,
    wall_seconds: f64,
}

#[derive(Debug, Serialize)]
struct Document<'a> {
    kernels: &'a [KernelRecord],
    totals: Totals,
    /// Present when the run was compared with a baseline.
    baseline: Option<&'a Comparison>,
}

/// The JSON document for a run.
pub fn render(
    records: &[KernelRecord],
    comparison: Option<&Comparison>,
    wall_seconds: f64,
) -> serde_json::Result<String> {
    let passed = records.iter().filter(|r| r.passed).count();
    let totals = Totals {
        kernels: records.len(),
        passed,
        failed: records.len() - passed,
        unsound: records.iter().filter(|r| r.unsound).count(),
        seconds: records.iter().map(|r| r.seconds).sum(),
        wall_seconds,
    };
    serde_json::to_string_pretty(&Document {
        kernels: records,
        totals,
        baseline: comparison,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::outcome::Got;
    use std::path::PathBuf;

    #[test]
    fn document_has_records_and_totals() {
        let record = KernelRecord {
            path: PathBuf::from("t/a.cl"),
            rel: "a.cl".to_string(),
            category: ".".to_string(),
            expected: None,
            got: Got::Crash { signal: 6 },
            seconds: 0.5,
            mismatched: vec![],
            passed: false,
            unsound: false,
            output: "boom".to_string(),
        };
        let text = render(&[record], None, 1.0).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["totals"]["failed"], 1);
        assert_eq!(value["totals"]["passed"], 0);
        assert_eq!(value["kernels"][0]["rel"], "a.cl");
        assert_eq!(value["kernels"][0]["got"]["crash"]["signal"], 6);
        assert!(value["baseline"].is_null());
    }
}
