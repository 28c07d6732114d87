//! The summary of a comparison: time ratios between modes per optimisation level, verdicts
//! that differ between modes or levels, and how often the modes agree.

use std::collections::BTreeMap;

use serde::Serialize;

use super::rows::{Mode, Row, Verdict};

/// Times below this many seconds count as this much in ratios (no division by zero).
const MIN_SECONDS: f64 = 1e-3;

/// How many of the largest ratios a pair keeps.
const WORST: usize = 5;

/// Mode `a` against mode `b` at one level, over the kernels both decided.
#[derive(Clone, Debug, Serialize)]
pub struct Ratio {
    pub a: Mode,
    pub b: Mode,
    pub opt_level: u8,
    /// Kernels both modes gave a verdict for.
    pub kernels: usize,
    /// Geometric mean of total time of `a` over total time of `b`.
    pub total: f64,
    /// The same for solver time.
    pub solver: f64,
    /// The kernels with the largest total-time ratios, largest first.
    pub largest: Vec<(String, f64)>,
}

/// A kernel whose verdicts differ: between modes at one level, or between levels under one
/// mode.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    pub kernel: String,
    /// The level the modes disagree at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opt_level: Option<u8>,
    /// The mode the levels disagree under.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    /// `(mode or -ON, verdict)` for every run that gave a verdict.
    pub verdicts: Vec<(String, Verdict)>,
}

impl Disagreement {
    /// `DISAGREE k.cl: unstructured=verified structured=defects at -O2`.
    pub fn line(&self) -> String {
        let verdicts: Vec<String> = self
            .verdicts
            .iter()
            .map(|(who, v)| format!("{who}={}", v.name()))
            .collect();
        let place = match (self.opt_level, self.mode) {
            (Some(level), _) => format!("at -O{level}"),
            (None, Some(mode)) => format!("under {}", mode.name()),
            (None, None) => String::new(),
        };
        format!("DISAGREE {}: {} {place}", self.kernel, verdicts.join(" "))
    }
}

/// How the modes fared at one level.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Agreement {
    pub opt_level: u8,
    pub kernels: usize,
    /// Every mode gave a verdict, the same one.
    pub agree: usize,
    /// Some modes gave verdicts that differ.
    pub disagree: usize,
    /// The verdicts that were given agree, and some mode rejected the kernel (exit 4).
    pub not_applicable: usize,
    /// The verdicts that were given agree, and some mode was inconclusive or failed.
    pub undecided: usize,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    pub ratios: Vec<Ratio>,
    pub disagreements: Vec<Disagreement>,
    pub agreement: Vec<Agreement>,
}

type Key<'r> = (&'r str, Mode, u8);

impl Summary {
    pub fn of(rows: &[Row], modes: &[Mode], levels: &[u8]) -> Summary {
        let by: BTreeMap<Key, &Row> = rows
            .iter()
            .map(|r| ((r.kernel.as_str(), r.mode, r.opt_level), r))
            .collect();
        let mut kernels: Vec<&str> = rows.iter().map(|r| r.kernel.as_str()).collect();
        kernels.dedup();
        let mut summary = Summary::default();
        for &level in levels {
            for (i, &a) in modes.iter().enumerate() {
                for &b in &modes[i + 1..] {
                    summary.ratios.push(ratio(&by, &kernels, (a, b), level));
                }
            }
        }
        for &level in levels {
            let mut agreement = Agreement {
                opt_level: level,
                kernels: kernels.len(),
                ..Agreement::default()
            };
            for &kernel in &kernels {
                let runs: Vec<(String, Verdict)> = modes
                    .iter()
                    .filter_map(|&m| by.get(&(kernel, m, level)))
                    .map(|r| (r.mode.name().to_string(), r.verdict))
                    .collect();
                match differ(&runs) {
                    Some(verdicts) => {
                        agreement.disagree += 1;
                        summary.disagreements.push(Disagreement {
                            kernel: kernel.to_string(),
                            opt_level: Some(level),
                            mode: None,
                            verdicts,
                        });
                    }
                    None if runs.iter().all(|(_, v)| v.decided()) => agreement.agree += 1,
                    None if runs.iter().any(|(_, v)| *v == Verdict::Rejected) => {
                        agreement.not_applicable += 1
                    }
                    None => agreement.undecided += 1,
                }
            }
            summary.agreement.push(agreement);
        }
        for &kernel in &kernels {
            for &mode in modes {
                let runs: Vec<(String, Verdict)> = levels
                    .iter()
                    .filter_map(|&l| by.get(&(kernel, mode, l)))
                    .map(|r| (format!("-O{}", r.opt_level), r.verdict))
                    .collect();
                if let Some(verdicts) = differ(&runs) {
                    summary.disagreements.push(Disagreement {
                        kernel: kernel.to_string(),
                        opt_level: None,
                        mode: Some(mode),
                        verdicts,
                    });
                }
            }
        }
        summary
    }

