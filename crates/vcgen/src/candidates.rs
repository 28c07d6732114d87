//! Candidate loop invariants for Houdini. Each is a guess; Houdini keeps the largest subset
//! that holds on loop entry and is preserved by an iteration, so a wrong guess costs time,
//! never soundness. Families (per loop):
//! - control: no thread is in the middle of the loop at its head; in one group both threads
//!   are at the head or neither (needed for barriers in loops);
//! - uniformity: a variable the loop assigns has the same value in both threads (guarded by
//!   "both threads in the loop" and unguarded);
//! - race logs: no access of a kind has been logged; a logged access is at an offset one
//!   of the kernel's accesses computes from values the loop does not change;
//! - bounds: for comparisons in the loop `a < b`, also `a <= b`; assigned counters are
//!   non-negative.

use std::collections::BTreeSet;

use kir::{AccessKind, BinOp, Block, Expr, Kernel, Region, Stmt, Thread, Ty, Var, VarKind};
use lockstep::TwoThread;

use crate::loops::{layout, modified, LoopSpan};
use crate::strides::{const_eval, substitute, Strides};
use crate::Invariant;

pub fn candidates(tt: &TwoThread) -> Vec<Invariant> {
    let k = &tt.kernel;
    let Ok(l) = layout(k) else {
        return Vec::new();
    };
    let mut spans: Vec<&LoopSpan> = l.loops.values().collect();
    spans.sort_by_key(|s| s.first);
    let mut out = Vec::new();
    for span in spans {
        let mut g = Gen {
            k,
            tt,
            span,
            out: &mut out,
        };
        g.all();
    }
    out
}

struct Gen<'a> {
    k: &'a Kernel,
    tt: &'a TwoThread,
    span: &'a LoopSpan,
    out: &'a mut Vec<Invariant>,
}

fn copy_of(k: &Kernel, v: Var) -> Option<(Var, Thread)> {
    match k.var(v).kind {
        VarKind::ThreadCopy { of, thread } => Some((of, thread)),
        _ => None,
    }
}

/// The two thread copies of every private variable, by the original variable.
fn pairs(k: &Kernel) -> Vec<(Var, Var, Var)> {
    let mut firsts = std::collections::HashMap::new();
    let mut out = Vec::new();
    for i in 0..k.vars.len() {
        let v = Var::new(i);
        if let Some((of, t)) = copy_of(k, v) {
            match t {
                Thread::T1 => {
                    firsts.insert(of, v);
                }
                Thread::T2 => {
                    if let Some(&a) = firsts.get(&of) {
                        out.push((of, a, v));
                    }
                }
            }
        }
    }
    out
}

