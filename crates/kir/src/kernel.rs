//! The kernel: arenas of blocks, variables and regions, the block layout, and the phase.

use crate::entities::{Block, Region, Var};
use crate::syntax::*;

/// Launch-independent description of a kernel parameter.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub enum ParamData {
    /// A scalar parameter, read through this variable.
    Scalar { name: String, var: Var },
    /// A pointer parameter, pointing at the start of this region.
    Pointer { name: String, region: Region },
    /// Part of a by-value aggregate or vector parameter (a struct's field, a lane), read
    /// through this variable: the bytes of the argument from `offset` on.
    Field { name: String, var: Var, offset: u64 },
    /// A parameter the lifter does not model (e.g. a by-value struct it could not split).
    Opaque { name: String },
}

/// A call of a function without a body whose specification makes accesses (a `__spec_`
/// function's `__reads_from`/`__writes_to`): those accesses are placed at the call.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct BodilessCall {
    /// Where the call is.
    pub loc: Loc,
    /// The function's source name.
    pub function: String,
}

/// A warp vote's operation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub enum VoteKind {
    /// Nonzero when every lane's predicate holds.
    All,
    /// Nonzero when some lane's predicate holds.
    Any,
    /// Nonzero when the lanes' predicates agree.
    Uni,
    /// Bit `lane` is lane `lane`'s predicate.
    Ballot,
}

/// A warp vote: `havoc dst` where the warp's lanes combine their `pred`s (a Boolean). The
/// verifier knows only what the lifter assumes of `dst`; the interpreter computes it when
/// every lane of the warp waits at the vote.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct WarpVote {
    pub dst: Var,
    pub kind: VoteKind,
    pub pred: Expr,
    /// The member mask (32-bit): the lanes voting together.
    pub mask: Expr,
}

/// How PTX's `shfl` picks its source lane.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub enum ShuffleMode {
    /// Lane `b` of the thread's segment.
    Idx,
    /// `b` lanes below.
    Up,
    /// `b` lanes above.
    Down,
    /// The lane whose number differs from the thread's in the bits of `b`.
    Bfly,
}

/// A warp shuffle: `havoc dst` where the lane reads `v` of the source lane PTX's `shfl`
/// picks from `mode`, `b` and `c` (32-bit). The verifier knows only what the lifter assumes
/// of `dst`; the interpreter computes it when every lane of the warp waits at the shuffle.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct WarpShuffle {
    pub dst: Var,
    pub mode: ShuffleMode,
    pub v: Expr,
    pub b: Expr,
    pub c: Expr,
    pub mask: Expr,
}

/// A warp reduction's operation (`__reduce_*_sync`), on 32-bit values.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub enum ReduceOp {
    Add,
    /// Signed minimum and maximum.
    Min,
    Max,
    UMin,
    UMax,
    And,
    Or,
    Xor,
}

/// A warp reduction: `havoc dst` where the lanes combine their `v`s with `op`; computed by
/// the interpreter as [`WarpVote`]s are.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct WarpReduce {
    pub dst: Var,
    pub op: ReduceOp,
    pub v: Expr,
    pub mask: Expr,
}

#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Kernel {
    pub name: String,
    pub phase: Phase,
    /// Source file names, indexed by [`Loc::file`].
    pub files: Vec<String>,
    pub params: Vec<ParamData>,
    pub vars: Vec<VarData>,
    pub regions: Vec<RegionData>,
    pub blocks: Vec<BlockData>,
    /// The order blocks are printed and (from `Sorted` on) executed in. The first block
    /// is the entry.
    pub layout: Vec<Block>,
    pub loc: Option<Loc>,
    /// Calls of functions without a body that make accesses; an access at one of these
    /// locations is made inside that function.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bodiless_calls: Vec<BodilessCall>,
    /// Where the source's `__axiom`s are, which the kernel assumes on entry (the verdict
    /// lists them: it rests on them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub axioms: Vec<Option<Loc>>,
    /// Variables whose `havoc` stands for the result of a collective (a warp shuffle,
    /// vote, match or reduction, or a barrier's reduction such as `__syncthreads_or`): an
    /// arbitrary value per thread but for the assumptions that tie it to the other
    /// threads, where the GPU computes it from all the threads taking part. An execution
    /// that draws such a value per thread may be no real execution, so it confirms nothing
    /// that follows the draw; the lock-step stage makes those assumptions hold of a thread
    /// and itself too.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub collective_results: Vec<Var>,
    /// The warp votes among them, with what the lanes vote on.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warp_votes: Vec<WarpVote>,
    /// The warp shuffles among them (those without an in-range flag), with their operands.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warp_shuffles: Vec<WarpShuffle>,
    /// The warp reductions among them, with their operands.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warp_reductions: Vec<WarpReduce>,
    /// Global and local arrays whose values steer nothing that is checked (set by the
    /// lock-step stage): the verification condition reads them adversarially, every read
    /// an arbitrary value, as GPUVerify does.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub adversarial: Vec<Region>,
}

