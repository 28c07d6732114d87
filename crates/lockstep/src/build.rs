//! The lock-step construction of the paper's Table 3 ("Lock-step construction", Table 3a
//! for statements, Table 3b for blocks), for the pair of threads `$1`, `$2`, with race and
//! divergence instrumentation.
//!
//! This module walks the predicated kernel block by block and statement by statement;
//! the concerns live beside it:
//! - per-thread copying, φ_t and the annotation ghosts: `threads.rs`;
//! - the pair's memory accesses: `access.rs`, with race instrumentation behind
//!   [`RaceInstrumenter`] (`race.rs`, log variables in `instrument.rs`) and the warp model
//!   (`warp.rs`);
//! - barriers: `barrier.rs`, barrier invariants: `barrier_inv.rs`;
//! - atomic counters: `counters.rs`, `taken.rs`, `taken_log.rs`;
//! - the prologue (thread ids, pair relation, empty logs): `init.rs`.
//!
//! Blocks that lead back to a loop head (Table 3b's `B_back`) assume the loop continues
//! while *some* thread is at the head; every other assumption needs *all* threads.

use kir::{AssertOrigin, Block, Expr, Kernel, Phase, Region, Stmt, StmtData, Terminator, Thread};

use crate::barrier_inv;
use crate::counters::Counters;
use crate::instrument::{self, Instrumentation};
use crate::race::RaceInstrumenter;
use crate::threads::Threads;
use crate::{Access, AccessKind, LockstepError, Options, TwoThread};

/// The state of the construction.
pub(crate) struct Builder<'o> {
    pub(crate) opts: &'o Options,
    /// The two-thread program being built (the predicated kernel's blocks, rewritten).
    pub(crate) k: Kernel,
    /// The per-thread copies (φ_t).
    pub(crate) threads: Threads,
    /// Race logs and the pair's relation (same group, distinct, same warp).
    pub(crate) inst: Instrumentation,
    /// Which race checks the pair's accesses get.
    pub(crate) race: Box<dyn RaceInstrumenter>,
    /// Per region: some statement of the kernel writes it (one no thread writes keeps its
    /// contents across barriers).
    pub(crate) written: Vec<bool>,
    /// Barrier invariants waiting for their barrier, and access permissions.
    pub(crate) binv: barrier_inv::State,
    /// Refined atomic counters.
    pub(crate) counters: Counters,
    /// The table of source accesses.
    pub(crate) accesses: Vec<Access>,
    /// Per variable of the predicated kernel, under `--benign=gpuverify`: its value may
    /// come from memory, so benign tolerance does not trust it (empty otherwise).
    pub(crate) from_memory: Vec<bool>,
}

pub fn build(pred: &Kernel, opts: &Options) -> Result<TwoThread, LockstepError> {
    if pred.phase != Phase::Predicated {
        return Err(LockstepError::NotPredicated);
    }
    crate::snapshots::check(pred)?;
    let mut b = Builder::new(pred, opts)?;
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
        launch: opts.launch,
        same_group: b.inst.same_group,
        assumptions: std::mem::take(&mut b.counters.assumptions),
        switches: (b.inst.tolerate.iter())
            .map(|&v| (instrument::TOLERATE.to_string(), v))
            .collect(),
        kernel: b.k,
        accesses: b.accesses,
    })
}

impl<'o> Builder<'o> {
    /// The state for `pred`: its kernel with the per-thread copies, the race logs, the
    /// atomic counters' and the barrier invariants' variables, in this order.
    fn new(pred: &Kernel, opts: &'o Options) -> Result<Builder<'o>, LockstepError> {
        let mut k = pred.clone();
        k.phase = Phase::TwoThread;
        let threads = Threads::build(pred, &mut k, &opts.launch);
        if let Some(names) = &opts.check_arrays {
            crate::checked::known_arrays(&k, names)?;
        }
        let untrusted = match opts.benign {
            crate::Benign::GpuVerify => crate::benign::from_memory(pred),
            _ => crate::benign::Untrusted::default(),
        };
        k.adversarial = crate::benign::adversarial(pred, &untrusted);
        let mut inst = Instrumentation::new(&mut k, opts);
        inst.untrusted_regions = untrusted.regions;
        let race = crate::race::for_options(opts, &inst);
        let checked =
            |r: Region| inst.logs.get(r.index()).is_some_and(Option::is_some) && race.checks();
        let counters = Counters::new(pred, &mut k, &opts.launch, &checked)?;
        let mut binv = barrier_inv::state(pred, &mut k);
        binv.skip_access_checks = !opts.barrier_access_checks;
        Ok(Builder {
            opts,
            k,
            threads,
            inst,
            race,
            written: written_regions(pred, true),
            from_memory: untrusted.vars,
            binv,
            counters,
            accesses: vec![Access {
                kind: AccessKind::Read,
                region: Region::new(0),
                loc: None,
            }],
        })
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
                // A warp collective's relations (one result per warp) hold of a thread
                // and itself too: its two copies must not get two results.
                let cond = match self.k.mentions_collective(cond) {
                    true => both,
                    false => self.for_pairs(cond, both),
                };
                emit(Stmt::Assume { cond });
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
            Stmt::Read { .. } | Stmt::Write { .. } | Stmt::Atomic { .. } => self.access(s, out)?,
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
}

/// Per region: whether some statement of the kernel may change it (a write, an atomic, and
/// with `havocs` a havoc of memory, a snapshot's destination). The threads all run this
/// kernel, so a region none of its statements changes holds the same contents throughout;
/// a region nothing writes or updates atomically cannot race.
pub(crate) fn written_regions(k: &Kernel, havocs: bool) -> Vec<bool> {
    let mut written = vec![false; k.regions.len()];
    for (_, data) in k.laid_out() {
        for s in &data.stmts {
            let region = match &s.stmt {
                Stmt::Write { region, .. } | Stmt::Atomic { region, .. } => region,
                Stmt::HavocMemory { region, .. } if havocs => region,
                _ => continue,
            };
            written[region.index()] = true;
        }
    }
    written
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
