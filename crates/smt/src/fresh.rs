//! Fresh solvers: the incremental solver every check runs on, and the one-shot solvers a
//! check the incremental solver gave up on is tried again with.

use z3::{Context, Params, Solver, Tactic};

use crate::encode;

/// A solver that assumes the encoder's background axioms.
///
/// Without quantified axioms, the solver is Z3's for quantifier-free bit-vectors, arrays
/// and uninterpreted functions (QF_AUFBV), the logic of every VC lockstep makes. Once a
/// solver has pushed, Z3's default solver answers with its SMT core set up for no logic in
/// particular; set up for QF_AUFBV, the same core decided the checks of a grid-stride
/// Black-Scholes VC in 4.2 s instead of 6.7 s. (Z3's incremental SAT solver for pure
/// bit-vector VCs was slower on the GPUVerify suite's binomial-options kernels: 16 s
/// against 3 s.)
pub(crate) fn new_solver<'ctx>(ctx: &'ctx Context, enc: &encode::Encoder<'ctx>) -> Solver<'ctx> {
    let solver = if enc.background().is_empty() {
        Solver::new_for_logic(ctx, "QF_AUFBV").unwrap_or_else(|| Solver::new(ctx))
    } else {
        Solver::new(ctx)
    };
    with_background(ctx, enc, solver)
}

/// A fresh solver that holds `held` and `goal`. Z3 answers a solver's first check with its
/// one-shot solver, whose preprocessing is far stronger than that of the incremental core
/// a solver uses once it has pushed. With `simplify`, the solver also simplifies each
/// subterm under the conditions of the `ite`s and Boolean operators around it
/// (`ctx-simplify`): the predicated program is full of `ite(v_active == k, new, old)`, so a
/// term under `v_active == k` loses most of its alternatives. A memory invariant's
/// preservation check that Z3's own solvers did not decide in 100 s took 0.8 s this way;
/// others are decided only without it.
pub(crate) fn one_shot<'ctx>(
    ctx: &'ctx Context,
    enc: &encode::Encoder<'ctx>,
    held: &[z3::ast::Bool<'ctx>],
    goal: &z3::ast::Bool<'ctx>,
    simplify: bool,
) -> Solver<'ctx> {
    let solver = if simplify {
        let steps = [
            "propagate-values",
            "ctx-simplify",
            "solve-eqs",
            "elim-uncnstr",
            "simplify",
            "smt",
        ];
        let tactic = steps.iter().fold(Tactic::new(ctx, "simplify"), |t, next| {
            t.and_then(&Tactic::new(ctx, next))
        });
        tactic.solver()
    } else {
        Solver::new(ctx)
    };
    let fresh = with_background(ctx, enc, solver);
    for assertion in held {
        fresh.assert(assertion);
    }
    fresh.assert(goal);
    fresh
}

/// `solver`, set up for the encoder's background axioms and assuming them.
fn with_background<'ctx>(
    ctx: &'ctx Context,
    enc: &encode::Encoder<'ctx>,
    solver: Solver<'ctx>,
) -> Solver<'ctx> {
    if !enc.background().is_empty() {
        // Z3's relevancy filter hides the VC's applications (under `ite`s) from
        // E-matching, which then leaves the quantifiers to model-based instantiation: an
        // injectivity axiom that proves race freedom in 0.1 s timed out. Without the
        // filter every ground application is matched against the triggers.
        let mut params = Params::new(ctx);
        params.set_u32("relevancy", 0);
        solver.set_params(&params);
    }
    for axiom in enc.background() {
        solver.assert(axiom);
    }
    solver
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::{Ast, Bool, BV};
    use z3::{Config, SatResult};

    /// `x > 5` held, `!(x > 3)` as the goal: unsatisfiable; `!(x > 7)`: satisfiable.
    fn check(simplify: bool, bound: u64) -> SatResult {
        let cfg = Config::new();
        let ctx = Context::new(&cfg);
        let enc = encode::Encoder::new(&ctx);
        let x = BV::new_const(&ctx, "x", 32);
        let held = [x.bvugt(&BV::from_u64(&ctx, 5, 32))];
        let goal = x.bvugt(&BV::from_u64(&ctx, bound, 32)).not();
        let solver = one_shot(&ctx, &enc, &held, &goal, simplify);
        solver.check()
    }

    #[test]
    fn both_one_shot_solvers_hold_the_assertions_and_the_goal() {
        for simplify in [true, false] {
            assert_eq!(check(simplify, 3), SatResult::Unsat, "simplify: {simplify}");
            assert_eq!(check(simplify, 7), SatResult::Sat, "simplify: {simplify}");
        }
    }

    #[test]
    fn the_simplifying_solver_gives_a_model_of_the_original_terms() {
        let cfg = Config::new();
        let ctx = Context::new(&cfg);
        let enc = encode::Encoder::new(&ctx);
        let x = BV::new_const(&ctx, "x", 32);
        let c = Bool::new_const(&ctx, "c");
        // Under `c`, x is 9; the goal needs c.
        let held = [c.implies(&x._eq(&BV::from_u64(&ctx, 9, 32)))];
        let solver = one_shot(&ctx, &enc, &held, &c, true);
        assert_eq!(solver.check(), SatResult::Sat);
        let model = solver.get_model().expect("a model");
        let value = model.eval(&x, true).and_then(|v| v.as_u64());
        assert_eq!(value, Some(9));
    }
}
