//! The verification engine: from a kernel file to each kernel's solved verification
//! condition.
//!
//! Two halves:
//! - [`front`] runs the passes from the lifted kernel to the two-thread program, every one
//!   through one [`kir::Runner`] (phases checked, each output verified), and serves
//!   `lockstep dump --stage=NAME` from that same run ([`dump`]);
//! - [`strategy`] decides how the solver's budget is spent on the program: unrolling
//!   first, then loop cutting with Houdini's quick pass, a search for a concrete defect, the
//!   full Houdini pass and a last pass over undecided checks; under `--warp-sync`, the
//!   coarse memory model before the precise one.
//!
//! What comes out ([`KernelRun`]) is the two-thread program, the verification condition
//! that decided the verdict and the solver's statuses for it; the `report` crate turns it
//! into diagnostics and the binary into messages and exit codes.

mod budget;
mod error;
pub mod execute;
pub mod front;
mod inferred;
mod intervals;
mod options;
mod pinned;
pub mod replay;
mod rewrites;
pub mod strategy;
mod tolerated;
mod unrolled;
mod verdict;

use std::path::Path;
use std::time::{Duration, Instant};

pub use error::StageError;
pub use front::{dump, Stage, STAGES};
pub use inferred::Inferred;
pub use intervals::barrier_intervals;
pub use options::{KernelArgs, Options};
pub use rewrites::{field_bits, InvariantsAsCandidates, KernelArgsPass, Thread1Invariants};
pub use tolerated::{Tolerances, Tolerated};
pub use verdict::{verdict_of, Verdict};

/// The source language of a kernel, which decides how its threads are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    OpenCl,
    Cuda,
}

/// Sizes and times of one kernel's run, as data for `lockstep compare` and `--json`.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Stats {
    /// Blocks of the sorted kernel, before predication.
    pub blocks_before: usize,
    /// Blocks of the predicated kernel.
    pub blocks_after: usize,
    /// Terms of the verification condition whose statuses decide the verdict.
    pub vc_terms: usize,
    /// Checks of that verification condition.
    pub vc_checks: usize,
    /// Wall-clock seconds in the solver over every solve of the kernel (a Houdini round's
    /// time includes building its verification condition).
    pub solver_seconds: f64,
}

/// What the engine found for one kernel.
pub struct KernelRun {
    /// Sizes and solver time.
    pub stats: Stats,
    /// The two-thread program the verification condition was made from.
    pub two_thread: lockstep::TwoThread,
    /// The verification condition whose statuses decide the verdict (of the unrolled, the
    /// cut or the bounded program).
    pub vc: vcgen::Vc,
    pub outcome: smt::Outcome,
    /// The reported solve cut loops with invariants (a defect after a cut loop is then
    /// unconfirmed).
    pub cut: bool,
    /// The memory model of the reported solve (under `--warp-sync`, the coarse one when it
    /// proved the kernel).
    pub memory: vcgen::SharedMemory,
    pub verdict: Verdict,
    /// The candidate invariants of the reported solve and which Houdini kept.
    pub inferred: Option<Inferred>,
    /// What the verdict assumes that no check covers, beyond what the kernel's own shape
    /// says: refined atomic counters that do not wrap, `--boogie-file` axioms, unchecked
    /// barrier-invariant permissions.
    pub assumptions: Vec<String>,
    /// The arrays races were checked on, when not all (`--only-log`: none).
    pub races_only_on: Option<Vec<String>>,
    /// Only pairs of threads in one group were checked.
    pub only_intra_group: bool,
    /// When verified with benign tolerance: the conflicts the proof tolerated.
    pub tolerances: Option<Tolerances>,
    /// Per check of `vc`, the replay of its counterexample on the concrete interpreter
    /// (`None` when the check did not fail); empty when nothing failed.
    pub replays: Vec<Option<replay::Replay>>,
    /// The cut program's failures may be owed to the time the solver had: Houdini
    /// dropped candidates it could not decide or stopped before a fixpoint, or the exact
    /// (completely unrolled) program was left undecided where the cut program failed. A
    /// failure that no execution confirms is then no defect (see [`withdraw`]).
    pub weakened: bool,
}

/// One kernel's result.
pub struct KernelOutcome {
    pub name: String,
    pub result: Result<KernelRun, StageError>,
    pub time: Duration,
    /// `--debug`: the kernel's barrier intervals, when the kernel got as far as sorting.
    pub barrier_intervals: Option<usize>,
}

