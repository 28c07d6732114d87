//! Witness replay: a failed check's counterexample (its two threads, their groups, the
//! parameter values) run on the concrete interpreter, so the report can say whether the
//! defect is `confirmed by execution` or `not reproduced (possibly spurious: …)`.
//!
//! The launch is the verified one, with only the groups of the two threads running (the
//! other groups may run after them: a valid prefix of an execution, unless the kernel has
//! a grid barrier, when every group runs). A group larger than [`MAX_GROUP`] threads is
//! shrunk to the threads the witness names, and the report says so. Memory is not taken
//! from the model (its arrays are not extracted): unwritten memory is the interpreter's
//! seeded fill, and a few seeds and schedules are tried.

use std::time::{Duration, Instant};

use kir::{AssertOrigin, Kernel, SourcePos};
use smt::{Status, Value};

use allowance::{steps_for, Allowance, MAX_RUN_STEPS};
use launch::launch_for;
use messages::{confirmed, not_reproduced};

mod allowance;
mod launch;
mod messages;
mod others;

/// The most threads per group a replay runs without shrinking the group.
pub const MAX_GROUP: u64 = 4096;
/// The most threads a replay with every group (a grid barrier) runs without shrinking.
pub const MAX_LAUNCH: u64 = 16384;
/// The seeds and memory fills tried, in order.
const ATTEMPTS: [(u64, interp::Fill); 4] = [
    (0, interp::Fill::Small),
    (1, interp::Fill::Random),
    (2, interp::Fill::Zero),
    (3, interp::Fill::Small),
];
const SCHEDULES: usize = 4;
/// The time all replays of one kernel may take.
const BUDGET: Duration = Duration::from_secs(5);
/// The most statements a replay runs after another confirmed a defect (the verdict): the
/// other failures are confirmed by what that execution showed (`others.rs`) or noted as not
/// reproduced. A histogram twin's two unreproduced ones took 0.9 s of its 1.1 s.
const AFTER_CONFIRMED: u64 = 100_000;

/// What replaying a counterexample showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReplayOutcome {
    /// An execution showed the same defect (kind, array, source position).
    Confirmed,
    /// No execution tried showed it.
    NotReproduced,
    /// The interpreter cannot judge this check (it does not check that property, or cannot
    /// run the kernel).
    NotReplayed,
}

/// The replay of one failed check.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Replay {
    pub outcome: ReplayOutcome,
    /// `confirmed by execution (…)`, `not reproduced (possibly spurious: …)` or
    /// `not replayed (…)`, as the report prints it.
    pub message: String,
    /// The launch that ran, and which of its groups.
    pub launch: interp::Launch,
    pub groups: Vec<[u32; 3]>,
    /// The defect the execution showed, when confirmed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defect: Option<interp::Defect>,
    /// Seeds and schedules tried (not reproduced: with the counterexample's values).
    pub runs: usize,
    /// Other defects the runs showed: each is one of the kernel's, which may confirm
    /// another failed check (`others.rs`).
    #[serde(skip)]
    pub seen: Vec<Seen>,
}

/// A defect a run showed, and the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub defect: interp::Defect,
    /// The seed and memory fill.
    pub at: (u64, interp::Fill),
    pub schedule: usize,
    /// The run's parameter values, as `values` words them.
    pub values: String,
}

/// What a replay needs to know of the verification.
pub struct Witnessed<'a> {
    /// The lifted kernel (after `--kernel-args`).
    pub lifted: &'a Kernel,
    /// The two-thread kernel the checks are of.
    pub two_thread: &'a lockstep::TwoThread,
    /// Loops were cut with invariants.
    pub cut: bool,
    /// `--boogie-file` axioms constrain the kernel's functions without a body (which the
    /// interpreter takes as hashes that need not satisfy them).
    pub axioms: bool,
}

