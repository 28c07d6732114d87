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

pub use instrument::{outside, overlap};
pub use launch::{Launch, LaunchError};

use kir::{AccessKind, Kernel, Loc, Region};

#[derive(Clone, Debug)]
pub struct Options {
    pub launch: Launch,
    /// Write-write races that provably write the same value are not reported.
    pub benign_tolerance: bool,
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
            benign_tolerance: true,
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