/// The source language of `path`: by its extension, else by the module's target triple.
pub fn language_of(path: &Path, module: Option<&inkwell::module::Module>) -> Language {
    match path.extension().and_then(|e| e.to_str()) {
        Some("cu") => Language::Cuda,
        Some("cl") => Language::OpenCl,
        _ => {
            let triple = module
                .map(|m| m.get_triple().as_str().to_string_lossy().into_owned())
                .unwrap_or_default();
            if triple.contains("nvptx") {
                Language::Cuda
            } else {
                Language::OpenCl
            }
        }
    }
}

/// Verifies every kernel of the file (or the one `opts.kernel` names).
pub fn verify(path: &Path, opts: &Options) -> Result<(Language, Vec<KernelOutcome>), StageError> {
    let axioms = axioms::Axioms::read_all(&opts.boogie_files)?;
    let ctx = inkwell::context::Context::create();
    let module = driver::load(&ctx, path, &opts.compile)?;
    let language = language_of(path, Some(&module));
    let names = front::kernel_names(&module, opts.kernel.as_deref())?;
    if let Some(args) = &opts.kernel_args {
        // `--kernel-args` for a kernel the file does not have would silently check the
        // kernels without the values the user meant.
        let all = lift::kernel_names(&module);
        let named = |k: &String| *k == args.kernel || lift::demangle(k) == args.kernel;
        if !all.iter().any(named) {
            return Err(StageError::KernelArgsUnknown {
                name: args.kernel.clone(),
                available: all.iter().map(|k| lift::demangle(k)).collect(),
            });
        }
    }
    let mut out = Vec::new();
    for name in names {
        let start = Instant::now();
        let mut intervals = None;
        let result = verify_kernel(&module, &name, opts, &axioms, &mut intervals);
        out.push(KernelOutcome {
            name,
            result,
            time: start.elapsed(),
            barrier_intervals: intervals,
        });
    }
    Ok((language, out))
}

fn verify_kernel(
    module: &inkwell::module::Module,
    name: &str,
    opts: &Options,
    axioms: &axioms::Axioms,
    intervals: &mut Option<usize>,
) -> Result<KernelRun, StageError> {
    let mut runner = kir::Runner::default();
    let lifted = front::lifted(&mut runner, module, name, opts)?;
    finish(runner, lifted, opts, axioms, intervals)
}

/// Verifies a kernel that is already lifted to KIR (in [`kir::Phase::Lifted`]): the passes
/// to the two-thread program, then the strategy.
pub fn verify_lifted(
    lifted: kir::Kernel,
    opts: &Options,
    axioms: &axioms::Axioms,
) -> Result<KernelRun, StageError> {
    let mut runner = kir::Runner::default();
    let lifted = runner.start("kir", kir::Phase::Lifted, lifted)?;
    finish(runner, lifted, opts, axioms, &mut None)
}

/// The second solve that lists a verified kernel's tolerated conflicts may take this
/// share of the kernel's budget, and at most `TOLERANCE_CAP`; and no longer than half
/// the proof took, or `TOLERANCE_FLOOR` (a race check proved with effort is as hard to
/// prove again with the switch denied: on a row-wise box filter the listing took 5.6 s
/// after a 2.4 s proof, and still left one check undecided; with as long as the proof,
/// 8 of the corpus's 11 listings that ran ended undecided all the same).
const TOLERANCE_SHARE: u32 = 4;
const TOLERANCE_CAP: Duration = Duration::from_secs(30);
const TOLERANCE_FLOOR: Duration = Duration::from_millis(250);

