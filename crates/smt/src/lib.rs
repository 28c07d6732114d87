//! The only crate that names Z3. [`solve`] runs the checks of a [`vcgen::Vc`] in order on
//! one incremental solver (each check under the assumptions before it, and assumed to
//! hold after it), within a time budget, and returns each check's status with the model
//! values a report needs. Every solver first asserts the `--boogie-file` axioms of
//! [`SolveOptions::axioms`] (see [`check_axioms`]).

mod background;
mod encode;
mod fresh;
mod houdini;
mod slice;

pub use background::{check_axioms, kernel_functions};
pub use houdini::{houdini, houdini_with, CandidateEffort, Houdini, Start};

use std::collections::HashSet;
use std::time::{Duration, Instant};

use fresh::{new_solver, one_shot};
use vcgen::{Event, Sort, Vc};
use z3::{Config, Context, Params, SatResult, Solver};

#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Wall-clock budget for all checks of the call: a backstop against a slow machine.
    pub timeout: Duration,
    /// Solver effort for all checks of the call, in Z3 resource units (see [`units`]).
    /// Every cap derives from it, never from the clock, so that the verdict on a kernel is
    /// the same on a fast and on a slow (or loaded) machine unless `timeout` runs out.
    pub effort: u64,
    /// Axioms about the kernel's uninterpreted functions (`--boogie-file`), assumed by
    /// every query: an inconsistent set makes every check pass.
    pub axioms: axioms::Axioms,
}

impl SolveOptions {
    /// The budget for `time`: that long on the clock and that many seconds' worth of effort.
    pub fn for_time(time: Duration) -> SolveOptions {
        SolveOptions {
            timeout: time,
            effort: units(time),
            axioms: axioms::Axioms::default(),
        }
    }
}

/// Z3 resource units per second of solving, measured on the project's 2-core reference
/// machine on the GPUVerify suite's hardest kernels (3.0-3.5 million). Budgets are given
/// in seconds and turned into units with this rate.
pub const UNITS_PER_SECOND: u64 = 3_000_000;

/// The effort that `time` of solving buys on the reference machine.
pub fn units(time: Duration) -> u64 {
    (time.as_secs_f64() * UNITS_PER_SECOND as f64) as u64
}

/// During Houdini, a candidate that cannot be decided with this effort is dropped (always
/// sound).
const HOUDINI_CHECK_CAP: u64 = 5 * UNITS_PER_SECOND;

/// The effort per candidate of Houdini's first pass.
const QUICK_CANDIDATE_CAP: u64 = UNITS_PER_SECOND;

/// The single query asking whether any check can fail gets at most this effort (and half
/// the budget, which is the same at the default 60 s): when it does not answer, the checks
/// one by one on an incremental solver often do, faster (a memory invariant's whole VC ran
/// 60 s where its checks took under 1 s); but some kernels need 28 s here
/// (`async_work_group_copy` into `float4` tiles) and far longer one by one.
const WHOLE_VC_CAP: u64 = 30 * UNITS_PER_SECOND;

/// Each check gets at least this effort (unless the budget has less left)...
const MIN_CHECK_CAP: u64 = 2 * UNITS_PER_SECOND;

/// Once a defect is known (the verdict cannot be "verified" any more), the remaining checks
/// only add reports: each gets at most this effort...
const AFTER_DEFECT_CAP: u64 = UNITS_PER_SECOND;

/// ...and all of them together this much.
const AFTER_DEFECT_BUDGET: u64 = 5 * UNITS_PER_SECOND;

/// The value of a named term in a counterexample.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Value {
    pub name: String,
    pub value: u64,
    /// Width in bits (1 for Booleans).
    pub bits: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Status {
    /// No execution violates the check.
    Proved,
    /// A counterexample: the witness values of the check, then the inputs.
    Failed {
        witness: Vec<Value>,
        inputs: Vec<Value>,
    },
    /// The solver gave up (time limit, resource limit): nothing is known.
    Unknown { reason: String },
}

/// One status per check of the VC (indexed like `vc.checks`).
#[derive(Clone, Debug)]
pub struct Outcome {
    pub statuses: Vec<Status>,
    pub elapsed: Duration,
    /// Solver effort spent, in resource units.
    pub used: u64,
}

