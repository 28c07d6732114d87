//! Running one kernel under one mode and level: the child `lockstep verify --json`, and the
//! row made of its exit code and the engine's statistics.

use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use super::{CompareError, Plan};
use crate::runner::discover::KernelFile;
use crate::runner::exec::{self, ChildRun, Ending};
use crate::runner::header;

/// A predication mode: which predicator, and whether the CFG is structurized first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The paper's predication of any reducible CFG.
    Unstructured,
    /// GPUVerify I's structured predication (rejects unstructured control flow, exit 4).
    Structured,
    /// Structured predication after LLVM's structurizecfg.
    Structurized,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Unstructured, Mode::Structured, Mode::Structurized];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Unstructured => "unstructured",
            Mode::Structured => "structured",
            Mode::Structurized => "structurized",
        }
    }

    /// The verify flags that select the mode.
    pub fn flags(self) -> &'static [&'static str] {
        match self {
            Mode::Unstructured => &["--predication=unstructured"],
            Mode::Structured => &["--predication=structured"],
            Mode::Structurized => &["--predication=structured", "--structurize"],
        }
    }
}

/// What a run gave, from its exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Exit 0.
    Verified,
    /// Exit 1: a defect was reported.
    Defects,
    /// Exit 4: the mode does not apply (structured predication of unstructured control flow)
    /// or the kernel is unsupported.
    Rejected,
    /// Exit 5, or killed past its limit.
    Inconclusive,
    /// Exit 2 or 3, a crash, or output compare cannot read.
    Error,
}

impl Verdict {
    pub fn of(ending: &Ending) -> Verdict {
        match ending {
            Ending::Exited(0) => Verdict::Verified,
            Ending::Exited(1) => Verdict::Defects,
            Ending::Exited(4) => Verdict::Rejected,
            Ending::Exited(5) | Ending::Hung => Verdict::Inconclusive,
            _ => Verdict::Error,
        }
    }

    /// A verdict proper: the kernel was proved or refuted.
    pub fn decided(self) -> bool {
        matches!(self, Verdict::Verified | Verdict::Defects)
    }

    pub fn name(self) -> &'static str {
        match self {
            Verdict::Verified => "verified",
            Verdict::Defects => "defects",
            Verdict::Rejected => "n/a",
            Verdict::Inconclusive => "inconclusive",
            Verdict::Error => "error",
        }
    }
}

/// One kernel file under one mode and level. Counts are summed over the file's kernels.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The file, relative to the path it was found under.
    pub kernel: String,
    pub mode: Mode,
    pub opt_level: u8,
    pub verdict: Verdict,
    /// The exit code, or `None` when the run was killed or crashed.
    pub exit_code: Option<i32>,
    /// Kernels in the file that reached the solver.
    pub kernels: usize,
    pub blocks_before: usize,
    pub blocks_after: usize,
    pub vc_terms: usize,
    pub vc_checks: usize,
    pub solver_seconds: f64,
    /// The engine's time per kernel, summed (no clang, no process start).
    pub verify_seconds: f64,
    /// The whole child run, wall clock.
    pub total_seconds: f64,
    /// Why the run gave no verdict (first line of its error), when it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Row {
    /// A row of `kernel` under `mode` at `-O<opt_level>` with no result yet.
    pub fn new(kernel: String, mode: Mode, opt_level: u8) -> Row {
        Row {
            kernel,
            mode,
            opt_level,
            verdict: Verdict::Error,
            exit_code: None,
            kernels: 0,
            blocks_before: 0,
            blocks_after: 0,
            vc_terms: 0,
            vc_checks: 0,
            solver_seconds: 0.0,
            verify_seconds: 0.0,
            total_seconds: 0.0,
            note: None,
        }
    }
}

/// Every kernel under every level and mode, on `plan.jobs` threads, with a progress bar on
/// stderr (drawn only on a terminal); rows come back kernel by kernel, levels then modes in
/// the order asked.
pub fn run_all(kernels: &[KernelFile], plan: &Plan) -> Result<Vec<Row>, CompareError> {
    let mut work = Vec::new();
    for kernel in kernels {
        for &level in &plan.levels {
            for &mode in &plan.modes {
                work.push((kernel, level, mode));
            }
        }
    }
    let bar = ProgressBar::with_draw_target(Some(work.len() as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {wide_msg}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.jobs)
        .build()?;
    let rows = pool.install(|| {
        work.par_iter()
            .map(|&(kernel, level, mode)| {
                let row = run_one(kernel, plan, level, mode);
                bar.set_message(format!("{} {} -O{level}", kernel.rel, mode.name()));
                bar.inc(1);
                row
            })
            .collect()
    });
    bar.finish_and_clear();
    Ok(rows)
}

/// Runs `kernel` as `lockstep verify --json <header flags> <verify flags> <mode>
/// --opt-level=L --timeout T FILE` in the kernel's directory, as `lockstep test` does.
fn run_one(kernel: &KernelFile, plan: &Plan, level: u8, mode: Mode) -> Row {
    let mut row = Row::new(kernel.rel.clone(), mode, level);
    let flags = match read_flags(&kernel.path) {
        Ok(flags) => flags,
        Err(message) => {
            row.note = Some(message);
            return row;
        }
    };
    let dir = kernel
        .path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let name = kernel.path.file_name().unwrap_or(kernel.path.as_os_str());
    let mut args: Vec<OsString> = vec!["verify".into(), "--json".into()];
    let dir_text = dir.to_string_lossy();
    args.extend(
        flags
            .iter()
            .chain(&plan.verify_flags)
            .map(|f| OsString::from(f.replace("${KERNEL_DIR}", &dir_text))),
    );
    args.extend(mode.flags().iter().map(OsString::from));
    args.push(format!("--opt-level={level}").into());
    args.push(format!("--timeout={}", plan.timeout).into());
    args.push(name.to_owned());
    let limit = Duration::from_secs(plan.timeout.saturating_add(plan.grace));
    let lockstep = std::fs::canonicalize(&plan.lockstep).unwrap_or_else(|_| plan.lockstep.clone());
    let run = exec::run_in(&lockstep, &args, limit, Some(&dir));
    fill(&mut row, &run);
    row
}

/// The header's flags without the ones compare chooses per run (`--opt-level N` in either
/// spelling, `--predication`, `--structurize`).
fn read_flags(path: &Path) -> Result<Vec<String>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read the kernel: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    let header = header::parse_header(&text, header::leader_for(path))
        .map_err(|e| format!("bad header: {e}"))?;
    let mut flags = Vec::new();
    let mut it = header.flags.into_iter();
    while let Some(flag) = it.next() {
        let chosen = ["--opt-level", "--opt_level", "--predication"];
        if chosen.contains(&flag.as_str()) {
            it.next();
        } else if !(super::named(&flag, &chosen) || flag == "--structurize") {
            flags.push(flag);
        }
    }
    Ok(flags)
}

