//! TODO: stage `lift`.
