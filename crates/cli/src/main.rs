//! The `lockstep` binary.

fn main() {}
