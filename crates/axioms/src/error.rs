//! Errors of reading, parsing and type-checking a `--boogie-file`, each with the position it
//! is about (`file:line:col`, 1-based, columns in characters).

use std::fmt;
use std::sync::Arc;

/// A position in a `--boogie-file`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    pub file: Arc<str>,
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AxiomError {
    /// The file could not be read (missing, a directory, not UTF-8, ...).
    #[error("{path}: cannot read the --boogie-file: {message}")]
    Read { path: String, message: String },
    /// Not Boogie: an unexpected token, an unterminated comment, ...
    #[error("{pos}: {message}")]
    Syntax { pos: Pos, message: String },
    /// Boogie, but outside the subset lockstep reads.
    #[error("{pos}: unsupported in --boogie-file: {what}")]
    Unsupported { pos: Pos, what: String },
    /// Ill-typed: wrong argument count or types, a non-Boolean axiom, ...
    #[error("{pos}: {message}")]
    Type { pos: Pos, message: String },
    /// A function the file and the kernel both know, with different sorts.
    #[error("{pos}: `{name}` {in_file} here, but the kernel's `{name}` {in_kernel}")]
    SortMismatch {
        pos: Pos,
        name: String,
        in_file: String,
        in_kernel: String,
    },
    /// A function that neither the file declares nor the kernel calls: its sorts are unknown.
    #[error("{pos}: unknown function `{name}`: the --boogie-file does not declare it and the kernel does not call it (declare it: `function {name}(...) : ...;`)")]
    UnknownFunction { pos: Pos, name: String },
}

impl AxiomError {
    /// Where the error is, if it has a position (a read error has only a path).
    pub fn pos(&self) -> Option<&Pos> {
        match self {
            AxiomError::Read { .. } => None,
            AxiomError::Syntax { pos, .. }
            | AxiomError::Unsupported { pos, .. }
            | AxiomError::Type { pos, .. }
            | AxiomError::SortMismatch { pos, .. }
            | AxiomError::UnknownFunction { pos, .. } => Some(pos),
        }
    }

    /// The clang-style diagnostic: `file:line:col: error: message` (`file: error: ...` for
    /// a file that could not be read).
    pub fn render(&self) -> String {
        let text = self.to_string();
        let head = match self.pos() {
            Some(p) => p.to_string(),
            None => match self {
                AxiomError::Read { path, .. } => path.clone(),
                _ => String::new(),
            },
        };
        match text.strip_prefix(&format!("{head}: ")) {
            Some(rest) => format!("{head}: error: {rest}"),
            None => format!("error: {text}"),
        }
    }

    pub(crate) fn syntax(pos: &Pos, message: impl Into<String>) -> AxiomError {
        AxiomError::Syntax {
            pos: pos.clone(),
            message: message.into(),
        }
    }

    pub(crate) fn unsupported(pos: &Pos, what: impl Into<String>) -> AxiomError {
        AxiomError::Unsupported {
            pos: pos.clone(),
            what: what.into(),
        }
    }

    pub(crate) fn ty(pos: &Pos, message: impl Into<String>) -> AxiomError {
        AxiomError::Type {
            pos: pos.clone(),
            message: message.into(),
        }
    }
}
