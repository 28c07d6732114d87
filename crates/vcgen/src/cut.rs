//! Loops in the symbolic execution: unrolling (`LoopMode::Complete`/`Bounded`) and the cut
//! with invariants (`LoopMode::Cut`): Houdini's candidates and the user's loop invariants
//! (`__invariant`, `__global_invariant`, function-wide invariants), which lock-step left
//! at the loop head as an assertion (thread 1) followed by its assumption.
//!
//! The cut runs the head up to the user invariants from the entry state (checking them),
//! havocs what the loop changes (only if some thread enters it), assumes the invariants
//! and what is known of every head visit (some thread is there; each thread is at the
//! head, has left for an exit target, or never came; log sizes, sources and offsets keep
//! the shape every assignment gives them), runs one iteration and checks the invariants
//! again whenever a thread goes round.

use kir::{AssertOrigin, Expr, Stmt, StmtData, Var};

use crate::exec::Exec;
use crate::{LoopMode, VcError};
use vc::{Event, TermId};

/// What running a loop head does with the user invariants there.
#[derive(Clone, Copy, Debug)]
pub(crate) enum HeadMode {
    /// Check them (on entry or after an iteration; only where `guard` holds) and, if
    /// `assume`, assume them afterwards.
    Check {
        at_entry: bool,
        guard: Option<TermId>,
        assume: bool,
    },
    /// The cut iteration from an arbitrary state: assume them.
    Assume,
}

/// Whether a thread is at a loop's head as the loop is entered; if not, the loop changes
/// none of its variables but `changed` (`None`: none at all; the unstructured program's
/// `v_next` and havoc temporaries are written before they are read).
struct AtHead {
    here: TermId,
    changed: Option<std::collections::BTreeSet<Var>>,
}

/// Each thread's `v_active` on loop entry, and the loop's exit targets.
type Whereabouts = (Vec<(Var, TermId)>, Vec<u64>);

