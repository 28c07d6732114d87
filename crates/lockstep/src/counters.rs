//! Refined atomic counters (GPUVerify's refined atomic abstraction, made sound) and the
//! log of the values atomics returned, which `__atomic_has_taken_value` reads.
//!
//! The value an atomic returns is arbitrary in lockstep's model, which is sound but cannot
//! prove the common idiom `A[atomic_inc(&count)] = …`: two threads that increment one
//! counter get different values. That is true when, between the two increments, the
//! counter cell changed only by increments of one (or only by decrements) and not `2^w`
//! times (a `w`-bit cell would wrap around to a value it held before). The two results are
//! assumed to differ exactly when all of this holds:
//! - every atomic on the region is an OpenCL `atomic_inc` (or every one an `atomic_dec`),
//!   all on cells of one width `w` that their results have; cells are naturally aligned
//!   (OpenCL requires it), so two cells either are one cell or do not overlap;
//! - races on the region are checked, so in a race-free kernel no thread writes the cell
//!   in a barrier interval in which another thread increments it; and nothing else changes
//!   the region behind the race checks (no `__writes_to` of a specified function, no
//!   `__array_snapshot` into it);
//! - the counter cannot wrap: when no atomic on the region is in a loop, the threads that
//!   share the region times the atomic statements on it stay below `2^w`; an atomic in a
//!   loop can run any number of times, so lockstep cannot bound the increments: such a
//!   counter is refined only when `__atomic_has_taken_value` names it (the user relies on
//!   GPUVerify's refined abstraction there), and then under the assumption, recorded in
//!   [`Counters::assumptions`] for the report, that the counter is incremented fewer than
//!   `2^w` times in a barrier interval;
//! - the two results are those of two distinct threads on the same cell (same byte
//!   offset; for local memory, threads of one group), both since the last barrier (each
//!   thread forgets its log at every barrier).
//!
//! Each thread keeps a log of the values its atomics on a logged region (a refined one, or
//! one `__atomic_has_taken_value` names) returned since the last barrier (`taken_log.rs`).
//! An atomic's result is assumed absent from the other thread's log (refined regions);
//! then it is added to the thread's own log.

use std::collections::HashMap;

use kir::{
    BinOp, Expr, Ghost, Kernel, Region, RegionOrigin, Space, Stmt, Terminator, Thread, Ty, Var,
};

use crate::taken_log::{Log, Logs};
use crate::{Launch, LockstepError};

/// The log of one region and what is known of its atomics.
#[derive(Clone, Debug)]
struct Counter {
    log: Log,
    /// Width of the counter cells in bits.
    bits: u32,
    /// Two threads' results are assumed to differ.
    refined: bool,
}

pub struct Counters {
    /// Per region of the predicated kernel: its log, if it has one.
    counters: Vec<Option<Counter>>,
    logs: Logs,
    /// Per atomic statement, in layout order: its site in a log of sites.
    sites: Vec<Option<usize>>,
    /// The next atomic statement (see [`Counters::next_atomic`]).
    next: usize,
    /// What the refinement assumes and lockstep cannot check (for the report).
    pub assumptions: Vec<String>,
    /// `__atomic_has_taken_value` ghosts of the statement being built, per thread, as
    /// the Boolean read from the thread's log (see `taken.rs`).
    pub resolved: HashMap<(Expr, Thread), Expr>,
}

/// One thread's atomic in the two-thread program: when `pred` holds, at byte `offset` of
/// `region`, with result `result`; `site` is the statement's (see
/// [`Counters::next_atomic`]).
#[derive(Clone, Copy)]
pub struct AtomicResult<'a> {
    pub region: Region,
    pub site: Option<usize>,
    pub thread: Thread,
    pub pred: &'a Expr,
    pub offset: &'a Expr,
    pub result: Var,
}

/// `__atomic_has_taken_value`'s question: has `thread` taken `value` (64 bits) from the
/// cell `index` cells after byte `cell_base` of `region`?
pub struct TakenQuery {
    pub region: Region,
    pub thread: Thread,
    pub cell_base: Expr,
    pub index: Expr,
    pub value: Expr,
}

/// An atomic statement of the predicated kernel.
struct Atomic<'k> {
    region: Region,
    op: &'k str,
    bytes: u32,
    result: Option<Ty>,
    in_loop: bool,
}

