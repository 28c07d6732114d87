//! The only crate that names Z3. [`solve`] runs the checks of a [`vcgen::Vc`] in order on
//! one incremental solver (each check under the assumptions before it, and assumed to
//! hold after it), within a time budget, and returns each check's status with the model
//! values a report needs.

mod encode;

use std::time::{Duration, Instant};

use vcgen::{Event, Sort, Vc};
use z3::{Config, Context, Params, SatResult, Solver};

#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Time budget for all checks of one kernel.
    pub timeout: Duration,
}

/// During Houdini, a candidate that cannot be decided quickly is dropped (always sound).
const HOUDINI_CHECK_CAP: Duration = Duration::from_secs(5);

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
    solve_with(vc, opts, keep, true)
}

/// [`solve_where`], with the one-query fast path only when `fast` is set.
fn solve_with(
    vc: &Vc,
    opts: &SolveOptions,
    keep: &dyn Fn(&vcgen::CheckInfo) -> bool,
    fast: bool,
) -> Outcome {
    let start = Instant::now();
    let cfg = Config::new();
    let ctx = Context::new(&cfg);
    let mut enc = encode::Encoder::new(&ctx);
    if vc.checks.is_empty() {
        return Outcome {
            statuses: Vec::new(),
            elapsed: start.elapsed(),
        };
    }
    // Fast path: one query asking whether any check can fail (after every assumption and
    // check before it). Unsatisfiable means every check is proved.
    if fast && all_proved(vc, &ctx, &mut enc, opts.timeout / 2, keep) {
        let statuses = vc
            .checks
            .iter()
            .map(|c| {
                if keep(c) {
                    Status::Proved
                } else {
                    not_checked()
                }
            })
            .collect();
        return Outcome {
            statuses,
            elapsed: start.elapsed(),
        };
    }
    let left = opts.timeout.saturating_sub(start.elapsed());
    let cap = (left / 8).max(Duration::from_secs(2));
    let statuses = one_by_one(vc, &ctx, &mut enc, left, cap, keep);
    Outcome {
        statuses,
        elapsed: start.elapsed(),
    }
}

fn not_checked() -> Status {
    Status::Unknown {
        reason: "not checked".into(),
    }
}

fn with_timeout(ctx: &Context, solver: &Solver, left: Duration) {
    let mut params = Params::new(ctx);
    params.set_u32(
        "timeout",
        left.as_millis().clamp(1, u32::MAX as u128) as u32,
    );
    solver.set_params(&params);
}