impl Exec<'_> {
    pub(crate) fn unroll(
        &mut self,
        head: usize,
        last: usize,
        back: &[Expr],
    ) -> Result<(), VcError> {
        let n = match self.mode {
            LoopMode::Complete(n) | LoopMode::Bounded(n) => n,
            LoopMode::Cut => 1,
        };
        let mut again = self.terms.bool(true);
        for iteration in 0..n.max(1) {
            let mode = HeadMode::Check {
                at_entry: iteration == 0,
                guard: None,
                assume: true,
            };
            self.head(head, mode, false)?;
            self.range(head + 1, last + 1)?;
            again = self.terms.bool(true);
            for c in back {
                let t = self.expr(c)?;
                again = self.terms.and(again, t);
            }
            // No thread goes back to the head (the trip count folded to a constant):
            // further iterations would change nothing.
            if self.terms.as_bool(again) == Some(false) {
                break;
            }
        }
        // Out of the loop: no thread is at the head any more.
        let done = self.terms.not(again);
        if let LoopMode::Complete(_) = self.mode {
            let loc = self.k.block(self.k.layout[head]).loc;
            self.check(done, AssertOrigin::UnwindBound, loc, Vec::new());
        }
        self.events.push(Event::Assume(done));
        Ok(())
    }

    /// The loop cut with invariants: they must hold on entry; then the loop's state is
    /// arbitrary but for them, one iteration runs, and they must hold again whenever a
    /// thread goes back to the head; execution goes on with no thread at the head.
    pub(crate) fn cut(&mut self, span: &crate::loops::LoopSpan) -> Result<(), VcError> {
        let invs: Vec<crate::Invariant> = self
            .invariants
            .iter()
            .filter(|i| i.head == span.head)
            .cloned()
            .collect();
        let loc = self.k.block(span.head).loc;
        // Whether some thread enters the loop. If none does, the loop changes nothing;
        // otherwise every later visit of the head has some thread there (the back edge
        // is only taken then), which the arbitrary state may assume.
        let entered = self.some_at_head(span)?;
        self.base_iterations(span, &invs, entered)?;
        for inv in invs.iter().filter(|i| i.checked()) {
            let t = self.expr(&inv.expr)?;
            let origin = AssertOrigin::Invariant {
                index: inv.index,
                at_entry: true,
            };
            self.check(t, origin, loc, Vec::new());
        }
        // The user's invariants on entry: the head runs up to them from the entry state.
        let entry = HeadMode::Check {
            at_entry: true,
            guard: None,
            assume: false,
        };
        // The state at the start of the head, for the havoc below (the entry run of the
        // head's prefix must not stand for the first visit's start).
        let before = self.env.clone();
        let whereabouts = self.whereabouts(span);
        // Which thread is at the head as the loop is entered: the loop changes only those
        // threads' variables (the others wait before or after it, or never come).
        let at_head = self.threads_at_head(span);
        self.head(span.first, entry, true)?;
        self.cuts.push(loc);
        let (vars, regions) = crate::loops::modified(self.k, span);
        for v in vars {
            let fresh = self.fresh_var(v);
            let old = match before[v.index()] {
                Some(t) => t,
                None => {
                    let data = self.k.var(v);
                    let name = format!("{}.{}", data.name, v.index());
                    self.terms.sym(name, crate::expr_to_term::sort_of(data.ty))
                }
            };
            // A variable that only receives constants still holds one of them, or its
            // value from before the loop.
            if let Some(values) = self.finite.get(&v) {
                let kir::Ty::Bv(w) = self.k.var(v).ty else {
                    continue;
                };
                let mut ok = self.terms.eq(fresh, old);
                for &c in values {
                    let c = self.terms.bv(c, w);
                    let is = self.terms.eq(fresh, c);
                    ok = self.terms.or(ok, is);
                }
                self.events.push(Event::Assume(ok));
            }
            // One that only receives multiples of 2^n is still one.
            if let (Some(&n), kir::Ty::Bv(w)) = (self.aligned.get(&v), self.k.var(v).ty) {
                if n < w {
                    let low = self.terms.extract(n - 1, 0, fresh);
                    let zero = self.terms.bv(0, n);
                    let aligned = self.terms.eq(low, zero);
                    let kept = self.terms.eq(fresh, old);
                    let ok = self.terms.or(aligned, kept);
                    self.events.push(Event::Assume(ok));
                }
            }
            let changes = match self.k.var(v).kind {
                kir::VarKind::ThreadCopy { thread, .. } => match at_head.get(&thread) {
                    Some(a) if a.changed.as_ref().is_none_or(|c| !c.contains(&v)) => {
                        self.terms.and(entered, a.here)
                    }
                    _ => entered,
                },
                _ => entered,
            };
            self.env[v.index()] = Some(self.terms.ite(changes, fresh, old));
        }
        for r in regions {
            self.havoc_memory(r, entered);
        }
        let again = self.some_at_head(span)?;
        let visited = self.terms.implies(entered, again);
        self.events.push(Event::Assume(visited));
        self.assume_whereabouts(span, whereabouts);
        for inv in &invs {
            let t = self.expr(&inv.expr)?;
            self.events.push(Event::Hypothesis {
                cond: t,
                candidate: inv.index,
            });
        }
        self.hypothesis_iterations(span, &invs)?;
        self.head(span.first, HeadMode::Assume, false)?;
        self.range(span.first + 1, span.last + 1)?;
        let again = self.some_at_head(span)?;
        self.check_preserved(&invs, again, loc)?;
        // The user's invariants again whenever a thread goes round: the head runs up to
        // them from the state the iteration left (a no-op when no thread is at the head).
        let round = HeadMode::Check {
            at_entry: false,
            guard: Some(again),
            assume: false,
        };
        self.head(span.first, round, true)?;
        let done = self.terms.not(again);
        self.events.push(Event::Assume(done));
        Ok(())
    }

    /// k-induction's base case: the first `depth - 1` iterations from the entry state, with
    /// every check (the candidates must hold before each of them and after the last);
    /// then back to the entry state for the cut.
    fn base_iterations(
        &mut self,
        span: &crate::loops::LoopSpan,
        invs: &[crate::Invariant],
        entered: TermId,
    ) -> Result<(), VcError> {
        if self.depth <= 1 {
            return Ok(());
        }
        let saved = (self.env.clone(), self.mem.clone());
        let loc = self.k.block(span.head).loc;
        let mut at_head = entered;
        for iteration in 0..self.depth - 1 {
            if iteration > 0 {
                self.check_preserved(invs, at_head, loc)?;
            }
            // The user's invariants on entry are the cut's to check.
            let guard = match iteration {
                0 => self.terms.bool(false),
                _ => at_head,
            };
            let mode = HeadMode::Check {
                at_entry: false,
                guard: Some(guard),
                assume: true,
            };
            self.head(span.first, mode, false)?;
            self.range(span.first + 1, span.last + 1)?;
            at_head = self.some_at_head(span)?;
        }
        (self.env, self.mem) = saved;
        Ok(())
    }

    /// The candidates hold again whenever `again` (some thread is back at the head).
    fn check_preserved(
        &mut self,
        invs: &[crate::Invariant],
        again: TermId,
        loc: Option<kir::Loc>,
    ) -> Result<(), VcError> {
        for inv in invs.iter().filter(|i| i.checked()) {
            let t = self.expr(&inv.expr)?;
            let held = self.terms.implies(again, t);
            let origin = AssertOrigin::Invariant {
                index: inv.index,
                at_entry: false,
            };
            self.check(held, origin, loc, Vec::new());
        }
        Ok(())
    }

    /// k-induction's hypothesis: from the cut's arbitrary state, `depth - 1` iterations
    /// whose checks are assumed to pass (the base case and the cut iteration prove them)
    /// and after each of which the invariants hold again.
    fn hypothesis_iterations(
        &mut self,
        span: &crate::loops::LoopSpan,
        invs: &[crate::Invariant],
    ) -> Result<(), VcError> {
        for _ in 1..self.depth {
            let (events, checks) = (self.events.len(), self.checks.len());
            self.head(span.first, HeadMode::Assume, false)?;
            self.range(span.first + 1, span.last + 1)?;
            for e in &mut self.events[events..] {
                if let Event::Check { cond, check } = *e {
                    // A nested loop's candidate holds only as long as Houdini keeps it.
                    *e = match self.checks[check].kind {
                        vc::CheckKind::Candidate { index, .. } => Event::Hypothesis {
                            cond,
                            candidate: index,
                        },
                        _ => Event::Assume(cond),
                    };
                }
            }
            self.checks.truncate(checks);
            let again = self.some_at_head(span)?;
            for inv in invs {
                let t = self.expr(&inv.expr)?;
                let held = self.terms.implies(again, t);
                self.events.push(Event::Hypothesis {
                    cond: held,
                    candidate: inv.index,
                });
            }
        }
        Ok(())
    }

    /// Each thread's `v_active` on loop entry, with the loop's exit targets, when known.
    fn whereabouts(&mut self, span: &crate::loops::LoopSpan) -> Option<Whereabouts> {
        let exits = crate::loops::exit_targets(self.k, span)?;
        let active = self
            .active_copies()
            .into_iter()
            .map(|(var, _)| (var, self.var(var)))
            .collect();
        Some((active, exits.into_iter().collect()))
    }

    /// Each thread's copy of `v_active`.
    fn active_copies(&self) -> Vec<(Var, kir::Thread)> {
        let k = self.k;
        (0..k.vars.len())
            .map(Var::new)
            .filter_map(|v| match k.var(v).kind {
                kir::VarKind::ThreadCopy { of, thread } if k.var(of).name == "v_active" => {
                    Some((v, thread))
                }
                _ => None,
            })
            .collect()
    }

    /// "Thread t is at the loop's head", now, for each thread with a `v_active` copy, or
    /// (the structured program) with a loop predicate: a thread that is not never runs a
    /// statement of the loop, which changes only the variables `AtHead::changed` names.
    fn threads_at_head(
        &mut self,
        span: &crate::loops::LoopSpan,
    ) -> std::collections::HashMap<kir::Thread, AtHead> {
        let mut out = std::collections::HashMap::new();
        for (var, thread) in self.active_copies() {
            let now = self.var(var);
            let head = self.terms.bv(u64::from(span.head.0), 32);
            let here = self.terms.eq(now, head);
            out.insert(
                thread,
                AtHead {
                    here,
                    changed: None,
                },
            );
        }
        if out.is_empty() {
            for o in crate::outside::structured(self.k, span) {
                let here = self.var(o.predicate);
                let changed = Some(o.changed);
                out.insert(o.thread, AtHead { here, changed });
            }
        }
        out
    }

    /// At every visit of a loop head, a thread that was at the head when the loop was
    /// entered is at the head or has left the loop for one of its exit targets; any other
    /// has not moved (it waits elsewhere, or never came): assumed of the arbitrary state of
    /// the cut.
    fn assume_whereabouts(
        &mut self,
        span: &crate::loops::LoopSpan,
        whereabouts: Option<Whereabouts>,
    ) {
        let Some((active, exits)) = whereabouts else {
            return;
        };
        for (v, on_entry) in active {
            let now = self.var(v);
            let head = self.terms.bv(u64::from(span.head.0), 32);
            let mut moved = self.terms.eq(now, head);
            for &x in &exits {
                let target = self.terms.bv(x, 32);
                let left = self.terms.eq(now, target);
                moved = self.terms.or(moved, left);
            }
            let stayed = self.terms.eq(now, on_entry);
            let came = self.terms.eq(on_entry, head);
            let ok = self.terms.ite(came, moved, stayed);
            self.events.push(Event::Assume(ok));
        }
    }

    /// "Some thread is at the loop's head": the back block's assumptions, now.
    fn some_at_head(&mut self, span: &crate::loops::LoopSpan) -> Result<TermId, VcError> {
        let mut again = self.terms.bool(true);
        for c in &span.back {
            let t = self.expr(c)?;
            again = self.terms.and(again, t);
        }
        Ok(again)
    }

    /// Runs the loop head at layout position `i` (only up to its last user invariant
    /// when `prefix`), treating the user invariants there as `mode` says.
    fn head(&mut self, i: usize, mode: HeadMode, prefix: bool) -> Result<(), VcError> {
        let k = self.k;
        let stmts = &k.block(k.layout[i]).stmts;
        let is_invariant = |s: &StmtData| {
            matches!(
                s.stmt,
                Stmt::Assert {
                    origin: AssertOrigin::LoopInvariant { .. },
                    ..
                }
            )
        };
        let end = match prefix {
            true => stmts.iter().rposition(is_invariant).map_or(0, |j| j + 2),
            false => stmts.len(),
        };
        let mut after_invariant = false;
        for (j, s) in stmts[..end.min(stmts.len())].iter().enumerate() {
            match &s.stmt {
                Stmt::Assert {
                    cond,
                    origin: AssertOrigin::LoopInvariant { global, .. },
                } => {
                    after_invariant = true;
                    if let HeadMode::Check {
                        at_entry, guard, ..
                    } = mode
                    {
                        let t = self.expr(cond)?;
                        let t = match guard {
                            Some(g) => self.terms.implies(g, t),
                            None => t,
                        };
                        let origin = AssertOrigin::LoopInvariant {
                            global: *global,
                            at_entry,
                        };
                        self.check(t, origin, s.loc, Vec::new());
                    }
                }
                Stmt::Assume { .. } if after_invariant => {
                    after_invariant = false;
                    let assume = match mode {
                        HeadMode::Check { assume, .. } => assume,
                        HeadMode::Assume => true,
                    };
                    if assume {
                        self.stmt_at((i, j), s)?;
                    }
                }
                _ => {
                    after_invariant = false;
                    self.stmt_at((i, j), s)?;
                }
            }
        }
        if self.terms.len() > self.max_terms {
            return Err(VcError::TooLarge {
                limit: self.max_terms,
            });
        }
        Ok(())
    }
}
