//! TODO: stage `report`.
