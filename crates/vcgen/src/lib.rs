//! Verification conditions for the two-thread program.
//!
//! [`generate`] replays loops (see `exec.rs`) and symbolically executes the program into a
//! [`Vc`]: a sequence of assumptions and checks over a shared term DAG. The `smt` crate
//! discharges it.

mod candidates;
mod columns;
mod control;
mod counters;
mod cut;
mod exec;
mod expr_to_term;
mod granularity;
mod guards;
mod inherited;
mod iterations;
mod locals;
mod logged;
mod loops;
mod offsets;
mod outside;
mod permission;
mod records;
mod sites;
mod strides;
mod temps;
mod user_candidates;

pub use candidates::candidates;
pub use iterations::IterationCounters;
pub use user_candidates::user_candidates;

pub use vc::{children, BvOp, CheckKind, CmpOp, Coverage, Event, Node, Sort, TermId, Terms};

/// Where a check comes from, so a failure maps back to the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOrigin {
    pub origin: kir::AssertOrigin,
    pub loc: Option<kir::Loc>,
    /// The heads of the cut loops some path to the check goes through (in order): a
    /// counterexample may start from an arbitrary state their invariants allow, not one
    /// a real execution reaches.
    pub cuts: Vec<Option<kir::Loc>>,
    /// The statement the check comes from (layout position of its block, index in the
    /// block), when it is one: the copies loop unrolling makes of a check share it, while
    /// the checks of one access's byte ranges, which share an origin and a place, do not.
    pub site: Option<(usize, usize)>,
}

/// A verification condition of a two-thread program: each check knows its source.
pub type Vc = vc::Vc<CheckOrigin>;
/// One check of a [`Vc`].
pub type CheckInfo = vc::Check<CheckOrigin>;

use kir::{Builtin, Thread, VarKind};
use lockstep::TwoThread;

/// How loops are explored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopMode {
    /// Unroll each loop this many times and check that no thread can still be in it;
    /// if that check fails the result is inconclusive.
    Complete(u32),
    /// Unroll each loop this many times and assume no thread goes further
    /// (`--loop-unwind`): defects found are real, a proof covers only the bound.
    Bounded(u32),
    /// Cut each loop with the invariants given to [`generate_with`] (one iteration from an
    /// arbitrary state satisfying them): a proof covers every iteration count.
    Cut,
}

/// A loop invariant of the two-thread program: `expr` holds whenever execution reaches
/// the loop's head block `head`. `index` names it across Houdini rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invariant {
    pub index: u32,
    pub head: kir::Block,
    pub expr: kir::Expr,
    /// What the candidate says, for `--infer-info`.
    pub name: String,
    /// Which family of candidates it belongs to.
    pub family: Family,
}

impl Invariant {
    /// Whether a cut checks it on entry and after an iteration: all but those that hold by
    /// construction (`records.rs`), which hold in every state.
    pub fn checked(&self) -> bool {
        self.family != Family::Records
    }
}

/// The families of candidate invariants (see `candidates.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Where each thread is relative to the loop: at the head, past it, never inside.
    Control,
    /// A value the loop assigns is the same in both threads (or in one group).
    Uniform,
    /// Comparisons of the loop's test, non-negative counters.
    Bounds,
    /// Strides, congruences and powers of two of loop counters.
    Counters,
    /// What the race logs may hold.
    Logs,
    /// The offsets the loop's own accesses log.
    Offsets,
    /// A location accessed since the last barrier stays accessed.
    Permission,
    /// The user's `__candidate_invariant`s.
    User,
    /// A race log's offset at its recorded values, where that holds by construction
    /// (`records.rs`): assumed at the head, never checked, never dropped.
    Records,
}

/// How shared memory is modelled (GPUVerify's abstractions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SharedMemory {
    /// Arrays that see both threads' writes, havocked at barriers (sound, most precise).
    #[default]
    Arrays,
    /// `--adversarial-abstraction`: every read of global or local memory returns an
    /// arbitrary value, different per thread and per read.
    Adversarial,
    /// `--warp-sync`: global and local memory change arbitrarily wherever the program
    /// havocs them (the lock-step program does so at every write statement, for the other
    /// threads of the warp), and nowhere else: two reads of one location with no write
    /// statement between them agree. The two threads' own writes are not tracked.
    Warps,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VcOptions {
    pub loops: LoopMode,
    pub shared: SharedMemory,
    /// Give up (inconclusive) when the VC grows past this many terms.
    pub max_terms: usize,
    /// k-induction depth of a loop cut (`--k-induction-depth`): the first `k` iterations
    /// from the entry state are checked, and the cut iteration may assume that the `k-1`
    /// iterations before it passed every check. 1 is the plain cut.
    pub k_induction: u32,
}

