//! The comparison as a terminal table, CSV or one JSON document, and the summary as text.

use std::fmt::Write;

use super::rows::Row;
use super::summary::Summary;
use super::{CompareError, Plan};

/// The columns of the table and of the CSV, in order.
pub const COLUMNS: [&str; 11] = [
    "kernel",
    "mode",
    "opt",
    "verdict",
    "exit",
    "blocks_before",
    "blocks_after",
    "vc_terms",
    "vc_checks",
    "solver_s",
    "total_s",
];

fn cells(r: &Row) -> [String; 11] {
    [
        r.kernel.clone(),
        r.mode.name().to_string(),
        format!("-O{}", r.opt_level),
        r.verdict.name().to_string(),
        r.exit_code.map_or("-".to_string(), |c| c.to_string()),
        r.blocks_before.to_string(),
        r.blocks_after.to_string(),
        r.vc_terms.to_string(),
        r.vc_checks.to_string(),
        format!("{:.3}", r.solver_seconds),
        format!("{:.3}", r.total_seconds),
    ]
}

/// A table with aligned columns (numbers right-aligned), one row per run.
pub fn table(rows: &[Row]) -> String {
    let header = COLUMNS.map(str::to_string);
    let body: Vec<[String; 11]> = rows.iter().map(cells).collect();
    let mut widths = header.clone().map(|h| h.len());
    for r in &body {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    for line in std::iter::once(&header).chain(&body) {
        let mut text = String::new();
        for (i, (cell, w)) in line.iter().zip(&widths).enumerate() {
            let sep = if i == 0 { "" } else { "  " };
            if i < 4 {
                let _ = write!(text, "{sep}{cell:<w$}");
            } else {
                let _ = write!(text, "{sep}{cell:>w$}");
            }
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}

/// CSV with a header line; fields with commas or quotes are quoted.
pub fn csv(rows: &[Row]) -> String {
    let mut out = COLUMNS.join(",") + "\n";
    for r in rows {
        let line: Vec<String> = cells(r).iter().map(|c| csv_field(c)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

fn csv_field(c: &str) -> String {
    if c.contains([',', '"', '\n']) {
        format!("\"{}\"", c.replace('"', "\"\""))
    } else {
        c.to_string()
    }
}

/// `{"modes", "opt_levels", "verify_flags", "rows", "summary"}`.
pub fn json(plan: &Plan, rows: &[Row], summary: &Summary) -> Result<String, CompareError> {
    let doc = serde_json::json!({
        "modes": plan.modes,
        "opt_levels": plan.levels,
        "verify_flags": plan.verify_flags,
        "timeout": plan.timeout,
        "rows": rows,
        "summary": summary,
    });
    Ok(serde_json::to_string_pretty(&doc)?)
}

/// The summary: time ratios per pair of modes and level, the agreement table, and every
/// disagreement, loudly, last.
pub fn summary(s: &Summary) -> String {
    let mut out = String::new();
    if !s.ratios.is_empty() {
        out.push_str(
            "time ratios (geometric mean over kernels both modes decided):\n\
             pair                          opt  kernels  total  solver  largest total ratios\n",
        );
    }
    for r in &s.ratios {
        let pair = format!("{}/{}", r.a.name(), r.b.name());
        let largest: Vec<String> = r
            .largest
            .iter()
            .take(3)
            .map(|(k, x)| format!("{k} {x:.2}"))
            .collect();
        let _ = writeln!(
            out,
            "{pair:<29} -O{}  {:>7}  {:>5.2}  {:>6.2}  {}",
            r.opt_level,
            r.kernels,
            r.total,
            r.solver,
            largest.join(", ")
        );
    }
    out.push_str("\nagreement between modes:\nopt  kernels  agree  disagree  n/a  undecided\n");
    for a in &s.agreement {
        let _ = writeln!(
            out,
            "-O{}  {:>7}  {:>5}  {:>8}  {:>3}  {:>9}",
            a.opt_level, a.kernels, a.agree, a.disagree, a.not_applicable, a.undecided
        );
    }
    if s.disagreements.is_empty() {
        out.push_str("\nno verdict differs between modes or levels\n");
    } else {
        let _ = writeln!(
            out,
            "\n{} verdict(s) differ: a bug in lockstep, or the optimiser removed or introduced a defect",
            s.disagreements.len()
        );
        for line in s.disagreement_lines() {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}
