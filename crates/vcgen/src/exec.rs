//! Symbolic execution of the two-thread program into a [`Vc`].
//!
//! After predication the program is straight-line but for loops, whose last block chooses
//! between a back block (some thread is still at the head) and an exit block (no thread
//! is). Replaying a loop body when no thread is at its head does nothing (every statement
//! in it is guarded by its block's `v_active` test), so a loop unrolled `n` times is the
//! body replayed `n` times followed by "no thread is at the head", which is checked
//! (complete exploration) or assumed (bounded exploration).
//!
//! Memory is byte-addressed: a global or constant region is one array shared by both
//! threads; a local region is one array per thread that are the same array while the two
//! threads are in one group; a private region is one array per thread. A region accessed
//! only by aligned words of one size has word cells (see `granularity.rs`), else bytes.

use std::collections::HashMap;

use kir::{AssertOrigin, BinOp, Expr, Kernel, Region, Space, Stmt, StmtData, Thread, Ty, Var};

use vc::{BvOp, CheckKind, Coverage, Event, Sort, TermId, Terms};

use crate::expr_to_term::{sort_of, thread_index};
use crate::{CheckInfo, CheckOrigin, Vc};
use crate::{LoopMode, SharedMemory, VcError, VcOptions};

pub struct Exec<'k> {
    pub(crate) k: &'k Kernel,
    pub terms: Terms,
    pub(crate) env: Vec<Option<TermId>>,
    pub(crate) mem: Vec<[TermId; 2]>,
    /// Bytes per memory cell, by region (1: a byte array).
    pub(crate) cells: Vec<u32>,
    pub(crate) same_group: Option<Var>,
    pub events: Vec<Event>,
    pub checks: Vec<CheckInfo>,
    pub(crate) fresh: u32,
    /// Loops by head position.
    pub(crate) loops: std::collections::BTreeMap<usize, crate::loops::LoopSpan>,
    /// Invariants (candidate index, head, expression) used when loops are cut.
    pub(crate) invariants: Vec<crate::Invariant>,
    /// Back and exit blocks: not executed in order, their conditions are used instead.
    pub(crate) skip: Vec<bool>,
    pub(crate) mode: LoopMode,
    pub(crate) shared: SharedMemory,
    pub(crate) max_terms: usize,
    /// k-induction depth of loop cuts (1: the plain cut).
    pub(crate) depth: u32,
    /// The placeholder for `same_group` used in the initial local memories, and the
    /// variable it must equal once assigned.
    pub(crate) pending_same_group: Option<(TermId, Var)>,
    /// Reads' destinations that are block-local (`locals.rs`).
    pub(crate) local_reads: std::collections::HashSet<Var>,
    /// Variables that only ever receive constants, with those constants.
    pub(crate) finite: HashMap<Var, std::collections::BTreeSet<u64>>,
    /// Variables that only ever receive multiples of `2^n`, with `n`.
    pub(crate) aligned: HashMap<Var, u32>,
    /// The heads of the loops cut (their state made arbitrary) before the statements
    /// executed now, in order.
    pub(crate) cuts: Vec<Option<kir::Loc>>,
    /// The statement being run (see [`CheckOrigin::site`]).
    pub(crate) site: Option<(usize, usize)>,
}

impl<'k> Exec<'k> {
    #[cfg(test)]
    pub fn new(k: &'k Kernel, same_group: Option<Var>, opts: VcOptions) -> Result<Self, VcError> {
        Self::with_invariants(k, same_group, opts, Vec::new())
    }

