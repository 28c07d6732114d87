//! Questions about statements and terminators, so passes need not each carry a `match`.

use crate::entities::{Block, Region, Var};
use crate::syntax::*;

impl Stmt {
    /// The variable this statement assigns, if any.
    pub fn def(&self) -> Option<Var> {
        match self {
            Stmt::Assign { dst, .. } | Stmt::Havoc { dst } | Stmt::Read { dst, .. } => Some(*dst),
            Stmt::Atomic { dst, .. } => *dst,
            _ => None,
        }
    }

    /// The memory region this statement accesses, if any.
    pub fn region(&self) -> Option<Region> {
        match self {
            Stmt::Read { region, .. }
            | Stmt::Write { region, .. }
            | Stmt::Atomic { region, .. }
            | Stmt::HavocMemory { region, .. } => Some(*region),
            _ => None,
        }
    }

    pub fn is_barrier(&self) -> bool {
        matches!(self, Stmt::Barrier { .. })
    }

    /// The expressions the statement evaluates, in order.
    pub fn exprs(&self) -> Vec<&Expr> {
        match self {
            Stmt::Assign { value, .. } => vec![value],
            Stmt::Havoc { .. } => vec![],
            Stmt::Assume { cond } | Stmt::Assert { cond, .. } => vec![cond],
            Stmt::Barrier { pred, flags, .. } => {
                let mut out = vec![pred];
                out.extend(flags.local.iter().chain(&flags.global));
                out
            }
            Stmt::HavocMemory { pred, .. } => vec![pred],
            Stmt::Read { pred, offset, .. } | Stmt::Atomic { pred, offset, .. } => {
                vec![pred, offset]
            }
            Stmt::Write {
                pred,
                offset,
                value,
                ..
            } => vec![pred, offset, value],
        }
    }

    /// Applies `f` to every expression of the statement in place.
    pub fn map_exprs(&mut self, f: &mut impl FnMut(&mut Expr)) {
        match self {
            Stmt::Assign { value, .. } => f(value),
            Stmt::Havoc { .. } => {}
            Stmt::Assume { cond } | Stmt::Assert { cond, .. } => f(cond),
            Stmt::Barrier { pred, flags, .. } => {
                f(pred);
                flags.local.iter_mut().chain(&mut flags.global).for_each(f);
            }
            Stmt::HavocMemory { pred, .. } => f(pred),
            Stmt::Read { pred, offset, .. } | Stmt::Atomic { pred, offset, .. } => {
                f(pred);
                f(offset);
            }
            Stmt::Write {
                pred,
                offset,
                value,
                ..
            } => {
                f(pred);
                f(offset);
                f(value);
            }
        }
    }

    /// The enabling predicate of an access or barrier (`true` for other statements).
    pub fn pred(&self) -> Option<&Expr> {
        match self {
            Stmt::Barrier { pred, .. }
            | Stmt::Read { pred, .. }
            | Stmt::Write { pred, .. }
            | Stmt::Atomic { pred, .. }
            | Stmt::HavocMemory { pred, .. } => Some(pred),
            _ => None,
        }
    }

    /// Every variable the statement reads.
    pub fn uses(&self) -> Vec<Var> {
        let mut out = Vec::new();
        for e in self.exprs() {
            e.for_each_var(&mut |v| out.push(v));
        }
        out
    }
}

impl StmtData {
    pub fn new(stmt: Stmt, loc: Option<Loc>) -> Self {
        StmtData {
            stmt,
            loc,
            witness: Vec::new(),
        }
    }
}

impl Terminator {
    /// The successor blocks, in order, without duplicates.
    pub fn successors(&self) -> Vec<Block> {
        let mut out: Vec<Block> = match self {
            Terminator::Goto(b) => vec![*b],
            Terminator::Branch {
                then_to, else_to, ..
            } => vec![*then_to, *else_to],
            Terminator::Switch { cases, default, .. } => {
                let mut v: Vec<Block> = cases.iter().map(|(_, b)| *b).collect();
                v.push(*default);
                v
            }
            Terminator::Choice(bs) => bs.clone(),
            Terminator::Return | Terminator::Unreachable => vec![],
        };
        let mut seen = std::collections::HashSet::new();
        out.retain(|b| seen.insert(*b));
        out
    }

    /// Replaces every successor `from` by `to`.
    pub fn retarget(&mut self, from: Block, to: Block) {
        let fix = |b: &mut Block| {
            if *b == from {
                *b = to
            }
        };
        match self {
            Terminator::Goto(b) => fix(b),
            Terminator::Branch {
                then_to, else_to, ..
            } => {
                fix(then_to);
                fix(else_to);
            }
            Terminator::Switch { cases, default, .. } => {
                cases.iter_mut().for_each(|(_, b)| fix(b));
                fix(default);
            }
            Terminator::Choice(bs) => bs.iter_mut().for_each(fix),
            Terminator::Return | Terminator::Unreachable => {}
        }
    }

    /// The expressions the terminator evaluates.
    pub fn exprs(&self) -> Vec<&Expr> {
        match self {
            Terminator::Branch { cond, .. } => vec![cond],
            Terminator::Switch { value, .. } => vec![value],
            _ => vec![],
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{
        verify, BarrierScope, Expr, Fence, FenceFlags, Kernel, Phase, Printer, Stmt, StmtData,
        Terminator, Ty, VarKind,
    };

    /// A kernel whose only statement is a barrier with per-thread fence flags.
    fn barrier_kernel(flag_ty: Ty) -> (Kernel, Expr) {
        let mut k = Kernel::new("k");
        k.phase = Phase::Lifted;
        let x = k.add_var("x", flag_ty, VarKind::Private);
        let b = k.add_block("entry", Terminator::Return);
        k.layout.push(b);
        let flag = Expr::Var(x);
        let stmt = Stmt::Barrier {
            pred: Expr::tt(),
            fence: Fence {
                local: true,
                global: true,
            },
            scope: BarrierScope::Group,
            flags: FenceFlags {
                local: Some(flag.clone()),
                global: None,
            },
        };
        k.block_mut(b).stmts.push(StmtData::new(stmt, None));
        (k, flag)
    }

    #[test]
    fn barrier_flags_are_expressions_of_the_statement() {
        let (mut k, flag) = barrier_kernel(Ty::Bool);
        let b = k.entry();
        let s = &k.block(b).stmts[0].stmt;
        assert_eq!(s.exprs(), vec![&Expr::tt(), &flag]);
        assert_eq!(s.pred(), Some(&Expr::tt()));
        assert_eq!(Printer::new(&k).stmt(s), "barrier local(x) global");
        assert!(verify(&k).is_ok());
        let y = k.add_var("y", Ty::Bool, VarKind::Private);
        let s = &mut k.block_mut(b).stmts[0].stmt;
        s.map_exprs(&mut |e| {
            if *e == flag {
                *e = Expr::Var(y);
            }
        });
        let Stmt::Barrier { flags, .. } = s else {
            panic!("not a barrier: {s:?}");
        };
        assert_eq!(flags.local, Some(Expr::Var(y)));
        assert_eq!(s.uses(), vec![y]);
    }

    #[test]
    fn a_barrier_flag_must_be_boolean() {
        let (k, _) = barrier_kernel(Ty::Bv(32));
        let errors = verify(&k).expect_err("a 32-bit flag is not a Boolean");
        assert_eq!(errors.len(), 1);
        assert!(errors[0].message.contains("expected Bool"), "{errors:?}");
    }
}
