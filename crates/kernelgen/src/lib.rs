//! kernelgen: random small GPU kernels for differential fuzzing of lockstep.
//!
//! One seed gives one [`ast::Kernel`] ([`gen::generate`]), printed as OpenCL C or CUDA
//! ([`emit`]) with a gvtester-style header giving its launch. [`check::check`] runs
//! `lockstep verify` on it and runs concrete [`oracle`]s (oclgrind's data-race detector,
//! lockstep's own interpreter) on the same launch: an oracle that observes a race or barrier
//! divergence in a kernel lockstep calls verified is a soundness violation, which
//! [`minimize::minimize`] shrinks to a small test kernel. The `lockstep-fuzz` binary runs
//! campaigns; `kernelgen` prints one kernel.

pub mod ast;
pub mod check;
mod discipline;
pub mod emit;
pub mod gen;
pub mod minimize;
pub mod oracle;
pub mod run;