pub fn solve(vc: &Vc, opts: &SolveOptions) -> Outcome {
    solve_where(vc, opts, &|_| true)
}

/// [`solve`] for the checks `keep` selects; the others are neither checked nor assumed
/// (their status says "not checked").
pub fn solve_where(
    vc: &Vc,
    opts: &SolveOptions,
    keep: &dyn Fn(&vcgen::CheckInfo) -> bool,
) -> Outcome {
    solve_with(vc, opts, keep, Some(WHOLE_VC_CAP))
}

/// [`solve_where`] without the one-query fast path: for checks that are expected to fail
/// (the query over all of them then only costs time).
pub fn solve_each(
    vc: &Vc,
    opts: &SolveOptions,
    keep: &dyn Fn(&vcgen::CheckInfo) -> bool,
) -> Outcome {
    solve_with(vc, opts, keep, None)
}

/// [`solve_where`], with the one-query fast path (within at most that effort) only when
/// `fast` gives an effort.
fn solve_with(
    vc: &Vc,
    opts: &SolveOptions,
    keep: &dyn Fn(&vcgen::CheckInfo) -> bool,
    fast: Option<u64>,
) -> Outcome {
    let keep = |i: usize| keep(&vc.checks[i]);
    solve_knowing(vc, opts, &keep, &|_| false, fast, CandidateEffort::Full)
}

/// [`solve_with`] for the checks (by index) `keep` selects, where those `known` selects
/// were proved already (by an earlier solve of the same VC): they are assumed, not checked
/// again, and reported proved.
fn solve_knowing(
    vc: &Vc,
    opts: &SolveOptions,
    keep: &dyn Fn(usize) -> bool,
    known: &dyn Fn(usize) -> bool,
    fast: Option<u64>,
    effort: CandidateEffort,
) -> Outcome {
    let keep = &|i: usize| keep(i) && !known(i);
    let start = Instant::now();
    let cfg = Config::new();
    let ctx = Context::new(&cfg);
    let mut enc = encode::Encoder::new(&ctx);
    if vc.checks.is_empty() {
        return Outcome {
            statuses: Vec::new(),
            elapsed: start.elapsed(),
            used: 0,
        };
    }
    if let Err(reason) = assume_axioms(vc, &opts.axioms, &mut enc) {
        // Nothing can be claimed without the axioms the user asked for.
        return Outcome {
            statuses: vec![Status::Unknown { reason }; vc.checks.len()],
            elapsed: start.elapsed(),
            used: 0,
        };
    }
    // Fast path: one query asking whether any check can fail (after every assumption and
    // check before it). Unsatisfiable means every check is proved.
    let mut used = 0;
    if let Some(fast_cap) = fast {
        let half = SolveOptions {
            timeout: opts.timeout / 2,
            effort: (opts.effort / 2).min(fast_cap),
            axioms: opts.axioms.clone(),
        };
        let (proved, spent) = all_proved(vc, &ctx, &mut enc, &half, keep, known);
        used = spent;
        if proved {
            let statuses = (0..vc.checks.len())
                .map(|c| {
                    if keep(c) || known(c) {
                        Status::Proved
                    } else {
                        not_checked()
                    }
                })
                .collect();
            return Outcome {
                statuses,
                elapsed: start.elapsed(),
                used,
            };
        }
    }
    let rest = SolveOptions {
        timeout: opts.timeout.saturating_sub(start.elapsed()),
        effort: opts.effort.saturating_sub(used),
        axioms: opts.axioms.clone(),
    };
    // One check may take an eighth of the budget, or a larger share when there are fewer.
    let checks = (0..vc.checks.len()).filter(|&i| keep(i)).count() as u64;
    let cap = (rest.effort / checks.clamp(1, 8)).max(MIN_CHECK_CAP);
    let caps = Caps {
        check: cap,
        candidate: effort,
    };
    let (statuses, spent) = one_by_one(vc, &ctx, &mut enc, &rest, caps, keep, known);
    Outcome {
        statuses,
        elapsed: start.elapsed(),
        used: used + spent,
    }
}

