//! Stage `cfg`: control-flow analysis of a lifted kernel and its sort order.
//!
//! [`compute`] builds the CFG of a kernel (petgraph, keyed by [`kir::Block`]) and derives
//! dominators, back edges and natural loops. [`sort`] checks that the CFG is reducible,
//! applies the paper's preprocessing ([`preprocess`]) and lays the blocks out in the
//! paper's sort order ([`order`]), moving the kernel to [`kir::Phase::Sorted`]; [`Sort`] is
//! that step as a pass.

mod display;
mod dominators;
mod graph;
mod loops;
pub mod order;
pub mod preprocess;

pub use display::to_dot;
pub use graph::{compute, loop_heads, loops_of, Cfg};
pub use loops::Loop;
pub use order::{check_order, describe_block, sort, sort_order};

/// A kernel the `cfg` stage cannot sort.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CfgError {
    /// A cycle that can be entered at more than one block (no block of it dominates the
    /// others), so it is not a natural loop. Each entry is `name` or `name at file:line`.
    #[error("irreducible control flow: the cycle through {} has more than one entry", .blocks.join(", "))]
    Irreducible { blocks: Vec<String> },
    /// The kernel has no blocks.
    #[error("the kernel has no blocks")]
    Empty,
    /// The kernel is past the phase this stage runs in.
    #[error("cannot sort a kernel in phase {found:?}")]
    Phase { found: kir::Phase },
}

/// The pass of this stage: [`sort`], from [`kir::Phase::Lifted`] to [`kir::Phase::Sorted`].
pub struct Sort;

impl kir::Pass for Sort {
    type In = kir::Kernel;
    type Out = kir::Kernel;
    type Error = CfgError;

    fn name(&self) -> &'static str {
        "sorted"
    }
    fn phase_in(&self) -> kir::Phase {
        kir::Phase::Lifted
    }
    fn phase_out(&self) -> kir::Phase {
        kir::Phase::Sorted
    }
    fn run(&self, k: kir::Kernel) -> Result<kir::Kernel, CfgError> {
        sort(k)
    }
}