impl Gen<'_> {
    fn add(&mut self, name: String, expr: Expr) {
        let index = self.out.len() as u32;
        self.out.push(Invariant {
            index,
            head: self.span.head,
            expr,
            name,
        });
    }

    fn all(&mut self) {
        let k = self.k;
        let (vars, _) = modified(k, self.span);
        let pairs = pairs(k);
        let active = pairs
            .iter()
            .find(|(of, _, _)| k.var(*of).name == "v_active")
            .map(|(_, a, b)| (*a, *b));
        let head_id = Expr::int(self.span.head.0 as u64, 32);
        if let Some((a1, a2)) = active {
            self.control(a1, a2, &head_id);
        }
        let both_in = active.map(|(a1, a2)| {
            Expr::and(
                Expr::eq(Expr::Var(a1), head_id.clone()),
                Expr::eq(Expr::Var(a2), head_id.clone()),
            )
        });
        for (of, a, b) in &pairs {
            let name = &k.var(*of).name;
            if !vars.contains(a) || name == "v_active" || name == "v_next" {
                continue;
            }
            let eq = Expr::eq(Expr::Var(*a), Expr::Var(*b));
            self.add(format!("{name}$1 == {name}$2"), eq.clone());
            if let Some(both) = &both_in {
                self.add(
                    format!("both in loop ==> {name}$1 == {name}$2"),
                    Expr::implies(both.clone(), eq),
                );
            }
            if let Ty::Bv(w) = k.var(*a).ty {
                for v in [*a, *b] {
                    self.add(
                        format!("{} >= 0", k.var(v).name),
                        Expr::bin(BinOp::Sge, Expr::Var(v), Expr::int(0, w)),
                    );
                }
            }
        }
        self.logs(&vars);
        self.bounds();
        self.strides(&vars);
    }

    /// Strided loops: congruence of induction variables and of logged offsets.
    fn strides(&mut self, modified: &BTreeSet<Var>) {
        let k = self.k;
        let st = Strides::new(k, self.span, modified);
        let inductions = st.inductions();
        let local_size = self.tt.launch.local_size[0];
        for ind in &inductions {
            let Some((_, t)) = copy_of(k, ind.var) else {
                continue;
            };
            let ty = k.var(ind.var).ty;
            for g in st.starts(t, ty, local_size) {
                let diff = Expr::bin(BinOp::Sub, Expr::Var(ind.var), g);
                let cong = Expr::bin(BinOp::URem, diff, ind.step.clone());
                let zero = Expr::int(
                    0,
                    match ty {
                        Ty::Bv(w) => w,
                        Ty::Bool => 1,
                    },
                );
                self.add(
                    format!(
                        "{} congruent to its start modulo its step",
                        k.var(ind.var).name
                    ),
                    Expr::eq(cong, zero),
                );
            }
        }
        let mut at = 0;
        for &b in &k.layout[self.span.first..=self.span.last] {
            for s in &k.block(b).stmts {
                at += 1;
                let (region, kind, offset) = match &s.stmt {
                    Stmt::Read {
                        region,
                        offset,
                        thread: Some(Thread::T1),
                        ..
                    } => (*region, AccessKind::Read, offset),
                    Stmt::Write {
                        region,
                        offset,
                        thread: Some(Thread::T1),
                        ..
                    } => (*region, AccessKind::Write, offset),
                    Stmt::Atomic {
                        region,
                        offset,
                        thread: Some(Thread::T1),
                        ..
                    } => (*region, AccessKind::Atomic, offset),
                    _ => continue,
                };
                let name = k.region(region).name.clone();
                let Some((has, logged, _)) = self.log_vars(&name, kind) else {
                    continue;
                };
                let e = st.expand(offset, at, 0);
                for ind in &inductions {
                    let mut uses = false;
                    e.for_each_var(&mut |v| uses |= v == ind.var);
                    if !uses || copy_of(k, ind.var).map(|c| c.1) != Some(Thread::T1) {
                        continue;
                    }
                    for g in st.starts(Thread::T1, k.var(ind.var).ty, local_size) {
                        let next = Expr::bin(BinOp::Add, g.clone(), ind.step.clone());
                        let e0 = substitute(&e, ind.var, &g);
                        let e1 = substitute(&e, ind.var, &next);
                        let mut invariant = true;
                        e0.for_each_var(&mut |v| invariant &= !modified.contains(&v));
                        if !invariant {
                            continue;
                        }
                        // For an offset affine in the counter, the step folds to a constant.
                        let zero = Expr::int(0, width_of(k.var(ind.var).ty));
                        let at_step = substitute(&e, ind.var, &ind.step);
                        let at_zero = substitute(&e, ind.var, &zero);
                        let step = match (const_eval(&at_step), const_eval(&at_zero)) {
                            (Some((a, w)), Some((b, _))) => Expr::int(a.wrapping_sub(b), w),
                            _ => Expr::bin(BinOp::Sub, e1, e0.clone()),
                        };
                        let cong = Expr::bin(
                            BinOp::URem,
                            Expr::bin(BinOp::Sub, Expr::Var(logged), e0),
                            step,
                        );
                        self.add(
                            format!("logged {kind:?} of {name} in step with the loop"),
                            Expr::implies(Expr::Var(has), Expr::eq(cong, Expr::int(0, 64))),
                        );
                    }
                }
            }
        }
    }

    fn control(&mut self, a1: Var, a2: Var, head: &Expr) {
        let k = self.k;
        let inside: Vec<Block> = k.layout[self.span.first + 1..=self.span.last].to_vec();
        for a in [a1, a2] {
            let mut c = Expr::tt();
            for b in &inside {
                c = Expr::and(c, Expr::ne(Expr::Var(a), Expr::int(b.0 as u64, 32)));
            }
            self.add(format!("{} not inside the loop body", k.var(a).name), c);
        }
        let same = Expr::eq(
            Expr::eq(Expr::Var(a1), head.clone()),
            Expr::eq(Expr::Var(a2), head.clone()),
        );
        self.add(
            "same group ==> both threads at the head or neither".into(),
            Expr::implies(Expr::Var(self.tt.same_group), same.clone()),
        );
        self.add("both threads at the head or neither".into(), same);
    }

    fn logs(&mut self, modified: &BTreeSet<Var>) {
        let k = self.k;
        // Thread 1's accesses anywhere in the kernel whose offsets the loop does not change.
        let mut offsets: Vec<(Region, AccessKind, Expr)> = Vec::new();
        let mut sizes: Vec<(Region, AccessKind, u32)> = Vec::new();
        for (_, data) in k.laid_out() {
            for s in &data.stmts {
                let (region, kind, offset, bytes) = match &s.stmt {
                    Stmt::Read {
                        region,
                        offset,
                        bytes,
                        thread: Some(Thread::T1),
                        ..
                    } => (*region, AccessKind::Read, offset, *bytes),
                    Stmt::Write {
                        region,
                        offset,
                        bytes,
                        thread: Some(Thread::T1),
                        ..
                    } => (*region, AccessKind::Write, offset, *bytes),
                    Stmt::Atomic {
                        region,
                        offset,
                        bytes,
                        thread: Some(Thread::T1),
                        ..
                    } => (*region, AccessKind::Atomic, offset, *bytes),
                    _ => continue,
                };
                if !sizes.contains(&(region, kind, bytes)) {
                    sizes.push((region, kind, bytes));
                }
                let mut invariant = true;
                offset.for_each_var(&mut |v| invariant &= !modified.contains(&v));
                if invariant
                    && !offsets
                        .iter()
                        .any(|(r, kd, e)| *r == region && *kd == kind && e == offset)
                {
                    offsets.push((region, kind, offset.clone()));
                }
            }
        }
        for (i, data) in k.regions.iter().enumerate() {
            let region = Region::new(i);
            for kind in [AccessKind::Read, AccessKind::Write, AccessKind::Atomic] {
                let Some(log) = self.log_vars(&data.name, kind) else {
                    continue;
                };
                if !modified.contains(&log.0) {
                    continue;
                }
                let (has, offset, bytes) = log;
                let mut size_any = Expr::ff();
                for (_, _, n) in sizes
                    .iter()
                    .filter(|(r, kd, _)| *r == region && *kd == kind)
                {
                    let is = Expr::eq(Expr::Var(bytes), Expr::int(*n as u64, 64));
                    size_any = Expr::or(size_any, is);
                }
                if !matches!(size_any, Expr::Bool(false)) {
                    self.add(
                        format!("logged {kind:?} of {} has an access's size", data.name),
                        Expr::implies(Expr::Var(has), size_any),
                    );
                }
                self.add(
                    format!("no {kind:?} of {} logged", data.name),
                    Expr::not(Expr::Var(has)),
                );
                let mut any = Expr::ff();
                for (_, _, e) in offsets
                    .iter()
                    .filter(|(r, kd, _)| *r == region && *kd == kind)
                {
                    let at = Expr::eq(Expr::Var(offset), e.clone());
                    self.add(
                        format!("logged {kind:?} of {} at a fixed offset", data.name),
                        Expr::implies(Expr::Var(has), at.clone()),
                    );
                    any = Expr::or(any, at);
                }
                if !matches!(any, Expr::Bool(false)) {
                    self.add(
                        format!(
                            "logged {kind:?} of {} at one of the fixed offsets",
                            data.name
                        ),
                        Expr::implies(Expr::Var(has), any),
                    );
                }
            }
        }
    }

    /// The `has` and `offset` log variables of a region's accesses of one kind.
    fn log_vars(&self, region: &str, kind: AccessKind) -> Option<(Var, Var, Var)> {
        let word = match kind {
            AccessKind::Read => "read",
            AccessKind::Write => "write",
            AccessKind::Atomic => "atomic",
        };
        let find = |field: &str| {
            let name = format!("{region}.{word}.{field}");
            (0..self.k.vars.len()).map(Var::new).find(|v| {
                self.k.var(*v).name == name && self.k.var(*v).kind == VarKind::Instrumentation
            })
        };
        Some((find("has")?, find("offset")?, find("bytes")?))
    }

    /// `a <= b` for each strict comparison `a < b` the loop evaluates.
    fn bounds(&mut self) {
        let k = self.k;
        let mut seen = Vec::new();
        for &b in &k.layout[self.span.first..=self.span.last] {
            for s in &k.block(b).stmts {
                // The program's own comparisons, not the instrumentation's.
                if let Stmt::Assign { value, .. } = &s.stmt {
                    collect_comparisons(value, &mut seen);
                }
            }
        }
        for (op, a, b) in seen {
            let weak = match op {
                BinOp::Slt => Expr::bin(BinOp::Sle, a, b),
                BinOp::Ult => Expr::bin(BinOp::Ule, a, b),
                BinOp::Sgt => Expr::bin(BinOp::Sge, a, b),
                BinOp::Ugt => Expr::bin(BinOp::Uge, a, b),
                _ => continue,
            };
            self.add("loop bound".into(), weak);
        }
    }
}

fn collect_comparisons(e: &Expr, out: &mut Vec<(BinOp, Expr, Expr)>) {
    match e {
        Expr::Binary(op, a, b) => {
            if matches!(op, BinOp::Slt | BinOp::Ult | BinOp::Sgt | BinOp::Ugt)
                && !out
                    .iter()
                    .any(|(o, x, y)| o == op && **a == *x && **b == *y)
            {
                out.push((*op, (**a).clone(), (**b).clone()));
            }
            collect_comparisons(a, out);
            collect_comparisons(b, out);
        }
        Expr::Unary(_, a) | Expr::Cast(_, _, a) => collect_comparisons(a, out),
        Expr::Ite(c, a, b) => {
            collect_comparisons(c, out);
            collect_comparisons(a, out);
            collect_comparisons(b, out);
        }
        Expr::Apply { args, .. } => args.iter().for_each(|a| collect_comparisons(a, out)),
        _ => {}
    }
}

fn width_of(ty: Ty) -> u32 {
    match ty {
        Ty::Bv(w) => w,
        Ty::Bool => 1,
    }
}
