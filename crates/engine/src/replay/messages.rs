//! How a replay's outcome is worded in the report.

use super::Replay;

pub(super) fn ran(r: &Replay) -> String {
    let per = r.launch.local_size.iter().product::<u32>();
    match r.groups.len() {
        0 => {
            let n = r.launch.num_groups.iter().product::<u32>();
            format!(
                "{n} group{} of {per} threads",
                if n == 1 { "" } else { "s" }
            )
        }
        1 => format!("group {} of {per} threads", tuple(r.groups[0])),
        _ => format!(
            "groups {} of {per} threads",
            r.groups
                .iter()
                .map(|g| tuple(*g))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    }
}

pub(super) fn tuple([x, y, z]: [u32; 3]) -> String {
    format!("({x}, {y}, {z})")
}

/// A defect runs showed only after drawing a collective's result (first at `at`).
pub(super) fn after_collective(at: Option<kir::SourcePos>) -> String {
    format!(
        "not confirmed (a run showed it, but only after drawing the result of {}{}: {})",
        interp::COLLECTIVE,
        at.map(|p| format!(" at {p}")).unwrap_or_default(),
        interp::DRAWN_PER_THREAD
    )
}

pub(super) fn confirmed(
    r: &Replay,
    (seed, fill): (u64, interp::Fill),
    schedule: usize,
    other: Option<String>,
    notes: &[String],
) -> String {
    let mut extra = String::new();
    if let Some(interp::Defect::Race {
        array,
        byte,
        first,
        second,
        equal_values,
    }) = &r.defect
    {
        // The run's own pair: the counterexample's threads and offset need not be it.
        extra.push_str(&format!(
            "; the run's race: {} and {} on byte {byte} of {array}",
            access(first),
            access(second)
        ));
        if *equal_values {
            extra.push_str("; both writes wrote the same value");
        }
    }
    for n in notes {
        extra.push_str("; ");
        extra.push_str(n);
    }
    format!(
        "confirmed by execution ({} with {}, {} memory, seed {seed}, schedule {schedule}{extra})",
        ran(r),
        match other {
            None => "the counterexample's parameter values".to_string(),
            Some(v) => format!("other parameter values than the counterexample's ({v})"),
        },
        fill_name(fill)
    )
}

/// One access of a race a run showed: `write by thread (1, 0, 0) of group (0, 2, 0) at
/// k.cl:12:5`.
fn access(a: &interp::AccessInfo) -> String {
    let kind = format!("{:?}", a.kind).to_lowercase();
    let at = a
        .pos
        .as_ref()
        .map(|p| format!(" at {p}"))
        .unwrap_or_default();
    format!(
        "{kind} by thread {} of group {}{at}",
        tuple(a.thread.local),
        tuple(a.thread.group)
    )
}

/// How a memory fill is worded: `… memory`.
pub(super) fn fill_name(fill: interp::Fill) -> &'static str {
    match fill {
        interp::Fill::Random => "random",
        interp::Fill::Zero => "zeroed",
        interp::Fill::Small => "small-number",
    }
}

pub(super) fn not_reproduced(
    r: &Replay,
    cut: bool,
    cuts: &[interp::Cut],
    notes: &[String],
) -> String {
    let mut why = vec![format!(
        "{} run{} of {} with the counterexample's parameter values did not show it",
        r.runs,
        if r.runs == 1 { "" } else { "s" },
        ran(r)
    )];
    if cut {
        why.push(
            "the counterexample starts from a loop state the inferred invariants allow".into(),
        );
    }
    if let Some(d) = r.seen.first() {
        why.push(format!("execution showed {} instead", d.defect.summary()));
    }
    for c in cuts.iter().take(1) {
        why.push(match c {
            interp::Cut::Infeasible { pos, .. } => format!(
                "an assumption{} does not hold for these values",
                pos.as_ref().map(|p| format!(" at {p}")).unwrap_or_default()
            ),
            interp::Cut::StepLimit { steps } => {
                format!("an execution did not end within {steps} steps")
            }
            interp::Cut::TimeLimit { steps } => {
                format!("an execution was stopped at the replay's budget after {steps} steps")
            }
        });
    }
    why.push("memory was a seeded fill (small numbers, random, zeros), not the model's".into());
    why.extend(notes.iter().cloned());
    format!("not reproduced (possibly spurious: {})", why.join("; "))
}