    /// One `DISAGREE …` line per disagreement.
    pub fn disagreement_lines(&self) -> Vec<String> {
        self.disagreements.iter().map(Disagreement::line).collect()
    }
}

/// The runs that gave a verdict, when those verdicts are not all the same.
fn differ(runs: &[(String, Verdict)]) -> Option<Vec<(String, Verdict)>> {
    let decided: Vec<(String, Verdict)> =
        runs.iter().filter(|(_, v)| v.decided()).cloned().collect();
    let first = decided.first()?.1;
    decided.iter().any(|(_, v)| *v != first).then_some(decided)
}

fn ratio(by: &BTreeMap<Key, &Row>, kernels: &[&str], (a, b): (Mode, Mode), level: u8) -> Ratio {
    let mut total = Vec::new();
    let mut solver = Vec::new();
    let mut largest = Vec::new();
    for &kernel in kernels {
        let (Some(ra), Some(rb)) = (by.get(&(kernel, a, level)), by.get(&(kernel, b, level)))
        else {
            continue;
        };
        if !(ra.verdict.decided() && rb.verdict.decided()) {
            continue;
        }
        let r = ra.total_seconds.max(MIN_SECONDS) / rb.total_seconds.max(MIN_SECONDS);
        total.push(r);
        solver.push(ra.solver_seconds.max(MIN_SECONDS) / rb.solver_seconds.max(MIN_SECONDS));
        largest.push((kernel.to_string(), r));
    }
    largest.sort_by(|x, y| y.1.total_cmp(&x.1));
    largest.truncate(WORST);
    Ratio {
        a,
        b,
        opt_level: level,
        kernels: total.len(),
        total: geomean(&total),
        solver: geomean(&solver),
        largest,
    }
}

/// The geometric mean (1 for no values).
pub fn geomean(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 1.0;
    }
    (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(kernel: &str, mode: Mode, level: u8, verdict: Verdict, seconds: f64) -> Row {
        Row {
            kernel: kernel.into(),
            mode,
            opt_level: level,
            verdict,
            exit_code: None,
            kernels: 1,
            blocks_before: 0,
            blocks_after: 0,
            vc_terms: 0,
            vc_checks: 0,
            solver_seconds: seconds / 2.0,
            verify_seconds: seconds,
            total_seconds: seconds,
            note: None,
        }
    }

    #[test]
    fn ratios_count_only_kernels_both_modes_decided() {
        use Mode::*;
        use Verdict::*;
        let rows = [
            row("a", Unstructured, 0, Verified, 2.0),
            row("a", Structured, 0, Verified, 1.0),
            row("b", Unstructured, 0, Defects, 8.0),
            row("b", Structured, 0, Defects, 1.0),
            row("c", Unstructured, 0, Verified, 5.0),
            row("c", Structured, 0, Rejected, 0.1),
        ];
        let s = Summary::of(&rows, &[Unstructured, Structured], &[0]);
        assert_eq!(s.ratios.len(), 1);
        assert_eq!(s.ratios[0].kernels, 2);
        assert!((s.ratios[0].total - 4.0).abs() < 1e-9);
        assert_eq!(s.ratios[0].largest[0].0, "b");
        assert!(s.disagreements.is_empty());
        let a = &s.agreement[0];
        assert_eq!(
            (a.kernels, a.agree, a.not_applicable, a.disagree),
            (3, 2, 1, 0)
        );
    }

    #[test]
    fn differing_verdicts_are_flagged_by_mode_and_by_level() {
        use Mode::*;
        use Verdict::*;
        let rows = [
            row("k.cl", Unstructured, 0, Verified, 1.0),
            row("k.cl", Structured, 0, Verified, 1.0),
            row("k.cl", Unstructured, 2, Verified, 1.0),
            row("k.cl", Structured, 2, Defects, 1.0),
        ];
        let s = Summary::of(&rows, &[Unstructured, Structured], &[0, 2]);
        assert_eq!(
            s.disagreement_lines(),
            [
                "DISAGREE k.cl: unstructured=verified structured=defects at -O2",
                "DISAGREE k.cl: -O0=verified -O2=defects under structured",
            ]
        );
        assert_eq!(s.agreement[1].disagree, 1);
    }
}
