//! The `.kir` test-file format, shared by the file-driven tests of the crates that read
//! or transform KIR (so none of them includes another's test code).
//!
//! A test file is KIR text (see [`crate::parse`]; lines starting with `;` are comments)
//! with, optionally:
//! - `; error: MESSAGE` lines: the run must fail with exactly these messages, in order
//!   (a parse error prints as `LINE:COL: message`, a verifier error as
//!   [`crate::VerifyError`] displays);
//! - a line `; expect:` followed by the text the run must print (trailing blank lines do
//!   not matter). Without it, and without `; error:` lines, the run must print its input
//!   back (without the comment lines).
//!
//! With the environment variable `KIR_BLESS` set, a mismatch rewrites the file's
//! `; error:` lines or `; expect:` section instead of failing (review the diff).

use std::path::{Path, PathBuf};

/// One test file, split into its parts.
pub struct Case {
    pub path: PathBuf,
    /// Everything before `; expect:` (comment lines included; the parser skips them).
    pub input: String,
    pub errors: Vec<String>,
    pub expect: Option<String>,
}

impl Case {
    pub fn parse(path: &Path, text: &str) -> Case {
        let (input, expect) = match text.find("\n; expect:\n") {
            Some(at) => (&text[..at + 1], Some(text[at + 11..].to_string())),
            None => (text, None),
        };
        let errors = input
            .lines()
            .filter_map(|l| l.strip_prefix("; error:"))
            .map(|m| m.trim().to_string())
            .collect();
        Case {
            path: path.to_path_buf(),
            input: input.to_string(),
            errors,
            expect,
        }
    }

    /// The input without comment and blank lines: what a round trip prints.
    pub fn input_text(&self) -> String {
        let mut out = String::new();
        for l in self.input.lines() {
            if !l.trim().is_empty() && !l.trim_start().starts_with(';') {
                out.push_str(l);
                out.push('\n');
            }
        }
        out
    }

    /// Compares what a run gave with what the file expects; `Err` says how they differ.
    pub fn check(&self, got: &Result<String, Vec<String>>) -> Result<(), String> {
        match (got, self.errors.is_empty()) {
            (Err(errors), false) if *errors == self.errors => Ok(()),
            (Err(errors), _) => Err(format!(
                "errors\n  got:    {}\n  wanted: {}",
                errors.join("\n          "),
                self.errors.join("\n          ")
            )),
            (Ok(_), false) => Err(format!("succeeded, wanted errors {:?}", self.errors)),
            (Ok(out), true) => {
                let want = self.expect.clone().unwrap_or_else(|| self.input_text());
                if out.trim_end() == want.trim_end() {
                    return Ok(());
                }
                let diff = out
                    .lines()
                    .chain(std::iter::repeat("<end>"))
                    .zip(want.lines().chain(std::iter::repeat("<end>")))
                    .zip(1..)
                    .take(out.lines().count().max(want.lines().count()))
                    .find(|((a, b), _)| a != b)
                    .map(|((a, b), n)| format!("output line {n}\n  got:    {a}\n  wanted: {b}"));
                Err(diff.unwrap_or_else(|| "output differs".into()))
            }
        }
    }

    /// The file rewritten to expect `got`.
    pub fn blessed(&self, got: &Result<String, Vec<String>>) -> String {
        let mut out = String::new();
        let mut errors_written = false;
        let errors: &[String] = match got {
            Err(e) => e,
            Ok(_) => &[],
        };
        for l in self.input.lines() {
            if l.starts_with("; error:") {
                continue;
            }
            if !errors_written && !l.starts_with(';') {
                for e in errors {
                    out.push_str(&format!("; error: {e}\n"));
                }
                errors_written = true;
            }
            out.push_str(l);
            out.push('\n');
        }
        if let Ok(text) = got {
            if self.expect.is_some() || text.trim_end() != self.input_text().trim_end() {
                out.push_str("; expect:\n");
                out.push_str(text);
            }
        }
        out
    }
}

/// Runs `run` on every `*.kir` file of `dir` (sorted by name) and checks it as the file
/// says. `Ok(number of files)`, or `Err` with a report of every failure.
pub fn run_dir(
    dir: &Path,
    run: impl Fn(&Case) -> Result<String, Vec<String>>,
) -> Result<usize, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "kir"))
        .collect();
    paths.sort();
    let bless = std::env::var_os("KIR_BLESS").is_some();
    let mut failures = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let case = Case::parse(path, &text);
        let got = run(&case);
        if let Err(why) = case.check(&got) {
            if bless {
                std::fs::write(path, case.blessed(&got))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            } else {
                failures.push(format!("{}: {why}", path.display()));
            }
        }
    }
    if failures.is_empty() {
        Ok(paths.len())
    } else {
        Err(failures.join("\n"))
    }
}
