//! One thread's steps: statements and terminators of a Lifted or Sorted kernel, on the
//! thread's variables and the machine's memory.

use std::collections::HashMap;

use kir::{
    AccessKind, AssertOrigin, Block, Expr, Ghost, Loc, Region, Space, Stmt, Terminator, Var,
};

use crate::eval::{eval, mask, width, Env, EvalError};
use crate::machine::Machine;
use crate::memory::{InstanceKey, Memory};
use crate::rng::hash;
use crate::votes::Op;
use crate::{Cut, Defect, InterpError, ThreadIds};

/// How many statements run between two readings of the clock against a deadline.
const DEADLINE_EVERY: u64 = 4096;

/// A variable's value in one thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// Not assigned yet: reads as a seeded arbitrary value.
    Unset,
    Val(u64),
    /// Assigned from a two-thread annotation: no concrete value.
    TwoThread(&'static str),
}

/// Where a thread waits at a barrier, and which memory its call orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wait {
    pub block: Block,
    pub index: usize,
    pub grid: bool,
    pub local: bool,
    pub global: bool,
    pub loc: Option<Loc>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Running,
    AtBarrier(Wait),
    /// At a warp vote or shuffle (`votes.rs`), with the thread's operands.
    AtCollective(CollectiveWait),
    Done,
}

/// Where a thread waits at a warp vote, shuffle or reduction, and its operands there: a
/// vote's predicate (0 or 1), a shuffle's `v`, `b` and `c`, a reduction's `v`; the member
/// mask last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CollectiveWait {
    pub block: Block,
    pub index: usize,
    /// The collective's result, and what computes it.
    pub dst: Var,
    pub op: Op,
    pub args: [u64; 4],
    pub loc: Option<Loc>,
}

#[derive(Clone, Debug)]
pub(crate) struct ThreadState {
    pub ids: ThreadIds,
    /// Index of the thread's group in the run's groups.
    pub group: u32,
    pub vars: Vec<Slot>,
    pub block: Block,
    pub index: usize,
    pub status: Status,
    /// How many arbitrary values the thread has drawn (havocs, atomics).
    pub draws: u64,
}

/// What a statement asks of the scheduler.
enum Flow {
    Next,
    /// The statement was a memory access: another thread may run now.
    Access,
    /// The thread waits at a barrier.
    Barrier,
    /// The run cannot go on (an assumption failed, a defect stopped it).
    Stop,
}

/// The instance of `region` a thread of group `group` with index `thread` accesses.
pub(crate) fn instance(k: &kir::Kernel, region: Region, group: u32, thread: u32) -> InstanceKey {
    match k.region(region).space {
        Space::Global | Space::Constant => (region, 0),
        Space::Local => (region, group),
        Space::Private => (region, thread),
    }
}

/// A thread's view for evaluating expressions.
pub(crate) struct View<'a> {
    pub k: &'a kir::Kernel,
    pub th: &'a ThreadState,
    pub index: u32,
    pub mem: &'a Memory,
    pub seed: u64,
    pub functions: &'a HashMap<String, u64>,
}

impl Env for View<'_> {
    fn var(&self, v: Var) -> Result<u64, EvalError> {
        match self.th.vars.get(v.index()).copied().unwrap_or(Slot::Unset) {
            Slot::Val(x) => Ok(x),
            Slot::TwoThread(what) => Err(EvalError::TwoThread(what)),
            Slot::Unset => Ok(hash(&[self.seed, 0x0eed, self.index as u64, v.0 as u64])
                & mask(width(self.k.var(v).ty))),
        }
    }

    fn load(&self, region: Region, offset: u64, bytes: u32) -> u64 {
        let key = instance(self.k, region, self.th.group, self.index);
        self.mem.read(key, offset, bytes)
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn function(&self, key: &str) -> Option<u64> {
        self.functions.get(key).copied()
    }
}