/// A second solve of `vc` after `earlier` (a solve of the same VC that decided no check
/// failed): the checks it left undecided are tried again within `opts`, assuming those it
/// proved; its other statuses are kept. The effort and time are this solve's.
pub fn resolve(vc: &Vc, opts: &SolveOptions, earlier: &Outcome) -> Outcome {
    let undecided = |i: usize| {
        matches!(&earlier.statuses[i], Status::Unknown { .. })
            && earlier.statuses[i] != not_checked()
    };
    let proved = |i: usize| earlier.statuses[i] == Status::Proved;
    let mut outcome = solve_knowing(vc, opts, &undecided, &proved, None, CandidateEffort::Full);
    for (i, status) in outcome.statuses.iter_mut().enumerate() {
        if !undecided(i) && !proved(i) {
            *status = earlier.statuses[i].clone();
        }
    }
    outcome
}

/// Checks and encodes the axioms; the encoder then gives them to every solver.
fn assume_axioms(
    vc: &Vc,
    axioms: &axioms::Axioms,
    enc: &mut encode::Encoder<'_>,
) -> Result<(), String> {
    if axioms.is_empty() {
        return Ok(());
    }
    let resolved = check_axioms(vc, axioms).map_err(|e| e.to_string())?;
    let encoded = background::encode(enc, &resolved)
        .ok_or_else(|| "internal error: an axiom of the --boogie-file is ill-sorted".to_string())?;
    enc.set_background(encoded);
    Ok(())
}

/// The status of a Houdini candidate's check not run because another check of the same
/// candidate failed.
const REFUTED_ELSEWHERE: &str = "not checked: the candidate failed another check";

/// The Houdini candidate whose entry or preservation check `check` is.
fn candidate_index(vc: &Vc, check: usize) -> Option<u32> {
    match vc.checks[check].origin {
        kir::AssertOrigin::Invariant { index, .. } => Some(index),
        _ => None,
    }
}

fn not_checked() -> Status {
    Status::Unknown {
        reason: "not checked".into(),
    }
}

/// The most effort one check may take.
#[derive(Clone, Copy)]
struct Caps {
    check: u64,
    /// For a Houdini candidate's entry or preservation check.
    candidate: CandidateEffort,
}

/// Limits the next check to `effort` resource units and `time` on the clock.
fn with_limits(ctx: &Context, solver: &Solver, effort: u64, time: Duration) {
    let mut params = Params::new(ctx);
    params.set_u32("rlimit", effort.clamp(1, u32::MAX as u64) as u32);
    params.set_u32(
        "timeout",
        time.as_millis().clamp(1, u32::MAX as u128) as u32,
    );
    solver.set_params(&params);
}

/// The resource units the solver has used so far.
fn spent(solver: &Solver) -> u64 {
    match solver.get_statistics().value("rlimit count") {
        Some(z3::StatisticsValue::UInt(n)) => n as u64,
        Some(z3::StatisticsValue::Double(d)) => d as u64,
        None => 0,
    }
}

/// Whether no check of the VC can fail, decided by one query within `budget`; and the
/// effort spent.
fn all_proved<'ctx>(
    vc: &Vc,
    ctx: &'ctx Context,
    enc: &mut encode::Encoder<'ctx>,
    budget: &SolveOptions,
    keep: &dyn Fn(usize) -> bool,
    known: &dyn Fn(usize) -> bool,
) -> (bool, u64) {
    let solver = new_solver(ctx, enc);
    let mut path = z3::ast::Bool::from_bool(ctx, true);
    let mut failures = Vec::new();
    for event in &vc.events {
        match event {
            Event::Assume(t) => {
                let b = enc.bool(&vc.terms, *t);
                path = z3::ast::Bool::and(ctx, &[&path, &b]);
            }
            Event::Check { cond, check } => {
                if known(*check) {
                    let b = enc.bool(&vc.terms, *cond);
                    path = z3::ast::Bool::and(ctx, &[&path, &b]);
                    continue;
                }
                if !keep(*check) {
                    continue;
                }
                let b = enc.bool(&vc.terms, *cond);
                failures.push(z3::ast::Bool::and(ctx, &[&path, &b.not()]));
                path = z3::ast::Bool::and(ctx, &[&path, &b]);
            }
        }
    }
    let refs: Vec<&z3::ast::Bool> = failures.iter().collect();
    solver.assert(&z3::ast::Bool::or(ctx, &refs));
    with_limits(ctx, &solver, budget.effort, budget.timeout);
    let result = solver.check();
    let used = spent(&solver);
    tracing::debug!(?result, used, why = ?solver.get_reason_unknown(), "whole-VC query");
    (result == SatResult::Unsat, used)
}

