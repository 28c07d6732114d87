//! The pipeline's front half, top to bottom: the LLVM module is lifted to KIR, then every
//! KIR stage runs as a pass through one [`kir::Runner`] (which checks phases and verifies
//! each output) up to the two-thread program. `lockstep dump --stage=NAME` is served from
//! that same run, by pass name.

use inkwell::module::Module;
use kir::{Keep, Kernel, Phase, Runner};

use crate::rewrites::{InvariantsAsCandidates, KernelArgsPass, Thread1Invariants};
use crate::{barrier_intervals, Options, StageError};

/// The stages `lockstep dump --stage` prints, in pipeline order, with what each shows.
/// Every name but `llvm`, `cfg` and `vc` is a pass's; a stage prints the program after its
/// pass and the rewrites that follow it in the same phase (so `predicated` shows the
/// predicated program as the two-thread construction receives it).
pub const STAGES: &[(&str, &str)] = [
    ("llvm", "the LLVM module after clang, inlining and mem2reg"),
    ("kir", "KIR as lifted from LLVM"),
    (
        KernelArgsPass::NAME,
        "`--kernel-args` values assumed on entry",
    ),
    ("cfg", "the CFG analysis: dominators, back edges, loops"),
    (
        "sorted",
        "KIR in the paper's sort order, after preprocessing",
    ),
    ("predicated", "predicated KIR (Tables 1, 2 and 4)"),
    (
        predicate::MergeAccesses::NAME,
        "contiguous reads and writes of one region merged (off: `--no-merge-accesses`)",
    ),
    (
        InvariantsAsCandidates::NAME,
        "`--invariants-as-candidates`: user loop invariants become candidates",
    ),
    (
        "lockstep",
        "the two-thread lock-step program with its instrumentation",
    ),
    (
        Thread1Invariants::NAME,
        "`--asymmetric-asserts`: user loop invariants assumed for thread 1 only",
    ),
    (
        vcgen::IterationCounters::NAME,
        "ghost counters of loops with a constant step that is not a power of two, and race-log fields recording them or the counters an offset steps with through a parameter",
    ),
    ("vc", "the verification condition, as SMT-LIB"),
    (
        "vc-cut",
        "the verification condition with loops cut by every candidate invariant, as SMT-LIB",
    ),
]
.as_slice();

/// A stage of [`STAGES`], by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage(pub &'static str);

impl Stage {
    /// The stage called `name`, if there is one.
    pub fn named(name: &str) -> Option<Stage> {
        STAGES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, _)| Stage(n))
    }

    /// Whether the stage needs a launch configuration (it is the two-thread program or
    /// comes after it).
    pub fn needs_launch(self) -> bool {
        let index = |name| STAGES.iter().position(|(n, _)| *n == name);
        index(self.0) >= index("lockstep")
    }

    /// Whether the stage is a control-flow graph `--dot` can draw.
    pub fn has_graph(self) -> bool {
        !matches!(self.0, "llvm" | "vc" | "vc-cut")
    }
}

