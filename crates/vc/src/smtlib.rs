//! SMT-LIB text of a verification condition, for debugging (`lockstep dump --stage=vc`).

use std::collections::HashSet;
use std::fmt::Write;

use crate::term::{BvOp, CmpOp, Node, Sort, TermId};
use crate::{children, Event, Vc};

impl<M> Vc<M> {
    /// SMT-LIB text: declarations, one `define-fun` per shared term, assumptions as
    /// asserts, and each check as a commented `(push) (assert (not …)) (check-sat) (pop)`.
    pub fn to_smtlib(&self) -> String {
        let mut out = String::new();
        let mut defined = HashSet::new();
        let mut declared = HashSet::new();
        for e in &self.events {
            let (t, check) = match e {
                Event::Assume(t) | Event::Hypothesis { cond: t, .. } => (*t, None),
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
                        info.label,
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