    /// An execution that cuts loops with `invariants`.
    pub fn with_invariants(
        k: &'k Kernel,
        same_group: Option<Var>,
        opts: VcOptions,
        invariants: Vec<crate::Invariant>,
    ) -> Result<Self, VcError> {
        let crate::loops::Layout { loops, skip } = crate::loops::layout(k)?;
        let aligned = crate::loops::aligned_values(k);
        let exprs: Vec<&Expr> = invariants.iter().map(|i| &i.expr).collect();
        let cells = crate::granularity::cell_bytes(k, &exprs, &aligned);
        let mut terms = Terms::default();
        let mut mem = Vec::new();
        let mut same_group_term = None;
        for (i, r) in k.regions.iter().enumerate() {
            let sort = Sort::Mem(8 * cells[i]);
            let base = terms.sym(format!("mem.{}.{i}", r.name), sort);
            let pair = match r.space {
                Space::Global | Space::Constant => [base, base],
                Space::Private => {
                    let other = terms.sym(format!("mem.{}.{i}$2", r.name), sort);
                    [base, other]
                }
                Space::Local => {
                    let other = terms.sym(format!("mem.{}.{i}$2", r.name), sort);
                    let sg = *same_group_term
                        .get_or_insert_with(|| terms.sym("same_group.init".into(), Sort::Bool));
                    [base, terms.ite(sg, base, other)]
                }
            };
            mem.push(pair);
        }
        let mut exec = Exec {
            k,
            terms,
            env: vec![None; k.vars.len()],
            mem,
            cells,
            same_group,
            events: Vec::new(),
            checks: Vec::new(),
            fresh: 0,
            loops,
            skip,
            mode: opts.loops,
            shared: opts.shared,
            max_terms: opts.max_terms,
            depth: opts.k_induction.max(1),
            invariants,
            pending_same_group: None,
            finite: crate::loops::finite_values(k),
            local_reads: crate::locals::local_destinations(k),
            aligned,
            cuts: Vec::new(),
            site: None,
        };
        // Local memory is shared exactly when the threads share a group: tie the
        // placeholder used above to the program's `same_group` once it is assigned.
        if let (Some(sg_term), Some(sg)) = (same_group_term, same_group) {
            exec.pending_same_group = Some((sg_term, sg));
        }
        Ok(exec)
    }

    /// Runs the whole kernel; `inputs` and `switches` are named after the run (a switch
    /// is assigned once, on entry, so its final term is the one the VC assumes).
    pub fn run(
        mut self,
        inputs: Vec<(String, Var)>,
        switches: &[(String, Var)],
    ) -> Result<Vc, VcError> {
        let n = self.k.layout.len();
        self.range(0, n)?;
        let mut inputs: Vec<_> = inputs
            .into_iter()
            .map(|(name, v)| (name, self.var(v)))
            .collect();
        inputs.extend(crate::ground_applications(&self.terms));
        let switches = (switches.iter())
            .map(|(name, v)| (name.clone(), self.var(*v)))
            .collect();
        let coverage = match self.mode {
            LoopMode::Complete(_) | LoopMode::Cut => Coverage::Complete,
            LoopMode::Bounded(n) => Coverage::Bounded(n),
        };
        Ok(Vc {
            terms: self.terms,
            events: self.events,
            checks: self.checks,
            inputs,
            coverage,
            switches,
        })
    }

    pub(crate) fn range(&mut self, start: usize, end: usize) -> Result<(), VcError> {
        let mut i = start;
        while i < end {
            if let Some(span) = self.loops.get(&i).cloned() {
                match self.mode {
                    LoopMode::Cut => self.cut(&span)?,
                    _ => self.unroll(i, span.last, &span.back)?,
                }
                i = span.last + 1;
                continue;
            }
            if !self.skip[i] {
                self.block(i)?;
            }
            i += 1;
        }
        Ok(())
    }

    pub(crate) fn block(&mut self, i: usize) -> Result<(), VcError> {
        let data = self.k.block(self.k.layout[i]);
        for (j, s) in data.stmts.iter().enumerate() {
            self.stmt_at((i, j), s)?;
        }
        if self.terms.len() > self.max_terms {
            return Err(VcError::TooLarge {
                limit: self.max_terms,
            });
        }
        Ok(())
    }

    pub(crate) fn check(
        &mut self,
        cond: TermId,
        origin: AssertOrigin,
        loc: Option<kir::Loc>,
        witness: Vec<(String, TermId)>,
    ) {
        if self.terms.as_bool(cond) == Some(true) {
            return;
        }
        let kind = match origin {
            AssertOrigin::Invariant { index, at_entry } => CheckKind::Candidate { index, at_entry },
            AssertOrigin::UnwindBound => CheckKind::UnwindBound,
            _ => CheckKind::Property,
        };
        self.checks.push(CheckInfo {
            kind,
            label: kir::origin_name(&origin),
            witness,
            meta: CheckOrigin {
                origin,
                loc,
                cuts: self.cuts.clone(),
                site: self.site,
            },
        });
        let check = self.checks.len() - 1;
        self.events.push(Event::Check { cond, check });
    }