/// Whether no check of the VC can fail, decided by one query within `budget`.
fn all_proved<'ctx>(
    vc: &Vc,
    ctx: &'ctx Context,
    enc: &mut encode::Encoder<'ctx>,
    budget: Duration,
    keep: &dyn Fn(&vcgen::CheckInfo) -> bool,
) -> bool {
    let solver = Solver::new(ctx);
    let mut path = z3::ast::Bool::from_bool(ctx, true);
    let mut failures = Vec::new();
    for event in &vc.events {
        match event {
            Event::Assume(t) => {
                let b = enc.bool(&vc.terms, *t);
                path = z3::ast::Bool::and(ctx, &[&path, &b]);
            }
            Event::Check { cond, check } => {
                if !keep(&vc.checks[*check]) {
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
    with_timeout(ctx, &solver, budget);
    let result = solver.check();
    tracing::debug!(?result, "whole-VC query");
    result == SatResult::Unsat
}

/// Each check in order on one incremental solver, each under the assumptions and checks
/// before it; stops touching the solver once the budget is spent.
fn one_by_one<'ctx>(
    vc: &Vc,
    ctx: &'ctx Context,
    enc: &mut encode::Encoder<'ctx>,
    budget: Duration,
    cap: Duration,
    keep: &dyn Fn(&vcgen::CheckInfo) -> bool,
) -> Vec<Status> {
    let start = Instant::now();
    let solver = Solver::new(ctx);
    let mut statuses: Vec<Status> = vc
        .checks
        .iter()
        .map(|c| {
            if keep(c) {
                Status::Unknown {
                    reason: "time limit reached".into(),
                }
            } else {
                not_checked()
            }
        })
        .collect();
    for event in &vc.events {
        let left = budget.saturating_sub(start.elapsed());
        if left.is_zero() {
            break;
        }
        match event {
            Event::Assume(t) => {
                let b = enc.bool(&vc.terms, *t);
                solver.assert(&b);
            }
            Event::Check { cond, check } => {
                if !keep(&vc.checks[*check]) {
                    continue;
                }
                let b = enc.bool(&vc.terms, *cond);
                // One hard check may not starve the rest of the budget.
                let cap = match vc.checks[*check].origin {
                    kir::AssertOrigin::Invariant { .. } => cap.min(HOUDINI_CHECK_CAP),
                    _ => cap,
                };
                with_timeout(ctx, &solver, left.min(cap));
                solver.push();
                solver.assert(&b.not());
                statuses[*check] = match solver.check() {
                    SatResult::Unsat => Status::Proved,
                    SatResult::Sat => failed(vc, *check, &solver, enc),
                    SatResult::Unknown => Status::Unknown {
                        reason: solver
                            .get_reason_unknown()
                            .unwrap_or_else(|| "unknown".into()),
                    },
                };
                solver.pop(1);
                tracing::debug!(check, elapsed = ?start.elapsed(), status = ?statuses[*check], "check");
                // A Houdini candidate that failed is dropped: later checks must not
                // assume it, or each round could refute only the first of a chain.
                let dropped = matches!(
                    vc.checks[*check].origin,
                    kir::AssertOrigin::Invariant { .. }
                ) && statuses[*check] != Status::Proved;
                if !dropped {
                    solver.assert(&b);
                }
            }
        }
    }
    statuses
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
            Sort::Mem => return None,
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

/// The result of [`houdini`]: the last VC (built with the surviving candidates), its
/// statuses, and which candidates survived.
pub struct Houdini {
    pub vc: Vc,
    pub outcome: Outcome,
    pub kept: Vec<bool>,
    pub rounds: u32,
}

/// Houdini: builds the VC with every candidate still in, solves it, drops each candidate
/// whose entry or preservation check was not proved, and repeats until none is dropped.
/// What is left is inductive (with the others), so the last VC's other statuses hold for
/// every iteration count. Stops early (statuses then say unknown) when the budget is spent.
pub fn houdini<E>(
    count: usize,
    mut build: impl FnMut(&[bool]) -> Result<Vc, E>,
    opts: &SolveOptions,
) -> Result<Houdini, E> {
    let start = Instant::now();
    let mut kept = vec![true; count];
    let mut rounds = 0;
    let candidate = |c: &vcgen::CheckInfo| matches!(c.origin, kir::AssertOrigin::Invariant { .. });
    loop {
        rounds += 1;
        let vc = build(&kept)?;
        let left = opts.timeout.saturating_sub(start.elapsed());
        // Rounds decide the candidates only; the other checks wait for the fixpoint. The
        // first round usually refutes many candidates, so the one-query fast path (which
        // only pays off when everything holds) starts with the second.
        let outcome = solve_with(&vc, &SolveOptions { timeout: left }, &candidate, rounds > 1);
        let mut dropped = false;
        for (info, status) in vc.checks.iter().zip(&outcome.statuses) {
            if let kir::AssertOrigin::Invariant { index, .. } = info.origin {
                if *status != Status::Proved && kept[index as usize] {
                    kept[index as usize] = false;
                    dropped = true;
                }
            }
        }
        tracing::debug!(
            rounds,
            kept = kept.iter().filter(|k| **k).count(),
            "houdini round"
        );
        if !dropped {
            // Every kept candidate holds on entry and is preserved: now the real checks.
            let left = opts.timeout.saturating_sub(start.elapsed());
            let outcome = solve(&vc, &SolveOptions { timeout: left });
            return Ok(Houdini {
                vc,
                outcome,
                kept,
                rounds,
            });
        }
        if start.elapsed() >= opts.timeout {
            // This round assumed candidates that turned out false: nothing it proved
            // counts.
            let unknown = Status::Unknown {
                reason: "time limit reached while inferring loop invariants".into(),
            };
            let outcome = Outcome {
                statuses: vec![unknown; vc.checks.len()],
                elapsed: outcome.elapsed,
            };
            return Ok(Houdini {
                vc,
                outcome,
                kept,
                rounds,
            });
        }
    }
}
