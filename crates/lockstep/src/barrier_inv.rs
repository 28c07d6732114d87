//! Barrier invariants in the two-thread program (GPUVerify's semantics, Chong et al.,
//! "Barrier invariants", OOPSLA 2013).
//!
//! The lifter leaves `__barrier_invariant_N(φ, i1, …)` as an assertion whose condition is
//! a [`Ghost::BarrierInvariant`], guarded by predication with the thread's predicate `p`.
//! At the next barrier (it must be in the same block) this stage emits:
//! - *before the barrier*, for thread 1 (which covers every thread): `p ⟹ φ`, with φ's
//!   [`Ghost::Load`]s read from thread 1's memory (binary invariants: for two distinct
//!   threads of one group, both at the barrier); each location φ reads (under the
//!   conditions of the `__implies`/`__ite` around the read) must have been accessed
//!   since the last barrier by thread 1, or by thread 2 of the same group (GPUVerify's
//!   access check: a location nobody of the pair accessed may have been changed by a
//!   third thread without a race); and a value private to threads that φ mentions must
//!   be the same in both threads of a group (it is used for the instantiated threads);
//! - *after the barrier's havoc of shared memory*, for each thread `t` and each
//!   instantiation `i`: `p_t ⟹ 0 ≤ i < local_size.x ⟹ φ[local_id.x := i]`, reading the
//!   memory after the barrier (binary: pairs `(a, b)`, distinct, `__other_*(x)` in φ
//!   evaluated as `x[local_id.x := b]`).
//!
//! Permission is tracked as GPUVerify does: per region read by some invariant, a byte
//! offset `not_accessed`, made arbitrary at each barrier that orders the region and
//! assumed different from every byte the pair accesses; a location was accessed iff
//! `not_accessed` cannot be any of its bytes.

use kir::{
    AssertOrigin, BinOp, Builtin, CastOp, Expr, Ghost, Kernel, Loc, Region, Stmt, StmtData, Thread,
    Ty, Var, VarKind, OFFSET_WIDTH,
};

use crate::build::Builder;
use crate::instrument::{can_race, outside, Access1};
use crate::threads::other;
use crate::LockstepError;

/// A barrier invariant waiting for its barrier.
pub struct Pending {
    /// The thread's predicate where the invariant is.
    act: Expr,
    binary: bool,
    /// φ, then the instantiations.
    args: Vec<Expr>,
    loc: Option<Loc>,
}

#[derive(Default)]
pub struct State {
    pub pending: Vec<Pending>,
    /// The `not_accessed` offset of each region some barrier invariant reads, and a
    /// variable for its next arbitrary value.
    pub permission: Vec<Option<(Var, Var)>>,
    /// `local_id.x` of the predicated kernel, if it has one.
    lid: Option<Var>,
    /// `--no-barrier-access-checks`: the read-permission checks are left out.
    pub skip_access_checks: bool,
}

/// Variables for the permission of every shared region a barrier invariant of `pred`
/// reads, added to `k`.
pub fn state(pred: &Kernel, k: &mut Kernel) -> State {
    let mut read = vec![false; pred.regions.len()];
    for (_, data) in pred.laid_out() {
        for s in &data.stmts {
            if let Stmt::Assert {
                cond,
                origin: AssertOrigin::BarrierInvariant,
            } = &s.stmt
            {
                cond.visit(&mut |e| {
                    if let Some(Ghost::Load { region, .. }) = Ghost::of(e) {
                        read[region.index()] = true;
                    }
                });
            }
        }
    }
    let permission = (0..pred.regions.len())
        .map(|i| {
            let r = k.region(Region::new(i)).clone();
            (read[i] && can_race(r.space)).then(|| {
                let name = format!("{}.not_accessed", r.name);
                let fresh = format!("{name}.havoc");
                (
                    k.add_var(name, Ty::Bv(OFFSET_WIDTH), VarKind::Instrumentation),
                    k.add_var(fresh, Ty::Bv(OFFSET_WIDTH), VarKind::Instrumentation),
                )
            })
        })
        .collect();
    let lid = pred
        .vars
        .iter()
        .position(|v| v.kind == VarKind::Builtin(Builtin::LocalId(0)))
        .map(Var::new);
    State {
        pending: Vec::new(),
        permission,
        lid,
        skip_access_checks: false,
    }
}

