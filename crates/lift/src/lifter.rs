//! The lifter's state and its main loop: parameters, one KIR variable per scalar SSA
//! value, then every block of the function in LLVM order.

use std::collections::{HashMap, HashSet};

use kir::{
    Block, BlockData, Expr, Kernel, Loc, Region, SourcePos, Stmt, StmtData, Terminator, Ty, Var,
    VarKind,
};

use crate::debug::{self, Files};
use crate::error::LiftError;
use crate::llvm::{BasicBlock, Module, Op, TargetData, Type, TypeKind, Value};
use crate::names::{self, Target};
use crate::regions::ElemHint;

/// How a kernel parameter is modelled.
#[derive(Clone, Debug)]
pub enum Param {
    Scalar(Var),
    /// A vector: one variable per lane (in [`Lifter::lanes`]).
    Vector,
    Pointer(Region),
    /// An aggregate passed by value (`byval` pointer or direct), read field by field.
    ByVal {
        name: String,
        index: u32,
    },
    Opaque(String),
}

pub struct Lifter {
    pub m: Module,
    /// The kernel function being lifted.
    pub function: Value,
    pub td: TargetData,
    pub target: Target,
    pub k: Kernel,
    pub files: Files,
    /// Source variable names of values, from debug info.
    pub names: HashMap<Value, String>,
    pub blocks: HashMap<BasicBlock, Block>,
    /// The LLVM block of each KIR block made from one (split blocks have none).
    pub llvm_blocks: Vec<Option<BasicBlock>>,
    /// The variable of each scalar SSA value, and the offset variable of pointer phis.
    pub vars: HashMap<Value, Var>,
    /// The lane variables of each vector SSA value and vector parameter.
    pub lanes: HashMap<Value, Vec<Var>>,
    /// The old value and success flag of each `cmpxchg`.
    pub pairs: HashMap<Value, (Var, Var)>,
    pub params: HashMap<Value, Param>,
    /// The uniform variable of each (by-value parameter, offset, size) read.
    pub byval_fields: HashMap<(Value, u64, u32), Var>,
    /// The debug types of by-value parameters, for field names.
    pub byval_types: HashMap<Value, crate::debug_types::DiType>,
    /// Where each by-value parameter sits in the kernel's parameter list.
    pub byval_slots: Vec<(usize, Value)>,
    /// The regions pointer fields of by-value parameters point to, by (parameter, offset).
    pub byval_regions: HashMap<(Value, u64), Region>,
    /// Regions of globals and allocas, created on first use.
    pub regions: HashMap<Value, Region>,
    /// The bases of each pointer phi, and the selector of those with several.
    pub phi_bases: HashMap<Value, Vec<crate::pointers::Base>>,
    pub phi_selectors: HashMap<Value, Var>,
    /// The initial bytes of `constant` globals, where known (see `constants.rs`).
    pub constants: HashMap<Region, Option<Vec<u8>>>,
    pub elem: Vec<ElemHint>,
    /// Statements of the block being lifted.
    pub stmts: Vec<StmtData>,
    /// Location of the instruction being lifted.
    pub loc: Option<Loc>,
    /// The `async_work_group_copy` call sites and their state.
    pub copies: Vec<crate::async_copy::AsyncCopy>,
    pub options: crate::LiftOptions,
    /// The pointer values that hold function addresses (see `funptrs.rs`).
    pub function_ptrs: std::collections::HashSet<Value>,
    /// Pointers kept in private memory (see `slots.rs`): the slots, the slot each of
    /// their loads and stores accesses, and the slots whose bases are being computed.
    pub slots: HashMap<crate::slots::SlotKey, crate::slots::Slot>,
    pub slot_of: HashMap<Value, crate::slots::SlotKey>,
    pub slots_in_progress: std::collections::HashSet<crate::slots::SlotKey>,
}

/// The KIR type of an LLVM scalar type (`i1` is Boolean, floats are bit-vectors, an
/// OpenCL `event_t` is a 64-bit value).
pub fn scalar_ty(t: Type) -> Option<Ty> {
    match t.kind() {
        TypeKind::Other if t.is_opencl_event() || t.is_opencl_sampler() => Some(Ty::Bv(64)),
        TypeKind::Int(1) => Some(Ty::Bool),
        TypeKind::Int(w) if w <= 64 => Some(Ty::Bv(w)),
        TypeKind::Float(w, _) => Some(Ty::Bv(w)),
        _ => None,
    }
}

