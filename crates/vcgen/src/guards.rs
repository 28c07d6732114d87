//! Candidates that a logged access of the loop happened only where its block runs: under
//! the branch conditions that lead into the block, when they do not change in the loop
//! (`if (lid == 0) y[row] = v;` in a row loop whose barriers do not clear the logs of `y`).
//! Without it, a log left by an earlier iteration may hold a write by any thread, and the
//! next iteration's write of another thread of the group conflicts with it. GPUVerify
//! infers the same fact ("an access occurred only where it was enabled").
//!
//! A condition over counters the log records (`iterations.rs`) is also a candidate with
//! the recorded values in place of the counters: PPCG's `if (c1 + t1 <= 1997)` around a
//! store in tile loops says that the logged column was inside the row, which is what
//! keeps a row-major offset from reaching the next row.

use kir::{Expr, Stmt, Thread, Var};

use crate::candidates::{copy_of, Gen};
use crate::iterations::recording_field;
use crate::strides::{substitute, Strides};
use crate::Family;

impl Gen<'_> {
    /// For thread 1's access in `block`, whose log says it happened when `has` holds:
    /// `has ==> c` for each branch condition `c` on the one way into `block` (through
    /// blocks with one way in each) that the loop does not change: from the loop's head,
    /// then from the kernel's entry into the head (`if (tid >= n) return;` before a loop
    /// that writes `a[i * n + tid]`).
    /// `logged`: the log's offset variable, whose fields record counters.
    pub(crate) fn guard(
        &mut self,
        st: &Strides,
        block: kir::Block,
        (has, logged): (&Expr, Var),
        what: &str,
    ) {
        if self.active.is_none() {
            return;
        }
        let head = u64::from(self.span.head.0);
        let inside = Ways {
            blocks: &self.k.layout[self.span.first..=self.span.last],
            expand: &|c: &Expr, at| st.expand(c, at, 0),
            outside: false,
        };
        let before = Ways {
            blocks: &self.k.layout[..self.span.first],
            expand: &|c: &Expr, _| st.before(c),
            outside: true,
        };
        let mut at = u64::from(block.0);
        let mut ways = &inside;
        // A chain of `if`s (`lane == 0 && row < n` compiles to two) is a few blocks long.
        for _ in 0..6 {
            if at == head {
                // The head is also entered from inside the loop: follow the way from
                // before it, once.
                if ways.outside {
                    return;
                }
                ways = &before;
            }
            let Some((c, from)) = ways.way_into(self, at) else {
                return;
            };
            let Some(c) = c else {
                at = from;
                continue;
            };
            if st.is_invariant(&c) {
                self.add(
                    Family::Logs,
                    format!("{what} logged only under its branch's condition"),
                    Expr::implies(has.clone(), c.clone()),
                );
            }
            if let Some(c) = self.at_recorded(st, &c, logged) {
                self.add(
                    Family::Logs,
                    format!(
                        "{what} logged only under its branch's condition at the recorded values"
                    ),
                    Expr::implies(has.clone(), c),
                );
            }
            at = from;
        }
    }

    /// `c` with each variable that log `logged` records replaced by its recorded value;
    /// `None` if it records none of them or if another variable of `c` changes in the loop.
    fn at_recorded(&self, st: &Strides, c: &Expr, logged: Var) -> Option<Expr> {
        let mut vars = Vec::new();
        c.for_each_var(&mut |v| {
            if !vars.contains(&v) {
                vars.push(v);
            }
        });
        let mut at = c.clone();
        for v in vars {
            match recording_field(self.k, logged, v) {
                Some(field) => at = substitute(&at, v, &Expr::Var(field)),
                None if st.is_invariant(&Expr::Var(v)) => {}
                None => return None,
            }
        }
        (at != *c).then_some(at)
    }
}

/// Where to look for the ways into a block: a stretch of the laid-out program, and how a
/// condition chosen at a statement position there is written over the values at the head.
struct Ways<'a> {
    blocks: &'a [kir::Block],
    expand: &'a dyn Fn(&Expr, usize) -> Expr,
    /// The blocks before the loop.
    outside: bool,
}

impl Ways<'_> {
    /// The one way into block `target` from these blocks: the condition of thread 1's
    /// `v_next` choice that leads there (its negation when the choice leads there when
    /// false; `None` when the block goes there unconditionally), and the block that
    /// chooses. `None` when there is no way in, or more than one.
    fn way_into(&self, g: &Gen<'_>, target: u64) -> Option<(Option<Expr>, u64)> {
        let k = g.k;
        let is_next = |v: kir::Var| {
            copy_of(k, v).is_some_and(|(of, t)| t == Thread::T1 && k.var(of).name == "v_next")
        };
        let to = Expr::int(target, 32);
        let mut found = None;
        let mut ways = 0;
        let mut at = 0;
        for &b in self.blocks {
            for s in &k.block(b).stmts {
                at += 1;
                let Stmt::Assign { dst, value } = &s.stmt else {
                    continue;
                };
                if !is_next(*dst) || !mentions(value, &to) {
                    continue;
                }
                ways += 1;
                let from = u64::from(b.0);
                found = match value {
                    Expr::Ite(c, x, y) if **x == to && **y != to => {
                        Some((Some((self.expand)(c, at)), from))
                    }
                    Expr::Ite(c, x, y) if **y == to && **x != to => {
                        Some((Some(Expr::not((self.expand)(c, at))), from))
                    }
                    v if *v == to => Some((None, from)),
                    // Some other choice that leads there.
                    _ => None,
                };
            }
        }
        if ways == 1 {
            found
        } else {
            None
        }
    }
}

/// Whether `e` contains `to`.
fn mentions(e: &Expr, to: &Expr) -> bool {
    e == to
        || match e {
            Expr::Unary(_, a) | Expr::Cast(_, _, a) => mentions(a, to),
            Expr::Binary(_, a, b) => mentions(a, to) || mentions(b, to),
            Expr::Ite(c, a, b) => mentions(c, to) || mentions(a, to) || mentions(b, to),
            _ => false,
        }
}
