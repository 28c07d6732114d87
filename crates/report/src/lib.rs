//! Verdicts and diagnostics. [`build`] turns the solver's statuses into a
//! [`KernelReport`]: a verdict plus one diagnostic per defect, with the threads, the
//! accesses and the parameter values of the counterexample. [`render`] prints it the way
//! clang prints diagnostics (`file:line:col: error: …`, the source line, a caret).

mod race;
mod render;
mod threads;

pub use render::{render, SourceCache, Style};
pub use threads::{Describe, Language, ThreadId};

use kir::{AccessKind, AssertOrigin, Kernel, SourcePos};
use lockstep::{Access, Launch};
use smt::{Outcome, Status, Value};
use vcgen::{Coverage, Vc};

pub use engine::Verdict;

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DefectKind {
    Race,
    BarrierDivergence,
    Assertion,
    ConstantWrite,
}

/// One access of a race, as the counterexample has it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AccessNote {
    pub kind: AccessKind,
    pub thread: ThreadId,
    pub pos: Option<SourcePos>,
    /// When `pos` is unknown (the access was logged in a loop cut with invariants, or
    /// the counterexample does not say which): the accesses of this kind to the array it
    /// can be, in source order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<SourcePos>,
    /// The function without a body (a `__spec_` function) that made the access; `pos`
    /// is then where it is called.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bodiless_function: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    pub kind: DefectKind,
    pub message: String,
    pub pos: Option<SourcePos>,
    /// For a race: the later access first, then the earlier one.
    pub accesses: Vec<AccessNote>,
    /// The threads of the counterexample (thread 1, then thread 2 where it matters).
    pub threads: Vec<ThreadId>,
    /// Scalar kernel parameters in the counterexample (signed reading).
    pub params: Vec<(String, i64)>,
    /// False when the defect was found with inferred loop invariants and a cut loop may
    /// precede it: the counterexample may start from a loop state no real execution
    /// reaches.
    pub confirmed: bool,
    /// When not confirmed: the heads of the cut loops the trace passes through (their
    /// state there is only what their invariants say).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub loop_abstractions: Vec<SourcePos>,
    /// The counterexample replayed on the concrete interpreter: `confirmed by execution`
    /// or `not reproduced (possibly spurious: …)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay: Option<engine::replay::Replay>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct KernelReport {
    pub kernel: String,
    pub verdict: Verdict,
    pub diagnostics: Vec<Diagnostic>,
    /// Why the verdict is inconclusive (empty otherwise).
    pub inconclusive: Vec<String>,
    pub checks: usize,
    pub proved: usize,
    /// What the verdict assumes about the launch environment (e.g. that pointer
    /// parameters do not alias), shown with it.
    pub assumptions: Vec<String>,
    /// The arrays races were checked on, when not all of them (`--only-log`,
    /// `/checkArrays`): a "verified" verdict then says nothing about the others.
    pub races_only_on: Option<Vec<String>>,
    /// Only pairs of threads in one group were checked (`--only-intra-group`).
    pub only_intra_group: bool,
    /// Conflicts a verified kernel's proof tolerated as benign (`--benign=none` reports
    /// them); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tolerated: Vec<ToleratedNote>,
    /// Race checks for which it was not decided whether the proof needed a tolerance.
    #[serde(skip_serializing_if = "is_zero")]
    pub tolerance_undecided: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A conflict tolerated as benign: `kind` is `write-write`, `read-write` (a read, then a
/// write that stores what memory held) or `write-read`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ToleratedNote {
    pub kind: String,
    pub array: String,
    pub pos: Option<SourcePos>,
}

/// What the report needs besides the solver's answer.
pub struct ReportContext<'a> {
    /// The two-thread kernel the VC came from.
    pub kernel: &'a Kernel,
    pub accesses: &'a [Access],
    pub launch: Launch,
    pub language: Language,
    /// Loops were cut with inferred invariants (defects after a cut are then unconfirmed,
    /// and a logged access may be any the loop makes).
    pub invariants: bool,
}

