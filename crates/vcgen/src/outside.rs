//! What a loop can change of a thread that is not in it when the loop is entered, in the
//! structured predicator's program.
//!
//! The unstructured predicator's cut knows where each thread is from its `v_active`: a
//! thread that is not at the head as the loop is entered never runs a statement of the
//! loop, so the cut keeps its variables (see `cut.rs`). The structured program has no
//! `v_active`: a thread is in the loop while its loop predicate `H.loop$t` holds, which
//! the back block tests (`assume H.loop$1 | H.loop$2`). Without the same knowledge, the cut
//! havocs every variable of a thread that never came in, its loop predicate too, and the
//! arbitrary state may then have it in the loop with values it never had there (a step
//! computed before the loop under the predicate the loop is entered under, as clang's
//! -O2 hoists a grid-stride loop's `blockDim.x * gridDim.x`).
//!
//! Here the loop's statements are walked in layout order, tracking which of the thread's
//! variables are false whenever its loop predicate was false on entry: the predicate itself
//! (it only becomes `H.loop && c`), and a branch arm's predicate `B.then := H.loop && c`
//! from its assignment on. A variable whose every assignment in the loop is guarded by one
//! of these (`x := g ? e : x`, a read or atomic under `g`) keeps its value for such a thread;
//! any other assignment changes it.

use std::collections::{BTreeSet, HashSet};

use kir::{BinOp, Expr, Kernel, Stmt, Thread, Var, VarKind};

use crate::loops::LoopSpan;

/// One thread's loop predicate, and its variables the loop may change even when that
/// predicate is false as the loop is entered.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Outside {
    pub thread: Thread,
    pub predicate: Var,
    pub changed: BTreeSet<Var>,
}

/// For each thread of a structured loop (its back block assumes `p$1 | p$2`, each the
/// thread's copy of one predicate), what the loop changes of it when `p$t` is false on
/// entry. Empty for any other loop, and without the thread whose variables the walk cannot
/// account for (a statement makes a variable known false true again).
pub(crate) fn structured(k: &Kernel, span: &LoopSpan) -> Vec<Outside> {
    let [Expr::Binary(BinOp::Or, p1, p2)] = span.back.as_slice() else {
        return Vec::new();
    };
    let (Expr::Var(p1), Expr::Var(p2)) = (&**p1, &**p2) else {
        return Vec::new();
    };
    let copy = |v: Var| match k.var(v).kind {
        VarKind::ThreadCopy { of, thread } => Some((of, thread)),
        _ => None,
    };
    match (copy(*p1), copy(*p2)) {
        (Some((o1, Thread::T1)), Some((o2, Thread::T2))) if o1 == o2 => {}
        _ => return Vec::new(),
    }
    [(Thread::T1, *p1), (Thread::T2, *p2)]
        .into_iter()
        .filter_map(|(thread, predicate)| {
            let changed = changed_when_off(k, span, predicate)?;
            Some(Outside {
                thread,
                predicate,
                changed,
            })
        })
        .collect()
}

/// The variables the loop's statements may change when `predicate` is false on entry;
/// `None` when a variable known to be false may be made true again.
fn changed_when_off(k: &Kernel, span: &LoopSpan, predicate: Var) -> Option<BTreeSet<Var>> {
    let mut off = HashSet::from([predicate]);
    let mut changed = BTreeSet::new();
    for &b in &k.layout[span.first..=span.last] {
        for s in &k.block(b).stmts {
            let Some(dst) = s.stmt.def() else {
                continue;
            };
            let kept = match &s.stmt {
                Stmt::Assign {
                    value: Expr::Ite(guard, _, keep),
                    ..
                } => **keep == Expr::Var(dst) && is_off(guard, &off),
                Stmt::Read { pred, .. } | Stmt::Atomic { pred, .. } => is_off(pred, &off),
                _ => false,
            };
            if kept {
                continue;
            }
            match &s.stmt {
                Stmt::Assign { value, .. } if is_off(value, &off) => {
                    // False from here on (a variable false already stays what it was).
                    if off.insert(dst) {
                        changed.insert(dst);
                    }
                }
                // A variable known false made anything else: earlier statements (of a
                // nested loop's next iteration) may see it true.
                _ if off.contains(&dst) => return None,
                _ => {
                    changed.insert(dst);
                }
            }
        }
    }
    Some(changed)
}

