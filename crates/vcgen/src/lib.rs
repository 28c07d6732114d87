//! TODO: stage `vcgen`.
