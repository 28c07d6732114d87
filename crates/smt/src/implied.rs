//! Equalities and bounds the kernel's preconditions imply, stated on their own.
//!
//! clang compiles `__requires(n == 1024 && m == 512)` with short-circuit branches, and
//! predication turns them into `ite`s over the branch conditions: the assumption implies
//! `m == 512`, but no conjunct of it says so. Z3's incremental solver then bit-blasts each
//! product with `m` as a product of two unknowns, and the products abstraction
//! (`products.rs`) does not see `m` pinned. A PPCG-style kernel with one tile loop was
//! decided in 15.6 s with the conjunction and in 1.7 s with one `__requires` per conjunct.
//!
//! So each equality or comparison of a free constant with a numeral in the cone of an
//! assumption made before anything else (the preconditions come first) is asked of a fresh
//! solver under that assumption alone, with a little effort; one it implies is assumed on
//! its own right after it. That adds only what holds already: the VC's meaning does not
//! change. (Bounds such as `N <= 1024` matter to the products abstraction, which multiplies
//! only what fits.)

use std::collections::HashSet;

use vc::{children, Event, Node, TermId, Terms, Vc};
use z3::{Config, Context, SatResult};

use crate::encode::Encoder;
use crate::fresh::new_solver;
use crate::products::is_free;
use crate::with_limits;

/// The most terms of an assumption's cone searched for equalities.
const MOST_CONE: usize = 4_000;

/// The most equalities asked about per assumption.
const MOST_ASKED: usize = 24;

/// The effort for each question (about 10 ms).
const EFFORT: u64 = 60_000;

/// Adds, after each leading assumption of `vc`, the equalities and comparisons of a free
/// constant with a numeral that it implies and does not state as a conjunct. Returns how
/// many.
pub fn state_implied<M>(vc: &mut Vc<M>) -> usize {
    let leading = (vc.events.iter())
        .take_while(|e| matches!(e, Event::Assume(_)))
        .count();
    let mut added: Vec<(usize, TermId)> = Vec::new();
    let mut stated: HashSet<TermId> = HashSet::new();
    for e in &vc.events[..leading] {
        if let Event::Assume(t) = e {
            stated.extend(conjuncts(&vc.terms, *t));
        }
    }
    for i in 0..leading {
        let Event::Assume(t) = vc.events[i] else {
            continue;
        };
        let asked: Vec<TermId> = (equalities(&vc.terms, t).into_iter())
            .filter(|a| !stated.contains(a))
            .take(MOST_ASKED)
            .collect();
        for a in implied(&vc.terms, t, &asked) {
            stated.insert(a);
            added.push((i, a));
        }
    }
    for (n, (i, a)) in added.iter().enumerate() {
        vc.events.insert(i + 1 + n, Event::Assume(*a));
    }
    added.len()
}

/// The conjuncts of `t` that equate a term with a numeral (`x == 1024`), as the term and
/// the numeral's value.
pub fn equated_numerals(terms: &Terms, t: TermId) -> Vec<(TermId, u64)> {
    let mut out = Vec::new();
    for c in conjuncts(terms, t) {
        if let Node::Eq(a, b) = terms.node(c) {
            for (x, k) in [(*a, *b), (*b, *a)] {
                if let Some((value, _)) = terms.as_bv(k) {
                    out.push((x, value));
                }
            }
        }
    }
    out
}

/// The conjuncts of `t` (itself, if it is no conjunction).
pub(crate) fn conjuncts(terms: &Terms, t: TermId) -> Vec<TermId> {
    let mut out = Vec::new();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match terms.node(t) {
            Node::And(a, b) => stack.extend([*a, *b]),
            _ => out.push(t),
        }
    }
    out
}

/// The equalities and comparisons of `x` with `k` (a free constant, possibly extended, and
/// a numeral) in the cone of `t`, in the order met; none if the cone is larger than
/// [`MOST_CONE`].
fn equalities(terms: &Terms, t: TermId) -> Vec<TermId> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        if seen.len() > MOST_CONE {
            return Vec::new();
        }
        let node = terms.node(t);
        if let Node::Eq(a, b) | Node::Cmp(_, a, b) = node {
            let numeral = |x: TermId| terms.as_bv(x).is_some();
            let free = |x: TermId| is_free(terms, x);
            if (free(*a) && numeral(*b)) || (free(*b) && numeral(*a)) {
                out.push(t);
            }
        }
        stack.extend(children(node));
    }
    out
}

