//! TODO: stage `smt`.
