//! The verification condition: a sequence of assumptions and checks over shared terms,
//! printable as SMT-LIB for debugging (`lockstep dump --stage=vc`).

use std::collections::HashSet;
use std::fmt::Write;

use kir::{AssertOrigin, Loc};

use crate::term::{BvOp, CmpOp, Node, Sort, TermId, Terms};

/// What a check stands for, so a failure maps back to the source.
#[derive(Clone, Debug)]
pub struct CheckInfo {
    pub origin: AssertOrigin,
    pub loc: Option<Loc>,
    /// Named terms to evaluate in a counterexample.
    pub witness: Vec<(String, TermId)>,
    /// The heads of the cut loops some path to the check goes through (in order): a
    /// counterexample may start from an arbitrary state their invariants allow, not one
    /// a real execution reaches.
    pub cuts: Vec<Option<Loc>>,
}

#[derive(Clone, Debug)]
pub enum Event {
    /// From here on, the term holds.
    Assume(TermId),
    /// The term must hold here (given every earlier assumption and check).
    Check { cond: TermId, check: usize },
}

/// Whether the program was explored completely.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// No loops, or every loop was unrolled until no thread could still be in it (the
    /// checks with origin `UnwindBound` prove that).
    Complete,
    /// Loops were cut after this many iterations by assumption: a proof covers only
    /// executions within the bound.
    Bounded(u32),
}

#[derive(Clone, Debug)]
pub struct Vc {
    pub terms: Terms,
    pub events: Vec<Event>,
    pub checks: Vec<CheckInfo>,
    /// Inputs a report shows: thread ids (`local_id.x$1`, …) and scalar parameters.
    pub inputs: Vec<(String, TermId)>,
    pub coverage: Coverage,
}

impl Vc {
    /// SMT-LIB text: declarations, one `define-fun` per shared term, assumptions as
    /// asserts, and each check as a commented `(push) (assert (not …)) (check-sat) (pop)`.
    pub fn to_smtlib(&self) -> String {
        let mut out = String::new();
        let mut defined = HashSet::new();
        let mut declared = HashSet::new();
        for e in &self.events {
            let (t, check) = match e {
                Event::Assume(t) => (*t, None),
                Event::Check { cond, check } => (*cond, Some(*check)),
            };
            self.define(t, &mut defined, &mut declared, &mut out);
            match check {
                None => {
                    let _ = writeln!(out, "(assert {})", name(t));
                }
                Some(c) => {
                    let info = &self.checks[c];
                    let _ = writeln!(
                        out,
                        "; check {c}: {}\n(push 1)\n(assert (not {}))\n(check-sat)\n(pop 1)\n(assert {})",
                        kir::origin_name(&info.origin),
                        name(t),
                        name(t)
                    );
                }
            }
        }
        out
    }

    fn define(
        &self,
        root: TermId,
        defined: &mut HashSet<TermId>,
        declared: &mut HashSet<String>,
        out: &mut String,
    ) {
        // Iterative post-order so deep terms do not overflow the stack.
        let mut stack = vec![(root, false)];
        while let Some((t, ready)) = stack.pop() {
            if defined.contains(&t) {
                continue;
            }
            if !ready {
                stack.push((t, true));
                for c in children(self.terms.node(t)) {
                    if !defined.contains(&c) {
                        stack.push((c, false));
                    }
                }
                continue;
            }
            defined.insert(t);
            let sort = sort_text(self.terms.sort(t));
            match self.terms.node(t) {
                Node::Apply {
                    func,
                    args,
                    sort: result,
                } => {
                    let decl = format!(
                        "(declare-fun |{func}| ({}) {})",
                        args.iter()
                            .map(|a| sort_text(self.terms.sort(*a)))
                            .collect::<Vec<_>>()
                            .join(" "),
                        sort_text(*result)
                    );
                    if declared.insert(decl.clone()) {
                        let _ = writeln!(out, "{decl}");
                    }
                    let _ = writeln!(
                        out,
                        "(define-fun {} () {sort} {})",
                        name(t),
                        body(self.terms.node(t))
                    );
                }
                Node::Sym { name: n, .. } => {
                    let _ = writeln!(
                        out,
                        "(declare-const |{n}| {sort}) (define-fun {} () {sort} |{n}|)",
                        name(t)
                    );
                }
                node => {
                    let _ = writeln!(out, "(define-fun {} () {sort} {})", name(t), body(node));
                }
            }
        }
    }
}

fn name(t: TermId) -> String {
    format!("t{}", t.0)
}

fn sort_text(s: Sort) -> String {
    match s {
        Sort::Bool => "Bool".into(),
        Sort::Bv(w) => format!("(_ BitVec {w})"),
        Sort::Mem(bits) => format!("(Array (_ BitVec 64) (_ BitVec {bits}))"),
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

fn body(n: &Node) -> String {
    let bin = |op: &str, a: &TermId, b: &TermId| format!("({op} {} {})", name(*a), name(*b));
    match n {
        Node::Bool(b) => format!("{b}"),
        Node::Bv { value, width } => format!("(_ bv{value} {width})"),
        Node::Sym { name: n, .. } => format!("|{n}|"),
        Node::Not(a) => format!("(not {})", name(*a)),
        Node::And(a, b) => bin("and", a, b),
        Node::Or(a, b) => bin("or", a, b),
        Node::Eq(a, b) => bin("=", a, b),
        Node::Ite(c, a, b) => format!("(ite {} {} {})", name(*c), name(*a), name(*b)),
        Node::BvBin(op, a, b) => bin(bv_op(*op), a, b),
        Node::BvNot(a) => format!("(bvnot {})", name(*a)),
        Node::BvNeg(a) => format!("(bvneg {})", name(*a)),
        Node::Cmp(op, a, b) => bin(
            match op {
                CmpOp::Ult => "bvult",
                CmpOp::Ule => "bvule",
                CmpOp::Slt => "bvslt",
                CmpOp::Sle => "bvsle",
            },
            a,
            b,
        ),
        Node::ZExt(by, a) => format!("((_ zero_extend {by}) {})", name(*a)),
        Node::SExt(by, a) => format!("((_ sign_extend {by}) {})", name(*a)),
        Node::Extract { hi, lo, arg } => format!("((_ extract {hi} {lo}) {})", name(*arg)),
        Node::Concat(a, b) => bin("concat", a, b),
        Node::Select(a, b) => bin("select", a, b),
        Node::Store(a, b, c) => format!("(store {} {} {})", name(*a), name(*b), name(*c)),
        Node::Apply { func, args, .. } => format!(
            "(|{func}| {})",
            args.iter().map(|a| name(*a)).collect::<Vec<_>>().join(" ")
        ),
    }
}

pub fn bv_op(op: BvOp) -> &'static str {
    match op {
        BvOp::Add => "bvadd",
        BvOp::Sub => "bvsub",
        BvOp::Mul => "bvmul",
        BvOp::UDiv => "bvudiv",
        BvOp::SDiv => "bvsdiv",
        BvOp::URem => "bvurem",
        BvOp::SRem => "bvsrem",
        BvOp::Shl => "bvshl",
        BvOp::LShr => "bvlshr",
        BvOp::AShr => "bvashr",
        BvOp::And => "bvand",
        BvOp::Or => "bvor",
        BvOp::Xor => "bvxor",
    }
}
