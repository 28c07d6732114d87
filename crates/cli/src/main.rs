//! The `lockstep` binary.

mod runner;

fn main() {}