impl Kernel {
    pub fn new(name: impl Into<String>) -> Self {
        Kernel {
            name: name.into(),
            phase: Phase::Lifted,
            files: Vec::new(),
            params: Vec::new(),
            vars: Vec::new(),
            regions: Vec::new(),
            blocks: Vec::new(),
            layout: Vec::new(),
            loc: None,
            bodiless_calls: Vec::new(),
            axioms: Vec::new(),
            collective_results: Vec::new(),
            warp_votes: Vec::new(),
            warp_shuffles: Vec::new(),
            warp_reductions: Vec::new(),
            adversarial: Vec::new(),
        }
    }

    /// Whether `e` mentions the result of a collective ([`Kernel::collective_results`]):
    /// the lifter's assumptions that tie it to the other threads.
    pub fn mentions_collective(&self, e: &Expr) -> bool {
        let mut found = false;
        e.for_each_var(&mut |v| found |= self.collective_results.contains(&v));
        found
    }

    pub fn entry(&self) -> Block {
        self.layout[0]
    }

    pub fn var(&self, v: Var) -> &VarData {
        &self.vars[v.index()]
    }

    pub fn region(&self, r: Region) -> &RegionData {
        &self.regions[r.index()]
    }

    pub fn block(&self, b: Block) -> &BlockData {
        &self.blocks[b.index()]
    }

    pub fn block_mut(&mut self, b: Block) -> &mut BlockData {
        &mut self.blocks[b.index()]
    }

    pub fn add_var(&mut self, name: impl Into<String>, ty: Ty, kind: VarKind) -> Var {
        self.vars.push(VarData {
            name: name.into(),
            ty,
            kind,
        });
        Var::new(self.vars.len() - 1)
    }

    pub fn add_region(&mut self, data: RegionData) -> Region {
        self.regions.push(data);
        Region::new(self.regions.len() - 1)
    }

    /// Adds a block (not yet placed in the layout).
    pub fn add_block(&mut self, name: impl Into<String>, term: Terminator) -> Block {
        self.blocks.push(BlockData {
            name: name.into(),
            stmts: Vec::new(),
            term,
            loc: None,
        });
        Block::new(self.blocks.len() - 1)
    }

    /// The variable for a builtin, created on first use.
    pub fn builtin(&mut self, b: Builtin) -> Var {
        if let Some(i) = self.vars.iter().position(|v| v.kind == VarKind::Builtin(b)) {
            return Var::new(i);
        }
        let dim = ["x", "y", "z"];
        let name = match b {
            Builtin::LocalId(d) => format!("local_id.{}", dim[d as usize]),
            Builtin::GroupId(d) => format!("group_id.{}", dim[d as usize]),
            Builtin::LocalSize(d) => format!("local_size.{}", dim[d as usize]),
            Builtin::NumGroups(d) => format!("num_groups.{}", dim[d as usize]),
        };
        self.add_var(name, Ty::Bv(32), VarKind::Builtin(b))
    }

    /// File name and location, formatted `file:line:col`.
    pub fn describe_loc(&self, loc: Loc) -> String {
        let file = self
            .files
            .get(loc.file as usize)
            .map(String::as_str)
            .unwrap_or("<unknown>");
        format!("{}:{}:{}", file, loc.line, loc.col)
    }

    /// The function without a body whose accesses are placed at `loc` (its call), if any.
    pub fn bodiless_call_at(&self, loc: Loc) -> Option<&str> {
        self.bodiless_calls
            .iter()
            .find(|c| c.loc == loc)
            .map(|c| c.function.as_str())
    }

    /// The blocks in layout order with their data.
    pub fn laid_out(&self) -> impl Iterator<Item = (Block, &BlockData)> {
        self.layout.iter().map(move |&b| (b, self.block(b)))
    }
}
