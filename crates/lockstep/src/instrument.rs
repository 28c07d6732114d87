//! Race instrumentation (GPUVerify's two-thread scheme).
//!
//! For every region that can race (global and local memory), thread 1 keeps a log of one
//! access of each kind since the last barrier that ordered it (for fence flags that differ
//! between threads: that thread 1's own flags ordered), chosen non-deterministically
//! among its accesses: whether one was logged, its byte offset and size, the value written
//! (for benign-write tolerance) and which source access it was. Every access of thread 2
//! is checked against thread 1's logs. Because the two threads are arbitrary and thread 1's
//! access is logged before thread 2's at the same statement, every pair of conflicting
//! accesses in lock-step order is checked.
//!
//! This module holds the log variables and the statements that log, clear and check
//! them; which checks an access gets is [`crate::race`]'s choice.

use crate::Options;
use kir::{
    AccessKind, AssertOrigin, BinOp, CastOp, Expr, Ghost, Kernel, Loc, Region, Space, Stmt,
    StmtData, Ty, UnOp, Var, VarKind, OFFSET_WIDTH,
};

/// The log variables of one kind of access to one region.
#[derive(Clone, Copy, Debug)]
pub struct Log {
    pub has: Var,
    pub offset: Var,
    pub bytes: Var,
    pub value: Var,
    pub source: Var,
    /// Write logs with benign tolerance: the logged write changed the memory it wrote and
    /// thread 2 has not written the same bytes since (GPUVerify's write-read benign flag).
    /// A read of thread 2 races with the logged write only while this holds.
    pub changed: Option<Var>,
}

#[derive(Clone, Copy, Debug)]
pub struct RegionLogs {
    pub read: Log,
    pub write: Log,
    pub atomic: Log,
}

impl RegionLogs {
    pub fn of(&self, kind: AccessKind) -> &Log {
        match kind {
            AccessKind::Read => &self.read,
            AccessKind::Write => &self.write,
            AccessKind::Atomic => &self.atomic,
        }
    }
}

/// Instrumentation state shared by the whole two-thread program.
pub struct Instrumentation {
    /// `None` for regions that cannot race (private, constant).
    pub logs: Vec<Option<RegionLogs>>,
    /// Both threads are in the same group.
    pub same_group: Var,
    /// The two threads are different threads.
    pub distinct: Var,
    /// Both threads are in one warp (only with `--warp-sync`).
    pub same_warp: Option<Var>,
    /// Havocked before each logging decision.
    pub choice: Var,
    pub benign_tolerance: bool,
    /// With benign tolerance: the switch [`TOLERATE`] every tolerance is conjoined with,
    /// assumed true on entry. Denying it asks which checks needed a tolerance (the verdict
    /// lists those).
    pub tolerate: Option<Var>,
    /// Per region, under `--benign=gpuverify`: GPUVerify reads it adversarially, so what it
    /// holds before a write is not trusted (no "write that leaves memory as it was").
    pub untrusted_regions: Vec<bool>,
}

/// The name of the benign-tolerance switch (a VC switch, see `vc::Vc::switches`).
pub const TOLERATE: &str = "benign.tolerate";

/// Per region, whether some statement writes it or accesses it atomically: a region no
/// thread writes cannot race (two reads never do), so it needs no logs, and its logs
/// would only add state and candidate invariants about it (a matrix multiply's input
/// matrices). `None` when an annotation reads the logs (`__read(A)`, `__write_offset(A)`,
/// `__atomic_has_taken_value`): then every region keeps its logs, as the annotation
/// means them.
fn regions_with_logs(k: &Kernel) -> Option<Vec<bool>> {
    let reads_logs = |e: &Expr| {
        Ghost::any_in(e, &|g| {
            crate::threads::is_log(g) || matches!(g, Ghost::TakenValue { .. })
        })
    };
    for (_, data) in k.laid_out() {
        if data
            .stmts
            .iter()
            .any(|s| s.stmt.exprs().into_iter().any(reads_logs))
            || data.term.exprs().into_iter().any(reads_logs)
        {
            return None;
        }
    }
    Some(crate::build::written_regions(k, false))
}

