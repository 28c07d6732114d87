//! TODO: stage `driver`.
