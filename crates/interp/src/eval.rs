//! Expressions on concrete values: bit-vectors of their width with SMT-LIB's semantics
//! (the verifier's: division by zero gives all ones, a remainder by zero the dividend,
//! shifts by the width or more give zero or the sign), Booleans as 1-bit values.

use kir::{BinOp, CastOp, Expr, Ghost, Kernel, Region, Ty, UnOp, Var};

use crate::rng::{hash, hash_str};

/// Why an expression has no concrete value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EvalError {
    /// It speaks of two threads at once (`__other_int`, `__same_group`, race logs, …).
    TwoThread(&'static str),
}

/// What an expression may read besides constants.
pub(crate) trait Env {
    fn var(&self, v: Var) -> Result<u64, EvalError>;
    /// Memory as this thread sees it, without making an access (a barrier invariant's read).
    fn load(&self, region: Region, offset: u64, bytes: u32) -> u64;
    fn seed(&self) -> u64;
    /// The value a run was given for this application (by [`kir::application_key`]).
    fn function(&self, key: &str) -> Option<u64>;
}

/// The width of a type (a Boolean is one bit).
pub(crate) fn width(ty: Ty) -> u32 {
    match ty {
        Ty::Bool => 1,
        Ty::Bv(w) => w,
    }
}

pub(crate) fn mask(w: u32) -> u64 {
    kir::mask(w)
}

fn msb(v: u64, w: u32) -> bool {
    w > 0 && (v >> (w - 1)) & 1 == 1
}

fn neg(v: u64, w: u32) -> u64 {
    v.wrapping_neg() & mask(w)
}

fn udiv(a: u64, b: u64, w: u32) -> u64 {
    a.checked_div(b).unwrap_or(mask(w))
}

fn urem(a: u64, b: u64) -> u64 {
    a.checked_rem(b).unwrap_or(a)
}

/// SMT-LIB's `bvsdiv`.
fn sdiv(a: u64, b: u64, w: u32) -> u64 {
    match (msb(a, w), msb(b, w)) {
        (false, false) => udiv(a, b, w),
        (true, false) => neg(udiv(neg(a, w), b, w), w),
        (false, true) => neg(udiv(a, neg(b, w), w), w),
        (true, true) => udiv(neg(a, w), neg(b, w), w),
    }
}

/// SMT-LIB's `bvsrem` (the sign of the dividend).
fn srem(a: u64, b: u64, w: u32) -> u64 {
    match (msb(a, w), msb(b, w)) {
        (false, false) => urem(a, b),
        (true, false) => neg(urem(neg(a, w), b), w),
        (false, true) => urem(a, neg(b, w)),
        (true, true) => neg(urem(neg(a, w), neg(b, w)), w),
    }
}

fn signed(v: u64, w: u32) -> i64 {
    kir::sign_extend(v, w)
}

/// `a op b` for operands of width `w`; the result's width.
pub(crate) fn binary(op: BinOp, a: u64, b: u64, w: u32) -> (u64, u32) {
    use BinOp::*;
    let m = mask(w);
    let bool_ = |c: bool| (c as u64, 1);
    match op {
        Add => (a.wrapping_add(b) & m, w),
        Sub => (a.wrapping_sub(b) & m, w),
        Mul => (a.wrapping_mul(b) & m, w),
        UDiv => (udiv(a, b, w), w),
        SDiv => (sdiv(a, b, w), w),
        URem => (urem(a, b), w),
        SRem => (srem(a, b, w), w),
        Shl => (if b >= w as u64 { 0 } else { (a << b) & m }, w),
        LShr => (if b >= w as u64 { 0 } else { a >> b }, w),
        AShr => {
            let s = signed(a, w);
            let r = if b >= w as u64 {
                if s < 0 {
                    -1
                } else {
                    0
                }
            } else {
                s >> b
            };
            (r as u64 & m, w)
        }
        And => (a & b, w),
        Or => (a | b, w),
        Xor => (a ^ b, w),
        Implies => bool_(a == 0 || b != 0),
        Eq => bool_(a == b),
        Ne => bool_(a != b),
        Ult => bool_(a < b),
        Ule => bool_(a <= b),
        Ugt => bool_(a > b),
        Uge => bool_(a >= b),
        Slt => bool_(signed(a, w) < signed(b, w)),
        Sle => bool_(signed(a, w) <= signed(b, w)),
        Sgt => bool_(signed(a, w) > signed(b, w)),
        Sge => bool_(signed(a, w) >= signed(b, w)),
    }
}

