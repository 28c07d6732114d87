//! The `--boogie-file` axioms as Z3 formulas: checked against the uninterpreted functions
//! the VC applies (so that an axiom speaks of the kernel's own functions, with the same
//! declarations), then encoded with Z3's quantifiers; every solver asserts them first.

use std::collections::BTreeMap;

use axioms::{AxiomError, Axioms, BinOp, Builtin, Quant, Resolved, Signature, Term, Type};
use vc::{Node, Sort as VSort, TermId, Vc};
use z3::ast::{Ast, Bool, Dynamic, BV};
use z3::Pattern;

use crate::encode::Encoder;

/// The uninterpreted functions the VC applies, with their sorts (the first sorts seen, for
/// a name applied with several; functions over memory are left out: no axiom can name
/// them).
pub fn kernel_functions<M>(vc: &Vc<M>) -> BTreeMap<String, Signature> {
    let mut out = BTreeMap::new();
    for i in 0..vc.terms.len() {
        let Node::Apply { func, args, sort } = vc.terms.node(TermId(i as u32)) else {
            continue;
        };
        if out.contains_key(func) {
            continue;
        }
        let args: Option<Vec<Type>> = args.iter().map(|a| ty(vc.terms.sort(*a))).collect();
        if let (Some(args), Some(ret)) = (args, ty(*sort)) {
            out.insert(func.clone(), Signature { args, ret });
        }
    }
    out
}

fn ty(s: VSort) -> Option<Type> {
    match s {
        VSort::Bool => Some(Type::Bool),
        VSort::Bv(w) => Some(Type::Bv(w)),
        VSort::Mem(_) => None,
    }
}

fn sort(t: Type) -> VSort {
    match t {
        Type::Bool => VSort::Bool,
        Type::Bv(w) => VSort::Bv(w),
    }
}

/// Checks `axioms` against the functions `vc` applies: a sort mismatch between a file and
/// the kernel, an ill-typed axiom or a function known to neither is an error.
pub fn check_axioms<M>(vc: &Vc<M>, axioms: &Axioms) -> Result<Resolved, AxiomError> {
    axioms.resolve(&kernel_functions(vc))
}

/// The axioms as Z3 formulas, over the encoder's function declarations; `None` if one is
/// ill-sorted (which [`axioms::resolve`] rules out).
pub fn encode<'ctx>(enc: &mut Encoder<'ctx>, resolved: &Resolved) -> Option<Vec<Bool<'ctx>>> {
    let mut scope = Vec::new();
    resolved
        .axioms
        .iter()
        .map(|a| term(enc, &mut scope, a)?.as_bool())
        .collect()
}

/// `t` under the bound variables of `scope` (innermost last).
fn term<'ctx>(
    enc: &mut Encoder<'ctx>,
    scope: &mut Vec<(String, Dynamic<'ctx>)>,
    t: &Term,
) -> Option<Dynamic<'ctx>> {
    let ctx = enc.ctx();
    Some(match t {
        Term::Bool(b) => Bool::from_bool(ctx, *b).into(),
        Term::Bv { value, width } => BV::from_u64(ctx, *value, *width).into(),
        Term::Var { name, .. } => scope.iter().rev().find(|(n, _)| n == name)?.1.clone(),
        Term::Apply { func, args, ret } => {
            let values = args
                .iter()
                .map(|a| term(enc, scope, a))
                .collect::<Option<Vec<_>>>()?;
            let refs: Vec<&dyn Ast> = values.iter().map(|a| a as &dyn Ast).collect();
            let domain: Vec<VSort> = args.iter().map(|a| sort(a.ty())).collect();
            enc.func(func, &domain, sort(*ret)).apply(&refs)
        }
        Term::Builtin { op, args } => {
            let mut bvs = Vec::with_capacity(args.len());
            for a in args {
                bvs.push(term(enc, scope, a)?.as_bv()?);
            }
            builtin(*op, &bvs)?
        }
        Term::Not(a) => term(enc, scope, a)?.as_bool()?.not().into(),
        Term::Binary(op, a, b) => {
            let (x, y) = (term(enc, scope, a)?, term(enc, scope, b)?);
            if *op == BinOp::Eq {
                return Some(x._eq(&y).into());
            }
            let (x, y) = (x.as_bool()?, y.as_bool()?);
            match op {
                BinOp::Iff => x.iff(&y),
                BinOp::Implies => x.implies(&y),
                BinOp::And => Bool::and(ctx, &[&x, &y]),
                BinOp::Or => Bool::or(ctx, &[&x, &y]),
                BinOp::Eq | BinOp::Ne => Bool::not(&x._eq(&y)),
            }
            .into()
        }
        Term::Quant {
            quant,
            vars,
            triggers,
            body,
        } => {
            let outer = scope.len();
            for (name, ty) in vars {
                let bound: Dynamic = match ty {
                    Type::Bool => Bool::fresh_const(ctx, name).into(),
                    Type::Bv(w) => BV::fresh_const(ctx, name, *w).into(),
                };
                scope.push((name.clone(), bound));
            }
            let encoded = quantifier(enc, scope, outer, *quant, triggers, body);
            scope.truncate(outer);
            encoded?.into()
        }
    })
}

