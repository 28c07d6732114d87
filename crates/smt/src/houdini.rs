//! Houdini: the largest inductive subset of the candidate loop invariants, found by
//! solving the cut VC, dropping every candidate one of whose checks was not proved, and
//! solving again until none is dropped.
//!
//! Each round tracks which candidates each proof assumed (the incremental solver's unsat
//! core over one literal per candidate; a sliced retry's candidates behind its slice): a
//! candidate check proved in one round assuming only candidates the next round keeps is
//! not proved again there. Its proof carries over: the next round's VC is the same but for
//! the dropped candidates' hypotheses and checks, which it did not use.

use std::collections::HashMap;
use std::time::Instant;

use vc::{CheckKind, Node, Sort, Vc};

use crate::{
    candidate_index, solve_knowing, How, Meta, Outcome, SolveOptions, Status, HOUDINI_CHECK_CAP,
    MIN_CHECK_CAP, QUICK_CANDIDATE_CAP, SLICED_CANDIDATE_CAP, WHOLE_VC_CAP,
};

/// The result of [`houdini`]: the last VC (built with the surviving candidates), its
/// statuses, and which candidates survived.
pub struct Houdini<M> {
    pub vc: Vc<M>,
    pub outcome: Outcome,
    pub kept: Vec<bool>,
    pub rounds: u32,
    /// Candidates a model refuted: false whatever else is assumed.
    pub refuted: Vec<bool>,
    /// Some candidate was dropped without a refutation (not decided within its effort).
    pub undecided: bool,
    /// The rounds reached their fixpoint (else the budget ran out first): every kept
    /// candidate's checks were proved assuming the kept candidates.
    pub converged: bool,
    /// Candidate checks whose proof carried over from the round before, over all rounds.
    pub carried: usize,
    /// Candidate checks refuted by another check's counterexample, over all rounds.
    pub foreseen: usize,
}

/// How much effort Houdini gives each candidate's check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateEffort {
    /// Little, on the incremental solver only: most candidates are decided quickly, and
    /// those that are not are rarely the ones a proof needs.
    Quick,
    /// As little on the incremental solver, then the check's slice (the assumptions that
    /// share a constant with it, `retry.rs`), which proves in 0.1-0.3 s many a candidate
    /// the incremental solver, burdened with the whole VC, does not.
    Sliced,
    /// The full cap.
    Full,
}

impl CandidateEffort {
    pub(crate) fn cap(self) -> u64 {
        match self {
            CandidateEffort::Quick => QUICK_CANDIDATE_CAP,
            CandidateEffort::Sliced => SLICED_CANDIDATE_CAP,
            CandidateEffort::Full => HOUDINI_CHECK_CAP,
        }
    }
}

/// Houdini: builds the VC with every candidate still in, solves it, drops each candidate
/// whose entry or preservation check was not proved, and repeats until none is dropped.
/// What is left is inductive (with the others), so the last VC's other statuses hold for
/// every iteration count. Stops early (statuses then say unknown) when the budget is spent.
pub fn houdini<E, M: Meta>(
    count: usize,
    build: impl FnMut(&[bool]) -> Result<Vc<M>, E>,
    opts: &SolveOptions,
) -> Result<Houdini<M>, E> {
    houdini_with(count, build, opts, CandidateEffort::Full, None)
}

/// Where a Houdini run starts, from an earlier run over the same candidates.
pub struct Start {
    /// The candidates to start with (a superset of `inductive`).
    pub kept: Vec<bool>,
    /// Candidates whose checks the earlier run proved in its last round, assuming exactly
    /// these candidates (none when it stopped before its fixpoint). Assuming more
    /// candidates keeps those proofs, so their checks are not run again: they stay.
    pub inductive: Vec<bool>,
}