/// The kernels of the module to verify: all of them, or the one `only` names.
pub fn kernel_names(module: &Module, only: Option<&str>) -> Result<Vec<String>, StageError> {
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

/// The lifted kernel, with `--kernel-args` assumed when they name it.
pub fn lifted(
    runner: &mut Runner,
    module: &Module,
    name: &str,
    opts: &Options,
) -> Result<Kernel, StageError> {
    let k = lift::lift_with(module, name, &opts.lift)?;
    let k = runner.start("kir", Phase::Lifted, k)?;
    match &opts.kernel_args {
        Some(args) if args.kernel == name || args.kernel == k.name => {
            let pass = KernelArgsPass {
                values: args.values.clone(),
            };
            Ok(runner.run(&pass, k)?)
        }
        _ => Ok(k),
    }
}

/// Every pass from the module to the two-thread program. With `--debug`, `intervals`
/// receives the sorted kernel's barrier intervals.
pub fn two_thread(
    runner: &mut Runner,
    module: &Module,
    name: &str,
    opts: &Options,
    intervals: &mut Option<usize>,
) -> Result<lockstep::TwoThread, StageError> {
    let lifted = lifted(runner, module, name, opts)?;
    from_lifted(runner, lifted, opts, intervals)
}

/// The passes from a lifted kernel to the two-thread program.
pub fn from_lifted(
    runner: &mut Runner,
    lifted: Kernel,
    opts: &Options,
    intervals: &mut Option<usize>,
) -> Result<lockstep::TwoThread, StageError> {
    from_lifted_counting(runner, lifted, opts, intervals, &mut (0, 0))
}

/// [`from_lifted`], setting `blocks` to the number of blocks before and after predication.
pub fn from_lifted_counting(
    runner: &mut Runner,
    lifted: Kernel,
    opts: &Options,
    intervals: &mut Option<usize>,
    blocks: &mut (usize, usize),
) -> Result<lockstep::TwoThread, StageError> {
    let sorted = runner.run(&cfg::Sort, lifted)?;
    blocks.0 = sorted.laid_out().count();
    if opts.debug {
        *intervals = Some(barrier_intervals(&sorted));
    }
    let predicator = predicate::Predicate(opts.predication.predicator());
    let mut predicated = runner.run(&predicator, sorted)?;
    blocks.1 = predicated.laid_out().count();
    if opts.merge_accesses {
        predicated = runner.run(&predicate::MergeAccesses, predicated)?;
    }
    if opts.invariants_as_candidates {
        predicated = runner.run(&InvariantsAsCandidates, predicated)?;
    }
    let mut tt = runner.run(&lockstep::Build(&opts.lockstep), predicated)?;
    if opts.asymmetric_asserts {
        tt = runner.run(&Thread1Invariants, tt)?;
    }
    Ok(runner.run(&vcgen::IterationCounters, tt)?)
}

/// The text of one stage for every kernel of the file (`--dot`: the CFG as Graphviz).
pub fn dump(
    path: &std::path::Path,
    opts: &Options,
    stage: Stage,
    dot: bool,
) -> Result<String, StageError> {
    let ctx = inkwell::context::Context::create();
    let module = driver::load(&ctx, path, &opts.compile)?;
    if stage.0 == "llvm" {
        return Ok(module.print_to_string().to_string());
    }
    let mut out = String::new();
    for name in kernel_names(&module, opts.kernel.as_deref())? {
        out.push_str(&dump_kernel(&module, &name, opts, stage, dot)?);
        out.push('\n');
    }
    Ok(out)
}

fn dump_kernel(
    module: &Module,
    name: &str,
    opts: &Options,
    stage: Stage,
    dot: bool,
) -> Result<String, StageError> {
    let mut runner = Runner::keeping(Keep::All);
    match stage.0 {
        "cfg" => {
            let k = lifted(&mut runner, module, name, opts)?;
            return Ok(if dot {
                cfg::to_dot(&k)
            } else {
                format!("{}", cfg::compute(&k))
            });
        }
        "vc" => {
            let tt = two_thread(&mut runner, module, name, opts, &mut None)?;
            let vc = crate::strategy::stated(vcgen::generate(&tt, &opts.vc)?);
            return Ok(vc.to_smtlib());
        }
        "vc-cut" => {
            let tt = two_thread(&mut runner, module, name, opts, &mut None)?;
            let candidates = crate::inferred::candidates(&tt, opts.infer, opts.asymmetric_asserts);
            let cut = vcgen::VcOptions {
                loops: vcgen::LoopMode::Cut,
                ..opts.vc
            };
            let all = vec![true; candidates.len()];
            let vc = vcgen::generate_kept(&tt, &cut, &candidates, &all)?;
            return Ok(crate::strategy::stated(vc).to_smtlib());
        }
        _ => {}
    }
    // A rewrite prints with the stage it rewrites (the program after that stage's pass
    // and its rewrites), whether or not it was asked to run.
    let base = match stage.0 {
        KernelArgsPass::NAME => "kir",
        InvariantsAsCandidates::NAME | predicate::MergeAccesses::NAME => "predicated",
        Thread1Invariants::NAME => "lockstep",
        other => other,
    };
    // A later stage's failure does not hide an earlier stage that ran.
    let result = two_thread(&mut runner, module, name, opts, &mut None);
    match (after_stage(runner.kept(), base), result) {
        (Some(k), _) => Ok(show(k, dot)),
        (None, Err(e)) => Err(e),
        (None, Ok(_)) => Err(StageError::Internal(format!(
            "internal error: stage `{base}` did not run"
        ))),
    }
}

/// The program after pass `name` and the rewrites that follow it in the same phase.
fn after_stage<'k>(kept: &'k [(&'static str, Kernel)], name: &str) -> Option<&'k Kernel> {
    let start = kept.iter().position(|(n, _)| *n == name)?;
    let phase = kept[start].1.phase;
    kept[start..]
        .iter()
        .take_while(|(_, k)| k.phase == phase)
        .last()
        .map(|(_, k)| k)
}

fn show(k: &Kernel, dot: bool) -> String {
    if dot {
        cfg::to_dot(k)
    } else {
        format!("{k}")
    }
}
