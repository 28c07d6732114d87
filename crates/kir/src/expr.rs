//! Constructors and queries on expressions.

use crate::entities::Var;
use crate::kernel::Kernel;
use crate::syntax::*;

impl Expr {
    pub fn var(v: Var) -> Expr {
        Expr::Var(v)
    }

    pub fn int(value: u64, width: u32) -> Expr {
        Expr::Int {
            value: value & mask(width),
            width,
        }
    }

    pub fn tt() -> Expr {
        Expr::Bool(true)
    }

    pub fn ff() -> Expr {
        Expr::Bool(false)
    }

    pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }

    pub fn eq(a: Expr, b: Expr) -> Expr {
        Expr::bin(BinOp::Eq, a, b)
    }

    pub fn ne(a: Expr, b: Expr) -> Expr {
        Expr::bin(BinOp::Ne, a, b)
    }

    /// `a && b`, folding `true` operands away.
    pub fn and(a: Expr, b: Expr) -> Expr {
        match (a, b) {
            (Expr::Bool(true), e) | (e, Expr::Bool(true)) => e,
            (a, b) => Expr::bin(BinOp::And, a, b),
        }
    }

    /// `a || b`, folding `false` operands away.
    pub fn or(a: Expr, b: Expr) -> Expr {
        match (a, b) {
            (Expr::Bool(false), e) | (e, Expr::Bool(false)) => e,
            (a, b) => Expr::bin(BinOp::Or, a, b),
        }
    }

    /// `a ==> b`, folding a `true` antecedent away.
    pub fn implies(a: Expr, b: Expr) -> Expr {
        match a {
            Expr::Bool(true) => b,
            a => Expr::bin(BinOp::Implies, a, b),
        }
    }

    #[allow(clippy::should_implement_trait)]
    pub fn not(a: Expr) -> Expr {
        match a {
            Expr::Bool(b) => Expr::Bool(!b),
            Expr::Unary(UnOp::Not, a) => *a,
            a => Expr::Unary(UnOp::Not, Box::new(a)),
        }
    }

    /// `c ? a : b`, folding constant conditions.
    pub fn ite(c: Expr, a: Expr, b: Expr) -> Expr {
        match c {
            Expr::Bool(true) => a,
            Expr::Bool(false) => b,
            c if a == b => {
                let _ = c;
                a
            }
            c => Expr::Ite(Box::new(c), Box::new(a), Box::new(b)),
        }
    }

    pub fn cast(op: CastOp, width: u32, e: Expr) -> Expr {
        Expr::Cast(op, width, Box::new(e))
    }

    pub fn is_true(&self) -> bool {
        matches!(self, Expr::Bool(true))
    }

    /// The type of the expression, given the kernel's variable types.
    pub fn ty(&self, k: &Kernel) -> Ty {
        match self {
            Expr::Var(v) => k.var(*v).ty,
            Expr::Bool(_) => Ty::Bool,
            Expr::Int { width, .. } => Ty::Bv(*width),
            Expr::Unary(UnOp::Not, _) => Ty::Bool,
            Expr::Unary(_, a) => a.ty(k),
            Expr::Binary(op, a, _) => {
                if op.is_comparison() {
                    Ty::Bool
                } else {
                    a.ty(k)
                }
            }
            Expr::Ite(_, a, _) => a.ty(k),
            Expr::Cast(_, w, _) => Ty::Bv(*w),
            Expr::Apply { ty, .. } => *ty,
        }
    }

    /// Calls `f` on every variable the expression mentions.
    pub fn for_each_var(&self, f: &mut impl FnMut(Var)) {
        match self {
            Expr::Var(v) => f(*v),
            Expr::Bool(_) | Expr::Int { .. } => {}
            Expr::Unary(_, a) | Expr::Cast(_, _, a) => a.for_each_var(f),
            Expr::Binary(_, a, b) => {
                a.for_each_var(f);
                b.for_each_var(f);
            }
            Expr::Ite(c, a, b) => {
                c.for_each_var(f);
                a.for_each_var(f);
                b.for_each_var(f);
            }
            Expr::Apply { args, .. } => args.iter().for_each(|a| a.for_each_var(f)),
        }
    }

    /// A copy with every variable replaced by `f(variable)`.
    pub fn map_vars(&self, f: &impl Fn(Var) -> Expr) -> Expr {
        match self {
            Expr::Var(v) => f(*v),
            Expr::Bool(_) | Expr::Int { .. } => self.clone(),
            Expr::Unary(op, a) => Expr::Unary(*op, Box::new(a.map_vars(f))),
            Expr::Cast(op, w, a) => Expr::Cast(*op, *w, Box::new(a.map_vars(f))),
            Expr::Binary(op, a, b) => {
                Expr::Binary(*op, Box::new(a.map_vars(f)), Box::new(b.map_vars(f)))
            }
            Expr::Ite(c, a, b) => Expr::Ite(
                Box::new(c.map_vars(f)),
                Box::new(a.map_vars(f)),
                Box::new(b.map_vars(f)),
            ),
            Expr::Apply { func, args, ty } => Expr::Apply {
                func: func.clone(),
                args: args.iter().map(|a| a.map_vars(f)).collect(),
                ty: *ty,
            },
        }
    }
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        use BinOp::*;
        matches!(
            self,
            Eq | Ne | Ult | Ule | Ugt | Uge | Slt | Sle | Sgt | Sge | Implies
        )
    }

    /// The operator as printed.
    pub fn symbol(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            UDiv => "/u",
            SDiv => "/s",
            URem => "%u",
            SRem => "%s",
            Shl => "<<",
            LShr => ">>u",
            AShr => ">>s",
            And => "&",
            Or => "|",
            Xor => "^",
            Implies => "==>",
            Eq => "==",
            Ne => "!=",
            Ult => "<u",
            Ule => "<=u",
            Ugt => ">u",
            Uge => ">=u",
            Slt => "<s",
            Sle => "<=s",
            Sgt => ">s",
            Sge => ">=s",
        }
    }
}

/// The mask of the low `width` bits.
pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}
