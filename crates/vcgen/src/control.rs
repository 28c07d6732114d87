//! Candidates about where each thread is relative to a loop: never inside the body, at
//! the head or past the loop, and both threads at the head or neither.

use kir::{Block, Expr, Var};

use crate::candidates::Gen;
use crate::Family;

impl Gen<'_> {
    pub(crate) fn control(&mut self, a1: Var, a2: Var, head: &Expr) {
        let k = self.k;
        let inside: Vec<Block> = k.layout[self.span.first + 1..=self.span.last].to_vec();
        for a in [a1, a2] {
            let mut c = Expr::tt();
            for b in &inside {
                c = Expr::and(c, Expr::ne(Expr::Var(a), Expr::int(b.0 as u64, 32)));
            }
            self.add(
                Family::Control,
                format!("{} not inside the loop body", k.var(a).name),
                c,
            );
            // Stronger: a thread is at the head or at a block laid out after the loop (it
            // has left it, or never came); nested loops need this to know that a thread is
            // not still waiting in an enclosing loop's body.
            let mut c = Expr::Bool(false);
            for (i, b) in k.layout[..=self.span.last].iter().enumerate() {
                if i != self.span.first {
                    let ne = Expr::ne(Expr::Var(a), Expr::int(b.0 as u64, 32));
                    c = if c == Expr::Bool(false) {
                        ne
                    } else {
                        Expr::and(c, ne)
                    };
                }
            }
            self.add(
                Family::Control,
                format!("{} at the head or past the loop", k.var(a).name),
                Expr::or(Expr::eq(Expr::Var(a), head.clone()), c),
            );
        }
        let same = Expr::eq(
            Expr::eq(Expr::Var(a1), head.clone()),
            Expr::eq(Expr::Var(a2), head.clone()),
        );
        self.add(
            Family::Control,
            "same group ==> both threads at the head or neither".into(),
            Expr::implies(Expr::Var(self.tt.same_group), same.clone()),
        );
        self.add(
            Family::Control,
            "both threads at the head or neither".into(),
            same,
        );
    }
}
