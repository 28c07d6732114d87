//! The only crate that names Z3. [`solve`] runs the checks of a [`vc::Vc`] in order on
//! one incremental solver (each check under the assumptions before it, and assumed to
//! hold after it), within a time budget, and returns each check's status with the model
//! values a report needs. Every solver first asserts the `--boogie-file` axioms of
//! [`SolveOptions::axioms`] (see [`check_axioms`]).
//!
//! This crate knows the VC IR alone (the `vc` crate): what a check is to the solver — a
//! property, a Houdini candidate, an unrolling bound — is its [`vc::CheckKind`]; what it
//! means to the program is the generator's metadata, which is only logged.
//!
//! Modules: `probe.rs` a short pass over the checks before the one-query fast path
//! (`whole.rs`), `incremental.rs` the checks one by one,
//! `retry.rs` the ladder for a check the incremental solver gave up on, `houdini.rs`
//! Houdini's rounds, `model.rs` counterexamples.

mod background;
mod encode;
mod fresh;
mod houdini;
mod implied;
mod incremental;
mod integers;
mod model;
mod probe;
mod products;
mod retry;
mod slice;
mod whole;

pub use background::{check_axioms, kernel_functions};
pub use houdini::{houdini, houdini_with, CandidateEffort, Houdini, Start};
pub use implied::{equated_numerals, state_implied};

use std::fmt::Debug;
use std::time::{Duration, Instant};

use incremental::{one_by_one, Caps, Proofs, Selection};
use probe::{probe, Stop};
use vc::{Check, CheckKind, Vc};
use whole::{all_proved, Whole};
use z3::{Config, Context, Params, Solver};

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
    /// The one query over every check first asks with the VC's switches denied (see
    /// `whole.rs`). Off once an earlier solve of the kernel showed that its proof needs
    /// them ([`Outcome::needs_switches`]): the strict query would only fail again.
    pub deny_switches_first: bool,
}

impl SolveOptions {
    /// The budget for `time`: that long on the clock and that many seconds' worth of effort.
    pub fn for_time(time: Duration) -> SolveOptions {
        SolveOptions {
            timeout: time,
            effort: units(time),
            axioms: axioms::Axioms::default(),
            deny_switches_first: true,
        }
    }
}

/// Z3 resource units per second of solving on the project's 2-core reference machine.
/// Budgets are given in seconds and turned into units with this rate. It was 3 million
/// (measured on the GPUVerify suite's hardest kernels with Z3's default solver); since the
/// solver is set up for QF_AUFBV (`fresh.rs`), the same machine spends 6-8 million a second
/// (a grid-stride Black-Scholes: 90 million in 11.7 s), so a `--timeout 30` run had only
/// about 12 s of solving.
pub const UNITS_PER_SECOND: u64 = 6_000_000;

/// The effort that `time` of solving buys on the reference machine.
pub fn units(time: Duration) -> u64 {
    (time.as_secs_f64() * UNITS_PER_SECOND as f64) as u64
}

/// The clock that backs up an effort cap: twice the time `effort` stands for (Z3 counts
/// some work, such as bit-blasted queries, far below the usual rate).
pub(crate) fn backstop(effort: u64) -> Duration {
    Duration::from_secs_f64(2.0 * effort as f64 / UNITS_PER_SECOND as f64)
}

/// The most effort a check with products of two unknowns gets on the incremental solver,
/// its first try and the integers' reading included, before the retry that abstracts the
/// products (Z3 rarely decides such a check with its multipliers once it needs more).
const PRODUCTS_INCREMENTAL_CAP: u64 = UNITS_PER_SECOND;

/// The most effort a check that may be retried first gets on the incremental solver,
/// before the retry that reads it over the integers (Z3 takes seconds over sums of
/// products by constants that the integers decide at once; most checks take far less).
const INTEGERS_FIRST_CAP: u64 = UNITS_PER_SECOND / 20;

/// During Houdini, a candidate that cannot be decided with this effort is dropped (always
/// sound).
const HOUDINI_CHECK_CAP: u64 = 5 * UNITS_PER_SECOND;

/// The effort per candidate of Houdini's first pass, all of it on the incremental solver:
/// no retry follows (`incremental.rs`).
const QUICK_CANDIDATE_CAP: u64 = UNITS_PER_SECOND / 5;

