//! Race instrumentation of the pair's accesses, behind [`RaceInstrumenter`] (the idea of
//! GPUVerify's `IRaceInstrumenter`): thread 1's access is logged (the race-log annotations
//! read the logs even when no race is checked), thread 2's is checked against thread 1's
//! logs. Three implementations:
//! - [`Null`] (`--only-log`): logs, no race checks;
//! - [`Standard`]: every conflicting pair of accesses is checked, with benign tolerance;
//! - [`Warp`] (`--warp-sync`): as [`Standard`], except that a read and a write of two
//!   threads of one warp are ordered by the lock-step execution and are not a race.
//!
//! The log variables and the statements over them are in [`crate::instrument`].

use kir::{AccessKind, Expr, Kernel, Stmt, StmtData, Thread, Ty, Var, VarKind};

use crate::instrument::{widen64, Exempt, Instrumentation, PairAccess};
use crate::Options;

/// How the pair's accesses are instrumented for races.
pub trait RaceInstrumenter {
    /// Whether races are checked (atomic counters are refined only on checked regions).
    fn checks(&self) -> bool;

    /// The statements for the pair's access, before the access itself: thread 1's access
    /// logged, thread 2's checked against thread 1's logs. `k` gets the instrumentation's
    /// variables, `inst` holds the logs.
    fn instrument(
        &self,
        k: &mut Kernel,
        inst: &Instrumentation,
        pair: &PairAccess,
        out: &mut Vec<StmtData>,
    );
}

/// The instrumenter the options ask for.
pub fn for_options(opts: &Options, inst: &Instrumentation) -> Box<dyn RaceInstrumenter> {
    match (opts.only_log, inst.same_warp) {
        (true, _) => Box::new(Null),
        (false, Some(same_warp)) => Box::new(Warp { same_warp }),
        (false, None) => Box::new(Standard),
    }
}

/// Accesses are logged, never checked (`--only-log`).
pub struct Null;

/// Every conflicting pair of accesses is checked.
pub struct Standard;

/// As [`Standard`], for threads that run in lock-step warps (`--warp-sync`).
pub struct Warp {
    /// Both threads are in one warp.
    pub same_warp: Var,
}

impl RaceInstrumenter for Null {
    fn checks(&self) -> bool {
        false
    }

    fn instrument(
        &self,
        _k: &mut Kernel,
        inst: &Instrumentation,
        pair: &PairAccess,
        out: &mut Vec<StmtData>,
    ) {
        log(inst, pair, None, out);
    }
}

impl RaceInstrumenter for Standard {
    fn checks(&self) -> bool {
        true
    }

    fn instrument(
        &self,
        k: &mut Kernel,
        inst: &Instrumentation,
        pair: &PairAccess,
        out: &mut Vec<StmtData>,
    ) {
        log_and_check(k, inst, pair, None, out);
    }
}

impl RaceInstrumenter for Warp {
    fn checks(&self) -> bool {
        true
    }

    fn instrument(
        &self,
        k: &mut Kernel,
        inst: &Instrumentation,
        pair: &PairAccess,
        out: &mut Vec<StmtData>,
    ) {
        log_and_check(k, inst, pair, Some(self.same_warp), out);
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

/// Logs thread 1's access (`changed1`: whether a write changes the memory it writes).
fn log(inst: &Instrumentation, pair: &PairAccess, changed1: Option<Expr>, out: &mut Vec<StmtData>) {
    let Some(logs) = inst.logs[pair.region.index()] else {
        return;
    };
    out.extend(
        inst.log(logs.of(pair.kind), &pair.threads[0], pair.id, changed1)
            .into_iter()
            .map(|s| StmtData::new(s, pair.loc)),
    );
}

/// Logs thread 1's access and checks thread 2's against the logs (`same_warp`: with
/// `--warp-sync`, whether the pair is in one warp).
fn log_and_check(
    k: &mut Kernel,
    inst: &Instrumentation,
    pair: &PairAccess,
    same_warp: Option<Var>,
    out: &mut Vec<StmtData>,
) {
    let written = match pair.kind {
        AccessKind::Write => {
            let [unchanged1, unchanged2] =
                [Thread::T1, Thread::T2].map(|t| unchanged_by_write(k, inst, pair, t, out));
            Written {
                changed1: unchanged1.map(Expr::not),
                unchanged2,
            }
        }
        AccessKind::Read | AccessKind::Atomic => Written::default(),
    };
    let Some(logs) = inst.logs[pair.region.index()] else {
        return;
    };
    log(inst, pair, written.changed1, out);
    let kind = pair.kind;
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
        let exempt = Exempt { benign, same_warp };
        out.push(inst.check(pair, first, logs.of(first), exempt));
    }
    if kind == AccessKind::Write {
        if let Some(s) = inst.overwritten_by_thread2(&logs.write, &pair.threads[1]) {
            out.push(StmtData::new(s, pair.loc));
        }
    }
}

/// With benign tolerance, a write that stores the value memory already holds cannot be
/// observed by a read of another thread: reads the old value for thread `t` and returns
/// "`t`'s write changes nothing".
fn unchanged_by_write(
    k: &mut Kernel,
    inst: &Instrumentation,
    pair: &PairAccess,
    t: Thread,
    out: &mut Vec<StmtData>,
) -> Option<Expr> {
    let logged = inst.logs[pair.region.index()].is_some();
    let untrusted = inst.untrusted_regions.get(pair.region.index()) == Some(&true);
    if !inst.benign_tolerance || !logged || untrusted {
        return None;
    }
    let acc = match t {
        Thread::T1 => &pair.threads[0],
        Thread::T2 => &pair.threads[1],
    };
    let value = acc.value.clone()?;
    let bytes = acc.bytes;
    let old = k.add_var("old", Ty::Bv(bytes * 8), VarKind::Instrumentation);
    out.push(StmtData::new(
        Stmt::Read {
            pred: acc.pred.clone(),
            dst: old,
            region: pair.region,
            offset: acc.offset.clone(),
            bytes,
            thread: Some(t),
        },
        pair.loc,
    ));
    Some(Expr::eq(widen64(Expr::Var(old), Ty::Bv(bytes * 8)), value))
}