fn finish(
    mut runner: kir::Runner,
    lifted: kir::Kernel,
    opts: &Options,
    axioms: &axioms::Axioms,
    intervals: &mut Option<usize>,
) -> Result<KernelRun, StageError> {
    let started = Instant::now();
    // What a step after the strategy (replay) may still take: the run's deadline is
    // `--timeout` plus 3 s (the binary's watchdog allows 5 s past it).
    let left = || (opts.timeout + Duration::from_secs(3)).saturating_sub(started.elapsed());
    let name = lifted.name.clone();
    let args_fixed = runner.ran().contains(&KernelArgsPass::NAME);
    let kept = lifted.clone();
    let mut blocks = (0, 0);
    let tt = front::from_lifted_counting(&mut runner, lifted, opts, intervals, &mut blocks)?;
    let mut run = strategy::solve(tt, &kept, &name, opts, axioms)?;
    (run.stats.blocks_before, run.stats.blocks_after) = blocks;
    if run.verdict == Verdict::Defects && run.replays.is_empty() {
        let w = replay::Witnessed {
            lifted: &kept,
            two_thread: &run.two_thread,
            cut: run.cut,
            axioms: !axioms.is_empty(),
        };
        run.replays = replay::replay_all(&w, &run.vc, &run.outcome, left());
    }
    if run.verdict == Verdict::Defects && run.cut && run.weakened {
        withdraw(&mut run);
    }
    // What the two-thread program assumed (e.g. that a refined atomic counter does not
    // wrap), then the axioms and the unchecked permissions.
    run.assumptions.extend(axiom_notes(axioms));
    if !opts.lockstep.barrier_access_checks {
        run.assumptions.push(
            "assuming barrier invariants read only what the thread may read (--no-barrier-access-checks): their read permissions were not checked".into(),
        );
    }
    run.assumptions.extend(option_notes(opts, args_fixed));
    run.races_only_on = match opts.lockstep.only_log {
        true => Some(Vec::new()),
        false => opts.lockstep.check_arrays.clone(),
    };
    run.only_intra_group = opts.lockstep.only_intra_group;
    if run.verdict == Verdict::Verified {
        // Only within `--timeout`: the listing adds notes, not a verdict, and a kernel
        // verified at the end of its budget is better told "not decided" than kept waiting.
        let time = (opts.timeout / TOLERANCE_SHARE)
            .min(TOLERANCE_CAP)
            .min((started.elapsed() / 2).max(TOLERANCE_FLOOR))
            .min(opts.timeout.saturating_sub(started.elapsed()));
        run.tolerances = tolerated::tolerances(&run.vc, &run.outcome, time, axioms);
    }
    Ok(run)
}

/// A defect is never claimed for want of time: under a weakened solve
/// ([`KernelRun::weakened`]), each failed check no execution confirmed becomes undecided
/// ([`verdict::withdraw_unconfirmed`]), and the verdict follows.
fn withdraw(run: &mut KernelRun) {
    let replays = &run.replays;
    let confirmed = |i: usize| {
        (replays.get(i).and_then(Option::as_ref))
            .is_some_and(|r| r.outcome == replay::ReplayOutcome::Confirmed)
    };
    verdict::withdraw_unconfirmed(&run.vc.checks, &mut run.outcome.statuses, confirmed);
    run.verdict = verdict_of(&run.vc, &run.outcome);
}

/// What the options the user gave make the verdict rest on: fixed parameter values,
/// lock-step warps, a benign-race policy that trusts memory.
/// `args_fixed`: the `--kernel-args` pass ran on this kernel.
fn option_notes(opts: &Options, args_fixed: bool) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(args) = opts.kernel_args.as_ref().filter(|_| args_fixed) {
        let values: Vec<String> = args.values.iter().map(u64::to_string).collect();
        notes.push(format!(
            "assuming the scalar parameters have the values {} (--kernel-args)",
            values.join(", ")
        ));
    }
    if opts.compile.structurize {
        notes.push(
            "the kernel was verified as restructured (control flow structurized by LLVM's structurizecfg)".into(),
        );
    }
    if let Some(n) = opts.lockstep.warp_size {
        notes.push(format!(
            "assuming warps of {n} threads run in lock-step (--warp-sync): a read and a write of two threads of one warp were not checked as a race"
        ));
    }
    if opts.lockstep.benign == lockstep::Benign::Values {
        notes.push(
            "writes of equal values were tolerated even when the values were read from memory (--benign=values)".into(),
        );
    }
    notes
}

/// "assuming N axioms from FILE", for each `--boogie-file` with axioms.
fn axiom_notes(axioms: &axioms::Axioms) -> Vec<String> {
    axioms
        .files()
        .iter()
        .filter(|f| !f.axioms.is_empty())
        .map(|f| {
            let n = f.axioms.len();
            let s = if n == 1 { "" } else { "s" };
            format!("assuming {n} axiom{s} from {} (--boogie-file): if they are inconsistent, every check passes", f.path)
        })
        .collect()
}
