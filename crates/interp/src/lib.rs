//! A concrete interpreter of KIR kernels: the real per-thread semantics of a *Lifted* or
//! *Sorted* kernel (before predication), run for a small concrete launch.
//!
//! It follows the interleaving semantics of the lock-step paper (Section 3): every thread
//! has its private variables and private arrays, every group its `__local`/`__shared__`
//! memory, and all threads share global memory. A barrier waits for every thread of its
//! group (a grid barrier for every thread of the launch); a barrier that some threads of a
//! group reach while others have finished, or that threads reach at different barrier
//! statements, is *barrier divergence*. A *data race* (Definition 3.1) is two accesses of
//! one byte by different threads, at least one a write, not both atomic, with no barrier
//! between them that both threads passed and whose fence orders that memory (threads of
//! different groups are ordered only by a grid barrier). A failing `assert` is an
//! assertion failure.
//!
//! Schedule 0 runs every thread to its next barrier (or its end) in turn. Because every
//! access is logged with the barrier interval it was made in, the first conflict it
//! reports is one every schedule of that race-free prefix reaches. Schedules 1.. pick
//! a random runnable thread at every memory access or atomic, so control flow that depends
//! on what other threads wrote (atomic counters, flags) is explored too.
//!
//! What the interpreter cannot give a meaning to is a typed [`InterpError::Unsupported`],
//! never a panic: two-thread annotations (`__other_int`, `__same_group`, race-log
//! predicates) used in control flow or memory accesses. Assertions that use them are not
//! checked (listed in [`Execution::unchecked`]). Functions without a body (float
//! arithmetic, math builtins) are deterministic hash functions of their arguments, the
//! same interpretation the verifier's uninterpreted functions allow. Atomics other than
//! `inc`, `dec`, `load` and their CUDA wrapping forms leave an arbitrary (seeded) value:
//! KIR does not keep their operand. Memory nobody wrote reads as a deterministic
//! pseudo-random fill from the seed.

mod eval;
mod exec;
mod machine;
mod memory;
mod params;
mod rng;
mod votes;

use std::collections::HashMap;

use kir::{AccessKind, SourcePos};

pub use machine::Interpreter;

/// What a defect after a drawn collective's result rests on, as `lockstep run` and witness
/// replay word it: which results the interpreter may draw ...
pub const COLLECTIVE: &str =
    "a collective (a warp shuffle, vote or reduction, or __syncthreads_or/_and/_count)";
/// ... and why a run that drew one may be no real execution.
pub const DRAWN_PER_THREAD: &str = "the interpreter gives each thread its own arbitrary \
     result, where the GPU computes one from all the threads taking part, so the run may be \
     no real execution";

/// A deterministic hash of a few words (for seeded choices outside the interpreter).
pub fn hash_words(words: &[u64]) -> u64 {
    rng::hash(words)
}

/// A concrete launch: threads per group and number of groups, per dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Launch {
    pub local_size: [u32; 3],
    pub num_groups: [u32; 3],
}

/// What memory nobody wrote holds (seeded).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Fill {
    /// Arbitrary bytes.
    #[default]
    Random,
    /// Zeros.
    Zero,
    /// Small numbers: the first byte of every 4-byte word is below 8, the others 0 (32-
    /// and 64-bit values below 8, so data-dependent indices and trip counts stay small).
    Small,
}

/// What to run the kernel with.
#[derive(Clone, Debug)]
pub struct Config {
    pub launch: Launch,
    /// Only these groups run (the rest of the launch is as if scheduled after them: a valid
    /// prefix when the kernel has no grid barrier). `None`: every group.
    pub groups: Option<Vec<[u32; 3]>>,
    /// Scalar parameter values, by parameter name or by the variable's name (a by-value
    /// struct's field `s.a`); a whole by-value struct takes its bytes little-endian. Missing
    /// ones get a seeded value in `0..16`.
    pub scalars: HashMap<String, u64>,
    /// Initial bytes of pointer parameters' buffers, by parameter name (from byte 0 on);
    /// other bytes get the seeded fill.
    pub buffers: HashMap<String, Vec<u8>>,
    pub seed: u64,
    pub fill: Fill,
    /// How many schedules to run (at least 1: schedule 0 is run-to-barrier).
    pub schedules: usize,
    /// Stop a schedule after this many defects (equal-value write-write conflicts are
    /// counted apart and never stop it).
    pub max_defects: usize,
    /// Statements one schedule may execute before it is abandoned (a loop that does not
    /// end for these values).
    pub max_steps: u64,
    /// A schedule still running at this instant is abandoned (a caller's time budget).
    pub deadline: Option<std::time::Instant>,
    /// The largest number of threads a run may have.
    pub max_threads: u64,
    /// Run every schedule (every interleaving of the threads at memory accesses), up to
    /// `schedules` of them, instead of `schedules` random ones.
    pub all_schedules: bool,
    /// Values of functions without a body at given arguments, by [`kir::application_key`]
    /// (a counterexample's interpretation); other applications are hashed.
    pub functions: HashMap<String, u64>,
}

