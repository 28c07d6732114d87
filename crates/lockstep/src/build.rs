//! The lock-step construction of the paper's Table 3, for the pair of threads `$1`, `$2`,
//! with race and divergence instrumentation.

use kir::{
    AccessKind, AssertOrigin, BarrierScope, BinOp, Block, Builtin, Expr, Ghost, Kernel, Phase,
    Region, Space, Stmt, StmtData, Terminator, Thread, Var, VarKind,
};

use crate::counters::Counters;
use crate::instrument::{can_race, widen64, Access1, Instrumentation};
use crate::threads::ThreadMap;
use crate::{Access, LockstepError, Options, TwoThread};

#[path = "barrier_inv.rs"]
mod barrier_inv;
#[path = "taken.rs"]
mod taken;

pub fn build(pred: &Kernel, opts: &Options) -> Result<TwoThread, LockstepError> {
    if pred.phase != Phase::Predicated {
        return Err(LockstepError::NotPredicated);
    }
    crate::snapshots::check(pred)?;
    let mut k = pred.clone();
    k.phase = Phase::TwoThread;
    let map = ThreadMap::build(&mut k, &opts.launch);
    if let Some(names) = &opts.check_arrays {
        crate::checked::known_arrays(&k, names)?;
    }
    let inst = Instrumentation::new(
        &mut k,
        opts.benign_tolerance,
        opts.warp_size.is_some(),
        opts.check_arrays.as_deref(),
        opts.only_log,
    );
    let counters = {
        let logs = &inst.logs;
        let checked = |r: Region| {
            logs.get(r.index())
                .copied()
                .flatten()
                .is_some_and(|l| l.checked)
        };
        Counters::new(pred, &mut k, &opts.launch, &checked)?
    };
    let mut binv = barrier_inv::state(pred, &mut k);
    binv.skip_access_checks = !opts.barrier_access_checks;
    let mut b = Builder {
        written: written_regions(pred),
        binv,
        only_intra_group: opts.only_intra_group,
        counters,
        launch: opts.launch,
        warp_size: opts.warp_size,
        k,
        map,
        inst,
        asymmetric: tainted_vars(pred, is_log),
        pairwise: tainted_vars(pred, is_other),
        accesses: vec![Access {
            kind: AccessKind::Read,
            region: Region::new(0),
            loc: None,
        }],
    };
    let back_blocks = back_blocks(pred);
    let heads: Vec<Block> = back_blocks
        .iter()
        .filter_map(|&t| match pred.block(t).term {
            Terminator::Goto(h) => Some(h),
            _ => None,
        })
        .collect();
    for &blk in &pred.layout {
        let data = pred.block(blk);
        let mut stmts = Vec::new();
        for s in &data.stmts {
            b.resolve_taken(s, &mut stmts)?;
            if let Stmt::Assert {
                cond,
                origin:
                    origin @ (AssertOrigin::LoopInvariant { .. }
                    | AssertOrigin::CandidateInvariant { .. }),
            } = &s.stmt
            {
                b.loop_invariant(cond, origin, heads.contains(&blk), s.loc, &mut stmts)?;
                continue;
            }
            if let Stmt::Assert {
                cond,
                origin: AssertOrigin::BarrierInvariant,
            } = &s.stmt
            {
                b.pending_invariant(cond, s.loc)?;
                continue;
            }
            b.stmt(s, back_blocks.contains(&blk), &mut stmts)?;
        }
        b.unplaced_invariants()?;
        let new = b.k.block_mut(blk);
        new.stmts = stmts;
        new.term = data.term.clone();
    }
    let init = b.init();
    let entry = pred.entry();
    let init_block = b.k.add_block("init", Terminator::Goto(entry));
    b.k.block_mut(init_block).stmts = init;
    b.k.layout.insert(0, init_block);
    Ok(TwoThread {
        launch: b.launch,
        same_group: b.inst.same_group,
        assumptions: std::mem::take(&mut b.counters.assumptions),
        kernel: b.k,
        accesses: b.accesses,
    })
}

