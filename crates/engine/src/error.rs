//! Why a kernel could not be verified at all (as opposed to a verdict): an error of one of
//! the stages, typed. The binary turns each into a message and an exit code.

use kir::PassError;

#[derive(Debug, thiserror::Error)]
pub enum StageError {
    #[error(transparent)]
    Driver(#[from] driver::DriverError),
    #[error(transparent)]
    Lift(#[from] lift::LiftError),
    #[error(transparent)]
    Cfg(#[from] cfg::CfgError),
    #[error(transparent)]
    Predicate(#[from] predicate::PredicateError),
    #[error(transparent)]
    Lockstep(#[from] lockstep::LockstepError),
    #[error(transparent)]
    Vc(#[from] vcgen::VcError),
    /// A `--boogie-file` that cannot be read, is not in the subset read, or does not fit
    /// the kernel's functions.
    #[error(transparent)]
    Axioms(#[from] axioms::AxiomError),
    /// `--kernel-args` names a kernel the file does not have.
    #[error("--kernel-args names `{name}`, which is not a kernel of the file (its kernels: {})", available.join(", "))]
    KernelArgsUnknown {
        name: String,
        available: Vec<String>,
    },
    /// A pass broke a rule of KIR or of its phase: a bug in lockstep.
    #[error("{0}")]
    Internal(String),
}

impl<E> From<PassError<E>> for StageError
where
    StageError: From<E>,
    E: std::fmt::Display,
{
    fn from(e: PassError<E>) -> StageError {
        match e {
            PassError::Pass(e) => e.into(),
            internal => StageError::Internal(internal.to_string()),
        }
    }
}

impl From<std::convert::Infallible> for StageError {
    fn from(e: std::convert::Infallible) -> StageError {
        match e {}
    }
}