/// Those of `asked` that `t` implies, each decided within [`EFFORT`].
fn implied(terms: &Terms, t: TermId, asked: &[TermId]) -> Vec<TermId> {
    if asked.is_empty() {
        return Vec::new();
    }
    let ctx = Context::new(&Config::new());
    let mut enc = Encoder::new(&ctx);
    let solver = new_solver(&ctx, &enc);
    let assumed = enc.bool(terms, t);
    solver.assert(&assumed);
    let mut out = Vec::new();
    for &a in asked {
        let atom = enc.bool(terms, a);
        solver.push();
        solver.assert(&atom.not());
        with_limits(&ctx, &solver, EFFORT, std::time::Duration::from_millis(200));
        if solver.check() == SatResult::Unsat {
            out.push(a);
        }
        solver.pop(1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use vc::{CmpOp, Coverage, Sort};

    fn empty() -> Vc<()> {
        Vc {
            terms: Terms::default(),
            events: Vec::new(),
            checks: Vec::new(),
            inputs: Vec::new(),
            coverage: Coverage::Complete,
            switches: Vec::new(),
        }
    }

    /// `ite(n == 1024, m == 512, b) && !b && q >= 1`: a short-circuit `&&` as predication
    /// writes it (the `false` of the branch not taken in a variable of its own).
    fn conjunction(terms: &mut Terms) -> (TermId, TermId, TermId) {
        let n = terms.sym("n".into(), Sort::Bv(32));
        let m = terms.sym("m".into(), Sort::Bv(32));
        let q = terms.sym("q".into(), Sort::Bv(32));
        let b = terms.sym("b".into(), Sort::Bool);
        let k1024 = terms.bv(1024, 32);
        let k512 = terms.bv(512, 32);
        let one = terms.bv(1, 32);
        let n_is = terms.eq(n, k1024);
        let m_is = terms.eq(m, k512);
        let first = terms.ite(n_is, m_is, b);
        let not_b = terms.not(b);
        let q_pos = terms.cmp(CmpOp::Sle, one, q);
        let rest = terms.and(not_b, q_pos);
        let all = terms.and(first, rest);
        (all, n_is, m_is)
    }

    #[test]
    fn equalities_a_precondition_implies_are_stated_after_it() {
        let mut vc = empty();
        let (all, n_is, m_is) = conjunction(&mut vc.terms);
        vc.events.push(Event::Assume(all));
        assert_eq!(state_implied(&mut vc), 2);
        let assumed: Vec<_> = (vc.events.iter())
            .map(|e| match e {
                Event::Assume(t) => *t,
                _ => unreachable!("only assumptions"),
            })
            .collect();
        assert_eq!(assumed[0], all);
        assert!(assumed.contains(&n_is) && assumed.contains(&m_is));
        // Stated now: a second pass adds nothing.
        assert_eq!(state_implied(&mut vc), 0);
    }

    #[test]
    fn a_bound_a_precondition_implies_is_stated_after_it() {
        let mut vc = empty();
        let n = vc.terms.sym("n".into(), Sort::Bv(32));
        let b = vc.terms.sym("b".into(), Sort::Bool);
        let zero = vc.terms.bv(0, 32);
        let k = vc.terms.bv(1024, 32);
        let positive = vc.terms.cmp(CmpOp::Slt, zero, n);
        let at_most = vc.terms.cmp(CmpOp::Sle, n, k);
        // `n > 0 && n <= 1024` with its branch: both bounds are implied.
        let first = vc.terms.ite(positive, at_most, b);
        let not_b = vc.terms.not(b);
        let all = vc.terms.and(first, not_b);
        vc.events.push(Event::Assume(all));
        assert_eq!(state_implied(&mut vc), 2);
        assert_eq!(vc.events.len(), 3);
    }

    #[test]
    fn an_equality_under_a_free_alternative_is_not_implied() {
        let mut vc = empty();
        let n = vc.terms.sym("n".into(), Sort::Bv(32));
        let m = vc.terms.sym("m".into(), Sort::Bv(32));
        let b = vc.terms.sym("b".into(), Sort::Bool);
        let k = vc.terms.bv(8, 32);
        let n_is = vc.terms.eq(n, k);
        let m_is = vc.terms.eq(m, k);
        // `n == 8 ? m == 8 : b`: with `b` true, neither holds.
        let t = vc.terms.ite(n_is, m_is, b);
        vc.events.push(Event::Assume(t));
        assert_eq!(state_implied(&mut vc), 0);
        assert_eq!(vc.events.len(), 1);
    }
}