impl Builder<'_> {
    /// Keeps a lifted barrier invariant for the next barrier.
    pub(crate) fn pending_invariant(
        &mut self,
        cond: &Expr,
        loc: Option<Loc>,
    ) -> Result<(), LockstepError> {
        let (act, ghost) = match cond {
            Expr::Binary(BinOp::Implies, act, g) => ((**act).clone(), &**g),
            g => (Expr::tt(), g),
        };
        let Some(Ghost::BarrierInvariant { binary, args }) = Ghost::of(ghost) else {
            return Err(LockstepError::Internal {
                message: "malformed barrier invariant".into(),
            });
        };
        let logs = |g: Ghost<'_>| matches!(g, Ghost::LogHas { .. } | Ghost::LogOffset { .. });
        if args.iter().any(|a| Ghost::any_in(a, &logs)) {
            return Err(LockstepError::Unsupported {
                construct: "a barrier invariant over the race logs (`__read`, `__write`, …)".into(),
                loc,
            });
        }
        self.binv.pending.push(Pending {
            act,
            binary,
            args: args.to_vec(),
            loc,
        });
        Ok(())
    }

    /// The error for invariants left at the end of a block.
    pub(crate) fn unplaced_invariants(&self) -> Result<(), LockstepError> {
        match self.binv.pending.first() {
            None => Ok(()),
            Some(p) => {
                let at = p.loc.map(|l| format!("{}: ", self.k.describe_loc(l)));
                Err(LockstepError::Unsupported {
                    construct: format!(
                        "{}barrier invariant that is not followed by a barrier in its block",
                        at.unwrap_or_default()
                    ),
                    loc: p.loc,
                })
            }
        }
    }

    /// Assumes that the pair's access does not touch `not_accessed` of its region.
    pub(crate) fn note_permission(
        &self,
        region: Region,
        acc: &[Access1; 2],
        out: &mut Vec<StmtData>,
        loc: Option<Loc>,
    ) {
        let Some(Some((na, _))) = self.binv.permission.get(region.index()) else {
            return;
        };
        for (i, a) in acc.iter().enumerate() {
            let mut when = a.pred.clone();
            if i == 1 {
                when = Expr::and(Expr::Var(self.inst.same_group), when);
            }
            let cond = Expr::implies(when, outside(Expr::Var(*na), a.offset.clone(), a.bytes));
            out.push(StmtData::new(Stmt::Assume { cond }, loc));
        }
    }

    /// Forgets who accessed the regions a barrier orders, when a thread of the pair
    /// takes part in it (`when`).
    pub(crate) fn reset_permission(
        &self,
        fenced: &[Region],
        when: &Expr,
        out: &mut Vec<StmtData>,
        loc: Option<Loc>,
    ) {
        for r in fenced {
            if let Some(Some((na, fresh))) = self.binv.permission.get(r.index()) {
                out.push(StmtData::new(Stmt::Havoc { dst: *fresh }, loc));
                let value = Expr::ite(when.clone(), Expr::Var(*fresh), Expr::Var(*na));
                out.push(StmtData::new(Stmt::Assign { dst: *na, value }, loc));
            }
        }
    }

    /// `e` with every load replaced by a variable read (for thread `t`, whose context `e`
    /// is in) just before; `__other_*` switches the thread.
    fn materialize(
        &mut self,
        t: Thread,
        e: &Expr,
        out: &mut Vec<StmtData>,
        loc: Option<Loc>,
    ) -> Expr {
        e.rewrite(&mut |s| match Ghost::of(s)? {
            Ghost::Other(x) => {
                let inner = self.materialize(other(t), x, out, loc);
                let ty = s.ty(&self.k);
                Some(kir::ghost::other(inner, ty))
            }
            Ghost::Load {
                region,
                offset,
                bytes,
            } => {
                let offset = self.materialize(t, offset, out, loc);
                let offset = self.phi_in(t, &offset);
                let name = format!("{}.inv", self.k.region(region).name);
                let dst = self
                    .k
                    .add_var(name, Ty::Bv(bytes * 8), VarKind::Instrumentation);
                out.push(StmtData::new(
                    Stmt::Read {
                        pred: Expr::tt(),
                        dst,
                        region,
                        offset,
                        bytes,
                        thread: Some(t),
                    },
                    loc,
                ));
                Some(Expr::Var(dst))
            }
            _ => None,
        })
    }

    /// φ_t of an expression whose loads were materialized.
    fn phi_in(&self, t: Thread, e: &Expr) -> Expr {
        self.phi(t, e)
    }

    /// `e` read for thread `t` against the current memory.
    fn eval(&mut self, t: Thread, e: &Expr, out: &mut Vec<StmtData>, loc: Option<Loc>) -> Expr {
        let m = self.materialize(t, e, out, loc);
        self.phi_in(t, &m)
    }

    /// The checks of the pending invariants at a barrier.
    pub(crate) fn check_invariants(&mut self, out: &mut Vec<StmtData>) {
        let pending = std::mem::take(&mut self.binv.pending);
        for p in &pending {
            let loc = p.loc;
            let p1 = self.phi(Thread::T1, &p.act);
            let p2 = self.phi(Thread::T2, &p.act);
            let pair = Expr::and(
                Expr::and(
                    Expr::Var(self.inst.same_group),
                    Expr::Var(self.inst.distinct),
                ),
                Expr::and(p1.clone(), p2.clone()),
            );
            let guard = if p.binary { pair.clone() } else { p1.clone() };
            let guard = if p.binary {
                guard
            } else {
                self.for_pairs(&p.args[0], guard)
            };
            // Values private to each thread must be the group's: they are used for the
            // instantiated threads.
            let mut private = Vec::new();
            for a in &p.args {
                a.for_each_var(&mut |v| {
                    if self.k.var(v).kind == VarKind::Private && !private.contains(&v) {
                        private.push(v);
                    }
                });
            }
            for v in private {
                let same = Expr::eq(
                    self.phi(Thread::T1, &Expr::Var(v)),
                    self.phi(Thread::T2, &Expr::Var(v)),
                );
                let origin = AssertOrigin::GroupUniform {
                    function: "__barrier_invariant".into(),
                };
                let cond = Expr::implies(pair.clone(), same);
                out.push(StmtData::new(Stmt::Assert { cond, origin }, loc));
            }
            // Permission for every location read (unless the user turned it off).
            let mut reads = Vec::new();
            if !self.binv.skip_access_checks {
                loads_under(&p.args[0], Expr::tt(), false, &mut reads);
            }
            for (path, region, offset, bytes) in reads {
                let Some(Some((na, _))) = self.binv.permission.get(region.index()).copied() else {
                    continue;
                };
                let path = self.eval(Thread::T1, &path, out, loc);
                let offset = self.eval(Thread::T1, &offset, out, loc);
                let cond = Expr::implies(
                    Expr::and(guard.clone(), path),
                    outside(Expr::Var(na), offset, bytes),
                );
                let origin = AssertOrigin::BarrierInvariantAccess { region };
                out.push(StmtData::new(Stmt::Assert { cond, origin }, loc));
            }
            let phi = self.eval(Thread::T1, &p.args[0], out, loc);
            let cond = Expr::implies(guard, phi);
            let origin = AssertOrigin::BarrierInvariant;
            out.push(StmtData::new(Stmt::Assert { cond, origin }, loc));
        }
        self.binv.pending = pending;
    }

    /// The instantiations of the pending invariants after a barrier (which clears them).
    pub(crate) fn instantiate_invariants(&mut self, out: &mut Vec<StmtData>) {
        let pending = std::mem::take(&mut self.binv.pending);
        let size = self.opts.launch.local_size[0] as u64;
        for p in &pending {
            let loc = p.loc;
            let step = if p.binary { 2 } else { 1 };
            for inst in p.args[1..].chunks(step) {
                let ids: Vec<Expr> = inst.iter().map(|i| self.as_lid(i)).collect();
                let mut pre = Expr::tt();
                for i in &ids {
                    let w = match i.ty(&self.k) {
                        Ty::Bv(w) => w,
                        Ty::Bool => 1,
                    };
                    pre = Expr::and(pre, Expr::bin(BinOp::Ult, i.clone(), Expr::int(size, w)));
                }
                let body = match ids.as_slice() {
                    [a, b] => {
                        pre = Expr::and(pre, Expr::ne(a.clone(), b.clone()));
                        self.for_pair(&p.args[0], a, b)
                    }
                    [a] => self.substitute(&p.args[0], a),
                    _ => continue,
                };
                for t in [Thread::T1, Thread::T2] {
                    let act = self.phi(t, &p.act);
                    let pre = self.eval(t, &pre, out, loc);
                    let body = self.eval(t, &body, out, loc);
                    let cond = Expr::implies(act, Expr::implies(pre, body));
                    out.push(StmtData::new(Stmt::Assume { cond }, loc));
                }
            }
        }
    }

    /// An instantiation expression with the type of `local_id.x`.
    fn as_lid(&self, i: &Expr) -> Expr {
        let (Some(lid), Ty::Bv(w)) = (self.binv.lid, i.ty(&self.k)) else {
            return i.clone();
        };
        match self.k.var(lid).ty {
            Ty::Bv(l) if l > w => Expr::cast(CastOp::ZExt, l, i.clone()),
            Ty::Bv(l) if l < w => Expr::cast(CastOp::Trunc, l, i.clone()),
            _ => i.clone(),
        }
    }

    /// `e[local_id.x := i]`.
    fn substitute(&self, e: &Expr, i: &Expr) -> Expr {
        let Some(lid) = self.binv.lid else {
            return e.clone();
        };
        e.rewrite(&mut |s| match s {
            Expr::Var(v) if *v == lid => Some(i.clone()),
            _ => None,
        })
    }

    /// φ for the pair `(a, b)`: `local_id.x := a`, and inside `__other_*(x)`, `x` for
    /// thread `b` (with the roles swapped again inside it), evaluated by this thread.
    fn for_pair(&self, e: &Expr, a: &Expr, b: &Expr) -> Expr {
        let Some(lid) = self.binv.lid else {
            return e.rewrite(&mut |s| match Ghost::of(s) {
                Some(Ghost::Other(x)) => Some(x.clone()),
                _ => None,
            });
        };
        e.rewrite(&mut |s| match (s, Ghost::of(s)) {
            (Expr::Var(v), _) if *v == lid => Some(a.clone()),
            (_, Some(Ghost::Other(x))) => Some(self.for_pair(x, b, a)),
            _ => None,
        })
    }
}