/// [`houdini`] with `effort` per candidate, starting from `start` (all candidates when
/// `None`). A quick pass's first round gets at most two thirds of `opts`'s effort.
pub fn houdini_with<E, M: Meta>(
    count: usize,
    mut build: impl FnMut(&[bool]) -> Result<Vc<M>, E>,
    opts: &SolveOptions,
    effort: CandidateEffort,
    start: Option<Start>,
) -> Result<Houdini<M>, E> {
    let (start_with, inductive) = match start {
        Some(s) => (Some(s.kept), s.inductive),
        None => (None, vec![false; count]),
    };
    let began = Instant::now();
    let mut used = 0;
    let left = |used: u64| SolveOptions {
        timeout: opts.timeout.saturating_sub(began.elapsed()),
        effort: opts.effort.saturating_sub(used),
        ..opts.clone()
    };
    let mut kept = start_with.unwrap_or_else(|| vec![true; count]);
    // The proofs of the round before: each candidate check's key, with the candidates it
    // assumed; and the memory model they were made in.
    let mut proofs: HashMap<Key, Vec<u32>> = HashMap::new();
    let mut model_before = Vec::new();
    let mut carried_total = 0;
    let mut foreseen_total = 0;
    let mut refuted = vec![false; count];
    let mut undecided = false;
    let mut rounds = 0;
    let mut last_round = 0;
    let (vc, outcome, converged) = loop {
        rounds += 1;
        let vc = build(&kept)?;
        let keys = keys(&vc);
        // A different memory model (cell sizes follow the invariants' accesses) is a
        // different VC: nothing carries over.
        let model = memory_model(&vc);
        if model != model_before {
            proofs.clear();
            model_before = model;
        }
        let carried: Vec<bool> = (keys.iter())
            .map(|k| {
                k.and_then(|k| proofs.get(&k)).is_some_and(|assumed| {
                    (assumed.iter()).all(|&i| kept.get(i as usize).copied().unwrap_or(false))
                })
            })
            .collect();
        let candidate = |i: usize| candidate_index(&vc, i).is_some();
        let proved_before =
            |i: usize| candidate_index(&vc, i).is_some_and(|c| inductive[c as usize]) || carried[i];
        let to_check = |i: usize| candidate(i) && !proved_before(i);
        // Rounds decide the candidates only; the other checks wait for the fixpoint. The
        // first round usually refutes many candidates, so the one-query fast path (which
        // only pays off when everything holds) starts with the second, and gets no more
        // effort than the round before took: checking the candidates one by one again
        // costs about that (a loop's whole VC can take far longer undecided).
        let fast = (rounds > 1).then(|| last_round.clamp(MIN_CHECK_CAP, WHOLE_VC_CAP));
        let how = How {
            effort,
            track: true,
            ..How::fast(fast)
        };
        let outcome = solve_knowing(
            &vc,
            &round_budget(left(used), rounds, effort, opts),
            &to_check,
            &proved_before,
            how,
        );
        used += outcome.used;
        last_round = outcome.used;
        let carried_over = carried.iter().filter(|c| **c).count();
        carried_total += carried_over;
        foreseen_total += outcome.foreseen;
        remember(&mut proofs, &keys, &outcome, &carried);
        // A candidate is dropped when one of its checks was not proved: refuted when one
        // failed with every candidate not refuted before in play, else undecided.
        let mut unproved = vec![false; count];
        for (c, status) in outcome.statuses.iter().enumerate() {
            if let Some(i) = candidate_index(&vc, c) {
                unproved[i as usize] |= *status != Status::Proved;
            }
        }
        let sure = surely_refuted(&vc, &outcome, undecided, count);
        let mut dropped = false;
        for i in 0..count {
            if unproved[i] && kept[i] {
                kept[i] = false;
                dropped = true;
                if sure[i] {
                    refuted[i] = true;
                } else {
                    undecided = true;
                }
                tracing::trace!(rounds, candidate = i, refuted = sure[i], "dropped");
            }
        }
        tracing::debug!(
            rounds,
            kept = kept.iter().filter(|k| **k).count(),
            carried_over,
            foreseen = outcome.foreseen,
            used = outcome.used,
            took = ?outcome.elapsed,
            "houdini round"
        );
        if !dropped {
            // Every kept candidate holds on entry and is preserved (this round proved
            // them): now the real checks, with the candidates' checks assumed.
            // The one query over every check gets no more effort than Houdini's rounds
            // took when there were several (they show what this VC costs; on a cut loop
            // the query rarely answers when they were slow, and the checks one by one
            // then need the budget); after a single round, the usual cap, unless the run
            // resumed an earlier one: that one's final solve ran this query on almost the
            // same VC and did not prove everything.
            let resumed = inductive.iter().any(|i| *i);
            let fast = if rounds > 1 || resumed {
                used.clamp(MIN_CHECK_CAP, WHOLE_VC_CAP)
            } else {
                WHOLE_VC_CAP
            };
            let how = How {
                effort,
                ..How::fast(Some(fast))
            };
            let mut outcome = solve_knowing(&vc, &left(used), &|_| true, &candidate, how);
            // The effort and the time of every round, not the last one's alone.
            outcome.used += used;
            outcome.elapsed = began.elapsed();
            break (vc, outcome, true);
        }
        let rest = left(used);
        if rest.timeout.is_zero() || rest.effort == 0 {
            // This round assumed candidates that turned out false: nothing it proved
            // counts.
            let unknown = Status::Unknown {
                reason: "time limit reached while inferring loop invariants".into(),
            };
            let outcome = Outcome::new(vec![unknown; vc.checks.len()], began.elapsed(), used);
            break (vc, outcome, false);
        }
    };
    Ok(Houdini {
        vc,
        outcome,
        kept,
        rounds,
        refuted,
        undecided,
        converged,
        carried: carried_total,
        foreseen: foreseen_total,
    })
}

