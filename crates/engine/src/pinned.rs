//! Parameters that the preconditions pin to one value (`__requires(levels == 9)`, or an
//! equality [`smt::state_implied`] found them to imply), written as that value in a copy of
//! the two-thread program.
//!
//! `strategy.rs` solves that copy in every step: a product with a pinned parameter folds
//! to a constant, and so do the strides the candidates are made of and, for unrolling
//! completely (step 2b), a trip count the parameter bounds. The copy is exact: every
//! execution the kernel is verified for has that value.

use std::collections::{HashMap, HashSet};

use kir::{Expr, Stmt, StmtData, Terminator, Ty, VarKind};
use vcgen::{Event, TermId, Vc};

/// The inputs that the leading assumptions of `vc` equate with a numeral, by name.
pub(crate) fn pinned(vc: &Vc) -> HashMap<String, u64> {
    let inputs: HashMap<TermId, &str> = (vc.inputs.iter())
        .map(|(name, t)| (*t, name.as_str()))
        .collect();
    let mut out = HashMap::new();
    for event in &vc.events {
        let Event::Assume(t) = event else {
            break;
        };
        for (x, value) in smt::equated_numerals(&vc.terms, *t) {
            if let Some(name) = inputs.get(&x) {
                out.insert(name.to_string(), value);
            }
        }
    }
    out
}

/// `tt` with each parameter of `pins` that the program never assigns written as its value,
/// and assumed to have it on entry (the preconditions no longer mention it: so that a
/// counterexample reports, and the replay runs, that value); `None` when no parameter is.
pub(crate) fn with_pinned(
    tt: &lockstep::TwoThread,
    pins: &HashMap<String, u64>,
) -> Option<lockstep::TwoThread> {
    let k = &tt.kernel;
    let assigned: HashSet<kir::Var> = (k.blocks.iter().flat_map(|b| &b.stmts))
        .filter_map(|s| s.stmt.def())
        .collect();
    let mut values: HashMap<kir::Var, Expr> = HashMap::new();
    for (i, data) in k.vars.iter().enumerate() {
        let var = kir::Var::new(i);
        let (VarKind::Param { .. }, Ty::Bv(w)) = (&data.kind, data.ty) else {
            continue;
        };
        if let Some(&value) = pins.get(&data.name) {
            if !assigned.contains(&var) {
                values.insert(var, Expr::int(value, w));
            }
        }
    }
    if values.is_empty() {
        return None;
    }
    let write =
        |e: &mut Expr| *e = e.map_vars(&|v| values.get(&v).cloned().unwrap_or(Expr::Var(v)));
    let mut out = tt.clone();
    for block in &mut out.kernel.blocks {
        for s in &mut block.stmts {
            s.stmt.map_exprs(&mut |e| write(e));
            s.witness.iter_mut().for_each(|(_, e)| write(e));
        }
        match &mut block.term {
            Terminator::Branch { cond, .. } => write(cond),
            Terminator::Switch { value, .. } => write(value),
            _ => {}
        }
    }
    let entry = out.kernel.entry();
    for (var, value) in values {
        let cond = Expr::eq(Expr::Var(var), value);
        let assume = StmtData::new(Stmt::Assume { cond }, None);
        out.kernel.block_mut(entry).stmts.insert(0, assume);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use vcgen::{CmpOp, Coverage, Sort, Terms};

    /// A VC whose inputs are `levels` and `n`, assuming `first` and then, after a check,
    /// `later`; each built by `f` over the two inputs' terms.
    fn vc(f: impl Fn(&mut Terms, TermId, TermId) -> (TermId, TermId)) -> Vc {
        let mut terms = Terms::default();
        let levels = terms.sym("levels".into(), Sort::Bv(32));
        let n = terms.sym("n".into(), Sort::Bv(32));
        let (first, later) = f(&mut terms, levels, n);
        Vc {
            terms,
            events: vec![
                Event::Assume(first),
                Event::Check {
                    cond: later,
                    check: 0,
                },
                Event::Assume(later),
            ],
            checks: Vec::new(),
            inputs: vec![("levels".into(), levels), ("n".into(), n)],
            coverage: Coverage::Complete,
            switches: Vec::new(),
        }
    }

    #[test]
    fn a_leading_equality_with_a_numeral_pins_its_input() {
        let vc = vc(|terms, levels, n| {
            let nine = terms.bv(9, 32);
            let pinned = terms.eq(nine, levels);
            let big = terms.bv(1024, 32);
            let bounded = terms.cmp(CmpOp::Ult, n, big);
            let first = terms.and(bounded, pinned);
            // Assumed only after a check: not a precondition.
            let later = terms.eq(n, big);
            (first, later)
        });
        let pins = pinned(&vc);
        assert_eq!(pins.get("levels"), Some(&9));
        // `n < 1024` bounds n, and `n == 1024` comes after a check: neither pins it.
        assert_eq!(pins.get("n"), None);
    }
}
