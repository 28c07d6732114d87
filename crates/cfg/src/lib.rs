//! TODO: stage `cfg`.
