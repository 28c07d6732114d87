//! `lockstep-fuzz`: a differential fuzzing campaign. Generates `--count` kernels from
//! consecutive seeds, runs `lockstep verify` and every oracle on each (in parallel), minimises
//! soundness violations into test kernels under `--out`, prints a summary table and writes the
//! results as JSON. Exits 1 when there is a soundness violation.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use clap::Parser;
use rayon::prelude::*;
use serde::Serialize;

use kernelgen::ast::{Kernel, Lang};
use kernelgen::check::{self, Checked, Outcome, Verdict, Verifier};
use kernelgen::oracle::{Interp, Observation, Oclgrind, Oracle};
use kernelgen::{emit, gen, minimize};

#[derive(Parser)]
#[command(
    about = "Differential fuzzing of lockstep against concrete oracles",
    args_override_self = true
)]
struct Args {
    /// Number of kernels.
    #[arg(long, default_value_t = 100)]
    count: u64,
    /// First seed (kernels use seeds S, S+1, ...).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Parallel jobs.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Directory for violations, failures and the work files.
    #[arg(long, default_value = "fuzz-out")]
    out: PathBuf,
    /// The lockstep CLI.
    #[arg(long, default_value = "target/release/lockstep")]
    lockstep: PathBuf,
    /// lockstep's `--timeout` per kernel.
    #[arg(long, default_value_t = 20)]
    timeout: u32,
    /// Where the JSON results go (default: OUT/fuzz.json).
    #[arg(long)]
    json: Option<PathBuf>,
    /// Do not minimise violations.
    #[arg(long)]
    no_minimize: bool,
    /// Most candidates tried when minimising one violation.
    #[arg(long, default_value_t = 200)]
    minimize_tries: usize,
    /// The CLI whose `lockstep run` is the interpreter oracle (default: --lockstep).
    #[arg(long)]
    interp: Option<PathBuf>,
    /// Comma-separated oracles to use (`oclgrind`, `interp`).
    #[arg(long, default_value = "oclgrind,interp")]
    oracles: String,
}

#[derive(Serialize, Default)]
struct OracleStats {
    observed: usize,
    confirmed: usize,
    clean: usize,
    failed: usize,
    skipped: usize,
    /// The first few failure messages.
    failures: Vec<String>,
}

#[derive(Serialize)]
struct Report {
    command: String,
    first_seed: u64,
    count: u64,
    jobs: usize,
    lockstep: String,
    timeout: u32,
    seconds: f64,
    kernels_per_second: f64,
    outcomes: BTreeMap<String, usize>,
    verdicts: BTreeMap<String, usize>,
    languages: BTreeMap<String, usize>,
    oracles: BTreeMap<String, OracleStats>,
    /// Seconds lockstep took, summed over the kernels.
    lockstep_seconds: f64,
    /// The ten slowest kernels for lockstep: (seed, seconds, verdict).
    slowest: Vec<(u64, f64, String)>,
    soundness_violations: Vec<Checked>,
    /// Oracle-observed conflicts lockstep's default policy tolerates (seeds).
    tolerated: Vec<u64>,
    lockstep_errors: Vec<Checked>,
    saved: Vec<String>,
}

fn main() {
    let args = Args::parse();
    match campaign(&args) {
        Ok(violations) => std::process::exit(i32::from(violations > 0)),
        Err(e) => {
            eprintln!("lockstep-fuzz: {e}");
            std::process::exit(2);
        }
    }
}

fn oracles(args: &Args, lockstep: &Path) -> Vec<Box<dyn Oracle>> {
    let mut out: Vec<Box<dyn Oracle>> = Vec::new();
    for name in args.oracles.split(',').map(str::trim) {
        match name {
            "oclgrind" => match Oclgrind::find() {
                Some(o) => out.push(Box::new(o)),
                None => eprintln!("lockstep-fuzz: oclgrind-kernel not on PATH: oracle skipped"),
            },
            "interp" => {
                let cli = match &args.interp {
                    Some(p) => p.canonicalize().unwrap_or_else(|_| p.clone()),
                    None => lockstep.to_path_buf(),
                };
                let interp = Interp::new(&cli);
                if !interp.available {
                    eprintln!(
                        "lockstep-fuzz: `lockstep run` is missing: the interp oracle is skipped"
                    );
                }
                out.push(Box::new(interp));
            }
            "" => {}
            other => eprintln!("lockstep-fuzz: unknown oracle {other}: ignored"),
        }
    }
    out
}