/// Assertions the interpreter does not check: guesses, and properties of two threads or of
/// the verifier's own model.
fn checked(origin: &AssertOrigin) -> bool {
    !matches!(
        origin,
        AssertOrigin::CandidateInvariant { .. }
            | AssertOrigin::BarrierInvariant
            | AssertOrigin::BarrierInvariantAccess { .. }
            | AssertOrigin::GroupUniform { .. }
            | AssertOrigin::Invariant { .. }
            | AssertOrigin::UnwindBound
            | AssertOrigin::BarrierDivergence
            | AssertOrigin::Race { .. }
    )
}

impl Machine<'_> {
    fn view(&self, t: usize) -> View<'_> {
        View {
            k: self.k,
            th: &self.threads[t],
            index: t as u32,
            mem: &self.mem,
            seed: self.seed,
            functions: self.functions,
        }
    }

    pub(crate) fn value(&self, t: usize, e: &Expr) -> Result<u64, EvalError> {
        eval(self.k, &self.view(t), e).map(|(v, _)| v)
    }

    /// The value of an expression control flow or an access depends on.
    fn needed(&self, t: usize, e: &Expr, loc: Option<Loc>) -> Result<u64, InterpError> {
        self.value(t, e).map_err(|EvalError::TwoThread(what)| {
            self.unsupported(
                format!("{what} in control flow, an address or a stored value"),
                loc,
            )
        })
    }

    fn draw(&mut self, t: usize) -> u64 {
        let th = &mut self.threads[t];
        th.draws += 1;
        hash(&[self.seed, 0xd4a3, t as u64, th.draws])
    }

    /// Runs thread `t` until it waits at a barrier or ends; with `interleave`, only up to
    /// and including its next memory access.
    pub(crate) fn run_thread(&mut self, t: usize, interleave: bool) -> Result<(), InterpError> {
        while self.threads[t].status == Status::Running && !self.stopped {
            if self.steps >= self.max_steps {
                self.cut(Cut::StepLimit { steps: self.steps });
                return Ok(());
            }
            // The clock is read once every `DEADLINE_EVERY` statements.
            let late = |d: std::time::Instant| std::time::Instant::now() >= d;
            if self.steps.is_multiple_of(DEADLINE_EVERY) && self.deadline.is_some_and(late) {
                self.cut(Cut::TimeLimit { steps: self.steps });
                return Ok(());
            }
            self.steps += 1;
            let (block, index) = (self.threads[t].block, self.threads[t].index);
            let data = self.k.block(block);
            if index >= data.stmts.len() {
                self.terminator(t, &data.term, data.loc)?;
                continue;
            }
            let sd = &data.stmts[index];
            match self.stmt(t, &sd.stmt, sd.loc, (block, index))? {
                Flow::Next => self.threads[t].index += 1,
                Flow::Access => {
                    self.threads[t].index += 1;
                    if interleave {
                        return Ok(());
                    }
                }
                Flow::Barrier | Flow::Stop => return Ok(()),
            }
        }
        Ok(())
    }

    fn stmt(
        &mut self,
        t: usize,
        stmt: &Stmt,
        loc: Option<Loc>,
        at: (Block, usize),
    ) -> Result<Flow, InterpError> {
        if let Some(pred) = stmt.pred() {
            if self.needed(t, pred, loc)? == 0 {
                return Ok(Flow::Next);
            }
        }
        match stmt {
            Stmt::Assign { dst, value } => {
                let slot = match self.value(t, value) {
                    Ok(v) => Slot::Val(v),
                    Err(EvalError::TwoThread(what)) => Slot::TwoThread(what),
                };
                self.threads[t].vars[dst.index()] = slot;
            }
            Stmt::Havoc { dst } => {
                if let Some((op, args)) = self.collective_operands(t, *dst, loc)? {
                    let (block, index) = at;
                    let wait = CollectiveWait {
                        block,
                        index,
                        dst: *dst,
                        op,
                        args,
                        loc,
                    };
                    self.threads[t].status = Status::AtCollective(wait);
                    return Ok(Flow::Barrier);
                }
                if self.collective_at.is_none() && self.k.collective_results.contains(dst) {
                    self.collective_at = Some(loc);
                }
                let v = self.havoc_value(t, *dst, at);
                self.threads[t].vars[dst.index()] = Slot::Val(v);
            }
            Stmt::Assume { cond } => return Ok(self.assume(t, cond, loc)),
            Stmt::Assert { cond, origin } => self.assert(t, cond, origin, loc),
            Stmt::Barrier {
                fence,
                scope,
                flags,
                ..
            } => {
                let ordered = |on: bool, flag: &Option<Expr>| -> Result<bool, InterpError> {
                    Ok(on
                        && match flag {
                            None => true,
                            Some(f) => self.needed(t, f, loc)? != 0,
                        })
                };
                let wait = Wait {
                    block: at.0,
                    index: at.1,
                    grid: *scope == kir::BarrierScope::Grid,
                    local: ordered(fence.local, &flags.local)?,
                    global: ordered(fence.global, &flags.global)?,
                    loc,
                };
                self.threads[t].status = Status::AtBarrier(wait);
                return Ok(Flow::Barrier);
            }
            Stmt::Read {
                dst,
                region,
                offset,
                bytes,
                ..
            } => {
                let off = self.needed(t, offset, loc)?;
                let key = instance(self.k, *region, self.threads[t].group, t as u32);
                let v = self.mem.read(key, off, *bytes);
                self.log(t, *region, (off, *bytes), AccessKind::Read, v, loc);
                let w = width(self.k.var(*dst).ty);
                self.threads[t].vars[dst.index()] = Slot::Val(v & mask(w));
                return Ok(Flow::Access);
            }
            Stmt::Write {
                region,
                offset,
                value,
                bytes,
                ..
            } => {
                let off = self.needed(t, offset, loc)?;
                let v = self.needed(t, value, loc)?;
                if self.k.region(*region).space == Space::Constant {
                    let d = Defect::ConstantWrite {
                        array: self.k.region(*region).name.clone(),
                        pos: loc.map(|l| self.k.pos(l)),
                        thread: self.threads[t].ids,
                    };
                    self.defect(d, vec![loc]);
                    return Ok(Flow::Access);
                }
                let key = instance(self.k, *region, self.threads[t].group, t as u32);
                self.log(t, *region, (off, *bytes), AccessKind::Write, v, loc);
                self.mem.write(key, off, *bytes, v);
                return Ok(Flow::Access);
            }
            Stmt::Atomic {
                dst,
                region,
                offset,
                bytes,
                op,
                ..
            } => return self.atomic(t, (*region, offset, *bytes), op, *dst, loc),
            Stmt::HavocMemory { region, .. } => {
                let key = instance(self.k, *region, self.threads[t].group, t as u32);
                self.mem.havoc(key);
            }
        }
        Ok(Flow::Next)
    }

    /// An atomic read-modify-write: the old value to `dst`, the new one to memory.
    fn atomic(
        &mut self,
        t: usize,
        (region, offset, bytes): (Region, &Expr, u32),
        op: &str,
        dst: Option<Var>,
        loc: Option<Loc>,
    ) -> Result<Flow, InterpError> {
        let off = self.needed(t, offset, loc)?;
        let key = instance(self.k, region, self.threads[t].group, t as u32);
        let old = self.mem.read(key, off, bytes);
        let m = mask(bytes * 8);
        let new = match op {
            "inc" => old.wrapping_add(1) & m,
            "dec" => old.wrapping_sub(1) & m,
            "load" => old,
            // KIR does not keep the operand: any value the verifier allows.
            _ => self.draw(t) & m,
        };
        self.log(t, region, (off, bytes), AccessKind::Atomic, old, loc);
        self.mem.write(key, off, bytes, new);
        if let Some(d) = dst {
            let w = width(self.k.var(d).ty);
            self.threads[t].vars[d.index()] = Slot::Val(old & mask(w));
        }
        Ok(Flow::Access)
    }

    fn assume(&mut self, t: usize, cond: &Expr, loc: Option<Loc>) -> Flow {
        if let Some(Ghost::Snapshot { dst, src, .. }) = Ghost::of(cond) {
            let g = self.threads[t].group;
            let dst = instance(self.k, dst, g, t as u32);
            let src = instance(self.k, src, g, t as u32);
            self.mem.copy(dst, src);
            return Flow::Next;
        }
        match self.value(t, cond) {
            Ok(0) => {
                self.cut(Cut::Infeasible {
                    pos: loc.map(|l| self.k.pos(l)),
                    thread: self.threads[t].ids,
                });
                Flow::Stop
            }
            Ok(_) => Flow::Next,
            Err(EvalError::TwoThread(what)) => {
                // A warp collective's one result per warp is the interpreter's known gap
                // (`ScheduleResult::collective`), not an unchecked user assumption.
                if !self.k.mentions_collective(cond) {
                    self.note_unchecked(loc, &format!("an assumption using {what}"));
                }
                Flow::Next
            }
        }
    }

    fn assert(&mut self, t: usize, cond: &Expr, origin: &AssertOrigin, loc: Option<Loc>) {
        if !checked(origin) {
            self.note_unchecked(loc, &kir::origin_name(origin));
            return;
        }
        // `__global_assert` must hold for the threads that do not execute it too, which
        // the interpreter does not see: it checks the threads that do.
        if *origin == AssertOrigin::UserGlobal {
            self.note_unchecked(
                loc,
                "a __global_assert for the threads that do not reach it",
            );
        }
        match self.value(t, cond) {
            Ok(0) => {
                let d = Defect::Assertion {
                    origin: kir::origin_name(origin),
                    pos: loc.map(|l| self.k.pos(l)),
                    thread: self.threads[t].ids,
                };
                self.defect(d, vec![loc]);
            }
            Ok(_) => {}
            Err(EvalError::TwoThread(what)) => {
                self.note_unchecked(loc, &format!("an assertion using {what}"));
            }
        }
    }

    /// When `dst` is a warp vote's, shuffle's or reduction's result: what it computes and
    /// thread `t`'s operands.
    fn collective_operands(
        &self,
        t: usize,
        dst: Var,
        loc: Option<Loc>,
    ) -> Result<Option<(Op, [u64; 4])>, InterpError> {
        let value = |e: &Expr| self.needed(t, e, loc);
        if let Some(vote) = self.k.warp_votes.iter().find(|v| v.dst == dst) {
            let p = (value(&vote.pred)? != 0) as u64;
            return Ok(Some((Op::Vote(vote.kind), [p, 0, 0, value(&vote.mask)?])));
        }
        if let Some(r) = self.k.warp_reductions.iter().find(|r| r.dst == dst) {
            let args = [value(&r.v)?, 0, 0, value(&r.mask)?];
            return Ok(Some((Op::Reduce(r.op), args)));
        }
        let Some(s) = self.k.warp_shuffles.iter().find(|s| s.dst == dst) else {
            return Ok(None);
        };
        let args = [value(&s.v)?, value(&s.b)?, value(&s.c)?, value(&s.mask)?];
        Ok(Some((Op::Shuffle(s.mode), args)))
    }

    /// A value for `havoc dst`: a seeded one (0 or 1 a quarter of the time, below 256 half
    /// of it, any value the rest), unless the
    /// assumptions among the statements without side effects after the havoc rule it out
    /// and a small number satisfies them.
    pub(crate) fn havoc_value(
        &mut self,
        t: usize,
        dst: Var,
        (block, index): (Block, usize),
    ) -> u64 {
        let m = mask(width(self.k.var(dst).ty));
        let r = self.draw(t);
        let first = match r % 8 {
            0 => 0,
            1 => 1,
            2 | 3 => r,
            _ => (r >> 8) % 256,
        } & m;
        let prefix: Vec<&Stmt> = self.k.block(block).stmts[index + 1..]
            .iter()
            .map(|s| &s.stmt)
            .take_while(|s| {
                matches!(
                    s,
                    Stmt::Assign { .. }
                        | Stmt::Havoc { .. }
                        | Stmt::Assume { .. }
                        | Stmt::Assert { .. }
                )
            })
            .collect();
        if !prefix.iter().any(|s| matches!(s, Stmt::Assume { .. })) {
            return first;
        }
        let saved = self.threads[t].vars.clone();
        let mut chosen = first;
        for c in std::iter::once(first).chain((0..64u64).map(|c| c & m)) {
            self.threads[t].vars.clone_from(&saved);
            self.threads[t].vars[dst.index()] = Slot::Val(c);
            if self.assumptions_hold(t, &prefix) {
                chosen = c;
                break;
            }
        }
        self.threads[t].vars = saved;
        chosen
    }

    /// Runs the assignments of `stmts` on thread `t`'s variables: whether every assumption
    /// among them holds.
    fn assumptions_hold(&mut self, t: usize, stmts: &[&Stmt]) -> bool {
        for s in stmts {
            match s {
                Stmt::Assign { dst, value } => {
                    let slot = match self.value(t, value) {
                        Ok(v) => Slot::Val(v),
                        Err(EvalError::TwoThread(what)) => Slot::TwoThread(what),
                    };
                    self.threads[t].vars[dst.index()] = slot;
                }
                Stmt::Assume { cond } if self.value(t, cond) == Ok(0) => return false,
                _ => {}
            }
        }
        true
    }

    fn terminator(
        &mut self,
        t: usize,
        term: &Terminator,
        loc: Option<Loc>,
    ) -> Result<(), InterpError> {
        let next = match term {
            Terminator::Goto(b) => *b,
            Terminator::Branch {
                cond,
                then_to,
                else_to,
            } => {
                if self.needed(t, cond, loc)? != 0 {
                    *then_to
                } else {
                    *else_to
                }
            }
            Terminator::Switch {
                value,
                cases,
                default,
            } => {
                let v = self.needed(t, value, loc)?;
                cases
                    .iter()
                    .find(|(c, _)| *c == v)
                    .map(|(_, b)| *b)
                    .unwrap_or(*default)
            }
            Terminator::Choice(targets) => self.choose(t, targets, loc)?,
            Terminator::Return => {
                self.threads[t].status = Status::Done;
                return Ok(());
            }
            Terminator::Unreachable => {
                self.cut(Cut::Infeasible {
                    pos: loc.map(|l| self.k.pos(l)),
                    thread: self.threads[t].ids,
                });
                return Ok(());
            }
        };
        let th = &mut self.threads[t];
        th.block = next;
        th.index = 0;
        Ok(())
    }

    /// A non-deterministic `goto`: a target whose leading assumptions hold, tried in a
    /// seeded order.
    fn choose(
        &mut self,
        t: usize,
        targets: &[Block],
        loc: Option<Loc>,
    ) -> Result<Block, InterpError> {
        if targets.is_empty() {
            return Err(self.unsupported("a choice without targets".into(), loc));
        }
        let start = (self.draw(t) % targets.len() as u64) as usize;
        for i in 0..targets.len() {
            let b = targets[(start + i) % targets.len()];
            let feasible = self.k.block(b).stmts.iter().map_while(|s| match &s.stmt {
                Stmt::Assume { cond } => Some(cond),
                _ => None,
            });
            if feasible.into_iter().all(|c| self.value(t, c) != Ok(0)) {
                return Ok(b);
            }
        }
        Ok(targets[start])
    }
}
