//! One differential check: lockstep's verdict on a kernel against what every oracle saw.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;

use crate::ast::Kernel;
use crate::emit;
use crate::oracle::{Observation, Oracle};
use crate::run;

/// How lockstep is run.
#[derive(Debug, Clone)]
pub struct Verifier {
    pub lockstep: PathBuf,
    /// `--timeout` (seconds of solver budget per kernel).
    pub timeout: u32,
}

/// lockstep's verdict, from its exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Verdict {
    Verified,
    Defect,
    Inconclusive,
    /// Exit 2, 3 or 4 (or a crash: `None`).
    Error(Option<i32>),
    /// Killed at the wall-clock limit.
    Hang,
}

/// The classes of the summary table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Outcome {
    /// An oracle observed a defect and lockstep said verified, even with `--benign=none`:
    /// a soundness bug.
    Violation,
    /// An oracle observed a defect, lockstep said verified under its default benign-race
    /// policy and reports a defect with `--benign=none`: a conflict the policy tolerates
    /// (equal values, a thread reading its own value back), not a soundness bug.
    Tolerated,
    /// lockstep reported a defect and an oracle observed one.
    Confirmed,
    /// lockstep reported a defect no oracle observed (schedule- or input-dependent, or
    /// spurious; only counted).
    NotObserved,
    /// lockstep verified it and no oracle saw anything.
    AgreedClean,
    /// lockstep gave up (exit 5).
    Inconclusive,
    /// lockstep failed (exit 2–4, crash, hang).
    LockstepError,
}

/// Everything known about one kernel.
#[derive(Debug, Clone, Serialize)]
pub struct Checked {
    pub seed: u64,
    pub verdict: Verdict,
    pub lockstep_seconds: f64,
    /// The first line of lockstep's output when it failed.
    pub lockstep_message: Option<String>,
    pub observations: Vec<(String, Observation)>,
    pub outcome: Outcome,
}

/// Runs lockstep on `kernel` in its language inside `dir`.
pub fn verify(
    verifier: &Verifier,
    kernel: &Kernel,
    dir: &Path,
    extra: &[&str],
) -> (Verdict, f64, Option<String>) {
    let file = format!("{}.{}", kernel.name, kernel.lang.extension());
    if let Err(e) = std::fs::write(dir.join(&file), emit::source(kernel, kernel.lang, "pass")) {
        return (
            Verdict::Error(None),
            0.0,
            Some(format!("writing the kernel: {e}")),
        );
    }
    let mut args = vec!["verify".to_string()];
    args.extend(emit::launch_flags(kernel, kernel.lang));
    args.push(format!("--timeout={}", verifier.timeout));
    args.extend(extra.iter().map(|a| a.to_string()));
    args.push(file);
    let limit = Duration::from_secs(u64::from(verifier.timeout) * 3 + 30);
    match run::run(&verifier.lockstep, &args, dir, limit) {
        Err(e) => (
            Verdict::Error(None),
            0.0,
            Some(format!("running lockstep: {e}")),
        ),
        Ok(out) => {
            let verdict = if out.timed_out {
                Verdict::Hang
            } else {
                match out.code {
                    Some(0) => Verdict::Verified,
                    Some(1) => Verdict::Defect,
                    Some(5) => Verdict::Inconclusive,
                    other => Verdict::Error(other),
                }
            };
            let message = matches!(verdict, Verdict::Error(_) | Verdict::Hang).then(|| {
                out.text
                    .lines()
                    .find(|l| l.contains("error") || l.contains("panic"))
                    .or_else(|| out.text.lines().next())
                    .unwrap_or("")
                    .chars()
                    .take(200)
                    .collect()
            });
            (verdict, out.seconds, message)
        }
    }
}

/// Classifies a verdict against the oracles' observations.
pub fn classify(verdict: Verdict, observations: &[(String, Observation)]) -> Outcome {
    let observed = observations.iter().any(|(_, o)| o.is_defect());
    match verdict {
        Verdict::Verified if observed => Outcome::Violation,
        Verdict::Verified => Outcome::AgreedClean,
        Verdict::Defect if observed => Outcome::Confirmed,
        Verdict::Defect => Outcome::NotObserved,
        Verdict::Inconclusive => Outcome::Inconclusive,
        Verdict::Error(_) | Verdict::Hang => Outcome::LockstepError,
    }
}

/// Checks `kernel` against lockstep and every oracle, in a fresh directory under `work`.
pub fn check(
    verifier: &Verifier,
    oracles: &[Box<dyn Oracle>],
    kernel: &Kernel,
    work: &Path,
) -> Checked {
    let dir = match tempfile::Builder::new()
        .prefix(&format!("{}-", kernel.name))
        .tempdir_in(work)
    {
        Ok(d) => d,
        Err(e) => {
            return Checked {
                seed: kernel.seed,
                verdict: Verdict::Error(None),
                lockstep_seconds: 0.0,
                lockstep_message: Some(format!("creating a work directory: {e}")),
                observations: Vec::new(),
                outcome: Outcome::LockstepError,
            }
        }
    };
    let (verdict, lockstep_seconds, lockstep_message) = verify(verifier, kernel, dir.path(), &[]);
    let observations: Vec<(String, Observation)> = oracles
        .iter()
        .map(|o| (o.name().to_string(), o.observe(kernel, dir.path())))
        .collect();
    let mut outcome = classify(verdict, &observations);
    if outcome == Outcome::Violation {
        let (strict, _, _) = verify(verifier, kernel, dir.path(), &["--benign=none"]);
        if strict == Verdict::Defect {
            outcome = Outcome::Tolerated;
        }
    }
    Checked {
        seed: kernel.seed,
        verdict,
        lockstep_seconds,
        lockstep_message,
        observations,
        outcome,
    }
}
