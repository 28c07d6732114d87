//! Barrier invariants and the annotations that serve them.
//!
//! `__barrier_invariant_N(e, i1, …, iN)` and `__barrier_invariant_binary_N(e, a1, b1, …)`
//! become an assertion with origin [`AssertOrigin::BarrierInvariant`] whose condition is
//! a [`Ghost::BarrierInvariant`]: the invariant and its instantiation expressions, each
//! *unfolded* into one expression over thread ids, parameters and memory. Unfolding
//! inlines the lifted statements that compute a value, and turns each read of memory
//! into a [`Ghost::Load`], so the lock-step stage can evaluate the invariant again after
//! the barrier, for other threads and against the memory there. The reads that only feed
//! the invariant are not accesses of the program (GPUVerify does not check them for
//! races either; permission to read is checked at the barrier instead), so they are
//! dropped.
//!
//! `__read_permission(T, x)` is a read of `x` whose value is unused: an access, so that a
//! later barrier invariant may mention `x`. `__dominator_enabled()` is a ghost the
//! predicate stage resolves (true outside loop heads).

use std::collections::{HashMap, HashSet};

use kir::{AssertOrigin, Block, Expr, Ghost, Space, Stmt, Ty, Var};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::{Op, Value, ValueKind};
use crate::values::to_bool;

/// Whether [`Lifter::barrier_annotation`] lifts the annotation call `name`.
pub fn handles(name: &str) -> bool {
    name.starts_with("__lockstep_barrier_invariant")
        || name == "__lockstep_read_permission"
        || name == "__lockstep_dominator_enabled"
}

/// Where a variable is defined.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Def {
    /// Statement `j` of the block being lifted.
    Here(usize),
    /// Statement `j` of a block lifted before.
    Before(Block, usize),
    /// More than once (phi copies, case splits): not unfolded.
    Many,
}

struct Unfolder {
    defs: HashMap<Var, Def>,
    /// The LLVM value of each SSA variable.
    values: HashMap<Var, Value>,
    /// Loads that only feed the invariant.
    spec: HashSet<Value>,
    memo: HashMap<Var, Expr>,
    /// Reads of the current block to drop (they only feed the invariant).
    dropped: Vec<usize>,
    error: Option<LiftError>,
}

impl Lifter {
    pub fn barrier_annotation(
        &mut self,
        inst: Value,
        name: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        match name {
            "__lockstep_dominator_enabled" => {
                self.define(inst, Ghost::DominatorEnabled.to_expr(&self.k))
            }
            "__lockstep_read_permission" => self.read_permission(args),
            _ => self.barrier_invariant(inst, name, args),
        }
    }

    fn barrier_invariant(
        &mut self,
        inst: Value,
        name: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let binary = name.contains("binary");
        let n: Option<usize> = name.rsplit('_').next().and_then(|n| n.parse().ok());
        let expected = n.map(|n| 1 + if binary { 2 * n } else { n });
        if expected != Some(args.len()) {
            return Err(self.invalid(format!("`{name}` with {} arguments", args.len())));
        }
        let mut u = self.unfolder(inst);
        let mut exprs = Vec::with_capacity(args.len());
        for (i, &a) in args.iter().enumerate() {
            let e = self.value(a)?;
            let e = if i == 0 {
                to_bool(e.clone(), self.ty(&e))
            } else {
                e
            };
            let e = u.unfold(self, &e);
            if let Some(err) = u.error.take() {
                return Err(err);
            }
            exprs.push(e);
        }
        self.check_loads(&exprs)?;
        self.drop_reads(&u.dropped);
        let cond = Ghost::BarrierInvariant {
            binary,
            args: &exprs,
        }
        .to_expr(&self.k);
        self.emit(Stmt::Assert {
            cond,
            origin: AssertOrigin::BarrierInvariant,
        });
        Ok(())
    }