fn campaign(args: &Args) -> Result<usize, String> {
    if !args.lockstep.is_file() {
        return Err(format!("no lockstep CLI at {}", args.lockstep.display()));
    }
    let lockstep = args
        .lockstep
        .canonicalize()
        .map_err(|e| format!("{}: {e}", args.lockstep.display()))?;
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let work = tempfile::Builder::new()
        .prefix("work-")
        .tempdir_in(&args.out)
        .map_err(|e| format!("work directory: {e}"))?;
    let verifier = Verifier {
        lockstep: lockstep.clone(),
        timeout: args.timeout,
    };
    let oracles = oracles(args, &lockstep);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let config = gen::Config::default();
    let start = Instant::now();
    let done = AtomicUsize::new(0);
    let results: Vec<(Kernel, Checked)> = pool.install(|| {
        (args.seed..args.seed + args.count)
            .into_par_iter()
            .map(|seed| {
                let kernel = gen::generate(seed, &config);
                let checked = check::check(&verifier, &oracles, &kernel, work.path());
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if checked.outcome == Outcome::Violation {
                    eprintln!("lockstep-fuzz: seed {seed}: SOUNDNESS VIOLATION");
                }
                if n.is_multiple_of(100) {
                    eprintln!(
                        "lockstep-fuzz: {n}/{} kernels, {:.0} s",
                        args.count,
                        start.elapsed().as_secs_f64()
                    );
                }
                (kernel, checked)
            })
            .collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let mut saved = Vec::new();
    let mut tolerated_saved = 0;
    for (kernel, checked) in &results {
        match checked.outcome {
            Outcome::Violation => {
                saved.extend(save_violation(
                    args,
                    &verifier,
                    &oracles,
                    kernel,
                    checked,
                    work.path(),
                ));
            }
            Outcome::LockstepError => saved.push(save(&args.out, "error", kernel, "pass")),
            Outcome::Tolerated if tolerated_saved < 20 => {
                tolerated_saved += 1;
                saved.push(save(&args.out, "tolerated", kernel, "pass"));
            }
            _ => {}
        }
    }
    let report = build_report(args, &lockstep, seconds, &results, saved);
    print_table(&report);
    let json_path = args
        .json
        .clone()
        .unwrap_or_else(|| args.out.join("fuzz.json"));
    let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
    std::fs::write(&json_path, text + "\n").map_err(|e| format!("{}: {e}", json_path.display()))?;
    println!("results: {}", json_path.display());
    Ok(report.soundness_violations.len())
}

/// Writes `kernel` in its language as `OUT/PREFIX-SEED.EXT`; returns the path.
fn save(out: &Path, prefix: &str, kernel: &Kernel, expect: &str) -> String {
    let path = out.join(format!(
        "{prefix}-{}.{}",
        kernel.seed,
        kernel.lang.extension()
    ));
    if let Err(e) = std::fs::write(&path, emit::source(kernel, kernel.lang, expect)) {
        eprintln!("lockstep-fuzz: {}: {e}", path.display());
    }
    if kernel.lang == Lang::Cuda {
        // The oracle ran the OpenCL form: keep it beside the CUDA one.
        let cl = out.join(format!("{prefix}-{}.cl", kernel.seed));
        let _ = std::fs::write(&cl, emit::source(kernel, Lang::OpenCl, expect));
    }
    path.display().to_string()
}

/// Saves a violation as found and minimised (as `xfail:NOT_ALL_VERIFIED` test kernels).
fn save_violation(
    args: &Args,
    verifier: &Verifier,
    oracles: &[Box<dyn Oracle>],
    kernel: &Kernel,
    checked: &Checked,
    work: &Path,
) -> Vec<String> {
    let expect = "xfail:NOT_ALL_VERIFIED";
    let mut saved = vec![save(&args.out, "violation", kernel, expect)];
    if let Some((_, Observation::Defect { summary, .. })) =
        checked.observations.iter().find(|(_, o)| o.is_defect())
    {
        eprintln!("lockstep-fuzz: seed {}: oracle saw: {summary}", kernel.seed);
    }
    if args.no_minimize {
        return saved;
    }
    let (small, tries) = minimize::minimize(
        kernel,
        |candidate| check::check(verifier, oracles, candidate, work).outcome == Outcome::Violation,
        args.minimize_tries,
    );
    eprintln!(
        "lockstep-fuzz: seed {}: minimised from {} to {} statements in {tries} tries",
        kernel.seed,
        kernelgen::ast::count_stmts(&kernel.body),
        kernelgen::ast::count_stmts(&small.body)
    );
    saved.push(save(&args.out, "minimal", &small, expect));
    saved
}

fn verdict_name(v: Verdict) -> String {
    match v {
        Verdict::Verified => "verified (0)".into(),
        Verdict::Defect => "defect (1)".into(),
        Verdict::Inconclusive => "inconclusive (5)".into(),
        Verdict::Error(Some(c)) => format!("error ({c})"),
        Verdict::Error(None) => "crash".into(),
        Verdict::Hang => "hang".into(),
    }
}

fn build_report(
    args: &Args,
    lockstep: &Path,
    seconds: f64,
    results: &[(Kernel, Checked)],
    saved: Vec<String>,
) -> Report {
    let mut outcomes = BTreeMap::new();
    let mut verdicts = BTreeMap::new();
    let mut languages = BTreeMap::new();
    let mut oracles: BTreeMap<String, OracleStats> = BTreeMap::new();
    for (kernel, c) in results {
        *outcomes.entry(format!("{:?}", c.outcome)).or_insert(0) += 1;
        *verdicts.entry(verdict_name(c.verdict)).or_insert(0) += 1;
        *languages
            .entry(kernel.lang.extension().to_string())
            .or_insert(0) += 1;
        for (name, o) in &c.observations {
            let stats = oracles.entry(name.clone()).or_default();
            match o {
                Observation::Defect { .. } => {
                    stats.observed += 1;
                    if c.verdict == Verdict::Defect {
                        stats.confirmed += 1;
                    }
                }
                Observation::Clean => stats.clean += 1,
                Observation::Failed(m) => {
                    stats.failed += 1;
                    if stats.failures.len() < 10 {
                        stats.failures.push(format!("seed {}: {m}", c.seed));
                    }
                }
                Observation::Skipped(_) => stats.skipped += 1,
            }
        }
    }
    let pick = |o: Outcome| -> Vec<Checked> {
        results
            .iter()
            .filter(|(_, c)| c.outcome == o)
            .map(|(_, c)| c.clone())
            .collect()
    };
    let mut by_time: Vec<&Checked> = results.iter().map(|(_, c)| c).collect();
    by_time.sort_by(|a, b| b.lockstep_seconds.total_cmp(&a.lockstep_seconds));
    let slowest = by_time
        .iter()
        .take(10)
        .map(|c| (c.seed, c.lockstep_seconds, verdict_name(c.verdict)))
        .collect();
    Report {
        lockstep_seconds: results.iter().map(|(_, c)| c.lockstep_seconds).sum(),
        slowest,
        command: std::env::args().collect::<Vec<_>>().join(" "),
        first_seed: args.seed,
        count: args.count,
        jobs: args.jobs,
        lockstep: lockstep.display().to_string(),
        timeout: args.timeout,
        seconds,
        kernels_per_second: results.len() as f64 / seconds.max(1e-9),
        outcomes,
        verdicts,
        languages,
        oracles,
        soundness_violations: pick(Outcome::Violation),
        tolerated: pick(Outcome::Tolerated).iter().map(|c| c.seed).collect(),
        lockstep_errors: pick(Outcome::LockstepError),
        saved,
    }
}

fn print_table(r: &Report) {
    println!(
        "{} kernels (seeds {}..{}) in {:.0} s ({:.2} kernels/s, {} jobs)",
        r.count,
        r.first_seed,
        r.first_seed + r.count,
        r.seconds,
        r.kernels_per_second,
        r.jobs
    );
    println!("\n{:<28} {:>8}", "outcome", "kernels");
    for name in [
        "Violation",
        "Tolerated",
        "Confirmed",
        "NotObserved",
        "AgreedClean",
        "Inconclusive",
        "LockstepError",
    ] {
        let label = match name {
            "Violation" => "SOUNDNESS VIOLATION",
            "Tolerated" => "benign, tolerated by policy",
            "Confirmed" => "defect, oracle confirmed",
            "NotObserved" => "defect, not observed",
            "AgreedClean" => "verified, oracles clean",
            "Inconclusive" => "inconclusive",
            _ => "lockstep error",
        };
        println!(
            "{label:<28} {:>8}",
            r.outcomes.get(name).copied().unwrap_or(0)
        );
    }
    println!("\n{:<20} {:>8}", "lockstep verdict", "kernels");
    for (v, n) in &r.verdicts {
        println!("{v:<20} {n:>8}");
    }
    println!(
        "\n{:<10} {:>9} {:>10} {:>8} {:>8} {:>8}",
        "oracle", "observed", "confirmed", "clean", "failed", "skipped"
    );
    for (name, s) in &r.oracles {
        println!(
            "{name:<10} {:>9} {:>10} {:>8} {:>8} {:>8}",
            s.observed, s.confirmed, s.clean, s.failed, s.skipped
        );
    }
    for (name, s) in &r.oracles {
        for f in &s.failures {
            println!("{name} failure: {f}");
        }
    }
    for c in &r.lockstep_errors {
        println!(
            "lockstep error: seed {}: {} {}",
            c.seed,
            verdict_name(c.verdict),
            c.lockstep_message.as_deref().unwrap_or("")
        );
    }
    println!(
        "lockstep time: {:.0} s in all; slowest: {}",
        r.lockstep_seconds,
        r.slowest
            .iter()
            .take(5)
            .map(|(seed, secs, v)| format!("seed {seed} {secs:.1} s {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("soundness violations: {}", r.soundness_violations.len());
}
