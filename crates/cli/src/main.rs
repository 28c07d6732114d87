//! The `lockstep` binary: `verify`, `test`, `dump`, `run`, `compare`.

mod args;
mod errors;
mod run;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

use args::{CheckArgs, CompatArgs, FrontEndArgs, LaunchArgs};
use cli::style::OutputStyle;
use engine::{Options, Stage};
use errors::*;
use report::{SourceCache, Verdict};

/// A static verifier for GPU kernels: proves OpenCL and CUDA kernels free of data races,
/// barrier divergence and assertion failures, or shows a witness.
#[derive(Parser, Debug)]
#[command(name = "lockstep", version, infer_long_args = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Verify the kernels of a .cl, .cu, .ll or .bc file.
    Verify(VerifyArgs),
    /// Run every kernel with a gvtester-style header under the given paths.
    Test(cli::runner::TestArgs),
    /// Print one stage of the pipeline.
    Dump(DumpArgs),
    /// Run a kernel on the concrete interpreter for one small launch.
    Run(run::RunArgs),
    /// Verify kernels under every predication mode and optimisation level, side by side.
    Compare(cli::compare::CompareArgs),
}

#[derive(clap::Args, Debug)]
struct VerifyArgs {
    #[command(flatten)]
    launch: LaunchArgs,
    #[command(flatten)]
    front: FrontEndArgs,
    #[command(flatten)]
    check: CheckArgs,
    #[command(flatten)]
    compat: CompatArgs,
    /// Print the result as one JSON document.
    #[arg(long)]
    json: bool,
    /// How diagnostics are laid out.
    #[arg(long = "output-style", value_enum, default_value_t = OutputStyle::Clang)]
    output_style: OutputStyle,
    /// The kernel file.
    file: PathBuf,
}

#[derive(clap::Args, Debug)]
struct DumpArgs {
    /// The stage to print: a pass's name (see `engine::STAGES`).
    #[arg(long, value_parser = stage_names(), hide_possible_values = false)]
    stage: String,
    /// Print the control-flow graph as Graphviz instead of text.
    #[arg(long)]
    dot: bool,
    #[command(flatten)]
    launch: LaunchArgs,
    #[command(flatten)]
    front: FrontEndArgs,
    #[command(flatten)]
    check: CheckArgs,
    #[command(flatten)]
    compat: CompatArgs,
    file: PathBuf,
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("LOCKSTEP_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_USAGE as u8 } else { 0 });
        }
    };
    let code = match cli.command {
        Command::Verify(a) => verify(a),
        Command::Test(a) => cli::runner::run(&a),
        Command::Dump(a) => dump(a),
        Command::Run(a) => run::run(a),
        Command::Compare(a) => cli::compare::run(&a),
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}

/// The possible values of `dump --stage`, with what each shows.
fn stage_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        engine::STAGES
            .iter()
            .map(|(name, help)| clap::builder::PossibleValue::new(*name).help(*help)),
    )
}

