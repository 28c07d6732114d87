//! Which variables a thread only ever reads in one block, after defining them there.

use std::collections::{HashMap, HashSet};

use crate::entities::{Block, Var};
use crate::kernel::Kernel;
use crate::syntax::{Expr, Stmt};

impl Kernel {
    /// The variables that are block-local: every statement that defines or reads one is in
    /// one block, and each read of it (in a statement, a witness or the block's terminator)
    /// comes after a definition in that block that `defines` accepts. A definition that
    /// `defines` does not accept makes the variable not block-local. In predicated code a
    /// thread that is not in such a variable's block executes nothing that reads it with
    /// effect, so what it holds there is never observed.
    pub fn block_locals(&self, defines: impl Fn(&Stmt) -> bool) -> HashSet<Var> {
        // Per variable: the one block it occurs in (`None` once it occurs in two).
        let mut seen: HashMap<Var, Option<Block>> = HashMap::new();
        let mut bad: HashSet<Var> = HashSet::new();
        for &b in &self.layout {
            let data = self.block(b);
            let mut defined: HashSet<Var> = HashSet::new();
            for s in &data.stmts {
                for e in s.stmt.exprs() {
                    read(e, b, &defined, (&mut seen, &mut bad));
                }
                for (_, e) in &s.witness {
                    read(e, b, &defined, (&mut seen, &mut bad));
                }
                if let Some(d) = s.stmt.def() {
                    occurs(&mut seen, d, b);
                    if defines(&s.stmt) {
                        defined.insert(d);
                    } else {
                        bad.insert(d);
                    }
                }
            }
            for e in data.term.exprs() {
                read(e, b, &defined, (&mut seen, &mut bad));
            }
        }
        seen.into_iter()
            .filter(|(v, b)| b.is_some() && !bad.contains(v))
            .map(|(v, _)| v)
            .collect()
    }
}

/// Notes the variables `e` reads in block `b`, with those `defined` there so far.
fn read(
    e: &Expr,
    b: Block,
    defined: &HashSet<Var>,
    (seen, bad): (&mut HashMap<Var, Option<Block>>, &mut HashSet<Var>),
) {
    e.for_each_var(&mut |v| {
        occurs(seen, v, b);
        if !defined.contains(&v) {
            bad.insert(v);
        }
    })
}

/// Notes that `v` occurs in block `b`.
fn occurs(seen: &mut HashMap<Var, Option<Block>>, v: Var, b: Block) {
    let e = seen.entry(v).or_insert(Some(b));
    if *e != Some(b) {
        *e = None;
    }
}