/// The report of what the engine found for a kernel: [`build`]'s, with the assumptions,
/// restrictions and notes the run adds.
pub fn for_run(run: &engine::KernelRun, language: Language) -> KernelReport {
    let tt = &run.two_thread;
    let cx = ReportContext {
        kernel: &tt.kernel,
        accesses: &tt.accesses,
        launch: tt.launch,
        language,
        invariants: run.cut,
    };
    let mut r = build(&cx, &run.vc, &run.outcome);
    // `build` makes one diagnostic per failed check but an unrolling bound, in order.
    let replays = run
        .vc
        .checks
        .iter()
        .zip(&run.outcome.statuses)
        .zip(run.replays.iter().chain(std::iter::repeat(&None)))
        .filter(|((c, s), _)| {
            matches!(s, Status::Failed { .. }) && c.meta.origin != AssertOrigin::UnwindBound
        })
        .map(|(_, r)| r.clone());
    for (d, replay) in r.diagnostics.iter_mut().zip(replays) {
        d.replay = replay;
    }
    r.assumptions.extend(run.assumptions.iter().cloned());
    r.races_only_on = run.races_only_on.clone();
    r.only_intra_group = run.only_intra_group;
    if let Some(t) = &run.tolerances {
        r.tolerated = (t.used.iter())
            .map(|t| ToleratedNote {
                kind: format!("{}-{}", kind_word(t.first), kind_word(t.second)),
                array: tt.kernel.region(t.region).name.clone(),
                pos: t.loc.map(|l| tt.kernel.pos(l)),
            })
            .collect();
        r.tolerance_undecided = t.undecided;
    }
    r
}

/// The report of one solve: the verdict ([`engine::verdict_of`]) and a diagnostic per
/// failed check.
pub fn build(cx: &ReportContext, vc: &Vc, outcome: &Outcome) -> KernelReport {
    let k = cx.kernel;
    let mut diagnostics = Vec::new();
    let mut inconclusive = Vec::new();
    let mut proved = 0;
    let mut undecided: Vec<(String, usize)> = Vec::new();
    for (check, status) in vc.checks.iter().zip(&outcome.statuses) {
        let info = &check.meta;
        let pos = info.loc.map(|l| k.pos(l));
        match status {
            Status::Proved => proved += 1,
            // Its place has a defect to report already.
            Status::Unknown { reason } if reason == smt::COPY_FAILED => {}
            Status::Unknown { reason } => {
                let first = format!(
                    "{}could not decide {} ({reason})",
                    pos.as_ref().map(|p| format!("{p}: ")).unwrap_or_default(),
                    describe(&info.origin)
                );
                match undecided
                    .iter_mut()
                    .find(|(r, _)| r.ends_with(&format!("({reason})")))
                {
                    Some((_, n)) => *n += 1,
                    None => undecided.push((first, 1)),
                }
            }
            Status::Failed { witness, inputs } => {
                if info.origin == AssertOrigin::UnwindBound {
                    inconclusive.push(format!(
                        "{}loop may run more iterations than were explored; loops need invariants",
                        pos.as_ref().map(|p| format!("{p}: ")).unwrap_or_default()
                    ));
                    continue;
                }
                // The invariants matter only to a check that a cut loop may precede.
                let here = ReportContext {
                    invariants: cx.invariants && !info.cuts.is_empty(),
                    ..*cx
                };
                let mut d = defect(&here, &info.origin, info.loc, witness, inputs);
                if !d.confirmed {
                    d.loop_abstractions = info.cuts.iter().flatten().map(|l| k.pos(*l)).collect();
                    d.loop_abstractions.dedup();
                }
                diagnostics.push(d);
            }
        }
    }
    for (first, n) in undecided {
        inconclusive.push(if n == 1 {
            first
        } else {
            format!(
                "{first}, and {} more check{} for the same reason",
                n - 1,
                if n == 2 { "" } else { "s" }
            )
        });
    }
    if let Coverage::Bounded(n) = vc.coverage {
        inconclusive.push(format!(
            "loops were explored for at most {n} iterations: no defect within that bound, but this is not a proof"
        ));
    }
    let verdict = engine::verdict_of(vc, outcome);
    KernelReport {
        kernel: k.name.clone(),
        verdict,
        diagnostics,
        inconclusive,
        checks: vc.checks.len(),
        proved,
        assumptions: assumptions(k),
        races_only_on: None,
        only_intra_group: false,
        tolerated: Vec::new(),
        tolerance_undecided: 0,
    }
}

