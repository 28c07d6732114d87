//! How the accesses of a race are printed, in both output styles: an access at a known
//! position, one made by a function without a body (at its call), and one whose
//! counterexample leaves several possible sources. Hand-built reports, so the text is
//! exactly what the renderer makes of them. The source files do not exist: no source
//! lines are shown.

use kir::{AccessKind, SourcePos};
use lockstep::Launch;
use report::{
    render, AccessNote, DefectKind, Diagnostic, KernelReport, Language, SourceCache, Style,
    ThreadId, Verdict,
};

fn at(line: u32, col: u32) -> SourcePos {
    SourcePos {
        file: "/src/k.cl".into(),
        line,
        col,
    }
}

fn thread(local: u64) -> ThreadId {
    ThreadId {
        local: [local, 0, 0],
        group: [0, 0, 0],
    }
}

fn note(kind: AccessKind, local: u64, pos: Option<SourcePos>) -> AccessNote {
    AccessNote {
        kind,
        thread: thread(local),
        pos,
        sources: Vec::new(),
        bodiless_function: None,
    }
}

fn race(message: &str, line: u32, accesses: Vec<AccessNote>) -> Diagnostic {
    Diagnostic {
        kind: DefectKind::Race,
        message: message.into(),
        pos: Some(at(line, 3)),
        accesses,
        threads: vec![thread(1), thread(2)],
        params: Vec::new(),
        confirmed: true,
        loop_abstractions: Vec::new(),
        replay: None,
    }
}

fn report(diagnostics: Vec<Diagnostic>) -> KernelReport {
    KernelReport {
        kernel: "k".into(),
        verdict: Verdict::Defects,
        diagnostics,
        inconclusive: Vec::new(),
        checks: 3,
        proved: 1,
        assumptions: Vec::new(),
        races_only_on: None,
        only_intra_group: false,
        tolerated: Vec::new(),
        tolerance_undecided: 0,
    }
}

/// A write by `__spec_fill` (called at line 5) against a read at line 6; a read logged in
/// a loop (lines 3 and 4) against a write at line 8.
fn sample() -> KernelReport {
    let bodiless = AccessNote {
        bodiless_function: Some("__spec_fill".into()),
        ..note(AccessKind::Write, 1, Some(at(5, 3)))
    };
    let looped = AccessNote {
        sources: vec![at(3, 10), at(4, 10)],
        ..note(AccessKind::Read, 1, None)
    };
    report(vec![
        race(
            "possible write-read race on T[1][2]:",
            6,
            vec![note(AccessKind::Read, 2, Some(at(6, 3))), bodiless],
        ),
        race(
            "possible read-write race on A[7]:",
            8,
            vec![note(AccessKind::Write, 2, Some(at(8, 3))), looped],
        ),
    ])
}

fn rendered(style: Style) -> String {
    let launch = Launch::new([64, 1, 1], [1, 1, 1]).expect("launch");
    render(
        &sample(),
        Language::OpenCl,
        &launch,
        &mut SourceCache::default(),
        style,
    )
}

#[test]
fn accesses_in_clang_style() {
    let out = rendered(Style::Clang);
    assert!(out.contains("inside __spec_fill (a function without a body) called at /src/k.cl:5:3:"));
    insta::assert_snapshot!(out);
}

#[test]
fn accesses_in_gpuverify_style() {
    let out = rendered(Style::GpuVerify);
    assert!(out.contains(", from external source location (inside __spec_fill"));
    assert!(out.contains("possible sources are:\n/src/k.cl:3:10:\n/src/k.cl:4:10:\n"));
    insta::assert_snapshot!(out);
}
