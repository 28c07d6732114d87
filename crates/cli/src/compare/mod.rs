//! `lockstep compare`: every kernel under the given paths, verified under every predication
//! mode and optimisation level asked for, side by side.
//!
//! Each (kernel, mode, level) is one child `lockstep verify --json` run with the kernel's
//! gvtester header flags (as `lockstep test` runs it, in parallel, killed past its limit); its
//! exit code is the verdict and the engine's statistics in the JSON (blocks before and after
//! predication, VC terms and checks, solver time) fill the row. The summary compares modes
//! by the geometric mean of their time ratios, per optimisation level, over kernels where
//! both gave a verdict, and flags every verdict that differs between modes or levels.

mod plot;
mod render;
mod rows;
mod summary;

use std::io::Write;
use std::path::PathBuf;

use thiserror::Error;

use crate::runner::discover::KernelFile;

pub use rows::{Mode, Row, Verdict};
pub use summary::Summary;

/// Options of `lockstep compare`. Any other `--flag=value` is passed to every
/// `lockstep verify` run (give verify flags with `=`); everything else is a path.
#[derive(clap::Parser, Debug, Clone, Default)]
pub struct CompareArgs {
    /// Predication modes to compare: `unstructured`, `structured` (structured predication;
    /// rejects unstructured control flow) and `structurized` (structured after LLVM's
    /// structurizecfg).
    #[arg(long, value_delimiter = ',', value_enum)]
    pub modes: Vec<Mode>,
    /// Optimisation levels to compile every kernel at (overrides a header's `--opt-level`).
    #[arg(long = "opt-levels", value_delimiter = ',',
          value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_levels: Vec<u8>,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Print CSV instead of the table.
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Draw structured against unstructured time, log-log, one point per kernel (SVG).
    #[arg(long)]
    pub plot: Option<PathBuf>,
    /// Seconds per run (passed to the verifier; the child is killed after this plus a grace).
    #[arg(long, default_value_t = 60)]
    pub timeout: u64,
    /// Runs at once (default: available parallelism).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// The verifier binary to run (default: this executable).
    #[arg(long, hide = true)]
    pub lockstep: Option<PathBuf>,
    /// Seconds past --timeout before a child is killed.
    #[arg(long, hide = true, default_value_t = 10)]
    pub grace: u64,
    /// Verify flags (`--flag=value`) and the kernel files or directories.
    #[arg(
        allow_hyphen_values = true,
        trailing_var_arg = true,
        value_name = "FLAGS|PATH"
    )]
    pub rest: Vec<String>,
}

/// What a run of compare is asked to do, once flags and paths are told apart.
#[derive(Debug, Clone)]
pub struct Plan {
    pub modes: Vec<Mode>,
    pub levels: Vec<u8>,
    pub verify_flags: Vec<String>,
    pub paths: Vec<PathBuf>,
    pub timeout: u64,
    pub grace: u64,
    pub jobs: usize,
    pub lockstep: PathBuf,
}

