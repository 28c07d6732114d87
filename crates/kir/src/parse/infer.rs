//! Types the text does not print: those of private variables and of function
//! applications, inferred by unification over the typing rules of [`crate::verify`].
//! A conflict keeps the first type found (the verifier reports it); a bit-vector of
//! unknown width gets the width of a cast of it, else 32 bits.

use crate::kernel::Kernel;
use crate::syntax::*;

struct Infer {
    /// The first `vars` slots are the variables'.
    vars: usize,
    parent: Vec<usize>,
    ty: Vec<Option<Ty>>,
    /// A width a cast suggests for a slot without a type.
    hint: Vec<Option<u32>>,
    /// The slots of function applications, in pre-order.
    applies: Vec<usize>,
}

impl Infer {
    fn slot(&mut self, ty: Option<Ty>) -> usize {
        self.parent.push(self.parent.len());
        self.ty.push(ty);
        self.hint.push(None);
        self.parent.len() - 1
    }

    fn find(&mut self, mut s: usize) -> usize {
        while self.parent[s] != s {
            self.parent[s] = self.parent[self.parent[s]];
            s = self.parent[s];
        }
        s
    }

    fn unify(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return;
        }
        self.parent[b] = a;
        if self.ty[a].is_none() {
            self.ty[a] = self.ty[b];
        }
        if self.hint[a].is_none() {
            self.hint[a] = self.hint[b];
        }
    }

    fn is(&mut self, a: usize, ty: Ty) {
        let t = self.slot(Some(ty));
        self.unify(a, t);
    }

    fn resolve(&mut self, s: usize) -> Ty {
        let r = self.find(s);
        self.ty[r].unwrap_or(Ty::Bv(self.hint[r].unwrap_or(32)))
    }

    fn expr(&mut self, e: &Expr) -> usize {
        match e {
            Expr::Var(v) if v.index() < self.vars => v.index(),
            Expr::Var(_) => self.slot(None),
            Expr::Bool(_) => self.slot(Some(Ty::Bool)),
            Expr::Int { width, .. } => self.slot(Some(Ty::Bv(*width))),
            Expr::Unary(op, a) => {
                let a = self.expr(a);
                if *op == UnOp::Not {
                    self.is(a, Ty::Bool);
                }
                a
            }
            Expr::Binary(op, a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                self.unify(a, b);
                if *op == BinOp::Implies {
                    self.is(a, Ty::Bool);
                }
                if op.is_comparison() {
                    self.slot(Some(Ty::Bool))
                } else {
                    a
                }
            }
            Expr::Ite(c, a, b) => {
                let c = self.expr(c);
                self.is(c, Ty::Bool);
                let (a, b) = (self.expr(a), self.expr(b));
                self.unify(a, b);
                a
            }
            Expr::Cast(_, w, a) => {
                let a = self.expr(a);
                let r = self.find(a);
                self.hint[r].get_or_insert(*w);
                self.slot(Some(Ty::Bv(*w)))
            }
            Expr::Apply { func, args, .. } => {
                let r = self.slot(None);
                self.applies.push(r);
                let slots: Vec<usize> = args.iter().map(|a| self.expr(a)).collect();
                self.ghost(r, func, args, &slots);
                r
            }
        }
    }

    /// The result types of the ghost functions ([`crate::ghost`]).
    fn ghost(&mut self, r: usize, func: &str, args: &[Expr], slots: &[usize]) {
        match func {
            "$enabled" | "$dominator_enabled" | "$same_group" | "$log.has" | "$snapshot"
            | "$taken" => self.is(r, Ty::Bool),
            "$barrier_invariant" | "$barrier_invariant_binary" => {
                self.is(r, Ty::Bool);
                if let Some(&a) = slots.first() {
                    self.is(a, Ty::Bool);
                }
            }
            "$log.offset" => self.is(r, Ty::Bv(OFFSET_WIDTH)),
            "$other" => {
                if let Some(&a) = slots.first() {
                    self.unify(r, a);
                }
            }
            "$load" | "$load_of" => {
                if let Some(Expr::Int { value, .. }) = args.get(2) {
                    let bits = (*value as u32).saturating_mul(8);
                    self.is(r, Ty::Bv(bits));
                }
                if let Some(&o) = slots.get(1) {
                    self.is(o, Ty::Bv(OFFSET_WIDTH));
                }
            }
            _ => {}
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        if let Some(p) = s.pred() {
            let p = self.expr(p);
            self.is(p, Ty::Bool);
        }
        let var = |v: &crate::Var, vars: usize| (v.index() < vars).then_some(v.index());
        let offset = |me: &mut Self, o: &Expr| {
            let o = me.expr(o);
            me.is(o, Ty::Bv(OFFSET_WIDTH));
        };
        match s {
            Stmt::Assign { dst, value } => {
                let v = self.expr(value);
                if let Some(d) = var(dst, self.vars) {
                    self.unify(d, v);
                }
            }
            Stmt::Havoc { .. } | Stmt::HavocMemory { .. } => {}
            Stmt::Assume { cond } | Stmt::Assert { cond, .. } => {
                let c = self.expr(cond);
                self.is(c, Ty::Bool);
            }
            Stmt::Barrier { flags, .. } => {
                for f in flags.local.iter().chain(&flags.global) {
                    let f = self.expr(f);
                    self.is(f, Ty::Bool);
                }
            }
            Stmt::Read {
                dst,
                offset: o,
                bytes,
                ..
            } => {
                offset(self, o);
                if let Some(d) = var(dst, self.vars) {
                    self.is(d, Ty::Bv(bytes * 8));
                }
            }
            Stmt::Write {
                offset: o,
                value,
                bytes,
                ..
            } => {
                offset(self, o);
                let v = self.expr(value);
                self.is(v, Ty::Bv(bytes * 8));
            }
            Stmt::Atomic {
                dst,
                offset: o,
                bytes,
                ..
            } => {
                offset(self, o);
                if let Some(d) = dst.as_ref().and_then(|d| var(d, self.vars)) {
                    self.is(d, Ty::Bv(bytes * 8));
                }
            }
        }
    }
}