/// Kernel pointer parameters are distinct buffers (GPUVerify assumes the same): say so
/// when there are at least two, since aliasing ones could race where lockstep sees none.
fn assumptions(k: &Kernel) -> Vec<String> {
    let params: Vec<&str> = k
        .regions
        .iter()
        .filter(|r| matches!(r.origin, kir::RegionOrigin::Param { .. }))
        .map(|r| r.name.as_str())
        .collect();
    let mut out = match params.as_slice() {
        [] | [_] => Vec::new(),
        [init @ .., last] => vec![format!(
            "assuming the pointer parameters {} and {last} point to distinct buffers",
            init.join(", ")
        )],
    };
    if !k.axioms.is_empty() {
        let n = k.axioms.len();
        let places: Vec<String> = (k.axioms.iter().flatten())
            .map(|l| k.pos(*l).to_string())
            .collect();
        let at = match places.is_empty() {
            true => String::new(),
            false => format!(" at {}", places.join(", ")),
        };
        out.push(format!(
            "assuming {n} `__axiom`{} of the source{at} (axioms that contradict each other make every check pass)",
            if n == 1 { "" } else { "s" }
        ));
    }
    out
}

fn describe(origin: &AssertOrigin) -> &'static str {
    match origin {
        AssertOrigin::User => "an assertion",
        AssertOrigin::BarrierDivergence => "barrier uniformity",
        AssertOrigin::Race { .. } => "race freedom",
        AssertOrigin::ConstantWrite { .. } => "a write to constant memory",
        AssertOrigin::NullPointer => "non-null pointer accesses",
        AssertOrigin::InvalidFunctionPointer => "calls through valid function pointers",
        AssertOrigin::ArrayBounds { .. } => "in-bounds array accesses",
        AssertOrigin::GroupUniform { .. } => "uniform work-group function arguments",
        AssertOrigin::UnwindBound => "loop termination within the unrolling bound",
        AssertOrigin::Invariant { .. } => "a loop invariant",
        AssertOrigin::UserGlobal
        | AssertOrigin::FunctionWideInvariant
        | AssertOrigin::CandidateInvariant { .. } => "an assertion",
        AssertOrigin::LoopInvariant { .. } => "a user loop invariant",
        AssertOrigin::BarrierInvariant => "a barrier invariant",
        AssertOrigin::BarrierInvariantAccess { .. } => "a barrier invariant's access permission",
        AssertOrigin::Postcondition => "a postcondition",
    }
}

fn value(vals: &[Value], name: &str) -> Option<u64> {
    vals.iter().find(|v| v.name == name).map(|v| v.value)
}

fn defect(
    cx: &ReportContext,
    origin: &AssertOrigin,
    loc: Option<kir::Loc>,
    witness: &[Value],
    inputs: &[Value],
) -> Diagnostic {
    let k = cx.kernel;
    let pos = loc.map(|l| k.pos(l));
    let t1 = ThreadId::from_inputs(inputs, 1);
    let t2 = ThreadId::from_inputs(inputs, 2);
    let params = inputs
        .iter()
        .filter(|v| !v.name.contains('$') && !kir::is_application_key(&v.name))
        .map(|v| (v.name.clone(), kir::sign_extend(v.value, v.bits)))
        .collect();
    let (kind, message, accesses, threads) = parts(cx, origin, loc, witness, (t1, t2));
    Diagnostic {
        kind,
        message,
        pos,
        accesses,
        threads,
        params,
        confirmed: !cx.invariants,
        loop_abstractions: Vec::new(),
        replay: None,
    }
}