    /// A loop invariant's condition `cond` (of the call `inst`) with the reads of shared
    /// memory that only feed it turned into ghost loads, as for a barrier invariant: the
    /// invariant reads memory at the loop head without being an access of the program
    /// (GPUVerify does not check these reads for races). `None` when the condition reads
    /// private memory or is too large to unfold (it is then lifted as an ordinary
    /// expression).
    pub(crate) fn spec_condition(&mut self, inst: Value, cond: &Expr) -> Option<Expr> {
        let mut u = self.unfolder(inst);
        let e = u.unfold(self, cond);
        if u.error.is_some() || self.check_loads(std::slice::from_ref(&e)).is_err() {
            return None;
        }
        self.drop_reads(&u.dropped);
        Some(e)
    }

    /// The reads (statements of the current block) that only fed an invariant: their
    /// values are left arbitrary, and they are no access.
    fn drop_reads(&mut self, dropped: &[usize]) {
        for &j in dropped {
            if let Some(Stmt::Read { dst, .. }) = self.stmts.get(j).map(|s| s.stmt.clone()) {
                self.stmts[j].stmt = Stmt::Havoc { dst };
            }
        }
    }

    /// A barrier invariant may read shared and constant memory, not a thread's private
    /// arrays (another thread's cannot be read).
    fn check_loads(&self, exprs: &[Expr]) -> Result<(), LiftError> {
        let mut private = None;
        for e in exprs {
            e.visit(&mut |s| {
                if let Some(Ghost::Load { region, .. }) = Ghost::of(s) {
                    if self.k.region(region).space == Space::Private {
                        private = Some(self.k.region(region).name.clone());
                    }
                }
            });
        }
        match private {
            Some(name) => Err(self.unsupported(format!(
                "barrier invariant over the private array `{name}` (only `__local`, `__global` \
                 and `__constant` memory can be read for other threads)"
            ))),
            None => Ok(()),
        }
    }

    /// `__read_permission(T, x)`: a read of the `sizeof(T)` bytes at `&x`.
    fn read_permission(&mut self, args: &[Value]) -> Result<(), LiftError> {
        let addr = args.first().copied();
        let pointer = addr
            .filter(|a| matches!(a.kind(), ValueKind::Instruction | ValueKind::ConstantExpr))
            .filter(|a| a.opcode() == Some(Op::LLVMPtrToInt))
            .and_then(|a| a.operand(0));
        let Some(p) = pointer else {
            return Err(self.unsupported("`__read_permission` of something that is not an lvalue"));
        };
        let bytes = match args.get(1).and_then(|b| b.const_int()) {
            Some(b @ 1..=8) => b as u32,
            _ => return Err(self.unsupported("`__read_permission` of a type wider than 8 bytes")),
        };
        let ptr = self.ptr(p)?;
        let n = self.k.vars.len();
        let dst = self.fresh(format!("permission{n}"), Ty::Bv(bytes * 8));
        self.note_access(ptr.region, bytes);
        self.read_into(dst, ptr.region, ptr.offset, bytes);
        Ok(())
    }

    fn unfolder(&self, call: Value) -> Unfolder {
        let mut defs: HashMap<Var, Def> = HashMap::new();
        let mut note = |v: Var, d: Def| {
            defs.entry(v).and_modify(|x| *x = Def::Many).or_insert(d);
        };
        for (b, data) in self.k.blocks.iter().enumerate() {
            for (j, s) in data.stmts.iter().enumerate() {
                if let Some(v) = s.stmt.def() {
                    note(v, Def::Before(Block::new(b), j));
                }
            }
        }
        for (j, s) in self.stmts.iter().enumerate() {
            if let Some(v) = s.stmt.def() {
                note(v, Def::Here(j));
            }
        }
        Unfolder {
            defs,
            values: self.vars.iter().map(|(val, var)| (*var, *val)).collect(),
            spec: self.spec_only_loads(call),
            memo: HashMap::new(),
            dropped: Vec::new(),
            error: None,
        }
    }