/// The effort per candidate of a sliced pass: the quick pass's on the incremental solver,
/// half the rest for the check's slice.
const SLICED_CANDIDATE_CAP: u64 = UNITS_PER_SECOND;

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

/// ...and all of them together this much (it was 5 s: on the real corpus's twins that
/// mostly proved copies of checks deeper in unrolled loops, 5-7 s of wall time each).
const AFTER_DEFECT_BUDGET: u64 = 2 * UNITS_PER_SECOND;

/// What a check's generator metadata must allow: logging, and telling two copies of one
/// check (the same property at the same place, as loop unrolling makes) apart from other
/// checks.
pub trait Meta: Debug + PartialEq {}

impl<M: Debug + PartialEq> Meta for M {}

/// The status reason of a check not run because a copy of it (equal metadata) failed
/// earlier in the same solve: its place already has a defect to report.
pub const COPY_FAILED: &str = "not checked: a copy of it failed earlier";

/// The status reason of a check [`solve_until_failure`] did not try because an earlier
/// one failed.
pub const AFTER_FAILURE: &str = "not tried: an earlier check failed";

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
    /// Every check this solve decided was proved with the VC's switches denied (see
    /// [`vc::Vc::switches`]): the proof needed none of them. False when unknown.
    pub denying_switches: bool,
    /// With the switches denied, some check failed where they excuse it: a proof of this
    /// VC, if there is one, needs them.
    pub needs_switches: bool,
    /// For each check a solve that tracked Houdini's candidates proved, the candidates
    /// its proof assumed (`incremental::Proofs`); empty when it did not track them.
    pub(crate) proofs: Proofs,
    /// Houdini candidate checks refuted by an earlier check's counterexample, without a
    /// query of their own (`incremental/foresee.rs`).
    pub foreseen: usize,
}

impl Outcome {
    /// An outcome that claims nothing about the VC's switches.
    pub fn new(statuses: Vec<Status>, elapsed: Duration, used: u64) -> Outcome {
        Outcome {
            statuses,
            elapsed,
            used,
            denying_switches: false,
            needs_switches: false,
            proofs: Vec::new(),
            foreseen: 0,
        }
    }
}

pub fn solve<M: Meta>(vc: &Vc<M>, opts: &SolveOptions) -> Outcome {
    solve_where(vc, opts, &|_| true)
}

/// [`solve`] for the checks `keep` selects; the others are neither checked nor assumed
/// (their status says "not checked").
pub fn solve_where<M: Meta>(
    vc: &Vc<M>,
    opts: &SolveOptions,
    keep: &dyn Fn(&Check<M>) -> bool,
) -> Outcome {
    solve_with(vc, opts, keep, Some(WHOLE_VC_CAP))
}

/// [`solve`] for the checks (by index) `keep` selects, assuming those `known` selects (as
/// when they were proved by an earlier solve); the others are neither checked nor assumed.
/// With the one-query fast path.
pub fn solve_assuming<M: Meta>(
    vc: &Vc<M>,
    opts: &SolveOptions,
    keep: &dyn Fn(usize) -> bool,
    known: &dyn Fn(usize) -> bool,
) -> Outcome {
    solve_knowing(vc, opts, keep, known, How::fast(Some(WHOLE_VC_CAP)))
}

/// [`solve_assuming`] without the one-query fast path or retries: for checks expected to
/// fail, whose counterexamples are all that is wanted (after the first, the rest share the
/// small budget every solve has after a defect).
pub fn failures_assuming<M: Meta>(
    vc: &Vc<M>,
    opts: &SolveOptions,
    keep: &dyn Fn(usize) -> bool,
    known: &dyn Fn(usize) -> bool,
) -> Outcome {
    let how = How {
        retries: false,
        ..How::fast(None)
    };
    solve_knowing(vc, opts, keep, known, how)
}

/// [`solve_where`] without the one-query fast path: for checks that are expected to fail
/// (the query over all of them then only costs time).
pub fn solve_each<M: Meta>(
    vc: &Vc<M>,
    opts: &SolveOptions,
    keep: &dyn Fn(&Check<M>) -> bool,
) -> Outcome {
    solve_with(vc, opts, keep, None)
}

