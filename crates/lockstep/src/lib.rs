//! TODO: stage `lockstep`.
