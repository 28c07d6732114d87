//! The gvtester-style header at the top of a test kernel.
//!
//! Line 1 is `//pass` or `//xfail:CODE` (case-insensitive), line 2 the verifier flags, and the
//! lines directly below that start with the same leader are regular expressions the verifier's
//! combined output must each match (searched for, in multi-line mode: `^`/`$` match at line
//! breaks; empty ones are skipped). The leader is `//` for `.cl`/`.cu` files and `;` for `.ll`.

use std::ops::RangeInclusive;
use std::path::Path;

use regex::{Regex, RegexBuilder};
use serde::Serialize;
use thiserror::Error;

/// The exit codes a kernel's header allows, and the name it used for them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Expected {
    /// `pass` or `xfail:CODE` with the code upper-cased.
    pub label: String,
    /// Exit codes of `lockstep verify` that meet the expectation.
    pub codes: RangeInclusive<i32>,
}

impl Expected {
    /// True when the header says the verifier must report a defect (exit 1): claiming
    /// "verified" for such a kernel is unsound.
    pub fn must_find_defect(&self) -> bool {
        self.label == "xfail:NOT_ALL_VERIFIED"
    }

    /// `exit 0` or `exit 1..=4`, for messages.
    pub fn codes_text(&self) -> String {
        if self.codes.start() == self.codes.end() {
            format!("exit {}", self.codes.start())
        } else {
            format!("exit {}..={}", self.codes.start(), self.codes.end())
        }
    }
}

/// A parsed header.
#[derive(Debug, Clone)]
pub struct Header {
    pub expected: Expected,
    /// Line 2 split on whitespace (`${KERNEL_DIR}` not yet substituted).
    pub flags: Vec<String>,
    /// The non-empty regular expressions, in file order.
    pub regexes: Vec<Regex>,
}

/// Why a file's header cannot be used.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum HeaderError {
    #[error("line 1 must be `{leader}pass` or `{leader}xfail:CODE`, found `{found}`")]
    BadFirstLine { leader: &'static str, found: String },
    #[error("line 1: unknown xfail code `{0}`")]
    UnknownCode(String),
    #[error("line 2 must hold the flags after `{leader}`, found `{found}`")]
    MissingFlags { leader: &'static str, found: String },
    #[error("line {line}: invalid regular expression: {message}")]
    BadRegex { line: usize, message: String },
}

/// The comment leader of a kernel file: `;` for LLVM `.ll` files, `//` otherwise.
pub fn leader_for(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("ll") => ";",
        _ => "//",
    }
}

/// The exit codes `lockstep verify` may give for a GPUVerify outcome name (case-insensitive);
/// `None` for a name we do not know.
pub fn expected_codes(code: &str) -> Option<RangeInclusive<i32>> {
    let codes = match code.to_ascii_uppercase().as_str() {
        "NOT_ALL_VERIFIED" => 1..=1,
        "COMMAND_LINE_ERROR" => 2..=2,
        "CLANG_ERROR" => 3..=3,
        "UNSUPPORTED" => 4..=4,
        "INCONCLUSIVE" | "TIMEOUT" => 5..=5,
        // GPUVerify's own front and middle ends failed on these; we may instead report a
        // defect, a front-end error or an unsupported construct, but never "verified".
        "BUGLE_ERROR" | "GPUVERIFYVCGEN_ERROR" => 1..=4,
        _ => return None,
    };
    Some(codes)
}

/// Parses the header of `text`, whose comment leader is `leader`.
pub fn parse_header(text: &str, leader: &'static str) -> Result<Header, HeaderError> {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let expected = parse_first_line(first, leader)?;

    let second = lines.next().unwrap_or("");
    let flags = second
        .strip_prefix(leader)
        .ok_or_else(|| HeaderError::MissingFlags {
            leader,
            found: second.to_string(),
        })?
        .split_whitespace()
        .map(str::to_string)
        .collect();

    let mut regexes = Vec::new();
    for (index, line) in lines.enumerate() {
        let Some(body) = line.strip_prefix(leader) else {
            break;
        };
        let body = body.trim();
        if body.is_empty() {
            continue;
        }
        // Multi-line, as in GPUVerify's tester: `^` and `$` also match at line breaks.
        let regex = RegexBuilder::new(body)
            .multi_line(true)
            .build()
            .map_err(|e| HeaderError::BadRegex {
                line: index + 3,
                message: e.to_string(),
            })?;
        regexes.push(regex);
    }

    Ok(Header {
        expected,
        flags,
        regexes,
    })
}