impl Config {
    pub fn new(launch: Launch) -> Config {
        Config {
            launch,
            groups: None,
            scalars: HashMap::new(),
            buffers: HashMap::new(),
            seed: 0,
            fill: Fill::Random,
            schedules: 1,
            max_defects: 1,
            max_steps: 20_000_000,
            deadline: None,
            max_threads: 1 << 16,
            functions: HashMap::new(),
            all_schedules: false,
        }
    }
}

/// A thread's local id and group id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct ThreadIds {
    pub local: [u32; 3],
    pub group: [u32; 3],
}

/// One access of a race.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AccessInfo {
    pub kind: AccessKind,
    pub thread: ThreadIds,
    pub pos: Option<SourcePos>,
    /// Byte offset of the access in its array, and its width in bytes.
    pub offset: u64,
    pub bytes: u32,
    /// The value read or written (an atomic: the value it returned).
    pub value: u64,
}

/// A defect an execution showed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Defect {
    /// Two conflicting accesses of `array` at byte `byte` (the earlier access first).
    Race {
        array: String,
        byte: u64,
        first: AccessInfo,
        second: AccessInfo,
        /// Both are plain writes of the same value at every conflicting byte (a conflict
        /// the verifier may tolerate as benign).
        equal_values: bool,
    },
    /// A barrier not reached uniformly by a group (or, for a grid barrier, by the launch).
    BarrierDivergence {
        message: String,
        pos: Option<SourcePos>,
        threads: Vec<ThreadIds>,
    },
    /// A failing assertion (`__assert`, and the checks the lifter adds: null pointers,
    /// array bounds, invariants, postconditions).
    Assertion {
        origin: String,
        pos: Option<SourcePos>,
        thread: ThreadIds,
    },
    /// A write to `__constant` memory.
    ConstantWrite {
        array: String,
        pos: Option<SourcePos>,
        thread: ThreadIds,
    },
}

impl Defect {
    /// Whether this is a write-write conflict of equal values.
    pub fn is_equal_value_race(&self) -> bool {
        matches!(
            self,
            Defect::Race {
                equal_values: true,
                ..
            }
        )
    }
}

/// Why a schedule ended before every thread finished, when not for a defect.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Cut {
    /// An `assume` (a precondition, or a fact the lifter relies on) does not hold for these
    /// values: no execution continues from here.
    Infeasible {
        pos: Option<SourcePos>,
        thread: ThreadIds,
    },
    /// The statement budget ran out (a loop that does not end for these values?).
    StepLimit { steps: u64 },
    /// The deadline ([`Config::deadline`]) passed after this many statements.
    TimeLimit { steps: u64 },
}

impl Cut {
    /// The run was stopped by its statement budget or its deadline, not by the kernel.
    pub fn is_limit(&self) -> bool {
        matches!(self, Cut::StepLimit { .. } | Cut::TimeLimit { .. })
    }
}

impl Defect {
    /// The defect in a few words, with where it is.
    pub fn summary(&self) -> String {
        let at = |p: &Option<SourcePos>| p.as_ref().map(|p| format!(" at {p}")).unwrap_or_default();
        match self {
            Defect::Race {
                array,
                first,
                second,
                ..
            } => {
                let place = |p: &Option<SourcePos>| match p {
                    Some(p) => p.to_string(),
                    None => "an unknown place".into(),
                };
                format!(
                    "a race on {array} between {} and {}",
                    place(&first.pos),
                    place(&second.pos)
                )
            }
            Defect::BarrierDivergence { pos, .. } => format!("barrier divergence{}", at(pos)),
            Defect::Assertion { pos, .. } => format!("an assertion failure{}", at(pos)),
            Defect::ConstantWrite { array, pos, .. } => {
                format!("a write to constant memory {array}{}", at(pos))
            }
        }
    }
}

