//! The lockstep CLI as a library, so integration tests can reach its parts.

pub mod compare;
pub mod runner;
pub mod style;
