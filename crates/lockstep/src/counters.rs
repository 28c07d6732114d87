//! Refined atomic counters (GPUVerify's refined atomic abstraction, made sound).
//!
//! The value an atomic returns is arbitrary in lockstep's model, which is sound but cannot
//! prove the common idiom `A[atomic_inc(&count)] = …`: two threads that increment one
//! counter get different values. That is true when, between the two increments, the
//! counter changed only by increments of one (and did not wrap around). This module assumes
//! it exactly when it holds:
//! - every atomic on the region is an OpenCL `atomic_inc` (or every one an `atomic_dec`);
//! - no such atomic is in a loop, and the threads that can reach the region times the
//!   number of atomic statements stays below `2^bits`, so the counter cannot wrap;
//! - races on the region are checked: a plain write to the counter in the same barrier
//!   interval as an increment would be reported as a race, so in a race-free kernel the
//!   counter only moves by increments between two increments of one barrier interval;
//! - the two increments are in the same barrier interval (what a thread remembers of the
//!   other's increments is forgotten at every barrier), by two distinct threads, at the
//!   same offset (and, for local memory, in the same group).
//!
//! For each atomic statement of a counter region, each thread has ghost variables: whether
//! it did the increment in this interval, at which offset, and what it got back.

use kir::{Expr, Kernel, Region, Space, Stmt, Terminator, Ty, Var, VarKind};

use crate::Launch;

/// The ghost state of one atomic statement on a counter.
struct Site {
    region: Region,
    /// Per thread: did the atomic in this barrier interval, its offset, its result.
    did: [Var; 2],
    offset: [Var; 2],
    value: [Var; 2],
}

pub struct Counters {
    /// Per atomic statement with a result, in layout order: its site, if it is on a
    /// counter.
    order: Vec<Option<usize>>,
    next: usize,
    sites: Vec<Site>,
}

/// The atomic statements with a result, in layout order: region, result width, in a loop.
fn atomics(pred: &Kernel) -> Vec<(Region, &str, Option<Ty>, bool)> {
    let pos: std::collections::HashMap<kir::Block, usize> = pred
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
                region, dst, op, ..
            } = &s.stmt
            {
                out.push((*region, op.as_str(), dst.map(|d| pred.var(d).ty), in_loop));
            }
        }
    }
    out
}

impl Counters {
    /// Finds the counter regions of `pred` and makes the ghost variables in `k`.
    /// `checked` says whether races on a region are checked.
    pub fn new(
        pred: &Kernel,
        k: &mut Kernel,
        launch: &Launch,
        checked: &dyn Fn(Region) -> bool,
    ) -> Counters {
        let all = atomics(pred);
        let counter = |r: Region| {
            let on: Vec<_> = all.iter().filter(|a| a.0 == r).collect();
            let same_op = on.iter().all(|a| a.1 == "inc") || on.iter().all(|a| a.1 == "dec");
            let threads = match pred.region(r).space {
                Space::Local => launch.local_size.iter().map(|&n| n as u64).product(),
                Space::Global => launch.total_threads(),
                _ => return false,
            };
            let bits = on
                .iter()
                .filter_map(|a| match a.2 {
                    Some(Ty::Bv(w)) => Some(w),
                    _ => None,
                })
                .min();
            let fits = bits
                .is_some_and(|b| b >= 64 || threads.saturating_mul(on.len() as u64) < (1u64 << b));
            same_op && fits && checked(r) && on.iter().all(|a| !a.3)
        };
        let mut sites = Vec::new();
        let mut order = Vec::new();
        for (region, _, ty, _) in &all {
            let (Some(ty), true) = (ty, counter(*region)) else {
                order.push(None);
                continue;
            };
            let name = &pred.region(*region).name;
            let n = sites.len();
            let mut ghost = |what: &str, ty: Ty| {
                [1, 2].map(|t| {
                    k.add_var(
                        format!("{name}.counter{n}.{what}${t}"),
                        ty,
                        VarKind::Instrumentation,
                    )
                })
            };
            let did = ghost("did", Ty::Bool);
            let offset = ghost("offset", Ty::Bv(kir::OFFSET_WIDTH));
            let value = ghost("value", *ty);
            order.push(Some(n));
            sites.push(Site {
                region: *region,
                did,
                offset,
                value,
            });
        }
        Counters {
            order,
            next: 0,
            sites,
        }
    }

    /// The site of the next atomic statement with a result (call once per such statement,
    /// in layout order).
    pub fn next_site(&mut self) -> Option<usize> {
        let site = self.order.get(self.next).copied().flatten();
        self.next += 1;
        site
    }

    /// After thread `t` (0 or 1) did the atomic of `site` (when `pred` holds, at `offset`,
    /// getting `result`): its result differs from every increment the other thread did on
    /// the same counter cell in this barrier interval; then thread `t` remembers this one.
    /// `pair` says the two threads are distinct (and share the region's memory).
    pub fn after(
        &self,
        site: usize,
        t: usize,
        pred: &Expr,
        offset: &Expr,
        result: Var,
        pair: &Expr,
    ) -> Vec<Stmt> {
        let me = &self.sites[site];
        let o = 1 - t;
        let mut out = Vec::new();
        for other in self.sites.iter().filter(|s| s.region == me.region) {
            let met = Expr::and(
                Expr::and(pair.clone(), pred.clone()),
                Expr::and(
                    Expr::Var(other.did[o]),
                    Expr::eq(offset.clone(), Expr::Var(other.offset[o])),
                ),
            );
            let differ = Expr::not(Expr::eq(Expr::Var(result), Expr::Var(other.value[o])));
            out.push(Stmt::Assume {
                cond: Expr::or(Expr::not(met), differ),
            });
        }
        let keep = |v: Var, new: Expr| Stmt::Assign {
            dst: v,
            value: Expr::ite(pred.clone(), new, Expr::Var(v)),
        };
        out.push(keep(me.did[t], Expr::tt()));
        out.push(keep(me.offset[t], offset.clone()));
        out.push(keep(me.value[t], Expr::Var(result)));
        out
    }

    /// Forgets every increment (at a barrier, and at the start).
    pub fn clear(&self) -> Vec<Stmt> {
        self.sites
            .iter()
            .flat_map(|s| s.did)
            .map(|v| Stmt::Assign {
                dst: v,
                value: Expr::ff(),
            })
            .collect()
    }
}
