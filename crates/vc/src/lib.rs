//! The verification-condition IR between lockstep's VC generator and the solver.
//!
//! A [`Vc`] is a sequence of [`Event`]s — assumptions and checks — over one hash-consed DAG
//! of [`Terms`]. Each check says what the solver must know of it in its [`CheckKind`] (a
//! Houdini candidate, an unrolling bound, or a property of the program); everything else
//! about it (which source construct it checks, where) is the generator's metadata `M`,
//! which this crate never looks at. The `smt` crate depends on this crate alone.

mod smtlib;
mod term;

pub use term::{BvOp, CmpOp, Node, Sort, TermId, Terms};

/// What the solver must know of a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckKind {
    /// A property of the program: a counterexample is a defect.
    Property,
    /// A candidate loop invariant Houdini may drop (`index`), checked on loop entry
    /// (`at_entry`) or after an iteration.
    Candidate { index: u32, at_entry: bool },
    /// That no execution goes past the explored iterations of a loop.
    UnwindBound,
}

/// One check of a [`Vc`].
#[derive(Clone, Debug)]
pub struct Check<M> {
    pub kind: CheckKind,
    /// A short description for logs and the SMT-LIB text.
    pub label: String,
    /// Named terms to evaluate in a counterexample.
    pub witness: Vec<(String, TermId)>,
    /// What the generator knows of the check (its source, its position).
    pub meta: M,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// From here on, the term holds.
    Assume(TermId),
    /// From here on, the term holds, as long as Houdini keeps candidate loop invariant
    /// `candidate`: the candidate's assumption at a loop head (or, in k-induction's
    /// hypothesis iterations, its assumed check). A solver treats it as an `Assume`, or
    /// tracks which proofs used it so that a later round, which drops other candidates,
    /// need not prove them again.
    Hypothesis { cond: TermId, candidate: u32 },
    /// The term must hold here (given every earlier assumption and check).
    Check { cond: TermId, check: usize },
}

/// Whether the program was explored completely.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// No loops, or every loop was unrolled until no thread could still be in it (the
    /// [`CheckKind::UnwindBound`] checks prove that).
    Complete,
    /// Loops were cut after this many iterations by assumption: a proof covers only
    /// executions within the bound.
    Bounded(u32),
}

/// A verification condition: assumptions and checks in order over shared terms.
#[derive(Clone, Debug)]
pub struct Vc<M> {
    pub terms: Terms,
    pub events: Vec<Event>,
    pub checks: Vec<Check<M>>,
    /// Inputs a report shows: thread ids (`local_id.x$1`, …) and scalar parameters.
    pub inputs: Vec<(String, TermId)>,
    pub coverage: Coverage,
    /// Named boolean inputs the VC assumes (one `Event::Assume` of the term each) so that
    /// a caller can deny one and ask which checks need it ([`Vc::denying`]): the two-thread
    /// program's switch of benign-race tolerance is one. A switch only relaxes property
    /// checks: it occurs nowhere else but in its `Assume`, and each check's condition with
    /// it false implies the condition with it true. So a VC whose checks all hold with its
    /// switches denied holds as it is (the solver's one query relies on this).
    pub switches: Vec<(String, TermId)>,
}

impl<M> Vc<M> {
    /// Whether `t` is one of the VC's switches.
    pub fn is_switch(&self, t: TermId) -> bool {
        self.switches.iter().any(|(_, s)| *s == t)
    }
}

impl<M: Clone> Vc<M> {
    /// The same VC with switch `name` assumed false instead of true (and no longer listed
    /// as a switch: it is fixed); `None` when the VC has no such switch.
    pub fn denying(&self, name: &str) -> Option<Vc<M>> {
        let (_, on) = self.switches.iter().find(|(n, _)| n == name)?;
        let on = *on;
        let mut vc = self.clone();
        let off = vc.terms.not(on);
        for event in &mut vc.events {
            if *event == Event::Assume(on) {
                *event = Event::Assume(off);
            }
        }
        vc.switches.retain(|(n, _)| n != name);
        Some(vc)
    }
}

/// The direct subterms of a node.
pub fn children(n: &Node) -> Vec<TermId> {
    match n {
        Node::Bool(_) | Node::Bv { .. } | Node::Sym { .. } => vec![],
        Node::Not(a)
        | Node::BvNot(a)
        | Node::BvNeg(a)
        | Node::ZExt(_, a)
        | Node::SExt(_, a)
        | Node::Extract { arg: a, .. } => vec![*a],
        Node::And(a, b)
        | Node::Or(a, b)
        | Node::Eq(a, b)
        | Node::BvBin(_, a, b)
        | Node::Cmp(_, a, b)
        | Node::Concat(a, b)
        | Node::Select(a, b) => vec![*a, *b],
        Node::Ite(a, b, c) | Node::Store(a, b, c) => vec![*a, *b, *c],
        Node::Apply { args, .. } => args.clone(),
    }
}

/// The low `width` bits set.
pub(crate) fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The low `width` bits of `value` read as a two's complement number.
pub(crate) fn sign_extend(value: u64, width: u32) -> i64 {
    if width == 0 || width >= 64 {
        return value as i64;
    }
    let shift = 64 - width;
    ((value << shift) as i64) >> shift
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn denying_a_switch_flips_its_assumption_only() {
        let mut terms = Terms::default();
        let on = terms.sym("tolerate".into(), Sort::Bool);
        let other = terms.sym("x".into(), Sort::Bool);
        let vc: Vc<()> = Vc {
            events: vec![
                Event::Assume(on),
                Event::Assume(other),
                Event::Check {
                    cond: other,
                    check: 0,
                },
            ],
            checks: vec![Check {
                kind: CheckKind::Property,
                label: "c".into(),
                witness: Vec::new(),
                meta: (),
            }],
            inputs: Vec::new(),
            coverage: Coverage::Complete,
            switches: vec![("tolerate".into(), on)],
            terms,
        };
        let denied = vc.denying("tolerate").expect("the switch exists");
        let off = match denied.events[0] {
            Event::Assume(t) => t,
            e => panic!("{e:?}"),
        };
        assert_ne!(off, on);
        assert_eq!(denied.terms.node(off), &Node::Not(on));
        assert_eq!(&denied.events[1..], &vc.events[1..]);
        assert!(denied.switches.is_empty());
        assert!(vc.denying("other").is_none());
    }
}
