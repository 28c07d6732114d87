//! Facts about variables that candidate generation needs: which thread a value belongs to,
//! and which variables a loop only uses as temporaries (assigned afresh in every iteration
//! before any use), so that no candidate is spent on them.

use std::collections::{BTreeSet, HashMap, HashSet};

use kir::{Expr, Kernel, Stmt, Thread, Var};

use crate::candidates::copy_of;
use crate::loops::LoopSpan;

/// The one thread whose copies `e` mentions, if it mentions copies of one thread only.
pub fn thread_of(k: &Kernel, e: &Expr) -> Option<Thread> {
    let mut t = None;
    let mut mixed = false;
    e.for_each_var(&mut |v| {
        if let Some((_, th)) = copy_of(k, v) {
            match t {
                None => t = Some(th),
                Some(x) if x != th => mixed = true,
                _ => {}
            }
        }
    });
    if mixed {
        None
    } else {
        t
    }
}

/// Variables the loop assigns afresh in every iteration before reading them, and never
/// reads after the loop: their value at the head is dead.
pub fn temporaries(k: &Kernel, span: &LoopSpan) -> BTreeSet<Var> {
    let mut first_def: HashMap<Var, usize> = Default::default();
    let mut early: HashSet<Var> = HashSet::new();
    let mut at = 0;
    for (i, (_, data)) in k.laid_out().enumerate() {
        let inside = i >= span.first && i <= span.last;
        for s in &data.stmts {
            at += 1;
            let def = s.stmt.def();
            // `x := act ? e : x` keeps the old value only for an inactive thread.
            let uses = match &s.stmt {
                Stmt::Assign {
                    dst,
                    value: Expr::Ite(c, e, keep),
                } if **keep == Expr::Var(*dst) => {
                    let mut u = Vec::new();
                    c.for_each_var(&mut |v| u.push(v));
                    e.for_each_var(&mut |v| u.push(v));
                    u
                }
                _ => s.stmt.uses(),
            };
            for v in uses {
                match first_def.get(&v) {
                    Some(&d) if inside && d < at => {}
                    _ => {
                        early.insert(v);
                    }
                }
            }
            if let (Some(v), true) = (def, inside) {
                first_def.entry(v).or_insert(at);
            }
            let _ = def;
        }
        for e in data.term.exprs() {
            e.for_each_var(&mut |v| {
                if !(inside && first_def.contains_key(&v)) {
                    early.insert(v);
                }
            });
        }
    }
    first_def
        .into_keys()
        .filter(|v| !early.contains(v))
        .collect()
}