/// [`generate_with`] the candidates Houdini has kept (`kept[c.index]`).
pub fn generate_kept(
    tt: &TwoThread,
    opts: &VcOptions,
    candidates: &[Invariant],
    kept: &[bool],
) -> Result<Vc, VcError> {
    let invariants = candidates
        .iter()
        .filter(|c| kept.get(c.index as usize).copied().unwrap_or(false))
        .cloned()
        .collect();
    generate_with(tt, opts, invariants)
}

/// Like [`generate`], cutting loops with `invariants` (used with [`LoopMode::Cut`]).
pub fn generate_with(
    tt: &TwoThread,
    opts: &VcOptions,
    invariants: Vec<Invariant>,
) -> Result<Vc, VcError> {
    let inputs = inputs(tt);
    let exec = exec::Exec::with_invariants(&tt.kernel, Some(tt.same_group), *opts, invariants)?;
    exec.run(inputs, &tt.switches)
}

/// The most applications [`ground_applications`] names.
const MAX_GROUND: usize = 64;

/// Applications of functions without a body to constant arguments (`pointer.bits(0, 0)`,
/// a math builtin of a constant), named by [`kir::application_key`]. They are inputs, so a
/// counterexample's value for each reaches the witness replay, which then runs the kernel
/// under the same interpretation (otherwise it hashes them, and a branch on one is taken
/// only by chance).
fn ground_applications(terms: &vc::Terms) -> Vec<(String, vc::TermId)> {
    let mut out = Vec::new();
    for i in 0..terms.len() {
        let t = vc::TermId(i as u32);
        let vc::Node::Apply { func, args, sort } = terms.node(t) else {
            continue;
        };
        if func.starts_with('$') || matches!(sort, vc::Sort::Mem(_)) {
            continue;
        }
        let values: Option<Vec<u64>> = (args.iter())
            .map(|a| match terms.node(*a) {
                vc::Node::Bv { value, .. } => Some(*value),
                vc::Node::Bool(b) => Some(*b as u64),
                _ => None,
            })
            .collect();
        if let Some(values) = values {
            out.push((kir::application_key(func, &values), t));
            if out.len() == MAX_GROUND {
                break;
            }
        }
    }
    out
}

/// The default bound on VC size: a few hundred MB of terms at most.
pub const DEFAULT_MAX_TERMS: usize = 4_000_000;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VcError {
    #[error("internal error: malformed two-thread program: {0}")]
    Malformed(String),
    #[error("the verification condition grew past {limit} terms (unrolled loops too large); try --loop-unwind with a small bound")]
    TooLarge { limit: usize },
}

/// Builds the verification condition of a two-thread program.
pub fn generate(tt: &TwoThread, opts: &VcOptions) -> Result<Vc, VcError> {
    generate_with(tt, opts, Vec::new())
}

fn inputs(tt: &TwoThread) -> Vec<(String, kir::Var)> {
    let k = &tt.kernel;
    let mut inputs = Vec::new();
    for (i, v) in k.vars.iter().enumerate() {
        let var = kir::Var::new(i);
        match &v.kind {
            VarKind::Param { .. } => inputs.push((v.name.clone(), var)),
            // A number of groups left open (`--num_groups=*`) is an input like a parameter.
            VarKind::Builtin(Builtin::NumGroups(d)) if tt.launch.any_groups[*d as usize] => {
                inputs.push((v.name.clone(), var))
            }
            VarKind::ThreadCopy { of, thread } => {
                if let VarKind::Builtin(b @ (Builtin::LocalId(_) | Builtin::GroupId(_))) =
                    k.var(*of).kind
                {
                    let (kind, d) = match b {
                        Builtin::LocalId(d) => ("local_id", d),
                        Builtin::GroupId(d) => ("group_id", d),
                        _ => continue,
                    };
                    let t = if *thread == Thread::T1 { 1 } else { 2 };
                    inputs.push((format!("{kind}.{}${t}", ["x", "y", "z"][d as usize]), var));
                }
            }
            _ => {}
        }
    }
    inputs
}