/// Whether `e` is false when every variable of `off` is.
fn is_off(e: &Expr, off: &HashSet<Var>) -> bool {
    match e {
        Expr::Var(v) => off.contains(v),
        Expr::Bool(b) => !b,
        Expr::Binary(BinOp::And, a, b) => is_off(a, off) || is_off(b, off),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kir::{Block, StmtData, Terminator, Ty};

    fn assign(dst: Var, value: Expr) -> StmtData {
        StmtData::new(Stmt::Assign { dst, value }, None)
    }

    fn copy(k: &mut Kernel, name: &str, ty: Ty) -> [Var; 2] {
        let of = k.add_var(name, ty, VarKind::Private);
        [Thread::T1, Thread::T2].map(|thread| {
            k.add_var(
                format!("{name}${thread:?}"),
                ty,
                VarKind::ThreadCopy { of, thread },
            )
        })
    }

    /// `H.loop` per thread; a guarded step `i := H.loop ? i + s : i`; an arm predicate
    /// `B.then := H.loop & c` guarding `x`; an unguarded `u := c`; the loop test
    /// `H.loop := H.loop & c`.
    fn structured_loop() -> (Kernel, LoopSpan, [[Var; 2]; 5]) {
        let mut k = Kernel::new("k");
        let p = copy(&mut k, "H.loop", Ty::Bool);
        let c = copy(&mut k, "c", Ty::Bool);
        let then = copy(&mut k, "B.then", Ty::Bool);
        let i = copy(&mut k, "i", Ty::Bv(32));
        let u = copy(&mut k, "u", Ty::Bool);
        let head = k.add_block("H", Terminator::Return);
        let mut stmts = Vec::new();
        for t in 0..2 {
            let step = Expr::bin(BinOp::Add, Expr::Var(i[t]), Expr::int(4, 32));
            stmts.extend([
                assign(i[t], Expr::ite(Expr::Var(p[t]), step, Expr::Var(i[t]))),
                assign(then[t], Expr::and(Expr::Var(p[t]), Expr::Var(c[t]))),
                assign(
                    i[t],
                    Expr::ite(Expr::Var(then[t]), Expr::int(0, 32), Expr::Var(i[t])),
                ),
                assign(u[t], Expr::Var(c[t])),
                assign(p[t], Expr::and(Expr::Var(p[t]), Expr::Var(c[t]))),
            ]);
        }
        k.block_mut(head).stmts = stmts;
        k.layout.push(head);
        let span = LoopSpan {
            head: Block(0),
            first: 0,
            last: 0,
            back: vec![Expr::or(Expr::Var(p[0]), Expr::Var(p[1]))],
        };
        (k, span, [p, c, then, i, u])
    }

    #[test]
    fn guarded_variables_of_a_thread_outside_stay() {
        let (k, span, [p, _, then, i, u]) = structured_loop();
        let out = structured(&k, &span);
        assert_eq!(out.len(), 2);
        let t1 = &out[0];
        assert_eq!((t1.thread, t1.predicate), (Thread::T1, p[0]));
        // The arm predicate becomes false, the unguarded `u` anything; `i` and the loop
        // predicate stay. Thread 2's variables are not guarded by thread 1's predicate.
        assert!(t1.changed.contains(&then[0]) && t1.changed.contains(&u[0]));
        assert!(!t1.changed.contains(&i[0]) && !t1.changed.contains(&p[0]));
        assert!(t1.changed.contains(&i[1]));
        assert!(!out[1].changed.contains(&i[1]));
    }

    #[test]
    fn a_predicate_made_true_again_gives_up() {
        let (mut k, span, [p, c, ..]) = structured_loop();
        let head = k.layout[0];
        k.block_mut(head).stmts.push(assign(p[0], Expr::Var(c[0])));
        let out = structured(&k, &span);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].thread, Thread::T2);
    }

    #[test]
    fn an_unstructured_loop_has_none() {
        let (k, mut span, [p, ..]) = structured_loop();
        span.back = vec![Expr::Var(p[0])];
        assert!(structured(&k, &span).is_empty());
    }
}