/// Whether accesses to a region of this space can race.
pub fn can_race(space: Space) -> bool {
    matches!(space, Space::Global | Space::Local)
}

impl Instrumentation {
    /// The log variables (added to `k`) of every region that can race, for
    /// `opts.check_arrays` only those it names.
    pub fn new(k: &mut Kernel, opts: &Options) -> Instrumentation {
        let benign_tolerance = opts.benign.tolerates();
        let only = opts.check_arrays.as_deref();
        let written = regions_with_logs(k);
        let inst_var =
            |k: &mut Kernel, name: String, ty: Ty| k.add_var(name, ty, VarKind::Instrumentation);
        let mut logs = Vec::new();
        for i in 0..k.regions.len() {
            let r = Region::new(i);
            // As in GPUVerify, `/checkArrays` leaves the other arrays uninstrumented (their
            // race-log predicates see an empty log).
            let named = only.is_none_or(|names| names.contains(&k.region(r).name));
            let read_only = written.as_ref().is_some_and(|w| !w[i]);
            if !can_race(k.region(r).space) || !named || read_only {
                logs.push(None);
                continue;
            }
            let name = k.region(r).name.clone();
            let log = |k: &mut Kernel, kind: &str| Log {
                has: inst_var(k, format!("{name}.{kind}.has"), Ty::Bool),
                offset: inst_var(k, format!("{name}.{kind}.offset"), Ty::Bv(OFFSET_WIDTH)),
                bytes: inst_var(k, format!("{name}.{kind}.bytes"), Ty::Bv(OFFSET_WIDTH)),
                value: inst_var(k, format!("{name}.{kind}.value"), Ty::Bv(64)),
                source: inst_var(k, format!("{name}.{kind}.source"), Ty::Bv(32)),
                changed: (kind == "write" && benign_tolerance)
                    .then(|| inst_var(k, format!("{name}.{kind}.changed"), Ty::Bool)),
            };
            let read = log(k, "read");
            let write = log(k, "write");
            let atomic = log(k, "atomic");
            logs.push(Some(RegionLogs {
                read,
                write,
                atomic,
            }));
        }
        Instrumentation {
            logs,
            same_group: inst_var(k, "same_group".into(), Ty::Bool),
            distinct: inst_var(k, "distinct".into(), Ty::Bool),
            same_warp: opts
                .warp_size
                .is_some()
                .then(|| inst_var(k, "same_warp".into(), Ty::Bool)),
            choice: inst_var(k, "log.choice".into(), Ty::Bool),
            benign_tolerance,
            tolerate: benign_tolerance.then(|| inst_var(k, TOLERATE.into(), Ty::Bool)),
            untrusted_regions: Vec::new(),
        }
    }

    /// Statements that clear every log (program start).
    pub fn clear_all(&self) -> Vec<Stmt> {
        self.logs
            .iter()
            .flatten()
            .flat_map(|l| [l.read.has, l.write.has, l.atomic.has])
            .map(|has| Stmt::Assign {
                dst: has,
                value: Expr::ff(),
            })
            .collect()
    }

    /// Statements that clear the logs of `regions` when `cond` holds.
    pub fn clear_when(&self, cond: &Expr, regions: impl Iterator<Item = Region>) -> Vec<Stmt> {
        let mut out = Vec::new();
        for r in regions {
            if let Some(l) = self.logs[r.index()] {
                for has in [l.read.has, l.write.has, l.atomic.has] {
                    out.push(Stmt::Assign {
                        dst: has,
                        value: Expr::ite(cond.clone(), Expr::ff(), Expr::Var(has)),
                    });
                }
            }
        }
        out
    }

