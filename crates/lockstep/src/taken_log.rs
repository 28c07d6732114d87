//! Each thread's log of the values its atomics on one region returned since the last
//! barrier, in one of two forms:
//!
//! - [`Log::Sites`], when no atomic on the region is in a loop: per atomic statement and
//!   thread, scalar ghosts (whether it ran since the last barrier, at which byte offset,
//!   what it returned). Each such statement runs at most once per thread, so this is the
//!   exact log.
//! - [`Log::Array`], when one is in a loop: a ghost private array of bytes per thread,
//!   indexed by `offset << w | value` (for cells at offsets below `2^(64-w)`, which makes
//!   the index one-to-one), where `1` marks a value taken. It starts, and is left after
//!   each barrier, with arbitrary contents, so it holds at least the values taken since
//!   the last barrier. That is all the refinement needs: an arbitrary log includes the
//!   empty one, the log of a real run, so assuming a result is absent from it excludes no
//!   real run. A value can be proved present, never absent.

use kir::{BinOp, Expr, Kernel, Region, Stmt, Thread, Ty, Var, VarKind, OFFSET_WIDTH};

/// One atomic statement's ghosts, per thread: ran since the last barrier, byte offset,
/// result (64 bits).
#[derive(Clone, Copy, Debug)]
pub struct Site {
    did: [Var; 2],
    offset: [Var; 2],
    value: [Var; 2],
}

#[derive(Clone, Debug)]
pub enum Log {
    /// Indexes into [`Logs::sites`].
    Sites(Vec<usize>),
    /// The ghost array, for cells of `bits` bits.
    Array { region: Region, bits: u32 },
}

/// The ghost state of every log.
#[derive(Default)]
pub struct Logs {
    pub sites: Vec<Site>,
}

fn index(t: Thread) -> usize {
    match t {
        Thread::T1 => 0,
        Thread::T2 => 1,
    }
}

impl Logs {
    /// A site for an atomic statement on `region` (its ghosts added to `k`).
    pub fn site(&mut self, k: &mut Kernel, region: Region) -> usize {
        let name = k.region(region).name.clone();
        let n = self.sites.len();
        let mut ghost = |what: &str, ty: Ty| {
            [1, 2].map(|t| {
                k.add_var(
                    format!("{name}.taken{n}.{what}${t}"),
                    ty,
                    VarKind::Instrumentation,
                )
            })
        };
        let did = ghost("did", Ty::Bool);
        let offset = ghost("offset", Ty::Bv(OFFSET_WIDTH));
        let value = ghost("value", Ty::Bv(64));
        self.sites.push(Site { did, offset, value });
        n
    }

    /// Whether thread `t` has taken `value` (64 bits) from the cell at byte `cell`: the
    /// statements that read the log, and the answer.
    pub fn present(
        &self,
        k: &mut Kernel,
        log: &Log,
        t: Thread,
        cell: &Expr,
        value: &Expr,
        out: &mut Vec<Stmt>,
    ) -> Expr {
        let t = index(t);
        match log {
            Log::Sites(sites) => {
                let mut any = Expr::ff();
                for s in sites.iter().map(|&i| self.sites[i]) {
                    let here = Expr::and(
                        Expr::Var(s.did[t]),
                        Expr::and(
                            Expr::eq(Expr::Var(s.offset[t]), cell.clone()),
                            Expr::eq(Expr::Var(s.value[t]), value.clone()),
                        ),
                    );
                    any = Expr::or(any, here);
                }
                any
            }
            &Log::Array { region, bits } => {
                let name = format!("{}.byte", k.region(region).name);
                let dst = k.add_var(name, Ty::Bv(8), VarKind::Instrumentation);
                out.push(Stmt::Read {
                    pred: Expr::tt(),
                    dst,
                    region,
                    offset: key(cell, value.clone(), bits),
                    bytes: 1,
                    thread: Some(if t == 0 { Thread::T1 } else { Thread::T2 }),
                });
                let present = Expr::eq(Expr::Var(dst), Expr::int(1, 8));
                Expr::and(in_range(cell, bits), present)
            }
        }
    }

    /// Thread `t` took `value` (64 bits) from the cell at byte `offset` with the atomic of
    /// `site` (for a log of sites) when `pred` holds: the statements that log it.
    pub fn record(
        &self,
        log: &Log,
        site: Option<usize>,
        t: Thread,
        pred: &Expr,
        offset: &Expr,
        value: Expr,
    ) -> Vec<Stmt> {
        match (log, site) {
            (Log::Sites(_), Some(i)) => {
                let s = self.sites[i];
                let t = index(t);
                let keep = |v: Var, new: Expr| Stmt::Assign {
                    dst: v,
                    value: Expr::ite(pred.clone(), new, Expr::Var(v)),
                };
                vec![
                    keep(s.did[t], Expr::tt()),
                    keep(s.offset[t], offset.clone()),
                    keep(s.value[t], value),
                ]
            }
            (Log::Sites(_), None) => Vec::new(),
            (&Log::Array { region, bits }, _) => vec![Stmt::Write {
                pred: Expr::and(pred.clone(), in_range(offset, bits)),
                region,
                offset: key(offset, value, bits),
                value: Expr::int(1, 8),
                bytes: 1,
                thread: Some(t),
            }],
        }
    }

    /// Forgets `log` (at a barrier, and at the start).
    pub fn clear(&self, log: &Log) -> Vec<Stmt> {
        match log {
            Log::Sites(sites) => sites
                .iter()
                .flat_map(|&i| self.sites[i].did)
                .map(|v| Stmt::Assign {
                    dst: v,
                    value: Expr::ff(),
                })
                .collect(),
            &Log::Array { region, .. } => vec![Stmt::HavocMemory {
                pred: Expr::tt(),
                region,
            }],
        }
    }
}

/// `offset << w | value`: one-to-one for offsets below `2^(64-w)` and values below `2^w`.
fn key(offset: &Expr, value: Expr, bits: u32) -> Expr {
    let shifted = Expr::bin(BinOp::Shl, offset.clone(), Expr::int(bits as u64, 64));
    Expr::bin(BinOp::Or, shifted, value)
}

/// The offset is below `2^(64-w)`.
pub fn in_range(offset: &Expr, bits: u32) -> Expr {
    let high = Expr::bin(BinOp::LShr, offset.clone(), Expr::int(64 - bits as u64, 64));
    Expr::eq(high, Expr::int(0, OFFSET_WIDTH))
}