/// The replay of every failed check (`None` for the others), aligned with `vc.checks`,
/// within the replay budget (`BUDGET`) and `deadline`, counted in interpreter statements
/// (`allowance::STEPS_PER_SECOND`). Each replay gets an equal share of the statements left, so that
/// one whose runs never end does not starve the others.
pub fn replay_all(
    w: &Witnessed,
    vc: &vcgen::Vc,
    outcome: &smt::Outcome,
    deadline: Duration,
) -> Vec<Option<Replay>> {
    let time = BUDGET.min(deadline);
    let (start, steps) = (Instant::now(), steps_for(time));
    let mut used = 0;
    let mut cache = Cache::new();
    let replayed = |c: &vcgen::CheckInfo, st: &Status| {
        matches!(st, Status::Failed { .. }) && c.meta.origin != AssertOrigin::UnwindBound
    };
    let mut to_go = (vc.checks.iter().zip(&outcome.statuses))
        .filter(|(c, st)| replayed(c, st))
        .count() as u64;
    let mut out = Vec::new();
    let mut settled = false;
    for (check, status) in vc.checks.iter().zip(&outcome.statuses) {
        out.push(match status {
            Status::Failed { inputs, .. } if replayed(check, status) => {
                // An equal share of the statements and of the time left; once an
                // execution confirmed a defect (the verdict), a glance.
                let mut allowance = Allowance {
                    steps: steps.saturating_sub(used) / to_go,
                    backstop: Instant::now() + time.saturating_sub(start.elapsed()) / to_go as u32,
                };
                if settled {
                    allowance.steps = allowance.steps.min(AFTER_CONFIRMED);
                }
                to_go -= 1;
                let cut = w.cut && !check.meta.cuts.is_empty();
                let (r, spent) = replay(w, &check.meta, inputs, cut, (allowance, &mut cache));
                used += spent;
                settled |= r.outcome == ReplayOutcome::Confirmed;
                Some(r)
            }
            _ => None,
        });
    }
    tracing::debug!(steps = used, of = steps, took = ?start.elapsed(), "replays ran");
    let tt = &w.two_thread.kernel;
    let wanted: Vec<_> = (vc.checks.iter())
        .map(|c| {
            let pos = c.meta.loc.map(|l| tt.pos(l));
            expect(tt, &c.meta.origin).ok().map(|e| (e, pos))
        })
        .collect();
    others::confirm(&wanted, &mut out);
    out
}

/// Whether an execution confirmed one of `replays`' defects.
pub fn any_confirmed(replays: &[Option<Replay>]) -> bool {
    (replays.iter().flatten()).any(|r| r.outcome == ReplayOutcome::Confirmed)
}

/// What the interpreter checks of a failed check's origin: the defect kind it must show,
/// or why it cannot judge.
enum Expect {
    /// A race on the array between an access of the logged kind (`first`, thread 1's)
    /// and one of the checked kind (`second`, thread 2's) at the check's line.
    Race {
        array: String,
        first: kir::AccessKind,
        second: kir::AccessKind,
    },
    Divergence,
    Assertion,
    ConstantWrite,
}

fn expect(tt: &Kernel, origin: &AssertOrigin) -> Result<Expect, &'static str> {
    Ok(match origin {
        AssertOrigin::Race {
            region,
            first,
            second,
        } => Expect::Race {
            array: tt.region(*region).name.clone(),
            first: *first,
            second: *second,
        },
        AssertOrigin::BarrierDivergence => Expect::Divergence,
        AssertOrigin::ConstantWrite { .. } => Expect::ConstantWrite,
        AssertOrigin::User
        | AssertOrigin::UserGlobal
        | AssertOrigin::NullPointer
        | AssertOrigin::InvalidFunctionPointer
        | AssertOrigin::ArrayBounds { .. }
        | AssertOrigin::Postcondition
        | AssertOrigin::LoopInvariant { .. }
        | AssertOrigin::FunctionWideInvariant => Expect::Assertion,
        AssertOrigin::BarrierInvariant | AssertOrigin::BarrierInvariantAccess { .. } => {
            return Err("the interpreter does not check barrier invariants")
        }
        AssertOrigin::GroupUniform { .. } => {
            return Err("the interpreter does not check that work-group function arguments agree")
        }
        AssertOrigin::Invariant { .. }
        | AssertOrigin::CandidateInvariant { .. }
        | AssertOrigin::UnwindBound => {
            return Err("the check is about the verifier's own loop invariants")
        }
    })
}