/// Fills the verdict and the statistics of `row` from the child's exit and JSON document.
pub fn fill(row: &mut Row, run: &ChildRun) {
    row.total_seconds = run.seconds;
    row.verdict = Verdict::of(&run.ending);
    row.exit_code = match run.ending {
        Ending::Exited(code) => Some(code),
        _ => None,
    };
    // The output is the JSON document, maybe after warnings on stderr: pretty-printed
    // (a verdict) or on one line (an error).
    let doc = serde_json::from_str::<serde_json::Value>(run.output.trim())
        .ok()
        .or_else(|| last_document(&run.output))
        .or_else(|| {
            let line = run.output.lines().rev().find(|l| l.starts_with('{'))?;
            serde_json::from_str(line).ok()
        });
    let Some(doc) = doc else {
        row.note = Some(match &run.ending {
            Ending::Hung => "killed past its limit".to_string(),
            ending => format!("no JSON from the verifier ({ending:?})"),
        });
        return;
    };
    if let Some(error) = doc["error"].as_str() {
        row.note = Some(first_line(error));
    }
    for k in doc["kernels"].as_array().into_iter().flatten() {
        if let Some(error) = k["error"].as_str() {
            row.note.get_or_insert_with(|| first_line(error));
        }
        let stats = &k["stats"];
        if stats.is_null() {
            continue;
        }
        let count = |key: &str| stats[key].as_u64().unwrap_or(0) as usize;
        row.kernels += 1;
        row.blocks_before += count("blocks_before");
        row.blocks_after += count("blocks_after");
        row.vc_terms += count("vc_terms");
        row.vc_checks += count("vc_checks");
        row.solver_seconds += stats["solver_seconds"].as_f64().unwrap_or(0.0);
        row.verify_seconds += k["seconds"].as_f64().unwrap_or(0.0);
    }
}

/// The pretty-printed JSON document at the end of `output`: from the last line that is
/// exactly `{` to the end.
fn last_document(output: &str) -> Option<serde_json::Value> {
    let start = output
        .rfind("\n{\n")
        .map(|i| i + 1)
        .or_else(|| output.starts_with("{\n").then_some(0))?;
    serde_json::from_str(&output[start..]).ok()
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> Row {
        Row::new("k.cl".into(), Mode::Unstructured, 0)
    }

    #[test]
    fn a_pretty_document_after_warnings_is_read() {
        let output = "warning: something\n{\n  \"kernels\": [\n    {\"seconds\": 0.5, \"stats\": {\"blocks_before\": 3, \"blocks_after\": 4, \"vc_terms\": 100, \"vc_checks\": 2, \"solver_seconds\": 0.25}}\n  ],\n  \"exit_code\": 0\n}\n";
        let run = ChildRun {
            ending: Ending::Exited(0),
            output: output.into(),
            seconds: 1.0,
        };
        let mut r = row();
        fill(&mut r, &run);
        assert_eq!(r.verdict, Verdict::Verified);
        assert_eq!((r.kernels, r.blocks_before, r.blocks_after), (1, 3, 4));
        assert_eq!((r.vc_terms, r.vc_checks), (100, 2));
        assert_eq!(
            (r.solver_seconds, r.verify_seconds, r.total_seconds),
            (0.25, 0.5, 1.0)
        );
    }

    #[test]
    fn a_rejected_kernel_keeps_its_error() {
        let output = "{\"file\": \"k.cl\", \"error\": \"unstructured control flow at k.cl:3 (break)\\nmore\", \"exit_code\": 4}\n";
        let run = ChildRun {
            ending: Ending::Exited(4),
            output: output.into(),
            seconds: 0.1,
        };
        let mut r = row();
        fill(&mut r, &run);
        assert_eq!(r.verdict, Verdict::Rejected);
        assert_eq!(r.verdict.name(), "n/a");
        assert_eq!(
            r.note.as_deref(),
            Some("unstructured control flow at k.cl:3 (break)")
        );
    }
}
