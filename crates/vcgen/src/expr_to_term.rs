//! KIR expressions to VC terms: the one place where the kernel's operators become the
//! solver's (a ghost of one thread's memory becomes that thread's array).

use kir::{BinOp, CastOp, Expr, Ghost, Region, Thread, Ty, UnOp};
use vc::{BvOp, CmpOp, Sort, TermId};

use crate::exec::Exec;
use crate::VcError;

impl Exec<'_> {
    pub fn expr(&mut self, e: &Expr) -> Result<TermId, VcError> {
        Ok(match e {
            Expr::Var(v) => self.var(*v),
            Expr::Bool(b) => self.terms.bool(*b),
            Expr::Int { value, width } => self.terms.bv(*value, *width),
            Expr::Unary(op, a) => {
                let a = self.expr(a)?;
                match op {
                    UnOp::Not => self.terms.not(a),
                    UnOp::BvNot => self.terms.bv_not(a),
                    UnOp::Neg => self.terms.bv_neg(a),
                }
            }
            Expr::Binary(op, a, b) => {
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                self.binary(*op, a, b)
            }
            Expr::Ite(c, a, b) => {
                let c = self.expr(c)?;
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                self.terms.ite(c, a, b)
            }
            Expr::Cast(op, w, a) => {
                let a = self.expr(a)?;
                match op {
                    CastOp::ZExt => self.terms.zext(*w, a),
                    CastOp::SExt => self.terms.sext(*w, a),
                    CastOp::Trunc => self.terms.extract(w - 1, 0, a),
                }
            }
            Expr::Apply { func, args, ty } => {
                // `__array_snapshot`: the two arrays of one thread's memory are equal.
                if let Some(Ghost::Snapshot { dst, src, thread }) = Ghost::of(e) {
                    let t = thread_index(thread)?;
                    let mem = |r: Region| self.mem.get(r.index()).map(|m| m[t]);
                    let (Some(a), Some(b)) = (mem(dst), mem(src)) else {
                        return Err(VcError::Malformed(format!("snapshot of {src} into {dst}")));
                    };
                    if self.terms.sort(a) != self.terms.sort(b) {
                        return Err(VcError::Malformed(format!(
                            "snapshot of {src} into {dst} with different cells"
                        )));
                    }
                    return Ok(self.terms.eq(a, b));
                }
                // An invariant's read of one thread's memory, where it is evaluated.
                if let Some(Ghost::LoadOf {
                    region,
                    offset,
                    bytes,
                    thread,
                }) = Ghost::of(e)
                {
                    let t = thread_index(Some(thread))?;
                    let off = self.expr(offset)?;
                    if region.index() >= self.mem.len() {
                        return Err(VcError::Malformed(format!("load of {region}")));
                    }
                    return self.load(region, t, off, bytes);
                }
                let mut ts = Vec::with_capacity(args.len());
                for a in args {
                    ts.push(self.expr(a)?);
                }
                self.terms.apply(func.clone(), ts, sort_of(*ty))
            }
        })
    }

    fn binary(&mut self, op: BinOp, a: TermId, b: TermId) -> TermId {
        let t = &mut self.terms;
        let is_bool = t.sort(a) == Sort::Bool;
        match op {
            BinOp::Add => t.bv_bin(BvOp::Add, a, b),
            BinOp::Sub => t.bv_bin(BvOp::Sub, a, b),
            BinOp::Mul => t.bv_bin(BvOp::Mul, a, b),
            BinOp::UDiv => t.bv_bin(BvOp::UDiv, a, b),
            BinOp::SDiv => t.bv_bin(BvOp::SDiv, a, b),
            BinOp::URem => t.bv_bin(BvOp::URem, a, b),
            BinOp::SRem => t.bv_bin(BvOp::SRem, a, b),
            BinOp::Shl => t.bv_bin(BvOp::Shl, a, b),
            BinOp::LShr => t.bv_bin(BvOp::LShr, a, b),
            BinOp::AShr => t.bv_bin(BvOp::AShr, a, b),
            BinOp::And if is_bool => t.and(a, b),
            BinOp::Or if is_bool => t.or(a, b),
            BinOp::Xor if is_bool => {
                let e = t.eq(a, b);
                t.not(e)
            }
            BinOp::And => t.bv_bin(BvOp::And, a, b),
            BinOp::Or => t.bv_bin(BvOp::Or, a, b),
            BinOp::Xor => t.bv_bin(BvOp::Xor, a, b),
            BinOp::Implies => t.implies(a, b),
            BinOp::Eq => t.eq(a, b),
            BinOp::Ne => {
                let e = t.eq(a, b);
                t.not(e)
            }
            BinOp::Ult => t.cmp(CmpOp::Ult, a, b),
            BinOp::Ule => t.cmp(CmpOp::Ule, a, b),
            BinOp::Ugt => t.cmp(CmpOp::Ult, b, a),
            BinOp::Uge => t.cmp(CmpOp::Ule, b, a),
            BinOp::Slt => t.cmp(CmpOp::Slt, a, b),
            BinOp::Sle => t.cmp(CmpOp::Sle, a, b),
            BinOp::Sgt => t.cmp(CmpOp::Slt, b, a),
            BinOp::Sge => t.cmp(CmpOp::Sle, b, a),
        }
    }
}

pub(crate) fn thread_index(t: Option<Thread>) -> Result<usize, VcError> {
    match t {
        Some(Thread::T1) => Ok(0),
        Some(Thread::T2) => Ok(1),
        None => Err(VcError::Malformed("memory access without a thread".into())),
    }
}

pub fn sort_of(ty: Ty) -> Sort {
    match ty {
        Ty::Bool => Sort::Bool,
        Ty::Bv(w) => Sort::Bv(w),
    }
}