    /// [`Exec::stmt`] for statement `j` of the block at layout position `i`.
    pub(crate) fn stmt_at(&mut self, (i, j): (usize, usize), s: &StmtData) -> Result<(), VcError> {
        self.site = Some((i, j));
        let done = self.stmt(s);
        self.site = None;
        done
    }

    pub(crate) fn stmt(&mut self, s: &StmtData) -> Result<(), VcError> {
        match &s.stmt {
            Stmt::Assign { dst, value } => {
                let t = self.expr(value)?;
                self.env[dst.index()] = Some(t);
                if let Some((placeholder, sg)) = self.pending_same_group {
                    if sg == *dst {
                        let eq = self.terms.eq(placeholder, t);
                        self.events.push(Event::Assume(eq));
                        self.pending_same_group = None;
                    }
                }
            }
            Stmt::Havoc { dst } => {
                let t = self.fresh_var(*dst);
                self.env[dst.index()] = Some(t);
            }
            Stmt::Assume { cond } => {
                let t = self.expr(cond)?;
                self.events.push(Event::Assume(t));
                self.assumed_value(cond);
            }
            // A user's guess for Houdini (see `user_candidates`), not a check.
            Stmt::Assert {
                origin: AssertOrigin::CandidateInvariant { .. },
                ..
            } => {}
            Stmt::Assert { cond, origin } => {
                let t = match self.word_race(origin) {
                    Some(bytes) => self.expr(&lockstep::overlaps_as_equal(cond, bytes))?,
                    None => self.expr(cond)?,
                };
                let mut witness = Vec::new();
                for (name, e) in &s.witness {
                    witness.push((name.clone(), self.expr(e)?));
                }
                self.check(t, origin.clone(), s.loc, witness);
            }
            Stmt::Atomic {
                pred,
                dst,
                region,
                offset,
                bytes,
                thread,
                ..
            } => {
                // Abstract: the old value is arbitrary, and so is what the location holds
                // afterwards (other threads' atomics may interleave).
                let (p, off, t) = self.access(pred, offset, *thread)?;
                if let Some(d) = dst {
                    let old = self.fresh_var(*d);
                    let prev = self.var(*d);
                    self.env[d.index()] = Some(self.terms.ite(p, old, prev));
                }
                let name = format!("atomic.{}", self.k.region(*region).name);
                let new = self.fresh_sym(&name, Sort::Bv(bytes * 8));
                self.write(*region, t, p, off, new, *bytes)?;
            }
            Stmt::Barrier { .. } => {
                return Err(VcError::Malformed(format!(
                    "statement not expected in a two-thread program: {:?}",
                    s.stmt
                )))
            }
            Stmt::Read { .. } => self.read(&s.stmt)?,
            Stmt::Write {
                pred,
                region,
                offset,
                value,
                bytes,
                thread,
            } => {
                let (p, off, t) = self.access(pred, offset, *thread)?;
                let v = self.expr(value)?;
                // Nothing reads an adversarial array's contents back.
                let untracked = (self.shared == SharedMemory::Warps
                    && matches!(self.k.region(*region).space, Space::Global | Space::Local))
                    || self.k.adversarial.contains(region);
                if !untracked {
                    self.write(*region, t, p, off, v, *bytes)?;
                }
            }
            Stmt::HavocMemory { pred, region } => {
                let p = self.expr(pred)?;
                self.havoc_memory(*region, p);
            }
        }
        Ok(())
    }