fn same_line(a: &Option<SourcePos>, b: &Option<SourcePos>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.file == b.file && a.line == b.line,
        (None, None) => true,
        _ => false,
    }
}

/// Whether the execution's defect is the reported one: for a race, the same array and
/// the same two kinds of access, the checked one at the check's line (a read-write race
/// an execution shows does not confirm a write-write report at one of its lines).
fn shows(expect: &Expect, pos: &Option<SourcePos>, d: &interp::Defect) -> bool {
    match (expect, d) {
        (
            Expect::Race {
                array,
                first,
                second,
            },
            interp::Defect::Race {
                array: a,
                first: x,
                second: y,
                ..
            },
        ) => {
            let pair = |logged: &interp::AccessInfo, checked: &interp::AccessInfo| {
                logged.kind == *first && checked.kind == *second && same_line(&checked.pos, pos)
            };
            a == array && (pair(x, y) || pair(y, x))
        }
        (Expect::Divergence, interp::Defect::BarrierDivergence { .. }) => true,
        (Expect::Assertion, interp::Defect::Assertion { pos: p, .. })
        | (Expect::ConstantWrite, interp::Defect::ConstantWrite { pos: p, .. }) => {
            same_line(p, pos)
        }
        _ => false,
    }
}

fn replay(
    w: &Witnessed,
    meta: &vcgen::CheckOrigin,
    inputs: &[Value],
    cut: bool,
    (allowance, cache): (Allowance, &mut Cache),
) -> (Replay, u64) {
    let tt = &w.two_thread.kernel;
    let pos = meta.loc.map(|l| tt.pos(l));
    let (launch, groups, mut notes) = launch_for(w, inputs);
    let mut r = Replay {
        outcome: ReplayOutcome::NotReplayed,
        message: String::new(),
        launch,
        groups: groups.clone().unwrap_or_default(),
        defect: None,
        runs: 0,
        seen: Vec::new(),
    };
    if w.axioms {
        r.message = "not replayed (the interpreter does not honour --boogie-file axioms: its functions without a body are hashes)".into();
        return (r, 0);
    }
    let expect = match expect(tt, &meta.origin) {
        Ok(e) => e,
        Err(why) => {
            r.message = format!("not replayed ({why})");
            return (r, 0);
        }
    };
    let mut cfg = interp::Config::new(launch);
    cfg.groups = groups;
    cfg.max_defects = 64;
    cfg.max_steps = MAX_RUN_STEPS;
    for v in inputs {
        if kir::is_application_key(&v.name) {
            cfg.functions.insert(v.name.clone(), v.value);
            continue;
        }
        let param = w
            .lifted
            .vars
            .iter()
            .any(|x| x.name == v.name && matches!(x.kind, kir::VarKind::Param { .. }));
        if param {
            cfg.scalars.insert(v.name.clone(), v.value);
        }
    }
    let mut search = Search {
        kernel: w.lifted,
        expect,
        pos,
        allowance,
        used: 0,
        runs: 0,
        seen: Vec::new(),
        cuts: Vec::new(),
        unchecked: Vec::new(),
        timed_out: false,
        collective: None,
        cache,
    };
    let mut other = None;
    let mut own = None; // the runs and cuts of the counterexample's own values
    let found = match search.attempts(&cfg, &ATTEMPTS) {
        Ok(None) if !search.unchecked_here() && !search.timed_out => {
            own = Some((search.runs, search.cuts.len()));
            // The counterexample's values (of a cut loop's state, say) may not be any
            // execution's: the same defect with other parameter values is still real.
            let mut found = Ok(None);
            for v in variants(w.lifted, &cfg, VARIANTS) {
                found = search.attempts(&v, &ATTEMPTS[..2]);
                if matches!(found, Ok(Some(_))) {
                    other = Some(values(&v));
                }
                if !matches!(found, Ok(None)) || search.timed_out {
                    break;
                }
            }
            found
        }
        other => other,
    };
    r.runs = search.runs;
    r.seen = std::mem::take(&mut search.seen);
    let unseen = matches!(found, Ok(None));
    if let Some((runs, cuts)) = own.filter(|(runs, _)| *runs < search.runs && unseen) {
        let more = search.runs - runs;
        search.cuts.truncate(cuts);
        r.runs = runs;
        notes.push(format!("nor did {more} with other parameter values"));
    }
    if search.timed_out {
        notes.push("the replay's budget ran out".into());
    }
    match found {
        Err(e) => {
            r.message = format!("not replayed (the interpreter cannot run it: {e})");
        }
        Ok(Some((d, at, schedule))) => {
            r.outcome = ReplayOutcome::Confirmed;
            r.defect = Some(d);
            r.message = confirmed(&r, at, schedule, other, &notes);
        }
        Ok(None) if search.collective.is_some() => {
            r.message = messages::after_collective(search.collective.flatten());
        }
        Ok(None) => match search.unchecked_here_text() {
            Some(u) => r.message = format!("not replayed (the interpreter does not check {u})"),
            None => {
                r.outcome = ReplayOutcome::NotReproduced;
                r.message = not_reproduced(&r, cut, &search.cuts, &notes);
            }
        },
    }
    let used = search.used;
    (r, used)
}