/// What one schedule did.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ScheduleResult {
    pub schedule: usize,
    /// Distinct defects (by kind and source positions), in the order they happened;
    /// equal-value write-write conflicts come after the others.
    pub defects: Vec<Defect>,
    /// The defects recorded after the run drew a warp collective's result
    /// (`kir::Kernel::collective_results`): the interpreter draws it per thread, where a
    /// real warp computes one result from all its lanes, so these may rest on lanes
    /// disagreeing as no warp does. They are not in `defects`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub collective: Vec<Defect>,
    /// Where the run first drew a warp collective's result, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collective_at: Option<Option<SourcePos>>,
    pub cut: Option<Cut>,
    pub steps: u64,
}

/// What a run of several schedules did.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Execution {
    /// Schedules run (the run stops at the first schedule with a defect).
    pub schedules: usize,
    /// Every schedule there is was run (with [`Config::all_schedules`], when there were
    /// no more than the limit).
    pub exhausted: bool,
    /// The defects of the schedule that found some (empty: none observed).
    pub defects: Vec<Defect>,
    /// Without `defects`, those of the first schedule that showed some only after drawing
    /// a warp collective's result ([`ScheduleResult::collective`]): possible, not observed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub collective: Vec<Defect>,
    /// Where that schedule first drew a warp collective's result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collective_at: Option<Option<SourcePos>>,
    /// The schedule that found them.
    pub schedule: Option<usize>,
    /// Why a schedule ended early (the first such reason).
    pub cut: Option<Cut>,
    /// The scalar values the run used (given or seeded), by variable name.
    pub scalars: Vec<(String, u64)>,
    /// Assertions (and assumptions) that were reached but not checked: they speak of two
    /// threads at once (`__other_int`, `__same_group`, race logs) or are candidate
    /// invariants; each once, as `file:line:col: what`.
    pub unchecked: Vec<String>,
    /// The launch the run used, and which groups ran.
    pub launch: Launch,
    pub groups: Vec<[u32; 3]>,
}

/// What stops the interpreter before it runs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InterpError {
    /// A construct the interpreter has no meaning for.
    #[error("{}unsupported by the interpreter: {construct}", pos.as_ref().map(|p| format!("{p}: ")).unwrap_or_default())]
    Unsupported {
        construct: String,
        pos: Option<SourcePos>,
    },
    /// A bad configuration (unknown parameter name, empty launch, too many threads).
    #[error("{0}")]
    Config(String),
}

/// Runs `cfg.schedules` schedules of `kernel` (stopping at the first with a defect).
pub fn run(kernel: &kir::Kernel, cfg: &Config) -> Result<Execution, InterpError> {
    let interp = Interpreter::new(kernel, cfg)?;
    let mut exec = Execution {
        schedules: 0,
        exhausted: false,
        defects: Vec::new(),
        collective: Vec::new(),
        collective_at: None,
        schedule: None,
        cut: None,
        scalars: interp.scalars(),
        unchecked: Vec::new(),
        launch: cfg.launch,
        groups: interp.groups(),
    };
    // With `all_schedules`, the choices of the next schedule to run (None: no more).
    let mut next = Some(Vec::new());
    for i in 0..cfg.schedules.max(1) {
        let r = match next.take() {
            Some(prefix) if cfg.all_schedules => {
                let (r, options) = interp.schedule_choosing(i, prefix.clone())?;
                next = next_choices(&prefix, &options);
                r
            }
            _ => interp.schedule(i)?,
        };
        exec.schedules += 1;
        exec.unchecked = interp.unchecked();
        if exec.cut.is_none() {
            exec.cut = r.cut.clone();
        }
        if !r.defects.is_empty() {
            exec.defects = r.defects;
            exec.schedule = Some(i);
            (exec.collective, exec.collective_at) = (Vec::new(), None);
            break;
        }
        if exec.collective.is_empty() && !r.collective.is_empty() {
            (exec.collective, exec.collective_at) = (r.collective, r.collective_at);
            exec.schedule = Some(i);
        }
        if cfg.all_schedules && next.is_none() {
            exec.exhausted = true;
            break;
        }
    }
    Ok(exec)
}

/// The schedule after the one that made `prefix`'s choices (then the first ones) at
/// choice points with `options` runnable threads each, in depth-first order; None when
/// that one was the last.
fn next_choices(prefix: &[usize], options: &[usize]) -> Option<Vec<usize>> {
    let mut made: Vec<usize> = (options.iter().enumerate())
        .map(|(k, &n)| prefix.get(k).copied().unwrap_or(0).min(n.saturating_sub(1)))
        .collect();
    while let Some(last) = made.pop() {
        if last + 1 < options[made.len()] {
            made.push(last + 1);
            return Some(made);
        }
    }
    None
}
