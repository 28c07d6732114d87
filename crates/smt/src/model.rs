//! What a finished check says: the counterexample's values, or why the solver gave up.

use z3::{Model, Solver};

use crate::encode::Encoder;
use crate::{Status, Value};
use vc::{Sort, TermId, Vc};

/// Why the solver gave up, in the user's terms: Z3 says "canceled" both when the clock and
/// when the effort limit stopped it.
pub(crate) fn unknown_reason(solver: &Solver, clock_ran_out: bool) -> String {
    match solver.get_reason_unknown() {
        Some(r) if r == "canceled" || r == "timeout" || r.contains("resource limit") => {
            if clock_ran_out {
                "time limit reached".into()
            } else {
                "solver effort limit for one check reached".into()
            }
        }
        Some(r) => r,
        None => "unknown".into(),
    }
}

pub(crate) fn failed<'ctx, M>(
    vc: &Vc<M>,
    check: usize,
    solver: &Solver<'ctx>,
    enc: &mut Encoder<'ctx>,
) -> Status {
    let Some(model) = solver.get_model() else {
        return Status::Unknown {
            reason: "the solver found a counterexample but gave no model".into(),
        };
    };
    failed_in(vc, check, &model, enc)
}

/// [`failed`] with the counterexample `model`.
pub(crate) fn failed_in<'ctx, M>(
    vc: &Vc<M>,
    check: usize,
    model: &Model<'ctx>,
    enc: &mut Encoder<'ctx>,
) -> Status {
    let mut eval = |name: &str, t: TermId| -> Option<Value> {
        let d = enc.encode(&vc.terms, t);
        let (value, bits) = match vc.terms.sort(t) {
            Sort::Bool => (model.eval(&d.as_bool()?, true)?.as_bool()? as u64, 1),
            Sort::Bv(w) => (model.eval(&d.as_bv()?, true)?.as_u64()?, w),
            Sort::Mem(_) => return None,
        };
        Some(Value {
            name: name.to_string(),
            value,
            bits,
        })
    };
    let witness = vc.checks[check]
        .witness
        .iter()
        .filter_map(|(n, t)| eval(n, *t))
        .collect();
    let inputs = vc.inputs.iter().filter_map(|(n, t)| eval(n, *t)).collect();
    // Every constant's value (loop state, logs, `v_active`): why a candidate was dropped
    // or a check failed (`LOCKSTEP_LOG=smt::model=trace`).
    tracing::trace!(check, %model, "counterexample");
    Status::Failed { witness, inputs }
}
