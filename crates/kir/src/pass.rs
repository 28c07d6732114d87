//! Passes, and the one runner that runs them all.
//!
//! Every KIR-to-KIR stage of lockstep (sorting, predication, the two-thread construction and
//! the small rewrites between them) is a [`Pass`]: a name, the [`Phase`] it takes, the phase
//! it makes, and `run`. The [`Runner`] checks the input's phase before a pass and, after it,
//! the output's phase and [`crate::verify()`]: a pass that breaks a rule of KIR is caught at
//! once, named, with every problem the verifier found. Such a failure is a bug in lockstep,
//! never a problem of the user's kernel; a pass's own error (an irreducible CFG, an
//! unsupported construct) is passed through unchanged.
//!
//! The runner also keeps the output of the passes it is asked to keep, by name, so that
//! `lockstep dump --stage=NAME` prints a stage from the same single run that verifies.

use crate::kernel::Kernel;
use crate::syntax::Phase;
use crate::verify::{verify, VerifyError};

/// What a pass takes and makes: a kernel, or a kernel with side tables (the two-thread
/// program and its table of accesses).
pub trait Program {
    fn kernel(&self) -> &Kernel;
}

impl Program for Kernel {
    fn kernel(&self) -> &Kernel {
        self
    }
}

/// One stage of the pipeline from KIR to KIR.
pub trait Pass {
    type In: Program;
    type Out: Program;
    /// Why the pass cannot handle the user's kernel.
    type Error;
    /// The name `lockstep dump --stage` knows the pass's output by.
    fn name(&self) -> &'static str;
    /// The phase the input must be in.
    fn phase_in(&self) -> Phase;
    /// The phase the output is in.
    fn phase_out(&self) -> Phase;
    fn run(&self, input: Self::In) -> Result<Self::Out, Self::Error>;
}

/// Why running a pass failed: the pass's own error, or a broken rule (a bug in lockstep).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PassError<E> {
    #[error(transparent)]
    Pass(E),
    #[error("internal error: pass `{pass}` needs a kernel in phase {expected:?}, got {found:?}")]
    PhaseIn {
        pass: &'static str,
        expected: Phase,
        found: Phase,
    },
    #[error(
        "internal error: pass `{pass}` should make a kernel in phase {expected:?}, made {found:?}"
    )]
    PhaseOut {
        pass: &'static str,
        expected: Phase,
        found: Phase,
    },
    #[error("internal error: pass `{pass}` made a malformed kernel: {}", join(.errors))]
    Broken {
        pass: &'static str,
        errors: Vec<VerifyError>,
    },
}

fn join(errors: &[VerifyError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

impl<E> PassError<E> {
    /// Whether the error is a bug in lockstep (a broken phase or KIR rule).
    pub fn is_internal(&self) -> bool {
        !matches!(self, PassError::Pass(_))
    }
}

/// Which passes' outputs a [`Runner`] keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Keep {
    /// None (a verification run).
    #[default]
    Nothing,
    /// The outputs of the passes with this name.
    Named(String),
    /// Every pass's output.
    All,
}

/// Runs passes, checking each one's phases and verifying its output.
#[derive(Default)]
pub struct Runner {
    keep: Keep,
    kept: Vec<(&'static str, Kernel)>,
    ran: Vec<&'static str>,
}

impl Runner {
    /// A runner that keeps the outputs `keep` names.
    pub fn keeping(keep: Keep) -> Runner {
        Runner {
            keep,
            ..Runner::default()
        }
    }

    /// Checks a kernel made outside any pass (the lifter's output) as if a pass named
    /// `name` had made it in `phase`.
    pub fn start(
        &mut self,
        name: &'static str,
        phase: Phase,
        k: Kernel,
    ) -> Result<Kernel, PassError<std::convert::Infallible>> {
        self.check_out(name, phase, &k)?;
        Ok(k)
    }

    /// Runs `pass` on `input`.
    pub fn run<P: Pass>(&mut self, pass: &P, input: P::In) -> Result<P::Out, PassError<P::Error>> {
        let found = input.kernel().phase;
        if found != pass.phase_in() {
            return Err(PassError::PhaseIn {
                pass: pass.name(),
                expected: pass.phase_in(),
                found,
            });
        }
        let out = pass.run(input).map_err(PassError::Pass)?;
        self.check_out(pass.name(), pass.phase_out(), out.kernel())?;
        Ok(out)
    }

    fn check_out<E>(
        &mut self,
        pass: &'static str,
        expected: Phase,
        k: &Kernel,
    ) -> Result<(), PassError<E>> {
        if k.phase != expected {
            return Err(PassError::PhaseOut {
                pass,
                expected,
                found: k.phase,
            });
        }
        verify(k).map_err(|errors| PassError::Broken { pass, errors })?;
        self.ran.push(pass);
        let wanted = match &self.keep {
            Keep::Nothing => false,
            Keep::Named(name) => name == pass,
            Keep::All => true,
        };
        if wanted {
            self.kept.push((pass, k.clone()));
        }
        Ok(())
    }

    /// The names of the passes run so far, in order.
    pub fn ran(&self) -> &[&'static str] {
        &self.ran
    }

    /// The kept outputs, in the order the passes ran.
    pub fn kept(&self) -> &[(&'static str, Kernel)] {
        &self.kept
    }

    /// Takes the kept outputs out of the runner.
    pub fn take_kept(&mut self) -> Vec<(&'static str, Kernel)> {
        std::mem::take(&mut self.kept)
    }
}

#[cfg(test)]
mod tests;
