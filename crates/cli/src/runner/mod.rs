//! `lockstep test`: runs a directory of kernels with gvtester-style headers.
//!
//! Each kernel is verified by a child `lockstep verify <flags> --timeout T <file>` (in parallel,
//! killed after `T + grace` seconds), judged against its header, and summarised; a run can be
//! recorded as a baseline and compared with one. See `header` for the header format and
//! `baseline` for the baseline format.

pub mod baseline;
pub mod discover;
pub mod exec;
pub mod header;
pub mod json;
pub mod outcome;
pub mod summary;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use thiserror::Error;

use baseline::{Baseline, Comparison};
use discover::KernelFile;
use outcome::KernelRecord;

/// Options of `lockstep test`.
#[derive(clap::Args, Debug, Clone)]
pub struct TestArgs {
    /// Directories or kernel files to run.
    pub paths: Vec<PathBuf>,
    /// Seconds per kernel (passed to the verifier; the child is killed after this plus a grace).
    #[arg(long, default_value_t = 60)]
    pub timeout: u64,
    /// Kernels run at once (default: available parallelism).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Compare with a recorded result list; regressions fail the run.
    #[arg(long)]
    pub baseline: Option<PathBuf>,
    /// Record this run's results.
    #[arg(long)]
    pub write_baseline: Option<PathBuf>,
    /// One line per kernel: path, expected, got, time.
    #[arg(long)]
    pub verbose: bool,
    /// The verifier binary to run (default: this executable).
    #[arg(long, hide = true)]
    pub lockstep: Option<PathBuf>,
    /// Seconds past --timeout before a child is killed and recorded as a hang.
    #[arg(long, hide = true, default_value_t = 10)]
    pub grace: u64,
    /// Print machine-readable results (one JSON document) instead of the report.
    #[arg(long)]
    pub json: bool,
    /// The diagnostics layout the kernels' header regexes expect (`gpuverify` for
    /// GPUVerify's test suite).
    #[arg(long = "output-style", value_enum, default_value_t = crate::style::OutputStyle::Clang)]
    pub output_style: crate::style::OutputStyle,
    /// Compile every kernel whose header does not choose an optimisation level at this one
    /// (`--opt-level=2` runs a directory of -O0 kernels again optimised).
    #[arg(long = "opt-level", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: Option<u8>,
    /// Predicate every kernel whose header does not choose a predication this way
    /// (`--predication=structured`).
    #[arg(long, value_parser = ["unstructured", "structured"])]
    pub predication: Option<String>,
    /// Run LLVM's `structurizecfg` on every kernel whose header does not ask for it itself.
    #[arg(long)]
    pub structurize: bool,
    /// Keep contiguous accesses apart (`verify --no-merge-accesses`) in every kernel whose
    /// header does not say so itself.
    #[arg(long = "no-merge-accesses")]
    pub no_merge_accesses: bool,
}

