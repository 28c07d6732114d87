//! Concrete oracles: programs that run a generated kernel on one launch with concrete inputs
//! and say whether they saw a data race or barrier divergence. An oracle's "defect" is a fact
//! about one execution, so a verifier that calls the same kernel verified is unsound.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;

use crate::ast::{Kernel, Lang, Space};
use crate::emit;
use crate::run;

/// What an oracle saw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Observation {
    /// At least one race or divergence; `summary` is the first report's first line.
    Defect {
        races: usize,
        divergences: usize,
        summary: String,
    },
    /// Ran to the end with nothing to report.
    Clean,
    /// The oracle could not run the kernel (compile error, crash, timeout, unknown output).
    Failed(String),
    /// The oracle is not available.
    Skipped(String),
}

impl Observation {
    pub fn is_defect(&self) -> bool {
        matches!(self, Observation::Defect { .. })
    }
}

/// A concrete oracle.
pub trait Oracle: Sync + Send {
    /// A short name for tables (`oclgrind`, `interp`).
    fn name(&self) -> &'static str;
    /// Runs `kernel` inside `dir` (a fresh directory the oracle may write into).
    fn observe(&self, kernel: &Kernel, dir: &Path) -> Observation;
}

/// oclgrind's `oclgrind-kernel` with the data-race plugin, on the OpenCL form of the kernel.
pub struct Oclgrind {
    pub program: PathBuf,
    pub limit: Duration,
}

impl Oclgrind {
    /// `oclgrind-kernel` from `PATH`, or `None` when it is not installed.
    pub fn find() -> Option<Oclgrind> {
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path)
            .map(|d| d.join("oclgrind-kernel"))
            .find(|p| p.is_file())
            .map(|program| Oclgrind {
                program,
                limit: Duration::from_secs(30),
            })
    }
}

impl Oracle for Oclgrind {
    fn name(&self) -> &'static str {
        "oclgrind"
    }

    fn observe(&self, kernel: &Kernel, dir: &Path) -> Observation {
        let cl = "oracle.cl";
        let sim = "oracle.sim";
        let written = std::fs::write(dir.join(cl), emit::source(kernel, Lang::OpenCl, "pass"))
            .and_then(|()| std::fs::write(dir.join(sim), emit::sim_file(kernel, cl)));
        if let Err(e) = written {
            return Observation::Failed(format!("writing the simulator file: {e}"));
        }
        // Without optimisation: clang's optimiser may make a guarded load of a fixed
        // address unconditional (it may not fault), and oclgrind would then report the
        // race of a load the source never makes (fuzz seed 211343: `if (tid == 0) v =
        // L[0];` beside `L[tid] = v`).
        let args = vec![
            "--data-races".to_string(),
            "--build-options".to_string(),
            "-cl-opt-disable".to_string(),
            sim.to_string(),
        ];
        match run::run(&self.program, &args, dir, self.limit) {
            Err(e) => Observation::Failed(format!("running oclgrind-kernel: {e}")),
            Ok(out) if out.timed_out => Observation::Failed("oclgrind-kernel timed out".into()),
            Ok(out) if out.code != Some(0) => Observation::Failed(format!(
                "oclgrind-kernel exited with {:?}: {}",
                out.code,
                first_line(&out.text)
            )),
            Ok(out) => parse_oclgrind(&out.text),
        }
    }
}

fn first_line(text: &str) -> String {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim()
        .to_string()
}

/// Reads oclgrind's report: every unindented line opens a message.
pub fn parse_oclgrind(text: &str) -> Observation {
    let mut races = 0;
    let mut divergences = 0;
    let mut summary = String::new();
    for line in text.lines() {
        if line.is_empty() || line.starts_with(char::is_whitespace) {
            continue;
        }
        // oclgrind's compiler warnings (the source and caret lines under them are indented).
        if line.contains(": warning:") || line.contains(": note:") || line.ends_with("generated.") {
            continue;
        }
        if line.contains("data race at") {
            races += 1;
        } else if line.contains("divergence detected") {
            divergences += 1;
        } else {
            return Observation::Failed(format!("unexpected oclgrind output: {line}"));
        }
        if summary.is_empty() {
            summary = line.trim().to_string();
        }
    }
    if races + divergences == 0 {
        Observation::Clean
    } else {
        Observation::Defect {
            races,
            divergences,
            summary,
        }
    }
}

/// lockstep's own interpreter, `lockstep run --json`, on the form the kernel is verified in,
/// with the inputs oclgrind gets (`--arg p=V`, `--arg G0=v0,v1,…`). Skipped when the CLI has
/// no `run` subcommand.
pub struct Interp {
    pub lockstep: PathBuf,
    pub available: bool,
    pub limit: Duration,
    /// `--schedules`: the first runs each thread to its next barrier in turn, the others
    /// interleave at random.
    pub schedules: usize,
}

impl Interp {
    /// Probes `lockstep run --help` once.
    pub fn new(lockstep: &Path) -> Interp {
        let available = run::run(
            lockstep,
            &["run".to_string(), "--help".to_string()],
            Path::new("."),
            Duration::from_secs(20),
        )
        .map(|o| o.code == Some(0))
        .unwrap_or(false);
        Interp {
            lockstep: lockstep.to_path_buf(),
            available,
            limit: Duration::from_secs(60),
            schedules: 2,
        }
    }
}

