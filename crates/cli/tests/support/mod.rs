//! Shared by the `cli_*` integration tests (as `tests/support/mod.rs`, which cargo does not
//! build as a test of its own): runs the `lockstep` binary in `tests/cli_data`, so that file
//! names in its output are as short as the tests pass them, and checks that it ended normally.
#![allow(dead_code)] // each test file uses a different part of it

use std::path::{Path, PathBuf};
use std::process::Command;

/// This directory: the tests' kernels.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli_data")
}

/// One run of the binary.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Everything the run printed, for assertion messages.
    pub fn show(&self) -> String {
        format!(
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }

    /// The first line of `text` that matches `pattern`, or a failure showing the run.
    pub fn line<'a>(&'a self, text: &'a str, pattern: &str) -> &'a str {
        let re = regex::Regex::new(pattern).expect("test pattern");
        text.lines()
            .find(|l| re.is_match(l))
            .unwrap_or_else(|| panic!("no line matches /{pattern}/\n{}", self.show()))
    }

    /// The stderr line that matches `pattern`.
    pub fn stderr_line(&self, pattern: &str) -> &str {
        self.line(&self.stderr, pattern)
    }

    /// The whole of stdout as one JSON document (serde_json refuses trailing text).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not one JSON document: {e}\n{}", self.show()))
    }

    /// The stdout line that matches `pattern`.
    pub fn stdout_line(&self, pattern: &str) -> &str {
        self.line(&self.stdout, pattern)
    }
}

/// Runs `lockstep ARGS…` in the data directory. Fails the test if the process was killed by
/// a signal or panicked: whatever the input, lockstep must end with an exit code.
pub fn lockstep(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_lockstep"))
        .args(args)
        .current_dir(data_dir())
        .env_remove("LOCKSTEP_LOG")
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("the lockstep binary runs");
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        out.status.code().is_some(),
        "lockstep {args:?} was killed by a signal ({:?})\n{}",
        out.status,
        run.show()
    );
    assert!(
        !run.stderr.contains("panicked") && !run.stdout.contains("panicked"),
        "lockstep {args:?} panicked\n{}",
        run.show()
    );
    run
}

/// Runs `lockstep ARGS…` and checks its exit code.
pub fn lockstep_exits(code: i32, args: &[&str]) -> Run {
    let run = lockstep(args);
    assert_eq!(run.code, code, "lockstep {args:?}\n{}", run.show());
    run
}