/// Per region: whether some statement of the kernel may change it (a write, an atomic, a
/// havoc of memory). The threads all run this kernel, so a region none of its statements
/// changes holds the same contents throughout.
fn written_regions(k: &Kernel) -> Vec<bool> {
    let mut written = vec![false; k.regions.len()];
    for (_, data) in k.laid_out() {
        for s in &data.stmts {
            if let Stmt::Write { region, .. }
            | Stmt::Atomic { region, .. }
            | Stmt::HavocMemory { region, .. } = &s.stmt
            {
                written[region.index()] = true;
            }
        }
    }
    written
}

fn is_log(g: Ghost<'_>) -> bool {
    matches!(g, Ghost::LogHas { .. } | Ghost::LogOffset { .. })
}

fn is_other(g: Ghost<'_>) -> bool {
    matches!(g, Ghost::Other(_))
}

/// The variables whose value depends on a ghost `is` accepts (assigned from an expression
/// that mentions one, or such a variable). Those computed from thread 1's race logs
/// have a meaningless copy for thread 2, so a condition over them is only assumed for
/// thread 1; those computed from the other thread's values are about two distinct
/// threads (as in GPUVerify, where the pair is always distinct).
fn tainted_vars(k: &Kernel, is: fn(Ghost<'_>) -> bool) -> Vec<bool> {
    let mut tainted = vec![false; k.vars.len()];
    loop {
        let mut changed = false;
        for (_, data) in k.laid_out() {
            for s in &data.stmts {
                // A value read at a tainted offset is tainted too.
                let (dst, value) = match &s.stmt {
                    Stmt::Assign { dst, value } => (dst, value),
                    Stmt::Read { dst, offset, .. } => (dst, offset),
                    _ => continue,
                };
                if tainted[dst.index()] {
                    continue;
                }
                let mut uses = Ghost::any_in(value, &is);
                value.for_each_var(&mut |v| uses |= tainted.get(v.index()) == Some(&true));
                if uses {
                    tainted[dst.index()] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            return tainted;
        }
    }
}

fn other(t: Thread) -> Thread {
    match t {
        Thread::T1 => Thread::T2,
        Thread::T2 => Thread::T1,
    }
}

/// Blocks that lead back to a loop head (the paper's `B_back`): their `assume` lets the loop
/// continue while *some* thread is at the head, where an exit block needs *all* threads out.
fn back_blocks(k: &Kernel) -> Vec<Block> {
    let pos: std::collections::HashMap<Block, usize> =
        k.layout.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let mut out = Vec::new();
    for (_, data) in k.laid_out() {
        if let Terminator::Choice(targets) = &data.term {
            for &t in targets {
                if let Terminator::Goto(head) = k.block(t).term {
                    if pos.get(&head) < pos.get(&t) {
                        out.push(t);
                    }
                }
            }
        }
    }
    out
}

struct Builder {
    /// Per region: some statement of the kernel writes it (one no thread writes keeps its
    /// contents across barriers).
    written: Vec<bool>,
    /// Barrier invariants waiting for their barrier, and access permissions.
    binv: barrier_inv::State,
    /// Only pairs of threads in one group are considered (`--only-intra-group`).
    only_intra_group: bool,
    /// Refined atomic counters.
    counters: Counters,
    launch: crate::Launch,
    /// Variables computed from thread 1's race logs (see [`tainted_vars`]).
    asymmetric: Vec<bool>,
    /// Variables computed from the other thread's values.
    pairwise: Vec<bool>,
    warp_size: Option<u32>,
    k: Kernel,
    map: ThreadMap,
    inst: Instrumentation,
    accesses: Vec<Access>,
}

impl Builder {
    /// φ_t(e), with the ghosts of the annotation language resolved: `__other_*(x)` is
    /// φ of the other thread, `__same_group` the pair's flag, the race-log predicates
    /// thread 1's logs (a region without logs has never logged an access; a local
    /// region's log counts only for a pair in one group).
    fn phi(&self, t: Thread, e: &Expr) -> Expr {
        if !Ghost::any_in(e, &|_| true) {
            return self.map.expr(t, e);
        }
        let logs = |r: Region| self.inst.logs.get(r.index()).copied().flatten();
        e.rewrite(&mut |s| match Ghost::of(s) {
            Some(Ghost::Other(x)) => Some(self.phi(other(t), x)),
            Some(Ghost::SameGroup) => Some(Expr::Var(self.inst.same_group)),
            // Local memory is only shared within a group, and its logs only matter (and
            // are only reset at barriers) for a pair in one group.
            Some(Ghost::LogHas { region, kind }) => Some(match logs(region) {
                Some(l) if self.k.region(region).space == Space::Local => {
                    Expr::and(Expr::Var(self.inst.same_group), Expr::Var(l.of(kind).has))
                }
                Some(l) => Expr::Var(l.of(kind).has),
                None => Expr::ff(),
            }),
            Some(Ghost::LogOffset { region, kind }) => Some(match logs(region) {
                Some(l) => Expr::Var(l.of(kind).offset),
                None => Expr::int(0, kir::OFFSET_WIDTH),
            }),
            // `__array_snapshot`: in thread `t`'s memory.
            Some(Ghost::Snapshot {
                dst,
                src,
                thread: None,
            }) => Some(
                Ghost::Snapshot {
                    dst,
                    src,
                    thread: Some(t),
                }
                .to_expr(&self.k),
            ),
            Some(Ghost::Snapshot { .. }) => Some(s.clone()),
            // Read from thread `t`'s log before the statement (`taken.rs`).
            Some(Ghost::TakenValue { .. }) => Some(self.taken_answer(s, t)),
            // Loads and barrier invariants are resolved at barriers (`barrier_inv.rs`);
            // elsewhere their arguments are mapped like any expression.
            Some(
                Ghost::Enabled
                | Ghost::DominatorEnabled
                | Ghost::Load { .. }
                | Ghost::LoadOf { .. }
                | Ghost::BarrierInvariant { .. },
            )
            | None => match s {
                Expr::Var(_) => Some(self.map.expr(t, s)),
                _ => None,
            },
        })
    }

    fn is_asymmetric(&self, e: &Expr) -> bool {
        let mut found = Ghost::any_in(e, &is_log);
        e.for_each_var(&mut |v| found |= self.asymmetric.get(v.index()) == Some(&true));
        found
    }

    /// `c`, for a condition about the pair of threads: only required of distinct threads.
    fn for_pairs(&self, e: &Expr, c: Expr) -> Expr {
        let mut found = Ghost::any_in(e, &is_other);
        e.for_each_var(&mut |v| found |= self.pairwise.get(v.index()) == Some(&true));
        if found {
            Expr::implies(Expr::Var(self.inst.distinct), c)
        } else {
            c
        }
    }

    /// A user loop invariant (or candidate) at a loop head: checked for thread 1 (which covers every
    /// thread), then assumed for both threads. One that mentions thread 1's race logs
    /// is about thread 1 only, so it is assumed for thread 1 only (GPUVerify's
    /// asymmetric invariants). vcgen finds the pair (assert, assume) at the head.
    fn loop_invariant(
        &self,
        cond: &Expr,
        origin: &AssertOrigin,
        at_head: bool,
        loc: Option<kir::Loc>,
        out: &mut Vec<StmtData>,
    ) -> Result<(), LockstepError> {
        if !at_head && matches!(origin, AssertOrigin::CandidateInvariant { .. }) {
            // A guess that is not about a loop: dropping it is always sound.
            return Ok(());
        }
        if !at_head {
            let at = loc.map(|l| format!("{}: ", self.k.describe_loc(l)));
            return Err(LockstepError::Unsupported {
                construct: format!(
                    "{}user-specified invariant does not appear at loop head",
                    at.unwrap_or_default()
                ),
                loc,
            });
        }
        let c1 = self.phi(Thread::T1, cond);
        let c1 = self.thread_loads(Thread::T1, c1);
        let assumed = if self.is_asymmetric(cond) {
            c1.clone()
        } else {
            let c2 = self.phi(Thread::T2, cond);
            Expr::and(c1.clone(), self.thread_loads(Thread::T2, c2))
        };
        let c1 = self.for_pairs(cond, c1);
        let assumed = self.for_pairs(cond, assumed);
        if let AssertOrigin::CandidateInvariant { .. } = origin {
            // Only a guess: vcgen hands what it would assume to Houdini.
            out.push(StmtData::new(
                Stmt::Assert {
                    cond: assumed,
                    origin: origin.clone(),
                },
                loc,
            ));
            return Ok(());
        }
        out.push(StmtData::new(
            Stmt::Assert {
                cond: c1,
                origin: origin.clone(),
            },
            loc,
        ));
        out.push(StmtData::new(Stmt::Assume { cond: assumed }, loc));
        Ok(())
    }

    /// `e`, thread `t`'s view of an invariant, with each ghost load made a load of `t`'s
    /// memory (a `__function_wide_invariant` over memory), which vcgen evaluates wherever
    /// the invariant is checked or assumed: not an access of the program.
    fn thread_loads(&self, t: Thread, e: Expr) -> Expr {
        if !Ghost::any_in(&e, &|g| matches!(g, Ghost::Load { .. })) {
            return e;
        }
        e.rewrite(&mut |s| match Ghost::of(s)? {
            Ghost::Load {
                region,
                offset,
                bytes,
            } => Some(
                Ghost::LoadOf {
                    region,
                    offset: &self.thread_loads(t, offset.clone()),
                    bytes,
                    thread: t,
                }
                .to_expr(&self.k),
            ),
            _ => None,
        })
    }

    fn both(&self, e: &Expr) -> (Expr, Expr) {
        (self.phi(Thread::T1, e), self.phi(Thread::T2, e))
    }

    fn copy(&self, t: Thread, v: Var) -> Result<Var, LockstepError> {
        self.map.var(t, v).ok_or_else(|| LockstepError::Internal {
            message: format!("assignment to shared variable {}", self.k.var(v).name),
        })
    }

    fn stmt(
        &mut self,
        s: &StmtData,
        is_back_block: bool,
        out: &mut Vec<StmtData>,
    ) -> Result<(), LockstepError> {
        let loc = s.loc;
        let mut emit = |stmt: Stmt| out.push(StmtData::new(stmt, loc));
        match &s.stmt {
            Stmt::Assign { dst, value } => {
                for t in [Thread::T1, Thread::T2] {
                    let dst = self.copy(t, *dst)?;
                    emit(Stmt::Assign {
                        dst,
                        value: self.phi(t, value),
                    });
                }
            }
            Stmt::Havoc { dst } => {
                for t in [Thread::T1, Thread::T2] {
                    emit(Stmt::Havoc {
                        dst: self.copy(t, *dst)?,
                    });
                }
            }
            Stmt::Assume { cond } if self.is_asymmetric(cond) => {
                let c = self.phi(Thread::T1, cond);
                emit(Stmt::Assume {
                    cond: self.for_pairs(cond, c),
                });
            }
            Stmt::Assume { cond } => {
                let (a, b) = self.both(cond);
                let both = if is_back_block {
                    Expr::or(a, b)
                } else {
                    Expr::and(a, b)
                };
                emit(Stmt::Assume {
                    cond: self.for_pairs(cond, both),
                });
            }
            Stmt::Assert { cond, origin } => {
                // The threads are arbitrary, so checking thread 1 covers every thread.
                let c = self.phi(Thread::T1, cond);
                let mut data = StmtData::new(
                    Stmt::Assert {
                        cond: self.for_pairs(cond, c),
                        origin: origin.clone(),
                    },
                    loc,
                );
                data.witness = s
                    .witness
                    .iter()
                    .map(|(n, e)| (n.clone(), self.phi(Thread::T1, e)))
                    .collect();
                out.push(data);
            }
            Stmt::Barrier {
                pred,
                fence,
                scope,
                flags,
            } => {
                self.barrier(pred, *fence, flags, *scope, loc, out);
            }
            Stmt::Read {
                pred,
                dst,
                region,
                offset,
                bytes,
                ..
            } => {
                let accesses = self.access_pair(pred, offset, *bytes, None);
                self.note_permission(*region, &accesses, out, loc);
                let id = self.record(AccessKind::Read, *region, loc);
                self.instrument(
                    *region,
                    AccessKind::Read,
                    &accesses,
                    id,
                    Written::default(),
                    loc,
                    out,
                );
                for (t, a) in [Thread::T1, Thread::T2].into_iter().zip(accesses) {
                    out.push(StmtData::new(
                        Stmt::Read {
                            pred: a.pred,
                            dst: self.copy(t, *dst)?,
                            region: *region,
                            offset: a.offset,
                            bytes: *bytes,
                            thread: Some(t),
                        },
                        loc,
                    ));
                }
            }
            Stmt::Write {
                pred,
                region,
                offset,
                value,
                bytes,
                ..
            } => {
                let ty = value.ty(&self.k);
                let accesses = self.access_pair(pred, offset, *bytes, Some((value, ty)));
                self.note_permission(*region, &accesses, out, loc);
                let id = self.record(AccessKind::Write, *region, loc);
                self.constant_write_check(*region, &accesses[0].pred, loc, out);
                let [unchanged1, unchanged2] = [Thread::T1, Thread::T2]
                    .map(|t| self.unchanged_by_write(*region, t, &accesses, *bytes, loc, out));
                let written = Written {
                    changed1: unchanged1.map(Expr::not),
                    unchanged2,
                };
                self.instrument(*region, AccessKind::Write, &accesses, id, written, loc, out);
                self.other_lanes_write(*region, loc, out);
                for (t, a) in [Thread::T1, Thread::T2].into_iter().zip(accesses) {
                    out.push(StmtData::new(
                        Stmt::Write {
                            pred: a.pred,
                            region: *region,
                            offset: a.offset,
                            value: self.phi(t, value),
                            bytes: *bytes,
                            thread: Some(t),
                        },
                        loc,
                    ));
                }
            }
            Stmt::Atomic {
                pred,
                dst,
                region,
                offset,
                bytes,
                op,
                ..
            } => {
                let accesses = self.access_pair(pred, offset, *bytes, None);
                self.note_permission(*region, &accesses, out, loc);
                let id = self.record(AccessKind::Atomic, *region, loc);
                self.constant_write_check(*region, &accesses[0].pred, loc, out);
                self.instrument(
                    *region,
                    AccessKind::Atomic,
                    &accesses,
                    id,
                    Written::default(),
                    loc,
                    out,
                );
                self.other_lanes_write(*region, loc, out);
                let site = self.counters.next_atomic();
                let mut pair = Expr::Var(self.inst.distinct);
                if self.k.region(*region).space == Space::Local {
                    pair = Expr::and(Expr::Var(self.inst.same_group), pair);
                }
                for (t, a) in [Thread::T1, Thread::T2].into_iter().zip(accesses) {
                    let dst = match dst {
                        Some(d) => Some(self.copy(t, *d)?),
                        None => None,
                    };
                    out.push(StmtData::new(
                        Stmt::Atomic {
                            pred: a.pred.clone(),
                            dst,
                            region: *region,
                            offset: a.offset.clone(),
                            bytes: *bytes,
                            op: op.clone(),
                            thread: Some(t),
                        },
                        loc,
                    ));
                    if let Some(d) = dst {
                        let after = self.counters.after(
                            &mut self.k,
                            *region,
                            site,
                            t,
                            &a.pred,
                            &a.offset,
                            d,
                            &pair,
                        );
                        out.extend(after.into_iter().map(|s| StmtData::new(s, loc)));
                    }
                }
            }
            // A region a specified function may change anywhere (`__writes_to`): changed
            // when either thread calls it.
            Stmt::HavocMemory { pred, region } => {
                let (p1, p2) = self.both(pred);
                out.push(StmtData::new(
                    Stmt::HavocMemory {
                        pred: Expr::or(p1, p2),
                        region: *region,
                    },
                    loc,
                ));
            }
        }
        Ok(())
    }

    /// `__constant` memory may not be written: thread 1's write (or atomic) is a defect.
    fn constant_write_check(
        &self,
        region: Region,
        pred1: &Expr,
        loc: Option<kir::Loc>,
        out: &mut Vec<StmtData>,
    ) {
        if self.k.region(region).space == Space::Constant {
            out.push(StmtData::new(
                Stmt::Assert {
                    cond: Expr::not(pred1.clone()),
                    origin: AssertOrigin::ConstantWrite { region },
                },
                loc,
            ));
        }
    }

    fn access_pair(
        &self,
        pred: &Expr,
        offset: &Expr,
        bytes: u32,
        value: Option<(&Expr, kir::Ty)>,
    ) -> [Access1; 2] {
        [Thread::T1, Thread::T2].map(|t| Access1 {
            pred: self.phi(t, pred),
            offset: self.phi(t, offset),
            bytes,
            value: value.map(|(v, ty)| widen64(self.phi(t, v), ty)),
        })
    }

    fn record(&mut self, kind: AccessKind, region: Region, loc: Option<kir::Loc>) -> u32 {
        self.accesses.push(Access { kind, region, loc });
        (self.accesses.len() - 1) as u32
    }

    /// With `--warp-sync`, the other threads of a warp run this write statement with the
    /// two threads and may change any location of the region without a race (a read and a
    /// write inside one warp are ordered). Their writes happen only at the region's write
    /// statements, so the region is made arbitrary here, before the two threads' own
    /// writes, and a location keeps its value between two of these statements.
    fn other_lanes_write(&self, region: Region, loc: Option<kir::Loc>, out: &mut Vec<StmtData>) {
        if self.warp_size.is_none() || !crate::instrument::can_race(self.k.region(region).space) {
            return;
        }
        out.push(StmtData::new(
            Stmt::HavocMemory {
                pred: Expr::tt(),
                region,
            },
            loc,
        ));
    }

    /// With benign tolerance, a write that stores the value memory already holds cannot
    /// be observed by a read of another thread: reads the old value for thread `t` and
    /// returns "`t`'s write changes nothing".
    fn unchanged_by_write(
        &mut self,
        region: Region,
        t: Thread,
        accesses: &[Access1; 2],
        bytes: u32,
        loc: Option<kir::Loc>,
        out: &mut Vec<StmtData>,
    ) -> Option<Expr> {
        let checked = self.inst.logs[region.index()].is_some_and(|l| l.checked);
        if !self.inst.benign_tolerance || !checked {
            return None;
        }
        let acc = match t {
            Thread::T1 => &accesses[0],
            Thread::T2 => &accesses[1],
        };
        let value = acc.value.clone()?;
        let old = self
            .k
            .add_var("old", kir::Ty::Bv(bytes * 8), VarKind::Instrumentation);
        out.push(StmtData::new(
            Stmt::Read {
                pred: acc.pred.clone(),
                dst: old,
                region,
                offset: acc.offset.clone(),
                bytes,
                thread: Some(t),
            },
            loc,
        ));
        Some(Expr::eq(
            crate::instrument::widen64(Expr::Var(old), kir::Ty::Bv(bytes * 8)),
            value,
        ))
    }

    /// Logs thread 1's access and checks thread 2's against the logs.
    #[allow(clippy::too_many_arguments)]
    fn instrument(
        &self,
        region: Region,
        kind: AccessKind,
        acc: &[Access1; 2],
        id: u32,
        written: Written,
        loc: Option<kir::Loc>,
        out: &mut Vec<StmtData>,
    ) {
        let space = self.k.region(region).space;
        let Some(logs) = self.inst.logs[region.index()] else {
            return;
        };
        out.extend(
            self.inst
                .log(logs.of(kind), &acc[0], id, written.changed1)
                .into_iter()
                .map(|s| StmtData::new(s, loc)),
        );
        if !logs.checked {
            return;
        }
        // Thread 2's access against each kind of access of thread 1 it conflicts with:
        // reads conflict with writes and atomics, writes with everything, atomics with
        // plain reads and writes (atomics never race with each other).
        let against: &[AccessKind] = match kind {
            AccessKind::Read => &[AccessKind::Write, AccessKind::Atomic],
            AccessKind::Write => &[AccessKind::Write, AccessKind::Read, AccessKind::Atomic],
            AccessKind::Atomic => &[AccessKind::Write, AccessKind::Read],
        };
        for &first in against {
            let benign = match (first, kind) {
                (AccessKind::Read, _) => written.unchanged2.clone(),
                (AccessKind::Write, AccessKind::Read) => {
                    logs.write.changed.map(|c| Expr::not(Expr::Var(c)))
                }
                _ => None,
            };
            out.push(self.inst.check(
                region,
                space,
                logs.of(first),
                first,
                kind,
                &acc[1],
                benign,
                loc,
            ));
        }
        if kind == AccessKind::Write {
            if let Some(s) = self.inst.overwritten_by_thread2(&logs.write, &acc[1]) {
                out.push(StmtData::new(s, loc));
            }
        }
    }

    /// A barrier: the divergence check, the reset of thread 1's logs of the memory it
    /// orders, the havoc of shared memory, the barrier invariants. As in GPUVerify, thread
    /// 1's log of a space is reset when thread 1's own call orders the space: fence flags
    /// that differ between threads order a space for the threads whose flags name it.
    fn barrier(
        &mut self,
        pred: &Expr,
        fence: kir::Fence,
        flags: &kir::FenceFlags,
        scope: BarrierScope,
        loc: Option<kir::Loc>,
        out: &mut Vec<StmtData>,
    ) {
        self.check_invariants(out);
        let (p1, p2) = self.both(pred);
        let mut pair = Expr::Var(self.inst.distinct);
        if scope == BarrierScope::Group {
            pair = Expr::and(Expr::Var(self.inst.same_group), pair);
        }
        out.push(StmtData::new(
            Stmt::Assert {
                cond: Expr::implies(pair, Expr::eq(p1.clone(), p2.clone())),
                origin: AssertOrigin::BarrierDivergence,
            },
            loc,
        ));
        out.extend(
            self.counters
                .clear()
                .into_iter()
                .map(|s| StmtData::new(s, loc)),
        );
        let mut synced = Expr::and(p1.clone(), p2.clone());
        if scope == BarrierScope::Group {
            synced = Expr::and(Expr::Var(self.inst.same_group), synced);
        }
        // When thread 1's log of a space is reset (`None`: never): when thread 1's own
        // call orders the space.
        let grid = scope == BarrierScope::Grid;
        let reset = |on: bool, flag: &Option<Expr>| match flag {
            _ if grid => Some(synced.clone()),
            _ if !on => None,
            Some(f) => Some(Expr::and(synced.clone(), self.phi(Thread::T1, f))),
            None => Some(synced.clone()),
        };
        let local = reset(fence.local, &flags.local);
        let global = reset(fence.global, &flags.global);
        let fenced: Vec<(Region, Expr)> = (0..self.k.regions.len())
            .map(Region::new)
            .filter_map(|r| match self.k.region(r).space {
                Space::Local => local.clone().map(|when| (r, when)),
                Space::Global => global.clone().map(|when| (r, when)),
                _ => None,
            })
            .collect();
        let regions: Vec<Region> = fenced.iter().map(|(r, _)| *r).collect();
        self.reset_permission(&regions, &Expr::or(p1.clone(), p2.clone()), out, loc);
        for (r, when) in fenced {
            out.extend(
                self.inst
                    .clear_when(&when, std::iter::once(r))
                    .into_iter()
                    .map(|s| StmtData::new(s, loc)),
            );
        }
        // Other threads may have written any shared memory before the barrier.
        let either = Expr::or(p1, p2);
        for r in (0..self.k.regions.len()).map(Region::new) {
            if can_race(self.k.region(r).space) && self.written.get(r.index()) != Some(&false) {
                out.push(StmtData::new(
                    Stmt::HavocMemory {
                        pred: either.clone(),
                        region: r,
                    },
                    loc,
                ));
            }
        }
        self.instantiate_invariants(out);
    }

    /// The prologue: thread ids within the launch, the pair relation, empty logs.
    fn init(&mut self) -> Vec<StmtData> {
        let launch = self.launch;
        let mut out: Vec<StmtData> = (self.counters.clear().into_iter())
            .map(|s| StmtData::new(s, None))
            .collect();
        let mut same_group = Expr::tt();
        let mut same_local = Expr::tt();
        let mut local_ids = [[None; 3]; 2];
        for d in 0..3u8 {
            let groups = self.group_count(d, &mut out);
            for (builtin, size) in [
                (
                    Builtin::LocalId(d),
                    Expr::int(launch.local_size[d as usize] as u64, 32),
                ),
                (Builtin::GroupId(d), groups),
            ] {
                let v = self.k.builtin(builtin);
                let copies = [Thread::T1, Thread::T2].map(|t| self.map.var(t, v));
                let (a, b) = match copies {
                    [Some(a), Some(b)] => (a, b),
                    // A builtin first mentioned here: it has no per-thread copies, and
                    // the kernel does not read it; it only matters for distinctness.
                    _ => (self.fresh_copy(v, "$1"), self.fresh_copy(v, "$2")),
                };
                if let Builtin::LocalId(d) = builtin {
                    local_ids[0][d as usize] = Some(a);
                    local_ids[1][d as usize] = Some(b);
                }
                self.bounds(
                    &mut out,
                    a,
                    b,
                    size,
                    builtin,
                    &mut same_group,
                    &mut same_local,
                );
            }
        }
        out.push(StmtData::new(
            Stmt::Assign {
                dst: self.inst.same_group,
                value: same_group.clone(),
            },
            None,
        ));
        if self.only_intra_group {
            out.push(StmtData::new(
                Stmt::Assume {
                    cond: same_group.clone(),
                },
                None,
            ));
        }
        if let (Some(dst), Some(n)) = (self.inst.same_warp, self.warp_size) {
            let value = match local_ids {
                [[Some(x1), Some(y1), Some(z1)], [Some(x2), Some(y2), Some(z2)]] => {
                    let warp = |ids| crate::warp::warp_of(ids, launch.local_size, n);
                    let same = Expr::eq(warp([x1, y1, z1]), warp([x2, y2, z2]));
                    Expr::and(same_group.clone(), same)
                }
                _ => Expr::ff(),
            };
            out.push(StmtData::new(Stmt::Assign { dst, value }, None));
        }
        out.push(StmtData::new(
            Stmt::Assign {
                dst: self.inst.distinct,
                value: Expr::not(Expr::and(same_group, same_local)),
            },
            None,
        ));
        out.extend(
            self.inst
                .clear_all()
                .into_iter()
                .map(|s| StmtData::new(s, None)),
        );
        // Offsets and sizes start at 0, so that they only ever hold values accesses gave
        // them (or 0), which loop cuts use.
        for logs in self.inst.logs.iter().flatten() {
            for log in [logs.read, logs.write, logs.atomic] {
                for v in [log.offset, log.bytes] {
                    let value = Expr::int(0, kir::OFFSET_WIDTH);
                    out.push(StmtData::new(Stmt::Assign { dst: v, value }, None));
                }
            }
        }
        out
    }

    /// The number of groups in dimension `d`: the launch's constant, or (when it is not
    /// fixed) the shared `num_groups` variable, assumed between 1 and the launch's bound.
    fn group_count(&mut self, d: u8, out: &mut Vec<StmtData>) -> Expr {
        let max = Expr::int(self.launch.num_groups[d as usize] as u64, 32);
        if !self.launch.any_groups[d as usize] {
            return max;
        }
        let n = Expr::Var(self.k.builtin(Builtin::NumGroups(d)));
        let cond = Expr::and(
            Expr::not(Expr::eq(n.clone(), Expr::int(0, 32))),
            Expr::bin(BinOp::Ule, n.clone(), max),
        );
        out.push(StmtData::new(Stmt::Assume { cond }, None));
        n
    }

    fn fresh_copy(&mut self, of: Var, suffix: &str) -> Var {
        let data = self.k.var(of).clone();
        let thread = if suffix == "$1" {
            Thread::T1
        } else {
            Thread::T2
        };
        self.k.add_var(
            format!("{}{suffix}", data.name),
            data.ty,
            VarKind::ThreadCopy { of, thread },
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn bounds(
        &self,
        out: &mut Vec<StmtData>,
        a: Var,
        b: Var,
        size: Expr,
        builtin: Builtin,
        same_group: &mut Expr,
        same_local: &mut Expr,
    ) {
        for v in [a, b] {
            out.push(StmtData::new(
                Stmt::Assume {
                    cond: Expr::bin(BinOp::Ult, Expr::Var(v), size.clone()),
                },
                None,
            ));
        }
        let eq = Expr::eq(Expr::Var(a), Expr::Var(b));
        match builtin {
            Builtin::GroupId(_) => *same_group = Expr::and(same_group.clone(), eq),
            _ => *same_local = Expr::and(same_local.clone(), eq),
        }
    }
}

/// What benign tolerance knows about a write of both threads.
#[derive(Default)]
struct Written {
    /// Thread 1's write changes the memory it writes (logged with the write).
    changed1: Option<Expr>,
    /// Thread 2's write leaves the memory as it was (so no read of thread 1 observes it).
    unchanged2: Option<Expr>,
}
