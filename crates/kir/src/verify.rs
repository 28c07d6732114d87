//! The KIR verifier. A failure here is a bug in lockstep (the pass that ran last broke a
//! rule), never a problem with the user's kernel.
//!
//! Checks, for every phase:
//! - every block, variable and region handle is in range; the layout lists each block at
//!   most once and starts with the entry;
//! - expressions are well typed: operands of a binary operator agree, conditions,
//!   predicates and assertions are Boolean, offsets are 64-bit, assigned values match the
//!   destination's type, casts widen (`zext`/`sext`) or narrow (`trunc`);
//! - every terminator target is in the layout.
//!
//! From [`Phase::Predicated`] on: no `Branch` or `Switch` remains.
//! From [`Phase::TwoThread`] on: every memory access names its thread.
//! Ghost expressions ([`crate::ghost`]) are gone once their stage has run: `Enabled` from
//! [`Phase::Predicated`] on, all of them from [`Phase::TwoThread`] on but a `Snapshot`
//! that names its thread (vcgen compares that thread's arrays) and a `LoadOf` (an
//! invariant's read of one thread's memory, which vcgen evaluates).

use crate::entities::{Block, Var};
use crate::kernel::Kernel;
use crate::print::Printer;
use crate::syntax::*;

/// One broken rule: where, what was printed there, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{place}: `{text}`: {message}")]
pub struct VerifyError {
    pub place: String,
    pub text: String,
    pub message: String,
}

/// Checks the kernel against the rules of its phase and returns every problem found.
pub fn verify(k: &Kernel) -> Result<(), Vec<VerifyError>> {
    let mut v = Verifier {
        k,
        p: Printer::new(k),
        errors: Vec::new(),
    };
    v.run();
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(v.errors)
    }
}

struct Verifier<'k> {
    k: &'k Kernel,
    p: Printer<'k>,
    errors: Vec<VerifyError>,
}

