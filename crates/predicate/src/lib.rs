//! Stage `predicate`: turns a sorted kernel into predicated form, where one thread's
//! branches are gone and every block is executed in the sort order, doing work only when
//! the thread's `v_active` names it. The lock-step stage then runs two such threads side
//! by side.
//!
//! [`Predicator`] is the common interface; [`Unstructured`] implements the paper's
//! predication of arbitrary reducible CFGs (Tables 1, 2 and 4), [`Structured`] GPUVerify
//! I's predication of structured ones (if/else and single-exit loops), which rejects any
//! other CFG with [`PredicateError::Unstructured`]. Both assign a block-local temporary
//! (read only in its block, after its assignment there: [`block_locals`]) without Table 1's
//! guard, which no effect of the program can observe and which keeps every copy of an
//! unrolled loop's temporaries from depending on the copy before. After either, [`MergeAccesses`] merges
//! contiguous reads and writes of one region into ranged accesses.

mod merge;
mod regions;
mod stmts;
mod structured;
mod temps;
mod unstructured;

pub use merge::{merge_accesses, MergeAccesses};
pub use regions::Construct;
pub use stmts::{block_locals, predicate_stmt};
pub use structured::{predicate_structured, Structured};
pub use unstructured::{predicate_unstructured, Unstructured};

/// A way of predicating a kernel. Input: a [`kir::Phase::Sorted`] kernel; output: the same
/// kernel in [`kir::Phase::Predicated`], which the pass runner checks with [`kir::verify()`].
pub trait Predicator {
    /// A short name for command-line switches and reports.
    fn name(&self) -> &'static str;
    fn predicate(&self, k: kir::Kernel) -> Result<kir::Kernel, PredicateError>;
}

/// The predicators to choose from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Predication {
    /// The paper's predication of any reducible CFG ([`Unstructured`]).
    #[default]
    Unstructured,
    /// GPUVerify I's predication of structured CFGs ([`Structured`]).
    Structured,
}

impl Predication {
    pub fn predicator(self) -> &'static dyn Predicator {
        match self {
            Predication::Unstructured => &Unstructured,
            Predication::Structured => &Structured,
        }
    }
}

/// The stage's pass: predication by the chosen [`Predicator`].
pub struct Predicate(pub &'static dyn Predicator);

impl kir::Pass for Predicate {
    type In = kir::Kernel;
    type Out = kir::Kernel;
    type Error = PredicateError;

    fn name(&self) -> &'static str {
        "predicated"
    }
    fn phase_in(&self) -> kir::Phase {
        kir::Phase::Sorted
    }
    fn phase_out(&self) -> kir::Phase {
        kir::Phase::Predicated
    }
    fn run(&self, k: kir::Kernel) -> Result<kir::Kernel, PredicateError> {
        self.0.predicate(k)
    }
}

/// Why a kernel could not be predicated. All of these but [`PredicateError::Unstructured`]
/// mean an earlier stage (or the caller) broke the `Sorted` contract.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PredicateError {
    #[error("predication needs a sorted kernel, got phase {found:?}")]
    NotSorted { found: kir::Phase },
    #[error("the kernel has no blocks")]
    Empty,
    #[error("the last block `{block}` of the sort order does not return")]
    LastNotReturn { block: String },
    #[error("block `{block}` returns but is not the last block of the sort order")]
    StrayReturn { block: String },
    #[error("the layout is not a sort order: {message}")]
    BadOrder { message: String },
    /// The structured predicator met control flow that is not an if/else diamond or a
    /// single-exit loop; `at` is `FILE:LINE` when the block has a location.
    #[error("unstructured control flow at {at} ({construct})")]
    Unstructured {
        construct: Construct,
        at: String,
        pos: Option<kir::SourcePos>,
    },
}

impl PredicateError {
    /// The source position the error points at, if any.
    pub fn pos(&self) -> Option<&kir::SourcePos> {
        match self {
            PredicateError::Unstructured { pos, .. } => pos.as_ref(),
            _ => None,
        }
    }
}