    /// Thread 1's access (`pred1`, `offset1`, `bytes`, `value1` for writes) may be logged;
    /// `changed` is whether a write changes the memory it writes.
    pub fn log(
        &self,
        log: &Log,
        access: &Access1,
        source: u32,
        changed: Option<Expr>,
    ) -> Vec<Stmt> {
        let chosen = Expr::and(access.pred.clone(), Expr::Var(self.choice));
        let set = |dst: Var, value: Expr| Stmt::Assign {
            dst,
            value: Expr::ite(chosen.clone(), value, Expr::Var(dst)),
        };
        let mut out = vec![
            Stmt::Havoc { dst: self.choice },
            set(log.has, Expr::tt()),
            set(log.offset, access.offset.clone()),
            set(log.bytes, Expr::int(access.bytes as u64, OFFSET_WIDTH)),
            set(log.source, Expr::int(source as u64, 32)),
        ];
        if let Some(v) = &access.value {
            out.push(set(log.value, v.clone()));
        }
        if let Some(flag) = log.changed {
            out.push(set(flag, changed.unwrap_or_else(Expr::tt)));
        }
        out
    }

    /// Thread 2 wrote exactly the bytes of thread 1's logged write: from now on thread 2
    /// reads back its own value there, which the write-write check has compared with
    /// thread 1's, so thread 1's write is no longer observable by thread 2's reads.
    pub fn overwritten_by_thread2(&self, log: &Log, access: &Access1) -> Option<Stmt> {
        let flag = log.changed?;
        let same = Expr::and(
            Expr::and(access.pred.clone(), Expr::Var(log.has)),
            same_bytes(log, access),
        );
        Some(Stmt::Assign {
            dst: flag,
            value: Expr::ite(same, Expr::ff(), Expr::Var(flag)),
        })
    }

    /// The assertion that thread 2's access of `pair` does not conflict with thread 1's
    /// logged access of kind `first` (its log `log`), with its witness expressions.
    pub fn check(
        &self,
        pair: &PairAccess,
        first: AccessKind,
        log: &Log,
        exempt: Exempt,
    ) -> StmtData {
        let (region, second, loc) = (pair.region, pair.kind, pair.loc);
        let access = &pair.threads[1];
        let mut conflict = Expr::and(Expr::Var(self.distinct), access.pred.clone());
        if pair.space == Space::Local {
            conflict = Expr::and(conflict, Expr::Var(self.same_group));
        }
        conflict = Expr::and(conflict, Expr::Var(log.has));
        if let (Some(w), true) = (exempt.same_warp, ordered_in_warp(first, second)) {
            conflict = Expr::and(conflict, Expr::not(Expr::Var(w)));
        }
        let bytes2 = Expr::int(access.bytes as u64, OFFSET_WIDTH);
        conflict = Expr::and(
            conflict,
            overlap(
                Expr::Var(log.offset),
                Expr::Var(log.bytes),
                access.offset.clone(),
                bytes2.clone(),
            ),
        );
        let mut tolerated = None;
        if first == AccessKind::Write && second == AccessKind::Write && self.benign_tolerance {
            if let Some(v) = &access.value {
                tolerated = Some(Expr::and(
                    same_bytes(log, access),
                    Expr::eq(Expr::Var(log.value), v.clone()),
                ));
            }
        }
        if let Some(b) = exempt.benign {
            tolerated = Some(match tolerated {
                Some(t) => Expr::or(t, b),
                None => b,
            });
        }
        if let (Some(t), Some(on)) = (tolerated, self.tolerate) {
            conflict = Expr::and(conflict, Expr::not(Expr::and(Expr::Var(on), t)));
        }
        let mut data = StmtData::new(
            Stmt::Assert {
                cond: Expr::not(conflict),
                origin: AssertOrigin::Race {
                    region,
                    first,
                    second,
                },
            },
            loc,
        );
        data.witness = vec![
            ("offset".into(), access.offset.clone()),
            ("bytes".into(), bytes2_of(access)),
            ("first.offset".into(), Expr::Var(log.offset)),
            ("first.bytes".into(), Expr::Var(log.bytes)),
            ("first.source".into(), Expr::Var(log.source)),
        ];
        data
    }
}

