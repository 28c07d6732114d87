//! Judging one kernel's run against its header: the per-kernel record.

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use super::discover::KernelFile;
use super::exec::{ChildRun, Ending};
use super::header::{Expected, Header};

/// What the verifier did, as written in baselines: the exit code, `hang`, `crash`, or `error`
/// (the runner could not run it: bad header, unreadable file, cannot spawn).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Got {
    Exit(i32),
    Hang,
    Crash { signal: i32 },
    Error { message: String },
}

impl Got {
    /// The baseline token: `0`, `hang`, `crash` or `error`.
    pub fn token(&self) -> String {
        match self {
            Got::Exit(code) => code.to_string(),
            Got::Hang => "hang".to_string(),
            Got::Crash { .. } => "crash".to_string(),
            Got::Error { .. } => "error".to_string(),
        }
    }
}

impl fmt::Display for Got {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Got::Exit(code) => write!(f, "exit {code}"),
            Got::Hang => write!(f, "hang (killed)"),
            Got::Crash { signal } => write!(f, "crash (signal {signal})"),
            Got::Error { message } => write!(f, "runner error: {message}"),
        }
    }
}

/// One kernel's result.
#[derive(Debug, Clone, Serialize)]
pub struct KernelRecord {
    pub path: PathBuf,
    pub rel: String,
    pub category: String,
    /// What the header expects; `None` when it could not be read.
    pub expected: Option<Expected>,
    pub got: Got,
    pub seconds: f64,
    /// The header's regular expressions the output did not match, in order.
    pub mismatched: Vec<String>,
    pub passed: bool,
    /// The header expects a defect (`xfail:NOT_ALL_VERIFIED`) but the verifier claimed
    /// "verified".
    pub unsound: bool,
    pub output: String,
}

impl KernelRecord {
    /// A record for a kernel the runner could not run.
    pub fn error(kernel: &KernelFile, message: String) -> KernelRecord {
        KernelRecord {
            path: kernel.path.clone(),
            rel: kernel.rel.clone(),
            category: kernel.category.clone(),
            expected: None,
            got: Got::Error { message },
            seconds: 0.0,
            mismatched: Vec::new(),
            passed: false,
            unsound: false,
            output: String::new(),
        }
    }

    /// `pass (exit 0)`, or `?` when there was no usable header.
    pub fn expected_text(&self) -> String {
        match &self.expected {
            Some(e) => format!("{} ({})", e.label, e.codes_text()),
            None => "?".to_string(),
        }
    }
}

/// Compares a finished run with what the header expects.
pub fn judge(kernel: &KernelFile, header: &Header, run: ChildRun) -> KernelRecord {
    let got = match run.ending {
        Ending::Exited(code) => Got::Exit(code),
        Ending::Hung => Got::Hang,
        Ending::Signalled(signal) => Got::Crash { signal },
        Ending::Failed(message) => Got::Error { message },
    };
    let exit_ok = matches!(got, Got::Exit(code) if header.expected.codes.contains(&code));
    let mismatched: Vec<String> = header
        .regexes
        .iter()
        .filter(|r| !r.is_match(&run.output))
        .map(|r| r.as_str().to_string())
        .collect();
    let unsound = header.expected.must_find_defect() && got == Got::Exit(0);
    KernelRecord {
        path: kernel.path.clone(),
        rel: kernel.rel.clone(),
        category: kernel.category.clone(),
        expected: Some(header.expected.clone()),
        passed: exit_ok && mismatched.is_empty() && !unsound,
        got,
        seconds: run.seconds,
        mismatched,
        unsound,
        output: run.output,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::header::parse_header;

    fn kernel() -> KernelFile {
        KernelFile {
            path: PathBuf::from("t/races/k.cl"),
            rel: "races/k.cl".to_string(),
            category: "races".to_string(),
        }
    }

    fn run(ending: Ending, output: &str) -> ChildRun {
        ChildRun {
            ending,
            output: output.to_string(),
            seconds: 0.5,
        }
    }

    fn judge_text(header: &str, ending: Ending, output: &str) -> KernelRecord {
        let header = parse_header(header, "//").unwrap();
        judge(&kernel(), &header, run(ending, output))
    }

    #[test]
    fn pass_needs_exit_zero_and_every_regex() {
        let h = "//pass\n//\n//verified\n//[\\d]+ checks";
        assert!(judge_text(h, Ending::Exited(0), "verified: 3 checks").passed);
        let r = judge_text(h, Ending::Exited(0), "verified");
        assert!(!r.passed);
        assert_eq!(r.mismatched, ["[\\d]+ checks"]);
        assert!(!judge_text(h, Ending::Exited(1), "verified: 3 checks").passed);
    }

    #[test]
    fn regexes_see_stdout_and_stderr_across_lines() {
        let h = "//xfail:NOT_ALL_VERIFIED\n//\n//k.cl:3:[\\s]+error";
        let r = judge_text(h, Ending::Exited(1), "k.cl:3:\n  error: race");
        assert!(r.passed);
        assert!(!r.unsound);
    }

    #[test]
    fn verified_when_a_defect_is_expected_is_unsound() {
        let r = judge_text("//xfail:NOT_ALL_VERIFIED\n//", Ending::Exited(0), "");
        assert!(!r.passed);
        assert!(r.unsound);
        // Other expected failures exiting 0 are plain failures.
        let r = judge_text("//xfail:BUGLE_ERROR\n//", Ending::Exited(0), "");
        assert!(!r.passed);
        assert!(!r.unsound);
    }

    #[test]
    fn ranges_hangs_and_crashes() {
        let h = "//xfail:GPUVERIFYVCGEN_ERROR\n//";
        assert!(judge_text(h, Ending::Exited(4), "").passed);
        assert!(!judge_text(h, Ending::Exited(5), "").passed);
        let r = judge_text("//xfail:TIMEOUT\n//", Ending::Hung, "");
        assert!(!r.passed);
        assert_eq!(r.got.token(), "hang");
        let r = judge_text("//pass\n//", Ending::Signalled(11), "");
        assert!(!r.passed);
        assert_eq!(r.got.token(), "crash");
        assert_eq!(r.got.to_string(), "crash (signal 11)");
    }

    #[test]
    fn runner_errors_fail() {
        let r = KernelRecord::error(&kernel(), "bad header".to_string());
        assert!(!r.passed);
        assert_eq!(r.got.token(), "error");
    }
}