    /// After an assumption that leaves a variable one value (`v == c`, or `v <u 1` as the
    /// prologue assumes of the id of a dimension of size 1), the variable is that value from
    /// then on: exact, and the terms after it fold (`group_id * 120 + local_id` is
    /// `local_id` in a launch of one group). Z3's incremental core does not substitute it
    /// itself.
    fn assumed_value(&mut self, cond: &Expr) {
        let (v, value) = match cond {
            Expr::Binary(BinOp::Ult, a, b) => match (&**a, &**b) {
                (Expr::Var(v), Expr::Int { value: 1, width }) => (*v, (0, *width)),
                _ => return,
            },
            Expr::Binary(BinOp::Eq, a, b) => match (&**a, &**b) {
                (Expr::Var(v), Expr::Int { value, width })
                | (Expr::Int { value, width }, Expr::Var(v)) => (*v, (*value, *width)),
                _ => return,
            },
            _ => return,
        };
        if let Some(slot) = self.env.get_mut(v.index()) {
            let c = self.terms.bv(value.0, value.1);
            *slot = Some(c);
        }
    }

    /// The word size of a race check's region when its memory is words: every access of
    /// it is one word at a multiple of the word size, so two overlap only when their
    /// offsets are equal (see [`lockstep::overlaps_as_equal`]).
    fn word_race(&self, origin: &AssertOrigin) -> Option<u64> {
        let AssertOrigin::Race { region, .. } = origin else {
            return None;
        };
        let bytes = *self.cells.get(region.index())?;
        (bytes > 1).then_some(bytes as u64)
    }

    /// A read: the loaded value (or an arbitrary one, as the memory model says) where the
    /// reading thread's predicate holds.
    fn read(&mut self, s: &Stmt) -> Result<(), VcError> {
        let Stmt::Read {
            pred,
            dst,
            region,
            offset,
            bytes,
            thread,
        } = s
        else {
            return Ok(());
        };
        let (p, off, t) = self.access(pred, offset, *thread)?;
        // With warps, the benign-tolerance reads of the value a write replaces
        // stay arbitrary: comparing them costs much solver time, and an arbitrary
        // old value only makes fewer writes benign.
        let abstracted = match self.shared {
            SharedMemory::Arrays => false,
            SharedMemory::Adversarial => true,
            SharedMemory::Warps => {
                matches!(self.k.var(*dst).kind, kir::VarKind::Instrumentation)
            }
        } || self.k.adversarial.contains(region);
        let adversarial =
            abstracted && matches!(self.k.region(*region).space, Space::Global | Space::Local);
        let value = if adversarial {
            let name = format!("read.{}", self.k.region(*region).name);
            self.fresh_sym(&name, Sort::Bv(bytes * 8))
        } else {
            self.load(*region, t, off, *bytes)?
        };
        let value = match self.k.var(*dst).ty {
            Ty::Bool => {
                let zero = self.terms.bv(0, bytes * 8);
                let z = self.terms.eq(value, zero);
                self.terms.not(z)
            }
            Ty::Bv(_) => value,
        };
        // A block-local destination needs no old value when the thread is not in the block.
        if self.local_reads.contains(dst) && crate::locals::only_active(self.k, pred) {
            self.env[dst.index()] = Some(value);
            return Ok(());
        }
        let old = self.var(*dst);
        self.env[dst.index()] = Some(self.terms.ite(p, value, old));
        Ok(())
    }

    /// The bytes of cells of `r` that must be `bytes` long unless they are bytes.
    fn cell(&self, r: Region, bytes: u32) -> Result<u32, VcError> {
        match self.cells.get(r.index()) {
            Some(&c) if c == 1 || c == bytes => Ok(c),
            _ => Err(VcError::Malformed(format!(
                "{bytes}-byte access to {r}, whose cells are not bytes nor {bytes} bytes"
            ))),
        }
    }

    /// What thread `t` reads: `bytes` bytes of `r` at byte `off`, little-endian.
    pub(crate) fn load(
        &mut self,
        r: Region,
        t: usize,
        off: TermId,
        bytes: u32,
    ) -> Result<TermId, VcError> {
        let cell = self.cell(r, bytes)?;
        let mem = self.mem[r.index()][t];
        if cell > 1 {
            return Ok(self.terms.select(mem, off));
        }
        let mut value: Option<TermId> = None;
        for i in 0..bytes {
            let k = self.terms.bv(i as u64, 64);
            let addr = self.terms.bv_bin(BvOp::Add, off, k);
            let byte = self.terms.select(mem, addr);
            value = Some(match value {
                None => byte,
                Some(lo) => self.terms.concat(byte, lo),
            });
        }
        Ok(value.unwrap_or_else(|| self.terms.bv(0, 8)))
    }

