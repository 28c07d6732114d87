//! The pipeline, top to bottom: driver, lift, cfg, predicate, lockstep, vcgen, smt,
//! report. Each stage's output can be printed (`lockstep dump --stage=…`).

use std::path::Path;
use std::time::{Duration, Instant};

use inkwell::context::Context;
use predicate::Predicator;
use report::{KernelReport, Language, ReportContext};

use crate::errors::StageError;

/// Where to stop and print, for `lockstep dump`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Stage {
    /// The LLVM module after clang, inlining and mem2reg.
    Llvm,
    /// KIR as lifted from LLVM.
    Kir,
    /// The CFG analysis: dominators, back edges, loops.
    Cfg,
    /// KIR in the paper's sort order, after preprocessing.
    Sorted,
    /// Predicated KIR (Tables 1, 2 and 4).
    Predicated,
    /// The two-thread lock-step program with its instrumentation.
    Lockstep,
    /// The verification condition, as SMT-LIB.
    Vc,
}

pub struct Settings {
    pub compile: driver::CompileOptions,
    pub kernel: Option<String>,
    pub launch: lockstep::Launch,
    pub benign_tolerance: bool,
    /// `--warp-sync=N`: threads of a warp run in lock-step.
    pub warp_size: Option<u32>,
    /// `--vcgen-opt=/checkArrays:A,B`: check races only on these arrays.
    pub check_arrays: Option<Vec<String>>,
    /// `--only-intra-group`: races between groups are not checked.
    pub only_intra_group: bool,
    /// `--only-log`: no race is checked.
    pub only_log: bool,
    /// `--check-array-bounds`: assert that accesses stay inside statically sized arrays.
    pub check_array_bounds: bool,
    /// `get_work_dim()`: the number of launch dimensions given.
    pub work_dim: u32,
    pub vc: vcgen::VcOptions,
    pub timeout: Duration,
    /// Print which candidate loop invariants Houdini kept (`--infer-info`).
    pub infer_info: bool,
    /// Infer loop invariants when unrolling is not enough (off with `--no-infer`).
    pub infer: bool,
    /// `--kernel-args=K,v1,…`: values for kernel K's scalar parameters, in order.
    pub kernel_args: Option<(String, Vec<u64>)>,
    /// `--asymmetric-asserts`: the user's loop invariants are assumed for thread 1 only
    /// (GPUVerify emits its assertions for the first thread only; weaker, still sound).
    pub asymmetric_asserts: bool,
    /// `--invariants-as-candidates`: the user's loop invariants are Houdini candidates
    /// (dropped if they do not hold) instead of checked.
    pub invariants_as_candidates: bool,
    /// `--debug`: print what the analyses found (barrier intervals).
    pub debug: bool,
    /// `--no-barrier-access-checks`: barrier invariants may read any location.
    pub no_barrier_access_checks: bool,
    /// `--boogie-file=F`: axioms about the kernel's uninterpreted functions.
    pub boogie_files: Vec<std::path::PathBuf>,
}

/// One kernel's result.
pub struct KernelOutcome {
    pub name: String,
    pub result: Result<KernelReport, StageError>,
    pub time: Duration,
}

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