/// A usable name: not empty, not an LLVM numbering artefact like `.0`.
fn usable(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

impl Lifter {
    pub fn new(m: Module, f: Value) -> Lifter {
        let mut files = Files::default();
        let name = debug::function_name(m, f).unwrap_or_else(|| names::demangle(&f.name()));
        let mut k = Kernel::new(name);
        k.loc = files.function_loc(f);
        let td = TargetData::new(&m.data_layout());
        let (slots, slot_of) = crate::slots::find_slots(&td, f);
        Lifter {
            m,
            function: f,
            td,
            target: names::target(m),
            k,
            files,
            names: debug::value_names(m, f),
            blocks: HashMap::new(),
            llvm_blocks: Vec::new(),
            vars: HashMap::new(),
            lanes: HashMap::new(),
            pairs: HashMap::new(),
            params: HashMap::new(),
            byval_fields: HashMap::new(),
            byval_types: HashMap::new(),
            byval_slots: Vec::new(),
            byval_regions: HashMap::new(),
            regions: HashMap::new(),
            phi_bases: HashMap::new(),
            phi_selectors: HashMap::new(),
            constants: HashMap::new(),
            elem: Vec::new(),
            stmts: Vec::new(),
            loc: None,
            copies: Vec::new(),
            options: crate::LiftOptions::default(),
            function_ptrs: crate::funptrs::function_pointers(f),
            slots,
            slot_of,
            slots_in_progress: Default::default(),
        }
    }

    /// The source position of the instruction being lifted.
    pub fn pos(&self) -> Option<SourcePos> {
        self.loc.map(|l| SourcePos {
            file: self
                .files
                .names
                .get(l.file as usize)
                .cloned()
                .unwrap_or_default(),
            line: l.line,
            col: l.col,
        })
    }

    pub fn unsupported(&self, construct: impl Into<String>) -> LiftError {
        LiftError::Unsupported {
            construct: construct.into(),
            pos: self.pos(),
        }
    }

    pub fn invalid(&self, message: impl Into<String>) -> LiftError {
        LiftError::Invalid {
            message: message.into(),
            pos: self.pos(),
        }
    }

    pub fn emit(&mut self, stmt: Stmt) {
        self.stmts.push(StmtData::new(stmt, self.loc));
    }

    /// `e` as the other thread of the pair evaluates it (`__other_int`).
    pub(crate) fn other(&self, e: &Expr) -> Expr {
        kir::Ghost::Other(e).to_expr(&self.k)
    }

    /// The name of a value: its source name, else its IR name, else `fallback`.
    pub fn name_of(&self, v: Value, fallback: impl FnOnce() -> String) -> String {
        if let Some(n) = self.names.get(&v) {
            return n.clone();
        }
        let n = v.name();
        if usable(&n) {
            n
        } else {
            fallback()
        }
    }

    pub fn fresh(&mut self, name: impl Into<String>, ty: Ty) -> Var {
        self.k.add_var(name, ty, VarKind::Private)
    }

    pub fn run(mut self, f: Value) -> Result<Kernel, LiftError> {
        self.params(f);
        let bbs = f.blocks();
        if bbs.is_empty() {
            return Err(self.invalid("kernel has no body"));
        }
        for (i, bb) in bbs.iter().enumerate() {
            let name = match bb.name() {
                n if usable(&n) => n,
                _ if i == 0 => "entry".to_string(),
                _ => format!("bb{i}"),
            };
            let b = self.k.add_block(name, Terminator::Unreachable);
            self.blocks.insert(*bb, b);
            self.llvm_blocks.push(Some(*bb));
        }
        let reachable = reachable(&bbs);
        let (live, dead): (Vec<_>, Vec<_>) = bbs.into_iter().partition(|b| reachable.contains(b));
        self.declare_values(&live);
        self.prepare_async_copies(&live)?;
        for bb in live {
            self.block(bb)?;
        }
        // Blocks no path from the entry reaches (a loop latch after a body that always
        // returns) are never executed: they stay empty, and their edges into live blocks,
        // with the phi copies on them, are dropped.
        for bb in dead {
            self.k.layout.push(self.blocks[&bb]);
        }
        self.init_async_copies();
        self.finish_regions();
        self.relate_byval_fields();
        self.finish_byval_params();
        self.k.files = std::mem::take(&mut self.files.names);
        kir::verify(&self.k).map_err(|errors| LiftError::Internal {
            kernel: self.k.name.clone(),
            errors: errors.iter().map(ToString::to_string).collect(),
        })?;
        Ok(self.k)
    }

    /// Creates the variable of every scalar SSA value (and the offset of every pointer
    /// phi) up front, so uses that precede their definition in block order resolve.
    fn declare_values(&mut self, bbs: &[BasicBlock]) {
        for bb in bbs {
            for inst in bb.instructions() {
                if inst.opcode() == Some(Op::LLVMAtomicCmpXchg) {
                    let width = inst.operand(1).and_then(|c| scalar_ty(c.ty()));
                    if let Some(Ty::Bv(w)) = width {
                        let n = self.k.vars.len();
                        let name = self.name_of(inst, || format!("t{n}"));
                        let old = self.fresh(format!("{name}.old"), Ty::Bv(w));
                        let success = self.fresh(format!("{name}.success"), Ty::Bool);
                        self.pairs.insert(inst, (old, success));
                    }
                    continue;
                }
                if let Some(w) = crate::warp::pair_width(inst) {
                    let n = self.k.vars.len();
                    let name = self.name_of(inst, || format!("t{n}"));
                    let value = self.fresh(format!("{name}.value"), Ty::Bv(w));
                    let flag = self.fresh(format!("{name}.flag"), Ty::Bool);
                    self.pairs.insert(inst, (value, flag));
                    continue;
                }
                if inst.ty().vector().is_some() {
                    let n = self.k.vars.len();
                    let name = self.name_of(inst, || format!("t{n}"));
                    self.declare_lanes(inst, &name, VarKind::Private);
                    continue;
                }
                let ty = match scalar_ty(inst.ty()) {
                    Some(ty) => ty,
                    None if inst.opcode() == Some(Op::LLVMPHI)
                        && matches!(inst.ty().kind(), TypeKind::Pointer(_)) =>
                    {
                        Ty::Bv(kir::OFFSET_WIDTH)
                    }
                    // A pointer loaded from memory: its bits (it is not an address).
                    None if inst.opcode() == Some(Op::LLVMLoad)
                        && matches!(inst.ty().kind(), TypeKind::Pointer(_)) =>
                    {
                        Ty::Bv(self.td.store_size(inst.ty()) as u32 * 8)
                    }
                    None => continue,
                };
                let n = self.k.vars.len();
                let name = self.name_of(inst, || format!("t{n}"));
                let v = self.fresh(name, ty);
                self.vars.insert(inst, v);
            }
        }
    }

    fn block(&mut self, bb: BasicBlock) -> Result<(), LiftError> {
        let b = self.blocks[&bb];
        let insts = bb.instructions();
        let Some((&last, body)) = insts.split_last() else {
            return Err(self.invalid("empty basic block"));
        };
        let mut block_loc = None;
        self.stmts.clear();
        for &inst in body {
            self.loc = self.files.loc(inst);
            block_loc = block_loc.or(self.loc);
            self.instruction(inst)?;
        }
        self.loc = self.files.loc(last);
        let mut term = self.terminator(last)?;
        let splits = self.phi_edges(bb, &mut term)?;
        let data = self.k.block_mut(b);
        data.stmts = std::mem::take(&mut self.stmts);
        data.term = term;
        data.loc = block_loc.or(self.loc);
        self.k.layout.push(b);
        self.k.layout.extend(splits);
        Ok(())
    }

    /// Lifts one non-terminator instruction.
    fn instruction(&mut self, inst: Value) -> Result<(), LiftError> {
        let Some(op) = inst.opcode() else {
            return Err(self.invalid("not an instruction"));
        };
        let pointer = matches!(inst.ty().kind(), TypeKind::Pointer(_));
        let vector = inst.ty().vector().is_some();
        let lane_wise = !matches!(
            op,
            Op::LLVMPHI | Op::LLVMLoad | Op::LLVMCall | Op::LLVMAlloca
        );
        if vector && lane_wise {
            return self.vector_instruction(inst, op);
        }
        match op {
            Op::LLVMPHI => Ok(()),
            Op::LLVMAlloca => self.alloca_region(inst).map(|_| ()),
            Op::LLVMLoad => self.load(inst),
            Op::LLVMStore => self.store(inst),
            Op::LLVMCall => self.call(inst),
            Op::LLVMExtractValue => match inst.operand(0) {
                Some(pair) if self.pairs.contains_key(&pair) => self.extract_cmpxchg(inst, pair),
                _ => self.extract_value(inst),
            },
            Op::LLVMAtomicRMW => self.atomic_rmw(inst),
            Op::LLVMAtomicCmpXchg => self.cmpxchg(inst),
            Op::LLVMFence => {
                tracing::debug!("dropping a fence: it does not synchronise threads");
                Ok(())
            }
            // Pointer values are resolved where they are used.
            Op::LLVMGetElementPtr | Op::LLVMAddrSpaceCast | Op::LLVMPtrToInt | Op::LLVMIntToPtr => {
                Ok(())
            }
            Op::LLVMBitCast | Op::LLVMSelect | Op::LLVMFreeze if pointer => Ok(()),
            Op::LLVMICmp
                if matches!(
                    inst.operand(0).map(|o| o.ty().kind()),
                    Some(TypeKind::Pointer(_))
                ) =>
            {
                self.pointer_compare(inst)
            }
            _ => match self.pure(inst, op)? {
                Some(value) => {
                    let dst = self.var_of(inst)?;
                    self.emit(Stmt::Assign { dst, value });
                    Ok(())
                }
                None => Err(self.unsupported(format!("instruction `{}`", op_name(op)))),
            },
        }
    }

    /// The variable holding an instruction's result.
    pub fn var_of(&self, inst: Value) -> Result<Var, LiftError> {
        match self.vars.get(&inst) {
            Some(v) => Ok(*v),
            None => Err(self.unsupported(format!("value of type `{}`", inst.ty().print()))),
        }
    }

    pub fn block_of(&self, bb: BasicBlock) -> Result<Block, LiftError> {
        match self.blocks.get(&bb) {
            Some(b) => Ok(*b),
            None => Err(self.invalid("branch to a block of another function")),
        }
    }

    /// Adds a block made by the lifter (an edge split), returning it.
    pub fn add_block(&mut self, data: BlockData) -> Block {
        self.k.blocks.push(data);
        self.llvm_blocks.push(None);
        Block::new(self.k.blocks.len() - 1)
    }

    /// A fresh variable holding an arbitrary value (LLVM `undef`/`poison`).
    pub fn havoc(&mut self, ty: Ty) -> Expr {
        let n = self.k.vars.len();
        let v = self.fresh(format!("undef{n}"), ty);
        self.emit(Stmt::Havoc { dst: v });
        Expr::Var(v)
    }
}

/// The LLVM mnemonic of an opcode, for messages.
/// The blocks a path from the entry (the first block) reaches.
fn reachable(bbs: &[BasicBlock]) -> HashSet<BasicBlock> {
    let mut seen = HashSet::new();
    let mut work: Vec<BasicBlock> = bbs.first().copied().into_iter().collect();
    while let Some(bb) = work.pop() {
        if !seen.insert(bb) {
            continue;
        }
        if let Some(last) = bb.instructions().last() {
            work.extend(last.successors());
        }
    }
    seen
}

pub fn op_name(op: Op) -> String {
    let raw = format!("{op:?}");
    let s = raw.trim_start_matches("LLVM");
    match s {
        "AtomicRMW" => "atomicrmw".into(),
        "AtomicCmpXchg" => "cmpxchg".into(),
        "PHI" => "phi".into(),
        "GetElementPtr" => "getelementptr".into(),
        "CallBr" => "callbr".into(),
        "IndirectBr" => "indirectbr".into(),
        "VAArg" => "va_arg".into(),
        _ => s.to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opcodes_print_as_llvm_mnemonics() {
        assert_eq!(op_name(Op::LLVMAtomicRMW), "atomicrmw");
        assert_eq!(op_name(Op::LLVMAtomicCmpXchg), "cmpxchg");
        assert_eq!(op_name(Op::LLVMExtractValue), "extractvalue");
        assert_eq!(op_name(Op::LLVMFAdd), "fadd");
        assert_eq!(op_name(Op::LLVMGetElementPtr), "getelementptr");
    }

    #[test]
    fn numbering_artefacts_are_not_names() {
        assert!(usable("lid"));
        assert!(usable("_tmp"));
        assert!(!usable(".0"));
        assert!(!usable("12"));
        assert!(!usable(""));
    }
}