/// Sets the type of every variable with `inferred[v]` and of every application.
pub(super) fn types(k: &mut Kernel, inferred: &[bool]) {
    let mut inf = Infer {
        vars: k.vars.len(),
        parent: Vec::new(),
        ty: Vec::new(),
        hint: Vec::new(),
        applies: Vec::new(),
    };
    for (i, v) in k.vars.iter().enumerate() {
        let known = !inferred.get(i).copied().unwrap_or(true);
        inf.slot(known.then_some(v.ty));
    }
    for &b in &k.layout {
        let data = &k.blocks[b.index()];
        for s in &data.stmts {
            inf.stmt(&s.stmt);
        }
        match &data.term {
            Terminator::Branch { cond, .. } => {
                let c = inf.expr(cond);
                inf.is(c, Ty::Bool);
            }
            Terminator::Switch { value, .. } => {
                inf.expr(value);
            }
            _ => {}
        }
    }
    for i in 0..k.vars.len() {
        if inferred.get(i).copied().unwrap_or(false) {
            k.vars[i].ty = inf.resolve(i);
        }
    }
    // A thread's copy and the variable it copies have one type.
    for i in 0..k.vars.len() {
        if let VarKind::ThreadCopy { of, .. } = k.vars[i].kind {
            if inferred.get(of.index()).copied().unwrap_or(false) {
                let ty = k.vars[i].ty;
                if let Some(o) = k.vars.get_mut(of.index()) {
                    o.ty = ty;
                }
            }
        }
    }
    let mut next = inf.applies.clone().into_iter();
    let mut set = |e: &mut Expr| {
        set_applies(e, &mut |ty| {
            if let Some(s) = next.next() {
                *ty = inf.resolve(s);
            }
        })
    };
    for &b in &k.layout {
        let data = &mut k.blocks[b.index()];
        for s in &mut data.stmts {
            s.stmt.map_exprs(&mut set);
        }
        match &mut data.term {
            Terminator::Branch { cond: e, .. } | Terminator::Switch { value: e, .. } => set(e),
            _ => {}
        }
    }
}

/// Calls `f` on the type of every application in `e`, in pre-order (the order
/// [`Infer::expr`] numbers them in).
fn set_applies(e: &mut Expr, f: &mut impl FnMut(&mut Ty)) {
    match e {
        Expr::Var(_) | Expr::Bool(_) | Expr::Int { .. } => {}
        Expr::Unary(_, a) | Expr::Cast(_, _, a) => set_applies(a, f),
        Expr::Binary(_, a, b) => {
            set_applies(a, f);
            set_applies(b, f);
        }
        Expr::Ite(c, a, b) => {
            set_applies(c, f);
            set_applies(a, f);
            set_applies(b, f);
        }
        Expr::Apply { args, ty, .. } => {
            f(ty);
            args.iter_mut().for_each(|a| set_applies(a, f));
        }
    }
}