/// The loads of `e` with the condition under which `__implies`/`__ite` evaluate them
/// (in the current thread's context; `other`: inside `__other_*`).
fn loads_under(e: &Expr, path: Expr, other: bool, out: &mut Vec<(Expr, Region, Expr, u32)>) {
    let wrap = |x: &Expr| match other {
        true => kir::ghost::other(x.clone(), Ty::Bool),
        false => x.clone(),
    };
    match (e, Ghost::of(e)) {
        (
            _,
            Some(Ghost::Load {
                region,
                offset,
                bytes,
            }),
        ) => {
            loads_under(offset, path.clone(), other, out);
            let offset = match other {
                true => kir::ghost::other(offset.clone(), Ty::Bv(OFFSET_WIDTH)),
                false => offset.clone(),
            };
            out.push((path, region, offset, bytes));
        }
        (_, Some(Ghost::Other(x))) => loads_under(x, path, true, out),
        (Expr::Binary(BinOp::Implies, a, b), _) => {
            loads_under(a, path.clone(), other, out);
            loads_under(b, Expr::and(path, wrap(a)), other, out);
        }
        (Expr::Ite(c, a, b), _) => {
            loads_under(c, path.clone(), other, out);
            loads_under(a, Expr::and(path.clone(), wrap(c)), other, out);
            loads_under(b, Expr::and(path, Expr::not(wrap(c))), other, out);
        }
        (Expr::Unary(_, a) | Expr::Cast(_, _, a), _) => loads_under(a, path, other, out),
        (Expr::Binary(_, a, b), _) => {
            loads_under(a, path.clone(), other, out);
            loads_under(b, path, other, out);
        }
        (Expr::Apply { args, .. }, _) => {
            for a in args {
                loads_under(a, path.clone(), other, out);
            }
        }
        (Expr::Var(_) | Expr::Bool(_) | Expr::Int { .. }, _) => {}
    }
}