/// The atomic statements of `pred`, in layout order.
fn atomics(pred: &Kernel) -> Vec<Atomic<'_>> {
    let pos: HashMap<kir::Block, usize> = pred
        .layout
        .iter()
        .enumerate()
        .map(|(i, b)| (*b, i))
        .collect();
    // With the paper's sort order a loop is the interval from its head to its back edge.
    let loops: Vec<(usize, usize)> = pred
        .layout
        .iter()
        .enumerate()
        .filter_map(|(i, b)| match pred.block(*b).term {
            Terminator::Goto(h) if pos[&h] <= i => Some((pos[&h], i)),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for (i, b) in pred.layout.iter().enumerate() {
        let in_loop = loops.iter().any(|&(h, t)| h <= i && i <= t);
        for s in &pred.block(*b).stmts {
            if let Stmt::Atomic {
                region,
                dst,
                op,
                bytes,
                ..
            } = &s.stmt
            {
                out.push(Atomic {
                    region: *region,
                    op,
                    bytes: *bytes,
                    result: dst.map(|d| pred.var(d).ty),
                    in_loop,
                });
            }
        }
    }
    out
}

/// The regions `__atomic_has_taken_value` names, with the location of one use.
fn named(pred: &Kernel) -> HashMap<Region, Option<kir::Loc>> {
    let mut out = HashMap::new();
    for (_, data) in pred.laid_out() {
        for s in &data.stmts {
            for e in s.stmt.exprs() {
                e.visit(&mut |sub| {
                    if let Some(Ghost::TakenValue { region, .. }) = Ghost::of(sub) {
                        out.entry(region).or_insert(s.loc);
                    }
                });
            }
        }
    }
    out
}

/// Whether some statement other than a read, a write or an atomic may change `r`.
fn havocked(pred: &Kernel, r: Region) -> bool {
    pred.laid_out().any(|(_, data)| {
        data.stmts
            .iter()
            .any(|s| matches!(s.stmt, Stmt::HavocMemory { region, .. } if region == r))
    })
}

impl Counters {
    /// Finds the logged and refined regions of `pred` and adds their ghost arrays to `k`.
    /// `checked` says whether races on a region are checked.
    pub fn new(
        pred: &Kernel,
        k: &mut Kernel,
        launch: &Launch,
        checked: &dyn Fn(Region) -> bool,
    ) -> Result<Counters, LockstepError> {
        let all = atomics(pred);
        let named = named(pred);
        let mut counters = vec![None; pred.regions.len()];
        let mut assumptions = Vec::new();
        let mut logs = Logs::default();
        let mut sites = vec![None; all.len()];
        for (i, slot) in counters.iter_mut().enumerate() {
            let r = Region::new(i);
            let data = pred.region(r);
            let on: Vec<&Atomic> = all.iter().filter(|a| a.region == r).collect();
            let widths: Vec<u32> = on.iter().map(|a| a.bytes * 8).collect();
            let bits = match widths.first() {
                Some(&w) if widths.iter().all(|&x| x == w) => w,
                Some(_) => match named.get(&r) {
                    Some(&loc) => {
                        let at = loc.map(|l| format!("{}: ", pred.describe_loc(l)));
                        return Err(LockstepError::Unsupported {
                            construct: format!(
                                "{}`__atomic_has_taken_value` on `{}`, whose atomics have \
                                 cells of different widths",
                                at.unwrap_or_default(),
                                data.name
                            ),
                            loc,
                        });
                    }
                    None => continue,
                },
                // Nothing is ever taken from a region without atomics.
                None if named.contains_key(&r) => match data.elem_bytes {
                    b @ (1 | 2 | 4 | 8) => b * 8,
                    _ => 32,
                },
                None => continue,
            };
            let same_op = ["inc", "dec"]
                .iter()
                .any(|op| on.iter().all(|a| a.op == *op));
            let results = on
                .iter()
                .all(|a| a.result.is_none_or(|t| t == Ty::Bv(bits)));
            let threads = match data.space {
                Space::Local => launch.local_size.iter().map(|&n| n as u64).product(),
                Space::Global => launch.total_threads(),
                _ => 0,
            };
            let in_loop = on.iter().any(|a| a.in_loop);
            let bounded = bits >= 64 || threads.saturating_mul(on.len() as u64) < (1u64 << bits);
            let no_wrap = match in_loop {
                false => bounded,
                true => named.contains_key(&r),
            };
            let refined = threads > 0
                && !on.is_empty()
                && same_op
                && results
                && checked(r)
                && !havocked(pred, r)
                && no_wrap;
            if refined && in_loop {
                assumptions.push(format!(
                    "assuming the atomic counter {} is incremented fewer than 2^{bits} times \
                     between two barriers (it is used in a loop and named by \
                     __atomic_has_taken_value)",
                    data.name
                ));
            }
            if !refined && !named.contains_key(&r) {
                continue;
            }
            let log = match in_loop {
                true => Log::Array {
                    region: ghost_array(k, &format!("{}.taken", data.name)),
                    bits,
                },
                false => {
                    let mut mine = Vec::new();
                    for (j, a) in all.iter().enumerate() {
                        if a.region == r && a.result.is_some() {
                            let site = logs.site(k, r);
                            sites[j] = Some(site);
                            mine.push(site);
                        }
                    }
                    Log::Sites(mine)
                }
            };
            *slot = Some(Counter { log, bits, refined });
        }
        Ok(Counters {
            counters,
            logs,
            sites,
            next: 0,
            assumptions,
            resolved: HashMap::new(),
        })
    }

    /// The site of the next atomic statement (call once per atomic statement, in layout
    /// order).
    pub fn next_atomic(&mut self) -> Option<usize> {
        let site = self.sites.get(self.next).copied().flatten();
        self.next += 1;
        site
    }

    /// After a thread's atomic `a`: on a refined counter, the result is not one the other
    /// thread took from the same cell since the last barrier (when `pair`: the threads are
    /// distinct and share the region); then the thread logs it.
    pub fn after(&self, k: &mut Kernel, a: &AtomicResult, pair: &Expr) -> Vec<Stmt> {
        let AtomicResult {
            region,
            site,
            thread: t,
            pred,
            offset,
            result,
        } = *a;
        let Some(Some(c)) = self.counters.get(region.index()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let value = crate::instrument::widen64(Expr::Var(result), k.var(result).ty);
        if c.refined {
            let o = match t {
                Thread::T1 => Thread::T2,
                Thread::T2 => Thread::T1,
            };
            let taken = self.logs.present(k, &c.log, o, offset, &value, &mut out);
            let met = Expr::and(pair.clone(), pred.clone());
            out.push(Stmt::Assume {
                cond: Expr::implies(met, Expr::not(taken)),
            });
        }
        let record = self.logs.record(&c.log, site, t, pred, offset, value);
        out.extend(record);
        out
    }

    /// Whether the thread of `q` has taken its value since the last barrier: statements
    /// that read its log, and the answer.
    pub fn taken(&self, k: &mut Kernel, q: TakenQuery, out: &mut Vec<Stmt>) -> Expr {
        let TakenQuery {
            region,
            thread: t,
            cell_base,
            index,
            value,
        } = q;
        let Some(Some(c)) = self.counters.get(region.index()) else {
            return Expr::ff();
        };
        let cell = Expr::bin(
            BinOp::Add,
            cell_base,
            Expr::bin(BinOp::Mul, index, Expr::int(c.bits as u64 / 8, 64)),
        );
        let fits = match c.bits {
            64 => Expr::tt(),
            w => Expr::bin(BinOp::Ult, value.clone(), Expr::int(1u64 << w, 64)),
        };
        let present = self.logs.present(k, &c.log, t, &cell, &value, out);
        Expr::and(fits, present)
    }

    /// Forgets every log (at a barrier, and at the start).
    pub fn clear(&self) -> Vec<Stmt> {
        self.counters
            .iter()
            .flatten()
            .flat_map(|c| self.logs.clear(&c.log))
            .collect()
    }
}

/// A ghost private array of bytes, added to `k`.
fn ghost_array(k: &mut Kernel, name: &str) -> Region {
    k.add_region(kir::RegionData {
        name: name.to_string(),
        space: Space::Private,
        elem_bytes: 1,
        size_bytes: None,
        origin: RegionOrigin::Alloca,
        dims: Vec::new(),
    })
}