/// The budget of round `round`: what is left, but in a quick pass the first round gets at
/// most two thirds of the pass's effort. The rounds after it are cheaper (proofs carry
/// over), and a round cut short drops every candidate it did not reach: PolyBench syr2k's
/// first round took 14 s of a 15 s share, its second then ran out.
fn round_budget(
    left: SolveOptions,
    round: u32,
    effort: CandidateEffort,
    pass: &SolveOptions,
) -> SolveOptions {
    match (round, effort) {
        (1, CandidateEffort::Quick) => SolveOptions {
            effort: left.effort.min(pass.effort / 3 * 2),
            ..left
        },
        _ => left,
    }
}

/// Which candidates this round refuted whatever else is kept: those with a check that
/// failed while every candidate not refuted so far was in play. A failure after some
/// candidate left play undecided (earlier in this round, or in an earlier round:
/// `undecided_before`) may be owed to that candidate's absence; such a candidate is only
/// dropped, and Houdini's full pass tries it again.
fn surely_refuted<M>(
    vc: &Vc<M>,
    outcome: &Outcome,
    undecided_before: bool,
    count: usize,
) -> Vec<bool> {
    let mut sure = vec![false; count];
    let mut soft = undecided_before;
    for event in &vc.events {
        let vc::Event::Check { check, .. } = event else {
            continue;
        };
        let Some(i) = candidate_index(vc, *check).map(|i| i as usize) else {
            continue;
        };
        match &outcome.statuses[*check] {
            Status::Failed { .. } if !soft => sure[i] = true,
            // Not a candidate whose other check already failed (it is not checked again).
            Status::Unknown { .. } if !sure[i] => soft = true,
            _ => {}
        }
    }
    sure
}

/// A candidate check across rounds: the candidate, entry or preservation, and which of
/// the candidate's checks of that kind it is (k-induction makes several).
type Key = (u32, bool, u32);

/// Each check's [`Key`] (`None`: not a candidate's).
fn keys<M>(vc: &Vc<M>) -> Vec<Option<Key>> {
    let mut seen: HashMap<(u32, bool), u32> = HashMap::new();
    (vc.checks.iter())
        .map(|c| match c.kind {
            CheckKind::Candidate { index, at_entry } => {
                let n = seen.entry((index, at_entry)).or_default();
                *n += 1;
                Some((index, at_entry, *n - 1))
            }
            _ => None,
        })
        .collect()
}