/// Threads of one warp run in lock-step: of two accesses at different steps, the earlier
/// one completes first, and a read and a write never share a step. A write and a write
/// may (the same statement), and atomics are left to the atomic rules.
fn ordered_in_warp(first: AccessKind, second: AccessKind) -> bool {
    matches!(
        (first, second),
        (AccessKind::Read, AccessKind::Write) | (AccessKind::Write, AccessKind::Read)
    )
}

fn bytes2_of(a: &Access1) -> Expr {
    Expr::int(a.bytes as u64, OFFSET_WIDTH)
}

/// Thread 2's access covers exactly the bytes of thread 1's logged one.
fn same_bytes(log: &Log, access: &Access1) -> Expr {
    Expr::and(
        Expr::eq(Expr::Var(log.offset), access.offset.clone()),
        Expr::eq(Expr::Var(log.bytes), bytes2_of(access)),
    )
}

/// The pair's access at one statement of the kernel: what race instrumentation sees.
pub struct PairAccess {
    pub region: Region,
    /// The region's memory space.
    pub space: Space,
    pub kind: AccessKind,
    /// Thread 1's view, then thread 2's.
    pub threads: [Access1; 2],
    /// Its number in the table of accesses (logged as `source`).
    pub id: u32,
    pub loc: Option<Loc>,
}

/// What makes a conflicting pair of accesses harmless.
#[derive(Default)]
pub struct Exempt {
    /// Benign tolerance: the pair's accesses cannot observe each other.
    pub benign: Option<Expr>,
    /// `--warp-sync`: the pair is in one warp (a read and a write are then ordered).
    pub same_warp: Option<Var>,
}

/// One thread's view of an access: its predicate, byte offset, size, and for writes the
/// value written (zero-extended to 64 bits).
pub struct Access1 {
    pub pred: Expr,
    pub offset: Expr,
    pub bytes: u32,
    pub value: Option<Expr>,
}

/// Byte ranges `[o1, o1+b1)` and `[o2, o2+b2)` intersect (modulo 2^64, so offsets that
/// wrapped around are still compared correctly).
pub fn overlap(o1: Expr, b1: Expr, o2: Expr, b2: Expr) -> Expr {
    let starts_in = |a: &Expr, b: &Expr, len: Expr| {
        Expr::bin(BinOp::Ult, Expr::bin(BinOp::Sub, b.clone(), a.clone()), len)
    };
    Expr::or(starts_in(&o1, &o2, b1), starts_in(&o2, &o1, b2))
}

/// `e` with every [`overlap`] whose second range is `bytes` long replaced by the equality
/// of the two ranges' starts, looking through the Boolean connectives only.
///
/// Exact for the race checks of a region whose every access is `bytes` long at an offset
/// that is a multiple of `bytes` (the VC's word cells): a log only ever holds such an
/// access, and two of them touch the same bytes or disjoint ones. Z3 then compares two
/// offsets instead of two wrapped differences: a tiled transpose's 12 race checks took
/// 1.05 s as overlaps and 0.10 s as equalities.
pub fn overlaps_as_equal(e: &Expr, bytes: u64) -> Expr {
    if let Some((o1, o2)) = overlap_of(e, bytes) {
        return Expr::eq(o1.clone(), o2.clone());
    }
    let map = |a: &Expr| Box::new(overlaps_as_equal(a, bytes));
    match e {
        Expr::Unary(UnOp::Not, a) => Expr::Unary(UnOp::Not, map(a)),
        Expr::Binary(op @ (BinOp::And | BinOp::Or | BinOp::Implies), a, b) => {
            Expr::Binary(*op, map(a), map(b))
        }
        _ => e.clone(),
    }
}