fn settings(
    launch: &LaunchArgs,
    front: &FrontEndArgs,
    check: &CheckArgs,
    compat: &CompatArgs,
) -> Result<Options, String> {
    compat.unsupported()?;
    for w in compat.warnings() {
        eprintln!("{w}");
    }
    let check_arrays = check.check_arrays()?;
    let work_dim = launch.work_dim();
    let launch = launch.launch()?;
    let loop_mode = match (check.loop_unwind, check.findbugs) {
        (Some(n), _) => vcgen::LoopMode::Bounded(n),
        (None, true) => vcgen::LoopMode::Bounded(2),
        (None, false) => vcgen::LoopMode::Complete(check.unroll),
    };
    Ok(Options {
        compile: driver::CompileOptions {
            opt_level: front.opt_level,
            defines: annotation_defines(front, check),
            includes: front.includes.clone(),
            clang_flags: front.clang_opt.clone(),
            inline: true,
            structurize: front.structurize,
            cuda_path: front.cuda_path()?,
        },
        kernel: front.kernel.clone(),
        lift: lift::LiftOptions {
            check_array_bounds: check.check_array_bounds,
            work_dim: Some(work_dim),
        },
        predication: front.predication.into(),
        merge_accesses: !front.no_merge_accesses,
        lockstep: lockstep::Options {
            launch,
            benign: match (check.no_benign_tolerance, check.benign) {
                (true, _) => lockstep::Benign::None,
                (false, Some(b)) => b.into(),
                (false, None) if compat.equality_abstraction => lockstep::Benign::Values,
                (false, None) => lockstep::Benign::GpuVerify,
            },
            warp_size: compat.warp_sync,
            check_arrays,
            only_intra_group: compat.only_intra_group,
            only_log: check.only_log,
            barrier_access_checks: !compat.no_barrier_access_checks,
        },
        vc: vcgen::VcOptions {
            loops: loop_mode,
            shared: if compat.adversarial_abstraction {
                vcgen::SharedMemory::Adversarial
            } else if compat.warp_sync.is_some() {
                vcgen::SharedMemory::Warps
            } else {
                vcgen::SharedMemory::Arrays
            },
            max_terms: vcgen::DEFAULT_MAX_TERMS,
            k_induction: check.k_induction_depth.max(1),
        },
        timeout: Duration::from_secs(check.timeout.max(1)),
        infer: !check.no_infer,
        kernel_args: match &compat.kernel_args {
            None => None,
            Some(text) => {
                let (kernel, values) = args::parse_kernel_args(text)?;
                Some(engine::KernelArgs { kernel, values })
            }
        },
        asymmetric_asserts: compat.asymmetric_asserts,
        invariants_as_candidates: compat.invariants_as_candidates,
        boogie_files: compat.boogie_file.clone(),
        debug: compat.debug,
    })
}

fn verify(a: VerifyArgs) -> i32 {
    let file = a.file.display().to_string();
    watchdog(&file, a.check.timeout, a.json);
    let s = match settings(&a.launch, &a.front, &a.check, &a.compat) {
        Ok(s) => s,
        Err(m) => {
            if a.json {
                out(&format!("{}\n", json_error(&file, &m, EXIT_USAGE)));
            } else {
                eprintln!("lockstep: error: {m}");
            }
            return EXIT_USAGE;
        }
    };
    let mut sources = SourceCache::default();
    let (language, outcomes) = match engine::verify(&a.file, &s) {
        Ok(r) => r,
        Err(e) => return stage_failed(&file, &e, a.json, &mut sources),
    };
    let mut codes = Vec::new();
    let mut json_kernels = Vec::new();
    for o in &outcomes {
        if let Some(n) = o.barrier_intervals {
            eprintln!("{}: Found {n} barrier interval(s)", o.name);
        }
        match &o.result {
            Ok(run) => {
                // Only the solve whose verdict is reported says what Houdini kept.
                if let (true, Some(inferred)) = (a.check.infer_info, &run.inferred) {
                    for line in inferred.lines(&o.name, &run.two_thread) {
                        eprintln!("{line}");
                    }
                }
                let r = &report::for_run(run, language);
                let code = match r.verdict {
                    Verdict::Verified => EXIT_VERIFIED,
                    Verdict::Defects => EXIT_DEFECTS,
                    Verdict::Inconclusive => EXIT_INCONCLUSIVE,
                };
                codes.push(code);
                if a.json {
                    json_kernels.push(serde_json::json!({
                        "report": r, "exit_code": code, "seconds": o.time.as_secs_f64(),
                        "stats": run.stats,
                    }));
                } else {
                    out(&report::render(
                        r,
                        language,
                        &s.lockstep.launch,
                        &mut sources,
                        a.output_style.style(),
                    ));
                }
            }
            Err(e) => {
                let code = e.exit_code();
                codes.push(code);
                if a.json {
                    json_kernels.push(serde_json::json!({
                        "kernel": o.name, "error": e.to_string(), "exit_code": code,
                    }));
                } else {
                    eprint!("{}", e.render(&file, &mut sources));
                }
            }
        }
    }
    let code = combine(&codes);
    if a.json {
        let doc = serde_json::json!({
            "file": file, "language": language, "launch": s.lockstep.launch,
            "kernels": json_kernels, "exit_code": code,
        });
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        ));
    }
    code
}

