//! Clang-style text: `file:line:col: error: message`, the source line, a caret; then, for a
//! race, each access with its thread and location and source line.

use std::collections::HashMap;
use std::fmt::Write;

use kir::SourcePos;
use lockstep::Launch;

use crate::{kind_word, AccessNote, DefectKind, Describe, KernelReport, Language, Verdict};

/// Source files read on demand (a file that cannot be read shows no source lines).
#[derive(Default)]
pub struct SourceCache {
    files: HashMap<String, Option<Vec<String>>>,
}

impl SourceCache {
    pub fn line(&mut self, file: &str, line: u32) -> Option<&str> {
        let lines = self.files.entry(file.to_string()).or_insert_with(|| {
            std::fs::read_to_string(file)
                .ok()
                .map(|s| s.lines().map(str::to_string).collect())
        });
        lines
            .as_ref()?
            .get(line.checked_sub(1)? as usize)
            .map(String::as_str)
    }

    /// The source line and a caret under the column, or nothing.
    pub fn snippet(&mut self, pos: &SourcePos) -> String {
        match self.line(&pos.file, pos.line) {
            Some(text) => {
                let col = pos.col.max(1) as usize;
                let pad: String = text
                    .chars()
                    .take(col - 1)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                format!("{text}\n{pad}^\n")
            }
            None => String::new(),
        }
    }
}

/// How diagnostics are laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// Clang's: every error line starts `file:line:col:`.
    #[default]
    Clang,
    /// GPUVerify's, for tools that parse its output: a race's first line names only the
    /// file (its accesses carry the positions), and accesses name the file by full path.
    GpuVerify,
}

fn at(pos: &Option<SourcePos>) -> String {
    match pos {
        Some(p) => format!("{p}: "),
        None => String::new(),
    }
}

/// An access's position as GPUVerify prints it: the file made absolute.
fn absolute(p: &SourcePos) -> String {
    let path = std::path::Path::new(&p.file);
    let full = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|d| d.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    };
    format!("{}:{}:{}", full.display(), p.line, p.col)
}

pub fn render(
    r: &KernelReport,
    language: Language,
    launch: &Launch,
    sources: &mut SourceCache,
    style: Style,
) -> String {
    let mut out = String::new();
    for d in &r.diagnostics {
        let head = match (&d.pos, style, &d.kind) {
            (Some(p), Style::GpuVerify, DefectKind::Race) => format!("{}: ", p.file),
            _ => at(&d.pos),
        };
        let _ = writeln!(out, "{head}error: {}", d.message);
        if let Some(p) = &d.pos {
            out.push_str(&sources.snippet(p));
        }
        for a in &d.accesses {
            access(&mut out, a, language, launch, sources, style);
        }
        if d.accesses.is_empty() && d.threads.len() == 2 {
            let _ = writeln!(
                out,
                "note: for the pair {} and {}",
                language.describe(&d.threads[0], launch),
                language.describe(&d.threads[1], launch)
            );
        }
        let executed = d
            .replay
            .as_ref()
            .is_some_and(|r| r.outcome == engine::replay::ReplayOutcome::Confirmed);
        if !d.confirmed && executed {
            let _ = writeln!(
                out,
                "note: found with inferred loop invariants (this trace may be spurious), and an execution confirms the defect (see below)"
            );
        } else if !d.confirmed {
            let _ = writeln!(
                out,
                "note: found with inferred loop invariants; it may be spurious (no invariant strong enough to prove this check was found, and no concrete trace confirms it)"
            );
        }
        if !d.confirmed {
            // Where the trace stands on loop invariants instead of a real execution.
            for head in &d.loop_abstractions {
                match style {
                    Style::GpuVerify => {
                        let _ = writeln!(out, "On entry to loop headed at {head}:");
                        let _ =
                            writeln!(out, "After 0 or more iterations of loop headed at {head}");
                    }
                    Style::Clang => {
                        let _ = writeln!(
                            out,
                            "note: the trace enters the loop at {head}, then continues from any state after 0 or more iterations that the loop's invariants allow"
                        );
                    }
                }
            }
        }
        if let Some(r) = &d.replay {
            let _ = writeln!(out, "note: {}", r.message);
        }
        if !d.params.is_empty() {
            let vals: Vec<String> = d.params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
            let _ = writeln!(out, "note: with parameter values {}", vals.join(", "));
        }
        out.push('\n');
    }
    for reason in &r.inconclusive {
        let _ = writeln!(out, "warning: {reason}");
    }
    let summary = match r.verdict {
        Verdict::Verified => match &r.races_only_on {
            None => format!(
                "{}: verified: no data race, barrier divergence or assertion failure ({} checks proved)",
                r.kernel, r.proved
            ),
            Some(names) if names.is_empty() => format!(
                "{}: verified: no barrier divergence or assertion failure; data races were not checked ({} checks proved)",
                r.kernel, r.proved
            ),
            Some(names) => format!(
                "{}: verified: no barrier divergence or assertion failure, and no data race on {}; other arrays were not checked ({} checks proved)",
                r.kernel,
                names.join(", "),
                r.proved
            ),
        },
        Verdict::Defects => format!(
            "{}: {} defect{} found",
            r.kernel,
            r.diagnostics.len(),
            if r.diagnostics.len() == 1 { "" } else { "s" }
        ),
        Verdict::Inconclusive => format!(
            "{}: inconclusive: {} of {} checks proved, nothing was claimed for the rest",
            r.kernel, r.proved, r.checks
        ),
    };
    out.push_str(&summary);
    out.push('\n');
    if r.only_intra_group {
        let _ = writeln!(
            out,
            "note: only threads of one group were paired (--only-intra-group): races between groups were not checked"
        );
    }
    for a in &r.assumptions {
        let _ = writeln!(out, "note: {a}");
    }
    tolerated(&mut out, r);
    out
}