/// [`solve_each`] that stops at the first check that fails: for checks of which one
/// failing settles the question (whether unrolling covers every loop iteration). The
/// checks after it are left unknown, not tried. Each check gets at most `cap` effort, and
/// no retries (`retry.rs`): on the real corpus an unrolling bound the incremental solver
/// left undecided stayed so after 2-4 s of retries (B+tree searches, an odd-even sort,
/// PPCG's lu), and one undecided bound settles the question as well as a failed one.
pub fn solve_until_failure<M: Meta>(
    vc: &Vc<M>,
    opts: &SolveOptions,
    keep: &dyn Fn(&Check<M>) -> bool,
    cap: u64,
) -> Outcome {
    let keep = |i: usize| keep(&vc.checks[i]);
    let how = How {
        until_failure: true,
        cap: Some(cap),
        retries: false,
        ..How::fast(None)
    };
    solve_knowing(vc, opts, &keep, &|_| false, how)
}

/// How a solve runs its checks.
#[derive(Clone, Copy)]
struct How {
    /// The one-query fast path first, within at most this effort; unless `track`, after
    /// the probe (`probe.rs`).
    fast: Option<u64>,
    /// The effort a Houdini candidate's check gets.
    effort: CandidateEffort,
    /// Stop at the first check that fails.
    until_failure: bool,
    /// The most effort one check may take (else it derives from the budget).
    cap: Option<u64>,
    /// Track which candidates each proof assumed ([`Outcome::proofs`]).
    track: bool,
    /// A check left undecided climbs the retry ladder.
    retries: bool,
}

impl How {
    fn fast(fast: Option<u64>) -> How {
        How {
            fast,
            effort: CandidateEffort::Full,
            until_failure: false,
            cap: None,
            track: false,
            retries: true,
        }
    }
}

/// [`solve_where`], with the one-query fast path (within at most that effort) only when
/// `fast` gives an effort.
fn solve_with<M: Meta>(
    vc: &Vc<M>,
    opts: &SolveOptions,
    keep: &dyn Fn(&Check<M>) -> bool,
    fast: Option<u64>,
) -> Outcome {
    let keep = |i: usize| keep(&vc.checks[i]);
    solve_knowing(vc, opts, &keep, &|_| false, How::fast(fast))
}

/// [`solve_with`] for the checks (by index) `keep` selects, where those `known` selects
/// were proved already (by an earlier solve of the same VC): they are assumed, not checked
/// again, and reported proved.
fn solve_knowing<M: Meta>(
    vc: &Vc<M>,
    opts: &SolveOptions,
    keep: &dyn Fn(usize) -> bool,
    known: &dyn Fn(usize) -> bool,
    how: How,
) -> Outcome {
    let keep = &|i: usize| keep(i) && !known(i);
    let start = Instant::now();
    let cfg = Config::new();
    let ctx = Context::new(&cfg);
    let mut enc = encode::Encoder::new(&ctx);
    if vc.checks.is_empty() {
        return Outcome::new(Vec::new(), start.elapsed(), 0);
    }
    if let Err(reason) = assume_axioms(vc, &opts.axioms, &mut enc) {
        // Nothing can be claimed without the axioms the user asked for.
        return Outcome::new(
            vec![Status::Unknown { reason }; vc.checks.len()],
            start.elapsed(),
            0,
        );
    }
    // Fast path: a short probe, then one query asking whether any check can fail (after
    // every assumption and check before it). Unsatisfiable means every check is proved.
    let mut used = 0;
    let mut needs_switches = false;
    let mut stop = None;
    let mut proved_first = vec![false; vc.checks.len()];
    if how.fast.is_some() && !how.track {
        let deny = opts.deny_switches_first && whole::relaxes(vc, keep);
        let probed = probe(vc, opts, (keep, known), deny);
        used = probed.used;
        proved_first = probed.proved;
        stop = Some(probed.stop);
        needs_switches = probed.switches_on;
        if probed.stop == Stop::AllProved {
            return Outcome {
                denying_switches: deny && !needs_switches,
                needs_switches,
                ..all_checks_proved(vc, (keep, known), &proved_first, start, used)
            };
        }
    }
    if let Some(fast_cap) = how.fast {
        let half = SolveOptions {
            timeout: opts.timeout / 2,
            effort: (opts.effort / 2).min(fast_cap),
            ..opts.clone()
        };
        // After a defect the query would only be satisfiable; once the probe turned the
        // switches on, the strict one would be. (The query does not assume the probe's
        // proofs, as the query before the probe did not.)
        let deny_first = opts.deny_switches_first && !needs_switches;
        let whole = match stop {
            Some(Stop::Defect) => Whole::default(),
            // The query cannot abstract products of two unknowns; the checks one by one
            // can, and Z3 mostly spent the query's half of the budget on them.
            _ if products::in_checks(vc, keep) => Whole::default(),
            _ => all_proved(vc, &ctx, &mut enc, &half, (keep, known), deny_first),
        };
        needs_switches |= whole.needs_switches;
        // The probe counted in a context of its own.
        used += whole.used;
        if whole.proved {
            return Outcome {
                denying_switches: whole.denying,
                needs_switches,
                ..all_checks_proved(vc, (keep, known), &proved_first, start, used)
            };
        }
    }
    // After a defect the checks the probe proved are not asked again. Otherwise they are:
    // the incremental solver that proved them on the way decides the later checks faster
    // than one that only assumes them (a user invariant of the GPUVerify suite's
    // `shared_state_two_arrays`: proved in 0.4 s after its loop's race checks, undecided
    // in 21 s after assuming them).
    let reuse = stop == Some(Stop::Defect);
    let known = &|i: usize| known(i) || (reuse && proved_first[i]);
    let keep = &|i: usize| keep(i) && !known(i);
    let rest = SolveOptions {
        timeout: opts.timeout.saturating_sub(start.elapsed()),
        effort: opts.effort.saturating_sub(used),
        ..opts.clone()
    };
    // One check may take an eighth of the budget, or a larger share when there are fewer.
    let checks = (0..vc.checks.len()).filter(|&i| keep(i)).count() as u64;
    let cap = match how.cap {
        Some(cap) => cap,
        None => (rest.effort / checks.clamp(1, 8)).max(MIN_CHECK_CAP),
    };
    let caps = Caps {
        check: cap,
        candidate: how.effort,
    };
    let chosen = Selection {
        keep,
        known,
        until_failure: how.until_failure,
        track: how.track,
        probe: false,
        retries: how.retries,
        deny: false,
    };
    let ran = one_by_one(vc, &ctx, &mut enc, &rest, caps, chosen);
    let (statuses, spent, proofs) = (ran.statuses, ran.used, ran.proofs);
    let foreseen = ran.foreseen;
    Outcome {
        needs_switches,
        proofs,
        foreseen,
        ..Outcome::new(statuses, start.elapsed(), used + spent)
    }
}