/// The whole run's deadline: the solver budget bounds the checks, but building the VCs of
/// many Houdini rounds is not inside it. Past `--timeout` plus a grace period the verdict is
/// inconclusive, whatever was still running.
fn watchdog(file: &str, timeout: u64, json: bool) {
    let file = file.to_string();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(timeout.max(1) + 5));
        let message =
            format!("time limit of {timeout} s reached: inconclusive, nothing is claimed");
        if json {
            out(&format!(
                "{}\n",
                json_error(&file, &message, EXIT_INCONCLUSIVE)
            ));
        } else {
            eprintln!("{file}: warning: {message}");
        }
        std::process::exit(EXIT_INCONCLUSIVE);
    });
}

/// A file's exit code from its kernels': any defect wins, then any error, then
/// inconclusive; verified only when every kernel was.
fn combine(codes: &[i32]) -> i32 {
    if codes.contains(&EXIT_DEFECTS) {
        return EXIT_DEFECTS;
    }
    for c in [
        EXIT_USAGE,
        EXIT_FRONT_END,
        EXIT_UNSUPPORTED,
        EXIT_INCONCLUSIVE,
    ] {
        if codes.contains(&c) {
            return c;
        }
    }
    EXIT_VERIFIED
}

/// Writes to standard output, ignoring a closed pipe (`lockstep … | head`).
fn out(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

/// Reports an error that stopped the file's run (as JSON with `json`); its exit code.
fn stage_failed(file: &str, e: &StageError, json: bool, sources: &mut SourceCache) -> i32 {
    let code = e.exit_code();
    if json {
        out(&format!("{}\n", json_error(file, &e.to_string(), code)));
    } else {
        eprint!("{}", e.render(file, sources));
    }
    code
}

fn json_error(file: &str, message: &str, code: i32) -> String {
    serde_json::json!({ "file": file, "error": message, "exit_code": code }).to_string()
}

fn dump(a: DumpArgs) -> i32 {
    let Some(stage) = Stage::named(&a.stage) else {
        eprintln!("lockstep: error: no stage `{}`", a.stage);
        return EXIT_USAGE;
    };
    // Stages before the two-thread program need no launch; use a placeholder then.
    let needs_launch = stage.needs_launch();
    let mut launch = a.launch.clone();
    if !needs_launch && launch.launch().is_err() {
        launch.local_size = Some(args::Dims([1, 1, 1], 1));
        launch.num_groups = Some(args::Dims([1, 1, 1], 1));
        launch.global_size = None;
        launch.block_dim = None;
        launch.grid_dim = None;
    }
    let s = match settings(&launch, &a.front, &a.check, &a.compat) {
        Ok(s) => s,
        Err(m) => {
            eprintln!("lockstep: error: {m}");
            return EXIT_USAGE;
        }
    };
    if a.dot && !stage.has_graph() {
        eprintln!(
            "lockstep: error: --dot draws a control-flow graph; the {} stage has none",
            stage.0
        );
        return EXIT_USAGE;
    }
    match engine::dump(&a.file, &s, stage, a.dot) {
        Ok(text) => {
            out(&text);
            0
        }
        Err(e) => {
            eprint!(
                "{}",
                e.render(&a.file.display().to_string(), &mut SourceCache::default())
            );
            e.exit_code()
        }
    }
}

/// `-D` definitions, with those that make `lockstep.h` ignore annotations
/// (`--no-annotations`, `--only-requires`).
fn annotation_defines(front: &FrontEndArgs, check: &CheckArgs) -> Vec<String> {
    let mut defines = front.defines.clone();
    if check.no_annotations {
        defines.push("__LOCKSTEP_NO_ANNOTATIONS".into());
    }
    if check.only_requires {
        defines.push("__LOCKSTEP_ONLY_REQUIRES".into());
    }
    defines
}