    /// The loads among the instructions the call's arguments are computed from whose
    /// value is used by nothing else.
    fn spec_only_loads(&self, call: Value) -> HashSet<Value> {
        let mut slice = HashSet::new();
        let mut stack = call.call_args();
        while let Some(v) = stack.pop() {
            if v.kind() != ValueKind::Instruction || !slice.insert(v) {
                continue;
            }
            stack.extend((0..v.num_operands()).filter_map(|i| v.operand(i)));
        }
        let mut users: HashMap<Value, Vec<Value>> = HashMap::new();
        for bb in self.function.blocks() {
            for i in bb.instructions() {
                for o in (0..i.num_operands()).filter_map(|k| i.operand(k)) {
                    users.entry(o).or_default().push(i);
                }
            }
        }
        let mut spec = slice;
        loop {
            let outside: Vec<Value> = spec
                .iter()
                .copied()
                .filter(|v| {
                    users
                        .get(v)
                        .into_iter()
                        .flatten()
                        .any(|u| *u != call && !spec.contains(u))
                })
                .collect();
            if outside.is_empty() {
                break;
            }
            for v in outside {
                spec.remove(&v);
            }
        }
        spec.retain(|v| v.opcode() == Some(Op::LLVMLoad));
        spec
    }
}

impl Unfolder {
    fn unfold(&mut self, l: &Lifter, e: &Expr) -> Expr {
        self.unfold_in(l, e, false)
    }

    /// `e` with every variable defined once by an assignment or a read replaced by
    /// its unfolded definition. `spec`: `e` computes the value of a load that only
    /// feeds the invariant.
    fn unfold_in(&mut self, l: &Lifter, e: &Expr, spec: bool) -> Expr {
        e.rewrite(&mut |s| match s {
            Expr::Var(v) => Some(self.var(l, *v, spec)),
            _ => None,
        })
    }

    fn var(&mut self, l: &Lifter, v: Var, spec: bool) -> Expr {
        if let Some(e) = self.memo.get(&v) {
            return e.clone();
        }
        let spec = match self.values.get(&v) {
            Some(val) => self.spec.contains(val),
            None => spec,
        };
        // Only an SSA value of the function is defined once for good: a phi's copies
        // include those on back edges, which are lifted later (a loop counter's first
        // value is not its value in the loop), and a variable the lifter made may be
        // assigned again later too.
        let ssa = self.values.get(&v).is_some_and(|val| {
            val.kind() == ValueKind::Instruction && val.opcode() != Some(Op::LLVMPHI)
        });
        let stmt = match self.defs.get(&v) {
            Some(Def::Here(j)) if ssa => l.stmts.get(*j).map(|s| (&s.stmt, Some(*j))),
            Some(Def::Before(b, j)) if ssa => l.k.block(*b).stmts.get(*j).map(|s| (&s.stmt, None)),
            _ => None,
        };
        let e = match stmt {
            Some((Stmt::Assign { value, .. }, _)) => self.unfold_in(l, value, spec),
            Some((
                Stmt::Read {
                    pred: Expr::Bool(true),
                    region,
                    offset,
                    bytes,
                    ..
                },
                here,
            )) if l.k.var(v).ty == Ty::Bv(bytes * 8) => {
                if let (true, Some(j)) = (spec, here) {
                    self.dropped.push(j);
                }
                let offset = self.unfold_in(l, offset, false);
                Ghost::Load {
                    region: *region,
                    offset: &offset,
                    bytes: *bytes,
                }
                .to_expr(&l.k)
            }
            _ => Expr::Var(v),
        };
        if self.memo.len() > 10_000 && self.error.is_none() {
            self.error = Some(l.unsupported("barrier invariant too large to unfold"));
        }
        self.memo.insert(v, e.clone());
        e
    }
}