/// The outcome of a solve that proved every check `keep` or `known` selects (`proved`
/// marks those a probe proved).
fn all_checks_proved<M>(
    vc: &Vc<M>,
    (keep, known): (&dyn Fn(usize) -> bool, &dyn Fn(usize) -> bool),
    proved: &[bool],
    start: Instant,
    used: u64,
) -> Outcome {
    let statuses = (0..vc.checks.len())
        .map(|c| {
            if keep(c) || known(c) || proved[c] {
                Status::Proved
            } else {
                not_checked()
            }
        })
        .collect();
    Outcome::new(statuses, start.elapsed(), used)
}

/// A second solve of `vc` after `earlier` (a solve of the same VC that decided no check
/// failed): the checks it left undecided are tried again within `opts`, assuming those it
/// proved; its other statuses are kept. The effort and time are this solve's.
pub fn resolve<M: Meta>(vc: &Vc<M>, opts: &SolveOptions, earlier: &Outcome) -> Outcome {
    let undecided = |i: usize| {
        matches!(&earlier.statuses[i], Status::Unknown { .. })
            && earlier.statuses[i] != not_checked()
    };
    let proved = |i: usize| earlier.statuses[i] == Status::Proved;
    let mut outcome = solve_knowing(vc, opts, &undecided, &proved, How::fast(None));
    for (i, status) in outcome.statuses.iter_mut().enumerate() {
        if !undecided(i) && !proved(i) {
            *status = earlier.statuses[i].clone();
        }
    }
    outcome
}

/// Checks and encodes the axioms; the encoder then gives them to every solver.
fn assume_axioms<M>(
    vc: &Vc<M>,
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

/// The Houdini candidate whose entry or preservation check `check` is.
fn candidate_index<M>(vc: &Vc<M>, check: usize) -> Option<u32> {
    match vc.checks[check].kind {
        CheckKind::Candidate { index, .. } => Some(index),
        _ => None,
    }
}

fn not_checked() -> Status {
    Status::Unknown {
        reason: "not checked".into(),
    }
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