/// Problems that stop compare before or after the kernels run (exit code 2).
#[derive(Debug, Error)]
pub enum CompareError {
    #[error("no paths given: name directories or kernel files to compare")]
    NoPaths,
    #[error("--jobs must be at least 1")]
    NoJobs,
    #[error("{0}")]
    Usage(String),
    #[error("`{0}` is chosen per run by compare: use --modes / --opt-levels")]
    Chosen(String),
    #[error("cannot find the lockstep executable: {0}")]
    NoExecutable(std::io::Error),
    #[error(transparent)]
    Discover(#[from] crate::runner::discover::DiscoverError),
    #[error("no .cl, .cu or .ll kernels under {0}")]
    NoKernels(String),
    #[error("cannot start worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    #[error("cannot print JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("cannot write {path}: {message}")]
    Write { path: PathBuf, message: String },
}

/// The long options compare itself takes (the rest go to `verify`).
const OWN: [&str; 9] = [
    "--modes",
    "--opt-levels",
    "--json",
    "--csv",
    "--plot",
    "--timeout",
    "--jobs",
    "--lockstep",
    "--grace",
];

/// Verify options compare sets itself for every run.
const CHOSEN: [&str; 4] = [
    "--opt-level",
    "--opt_level",
    "--predication",
    "--structurize",
];

fn named(arg: &str, names: &[&str]) -> bool {
    names
        .iter()
        .any(|n| arg == *n || arg.starts_with(&format!("{n}=")))
}

impl CompareArgs {
    /// Tells compare's own options, verify flags and paths apart in `rest` (compare's
    /// options may come after a verify flag or a path) and fills in the defaults.
    pub fn plan(&self) -> Result<Plan, CompareError> {
        let mut own = vec!["compare".to_string()];
        let (mut verify_flags, mut paths) = (Vec::new(), Vec::new());
        let mut rest = self.rest.iter();
        while let Some(arg) = rest.next() {
            if named(arg, &OWN) || arg == "-j" {
                own.push(arg.clone());
                let flag = !matches!(arg.as_str(), "--json" | "--csv");
                if flag && !arg.contains('=') {
                    own.extend(rest.next().cloned());
                }
            } else if named(arg, &CHOSEN) {
                return Err(CompareError::Chosen(arg.clone()));
            } else if arg.starts_with('-') {
                verify_flags.push(arg.clone());
            } else {
                paths.push(PathBuf::from(arg));
            }
        }
        let mut args = self.clone();
        args.rest.clear();
        let given = |name: &str| own.iter().any(|a| named(a, &[name]));
        let (timeout_given, grace_given) = (given("--timeout"), given("--grace"));
        clap::Parser::try_update_from(&mut args, own)
            .map_err(|e| CompareError::Usage(e.to_string().trim().to_string()))?;
        // clap's update puts an option's default back when `own` does not name it: keep
        // the value parsed before the paths (`compare --timeout 30 DIR`).
        if !timeout_given {
            args.timeout = self.timeout;
        }
        if !grace_given {
            args.grace = self.grace;
        }
        if paths.is_empty() {
            return Err(CompareError::NoPaths);
        }
        let jobs = match args.jobs {
            Some(0) => return Err(CompareError::NoJobs),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, usize::from),
        };
        let lockstep = match &args.lockstep {
            Some(path) => path.clone(),
            None => std::env::current_exe().map_err(CompareError::NoExecutable)?,
        };
        let mut modes = args.modes.clone();
        if modes.is_empty() {
            modes = Mode::ALL.to_vec();
        }
        modes.dedup();
        let mut levels = args.opt_levels.clone();
        if levels.is_empty() {
            levels = vec![0, 1, 2, 3];
        }
        levels.dedup();
        Ok(Plan {
            modes,
            levels,
            verify_flags,
            paths,
            timeout: args.timeout,
            grace: args.grace,
            jobs,
            lockstep,
        })
    }

    fn format(&self) -> Format {
        let has = |flag: &str| self.rest.iter().any(|a| a == flag);
        if self.json || has("--json") {
            Format::Json
        } else if self.csv || has("--csv") {
            Format::Csv
        } else {
            Format::Table
        }
    }

    fn plot_path(&self) -> Option<PathBuf> {
        if let Some(p) = &self.plot {
            return Some(p.clone());
        }
        let mut rest = self.rest.iter();
        while let Some(arg) = rest.next() {
            if let Some(p) = arg.strip_prefix("--plot=") {
                return Some(PathBuf::from(p));
            }
            if arg == "--plot" {
                return rest.next().map(PathBuf::from);
            }
        }
        None
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Table,
    Csv,
    Json,
}

/// Runs `lockstep compare`; returns the exit code: 0 when no verdict differs between modes
/// or levels, 1 when one does, 2 for a usage error.
pub fn run(args: &CompareArgs) -> i32 {
    run_with_output(args, &mut std::io::stdout())
}

/// [`run`], writing the table, CSV or JSON to `out`.
pub fn run_with_output(args: &CompareArgs, out: &mut dyn Write) -> i32 {
    match run_checked(args, out) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("lockstep compare: error: {e}");
            2
        }
    }
}

