//! The KIR grammar. This file only contains datatype declarations; questions about them
//! ("what does this statement read", "successors of a block") are methods in `query.rs`.

use crate::entities::{Block, Region, Var};

/// A value type: a Boolean or a bit-vector of the given width (1..=64 bits).
/// Floating-point values are bit-vectors of their width, operated on by uninterpreted
/// functions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum Ty {
    Bool,
    Bv(u32),
}

/// Width of addresses and byte offsets into regions.
pub const OFFSET_WIDTH: u32 = 64;

/// A source location from the debug info: file index into [`Kernel::files`](crate::Kernel),
/// 1-based line and column (column 0 when unknown).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub struct Loc {
    pub file: u32,
    pub line: u32,
    pub col: u32,
}

/// A work-item builtin. Dimension is 0, 1 or 2.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum Builtin {
    LocalId(u8),
    GroupId(u8),
    LocalSize(u8),
    NumGroups(u8),
}

/// Which thread of the two-thread program a variable or access belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum Thread {
    T1,
    T2,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum VarKind {
    /// A thread-private value (an SSA value of the kernel, or a fresh private variable
    /// introduced by a pass, e.g. `v_active`).
    Private,
    /// A scalar kernel parameter: the same value in every thread.
    Param { index: u32 },
    /// A work-item builtin.
    Builtin(Builtin),
    /// A copy of a private variable for one thread of the two-thread program.
    ThreadCopy { of: Var, thread: Thread },
    /// Instrumentation state shared by the two-thread program (race logs, the flag that
    /// says whether both threads are in one group).
    Instrumentation,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub struct VarData {
    pub name: String,
    pub ty: Ty,
    pub kind: VarKind,
}

/// OpenCL/CUDA address spaces that matter to the verifier.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum Space {
    /// `__global` / CUDA global memory: shared by all threads of all groups.
    Global,
    /// `__local` / `__shared__`: one instance per group.
    Local,
    /// `__constant`: read-only, shared by all threads.
    Constant,
    /// A private array of one thread.
    Private,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum RegionOrigin {
    /// The kernel's pointer parameter with this index.
    Param { index: u32 },
    /// A module-level variable (`__local` array in OpenCL, `__shared__` in CUDA,
    /// `__constant` data, `__device__` globals).
    Global,
    /// A private array of the kernel function.
    Alloca,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub struct RegionData {
    /// The name used in diagnostics (source name from debug info where known).
    pub name: String,
    pub space: Space,
    /// Size in bytes of the element type the source indexes the region with; diagnostics
    /// print `A[offset / elem_bytes]`.
    pub elem_bytes: u32,
    /// Size in bytes, when statically known.
    pub size_bytes: Option<u64>,
    pub origin: RegionOrigin,
    /// The source array's dimensions, outermost first (`int A[4][8]` gives `[4, 8]`), each
    /// element `elem_bytes` long; diagnostics then print one index per dimension
    /// (`A[1][2]`). Empty when unknown or not an array.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dims: Vec<u64>,
}

impl RegionData {
    /// A module-level variable (`RegionOrigin::Global`) of `elem_bytes`-byte elements whose
    /// size and dimensions are not known.
    pub fn variable(name: &str, space: Space, elem_bytes: u32) -> RegionData {
        RegionData {
            name: name.into(),
            space,
            elem_bytes,
            size_bytes: None,
            origin: RegionOrigin::Global,
            dims: Vec::new(),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum UnOp {
    /// Boolean negation.
    Not,
    /// Bitwise complement.
    BvNot,
    /// Two's complement negation.
    Neg,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    /// Bitwise on bit-vectors, logical on Booleans.
    And,
    Or,
    Xor,
    Implies,
    Eq,
    Ne,
    Ult,
    Ule,
    Ugt,
    Uge,
    Slt,
    Sle,
    Sgt,
    Sge,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum CastOp {
    ZExt,
    SExt,
    Trunc,
}

/// A typed expression over variables. Operands of a binary operator have the same type.
#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum Expr {
    Var(Var),
    Bool(bool),
    /// A bit-vector constant; `value` holds the low `width` bits.
    Int {
        value: u64,
        width: u32,
    },
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Ite(Box<Expr>, Box<Expr>, Box<Expr>),
    Cast(CastOp, u32, Box<Expr>),
    /// An uninterpreted function application (float arithmetic, math builtins): equal
    /// arguments give equal results, nothing else is known.
    Apply {
        func: String,
        args: Vec<Expr>,
        ty: Ty,
    },
}

/// Which memory a barrier's fence orders.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize)]
pub struct Fence {
    pub local: bool,
    pub global: bool,
}

/// The fence of one thread's call to a barrier whose flags are not a constant: per space,
/// a Boolean over the calling thread's state that says whether its call orders that space
/// (the flags may differ between threads). A space the barrier's static [`Fence`] does
/// not name is never ordered; `None` for a space it names: every call orders it.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, serde::Serialize)]
pub struct FenceFlags {
    pub local: Option<Expr>,
    pub global: Option<Expr>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum BarrierScope {
    /// Synchronises the threads of one group.
    Group,
    /// Synchronises every thread of the grid.
    Grid,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum AccessKind {
    Read,
    Write,
    Atomic,
}

/// Why an assertion is there; the report turns a failed one into a diagnostic.
#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum AssertOrigin {
    /// `__assert(e)` in the source.
    User,
    /// A barrier reached by one thread of a group but not by another.
    BarrierDivergence,
    /// A conflicting access by thread 2 against thread 1's logged access.
    Race {
        region: Region,
        /// The access of thread 1 that was logged (its kind).
        first: AccessKind,
        /// The access of thread 2 being checked.
        second: AccessKind,
    },
    /// A write to `__constant` memory.
    ConstantWrite { region: Region },
    /// An access through a pointer that may be null.
    NullPointer,
    /// A call through a function pointer that may name no function of the call's type.
    InvalidFunctionPointer,
    /// An access outside a statically sized array (`--check-array-bounds`).
    ArrayBounds { region: Region },
    /// An argument of a work-group function (`async_work_group_copy`,
    /// `wait_group_events`) that may differ between two threads of one group.
    GroupUniform { function: String },
    /// The cut-off of a bounded unrolling: more iterations were possible.
    UnwindBound,
    /// A loop invariant (candidate `index`) at loop entry, or preserved by an iteration.
    Invariant { index: u32, at_entry: bool },
    /// `__global_assert(e)`: checked for every thread, also those that do not execute it
    /// (predication leaves it unguarded).
    UserGlobal,
    /// A user's loop invariant at its loop's head: `__invariant(e)` (checked for the
    /// threads at the head) or `__global_invariant(e)` (`global`: for every thread).
    /// vcgen checks it on loop entry (`at_entry`) and after each iteration; until then
    /// `at_entry` is `true`.
    LoopInvariant { global: bool, at_entry: bool },
    /// `__function_wide_invariant(e)`: a loop invariant of every loop of the kernel. The
    /// predicate stage moves it to every loop head as a [`AssertOrigin::LoopInvariant`].
    FunctionWideInvariant,
    /// `__candidate_invariant(e)` (`global`: `__candidate_global_invariant`) at a loop
    /// head: a guess Houdini may drop, never checked as such.
    CandidateInvariant { global: bool },
    /// `__barrier_invariant_N(e, …)` / `__barrier_invariant_binary_N(e, …)`: `e` must hold
    /// when the next barrier is reached. Until the lock-step stage the assertion's
    /// condition is a [`crate::Ghost::BarrierInvariant`] (the invariant and its
    /// instantiations); that stage makes it the check at the barrier and the assumptions
    /// after it.
    BarrierInvariant,
    /// A barrier invariant reads a location of `region` that the thread (or, in its
    /// group, the other thread of the pair) has not accessed since the last barrier, so
    /// another thread may have changed it.
    BarrierInvariantAccess { region: Region },
    /// `__ensures(e)` of a function, checked (for the threads that return) at each of its
    /// returns. (`__global_ensures(e)` is lifted as [`AssertOrigin::UserGlobal`], which the
    /// later stages check for every thread.)
    Postcondition,
}

/// The statements of the Boogie-like language, plus memory accesses and barriers.
/// Statements with a `pred` field only take effect when `pred` holds (before predication
/// it is `true`).
#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum Stmt {
    Assign {
        dst: Var,
        value: Expr,
    },
    Havoc {
        dst: Var,
    },
    Assume {
        cond: Expr,
    },
    Assert {
        cond: Expr,
        origin: AssertOrigin,
    },
    /// A barrier; it orders the spaces of `fence` for which this thread's `flags` hold.
    Barrier {
        pred: Expr,
        fence: Fence,
        scope: BarrierScope,
        flags: FenceFlags,
    },
    /// `dst := region[offset .. offset+bytes]` (little-endian), when `pred` holds.
    Read {
        pred: Expr,
        dst: Var,
        region: Region,
        offset: Expr,
        bytes: u32,
        thread: Option<Thread>,
    },
    /// `region[offset .. offset+bytes] := value`, when `pred` holds.
    Write {
        pred: Expr,
        region: Region,
        offset: Expr,
        value: Expr,
        bytes: u32,
        thread: Option<Thread>,
    },
    /// An atomic read-modify-write. Its old value (`dst`) is abstract; its effect on the
    /// region is an arbitrary value.
    Atomic {
        pred: Expr,
        dst: Option<Var>,
        region: Region,
        offset: Expr,
        bytes: u32,
        op: String,
        thread: Option<Thread>,
    },
    /// Two-thread phase: every cell of `region` may have changed (other threads ran),
    /// when `pred` holds.
    HavocMemory {
        pred: Expr,
        region: Region,
    },
}

#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub struct StmtData {
    pub stmt: Stmt,
    pub loc: Option<Loc>,
    /// Expressions the report evaluates in a counterexample at this statement (thread-2
    /// access offset, the logged thread-1 access, …), by name.
    pub witness: Vec<(String, Expr)>,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub enum Terminator {
    Goto(Block),
    Branch {
        cond: Expr,
        then_to: Block,
        else_to: Block,
    },
    Switch {
        value: Expr,
        cases: Vec<(u64, Block)>,
        default: Block,
    },
    /// Boogie's non-deterministic `goto B1, …, Bn` (targets start with `assume`).
    Choice(Vec<Block>),
    /// The thread terminates.
    Return,
    /// Control cannot reach here (LLVM `unreachable`).
    Unreachable,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub struct BlockData {
    pub name: String,
    pub stmts: Vec<StmtData>,
    pub term: Terminator,
    pub loc: Option<Loc>,
}

/// How far a kernel has come through the pipeline. Phases only move forward.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize)]
pub enum Phase {
    /// Straight from LLVM: any reducible CFG, one thread's code, every `pred` is `true`.
    Lifted,
    /// The layout is the paper's sort order; single exit, at most one loop head among any
    /// block's successors.
    Sorted,
    /// Predicated (Tables 1–2): the only conditional control flow left is a loop's last
    /// block choosing between its back block and its exit block (`Choice`), and those
    /// blocks start with `assume`. No `Branch`/`Switch` remains.
    Predicated,
    /// Two-thread lock-step program: every private variable has a copy per thread, every
    /// access is tagged with its thread, race and divergence checks are explicit asserts.
    TwoThread,
}