    fn write(
        &mut self,
        r: Region,
        t: usize,
        p: TermId,
        off: TermId,
        v: TermId,
        bytes: u32,
    ) -> Result<(), VcError> {
        let cell = self.cell(r, bytes)?;
        let v = if self.terms.sort(v) == Sort::Bool {
            let one = self.terms.bv(1, 8 * cell);
            let zero = self.terms.bv(0, 8 * cell);
            self.terms.ite(v, one, zero)
        } else {
            v
        };
        let old = self.mem[r.index()][t];
        let new = if cell > 1 {
            self.terms.store(old, off, v)
        } else {
            let mut new = old;
            for i in 0..bytes {
                let k = self.terms.bv(i as u64, 64);
                let addr = self.terms.bv_bin(BvOp::Add, off, k);
                let byte = self.terms.extract(8 * i + 7, 8 * i, v);
                new = self.terms.store(new, addr, byte);
            }
            new
        };
        let updated = self.terms.ite(p, new, old);
        let o = 1 - t;
        match self.k.region(r).space {
            Space::Global | Space::Constant => self.mem[r.index()] = [updated, updated],
            Space::Private => self.mem[r.index()][t] = updated,
            Space::Local => {
                self.mem[r.index()][t] = updated;
                let sg = self.same_group_term();
                let both = self.terms.and(p, sg);
                let other = self.mem[r.index()][o];
                self.mem[r.index()][o] = self.terms.ite(both, new, other);
            }
        }
        Ok(())
    }

    pub(crate) fn havoc_memory(&mut self, r: Region, p: TermId) {
        self.fresh += 1;
        let name = format!(
            "mem.{}.{}.havoc{}",
            self.k.region(r).name,
            r.index(),
            self.fresh
        );
        let sort = Sort::Mem(8 * self.cells.get(r.index()).copied().unwrap_or(1));
        let f1 = self.terms.sym(name.clone(), sort);
        let [m1, m2] = self.mem[r.index()];
        match self.k.region(r).space {
            Space::Global | Space::Constant => {
                let m = self.terms.ite(p, f1, m1);
                self.mem[r.index()] = [m, m];
            }
            Space::Local | Space::Private => {
                let f2 = self.terms.sym(format!("{name}$2"), sort);
                // Threads of one group share their local memory, never their private
                // memory.
                let f2 = match self.k.region(r).space {
                    Space::Local => {
                        let sg = self.same_group_term();
                        self.terms.ite(sg, f1, f2)
                    }
                    _ => f2,
                };
                let a = self.terms.ite(p, f1, m1);
                let b = self.terms.ite(p, f2, m2);
                self.mem[r.index()] = [a, b];
            }
        }
    }

    /// A new free constant named `prefix.N`, N unique in this VC.
    fn fresh_sym(&mut self, prefix: &str, sort: Sort) -> TermId {
        self.fresh += 1;
        let name = format!("{prefix}.{}", self.fresh);
        self.terms.sym(name, sort)
    }

    /// An access's predicate, byte offset and thread (0 or 1).
    fn access(
        &mut self,
        pred: &Expr,
        offset: &Expr,
        thread: Option<Thread>,
    ) -> Result<(TermId, TermId, usize), VcError> {
        Ok((self.expr(pred)?, self.expr(offset)?, thread_index(thread)?))
    }

    fn same_group_term(&mut self) -> TermId {
        match self.same_group {
            Some(v) => self.var(v),
            None => self.terms.bool(true),
        }
    }

    pub(crate) fn fresh_var(&mut self, v: Var) -> TermId {
        let data = self.k.var(v);
        let name = format!("{}.{}", data.name, v.index());
        self.fresh_sym(&name, sort_of(data.ty))
    }

    /// The current value of a variable (a free constant until first assigned).
    pub(crate) fn var(&mut self, v: Var) -> TermId {
        if let Some(t) = self.env[v.index()] {
            return t;
        }
        let data = self.k.var(v);
        let t = self
            .terms
            .sym(format!("{}.{}", data.name, v.index()), sort_of(data.ty));
        self.env[v.index()] = Some(t);
        t
    }
}

#[cfg(test)]
mod tests;
