//! One counterexample, many refutations: when a Houdini candidate's check fails on the
//! incremental solver, its model is also a counterexample to every later candidate check
//! it breaks, as long as it satisfies everything those checks would be asked under. The
//! checks of one loop's candidates sit together (the entry checks before the loop, the
//! preservation checks at its back edge), so one model often refutes many of them
//! without another query, as GPUVerify's Houdini drops every candidate false in a round's
//! model.
//!
//! The scan walks the events after the failed check. An assumption, a hypothesis of a
//! candidate in play or an assumed (known) check must evaluate to true in the model
//! (model completion may give a later variable any value; a false one ends the scan, which
//! costs only the refutations it did not find). A candidate check the model breaks is
//! refuted: it is reported failed with the model's witness, and its candidate leaves play
//! (later checks do not assume it, so the model need not satisfy it). A candidate check
//! the model satisfies is passed over: asked later, it may be proved and then held, which
//! the model already satisfies.

use z3::ast::Bool;
use z3::Model;

use super::Pass;
use crate::encode::Encoder;
use crate::model::failed_in;
use crate::{candidate_index, Meta, Status};
use vc::{Event, TermId};

/// The most events a scan walks past the failed check.
const SCAN_EVENTS: usize = 4_000;

impl<'ctx, M: Meta> Pass<'_, 'ctx, M> {
    /// After check `check` (at event `event`) failed on the incremental solver: when it
    /// is a tracked candidate's (and the switches are not denied), its candidate leaves
    /// play and the model refutes what else it breaks.
    pub(super) fn foresee_after(&mut self, enc: &mut Encoder<'ctx>, check: usize, event: usize) {
        let Some(i) = candidate_index(self.vc, check) else {
            return;
        };
        let failed = matches!(self.statuses[check], Status::Failed { .. });
        if !failed || self.lits.is_none() || self.switched_on.is_some() {
            return;
        }
        self.out_of_play.insert(i);
        let refuted = self.foresee(enc, event);
        tracing::trace!(check, refuted, "foreseen");
    }

    /// After check `event` (the index of its event) failed on the incremental solver,
    /// refutes the later candidate checks its model breaks. Returns how many.
    fn foresee(&mut self, enc: &mut Encoder<'ctx>, event: usize) -> usize {
        let Some(model) = self.solver.get_model() else {
            return 0;
        };
        let mut refuted = 0;
        let vc = self.vc;
        for e in vc.events.iter().skip(event + 1).take(SCAN_EVENTS) {
            let (cond, check) = match e {
                Event::Assume(t) => {
                    if !holds(&model, enc, vc, *t) {
                        break;
                    }
                    continue;
                }
                Event::Hypothesis { cond, candidate } => {
                    if !self.out_of_play.contains(candidate) && !holds(&model, enc, vc, *cond) {
                        break;
                    }
                    continue;
                }
                Event::Check { cond, check } => (*cond, *check),
            };
            let candidate = candidate_index(vc, check);
            let asked = (self.keep)(check) && self.statuses[check] == super::untried();
            match candidate {
                Some(i) if asked && !self.out_of_play.contains(&i) => {
                    if holds(&model, enc, vc, cond) {
                        continue;
                    }
                    self.statuses[check] = failed_in(vc, check, &model, enc);
                    self.refuted.insert(i);
                    self.out_of_play.insert(i);
                    self.foreseen.insert(check);
                    refuted += 1;
                }
                // Not asked in this pass, or its candidate is out of play: not held.
                _ if !self.is_held(check, candidate) => {}
                _ => {
                    if !holds(&model, enc, vc, cond) {
                        break;
                    }
                }
            }
        }
        refuted
    }

    /// Whether the pass holds check `check` once past it (assumed known, or a check that
    /// is not a candidate's and is asked).
    fn is_held(&self, check: usize, candidate: Option<u32>) -> bool {
        match candidate {
            Some(i) => !self.out_of_play.contains(&i) && self.statuses[check] == Status::Proved,
            None => self.statuses[check] != crate::not_checked(),
        }
    }
}

/// Whether term `t` evaluates to true in `model` (completed where it says nothing).
fn holds<'ctx, M>(model: &Model<'ctx>, enc: &mut Encoder<'ctx>, vc: &vc::Vc<M>, t: TermId) -> bool {
    let b: Bool<'ctx> = enc.bool(&vc.terms, t);
    (model.eval(&b, true).and_then(|v| v.as_bool())) == Some(true)
}
