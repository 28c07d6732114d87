//! The two-thread lock-step program (the paper's Table 3 for the pair of threads `$1`,
//! `$2`), instrumented for data races and barrier divergence.
//!
//! Input: a predicated kernel. Output: a [`TwoThread`] program in which every private
//! variable has a copy per thread, kernel parameters are shared, group sizes are the
//! launch's constants, every shared access is logged for `$1` and checked for `$2`, and
//! every barrier is a divergence check, a log reset for the spaces its fence orders (same
//! group only; with per-thread fence flags, the spaces `$1`'s own flags name) and a havoc
//! of shared memory.

mod access;
mod barrier;
mod barrier_inv;
mod benign;
mod build;
mod checked;
mod counters;
mod init;
mod instrument;
mod launch;
mod race;
mod snapshots;
mod taken;
mod taken_log;
mod threads;
mod warp;

pub use instrument::{outside, overlap, overlaps_as_equal, TOLERATE};
pub use launch::{Launch, LaunchError};

use kir::{AccessKind, Kernel, Loc, Region};

/// The benign-race policy (`--benign`): which conflicts whose accesses cannot observe each
/// other are tolerated (two writes of the same value, a write that leaves memory as it
/// was, a read of the reader's own value written after the other thread's write).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Benign {
    /// Every conflict is a race (`--benign=none`, `--no-benign-tolerance`).
    None,
    /// Tolerated only when the values are equal without trusting memory: a written value
    /// computed from a read of a global or local array that decides no branch and no
    /// address (or of private memory holding one) counts as arbitrary, as under GPUVerify's
    /// adversarial abstraction of such arrays (see `benign.rs`). `flag = 1` from every
    /// thread is benign; two threads copying the same bytes to the same place race.
    #[default]
    GpuVerify,
    /// Tolerated whenever the values are equal in the precise memory model (`--benign=values`).
    Values,
}

impl Benign {
    pub fn tolerates(self) -> bool {
        self != Benign::None
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub launch: Launch,
    /// Which conflicts of accesses that cannot observe each other are tolerated.
    pub benign: Benign,
    /// `--warp-sync=N`: threads `N*k .. N*k+N-1` of a group (by linear local id) run in
    /// lock-step, so a read and a write of two threads of one warp are ordered by the
    /// program and are not a race. Write-write conflicts inside a warp are still checked.
    pub warp_size: Option<u32>,
    /// GPUVerify's `/checkArrays:A,B`: check races only on the arrays with these names
    /// (`None`: on every array).
    pub check_arrays: Option<Vec<String>>,
    /// GPUVerify's `--only-intra-group`: only pairs of threads in one group are checked
    /// (races between groups are not).
    pub only_intra_group: bool,
    /// GPUVerify's `--only-log`: accesses are logged (for the race-log annotations) but
    /// no race is checked.
    pub only_log: bool,
    /// Check that each location a barrier invariant reads was accessed by the thread since
    /// the last barrier (GPUVerify's permission rule; off with `--no-barrier-access-checks`,
    /// which makes invariants that read memory other threads may change unsound).
    pub barrier_access_checks: bool,
}

impl Options {
    /// Every check on every array, benign writes tolerated, no warps.
    pub fn for_launch(launch: Launch) -> Options {
        Options {
            launch,
            benign: Benign::GpuVerify,
            warp_size: None,
            check_arrays: None,
            only_intra_group: false,
            only_log: false,
            barrier_access_checks: true,
        }
    }
}

/// A source access of the kernel, numbered so a counterexample can name the access that
/// thread 1 logged.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Access {
    pub kind: AccessKind,
    pub region: Region,
    pub loc: Option<Loc>,
}

/// The two-thread program and its table of accesses (index = the `source` value logged).
#[derive(Clone, Debug)]
pub struct TwoThread {
    pub kernel: Kernel,
    pub accesses: Vec<Access>,
    /// The instrumentation variable that says both threads are in one group.
    pub same_group: kir::Var,
    /// The launch the program was built for.
    pub launch: Launch,
    /// What the program assumes that lockstep cannot check (for the report to say).
    pub assumptions: Vec<String>,
    /// Boolean inputs assumed true on entry that a caller may deny (by name): the
    /// benign-tolerance switch [`TOLERATE`].
    pub switches: Vec<(String, kir::Var)>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LockstepError {
    #[error("the two-thread construction needs a predicated kernel")]
    NotPredicated,
    #[error("unsupported: {construct}")]
    Unsupported { construct: String, loc: Option<Loc> },
    #[error("--vcgen-opt=/checkArrays: Array name '{name}' specified for restricted checking is not found (the kernel's arrays: {available})")]
    UnknownArray { name: String, available: String },
    #[error("internal error in the two-thread construction: {message}")]
    Internal { message: String },
}

/// Builds the two-thread program.
pub fn two_thread(predicated: &Kernel, opts: &Options) -> Result<TwoThread, LockstepError> {
    build::build(predicated, opts)
}

impl kir::Program for TwoThread {
    fn kernel(&self) -> &Kernel {
        &self.kernel
    }
}

/// The stage's pass: [`two_thread`] with these options, from [`kir::Phase::Predicated`] to
/// [`kir::Phase::TwoThread`].
pub struct Build<'a>(pub &'a Options);

impl kir::Pass for Build<'_> {
    type In = Kernel;
    type Out = TwoThread;
    type Error = LockstepError;

    fn name(&self) -> &'static str {
        "lockstep"
    }
    fn phase_in(&self) -> kir::Phase {
        kir::Phase::Predicated
    }
    fn phase_out(&self) -> kir::Phase {
        kir::Phase::TwoThread
    }
    fn run(&self, k: Kernel) -> Result<TwoThread, LockstepError> {
        two_thread(&k, self.0)
    }
}
