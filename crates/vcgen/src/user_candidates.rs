//! The user's candidate invariants (`__candidate_invariant`, `__candidate_global_invariant`)
//! as Houdini candidates. Lock-step left each at its loop head as an assertion of what
//! would be assumed (both threads, or thread 1 for race-log facts); its condition is over
//! temporaries the head computes before it, so the head's assignments up to it are
//! inlined to get a condition over the state at the start of the head. A value the head
//! reads from memory before any statement of the head writes that memory is what memory
//! holds at the start of the head (a ghost load of that thread's memory); a candidate over
//! any other value the head cannot compute from its start is left out (dropping a guess is
//! always sound).

use std::collections::{HashMap, HashSet};

use kir::{AssertOrigin, Expr, Ghost, Region, Stmt, Ty, Var};
use lockstep::TwoThread;

use crate::loops::layout;
use crate::Family;
use crate::Invariant;

/// The user's candidates, numbered from `first`.
pub fn user_candidates(tt: &TwoThread, first: u32) -> Vec<Invariant> {
    let k = &tt.kernel;
    let Ok(l) = layout(k) else {
        return Vec::new();
    };
    let mut spans: Vec<_> = l.loops.values().collect();
    spans.sort_by_key(|s| s.first);
    let mut out = Vec::new();
    for span in spans {
        let mut defs: HashMap<Var, Expr> = HashMap::new();
        let mut unknown: HashSet<Var> = HashSet::new();
        let mut written: HashSet<Region> = HashSet::new();
        let inline = |defs: &HashMap<Var, Expr>, e: &Expr| {
            e.map_vars(&|v| defs.get(&v).cloned().unwrap_or(Expr::Var(v)))
        };
        for s in &k.block(span.head).stmts {
            match &s.stmt {
                Stmt::Assert {
                    cond,
                    origin: AssertOrigin::CandidateInvariant { .. },
                } => {
                    let mut blocked = false;
                    cond.for_each_var(&mut |v| blocked |= unknown.contains(&v));
                    inline(&defs, cond).for_each_var(&mut |v| blocked |= unknown.contains(&v));
                    if blocked {
                        continue;
                    }
                    let at = s
                        .loc
                        .map(|l| format!(" (line {})", l.line))
                        .unwrap_or_default();
                    out.push(Invariant {
                        index: first + out.len() as u32,
                        head: span.head,
                        expr: inline(&defs, cond),
                        name: format!("user candidate{at}"),
                        family: Family::User,
                    });
                }
                Stmt::Assign { dst, value } => {
                    let v = inline(&defs, value);
                    defs.insert(*dst, v);
                }
                Stmt::Read {
                    pred,
                    dst,
                    region,
                    offset,
                    bytes,
                    thread: Some(t),
                } if !written.contains(region) && !unknown.contains(dst) => {
                    let load = Ghost::LoadOf {
                        region: *region,
                        offset: &inline(&defs, offset),
                        bytes: *bytes,
                        thread: *t,
                    }
                    .to_expr(k);
                    let load = match k.var(*dst).ty {
                        Ty::Bool => Expr::not(Expr::eq(load, Expr::int(0, bytes * 8))),
                        Ty::Bv(_) => load,
                    };
                    let before = inline(&defs, &Expr::Var(*dst));
                    defs.insert(*dst, Expr::ite(inline(&defs, pred), load, before));
                }
                st => {
                    if let Stmt::Write { region, .. }
                    | Stmt::Atomic { region, .. }
                    | Stmt::HavocMemory { region, .. } = st
                    {
                        written.insert(*region);
                    }
                    if let Some(d) = st.def() {
                        defs.remove(&d);
                        unknown.insert(d);
                    }
                }
            }
        }
    }
    out
}
