//! The kernel AST both printers read: unsigned 32-bit integer arithmetic only, arrays indexed
//! modulo their length (every access is in bounds), loops with constant trip counts (every
//! concrete run terminates), forward `goto`s only (the CFG stays reducible).

use serde::Serialize;

/// The source language a kernel is printed in for the verifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Lang {
    OpenCl,
    Cuda,
}

impl Lang {
    /// The file extension lockstep dispatches on.
    pub fn extension(self) -> &'static str {
        match self {
            Lang::OpenCl => "cl",
            Lang::Cuda => "cu",
        }
    }
}

/// A one-dimensional launch: threads per group and number of groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Launch {
    pub local_size: u32,
    pub num_groups: u32,
}

impl Launch {
    pub fn global_size(self) -> u32 {
        self.local_size * self.num_groups
    }
}

/// Where an array lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Space {
    /// A `__global` pointer parameter (one buffer per parameter).
    Global,
    /// A `__local` / `__shared__` array declared in the kernel (one per group).
    Local,
}

/// An array of `uint`s of a fixed length.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Array {
    pub name: String,
    pub space: Space,
    pub len: u32,
    /// The initial contents the concrete oracles start from (global arrays only).
    pub init: Vec<u32>,
}

/// Binary operators on `uint` (none of them can trap or be undefined).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
        }
    }
}

/// Comparison operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum CmpOp {
    Lt,
    Le,
    Eq,
    Ne,
    Gt,
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Gt => ">",
        }
    }
}

/// An unsigned integer expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Expr {
    Const(u32),
    /// The local id (`get_local_id(0)` / `threadIdx.x`).
    Tid,
    /// The global id.
    Gid,
    /// The group id.
    Group,
    /// The kernel's scalar parameter `p`.
    Param,
    /// Private variable `vN`.
    Var(usize),
    /// Loop counter `iN`.
    Counter(usize),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `A[(index) % len]`.
    Read(usize, Box<Expr>),
}

/// A condition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Cond {
    Cmp(CmpOp, Expr, Expr),
    /// `(e) % m == r`.
    ModEq(Expr, u32, u32),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    Not(Box<Cond>),
}

/// How a loop is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LoopKind {
    /// `for (iN = 0; iN < trips; iN++)`: the body sees `0..trips`.
    For,
    /// `iN = 0; while (iN < trips) { iN++; ... }`: the body sees `1..=trips`.
    While,
    /// `iN = 0; do { iN++; ... } while (iN < trips);`: the body sees `1..=trips`.
    DoWhile,
}

/// One arm of a `switch`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Case {
    pub value: u32,
    pub body: Vec<Stmt>,
    /// Ends without `break` (falls into the next arm).
    pub fallthrough: bool,
}

/// A statement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Stmt {
    Assign(usize, Expr),
    Store {
        array: usize,
        index: Expr,
        value: Expr,
    },
    /// `atomic_add(&A[i % len], value)`, its result optionally kept in a variable.
    Atomic {
        array: usize,
        index: Expr,
        value: Expr,
        result: Option<usize>,
    },
    /// A work-group barrier; `global_fence` false means only `CLK_LOCAL_MEM_FENCE` in OpenCL
    /// (CUDA's `__syncthreads` always fences both).
    Barrier {
        global_fence: bool,
    },
    If {
        cond: Cond,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
    },
    Switch {
        scrutinee: Expr,
        modulus: u32,
        cases: Vec<Case>,
        default: Vec<Stmt>,
    },
    Loop {
        kind: LoopKind,
        counter: usize,
        trips: u32,
        body: Vec<Stmt>,
    },
    Break,
    Continue,
    Return,
    /// A forward jump to `Label(n)` later at the kernel's top level.
    Goto(usize),
    Label(usize),
}

/// A whole kernel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Kernel {
    pub name: String,
    pub seed: u64,
    pub lang: Lang,
    pub launch: Launch,
    pub arrays: Vec<Array>,
    pub vars: usize,
    pub counters: usize,
    /// The value the concrete oracles pass as `p`.
    pub param_value: u32,
    pub body: Vec<Stmt>,
}

impl Stmt {
    /// The statement lists directly inside this statement.
    pub fn children(&self) -> Vec<&Vec<Stmt>> {
        match self {
            Stmt::If { then, els, .. } => vec![then, els],
            Stmt::Switch { cases, default, .. } => {
                let mut lists: Vec<&Vec<Stmt>> = cases.iter().map(|c| &c.body).collect();
                lists.push(default);
                lists
            }
            Stmt::Loop { body, .. } => vec![body],
            _ => Vec::new(),
        }
    }

    /// The statement lists directly inside this statement, mutably.
    pub fn children_mut(&mut self) -> Vec<&mut Vec<Stmt>> {
        match self {
            Stmt::If { then, els, .. } => vec![then, els],
            Stmt::Switch { cases, default, .. } => {
                let mut lists: Vec<&mut Vec<Stmt>> =
                    cases.iter_mut().map(|c| &mut c.body).collect();
                lists.push(default);
                lists
            }
            Stmt::Loop { body, .. } => vec![body],
            _ => Vec::new(),
        }
    }
}

/// The number of statements in `stmts`, nested ones included.
pub fn count_stmts(stmts: &[Stmt]) -> usize {
    stmts
        .iter()
        .map(|s| 1 + s.children().iter().map(|c| count_stmts(c)).sum::<usize>())
        .sum()
}