/// The value of `e` and its width.
pub(crate) fn eval(k: &Kernel, env: &impl Env, e: &Expr) -> Result<(u64, u32), EvalError> {
    Ok(match e {
        Expr::Var(v) => (env.var(*v)?, width(k.var(*v).ty)),
        Expr::Bool(b) => (*b as u64, 1),
        Expr::Int { value, width } => (*value & mask(*width), *width),
        Expr::Unary(op, a) => {
            let (v, w) = eval(k, env, a)?;
            match op {
                UnOp::Not => ((v == 0) as u64, 1),
                UnOp::BvNot => (!v & mask(w), w),
                UnOp::Neg => (neg(v, w), w),
            }
        }
        Expr::Binary(op, a, b) => {
            // `==>` and `&`/`|` on Booleans need not evaluate both sides, but the
            // verifier's semantics are total, so evaluating both is the same.
            let (x, w) = eval(k, env, a)?;
            let (y, _) = eval(k, env, b)?;
            binary(*op, x, y, w)
        }
        Expr::Ite(c, a, b) => {
            if eval(k, env, c)?.0 != 0 {
                eval(k, env, a)?
            } else {
                eval(k, env, b)?
            }
        }
        Expr::Cast(op, w, a) => {
            let (v, from) = eval(k, env, a)?;
            let v = match op {
                CastOp::ZExt => v,
                CastOp::SExt => signed(v, from) as u64,
                CastOp::Trunc => v,
            };
            (v & mask(*w), *w)
        }
        Expr::Apply { func, args, ty } => return apply(k, env, e, func, args, *ty),
    })
}

fn apply(
    k: &Kernel,
    env: &impl Env,
    e: &Expr,
    func: &str,
    args: &[Expr],
    ty: Ty,
) -> Result<(u64, u32), EvalError> {
    let w = width(ty);
    if let Some(g) = Ghost::of(e) {
        return match g {
            // A thread that evaluates an expression executes it.
            Ghost::Enabled | Ghost::DominatorEnabled => Ok((1, 1)),
            Ghost::Load {
                region,
                offset,
                bytes,
            } => {
                let (off, _) = eval(k, env, offset)?;
                Ok((env.load(region, off, bytes) & mask(w), w))
            }
            Ghost::Other(_) => Err(EvalError::TwoThread("__other")),
            Ghost::SameGroup => Err(EvalError::TwoThread("__same_group")),
            Ghost::LogHas { .. } | Ghost::LogOffset { .. } => {
                Err(EvalError::TwoThread("a race-log predicate"))
            }
            Ghost::LoadOf { .. } => Err(EvalError::TwoThread("a two-thread memory read")),
            Ghost::BarrierInvariant { .. } => Err(EvalError::TwoThread("a barrier invariant")),
            Ghost::Snapshot { .. } => Err(EvalError::TwoThread("__array_snapshot")),
            Ghost::TakenValue { .. } => Err(EvalError::TwoThread("__atomic_has_taken_value")),
        };
    }
    if func.starts_with('$') {
        return Err(EvalError::TwoThread("an annotation"));
    }
    // A function without a body: the value given for these arguments, else a
    // deterministic hash of its name and arguments.
    let mut values = Vec::with_capacity(args.len());
    for a in args {
        values.push(eval(k, env, a)?.0);
    }
    if let Some(v) = env.function(&kir::application_key(func, &values)) {
        return Ok((v & mask(w), w));
    }
    let mut words = vec![env.seed(), hash_str(func)];
    words.extend(values);
    Ok((hash(&words) & mask(w), w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smt_division_by_zero() {
        assert_eq!(binary(BinOp::UDiv, 7, 0, 8), (0xff, 8));
        assert_eq!(binary(BinOp::URem, 7, 0, 8), (7, 8));
        assert_eq!(binary(BinOp::SDiv, 7, 0, 8), (0xff, 8));
        assert_eq!(binary(BinOp::SDiv, 0xf9, 0, 8), (1, 8));
        assert_eq!(binary(BinOp::SRem, 0xf9, 0, 8), (0xf9, 8));
        assert_eq!(binary(BinOp::SDiv, 0xf9, 2, 8), (0xfd, 8)); // -7 / 2 = -3
        assert_eq!(binary(BinOp::SRem, 0xf9, 2, 8), (0xff, 8)); // -7 % 2 = -1
    }

    #[test]
    fn shifts_past_the_width() {
        assert_eq!(binary(BinOp::Shl, 1, 8, 8), (0, 8));
        assert_eq!(binary(BinOp::LShr, 0x80, 9, 8), (0, 8));
        assert_eq!(binary(BinOp::AShr, 0x80, 9, 8), (0xff, 8));
        assert_eq!(binary(BinOp::AShr, 0x80, 1, 8), (0xc0, 8));
        assert_eq!(binary(BinOp::Shl, 1, 63, 64), (1 << 63, 64));
    }

    #[test]
    fn signed_comparisons() {
        assert_eq!(binary(BinOp::Slt, 0xff, 0, 8), (1, 1));
        assert_eq!(binary(BinOp::Ult, 0xff, 0, 8), (0, 1));
    }
}