impl Verifier<'_> {
    fn err(&mut self, place: String, text: String, message: impl Into<String>) {
        self.errors.push(VerifyError {
            place,
            text,
            message: message.into(),
        });
    }

    fn run(&mut self) {
        let k = self.k;
        if k.layout.is_empty() {
            self.err(k.name.clone(), String::new(), "kernel has no blocks");
            return;
        }
        let mut placed = vec![false; k.blocks.len()];
        for &b in &k.layout {
            if b.index() >= k.blocks.len() {
                self.err(
                    format!("{b}"),
                    String::new(),
                    "layout names a missing block",
                );
                return;
            }
            if std::mem::replace(&mut placed[b.index()], true) {
                self.err(format!("{b}"), String::new(), "block laid out twice");
            }
        }
        for &b in &k.layout {
            self.block(b, &placed);
        }
    }

    fn block(&mut self, b: Block, placed: &[bool]) {
        let data = self.k.block(b);
        for (i, s) in data.stmts.iter().enumerate() {
            let place = format!("{b}:{} stmt {i}", data.name);
            self.stmt(&place, &s.stmt);
        }
        let place = format!("{b}:{} terminator", data.name);
        let text = self.p.terminator(&data.term);
        for t in data.term.successors() {
            if t.index() >= placed.len() || !placed[t.index()] {
                self.err(
                    place.clone(),
                    text.clone(),
                    format!("target {t} not laid out"),
                );
            }
        }
        match &data.term {
            Terminator::Branch { cond, .. } => {
                self.expect(&place, &text, cond, Ty::Bool);
                if self.k.phase >= Phase::Predicated {
                    self.err(place.clone(), text.clone(), "branch after predication");
                }
            }
            Terminator::Switch { value, .. } => {
                self.expr_ok(&place, &text, value);
                if self.k.phase >= Phase::Predicated {
                    self.err(place.clone(), text.clone(), "switch after predication");
                }
            }
            _ => {}
        }
    }

    fn stmt(&mut self, place: &str, s: &Stmt) {
        let text = self.p.stmt(s);
        if let Some(d) = s.def() {
            self.var_ok(place, &text, d);
        }
        if let Some(r) = s.region() {
            if r.index() >= self.k.regions.len() {
                self.err(place.into(), text.clone(), format!("missing region {r}"));
            }
        }
        if let Some(p) = s.pred() {
            self.expect(place, &text, p, Ty::Bool);
        }
        match s {
            Stmt::Assign { dst, value } => {
                if self.var_ok(place, &text, *dst) {
                    let ty = self.k.var(*dst).ty;
                    self.expect(place, &text, value, ty);
                }
            }
            Stmt::Assume { cond } | Stmt::Assert { cond, .. } => {
                self.expect(place, &text, cond, Ty::Bool)
            }
            Stmt::Read {
                offset,
                thread,
                dst,
                bytes,
                ..
            } => {
                self.expect(place, &text, offset, Ty::Bv(OFFSET_WIDTH));
                self.thread_ok(place, &text, thread);
                if self.var_ok(place, &text, *dst) {
                    self.width_ok(place, &text, self.k.var(*dst).ty, *bytes);
                }
            }
            Stmt::Write {
                offset,
                value,
                thread,
                bytes,
                ..
            } => {
                self.expect(place, &text, offset, Ty::Bv(OFFSET_WIDTH));
                self.thread_ok(place, &text, thread);
                if let Some(ty) = self.expr_ok(place, &text, value) {
                    self.width_ok(place, &text, ty, *bytes);
                }
            }
            Stmt::Atomic { offset, thread, .. } => {
                self.expect(place, &text, offset, Ty::Bv(OFFSET_WIDTH));
                self.thread_ok(place, &text, thread);
            }
            Stmt::Barrier { flags, .. } => {
                for f in flags.local.iter().chain(&flags.global) {
                    self.expect(place, &text, f, Ty::Bool);
                }
            }
            Stmt::Havoc { .. } | Stmt::HavocMemory { .. } => {}
        }
    }

    fn width_ok(&mut self, place: &str, text: &str, ty: Ty, bytes: u32) {
        if ty != Ty::Bv(bytes * 8) {
            self.err(
                place.into(),
                text.into(),
                format!("access of {bytes} bytes moves a {ty:?}"),
            );
        }
    }

    fn thread_ok(&mut self, place: &str, text: &str, thread: &Option<Thread>) {
        let two = self.k.phase >= Phase::TwoThread;
        if two != thread.is_some() {
            self.err(
                place.into(),
                text.into(),
                "access thread tag does not match the phase",
            );
        }
    }

    fn var_ok(&mut self, place: &str, text: &str, v: Var) -> bool {
        if v.index() >= self.k.vars.len() {
            self.err(place.into(), text.into(), format!("missing variable {v}"));
            false
        } else {
            true
        }
    }

    fn expect(&mut self, place: &str, text: &str, e: &Expr, want: Ty) {
        if let Some(got) = self.expr_ok(place, text, e) {
            if got != want {
                self.err(
                    place.into(),
                    text.into(),
                    format!("`{}` has type {got:?}, expected {want:?}", self.p.expr(e)),
                );
            }
        }
    }

    /// Type-checks `e`, returning its type when well typed.
    fn expr_ok(&mut self, place: &str, text: &str, e: &Expr) -> Option<Ty> {
        let bad = |s: &mut Self, m: String| {
            s.err(place.into(), text.into(), m);
            None
        };
        match e {
            Expr::Var(v) => {
                if self.var_ok(place, text, *v) {
                    Some(self.k.var(*v).ty)
                } else {
                    None
                }
            }
            Expr::Bool(_) => Some(Ty::Bool),
            Expr::Int { width, .. } => {
                if (1..=64).contains(width) {
                    Some(Ty::Bv(*width))
                } else {
                    bad(self, format!("bad width {width}"))
                }
            }
            Expr::Unary(op, a) => {
                let t = self.expr_ok(place, text, a)?;
                match (op, t) {
                    (UnOp::Not, Ty::Bool) => Some(Ty::Bool),
                    (UnOp::BvNot | UnOp::Neg, Ty::Bv(w)) => Some(Ty::Bv(w)),
                    _ => bad(self, format!("{op:?} applied to {t:?}")),
                }
            }
            Expr::Binary(op, a, b) => {
                let ta = self.expr_ok(place, text, a)?;
                let tb = self.expr_ok(place, text, b)?;
                if ta != tb {
                    return bad(self, format!("{op:?} on {ta:?} and {tb:?}"));
                }
                use BinOp::*;
                let bool_ok = matches!(op, And | Or | Xor | Implies | Eq | Ne);
                let bv_only = !matches!(op, And | Or | Xor | Eq | Ne | Implies);
                match ta {
                    Ty::Bool if !bool_ok => bad(self, format!("{op:?} on Booleans")),
                    Ty::Bv(_) if *op == Implies => bad(self, "==> on bit-vectors".into()),
                    _ if bv_only && op.is_comparison() => Some(Ty::Bool),
                    _ if op.is_comparison() => Some(Ty::Bool),
                    t => Some(t),
                }
            }
            Expr::Ite(c, a, b) => {
                self.expect(place, text, c, Ty::Bool);
                let ta = self.expr_ok(place, text, a)?;
                let tb = self.expr_ok(place, text, b)?;
                if ta != tb {
                    return bad(self, format!("ite arms {ta:?} and {tb:?}"));
                }
                Some(ta)
            }
            Expr::Cast(op, w, a) => {
                let t = self.expr_ok(place, text, a)?;
                let Ty::Bv(from) = t else {
                    return bad(self, format!("{op:?} of {t:?}"));
                };
                let ok = match op {
                    CastOp::ZExt | CastOp::SExt => *w >= from,
                    CastOp::Trunc => *w <= from,
                };
                if ok && (1..=64).contains(w) {
                    Some(Ty::Bv(*w))
                } else {
                    bad(self, format!("{op:?} from {from} to {w} bits"))
                }
            }
            Expr::Apply { args, ty, .. } => {
                if let Some(g) = crate::ghost::Ghost::of(e) {
                    use crate::ghost::Ghost;
                    let late = match g {
                        Ghost::Enabled | Ghost::DominatorEnabled => Some(Phase::Predicated),
                        // A snapshot of one thread's memory and a read of one thread's
                        // memory by an invariant are vcgen's to evaluate.
                        Ghost::Snapshot {
                            thread: Some(_), ..
                        }
                        | Ghost::LoadOf { .. } => None,
                        _ => Some(Phase::TwoThread),
                    };
                    if let Some(late) = late.filter(|l| self.k.phase >= *l) {
                        return bad(self, format!("ghost {g:?} left in phase {late:?}"));
                    }
                }
                for a in args {
                    self.expr_ok(place, text, a)?;
                }
                Some(*ty)
            }
        }
    }
}
