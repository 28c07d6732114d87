//! The assumptions a check depends on: those connected to it through free constants.
//!
//! A check that holds under some of the assumptions before it holds under all of them, so
//! a slice can only prove a check, never refute it. On a large VC (nested loops cut with
//! hundreds of candidate invariants, memory and race logs) a candidate about the loop
//! counters is often undecided under everything yet proved at once under its slice.
//!
//! The slice is the assumptions that share a constant with the check. Following them
//! further (the constants those share) soon takes in most of the VC: on a cut loop the
//! candidate invariants relate every variable the loop changes. Constants that occur in
//! a large share of the assumptions (the thread ids) would connect everything, so they
//! do not connect: an assumption that mentions nothing else (a range of the thread ids)
//! is always kept.

use std::collections::{HashMap, HashSet};

use vc::{children, Node, TermId, Terms};

/// The assumptions so far, and the free constants of each, computed once and only when a
/// slice is asked for (most solves never ask).
#[derive(Default)]
pub(crate) struct Slicer {
    held: Vec<TermId>,
    /// The constants of the first `leaves.len()` assumptions.
    leaves: Vec<Vec<u32>>,
    /// In how many assumptions each constant occurs.
    count: HashMap<u32, usize>,
    stamp: Vec<u32>,
    epoch: u32,
}

impl Slicer {
    /// `t` is assumed from now on.
    pub(crate) fn hold(&mut self, t: TermId) {
        self.held.push(t);
    }

    /// The assumptions held, in order.
    pub(crate) fn held(&self) -> &[TermId] {
        &self.held
    }

    /// Finds the constants of the assumptions held since the last slice.
    fn catch_up(&mut self, terms: &Terms) {
        for i in self.leaves.len()..self.held.len() {
            let leaves = self.leaves_of(terms, self.held[i]);
            for l in &leaves {
                *self.count.entry(*l).or_default() += 1;
            }
            self.leaves.push(leaves);
        }
    }

    /// The indices (in the order they were held) of the assumptions that share a free
    /// constant with `goal`, and of those whose constants are all hubs.
    pub(crate) fn slice(&mut self, terms: &Terms, goal: TermId) -> Vec<usize> {
        self.catch_up(terms);
        let goal_leaves = self.leaves_of(terms, goal);
        let hub_at = (self.held.len() / 20).max(20);
        let count = &self.count;
        let hub = |l: &u32| count.get(l).copied().unwrap_or(0) > hub_at;
        let wanted: HashSet<u32> = goal_leaves.into_iter().filter(|l| !hub(l)).collect();
        (0..self.held.len())
            .filter(|&i| {
                let leaves = &self.leaves[i];
                leaves.iter().all(hub) || leaves.iter().any(|l| wanted.contains(l))
            })
            .collect()
    }

    /// The free constants under `t`.
    fn leaves_of(&mut self, terms: &Terms, t: TermId) -> Vec<u32> {
        if self.stamp.len() < terms.len() {
            self.stamp.resize(terms.len(), 0);
        }
        self.epoch += 1;
        let epoch = self.epoch;
        let mut out = Vec::new();
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            let slot = &mut self.stamp[t.0 as usize];
            if *slot == epoch {
                continue;
            }
            *slot = epoch;
            let node = terms.node(t);
            if let Node::Sym { .. } = node {
                out.push(t.0);
            }
            stack.extend(children(node));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vc::{CmpOp, Sort};

    fn var(terms: &mut Terms, name: &str) -> TermId {
        terms.sym(name.into(), Sort::Bv(32))
    }

    /// `a < b` for two constants named `a` and `b`.
    fn less(terms: &mut Terms, a: &str, b: &str) -> TermId {
        let (a, b) = (var(terms, a), var(terms, b));
        terms.cmp(CmpOp::Ult, a, b)
    }

    #[test]
    fn a_slice_holds_the_assumptions_sharing_a_constant_with_the_goal() {
        let mut terms = Terms::default();
        let mut slicer = Slicer::default();
        let held = [
            less(&mut terms, "x", "y"),
            less(&mut terms, "y", "z"),
            less(&mut terms, "u", "v"),
        ];
        for t in held {
            slicer.hold(t);
        }
        let goal = less(&mut terms, "x", "w");
        // Not `y < z`: only the constants of the goal itself connect.
        assert_eq!(slicer.slice(&terms, goal), vec![0]);
        let goal = less(&mut terms, "v", "y");
        assert_eq!(slicer.slice(&terms, goal), vec![0, 1, 2]);
        // Assumptions held after a slice count in the next one.
        let later = less(&mut terms, "w", "u");
        slicer.hold(later);
        let goal = less(&mut terms, "x", "w");
        assert_eq!(slicer.slice(&terms, goal), vec![0, 3]);
    }

    #[test]
    fn a_constant_in_many_assumptions_does_not_connect_but_its_own_facts_stay() {
        let mut terms = Terms::default();
        let mut slicer = Slicer::default();
        // `tid < 16`, then 30 facts `tid < x_i`: tid is in more than 20 of them.
        let sixteen = terms.bv(16, 32);
        let tid = var(&mut terms, "tid");
        let range = terms.cmp(CmpOp::Ult, tid, sixteen);
        slicer.hold(range);
        for i in 0..30 {
            let fact = less(&mut terms, "tid", &format!("x{i}"));
            slicer.hold(fact);
        }
        let goal = less(&mut terms, "tid", "x3");
        assert_eq!(slicer.slice(&terms, goal), vec![0, 4]);
    }
}
