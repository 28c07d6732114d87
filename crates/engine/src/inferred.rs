//! Which candidate loop invariants a kernel's cut program starts from, and what Houdini
//! kept of them (`--infer-info`).

use kir::{Expr, Kernel, Thread, VarKind};
use vcgen::{Family, Invariant};

/// The candidates of a kernel's loops, and which Houdini kept.
pub struct Inferred {
    pub candidates: Vec<Invariant>,
    pub kept: Vec<bool>,
}

impl Inferred {
    /// `--infer-info`: one line per candidate, with its loop and whether it was kept.
    pub fn lines(&self, name: &str, tt: &lockstep::TwoThread) -> Vec<String> {
        let printer = kir::Printer::new(&tt.kernel);
        self.candidates
            .iter()
            .map(|c| {
                let verdict = if self.kept[c.index as usize] {
                    "kept"
                } else {
                    "dropped"
                };
                let head = tt.kernel.block(c.head);
                let at = head
                    .loc
                    .map(|l| format!(" at {}", tt.kernel.pos(l)))
                    .unwrap_or_default();
                format!(
                    "{name}: loop {}{at}: {verdict}: {}: {}",
                    head.name,
                    c.name,
                    printer.expr(&c.expr)
                )
            })
            .collect()
    }
}

/// Each candidate with its index, loop and family, at trace level
/// (`LOCKSTEP_LOG=engine::inferred=trace`), to read Houdini's per-check traces by.
pub fn trace(tt: &lockstep::TwoThread, candidates: &[Invariant]) {
    if !tracing::enabled!(tracing::Level::TRACE) {
        return;
    }
    let printer = kir::Printer::new(&tt.kernel);
    for c in candidates {
        let head = tt.kernel.block(c.head);
        tracing::trace!(
            index = c.index,
            head = %head.name,
            family = ?c.family,
            name = %c.name,
            expr = %printer.expr(&c.expr),
            "candidate"
        );
    }
}

/// The candidates the cut program starts from: every generated one and the user's
/// candidate invariants, or with `--no-infer` only [`control`] ones; with
/// `--asymmetric-asserts` only those about thread 1.
pub fn candidates(tt: &lockstep::TwoThread, infer: bool, thread_1: bool) -> Vec<Invariant> {
    let all = if infer {
        let mut all = vcgen::candidates(tt);
        all.extend(vcgen::user_candidates(tt, all.len() as u32));
        all
    } else {
        renumber(vcgen::candidates(tt).into_iter().filter(control))
    };
    if thread_1 {
        renumber(
            all.into_iter()
                .filter(|c| !about_thread_2(&tt.kernel, &c.expr)),
        )
    } else {
        all
    }
}

/// With `--no-infer`, only the candidates about where the threads are at a loop head and
/// which values the two threads share (GPUVerify knows these from the structure of its
/// predicated loops and its uniformity analysis; ours must be proved).
fn control(c: &Invariant) -> bool {
    matches!(
        c.family,
        Family::Control | Family::Uniform | Family::Records
    )
}

/// The candidates, numbered from 0 for Houdini.
fn renumber(candidates: impl Iterator<Item = Invariant>) -> Vec<Invariant> {
    candidates
        .enumerate()
        .map(|(i, c)| Invariant {
            index: i as u32,
            ..c
        })
        .collect()
}

fn about_thread_2(k: &Kernel, e: &Expr) -> bool {
    let mut found = false;
    e.for_each_var(&mut |v| {
        found |= matches!(
            k.var(v).kind,
            VarKind::ThreadCopy {
                thread: Thread::T2,
                ..
            }
        )
    });
    found
}
