//! The pair's accesses to memory (the paper's Table 3, `read`, `write`, and atomics):
//! each is numbered in the table of accesses, noted for barrier-invariant permission,
//! handed to race instrumentation (`race.rs`), and then done by both threads; an atomic's
//! result goes through the atomic counters (`counters.rs`).

use kir::{AccessKind, AssertOrigin, Expr, Loc, Region, Space, Stmt, StmtData, Thread, Ty, Var};

use crate::build::Builder;
use crate::counters::AtomicResult;
use crate::instrument::{widen64, Access1, PairAccess};
use crate::{Access, LockstepError};

/// A statement's access to memory, in the predicated kernel's terms.
struct Source<'a> {
    pred: &'a Expr,
    region: Region,
    offset: &'a Expr,
    bytes: u32,
    loc: Option<Loc>,
}

impl Builder<'_> {
    /// A statement that accesses memory: a read, a write or an atomic.
    pub(crate) fn access(
        &mut self,
        s: &StmtData,
        out: &mut Vec<StmtData>,
    ) -> Result<(), LockstepError> {
        let loc = s.loc;
        match &s.stmt {
            Stmt::Read {
                pred,
                dst,
                region,
                offset,
                bytes,
                ..
            } => {
                let src = Source {
                    pred,
                    region: *region,
                    offset,
                    bytes: *bytes,
                    loc,
                };
                self.read(src, *dst, out)
            }
            Stmt::Write {
                pred,
                region,
                offset,
                value,
                bytes,
                ..
            } => {
                let dst = Source {
                    pred,
                    region: *region,
                    offset,
                    bytes: *bytes,
                    loc,
                };
                self.write(dst, value, out);
                Ok(())
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
                let src = Source {
                    pred,
                    region: *region,
                    offset,
                    bytes: *bytes,
                    loc,
                };
                self.atomic(src, *dst, op, out)
            }
            _ => Err(LockstepError::Internal {
                message: "a statement that accesses no memory taken for an access".into(),
            }),
        }
    }

    /// A read of `src` into `dst`.
    fn read(
        &mut self,
        src: Source,
        dst: Var,
        out: &mut Vec<StmtData>,
    ) -> Result<(), LockstepError> {
        let pair = self.pair_access(&src, AccessKind::Read, None, out);
        self.race.instrument(&mut self.k, &self.inst, &pair, out);
        for (t, a) in [Thread::T1, Thread::T2].into_iter().zip(pair.threads) {
            out.push(StmtData::new(
                Stmt::Read {
                    pred: a.pred,
                    dst: self.copy(t, dst)?,
                    region: src.region,
                    offset: a.offset,
                    bytes: src.bytes,
                    thread: Some(t),
                },
                src.loc,
            ));
        }
        Ok(())
    }

    /// A write of `value` to `dst`.
    fn write(&mut self, dst: Source, value: &Expr, out: &mut Vec<StmtData>) {
        let ty = value.ty(&self.k);
        let pair = self.pair_access(&dst, AccessKind::Write, Some((value, ty)), out);
        self.constant_write_check(&pair, out);
        self.race.instrument(&mut self.k, &self.inst, &pair, out);
        crate::warp::other_lanes_write(&self.k, self.opts.warp_size, dst.region, dst.loc, out);
        for (t, a) in [Thread::T1, Thread::T2].into_iter().zip(pair.threads) {
            out.push(StmtData::new(
                Stmt::Write {
                    pred: a.pred,
                    region: dst.region,
                    offset: a.offset,
                    value: self.phi(t, value),
                    bytes: dst.bytes,
                    thread: Some(t),
                },
                dst.loc,
            ));
        }
    }

    /// An atomic `op` on `src`, its result (if used) into `dst`.
    fn atomic(
        &mut self,
        src: Source,
        dst: Option<Var>,
        op: &str,
        out: &mut Vec<StmtData>,
    ) -> Result<(), LockstepError> {
        let region = src.region;
        let pair = self.pair_access(&src, AccessKind::Atomic, None, out);
        self.constant_write_check(&pair, out);
        self.race.instrument(&mut self.k, &self.inst, &pair, out);
        crate::warp::other_lanes_write(&self.k, self.opts.warp_size, region, src.loc, out);
        let site = self.counters.next_atomic();
        let mut both = Expr::Var(self.inst.distinct);
        if self.k.region(region).space == Space::Local {
            both = Expr::and(Expr::Var(self.inst.same_group), both);
        }
        for (t, a) in [Thread::T1, Thread::T2].into_iter().zip(pair.threads) {
            let dst = match dst {
                Some(d) => Some(self.copy(t, d)?),
                None => None,
            };
            out.push(StmtData::new(
                Stmt::Atomic {
                    pred: a.pred.clone(),
                    dst,
                    region,
                    offset: a.offset.clone(),
                    bytes: src.bytes,
                    op: op.to_string(),
                    thread: Some(t),
                },
                src.loc,
            ));
            if let Some(result) = dst {
                let result = AtomicResult {
                    region,
                    site,
                    thread: t,
                    pred: &a.pred,
                    offset: &a.offset,
                    result,
                };
                let after = self.counters.after(&mut self.k, &result, &both);
                out.extend(after.into_iter().map(|s| StmtData::new(s, src.loc)));
            }
        }
        Ok(())
    }

    /// The pair's views of the access (`value`: a write's value and its type), noted for
    /// barrier-invariant permission and numbered in the table of accesses.
    fn pair_access(
        &mut self,
        src: &Source,
        kind: AccessKind,
        value: Option<(&Expr, Ty)>,
        out: &mut Vec<StmtData>,
    ) -> PairAccess {
        let mut threads = [Thread::T1, Thread::T2].map(|t| Access1 {
            pred: self.phi(t, src.pred),
            offset: self.phi(t, src.offset),
            bytes: src.bytes,
            value: value.map(|(v, ty)| widen64(self.phi(t, v), ty)),
        });
        // A value from memory is not trusted to be equal (`--benign=gpuverify`): benign
        // tolerance compares an arbitrary value of each thread instead.
        let logged = self.inst.logs[src.region.index()].is_some();
        if logged && value.is_some_and(|(v, _)| crate::benign::depends(&self.from_memory, v)) {
            for a in &mut threads {
                let arbitrary =
                    self.k
                        .add_var("untrusted", Ty::Bv(64), kir::VarKind::Instrumentation);
                out.push(StmtData::new(Stmt::Havoc { dst: arbitrary }, src.loc));
                a.value = Some(Expr::Var(arbitrary));
            }
        }
        self.note_permission(src.region, &threads, out, src.loc);
        self.accesses.push(Access {
            kind,
            region: src.region,
            loc: src.loc,
        });
        PairAccess {
            region: src.region,
            space: self.k.region(src.region).space,
            kind,
            threads,
            id: (self.accesses.len() - 1) as u32,
            loc: src.loc,
        }
    }

    /// `__constant` memory may not be written: thread 1's write (or atomic) is a defect.
    fn constant_write_check(&self, pair: &PairAccess, out: &mut Vec<StmtData>) {
        if pair.space == Space::Constant {
            out.push(StmtData::new(
                Stmt::Assert {
                    cond: Expr::not(pair.threads[0].pred.clone()),
                    origin: AssertOrigin::ConstantWrite {
                        region: pair.region,
                    },
                },
                pair.loc,
            ));
        }
    }
}