/// Parameter variants tried when the counterexample's values show nothing.
const VARIANTS: usize = 6;

/// `n` configurations like `cfg` with other scalar values (small numbers and the
/// counterexample's own), seeded.
fn variants(k: &Kernel, cfg: &interp::Config, n: usize) -> Vec<interp::Config> {
    let params: Vec<&str> = k
        .vars
        .iter()
        .filter(|v| matches!(v.kind, kir::VarKind::Param { .. }))
        .map(|v| v.name.as_str())
        .collect();
    if params.is_empty() {
        return Vec::new();
    }
    const PICKS: [u64; 10] = [0, 1, 2, 3, 4, 8, 16, 20, 33, 64];
    (0..n as u64)
        .map(|i| {
            let mut c = cfg.clone();
            for (j, p) in params.iter().enumerate() {
                let h = interp::hash_words(&[i, j as u64]);
                if !h.is_multiple_of(4) {
                    c.scalars
                        .insert(p.to_string(), PICKS[(h >> 8) as usize % PICKS.len()]);
                }
            }
            c
        })
        .collect()
}

fn values(cfg: &interp::Config) -> String {
    let mut v: Vec<String> = cfg
        .scalars
        .iter()
        .map(|(n, x)| format!("{n} = {x}"))
        .collect();
    v.sort();
    v.join(", ")
}

/// Schedules already run for one kernel (the checks of a kernel often share their
/// parameter values), by configuration, seed, fill and schedule: the result and what was
/// not checked.
type Cache = std::collections::HashMap<String, (interp::ScheduleResult, Vec<String>)>;

/// Runs of the interpreter looking for one defect.
struct Search<'k> {
    kernel: &'k Kernel,
    expect: Expect,
    pos: Option<SourcePos>,
    allowance: Allowance,
    /// Statements run so far.
    used: u64,
    runs: usize,
    /// Other defects the runs showed, and why runs were cut.
    seen: Vec<Seen>,
    cuts: Vec<interp::Cut>,
    unchecked: Vec<String>,
    timed_out: bool,
    /// A run showed the defect only after drawing a warp collective's result, first
    /// drawn there (`interp::ScheduleResult::collective`).
    collective: Option<Option<SourcePos>>,
    cache: &'k mut Cache,
}

