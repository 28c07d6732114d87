//! The probe before the one query: the checks one by one in order, each with little effort
//! and no retries, until the first that is not proved.
//!
//! The one query (`whole.rs`) pays off when every check holds. When one fails it is mostly
//! wasted: a satisfiable query over the whole VC costs a kernel with a defect 0.2-0.6 s,
//! where its checks one by one find the defect in under 0.1 s. The probe decides which way
//! to go. A failure it finds means the query would be satisfiable, so it is not asked.
//! When every check is proved, neither is the query. Otherwise the query is asked as it
//! would have been, and then the checks one by one; after a defect, those assume the
//! checks the probe proved instead of asking them again.
//!
//! With the VC's switches denied (as the one query first asks), the probe proves each
//! check in its strict form, so its proofs say what the strict query's would. At the first
//! check that fails only in its strict form, the switches are turned on for it and the
//! checks after it (the strict query would be satisfiable: only the relaxed one is asked
//! after the probe).
//!
//! Why the proofs may be assumed: each was made assuming the checks before it, every one
//! of them proved (by the probe, or earlier: `known`). In an execution that violated one of
//! them, the first violated would contradict its own proof; so they hold in every
//! execution.

use z3::{Config, Context};

use crate::encode::Encoder;
use crate::incremental::{one_by_one, Caps, Selection};
use crate::{
    assume_axioms, backstop, CandidateEffort, Meta, SolveOptions, Status, UNITS_PER_SECOND,
};
use vc::Vc;

/// The effort one check gets in the probe...
const PROBE_CHECK_CAP: u64 = UNITS_PER_SECOND / 4;

/// ...and all of them together. Measured on the 45 kernels around the real corpus's
/// median, run one after another (summed seconds): a cap of 0.1 s and a budget of 0.5 s
/// 67.0 s; 0.25 s and 0.5 s 61.7 s; 0.5 s and 0.5 s 59.7 s; 0.25 s and 1 s 55.4 s;
/// 0.25 s and 2 s 56.2 s.
const PROBE_BUDGET: u64 = UNITS_PER_SECOND;

/// Where the probe stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// Every chosen check was proved.
    AllProved,
    /// A check failed (with the switches on): the VC has a counterexample.
    Defect,
    /// A check was not decided within the probe's effort.
    Undecided,
}

/// What the probe found.
pub(crate) struct Probe {
    /// The checks it proved.
    pub proved: Vec<bool>,
    pub stop: Stop,
    pub used: u64,
    /// A check failed with the switches denied only: a proof, if any, needs them, and the
    /// probe's proofs from that check on were made with them on.
    pub switches_on: bool,
}

/// Probes the checks `keep` selects, assuming those `known` selects; with the switches
/// denied when `deny`.
///
/// The probe has a Z3 context of its own: in the caller's, the terms it makes (negated
/// checks, each solver's simplified and bit-blasted terms) change what the one query
/// after it finds already made, and with it Z3's search (`pricing/black_scholes_pass.cl`'s
/// query took 4.5 million units after nothing, 5.1 million after the probe, 0.74 -> 1.0 s).
/// In its own context, the caller's sees the same terms in the same order as without it.
pub(crate) fn probe<M: Meta>(
    vc: &Vc<M>,
    budget: &SolveOptions,
    (keep, known): (&dyn Fn(usize) -> bool, &dyn Fn(usize) -> bool),
    deny: bool,
) -> Probe {
    let ctx = Context::new(&Config::new());
    let mut enc = Encoder::new(&ctx);
    if assume_axioms(vc, &budget.axioms, &mut enc).is_err() {
        // The caller reports the axioms' error.
        return Probe {
            proved: vec![false; vc.checks.len()],
            stop: Stop::Undecided,
            used: 0,
            switches_on: false,
        };
    }
    let small = SolveOptions {
        timeout: budget.timeout.min(backstop(PROBE_BUDGET)),
        effort: budget.effort.min(PROBE_BUDGET),
        ..budget.clone()
    };
    let caps = Caps {
        check: PROBE_CHECK_CAP,
        candidate: CandidateEffort::Full,
    };
    let chosen = Selection {
        keep,
        known,
        until_failure: true,
        track: false,
        probe: true,
        retries: false,
        deny,
    };
    let ran = one_by_one(vc, &ctx, &mut enc, &small, caps, chosen);
    let statuses = ran.statuses;
    let chosen = |i: usize| keep(i) && !known(i);
    let proved: Vec<bool> = (0..statuses.len())
        .map(|i| chosen(i) && statuses[i] == Status::Proved)
        .collect();
    // The probe stops at the first check not proved: at most one failed.
    let stop = if statuses.iter().any(|s| matches!(s, Status::Failed { .. })) {
        Stop::Defect
    } else if (0..statuses.len()).any(|i| chosen(i) && !proved[i]) {
        Stop::Undecided
    } else {
        Stop::AllProved
    };
    tracing::debug!(
        ?stop,
        proved = proved.iter().filter(|p| **p).count(),
        used = ran.used,
        switches_on = ran.switches_on,
        "probe"
    );
    Probe {
        proved,
        stop,
        used: ran.used,
        switches_on: ran.switches_on,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use vc::{Check, CheckKind, Coverage, Event, Sort, Terms};

    /// A VC over a Boolean input `x` that checks `conds` in order.
    fn vc_of(build: impl Fn(&mut Terms, vc::TermId) -> Vec<vc::TermId>) -> Vc<usize> {
        let mut terms = Terms::default();
        let x = terms.sym("x".into(), Sort::Bool);
        let conds = build(&mut terms, x);
        Vc {
            terms,
            events: (conds.iter().enumerate())
                .map(|(check, &cond)| Event::Check { cond, check })
                .collect(),
            checks: (0..conds.len())
                .map(|meta| Check {
                    kind: CheckKind::Property,
                    label: "check".into(),
                    witness: Vec::new(),
                    meta,
                })
                .collect(),
            inputs: Vec::new(),
            coverage: Coverage::Complete,
            switches: Vec::new(),
        }
    }

    fn run(vc: &Vc<usize>, known: &dyn Fn(usize) -> bool) -> Probe {
        let budget = SolveOptions::for_time(Duration::from_secs(10));
        probe(vc, &budget, (&|_| true, known), false)
    }

    #[test]
    fn the_probe_stops_at_the_first_failure_with_the_checks_before_it_proved() {
        let vc = vc_of(|t, x| {
            let yes = t.bool(true);
            let not_x = t.not(x);
            vec![yes, not_x, yes]
        });
        let probed = run(&vc, &|_| false);
        assert_eq!(probed.stop, Stop::Defect);
        assert_eq!(probed.proved, vec![true, false, false]);
    }

    /// `x` is checked, then `!x`: with the first known (proved earlier), the second fails;
    /// the known check is not reported as proved by the probe.
    #[test]
    fn the_probe_assumes_the_known_checks() {
        let vc = vc_of(|t, x| {
            let not_x = t.not(x);
            vec![x, not_x]
        });
        let probed = run(&vc, &|i| i == 0);
        assert_eq!(probed.stop, Stop::Defect);
        assert_eq!(probed.proved, vec![false, false]);
        let vc = vc_of(|t, x| {
            let either = t.or(x, x);
            vec![x, either]
        });
        let probed = run(&vc, &|i| i == 0);
        assert_eq!(probed.stop, Stop::AllProved);
        assert_eq!(probed.proved, vec![false, true]);
    }
}