fn run_checked(args: &CompareArgs, out: &mut dyn Write) -> Result<i32, CompareError> {
    let plan = args.plan()?;
    let plot = args.plot_path();
    if let Some(path) = &plot {
        plot::check_extension(path)?;
    }
    let kernels = discover(&plan.paths)?;
    if kernels.is_empty() {
        let names: Vec<String> = plan.paths.iter().map(|p| p.display().to_string()).collect();
        return Err(CompareError::NoKernels(names.join(", ")));
    }
    let rows = rows::run_all(&kernels, &plan)?;
    let summary = Summary::of(&rows, &plan.modes, &plan.levels);
    let text = match args.format() {
        Format::Json => render::json(&plan, &rows, &summary)? + "\n",
        Format::Csv => render::csv(&rows),
        Format::Table => render::table(&rows) + "\n" + &render::summary(&summary),
    };
    let write_error = |e: std::io::Error| CompareError::Write {
        path: PathBuf::from("<stdout>"),
        message: e.to_string(),
    };
    out.write_all(text.as_bytes()).map_err(write_error)?;
    if args.format() != Format::Table {
        // The loud part goes to the terminal even when stdout is data.
        for line in summary.disagreement_lines() {
            eprintln!("{line}");
        }
    }
    out.flush().map_err(write_error)?;
    if let Some(path) = &plot {
        plot::draw(path, &rows, &plan.levels)?;
        eprintln!("lockstep compare: wrote {}", path.display());
    }
    Ok(if summary.disagreements.is_empty() {
        0
    } else {
        1
    })
}

/// The kernels under `paths`; with several paths, each kernel's name starts with its path's
/// last component (`races/x.cl`), so that names stay unique.
fn discover(paths: &[PathBuf]) -> Result<Vec<KernelFile>, CompareError> {
    let mut kernels = Vec::new();
    for path in paths {
        let mut found = crate::runner::discover::discover(std::slice::from_ref(path))?;
        if paths.len() > 1 && path.is_dir() {
            let root = path.file_name().map_or(path.display().to_string(), |n| {
                n.to_string_lossy().into_owned()
            });
            for k in &mut found {
                k.rel = format!("{root}/{}", k.rel);
            }
        }
        kernels.extend(found);
    }
    Ok(kernels)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> CompareArgs {
        let all = std::iter::once("compare").chain(args.iter().copied());
        <CompareArgs as clap::Parser>::try_parse_from(all).unwrap()
    }

    #[test]
    fn own_options_verify_flags_and_paths_are_told_apart() {
        let a = parse(&[
            "--modes=unstructured,structured",
            "--no-infer",
            "dir",
            "--opt-levels",
            "0,2",
            "--local_size=4",
            "-j",
            "1",
            "k.cl",
            "--json",
        ]);
        let plan = a.plan().unwrap();
        assert_eq!(plan.modes, [Mode::Unstructured, Mode::Structured]);
        assert_eq!(plan.levels, [0, 2]);
        assert_eq!(plan.verify_flags, ["--no-infer", "--local_size=4"]);
        assert_eq!(plan.paths, [PathBuf::from("dir"), PathBuf::from("k.cl")]);
        assert_eq!(plan.jobs, 1);
        assert_eq!(a.format(), Format::Json);
    }

    #[test]
    fn a_timeout_before_the_paths_is_kept() {
        let before = parse(&["--timeout", "30", "--grace=3", "dir", "--json"]);
        let plan = before.plan().unwrap();
        assert_eq!((plan.timeout, plan.grace), (30, 3));
        let after = parse(&["dir", "--timeout=20"]).plan().unwrap();
        assert_eq!((after.timeout, after.grace), (20, 10));
    }

    #[test]
    fn defaults_are_every_mode_and_level() {
        let plan = parse(&["dir"]).plan().unwrap();
        assert_eq!(plan.modes, Mode::ALL);
        assert_eq!(plan.levels, [0, 1, 2, 3]);
    }

    #[test]
    fn what_compare_chooses_cannot_be_given_as_a_verify_flag() {
        let err = parse(&["dir", "--opt-level=2"]).plan().unwrap_err();
        assert!(matches!(err, CompareError::Chosen(_)), "{err}");
        let err = parse(&["dir", "--modes=sideways"]).plan().unwrap_err();
        assert!(matches!(err, CompareError::Usage(_)), "{err}");
        assert!(matches!(
            parse(&["--no-infer"]).plan().unwrap_err(),
            CompareError::NoPaths
        ));
    }

    #[test]
    fn kernels_under_several_paths_are_named_by_their_path() {
        let dir = tempfile::tempdir().unwrap();
        for file in ["a/x.cl", "b/x.cl"] {
            let path = dir.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let kernels = discover(&[dir.path().join("a"), dir.path().join("b")]).unwrap();
        let names: Vec<&str> = kernels.iter().map(|k| k.rel.as_str()).collect();
        assert_eq!(names, ["a/x.cl", "b/x.cl"]);
        let kernels = discover(&[dir.path().join("a")]).unwrap();
        assert_eq!(kernels[0].rel, "x.cl");
    }
}
