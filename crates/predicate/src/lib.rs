//! TODO: stage `predicate`.
