//! Errors of the lifter: no such kernel, a construct it does not model, a call that
//! inlining left behind, or (a bug in lockstep) KIR that fails its own verifier.

use kir::SourcePos;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LiftError {
    #[error("the module contains no kernel")]
    NoKernel,

    #[error("no kernel named `{name}` (available: {})", available.join(", "))]
    UnknownKernel {
        name: String,
        available: Vec<String>,
    },

    #[error("{}unsupported {construct}", prefix(pos))]
    Unsupported {
        construct: String,
        pos: Option<SourcePos>,
    },

    #[error(
        "{}call to `{function}` was not inlined (recursion, or inlining is disabled)",
        prefix(pos)
    )]
    Recursion {
        function: String,
        pos: Option<SourcePos>,
    },

    #[error("{}invalid IR: {message}", prefix(pos))]
    Invalid {
        message: String,
        pos: Option<SourcePos>,
    },

    /// The lifted kernel broke a KIR rule: a bug in the lifter, not in the user's kernel.
    #[error("internal error: lifted KIR of `{kernel}` is ill-formed: {}", errors.join("; "))]
    Internal { kernel: String, errors: Vec<String> },
}

fn prefix(pos: &Option<SourcePos>) -> String {
    pos.as_ref().map(|p| format!("{p}: ")).unwrap_or_default()
}

impl LiftError {
    /// The source position the error points at, if any.
    pub fn pos(&self) -> Option<&SourcePos> {
        match self {
            LiftError::Unsupported { pos, .. }
            | LiftError::Recursion { pos, .. }
            | LiftError::Invalid { pos, .. } => pos.as_ref(),
            _ => None,
        }
    }
}
