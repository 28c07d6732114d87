//! A kernel's solver budget: the user's `--timeout` on the clock, and that many seconds'
//! worth of solver effort (Z3 resource units), which is what the steps of the strategy
//! share — so that the verdict does not depend on how fast the machine is unless the
//! clock runs out first.

use std::time::{Duration, Instant};

pub struct Budget {
    start: Instant,
    time: Duration,
    effort: u64,
    used: u64,
    /// Wall-clock time the solves counted so far took.
    solver: Duration,
    axioms: axioms::Axioms,
    /// A solve showed that the kernel's proof needs the benign-race tolerance.
    needs_switches: bool,
}

impl Budget {
    pub fn new(time: Duration, axioms: &axioms::Axioms) -> Budget {
        Budget {
            start: Instant::now(),
            time,
            effort: smt::units(time),
            used: 0,
            solver: Duration::ZERO,
            axioms: axioms.clone(),
            needs_switches: false,
        }
    }

    /// `percent` of the effort left, and all the time left.
    pub fn share(&self, percent: u64) -> smt::SolveOptions {
        smt::SolveOptions {
            timeout: self.time.saturating_sub(self.start.elapsed()),
            effort: self.effort.saturating_sub(self.used) / 100 * percent,
            axioms: self.axioms.clone(),
            deny_switches_first: !self.needs_switches,
        }
    }

    /// Counts the effort and the time a solve used.
    pub fn spend(&mut self, outcome: &smt::Outcome) {
        self.used += outcome.used;
        self.solver += outcome.elapsed;
        self.needs_switches |= outcome.needs_switches;
    }

    /// The time the solves counted with [`Budget::spend`] took.
    pub fn solver_time(&self) -> Duration {
        self.solver
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_of_what_is_left() {
        let mut b = Budget::new(Duration::from_secs(10), &axioms::Axioms::default());
        let all = b.share(100).effort;
        assert_eq!(all, smt::units(Duration::from_secs(10)) / 100 * 100);
        assert_eq!(b.share(50).effort, all / 2);
        let outcome = smt::Outcome::new(Vec::new(), Duration::ZERO, all / 4);
        b.spend(&outcome);
        let left = smt::units(Duration::from_secs(10)) - all / 4;
        assert_eq!(b.share(100).effort, left / 100 * 100);
        assert!(b.share(100).timeout <= Duration::from_secs(10));
    }
}