/// Problems that stop the runner before or after the kernels run (exit code 2).
#[derive(Debug, Error)]
enum RunnerError {
    #[error("no paths given: name directories or kernel files to run")]
    NoPaths,
    #[error("--jobs must be at least 1")]
    NoJobs,
    #[error("cannot find the lockstep executable: {0}")]
    NoExecutable(std::io::Error),
    #[error(transparent)]
    Discover(#[from] discover::DiscoverError),
    #[error("no .cl, .cu or .ll kernels under {0}")]
    NoKernels(String),
    #[error("cannot read the baseline {path}: {source}")]
    ReadBaseline {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    ParseBaseline {
        path: PathBuf,
        source: baseline::BaselineError,
    },
    #[error("cannot write the baseline {path}: {source}")]
    WriteBaseline {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot start worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    #[error("cannot print JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("cannot print the report: {0}")]
    Print(std::io::Error),
}

/// Runs `lockstep test`; returns the process exit code: 0 when every kernel passed (with
/// `--baseline`: when nothing regressed, no kernel outside the baseline failed and every
/// recorded failure failed with its recorded result), 1 otherwise or when any result is unsound, 2 for
/// a usage error.
pub fn run(args: &TestArgs) -> i32 {
    run_with_output(args, &mut std::io::stdout())
}

/// `run`, writing the report (or the JSON document) to `out` instead of stdout. Progress,
/// `--verbose` lines and errors still go to the terminal.
pub fn run_with_output(args: &TestArgs, out: &mut dyn Write) -> i32 {
    match run_checked(args, out) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("lockstep test: error: {e}");
            2
        }
    }
}

fn run_checked(args: &TestArgs, out: &mut dyn Write) -> Result<i32, RunnerError> {
    if args.paths.is_empty() {
        return Err(RunnerError::NoPaths);
    }
    let jobs = match args.jobs {
        Some(0) => return Err(RunnerError::NoJobs),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let lockstep = match &args.lockstep {
        Some(path) => path.clone(),
        None => std::env::current_exe().map_err(RunnerError::NoExecutable)?,
    };
    let baseline = args.baseline.as_deref().map(read_baseline).transpose()?;
    let kernels = discover::discover(&args.paths)?;
    if kernels.is_empty() {
        let names: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        return Err(RunnerError::NoKernels(names.join(", ")));
    }

    let start = Instant::now();
    let records = run_all(&kernels, &lockstep, args, jobs)?;
    let wall_seconds = start.elapsed().as_secs_f64();

    let comparison: Option<Comparison> = baseline.as_ref().map(|b| b.compare(&records));
    let report = if args.json {
        json::render(&records, comparison.as_ref(), wall_seconds)? + "\n"
    } else {
        let against = baseline.as_ref().zip(comparison.as_ref());
        summary::render(&records, against, wall_seconds)
    };
    out.write_all(report.as_bytes())
        .and_then(|()| out.flush())
        .map_err(RunnerError::Print)?;
    if let Some(path) = &args.write_baseline {
        std::fs::write(path, Baseline::from_records(&records).render()).map_err(|source| {
            RunnerError::WriteBaseline {
                path: path.clone(),
                source,
            }
        })?;
        eprintln!("lockstep test: wrote the baseline {}", path.display());
    }

    let unsound = records.iter().any(|r| r.unsound);
    let ok = match &comparison {
        Some(c) => c.acceptable(),
        None => records.iter().all(|r| r.passed),
    };
    Ok(if ok && !unsound { 0 } else { 1 })
}

fn read_baseline(path: &Path) -> Result<Baseline, RunnerError> {
    let text = std::fs::read_to_string(path).map_err(|source| RunnerError::ReadBaseline {
        path: path.to_path_buf(),
        source,
    })?;
    Baseline::parse(&text).map_err(|source| RunnerError::ParseBaseline {
        path: path.to_path_buf(),
        source,
    })
}

/// Runs every kernel on `jobs` threads, with a progress bar on stderr (drawn only on a
/// terminal); records come back in `kernels` order.
fn run_all(
    kernels: &[KernelFile],
    lockstep: &Path,
    args: &TestArgs,
    jobs: usize,
) -> Result<Vec<KernelRecord>, RunnerError> {
    let bar =
        ProgressBar::with_draw_target(Some(kernels.len() as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {wide_msg}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let records = pool.install(|| {
        kernels
            .par_iter()
            .map(|kernel| {
                let record = run_one(kernel, lockstep, args);
                if args.verbose {
                    let line = summary::verbose_line(&record);
                    bar.suspend(|| {
                        if args.json {
                            eprintln!("{line}");
                        } else {
                            println!("{line}");
                        }
                    });
                }
                bar.set_message(record.rel.clone());
                bar.inc(1);
                record
            })
            .collect()
    });
    bar.finish_and_clear();
    Ok(records)
}

/// Reads `kernel`'s header, runs the verifier on it and judges the result.
fn run_one(kernel: &KernelFile, lockstep: &Path, args: &TestArgs) -> KernelRecord {
    let (timeout, grace) = (args.timeout, args.grace);
    let text = match std::fs::read(&kernel.path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => return KernelRecord::error(kernel, format!("cannot read the kernel: {e}")),
    };
    let header = match header::parse_header(&text, header::leader_for(&kernel.path)) {
        Ok(header) => header,
        Err(e) => return KernelRecord::error(kernel, format!("bad header: {e}")),
    };
    // As GPUVerify's tester does: run in the kernel's directory on its bare file name, so
    // diagnostics name `kernel.cl:8:3` the way the header regexes expect.
    let dir = kernel
        .path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let name = kernel
        .path
        .file_name()
        .map(Path::new)
        .unwrap_or(&kernel.path);
    let command = verify_args(&dir.join(name), &header.flags, timeout);
    let mut command = command;
    if let Some(last) = command.last_mut() {
        *last = name.as_os_str().to_owned();
    }
    if args.output_style != crate::style::OutputStyle::Clang {
        command.insert(1, args.output_style.flag().into());
    }
    if let Some(level) = args.opt_level.filter(|_| !sets_opt_level(&header.flags)) {
        command.insert(1, format!("--opt-level={level}").into());
    }
    if let Some(p) = args
        .predication
        .as_ref()
        .filter(|_| !has_flag(&header.flags, "--predication"))
    {
        command.insert(1, format!("--predication={p}").into());
    }
    if args.structurize && !has_flag(&header.flags, "--structurize") {
        command.insert(1, "--structurize".into());
    }
    if args.no_merge_accesses && !has_flag(&header.flags, "--no-merge-accesses") {
        command.insert(1, "--no-merge-accesses".into());
    }
    let limit = Duration::from_secs(timeout.saturating_add(grace));
    let lockstep = std::fs::canonicalize(lockstep).unwrap_or_else(|_| lockstep.to_path_buf());
    let run = exec::run_in(&lockstep, &command, limit, Some(&dir));
    outcome::judge(kernel, &header, run)
}

/// Whether a header's flags choose the optimisation level themselves.
fn sets_opt_level(flags: &[String]) -> bool {
    flags.iter().any(|f| {
        ["--opt-level", "--opt_level"]
            .iter()
            .any(|name| f == name || f.starts_with(&format!("{name}=")))
    })
}

/// Whether a header's flags give the option `name` (alone or as `name=VALUE`).
fn has_flag(flags: &[String], name: &str) -> bool {
    flags
        .iter()
        .any(|f| f == name || f.starts_with(&format!("{name}=")))
}

/// `verify <flags> --timeout T <path>`, with `${KERNEL_DIR}` in the flags replaced by the
/// kernel's directory, as GPUVerify's tester does (e.g. for `--boogie-file`).
fn verify_args(path: &Path, flags: &[String], timeout: u64) -> Vec<OsString> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let dir = dir.to_string_lossy();
    let mut args: Vec<OsString> = vec!["verify".into()];
    args.extend(
        flags
            .iter()
            .map(|flag| OsString::from(flag.replace("${KERNEL_DIR}", &dir))),
    );
    args.extend(["--timeout".into(), timeout.to_string().into()]);
    args.push(path.as_os_str().to_owned());
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_opt_level_is_kept() {
        let flags = |f: &[&str]| f.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(sets_opt_level(&flags(&["--local_size=4", "--opt-level=2"])));
        assert!(sets_opt_level(&flags(&["--opt_level", "1"])));
        assert!(!sets_opt_level(&flags(&[
            "--local_size=4",
            "--opt-levels=2"
        ])));
    }

    #[test]
    fn verify_args_put_flags_then_timeout_then_the_file() {
        let flags = [
            "--local_size=8".to_string(),
            "--f=${KERNEL_DIR}/a.bpl".to_string(),
        ];
        let args = verify_args(Path::new("suite/x/kernel.cl"), &flags, 30);
        assert_eq!(
            args,
            [
                "verify",
                "--local_size=8",
                "--f=suite/x/a.bpl",
                "--timeout",
                "30",
                "suite/x/kernel.cl"
            ]
        );
        let args = verify_args(Path::new("kernel.cl"), &flags[1..], 5);
        assert_eq!(
            args,
            ["verify", "--f=./a.bpl", "--timeout", "5", "kernel.cl"]
        );
    }
}