/// Verifies every kernel of the file (or the one named in the settings).
pub fn verify(path: &Path, s: &Settings) -> Result<(Language, Vec<KernelOutcome>), StageError> {
    let axioms = axioms::Axioms::read_all(&s.boogie_files)?;
    let ctx = Context::create();
    let module = driver::load(&ctx, path, &s.compile)?;
    let language = language_of(path, Some(&module));
    let names = kernel_names(&module, s.kernel.as_deref())?;
    let mut out = Vec::new();
    for name in names {
        let start = Instant::now();
        let result = verify_kernel(&module, &name, s, language, &axioms).map(|mut r| {
            r.races_only_on = match s.only_log {
                true => Some(Vec::new()),
                false => s.check_arrays.clone(),
            };
            r.only_intra_group = s.only_intra_group;
            r.assumptions.extend(axiom_notes(&axioms));
            if s.no_barrier_access_checks {
                r.assumptions.push(
                    "assuming barrier invariants read only what the thread may read (--no-barrier-access-checks): their read permissions were not checked".into(),
                );
            }
            r
        });
        out.push(KernelOutcome {
            name,
            result,
            time: start.elapsed(),
        });
    }
    Ok((language, out))
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

fn kernel_names(
    module: &inkwell::module::Module,
    only: Option<&str>,
) -> Result<Vec<String>, StageError> {
    let all = lift::kernel_names(module);
    match only {
        Some(n) => {
            if all.iter().any(|k| k == n) {
                Ok(vec![n.to_string()])
            } else {
                Err(lift::LiftError::UnknownKernel {
                    name: n.into(),
                    available: all,
                }
                .into())
            }
        }
        None if all.is_empty() => Err(lift::LiftError::NoKernel.into()),
        None => Ok(all),
    }
}

/// The stages up to the two-thread program.
fn front(
    module: &inkwell::module::Module,
    name: &str,
    s: &Settings,
) -> Result<(kir::Kernel, kir::Kernel, lockstep::TwoThread), StageError> {
    let options = lift::LiftOptions {
        check_array_bounds: s.check_array_bounds,
        work_dim: Some(s.work_dim),
    };
    let mut lifted = lift::lift_with(module, name, &options)?;
    fix_params(&mut lifted, name, s);
    let sorted = cfg::sort(lifted.clone())?;
    if s.debug {
        let n = crate::intervals::barrier_intervals(&sorted);
        eprintln!("{name}: Found {n} barrier interval(s)");
    }
    let mut predicated = predicate::Unstructured.predicate(sorted)?;
    if s.invariants_as_candidates {
        invariants_as_candidates(&mut predicated);
    }
    let tt = lockstep::two_thread(
        &predicated,
        &lockstep::Options {
            launch: s.launch,
            benign_tolerance: s.benign_tolerance,
            warp_size: s.warp_size,
            check_arrays: s.check_arrays.clone(),
            only_intra_group: s.only_intra_group,
            only_log: s.only_log,
            barrier_access_checks: !s.no_barrier_access_checks,
        },
    )?;
    let mut tt = tt;
    if s.asymmetric_asserts {
        assume_invariants_for_thread_1(&mut tt.kernel);
    }
    Ok((lifted, predicated, tt))
}

/// Turns every user loop invariant (function-wide ones included) into a candidate.
fn invariants_as_candidates(k: &mut kir::Kernel) {
    for b in k.layout.clone() {
        for s in &mut k.block_mut(b).stmts {
            if let kir::Stmt::Assert {
                origin: origin @ kir::AssertOrigin::LoopInvariant { .. },
                ..
            } = &mut s.stmt
            {
                let global = matches!(
                    origin,
                    kir::AssertOrigin::LoopInvariant { global: true, .. }
                );
                *origin = kir::AssertOrigin::CandidateInvariant { global };
            }
        }
    }
}

/// Replaces the assumption lock-step put after each user loop invariant (both threads)
/// by the assertion's condition (thread 1).
fn assume_invariants_for_thread_1(k: &mut kir::Kernel) {
    for b in k.layout.clone() {
        let stmts = &mut k.block_mut(b).stmts;
        for j in 1..stmts.len() {
            let kir::Stmt::Assert {
                cond,
                origin: kir::AssertOrigin::LoopInvariant { .. },
            } = &stmts[j - 1].stmt
            else {
                continue;
            };
            let cond = cond.clone();
            if let kir::Stmt::Assume { cond: assumed } = &mut stmts[j].stmt {
                *assumed = cond;
            }
        }
    }
}

fn verify_kernel(
    module: &inkwell::module::Module,
    name: &str,
    s: &Settings,
    language: Language,
    axioms: &axioms::Axioms,
) -> Result<KernelReport, StageError> {
    let (_, _, tt) = front(module, name, s)?;
    let (mut r, inferred) = match s.vc.shared {
        // Under warps, the adversarial model (every read of shared memory arbitrary) is
        // coarser and much cheaper for Z3: when it proves the kernel, so would the precise
        // one. Only otherwise is the precise model solved, with the time that is left.
        vcgen::SharedMemory::Warps => {
            let start = std::time::Instant::now();
            let coarse = vcgen::VcOptions {
                shared: vcgen::SharedMemory::Adversarial,
                ..s.vc
            };
            let first = solve_kernel(&tt, name, s, (coarse, s.timeout / 2), language, axioms)?;
            if first.0.verdict == report::Verdict::Verified {
                first
            } else {
                let left = s.timeout.saturating_sub(start.elapsed());
                solve_kernel(&tt, name, s, (s.vc, left), language, axioms)?
            }
        }
        _ => solve_kernel(&tt, name, s, (s.vc, s.timeout), language, axioms)?,
    };
    // Only the solve whose verdict is reported says what Houdini kept.
    if let (true, Some(inferred)) = (s.infer_info, inferred) {
        print_infer_info(name, &tt, &inferred.candidates, &inferred.kept);
    }
    // What the two-thread program assumed that no check covers (e.g. that a refined
    // atomic counter does not wrap).
    r.assumptions.extend(tt.assumptions.iter().cloned());
    Ok(r)
}

/// The candidates of a kernel's loops, and which Houdini kept.
struct Inferred {
    candidates: Vec<vcgen::Invariant>,
    kept: Vec<bool>,
}

/// Steps 1-4 of the verification of a kernel's two-thread program; with what Houdini
/// kept, when loops were cut.
fn solve_kernel(
    tt: &lockstep::TwoThread,
    name: &str,
    s: &Settings,
    (model, timeout): (vcgen::VcOptions, Duration),
    language: Language,
    axioms: &axioms::Axioms,
) -> Result<(KernelReport, Option<Inferred>), StageError> {
    let mut budget = Budget::new(timeout, axioms);
    let vc = vcgen::generate(tt, &model)?;
    if !axioms.is_empty() {
        smt::check_axioms(&vc, axioms)?;
    }
    tracing::info!(
        kernel = name,
        checks = vc.checks.len(),
        terms = vc.terms.len(),
        "vc built"
    );
    let mut cx = ReportContext {
        kernel: &tt.kernel,
        accesses: &tt.accesses,
        launch: s.launch,
        language,
        invariants: false,
    };
    let unwind = |c: &vcgen::CheckInfo| c.origin == kir::AssertOrigin::UnwindBound;
    let has_loops = vc.checks.iter().any(unwind);
    let solve_all = |budget: &Budget, percent| smt::solve(&vc, &budget.share(percent));
    // The user's loop invariants must be inductive (as GPUVerify checks them), which only
    // the cut program shows: kernels with them always go through step 2.
    let user_invariants = has_user_invariants(&tt.kernel);
    // (`--no-infer` still cuts loops: with the user's invariants and the structural facts
    // GPUVerify's predication and uniformity analysis give it, see `control_candidates`.)
    if !user_invariants && !has_loops {
        return Ok((report::build(&cx, &vc, &solve_all(&budget, 100)), None));
    }
    // 1. Does unrolling cover every iteration? Then the unrolled program is exact. A loop
    // that ends within the bound usually shows it quickly (its trip count folds); one
    // whose count depends on inputs makes this check fail slowly, so it gets little effort,
    // one check at a time (they often fail, and one query over all of them is then wasted).
    if !user_invariants {
        let mut opts = budget.share(15);
        opts.effort = opts.effort.min(smt::units(UNROLL_DECISION_CAP));
        let bounds = smt::solve_each(&vc, &opts, &unwind);
        budget.spend(&bounds);
        if !loops_undecided(&vc, &bounds) {
            return Ok((report::build(&cx, &vc, &solve_all(&budget, 100)), None));
        }
    }
    // 2. Cut the loops with the user's invariants and those Houdini infers.
    let candidates = if s.infer {
        let mut all = vcgen::candidates(tt);
        all.extend(vcgen::user_candidates(tt, all.len() as u32));
        all
    } else {
        control_candidates(tt)
    };
    let candidates = if s.asymmetric_asserts {
        thread_1_only(&tt.kernel, candidates)
    } else {
        candidates
    };
    let opts = vcgen::VcOptions {
        loops: vcgen::LoopMode::Cut,
        ..model
    };
    let houdini = |effort, start, budget: &mut Budget, percent| {
        let h = smt::houdini_with(
            candidates.len(),
            |kept| vcgen::generate_kept(tt, &opts, &candidates, kept),
            &budget.share(percent),
            effort,
            start,
        );
        if let Ok(h) = &h {
            budget.spend(&h.outcome);
            tracing::info!(
                kernel = name,
                ?effort,
                rounds = h.rounds,
                kept = h.kept.iter().filter(|k| **k).count(),
                candidates = candidates.len(),
                "houdini"
            );
        }
        h
    };
    // Little effort per candidate first; more only when that is not enough and no
    // concrete defect explains the failure.
    let mut h = houdini(smt::CandidateEffort::Quick, None, &mut budget, 50)?;
    cx.invariants = true;
    let mut cut = report::build(&cx, &h.vc, &h.outcome);
    let settled = |cut: &KernelReport, h: &smt::Houdini| {
        cut.verdict == report::Verdict::Verified || user_invariant_failed(&h.vc, &h.outcome)
    };
    let result = if settled(&cut, &h) {
        cut
    } else {
        // 3. Look for a defect a concrete (unrolled) execution shows.
        cx.invariants = false;
        let percent = if h.undecided { 40 } else { 100 };
        // The cut program failed, so this one may well fail too: no one-query fast path
        // (it only pays off when everything holds, and costs most on a large unrolling).
        // Only defects are looked for, not whether the unrolling covers every iteration:
        // step 1 asked that (it did not), or the kernel has user invariants, which only
        // the cut program checks.
        let concrete = smt::solve_each(&vc, &budget.share(percent), &|c| !unwind(c));
        budget.spend(&concrete);
        let unrolled = report::build(&cx, &vc, &concrete);
        if unrolled.verdict != report::Verdict::Defects && h.undecided {
            // The quick pass's fixpoint stays proved: only what it dropped undecided is
            // tried again, with more effort.
            let start = smt::Start {
                kept: h.refuted.iter().map(|r| !r).collect(),
                inductive: if h.converged {
                    h.kept.clone()
                } else {
                    vec![false; candidates.len()]
                },
            };
            h = houdini(smt::CandidateEffort::Full, Some(start), &mut budget, 100)?;
            cx.invariants = true;
            cut = report::build(&cx, &h.vc, &h.outcome);
        }
        if unrolled.verdict != report::Verdict::Defects
            && cut.verdict == report::Verdict::Inconclusive
            && !failed_any(&h.outcome)
        {
            // 4. The cut program ran out of effort, not of invariants (no check failed),
            // and the concrete search left some: its undecided checks get the rest.
            let again = smt::resolve(&h.vc, &budget.share(100), &h.outcome);
            budget.spend(&again);
            h.outcome = again;
            cx.invariants = true;
            cut = report::build(&cx, &h.vc, &h.outcome);
        }
        if settled(&cut, &h) {
            cut
        } else {
            // A concrete defect first; else the cut program's account (what it could
            // not prove, or its possibly spurious defects).
            match unrolled.verdict {
                report::Verdict::Defects => unrolled,
                _ => cut,
            }
        }
    };
    let inferred = Inferred {
        candidates,
        kept: h.kept,
    };
    Ok((result, Some(inferred)))
}

/// `--infer-info`: each candidate with its loop and whether Houdini kept it.
fn print_infer_info(
    name: &str,
    tt: &lockstep::TwoThread,
    candidates: &[vcgen::Invariant],
    kept: &[bool],
) {
    let printer = kir::Printer::new(&tt.kernel);
    for c in candidates {
        let verdict = if kept[c.index as usize] {
            "kept"
        } else {
            "dropped"
        };
        let head = tt.kernel.block(c.head);
        let at = head
            .loc
            .map(|l| format!(" at {}", tt.kernel.pos(l)))
            .unwrap_or_default();
        eprintln!(
            "{name}: loop {}{at}: {verdict}: {}: {}",
            head.name,
            c.name,
            printer.expr(&c.expr)
        );
    }
}

/// With `--no-infer`, only the candidates about where the threads are at a loop head and
/// which values the two threads share (GPUVerify knows these from the structure of its
/// predicated loops and its uniformity analysis; ours must be proved). They are
/// renumbered for Houdini.
fn control_candidates(tt: &lockstep::TwoThread) -> Vec<vcgen::Invariant> {
    let control = |name: &str| {
        name.contains("head") || name.contains("inside the loop body") || name.contains("$1 == ")
    };
    vcgen::candidates(tt)
        .into_iter()
        .filter(|c| control(&c.name))
        .enumerate()
        .map(|(i, c)| vcgen::Invariant {
            index: i as u32,
            ..c
        })
        .collect()
}

/// `--asymmetric-asserts`: only the candidates about thread 1 (renumbered).
fn thread_1_only(k: &kir::Kernel, all: Vec<vcgen::Invariant>) -> Vec<vcgen::Invariant> {
    let about_thread_2 = |e: &kir::Expr| {
        let mut found = false;
        e.for_each_var(&mut |v| {
            found |= matches!(
                k.var(v).kind,
                kir::VarKind::ThreadCopy {
                    thread: kir::Thread::T2,
                    ..
                }
            )
        });
        found
    };
    all.into_iter()
        .filter(|c| !about_thread_2(&c.expr))
        .enumerate()
        .map(|(i, c)| vcgen::Invariant {
            index: i as u32,
            ..c
        })
        .collect()
}

/// Whether the kernel states loop invariants (`__invariant`, `__global_invariant`,
/// `__function_wide_invariant`).
fn has_user_invariants(k: &kir::Kernel) -> bool {
    k.laid_out().any(|(_, data)| {
        data.stmts.iter().any(|s| {
            matches!(
                s.stmt,
                kir::Stmt::Assert {
                    origin: kir::AssertOrigin::LoopInvariant { .. },
                    ..
                }
            )
        })
    })
}

/// Whether a user loop invariant was shown not to hold on entry or not to be preserved
/// (an error in itself, as in GPUVerify, whatever unrolling says).
fn user_invariant_failed(vc: &vcgen::Vc, outcome: &smt::Outcome) -> bool {
    vc.checks.iter().zip(&outcome.statuses).any(|(c, st)| {
        matches!(c.origin, kir::AssertOrigin::LoopInvariant { .. })
            && matches!(st, smt::Status::Failed { .. })
    })
}

/// A kernel's solver budget: the user's `--timeout` on the clock, and that many seconds'
/// worth of solver effort, which is what the stages share (so that the verdict does not
/// depend on how fast the machine is unless the clock runs out first).
struct Budget {
    start: Instant,
    time: Duration,
    effort: u64,
    used: u64,
    axioms: axioms::Axioms,
}

impl Budget {
    fn new(time: Duration, axioms: &axioms::Axioms) -> Budget {
        Budget {
            start: Instant::now(),
            time,
            effort: smt::units(time),
            used: 0,
            axioms: axioms.clone(),
        }
    }

    /// `percent` of the effort left, and all the time left.
    fn share(&self, percent: u64) -> smt::SolveOptions {
        smt::SolveOptions {
            timeout: self.time.saturating_sub(self.start.elapsed()),
            effort: self.effort.saturating_sub(self.used) / 100 * percent,
            axioms: self.axioms.clone(),
        }
    }

    fn spend(&mut self, outcome: &smt::Outcome) {
        self.used += outcome.used;
    }
}

/// Whether some check of `outcome` failed.
fn failed_any(outcome: &smt::Outcome) -> bool {
    outcome
        .statuses
        .iter()
        .any(|s| matches!(s, smt::Status::Failed { .. }))
}

/// At most this much effort deciding whether unrolling covers every loop iteration.
const UNROLL_DECISION_CAP: Duration = Duration::from_secs(10);

/// Whether some loop may run longer than it was unrolled (the unrolling bound check failed
/// or was not decided).
fn loops_undecided(vc: &vcgen::Vc, outcome: &smt::Outcome) -> bool {
    vc.checks
        .iter()
        .zip(&outcome.statuses)
        .any(|(c, st)| c.origin == kir::AssertOrigin::UnwindBound && *st != smt::Status::Proved)
}

/// Applies `--kernel-args`: assume the given values for the kernel's scalar parameters.
fn fix_params(k: &mut kir::Kernel, name: &str, s: &Settings) {
    let Some((kernel, values)) = &s.kernel_args else {
        return;
    };
    if kernel != name && kernel != &k.name {
        return;
    }
    // One value per non-pointer argument, in order. An argument the lifter split into
    // several variables (a by-value struct's fields, a vector's lanes) takes its value as
    // the argument's bytes, little-endian: each variable is fixed to its own bytes. A
    // variable beyond the value's 64 bits stays arbitrary, which checks more and is sound.
    let mut by_arg: Vec<(u32, Vec<(kir::Var, u64)>)> = Vec::new();
    for p in &k.params {
        let (var, offset) = match p {
            kir::ParamData::Scalar { var, .. } => (*var, 0),
            kir::ParamData::Field { var, offset, .. } => (*var, *offset),
            _ => continue,
        };
        if let kir::VarKind::Param { index } = k.var(var).kind {
            match by_arg.iter_mut().find(|(i, _)| *i == index) {
                Some((_, vars)) => vars.push((var, offset)),
                None => by_arg.push((index, vec![(var, offset)])),
            }
        }
    }
    by_arg.sort_by_key(|(i, _)| *i);
    let entry = k.entry();
    for ((_, vars), value) in by_arg.into_iter().zip(values) {
        for (var, offset) in vars {
            let kir::Ty::Bv(w) = k.var(var).ty else {
                continue;
            };
            let Some(bits) = field_bits(*value, offset, w) else {
                continue;
            };
            let cond = kir::Expr::eq(kir::Expr::Var(var), kir::Expr::int(bits, w));
            let stmt = kir::StmtData::new(kir::Stmt::Assume { cond }, None);
            k.block_mut(entry).stmts.insert(0, stmt);
        }
    }
}

/// The `width` bits of `value` from byte `offset` on (little-endian), if `value` has them.
fn field_bits(value: u64, offset: u64, width: u32) -> Option<u64> {
    let lo = offset.checked_mul(8)?;
    if lo + u64::from(width) > 64 {
        return None;
    }
    let shifted = value >> lo;
    Some(if width >= 64 {
        shifted
    } else {
        shifted & ((1u64 << width) - 1)
    })
}

/// The text of one stage for every kernel of the file.
pub fn dump(path: &Path, s: &Settings, stage: Stage, dot: bool) -> Result<String, StageError> {
    let ctx = Context::create();
    let module = driver::load(&ctx, path, &s.compile)?;
    if stage == Stage::Llvm {
        return Ok(module.print_to_string().to_string());
    }
    let mut out = String::new();
    for name in kernel_names(&module, s.kernel.as_deref())? {
        let text = match stage {
            Stage::Llvm => unreachable!("handled above"),
            Stage::Kir => show(&lift::lift(&module, &name)?, dot),
            Stage::Cfg => {
                let k = lift::lift(&module, &name)?;
                if dot {
                    cfg::to_dot(&k)
                } else {
                    format!("{}", cfg::compute(&k))
                }
            }
            Stage::Sorted => show(&cfg::sort(lift::lift(&module, &name)?)?, dot),
            Stage::Predicated => show(&front(&module, &name, s)?.1, dot),
            Stage::Lockstep => show(&front(&module, &name, s)?.2.kernel, dot),
            Stage::Vc => {
                let tt = front(&module, &name, s)?.2;
                vcgen::generate(&tt, &s.vc)?.to_smtlib()
            }
        };
        out.push_str(&text);
        out.push('\n');
    }
    Ok(out)
}

fn show(k: &kir::Kernel, dot: bool) -> String {
    if dot {
        cfg::to_dot(k)
    } else {
        format!("{k}")
    }
}

#[cfg(test)]
mod tests {
    use super::field_bits;

    #[test]
    fn kernel_arg_bytes_split_little_endian() {
        assert_eq!(field_bits(0x0000_0007_0000_0003, 0, 32), Some(3));
        assert_eq!(field_bits(0x0000_0007_0000_0003, 4, 32), Some(7));
        assert_eq!(field_bits(0x1234, 1, 8), Some(0x12));
        assert_eq!(field_bits(u64::MAX, 0, 64), Some(u64::MAX));
        // Bytes beyond the value's 64 bits stay arbitrary.
        assert_eq!(field_bits(1, 4, 64), None);
        assert_eq!(field_bits(1, 8, 8), None);
    }
}
