//! Stage errors turned into messages and exit codes (DESIGN.md's contract): 2 command
//! line, 3 front end, 4 unsupported construct; internal errors (a bug in lockstep) are
//! reported as such and also exit 4, never as a verdict.

use kir::SourcePos;
use report::SourceCache;

pub const EXIT_VERIFIED: i32 = 0;
pub const EXIT_DEFECTS: i32 = 1;
pub const EXIT_USAGE: i32 = 2;
pub const EXIT_FRONT_END: i32 = 3;
pub const EXIT_UNSUPPORTED: i32 = 4;
pub const EXIT_INCONCLUSIVE: i32 = 5;

pub use engine::StageError;

/// The exit code and clang-style rendering of a [`StageError`].
pub trait Render {
    fn exit_code(&self) -> i32;
    fn render(&self, file: &str, sources: &mut SourceCache) -> String;
}

impl Render for StageError {
    fn exit_code(&self) -> i32 {
        use driver::DriverError as D;
        match self {
            StageError::Driver(D::MissingFile { .. } | D::UnknownExtension { .. }) => EXIT_USAGE,
            StageError::Driver(_) => EXIT_FRONT_END,
            StageError::Lift(lift::LiftError::UnknownKernel { .. }) => EXIT_USAGE,
            StageError::Lockstep(lockstep::LockstepError::UnknownArray { .. }) => EXIT_USAGE,
            StageError::Lift(lift::LiftError::Invalid { .. }) => EXIT_FRONT_END,
            StageError::Vc(vcgen::VcError::TooLarge { .. }) => EXIT_INCONCLUSIVE,
            StageError::Axioms(_) => EXIT_FRONT_END,
            _ => EXIT_UNSUPPORTED,
        }
    }

    /// The clang-style message: `file:line:col: error: …`, the source line, a caret.
    fn render(&self, file: &str, sources: &mut SourceCache) -> String {
        let mut text = self.to_string();
        // The lifter puts the position in front of its own messages; show it once.
        if let Some(p) = pos(self) {
            let prefix = format!("{p}: ");
            if let Some(rest) = text.strip_prefix(&prefix) {
                text = rest.to_string();
            }
            let text = qualify(self, text);
            return format!("{p}: error: {text}\n{}", sources.snippet(&p));
        }
        match self {
            // clang printed its own diagnostics; repeat them as they are.
            StageError::Driver(driver::DriverError::Clang { stderr, .. }) => {
                format!("{stderr}{file}: error: clang rejected the source\n")
            }
            // Already `file.bpl:line:col: error: …`.
            StageError::Axioms(e) => format!("{}\n", e.render()),
            // LLVM's parser message is already `file:line:col: error: …` with a caret.
            StageError::Driver(driver::DriverError::InvalidIr { message, .. })
                if message.contains("error:") =>
            {
                format!("{message}\n{file}: error: invalid LLVM IR\n")
            }
            _ => {
                // Driver messages may already start with the path.
                let text = text
                    .strip_prefix(&format!("{file}: "))
                    .map(str::to_string)
                    .unwrap_or(text);
                format!("{file}: error: {}\n", qualify(self, text))
            }
        }
    }
}

/// Where the error is in the source, when the lifter knows.
fn pos(e: &StageError) -> Option<SourcePos> {
    match e {
        StageError::Lift(e) => e.pos().cloned(),
        StageError::Predicate(e) => e.pos().cloned(),
        _ => None,
    }
}

fn qualify(e: &StageError, text: String) -> String {
    match e {
        StageError::Lift(lift::LiftError::Unsupported { .. })
            if !text.starts_with("unsupported:") =>
        {
            match text.strip_prefix("unsupported ") {
                Some(rest) => format!("unsupported: {rest}"),
                None => text,
            }
        }
        StageError::Lift(lift::LiftError::Recursion { .. }) => format!("recursion: {text}"),
        StageError::Lockstep(lockstep::LockstepError::Unsupported { construct, .. }) => {
            format!("unsupported: {construct}")
        }
        _ => text,
    }
}