/// The starts `(o1, o2)` of `e` when it is `overlap(o1, _, o2, bytes)`.
fn overlap_of(e: &Expr, bytes: u64) -> Option<(&Expr, &Expr)> {
    let Expr::Binary(BinOp::Or, x, y) = e else {
        return None;
    };
    let (o2, o1, _) = difference(x)?;
    let (p1, p2, len2) = difference(y)?;
    let sized = matches!(len2, Expr::Int { value, .. } if *value == bytes);
    (sized && o1 == p1 && o2 == p2).then_some((o1, o2))
}

/// `(b, a, len)` of `b - a <u len`.
fn difference(e: &Expr) -> Option<(&Expr, &Expr, &Expr)> {
    let Expr::Binary(BinOp::Ult, d, len) = e else {
        return None;
    };
    let Expr::Binary(BinOp::Sub, b, a) = &**d else {
        return None;
    };
    Some((b, a, len))
}

/// Byte offset `x` does not lie in `[offset, offset + bytes)`.
pub fn outside(x: Expr, offset: Expr, bytes: u32) -> Expr {
    let one = Expr::int(1, OFFSET_WIDTH);
    Expr::not(overlap(
        x,
        one,
        offset,
        Expr::int(bytes as u64, OFFSET_WIDTH),
    ))
}

/// A value of any bit-vector width, zero-extended (or kept) to 64 bits.
pub fn widen64(e: Expr, ty: Ty) -> Expr {
    match ty {
        Ty::Bv(64) => e,
        Ty::Bv(_) => Expr::cast(CastOp::ZExt, 64, e),
        Ty::Bool => Expr::ite(e, Expr::int(1, 64), Expr::int(0, 64)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(i: usize) -> Expr {
        Expr::Var(Var::new(i))
    }

    /// `!(has && overlap(o1, b1, o2, 4))`, as a race check reads.
    fn race_check(bytes: u64) -> Expr {
        let clash = overlap(var(1), var(2), var(3), Expr::int(bytes, OFFSET_WIDTH));
        Expr::not(Expr::and(var(0), clash))
    }

    #[test]
    fn an_overlap_of_words_becomes_an_equality_of_offsets() {
        let got = overlaps_as_equal(&race_check(4), 4);
        let want = Expr::not(Expr::and(var(0), Expr::eq(var(1), var(3))));
        assert_eq!(got, want);
    }

    #[test]
    fn an_overlap_of_another_size_is_kept() {
        let check = race_check(8);
        assert_eq!(overlaps_as_equal(&check, 4), check);
        // Not under an arithmetic operator or an `ite` either: only Boolean connectives
        // are looked through.
        let hidden = Expr::ite(var(0), race_check(4), Expr::tt());
        assert_eq!(overlaps_as_equal(&hidden, 4), hidden);
    }

    /// What makes the rewrite exact: two `B`-byte ranges at multiples of `B` overlap (as
    /// [`overlap`] says, modulo 2^64) exactly when they start at the same byte, also
    /// across the wrap-around.
    #[test]
    fn aligned_words_overlap_only_at_equal_offsets() {
        let overlaps = |o1: u64, b1: u64, o2: u64, b2: u64| {
            o2.wrapping_sub(o1) < b1 || o1.wrapping_sub(o2) < b2
        };
        for b in [2u64, 4, 8] {
            let starts: Vec<u64> = (0..16u64)
                .map(|i| i * b)
                .chain((1..16u64).map(|i| 0u64.wrapping_sub(i * b)))
                .collect();
            for &o1 in &starts {
                for &o2 in &starts {
                    assert_eq!(overlaps(o1, b, o2, b), o1 == o2, "{o1:#x} {o2:#x} {b}");
                }
            }
        }
        // Unaligned, the rewrite would lose a conflict: [0, 4) and [2, 6) share two bytes.
        assert!(overlaps(0, 4, 2, 4));
    }
}
