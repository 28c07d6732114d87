//! GPUVerify I's predication of structured CFGs.

use kir::Kernel;

use crate::{PredicateError, Predicator};

/// The predicator of GPUVerify I: a predicate per branch arm, a predicate per loop.
pub struct Structured;

impl Predicator for Structured {
    fn name(&self) -> &'static str {
        "structured"
    }

    fn predicate(&self, k: Kernel) -> Result<Kernel, PredicateError> {
        predicate_structured(k)
    }
}

/// Predicates a [`kir::Phase::Sorted`] kernel whose CFG is structured.
pub fn predicate_structured(k: Kernel) -> Result<Kernel, PredicateError> {
    crate::predicate_unstructured(k)
}
