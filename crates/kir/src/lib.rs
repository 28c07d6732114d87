//! KIR: the kernel IR shared by every stage of lockstep.
//!
//! A [`Kernel`] is the Boogie-like block language of the lock-step paper (blocks of
//! `assign / havoc / assume / assert / barrier / read / write / atomic`, ending in a
//! terminator) over typed bit-vector expressions. Pointers have become (region, offset)
//! pairs. The kernel records its [`Phase`]; [`verify()`] checks the rules of each phase, and
//! the [`Runner`] runs every [`Pass`] between phases and verifies what it makes.
//! Kernels print as text ([`Printer`], `Display`) and [`parse`] reads that text back;
//! [`filetest`] is the `.kir` test-file format of the crates' file-driven tests.

mod entities;
mod expr;
pub mod filetest;
pub mod ghost;
mod kernel;
mod locality;
pub mod parse;
pub mod pass;
mod print;
mod query;
mod syntax;
pub mod verify;

pub use entities::{Block, Region, Var};
pub use expr::mask;
pub use ghost::Ghost;
pub use kernel::{
    BodilessCall, Kernel, ParamData, ReduceOp, ShuffleMode, VoteKind, WarpReduce, WarpShuffle,
    WarpVote,
};
pub use pass::{Keep, Pass, PassError, Program, Runner};
pub use print::{origin_name, Printer};
pub use syntax::*;
pub use verify::{verify, VerifyError};

/// The name prefix of the variables that carry the values a group-collective copy
/// (`async_work_group_copy`) moves: each work item models the group's one copy by copying
/// an arbitrary element, so two work items may both copy one element, from one place. The
/// benign-race policy trusts these values to be equal (the duplication is the model's).
pub const COLLECTIVE_COPY_VALUE: &str = "copy.value";

/// How one application of a function without a body at constant arguments is named where
/// a counterexample's value for it is passed on (the VC's inputs, the interpreter's
/// configuration): `f(1, 2)`, the arguments' bits in decimal.
pub fn application_key(func: &str, args: &[u64]) -> String {
    let args: Vec<String> = args.iter().map(u64::to_string).collect();
    format!("{func}({})", args.join(", "))
}

/// Whether an input's name is an [`application_key`] (no variable's name has a `(`).
pub fn is_application_key(name: &str) -> bool {
    name.contains('(')
}

/// Interprets the low `width` bits of `value` as a two's complement number.
pub fn sign_extend(value: u64, width: u32) -> i64 {
    if width == 0 || width >= 64 {
        return value as i64;
    }
    let shift = 64 - width;
    ((value << shift) as i64) >> shift
}

/// A resolved source position, for errors raised before a kernel exists (or outside it).
#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub struct SourcePos {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

impl std::fmt::Display for SourcePos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

impl Kernel {
    /// The resolved position of a location of this kernel.
    pub fn pos(&self, loc: Loc) -> SourcePos {
        SourcePos {
            file: self
                .files
                .get(loc.file as usize)
                .cloned()
                .unwrap_or_else(|| "<unknown>".into()),
            line: loc.line,
            col: loc.col,
        }
    }
}