/// Each check in order on one incremental solver, each under the assumptions and checks
/// before it, each within `cap` effort; stops touching the solver once the budget is
/// spent. Returns the statuses and the effort spent.
fn one_by_one<'ctx>(
    vc: &Vc,
    ctx: &'ctx Context,
    enc: &mut encode::Encoder<'ctx>,
    budget: &SolveOptions,
    caps: Caps,
    keep: &dyn Fn(usize) -> bool,
    known: &dyn Fn(usize) -> bool,
) -> (Vec<Status>, u64) {
    let cap = caps.check;
    let start = Instant::now();
    let solver = new_solver(ctx, enc);
    let untried = Status::Unknown {
        reason: "time limit reached".into(),
    };
    let mut statuses: Vec<Status> = (0..vc.checks.len())
        .map(|c| {
            if known(c) {
                Status::Proved
            } else if keep(c) {
                untried.clone()
            } else {
                not_checked()
            }
        })
        .collect();
    // The effort count when the first defect was found.
    let mut defect: Option<u64> = None;
    // The count is the context's: it includes the fast path's query. A solver's statistics
    // read it at that solver's last check, so `seen` keeps the highest count read.
    let base = spent(&solver);
    let mut seen = base;
    // Everything asserted outside a push, for a one-shot retry.
    let mut held = Vec::new();
    // The same, as terms: a check the solver gave up on is tried under its slice.
    let mut slicer = slice::Slicer::default();
    // Houdini candidates a check of this solve refuted: their other checks (entry or
    // preservation) cannot save them, so they are not run.
    let mut refuted: HashSet<u32> = HashSet::new();
    for event in &vc.events {
        match event {
            Event::Assume(t) => {
                let b = enc.bool(&vc.terms, *t);
                solver.assert(&b);
                held.push(b);
                slicer.hold(*t);
            }
            Event::Check { cond, check } => {
                if known(*check) {
                    let b = enc.bool(&vc.terms, *cond);
                    solver.assert(&b);
                    held.push(b);
                    slicer.hold(*cond);
                    continue;
                }
                if !keep(*check) {
                    continue;
                }
                if candidate_index(vc, *check).is_some_and(|i| refuted.contains(&i)) {
                    statuses[*check] = Status::Unknown {
                        reason: REFUTED_ELSEWHERE.into(),
                    };
                    continue;
                }
                // The budget, read only where a check would spend it.
                let time = budget.timeout.saturating_sub(start.elapsed());
                seen = seen.max(spent(&solver));
                let used = seen - base;
                let mut effort = budget.effort.saturating_sub(used);
                if let Some(at) = defect {
                    let rest = AFTER_DEFECT_BUDGET.saturating_sub(used - at);
                    if rest == 0 {
                        // What is still "time limit reached" was never tried.
                        for status in &mut statuses {
                            if *status == untried {
                                *status = Status::Unknown {
                                    reason: "not tried after a defect was found".into(),
                                };
                            }
                        }
                        break;
                    }
                    effort = effort.min(rest);
                }
                if time.is_zero() || effort == 0 {
                    break;
                }
                let b = enc.bool(&vc.terms, *cond);
                let candidate = matches!(
                    vc.checks[*check].origin,
                    kir::AssertOrigin::Invariant { .. }
                );
                // One hard check may not starve the rest of the budget.
                let cap = if candidate {
                    cap.min(caps.candidate.cap())
                } else if defect.is_some() {
                    cap.min(AFTER_DEFECT_CAP)
                } else {
                    cap
                };
                solver.push();
                // Z3 counts some of its work (e.g. in bit-blasted queries) far below the
                // usual rate, so the clock also caps a check, at twice the time its effort
                // stands for: the effort cap decides almost always, the same everywhere.
                let limit = effort.min(cap);
                let clock = Duration::from_secs_f64(2.0 * limit as f64 / UNITS_PER_SECOND as f64);
                with_limits(ctx, &solver, limit, time.min(clock));
                let negated = b.not();
                solver.assert(&negated);
                let began = Instant::now();
                let mut result = solver.check();
                // The effort limit (not the clock) stopped the check.
                let effort_ran_out = began.elapsed() < time.min(clock);
                tracing::trace!(check, took = ?began.elapsed(), ?result, "incremental");
                let mut answered = None;
                // A retry gets half the check's effort, within what is left.
                let retry = |seen: u64| {
                    let left = budget.effort.saturating_sub(seen - base);
                    let time = budget.timeout.saturating_sub(start.elapsed());
                    let limit = (limit / 2).min(left);
                    (limit > 0 && !time.is_zero()).then_some((limit, time.min(clock / 2)))
                };
                if result == SatResult::Unknown && defect.is_none() {
                    // First under the assumptions the check depends on alone: if they
                    // prove it, all of them do (a model of a slice proves nothing).
                    seen = seen.max(spent(&solver));
                    if let Some((limit, time)) = retry(seen) {
                        let part = slicer.slice(&vc.terms, *cond);
                        let sliced: Vec<_> = part.iter().map(|&i| held[i].clone()).collect();
                        let fresh = one_shot(ctx, enc, &sliced, &negated, false);
                        with_limits(ctx, &fresh, limit, time);
                        let t0 = Instant::now();
                        let r = fresh.check();
                        seen = seen.max(spent(&fresh));
                        tracing::debug!(check, kept = part.len(), of = held.len(), ?r, took = ?t0.elapsed(), "sliced retry");
                        if r == SatResult::Unsat {
                            result = r;
                            answered = Some(fresh);
                        }
                    }
                }
                // Little effort per candidate means none for retrying with all assumptions
                // (a fresh solver takes seconds just to take in a large VC).
                let quick = candidate && caps.candidate == CandidateEffort::Quick;
                if result == SatResult::Unknown && defect.is_none() && effort_ran_out && !quick {
                    // Z3's incremental core often gives up where a fresh solver does not.
                    for simplify in [true, false] {
                        seen = seen.max(spent(&solver));
                        let Some((limit, time)) = retry(seen) else {
                            break;
                        };
                        let fresh = one_shot(ctx, enc, &held, &negated, simplify);
                        with_limits(ctx, &fresh, limit, time);
                        result = fresh.check();
                        seen = seen.max(spent(&fresh));
                        tracing::debug!(check, simplify, ?result, why = ?fresh.get_reason_unknown(), "one-shot retry");
                        answered = Some(fresh);
                        if result != SatResult::Unknown {
                            break;
                        }
                    }
                }
                let last = answered.as_ref().unwrap_or(&solver);
                statuses[*check] = match result {
                    SatResult::Unsat => Status::Proved,
                    SatResult::Sat => failed(vc, *check, last, enc),
                    SatResult::Unknown => Status::Unknown {
                        reason: unknown_reason(last, began.elapsed() >= time),
                    },
                };
                solver.pop(1);
                seen = seen.max(spent(&solver));
                let info = &vc.checks[*check];
                tracing::debug!(check, origin = ?info.origin, loc = ?info.loc, elapsed = ?start.elapsed(), used = seen - base, status = ?statuses[*check], "check");
                if let (Some(i), Status::Failed { .. }) =
                    (candidate_index(vc, *check), &statuses[*check])
                {
                    refuted.insert(i);
                }
                let refuted = statuses[*check] != Status::Proved;
                if defect.is_none()
                    && !candidate
                    && matches!(statuses[*check], Status::Failed { .. })
                {
                    defect = Some(seen - base);
                }
                // A Houdini candidate that failed is dropped: later checks must not
                // assume it, or each round could refute only the first of a chain.
                if !(candidate && refuted) {
                    solver.assert(&b);
                    held.push(b);
                    slicer.hold(*cond);
                }
            }
        }
    }
    let used = seen.max(spent(&solver)) - base;
    (statuses, used)
}

/// Why the solver gave up, in the user's terms: Z3 says "canceled" both when the clock and
/// when the effort limit stopped it.
fn unknown_reason(solver: &Solver, clock_ran_out: bool) -> String {
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

fn failed<'ctx>(
    vc: &Vc,
    check: usize,
    solver: &Solver<'ctx>,
    enc: &mut encode::Encoder<'ctx>,
) -> Status {
    let Some(model) = solver.get_model() else {
        return Status::Unknown {
            reason: "the solver found a counterexample but gave no model".into(),
        };
    };
    let mut eval = |name: &str, t: vcgen::TermId| -> Option<Value> {
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
    Status::Failed { witness, inputs }
}
