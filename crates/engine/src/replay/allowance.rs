//! A replay's budget in interpreter statements, not in time: whether a replay confirms a
//! defect then does not depend on the machine's speed or load (as the solver's effort
//! units, `smt::UNITS_PER_SECOND`), as long as the machine runs them within their time.

use std::time::{Duration, Instant};

/// What a second of replay budget stands for, in interpreter statements: about what the
/// 2-core CI machine runs in a second of a loop kernel's replay (4-16 million, by how much
/// a kernel's statements compute). The clock still stops a replay at its time, so that a
/// replay takes no longer than it did when budgeted in time alone: the replays of a kernel
/// whose statements run faster than this are the same on every machine.
pub(super) const STEPS_PER_SECOND: u64 = 10_000_000;
/// The most statements one run (a schedule) executes: longer, its loops may not end.
pub(super) const MAX_RUN_STEPS: u64 = 3_000_000;

/// The statements a replay budget of `time` stands for.
pub(super) fn steps_for(time: Duration) -> u64 {
    let steps = time.as_micros() * STEPS_PER_SECOND as u128 / 1_000_000;
    u64::try_from(steps).unwrap_or(u64::MAX)
}

/// What one replay may run: a number of interpreter statements, and the clock's backstop.
#[derive(Clone, Copy)]
pub(super) struct Allowance {
    pub(super) steps: u64,
    pub(super) backstop: Instant,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_budget_in_time_is_a_fixed_number_of_statements() {
        assert_eq!(steps_for(Duration::from_secs(1)), STEPS_PER_SECOND);
        assert_eq!(steps_for(Duration::from_millis(250)), STEPS_PER_SECOND / 4);
        assert_eq!(steps_for(Duration::ZERO), 0);
        // A budget of many hours does not overflow.
        assert_eq!(steps_for(Duration::from_secs(u64::MAX / 2)), u64::MAX);
    }
}