type Found = Option<(interp::Defect, (u64, interp::Fill), usize)>;

impl Search<'_> {
    /// Every schedule of `cfg` with each seed and fill of `attempts`, until one shows the
    /// defect.
    fn attempts(
        &mut self,
        cfg: &interp::Config,
        attempts: &[(u64, interp::Fill)],
    ) -> Result<Found, String> {
        let mut cfg = cfg.clone();
        cfg.deadline = Some(self.allowance.backstop);
        let mut scalars: Vec<_> = cfg.scalars.iter().collect();
        scalars.sort();
        let base = format!("{:?} {:?} {scalars:?}", cfg.launch, cfg.groups);
        for &(seed, fill) in attempts {
            cfg.seed = seed;
            cfg.fill = fill;
            let mut interp = None;
            for s in 0..SCHEDULES {
                let left = self.allowance.steps.saturating_sub(self.used);
                if left == 0 || Instant::now() >= self.allowance.backstop {
                    self.timed_out = true;
                    return Ok(None);
                }
                let key = format!("{base} {seed} {fill:?} {s}");
                // A run stopped at an earlier replay's budget serves only when it showed
                // this replay's defect before it stopped; else it is run again.
                let cached = self.cache.get(&key).filter(|(result, _)| {
                    !matches!(result.cut, Some(interp::Cut::TimeLimit { .. }))
                        || (result.defects.iter()).any(|d| shows(&self.expect, &self.pos, d))
                });
                let (result, unchecked) = match cached {
                    Some(hit) => hit.clone(),
                    None => {
                        if interp.is_none() {
                            let i = interp::Interpreter::new(self.kernel, &cfg);
                            interp = Some(i.map_err(|e| e.to_string())?);
                        }
                        let Some(i) = &mut interp else { break };
                        // The run may stop at the replay's budget rather than its own limit.
                        let budgeted = left < cfg.max_steps;
                        i.set_max_steps(cfg.max_steps.min(left));
                        let mut result = i.schedule(s).map_err(|e| e.to_string())?;
                        self.used += result.steps;
                        if let Some(interp::Cut::StepLimit { steps }) = result.cut {
                            if budgeted {
                                result.cut = Some(interp::Cut::TimeLimit { steps });
                            }
                        }
                        let hit = (result, i.unchecked());
                        self.cache.insert(key, hit.clone());
                        hit
                    }
                };
                self.runs += 1;
                self.unchecked = unchecked;
                if let Some(d) = result
                    .defects
                    .iter()
                    .find(|d| shows(&self.expect, &self.pos, d))
                {
                    return Ok(Some((d.clone(), (seed, fill), s)));
                }
                if self.collective.is_none()
                    && (result.collective.iter()).any(|d| shows(&self.expect, &self.pos, d))
                {
                    self.collective = Some(result.collective_at.clone().flatten());
                }
                for defect in result.defects {
                    if !self.seen.iter().any(|x| x.defect == defect) {
                        self.seen.push(Seen {
                            defect,
                            at: (seed, fill),
                            schedule: s,
                            values: values(&cfg),
                        });
                    }
                }
                let endless = result.cut.as_ref().is_some_and(interp::Cut::is_limit);
                self.timed_out |= matches!(result.cut, Some(interp::Cut::TimeLimit { .. }));
                self.cuts.extend(result.cut);
                if self.timed_out {
                    return Ok(None);
                }
                if endless {
                    // The other schedules of these values would not end either.
                    break;
                }
            }
        }
        Ok(None)
    }

    /// What the interpreter did not check at the failed check's line.
    fn unchecked_here_text(&self) -> Option<&String> {
        let here = self
            .pos
            .as_ref()
            .map(|p| format!("{}:{}:", p.file, p.line))?;
        self.unchecked.iter().find(|u| u.starts_with(&here))
    }

    fn unchecked_here(&self) -> bool {
        self.unchecked_here_text().is_some()
    }
}