impl Oracle for Interp {
    fn name(&self) -> &'static str {
        "interp"
    }

    fn observe(&self, kernel: &Kernel, dir: &Path) -> Observation {
        if !self.available {
            return Observation::Skipped("`lockstep run` is not in this CLI".into());
        }
        let file = format!("interp.{}", kernel.lang.extension());
        if let Err(e) = std::fs::write(dir.join(&file), emit::source(kernel, kernel.lang, "pass")) {
            return Observation::Failed(format!("writing the kernel: {e}"));
        }
        let mut args = vec!["run".to_string(), "--json".to_string()];
        args.extend(emit::launch_flags(kernel, kernel.lang));
        args.push(format!("--seed={}", kernel.seed));
        args.push(format!("--schedules={}", self.schedules));
        args.push(format!("--arg=p={}", kernel.param_value));
        for a in kernel.arrays.iter().filter(|a| a.space == Space::Global) {
            let values: Vec<String> = a.init.iter().map(|v| v.to_string()).collect();
            args.push(format!("--arg={}={}", a.name, values.join(",")));
        }
        args.push(file);
        match run::run(&self.lockstep, &args, dir, self.limit) {
            Err(e) => Observation::Failed(format!("running lockstep run: {e}")),
            Ok(out) if out.timed_out => Observation::Failed("lockstep run timed out".into()),
            Ok(out) => parse_interp(out.code, &out.text),
        }
    }
}

/// Reads `lockstep run --json`: the defects of `kernels[].execution.defects`, where a race
/// whose writes store equal values (`equal_values`, tolerated as benign by the verifier) does
/// not count. Exit 5 (a schedule cut short) and errors are oracle failures.
pub fn parse_interp(code: Option<i32>, text: &str) -> Observation {
    if !matches!(code, Some(0) | Some(1)) {
        return Observation::Failed(format!(
            "lockstep run exited with {code:?}: {}",
            first_line(text).chars().take(160).collect::<String>()
        ));
    }
    let json: serde_json::Value = match text.find('{').and_then(|start| {
        // The first JSON value: clang's warnings on stderr follow the document.
        serde_json::Deserializer::from_str(&text[start..])
            .into_iter::<serde_json::Value>()
            .next()
            .and_then(Result::ok)
    }) {
        Some(j) => j,
        None => return Observation::Failed("lockstep run printed no JSON".into()),
    };
    let mut races = 0;
    let mut divergences = 0;
    let mut summary = String::new();
    let kernels = json["kernels"].as_array().cloned().unwrap_or_default();
    for k in &kernels {
        let defects = k["execution"]["defects"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for d in &defects {
            let kind = d["kind"].as_str().unwrap_or("?");
            match kind {
                "race" if d["equal_values"].as_bool() == Some(true) => continue,
                "race" => races += 1,
                "barrier-divergence" => divergences += 1,
                // Assertions the lifter adds (bounds, null) or constant writes: a defect too.
                _ => races += 1,
            }
            if summary.is_empty() {
                summary = format!("{kind} {}", d["array"].as_str().unwrap_or(""))
                    .trim()
                    .to_string();
            }
        }
    }
    if races + divergences == 0 {
        Observation::Clean
    } else {
        Observation::Defect {
            races,
            divergences,
            summary,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oclgrind_races_and_divergence_are_counted() {
        let text = "Work-group divergence detected (barrier)\n\tKernel:     k\n\n\
                    Read-write data race at local memory address 0x1\n\tKernel: k\n\n\
                    Write-write data race at global memory address 0x2\n\tKernel: k\n";
        assert_eq!(
            parse_oclgrind(text),
            Observation::Defect {
                races: 2,
                divergences: 1,
                summary: "Work-group divergence detected (barrier)".into()
            }
        );
        assert_eq!(parse_oclgrind(""), Observation::Clean);
        let warned =
            "input.cl:9:3: warning: unused label 'skip0' [-Wunused-label]\n    9 | skip0: ;\n\
                      1 warning generated.\n";
        assert_eq!(parse_oclgrind(warned), Observation::Clean);
        assert!(matches!(
            parse_oclgrind("Invalid read of size 4 at global memory address 0x9\n"),
            Observation::Failed(_)
        ));
    }

    #[test]
    fn interp_equal_value_races_do_not_count() {
        let benign = r#"{"kernels":[{"execution":{"defects":[
            {"kind":"race","array":"G0","equal_values":true}]}}],"exit_code":1}"#;
        assert_eq!(parse_interp(Some(1), benign), Observation::Clean);
        let racy = r#"{"kernels":[{"execution":{"defects":[
            {"kind":"race","array":"L0","equal_values":false},
            {"kind":"barrier-divergence","message":"m"}]}}],"exit_code":1}"#;
        assert_eq!(
            parse_interp(Some(1), racy),
            Observation::Defect {
                races: 1,
                divergences: 1,
                summary: "race L0".into()
            }
        );
        assert!(matches!(
            parse_interp(Some(5), "{}"),
            Observation::Failed(_)
        ));
    }
}