/// The kind, message, accesses and threads of the defect a failed check of `origin` shows.
fn parts(
    cx: &ReportContext,
    origin: &AssertOrigin,
    loc: Option<kir::Loc>,
    witness: &[Value],
    (t1, t2): (ThreadId, ThreadId),
) -> (DefectKind, String, Vec<AccessNote>, Vec<ThreadId>) {
    let k = cx.kernel;
    let thread1 = cx.language.describe(&t1, &cx.launch);
    match origin {
        AssertOrigin::User
        | AssertOrigin::UserGlobal
        | AssertOrigin::FunctionWideInvariant
        | AssertOrigin::CandidateInvariant { .. } => (
            DefectKind::Assertion,
            format!("this assertion might not hold for {thread1}"),
            vec![],
            vec![t1],
        ),
        AssertOrigin::BarrierDivergence => (
            DefectKind::BarrierDivergence,
            "barrier may be reached by non-uniform control flow".to_string(),
            vec![],
            vec![t1, t2],
        ),
        AssertOrigin::NullPointer => (
            DefectKind::Assertion,
            format!("possible null pointer access for {thread1}"),
            vec![],
            vec![t1],
        ),
        AssertOrigin::InvalidFunctionPointer => (
            DefectKind::Assertion,
            format!(
                "possible call through a function pointer that names no function of its type \
                 for {thread1}"
            ),
            vec![],
            vec![t1],
        ),
        AssertOrigin::ArrayBounds { region } => (
            DefectKind::Assertion,
            format!(
                "possible array out-of-bounds access on array {} by {thread1}",
                k.region(*region).name
            ),
            vec![],
            vec![t1],
        ),
        AssertOrigin::GroupUniform { function } => (
            DefectKind::Assertion,
            format!("the arguments of `{function}` may differ between work items of a group"),
            vec![],
            vec![t1, t2],
        ),
        AssertOrigin::ConstantWrite { region } => (
            DefectKind::ConstantWrite,
            format!(
                "possible attempt to modify constant memory {}",
                k.region(*region).name
            ),
            vec![],
            vec![t1],
        ),
        AssertOrigin::Race {
            region,
            first,
            second,
        } => race_defect(cx, (*region, *first, *second), loc, witness, (t1, t2)),
        AssertOrigin::LoopInvariant { at_entry, .. } => (
            DefectKind::Assertion,
            if *at_entry {
                format!("loop invariant might not hold on entry for {thread1}")
            } else {
                format!("loop invariant might not be maintained by the loop for {thread1}")
            },
            vec![],
            vec![t1],
        ),
        AssertOrigin::BarrierInvariant => (
            DefectKind::Assertion,
            format!("this barrier invariant might not hold for {thread1}"),
            vec![],
            vec![t1],
        ),
        AssertOrigin::BarrierInvariantAccess { region } => (
            DefectKind::Assertion,
            format!(
                "insufficient permission: this barrier invariant reads {} where {thread1} \
                 has not accessed it since the last barrier",
                k.region(*region).name
            ),
            vec![],
            vec![t1],
        ),
        AssertOrigin::Postcondition => (
            DefectKind::Assertion,
            // GPUVerify's words exactly: its expected output has the source line right after.
            "postcondition might not hold on all return paths".to_string(),
            vec![],
            vec![t1],
        ),
        AssertOrigin::UnwindBound | AssertOrigin::Invariant { .. } => (
            DefectKind::Assertion,
            format!("{} might not hold for {thread1}", describe(origin)),
            vec![],
            vec![t1],
        ),
    }
}

/// The kind, message, accesses and threads of a race defect.
fn race_defect(
    cx: &ReportContext,
    (region, first, second): (kir::Region, AccessKind, AccessKind),
    loc: Option<kir::Loc>,
    witness: &[Value],
    (t1, t2): (ThreadId, ThreadId),
) -> (DefectKind, String, Vec<AccessNote>, Vec<ThreadId>) {
    let k = cx.kernel;
    let pos = loc.map(|l| k.pos(l));
    let (offset, bytes) = race::overlap(
        (
            value(witness, "offset").unwrap_or(0),
            value(witness, "bytes").unwrap_or(1),
        ),
        value(witness, "first.offset").zip(value(witness, "first.bytes")),
    );
    let place = race::place(k.region(region), offset, bytes);
    let source = value(witness, "first.source");
    let (first_loc, sources) = race::logged(cx, region, first, source);
    let bodiless = |l: Option<kir::Loc>| l.and_then(|l| k.bodiless_call_at(l)).map(str::to_string);
    let accesses = vec![
        AccessNote {
            kind: second,
            thread: t2.clone(),
            pos: pos.clone(),
            sources: Vec::new(),
            bodiless_function: bodiless(loc),
        },
        AccessNote {
            kind: first,
            thread: t1.clone(),
            pos: first_loc.map(|l| k.pos(l)),
            sources: sources.into_iter().map(|l| k.pos(l)).collect(),
            bodiless_function: bodiless(first_loc),
        },
    ];
    (
        DefectKind::Race,
        format!(
            "possible {}-{} race on {place}:",
            kind_word(first),
            kind_word(second)
        ),
        accesses,
        vec![t1, t2],
    )
}

pub fn kind_word(k: AccessKind) -> &'static str {
    match k {
        AccessKind::Read => "read",
        AccessKind::Write => "write",
        AccessKind::Atomic => "atomic",
    }
}