/// The quantifier over `scope[outer..]`.
fn quantifier<'ctx>(
    enc: &mut Encoder<'ctx>,
    scope: &mut Vec<(String, Dynamic<'ctx>)>,
    outer: usize,
    quant: Quant,
    triggers: &[Vec<Term>],
    body: &Term,
) -> Option<Bool<'ctx>> {
    let ctx = enc.ctx();
    let body = term(enc, scope, body)?.as_bool()?;
    let mut patterns = Vec::new();
    for terms in triggers {
        let values = terms
            .iter()
            .map(|t| term(enc, scope, t))
            .collect::<Option<Vec<_>>>()?;
        let refs: Vec<&dyn Ast> = values.iter().map(|v| v as &dyn Ast).collect();
        // `usable_trigger` kept only non-empty lists of applications.
        if !refs.is_empty() {
            patterns.push(Pattern::new(ctx, &refs));
        }
    }
    let pattern_refs: Vec<&Pattern> = patterns.iter().collect();
    let bounds: Vec<&dyn Ast> = scope[outer..].iter().map(|(_, v)| v as &dyn Ast).collect();
    Some(match quant {
        Quant::Forall => z3::ast::forall_const(ctx, &bounds, &pattern_refs, &body),
        Quant::Exists => z3::ast::exists_const(ctx, &bounds, &pattern_refs, &body),
    })
}

fn builtin<'ctx>(op: Builtin, a: &[BV<'ctx>]) -> Option<Dynamic<'ctx>> {
    let x = a.first()?;
    if op.arity() == 1 {
        return Some(
            match op {
                Builtin::Not => x.bvnot(),
                _ => x.bvneg(),
            }
            .into(),
        );
    }
    let y = a.get(1)?;
    Some(match op {
        Builtin::Add => x.bvadd(y).into(),
        Builtin::Sub => x.bvsub(y).into(),
        Builtin::Mul => x.bvmul(y).into(),
        Builtin::UDiv => x.bvudiv(y).into(),
        Builtin::URem => x.bvurem(y).into(),
        Builtin::SDiv => x.bvsdiv(y).into(),
        Builtin::SRem => x.bvsrem(y).into(),
        Builtin::And => x.bvand(y).into(),
        Builtin::Or => x.bvor(y).into(),
        Builtin::Xor => x.bvxor(y).into(),
        Builtin::Shl => x.bvshl(y).into(),
        Builtin::LShr => x.bvlshr(y).into(),
        Builtin::AShr => x.bvashr(y).into(),
        Builtin::Ult => x.bvult(y).into(),
        Builtin::Ule => x.bvule(y).into(),
        Builtin::Ugt => x.bvugt(y).into(),
        Builtin::Uge => x.bvuge(y).into(),
        Builtin::Slt => x.bvslt(y).into(),
        Builtin::Sle => x.bvsle(y).into(),
        Builtin::Sgt => x.bvsgt(y).into(),
        Builtin::Sge => x.bvsge(y).into(),
        Builtin::Not | Builtin::Neg => return None,
    })
}
