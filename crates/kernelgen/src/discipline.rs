//! The discipline that makes most generated kernels race- and divergence-free by
//! construction: each array has a role that fixes how threads may touch it, and barriers and
//! jumps stay out of thread-dependent control flow. A disciplined kernel may get one "wild"
//! statement that ignores the discipline, so that kernels near the boundary are common.

use crate::ast::{Cond, Expr};

/// Whether a disciplined kernel gets one undisciplined ("wild") statement.
pub(crate) fn rng_mutation(seed: u64) -> bool {
    (seed / 2).is_multiple_of(3)
}

/// How a disciplined kernel may use an array (wild kernels use every array any way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// No discipline.
    Any,
    /// Each thread reads and writes only its own element (`tid` local, `gid` global).
    Owned,
    /// Read anywhere, never written.
    ReadOnly,
    /// Only `A[c] = 1` from every thread.
    Flag,
    /// Only atomics.
    Atomic,
    /// Written at the thread's own element, then read at a neighbour's between two barriers.
    Phased,
}

/// Whether `e` has one value for every thread of a group.
pub(crate) fn uniform_expr(e: &Expr) -> bool {
    match e {
        Expr::Const(_) | Expr::Group | Expr::Param | Expr::Counter(_) => true,
        Expr::Tid | Expr::Gid | Expr::Var(_) | Expr::Read(..) => false,
        Expr::Bin(_, a, b) => uniform_expr(a) && uniform_expr(b),
    }
}

pub(crate) fn uniform_cond(c: &Cond) -> bool {
    match c {
        Cond::Cmp(_, a, b) => uniform_expr(a) && uniform_expr(b),
        Cond::ModEq(e, _, _) => uniform_expr(e),
        Cond::And(a, b) | Cond::Or(a, b) => uniform_cond(a) && uniform_cond(b),
        Cond::Not(a) => uniform_cond(a),
    }
}