fn parse_first_line(line: &str, leader: &'static str) -> Result<Expected, HeaderError> {
    let bad = || HeaderError::BadFirstLine {
        leader,
        found: line.to_string(),
    };
    let word = line.strip_prefix(leader).ok_or_else(bad)?.trim();
    if word.eq_ignore_ascii_case("pass") {
        return Ok(Expected {
            label: "pass".to_string(),
            codes: 0..=0,
        });
    }
    let (kind, code) = word.split_once(':').ok_or_else(bad)?;
    if !kind.trim().eq_ignore_ascii_case("xfail") {
        return Err(bad());
    }
    let code = code.trim();
    let codes = expected_codes(code).ok_or_else(|| HeaderError::UnknownCode(code.to_string()))?;
    Ok(Expected {
        label: format!("xfail:{}", code.to_ascii_uppercase()),
        codes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Header, HeaderError> {
        parse_header(text, "//")
    }

    #[test]
    fn pass_header_with_flags() {
        let h = parse("//pass\n//--local_size=64 --num_groups=2\n\nkernel").unwrap();
        assert_eq!(h.expected.label, "pass");
        assert_eq!(h.expected.codes, 0..=0);
        assert_eq!(h.flags, ["--local_size=64", "--num_groups=2"]);
        assert!(h.regexes.is_empty());
    }

    #[test]
    fn xfail_is_case_insensitive_and_canonicalised() {
        let h = parse("//XFAIL:not_all_verified\n//\n").unwrap();
        assert_eq!(h.expected.label, "xfail:NOT_ALL_VERIFIED");
        assert_eq!(h.expected.codes, 1..=1);
        assert!(h.expected.must_find_defect());
        assert!(h.flags.is_empty());
        let h = parse("//Pass\n//--x").unwrap();
        assert_eq!(h.expected.label, "pass");
        assert!(!h.expected.must_find_defect());
    }

    #[test]
    fn code_mapping() {
        assert_eq!(expected_codes("COMMAND_LINE_ERROR"), Some(2..=2));
        assert_eq!(expected_codes("clang_error"), Some(3..=3));
        assert_eq!(expected_codes("UNSUPPORTED"), Some(4..=4));
        assert_eq!(expected_codes("TIMEOUT"), Some(5..=5));
        assert_eq!(expected_codes("INCONCLUSIVE"), Some(5..=5));
        assert_eq!(expected_codes("BUGLE_ERROR"), Some(1..=4));
        assert_eq!(expected_codes("GPUVERIFYVCGEN_ERROR"), Some(1..=4));
        assert_eq!(expected_codes("OPT_ERROR"), None);
    }

    #[test]
    fn codes_text() {
        let h = parse("//xfail:BUGLE_ERROR\n//").unwrap();
        assert_eq!(h.expected.codes_text(), "exit 1..=4");
        let h = parse("//xfail:CLANG_ERROR\n//").unwrap();
        assert_eq!(h.expected.codes_text(), "exit 3");
    }

    #[test]
    fn regex_lines_stop_at_first_non_comment_and_skip_empty() {
        let text = "//xfail:NOT_ALL_VERIFIED\n//--a\n//error: race on A\\[\\d\\]\n//\n\
                    //kernel.cl:[\\d]+:[\\s]+error\n\n//not a regex any more\n";
        let h = parse(text).unwrap();
        let patterns: Vec<&str> = h.regexes.iter().map(Regex::as_str).collect();
        assert_eq!(
            patterns,
            ["error: race on A\\[\\d\\]", "kernel.cl:[\\d]+:[\\s]+error"]
        );
    }

    #[test]
    fn caret_and_dollar_match_at_line_breaks() {
        let h = parse("//pass\n//\n//^verified$\n").unwrap();
        assert!(h.regexes[0].is_match("first line\nverified\nlast line"));
        assert!(!h.regexes[0].is_match("not verified"));
    }

    #[test]
    fn semicolon_leader_for_ll_files() {
        assert_eq!(leader_for(Path::new("a/b.ll")), ";");
        assert_eq!(leader_for(Path::new("a/b.cl")), "//");
        assert_eq!(leader_for(Path::new("a/b.cu")), "//");
        let h = parse_header(";pass\n; --local_size=8\n;verified\n", ";").unwrap();
        assert_eq!(h.flags, ["--local_size=8"]);
        assert_eq!(h.regexes.len(), 1);
        // A `//` header is not a header in a `.ll` file.
        assert!(parse_header("//pass\n//\n", ";").is_err());
    }

    #[test]
    fn bad_headers() {
        assert!(matches!(parse(""), Err(HeaderError::BadFirstLine { .. })));
        assert!(matches!(
            parse("__kernel void f() {}"),
            Err(HeaderError::BadFirstLine { .. })
        ));
        assert!(matches!(
            parse("//passed\n//"),
            Err(HeaderError::BadFirstLine { .. })
        ));
        assert!(matches!(
            parse("//fail:X\n//"),
            Err(HeaderError::BadFirstLine { .. })
        ));
        assert_eq!(
            parse("//xfail:SOMETHING\n//").unwrap_err(),
            HeaderError::UnknownCode("SOMETHING".to_string())
        );
        assert!(matches!(
            parse("//pass"),
            Err(HeaderError::MissingFlags { .. })
        ));
        assert!(matches!(
            parse("//pass\nkernel"),
            Err(HeaderError::MissingFlags { .. })
        ));
        assert!(matches!(
            parse("//pass\n//\n//ok\n//unclosed("),
            Err(HeaderError::BadRegex { line: 4, .. })
        ));
    }
}