/// `note: 2 benign conflicts tolerated: ...`, under a verified verdict that rests on them.
fn tolerated(out: &mut String, r: &KernelReport) {
    let n = r.tolerated.len();
    if n > 0 {
        let each: Vec<String> = (r.tolerated.iter())
            .map(|t| match &t.pos {
                Some(p) => format!("{} on {} at {p}", t.kind, t.array),
                None => format!("{} on {}", t.kind, t.array),
            })
            .collect();
        let _ = writeln!(
            out,
            "note: {n} benign conflict{} tolerated (the threads wrote equal values, or a write left memory as it was): {}; --benign=none reports {}",
            if n == 1 { " was" } else { "s were" },
            each.join(", "),
            if n == 1 { "it" } else { "them" }
        );
    }
    if r.tolerance_undecided > 0 {
        let _ = writeln!(
            out,
            "note: whether the proof needed benign tolerance was not decided for {} race check{} (--benign=none decides)",
            r.tolerance_undecided,
            if r.tolerance_undecided == 1 { "" } else { "s" }
        );
    }
}

/// One access of a race: `Write by <thread>, <where>:` and the source line. Where is its
/// position; for an access made by a function without a body, the call and that function
/// (GPUVerify's style says `from external source location`, its words); for an access
/// the counterexample does not pin down, the positions it can be.
fn access(
    out: &mut String,
    a: &AccessNote,
    language: Language,
    launch: &Launch,
    sources: &mut SourceCache,
    style: Style,
) {
    let mut kind = kind_word(a.kind).to_string();
    kind[..1].make_ascii_uppercase();
    let thread = match style {
        Style::Clang => language.describe(&a.thread, launch),
        Style::GpuVerify => language.describe_gpuverify(&a.thread, launch),
    };
    let place = |p: &SourcePos| match style {
        Style::Clang => p.to_string(),
        Style::GpuVerify => absolute(p),
    };
    match (&a.pos, &a.bodiless_function) {
        (Some(p), Some(f)) => {
            let _ = match style {
                Style::Clang => writeln!(
                    out,
                    "{kind} by {thread}, inside {f} (a function without a body) called at {}:",
                    place(p)
                ),
                Style::GpuVerify => writeln!(
                    out,
                    "{kind} by {thread}, from external source location \
                     (inside {f}, a function without a body, called at {}):",
                    place(p)
                ),
            };
            out.push_str(&sources.snippet(p));
        }
        (Some(p), None) => {
            let _ = writeln!(out, "{kind} by {thread}, {}:", place(p));
            out.push_str(&sources.snippet(p));
        }
        (None, _) if !a.sources.is_empty() => {
            let _ = writeln!(out, "{kind} by {thread}, possible sources are:");
            for p in &a.sources {
                let _ = writeln!(out, "{}:", place(p));
                out.push_str(&sources.snippet(p));
            }
        }
        (None, _) => {
            let _ = writeln!(out, "{kind} by {thread}");
        }
    }
}