/// The VC's memory arrays and their sorts.
fn memory_model<M>(vc: &Vc<M>) -> Vec<(String, Sort)> {
    (0..vc.terms.len())
        .filter_map(|i| match vc.terms.node(vc::TermId(i as u32)) {
            Node::Sym {
                name,
                sort: sort @ Sort::Mem(_),
            } => Some((name.clone(), *sort)),
            _ => None,
        })
        .collect()
}

/// Keeps the proofs of this round's candidate checks (`carried` ones keep what they
/// assumed before) and forgets the rest.
fn remember(
    proofs: &mut HashMap<Key, Vec<u32>>,
    keys: &[Option<Key>],
    outcome: &Outcome,
    carried: &[bool],
) {
    let mut next = HashMap::new();
    for (c, key) in keys.iter().enumerate() {
        let Some(key) = key else { continue };
        if carried[c] {
            if let Some(assumed) = proofs.get(key) {
                next.insert(*key, assumed.clone());
            }
        } else if outcome.statuses[c] == Status::Proved {
            if let Some(Some(assumed)) = outcome.proofs.get(c) {
                next.insert(*key, assumed.clone());
            }
        }
    }
    *proofs = next;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use vc::{Check, Coverage, Event, Terms};

    /// A VC of one check per candidate, in this order, and the given statuses.
    fn checked(candidates: &[u32], statuses: Vec<Status>) -> (Vc<()>, Outcome) {
        let mut terms = Terms::default();
        let cond = terms.sym("p".into(), Sort::Bool);
        let vc = Vc {
            events: (0..candidates.len())
                .map(|check| Event::Check { cond, check })
                .collect(),
            checks: (candidates.iter())
                .map(|&index| Check {
                    kind: CheckKind::Candidate {
                        index,
                        at_entry: true,
                    },
                    label: "c".into(),
                    witness: Vec::new(),
                    meta: (),
                })
                .collect(),
            inputs: Vec::new(),
            coverage: Coverage::Complete,
            switches: Vec::new(),
            terms,
        };
        (vc, Outcome::new(statuses, Duration::ZERO, 0))
    }

    fn failed() -> Status {
        Status::Failed {
            witness: Vec::new(),
            inputs: Vec::new(),
        }
    }

    fn unknown() -> Status {
        Status::Unknown {
            reason: "time limit reached".into(),
        }
    }

    #[test]
    fn a_failure_after_an_undecided_candidate_refutes_nothing_for_sure() {
        // Candidate 0 fails, 1 is undecided, 2 fails without 1 in play, 0's second check
        // is not run (it already failed).
        let (vc, outcome) = checked(
            &[0, 1, 2, 0],
            vec![failed(), unknown(), failed(), unknown()],
        );
        assert_eq!(
            surely_refuted(&vc, &outcome, false, 3),
            [true, false, false]
        );
        // After a round that dropped a candidate undecided, no failure is sure.
        assert_eq!(
            surely_refuted(&vc, &outcome, true, 3),
            [false, false, false]
        );
        // A proved check leaves the rest sure.
        let (vc, outcome) = checked(&[0, 1], vec![Status::Proved, failed()]);
        assert_eq!(surely_refuted(&vc, &outcome, false, 2), [false, true]);
    }

    #[test]
    fn the_quick_pass_first_round_gets_two_thirds_of_its_effort() {
        let pass = SolveOptions::for_time(Duration::from_secs(3));
        let first = round_budget(pass.clone(), 1, CandidateEffort::Quick, &pass);
        assert_eq!(first.effort, pass.effort / 3 * 2);
        let second = round_budget(pass.clone(), 2, CandidateEffort::Quick, &pass);
        assert_eq!(second.effort, pass.effort);
        let full = round_budget(pass.clone(), 1, CandidateEffort::Full, &pass);
        assert_eq!(full.effort, pass.effort);
    }
}
