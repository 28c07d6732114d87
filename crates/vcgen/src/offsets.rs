//! Candidates about the offsets thread 1's race logs hold, from the accesses the loop
//! makes. An access's offset is expanded through the iteration's temporaries, so that it
//! is written over values at the head. Then a logged access of the loop:
//! - is at that offset, if it does not depend on what the loop changes (`A[gid]` in a loop);
//! - is congruent to the offset at the counter's start modulo the offset's step
//!   (`A[tid + k*stride]`);
//! - lies between the offset at the counter's start and at its bound
//!   (`c*tid <= off < c*(tid+1)` for `A[c*tid + i]`, `i < c`), or at the bound of a loop
//!   after this one over the same region (a row written by consecutive loops: left edge,
//!   middle, right edge);
//! - for a counter with an iteration counter (`iterations.rs`): is the access's offset at
//!   the iteration the log recorded, in place of the congruence;
//! - for counters whose values the log records (`iterations.rs`): is the access's offset at
//!   those values, each between its counter's start and bound (a bound chosen among
//!   several values, `min(31, n - 1)` compiled to branches, gives one bound per value),
//!   also for the counters of enclosing loops, which an inner loop's havoc of the log
//!   would otherwise forget; such a counter's congruence by a byte step that is no power of
//!   two is left out (the recorded value says where the access is, linearly).

use kir::{BinOp, Expr, Thread, Var};

use crate::candidates::{access, copy_of, Access, Gen};
use crate::iterations::{
    at_iteration, counted_step, counter_of, is_counter, log_field_name, odd_constant, times_in,
};
use crate::loops::enclosing_inductions;
use crate::sites::LoopAccess;
use crate::strides::{
    const_eval, constant_slope, fixed_slope, negative_magnitude, slope, substitute, Induction,
    Strides,
};
use crate::Family;

/// Variables each with an expression: bounds `(v, hi)`, or starts `(v, start)`.
pub(crate) type Pairs<'a> = &'a [(Var, Expr)];

/// A loop's upper bounds ([`Gen::upper_bounds`]): those of its tests, and those chosen
/// among several values.
pub(crate) type Bounds = (Vec<(Var, Expr)>, Vec<(Var, Expr)>);

impl Gen<'_> {
    /// `beside`: the bounds of counters stepping beside a tested one
    /// ([`crate::counters::beside_bounds`]).
    pub(crate) fn offsets(
        &mut self,
        st: &Strides,
        (bounds, chosen): &Bounds,
        beside: &[(Var, Expr)],
    ) {
        let k = self.k;
        // The loop's counters, and those of the loops nested in it: an outer loop sees the
        // inner loop's accesses, logged in step with the inner counter.
        let mut inductions: Vec<Induction> = st.inductions();
        // Where the inner loops' counters start, on entry to their loops.
        let mut inner_starts: Vec<(Var, Expr)> = Vec::new();
        if let Ok(l) = crate::loops::layout(k) {
            for inner in l.loops.values() {
                if inner.first > self.span.first && inner.last <= self.span.last {
                    let (vars, _) = crate::loops::modified(k, inner);
                    let ist = Strides::new(k, inner, &vars);
                    for ind in ist.inductions() {
                        if let Some(start) = ist.entry_value(ind.var) {
                            inner_starts.push((ind.var, start));
                        }
                        inductions.push(ind);
                    }
                }
            }
        }
        inductions.retain(|i| copy_of(k, i.var).map(|c| c.1) == Some(Thread::T1));
        let outer = enclosing_inductions(k, self.span);
        let mut every_bound: Vec<(Var, Expr)> = bounds.iter().chain(chosen).cloned().collect();
        // The counters whose values a log may record: this loop's, its inner loops' and the
        // enclosing loops' (with the enclosing loops' bounds).
        let mut recordable = inductions.clone();
        recordable.extend(outer.iter().map(|(i, _)| i.clone()));
        every_bound.extend(self.enclosing_bounds(st));
        let later = self.later_bounds(st);
        // Every counter's start: this loop's and its inner loops' on entry, the enclosing
        // loops' where they start. (A variable listed twice is replaced at its first start.)
        let counter_starts: Vec<(Var, Expr)> = (inductions.iter())
            .filter_map(|i| st.entry_value(i.var).map(|s| (i.var, s)))
            .chain(inner_starts.iter().cloned())
            .chain(outer.iter().map(|(i, s)| (i.var, s.clone())))
            .collect();
        let local_size = self.tt.launch.local_size[0];
        let here = self.some_thread_here();
        for LoopAccess {
            block: b,
            at,
            region,
            kind,
            offset,
            name,
            has,
            logged,
            ..
        } in self.loop_accesses()
        {
            let has = self.logged(k.region(region).space, has);
            self.guard(st, b, (&has, logged), &format!("{kind:?} of {name}"));
            let logged = Expr::Var(logged);
            let e = st.expand(offset, at, 0);
            if st.is_invariant(&e) {
                self.add(
                    Family::Offsets,
                    format!("logged {kind:?} of {name} at its access's offset"),
                    Expr::implies(has.clone(), Expr::eq(logged.clone(), e.clone())),
                );
                continue;
            }
            let bounds_of = (&every_bound[..], &inner_starts[..], &counter_starts[..]);
            self.at_logged_values(st, &recordable, &e, (&has, &logged), bounds_of);
            self.outer_congruences(st, (&outer, &inductions), &e, (&has, &logged));
            for ind in &inductions {
                if !mentions(&e, ind.var) {
                    continue;
                }
                if self.at_iteration(st, ind, &e, (&has, &logged)) {
                    continue;
                }
                let ty = k.var(ind.var).ty;
                let mut starts: Vec<Expr> = st.entry_value(ind.var).into_iter().collect();
                // An inner loop's counter starts afresh on each entry: where it
                // starts, when that does not change in this loop (`c3 = tid_y` in
                // PPCG's tile copies), steps every logged access of the inner loop.
                starts.extend(
                    (inner_starts.iter())
                        .filter(|(v, s)| *v == ind.var && st.is_invariant(s))
                        .map(|(_, s)| s.clone()),
                );
                starts.extend(st.starts(Thread::T1, ty, local_size));
                // An inner loop's counters at the values the log recorded.
                let (inner, fields) = self.recorded(&inductions, ind.var, &e, &logged);
                for g in starts {
                    let e0 = substitute(&e, ind.var, &g);
                    let e0 = if st.is_invariant(&e0) {
                        e0
                    } else {
                        let e0 = substitute(&inner, ind.var, &g);
                        let mut fixed = true;
                        e0.for_each_var(&mut |v| {
                            fixed &= st.is_invariant(&Expr::Var(v)) || fields.contains(&v)
                        });
                        if !fixed {
                            continue;
                        }
                        e0
                    };
                    // A remainder by a constant that is not a power of two costs Z3 a
                    // divider in every check that assumes it; when the log records the
                    // counter, the offset at the recorded value says more, linearly.
                    let step = byte_step(k, &e, ind)
                        .filter(|s| !(odd_constant(s) && self.records(&logged, ind.var)));
                    if let Some(step) = step {
                        self.add(
                            Family::Offsets,
                            format!("logged {kind:?} of {name} in step with the loop"),
                            Expr::implies(has.clone(), in_step(&logged, e0.clone(), step)),
                        );
                    }
                    // This loop's bounds, then those of the loops after it over the
                    // same region.
                    let own = (bounds.iter().chain(beside))
                        .filter(|(v, _)| *v == ind.var)
                        .map(|(_, hi)| (hi.clone(), "the loop's range"));
                    let later_his = (later.iter())
                        .filter(|l| l.regions.contains(&name) && l.counter == ty)
                        .map(|l| (l.hi.clone(), "a range up to a later loop's bound"));
                    let his: Vec<(Expr, &str)> = own.chain(later_his).collect();
                    for (hi, range) in his {
                        let e1 = substitute(&e, ind.var, &hi);
                        let inside = within(&e0, &logged, e1);
                        let what = format!("logged {kind:?} of {name} within {range}");
                        self.add_within(what, (&has, here.as_ref()), inside);
                    }
                }
            }
        }
    }

    /// "The logged access lies `within` a range" (`has`: the log holds one), and for a loop
    /// nested in another also "... while a thread is at the loop" (`here`, from
    /// [`Gen::some_thread_here`]). The predicated program passes an inner loop's head even
    /// when no thread is in the enclosing loop's body, with whatever the logs hold from
    /// before (a reduction's first loop, when the tree loop around has ended): the plain
    /// candidate must hold there too, and fails once Houdini drops the candidate that
    /// excluded that state; the guarded one need not. (CUDA scalarProd's reduction
    /// `for (i = tid; i < stride; i += blockDim.x)` inside the tree loop.)
    pub(crate) fn add_within(
        &mut self,
        what: String,
        (has, here): (&Expr, Option<&Expr>),
        within: Expr,
    ) {
        if let Some(here) = here {
            self.add(
                Family::Offsets,
                format!("{what} while a thread is at the loop"),
                Expr::implies(Expr::and(here.clone(), has.clone()), within.clone()),
            );
        }
        self.add(Family::Offsets, what, Expr::implies(has.clone(), within));
    }

    /// For a loop nested in another: some thread is at the loop's head or where it exits
    /// to (so the threads are in the enclosing loop's body, at this loop or just past it).
    pub(crate) fn some_thread_here(&self) -> Option<Expr> {
        let span = self.span;
        let nested = (self.loops.iter())
            .any(|l| l.head != span.head && l.first <= span.first && span.last <= l.last);
        if !nested {
            return None;
        }
        let here = |t| Some(Expr::or(self.at_head(t)?, self.left(t)?));
        Some(Expr::or(here(Thread::T1)?, here(Thread::T2)?))
    }

    /// For a counted induction variable (`iterations.rs`): a logged access is at offset
    /// `e` as it was at the iteration the log recorded. False if the variable has no
    /// counter or the log no field for it, or if the candidate does not bound the offset
    /// (the caller then adds the others).
    fn at_iteration(
        &mut self,
        st: &Strides,
        ind: &Induction,
        e: &Expr,
        (has, logged): (&Expr, &Expr),
    ) -> bool {
        let k = self.k;
        let kir::Ty::Bv(w) = k.var(ind.var).ty else {
            return false;
        };
        let (Some(c), Some(n), Expr::Var(offset)) =
            (counted_step(&ind.step, w), counter_of(k, ind.var), logged)
        else {
            return false;
        };
        let Some(field) = self.instrumentation_var(&log_field_name(k, *offset, n)) else {
            return false;
        };
        let Some(start) = st.entry_value(ind.var) else {
            return false;
        };
        let name = k.var(*offset).name.clone();
        let mut add = |then| {
            self.add(
                Family::Offsets,
                format!("{name} at the access's offset in the logged iteration"),
                Expr::implies(has.clone(), Expr::eq(logged.clone(), then)),
            )
        };
        if let Some(then) = at_iteration(e, ind.var, &start, &Expr::Var(field), c) {
            add(then);
            return true;
        }
        // Where the variable occurs only inside a wider sum (`zext(g*256 + bin)`): its value
        // at that iteration in its own width, wrapping as it does. That says nothing of
        // which iterations there are, so the range and congruence candidates are made too
        // (false).
        if k.var(field).ty == kir::Ty::Bv(w) {
            let value = Expr::bin(BinOp::Add, start, times_in(&Expr::Var(field), c, w));
            add(substitute(e, ind.var, &value));
        }
        false
    }

    /// For the induction variables whose values the log records (`iterations.rs`): a
    /// logged access is at offset `e` with each such variable at its recorded value, and a
    /// recorded value lies where the variable's own values do (from its start, below its
    /// bound, in step with it).
    fn at_logged_values(
        &mut self,
        st: &Strides,
        inductions: &[Induction],
        e: &Expr,
        (has, logged): (&Expr, &Expr),
        (bounds, inner_starts, starts): (Pairs, Pairs, Pairs),
    ) {
        let k = self.k;
        let Expr::Var(offset) = logged else {
            return;
        };
        let mut then = e.clone();
        let mut recorded = Vec::new();
        // An iteration counter's field is `at_iteration`'s.
        let counted = |v: Var| copy_of(k, v).is_some_and(|(of, _)| is_counter(k, of));
        for ind in inductions.iter().filter(|i| !counted(i.var)) {
            let Some(field) = self.instrumentation_var(&log_field_name(k, *offset, ind.var)) else {
                continue;
            };
            then = substitute(&then, ind.var, &Expr::Var(field));
            recorded.push((ind, field));
        }
        if recorded.is_empty() {
            return;
        }
        let log = k.var(*offset).name.clone();
        let fixed = |e: &Expr| {
            let mut fixed = true;
            e.for_each_var(&mut |v| {
                fixed &= st.is_invariant(&Expr::Var(v)) || recorded.iter().any(|r| r.1 == v)
            });
            fixed
        };
        // The counters the log does not record, at their starts: exact for a loop that
        // runs at most once (`counters.rs`), where the log keeps no other value of them.
        let mut at_starts = then.clone();
        for (v, s) in starts.iter().filter(|(_, s)| st.is_invariant(s)) {
            at_starts = substitute(&at_starts, *v, s);
        }
        if fixed(&then) {
            self.add(
                Family::Offsets,
                format!("{log} at the access's offset at the recorded values"),
                Expr::implies(has.clone(), Expr::eq(logged.clone(), then.clone())),
            );
        }
        if at_starts != then && fixed(&at_starts) {
            self.add(
                Family::Offsets,
                format!("{log} at the access's offset at the recorded values, other counters at their starts"),
                Expr::implies(has.clone(), Expr::eq(logged.clone(), at_starts)),
            );
        }
        for (ind, field) in recorded {
            let inner = inner_starts.iter().find(|(v, _)| *v == ind.var);
            let enclosing = starts
                .iter()
                .find(|(v, s)| *v == ind.var && st.is_invariant(s));
            let start = st.entry_value(ind.var).or(inner.map(|(_, s)| s.clone()));
            let Some(start) = start.or(enclosing.map(|(_, s)| s.clone())) else {
                continue;
            };
            let kir::Ty::Bv(w) = k.var(ind.var).ty else {
                continue;
            };
            let f = Expr::Var(field);
            let name = k.var(field).name.clone();
            let mut facts = vec![
                Expr::bin(BinOp::Sle, start.clone(), f.clone()),
                Expr::bin(BinOp::Ule, start.clone(), f.clone()),
            ];
            for (_, hi) in bounds.iter().filter(|(v, _)| *v == ind.var) {
                facts.push(Expr::bin(BinOp::Slt, f.clone(), hi.clone()));
                facts.push(Expr::bin(BinOp::Ult, f.clone(), hi.clone()));
            }
            let step = const_eval(&ind.step).map(|(c, _)| c & kir::mask(w));
            let modulus = match step {
                Some(c) if c > 1 && c.is_power_of_two() => Some(Expr::int(c, w)),
                // A step the loop does not change but that is no constant here (a count of
                // warps computed before the loop): the counter's own congruence candidate
                // (`counters.rs`) takes the same remainder.
                None if st.is_invariant(&ind.step) => Some(ind.step.clone()),
                _ => None,
            };
            if let Some(m) = modulus {
                let from_start = Expr::bin(BinOp::Sub, f.clone(), start.clone());
                let rem = Expr::bin(BinOp::URem, from_start, m);
                facts.push(Expr::eq(rem, Expr::int(0, w)));
            }
            for fact in facts {
                self.add(
                    Family::Offsets,
                    format!("{name} where its variable goes"),
                    Expr::implies(has.clone(), fact),
                );
            }
        }
    }

    /// In a loop nested in others: a logged access is congruent, modulo an enclosing
    /// loop's step of the offset, to the offset at that loop's start with this loop's
    /// counters at the values the log recorded (`data[16*b + i]` in an `i` loop inside a
    /// grid-stride `b` loop). The enclosing loop has the same candidate at its head; this
    /// one carries it through the inner loop.
    fn outer_congruences(
        &mut self,
        st: &Strides,
        (outer, inductions): (&[(Induction, Expr)], &[Induction]),
        e: &Expr,
        (has, logged): (&Expr, &Expr),
    ) {
        let k = self.k;
        for (o, start) in outer {
            let c = const_eval(&o.step).map(|(c, _)| c);
            let Some(c) = c.filter(|c| mentions(e, o.var) && *c > 1 && c.is_power_of_two()) else {
                continue;
            };
            let Some(step) = slope(k, e, o.var, c).filter(|_| constant_slope(k, e, o.var, c))
            else {
                continue;
            };
            // As in `offsets`: no remainder by an odd step where the log records the counter.
            if odd_constant(&step) && self.records(logged, o.var) {
                continue;
            }
            let (rec, fields) = self.recorded(inductions, o.var, e, logged);
            let e0 = substitute(&rec, o.var, start);
            let mut fixed = true;
            e0.for_each_var(&mut |v| {
                fixed &= st.is_invariant(&Expr::Var(v)) || fields.contains(&v)
            });
            if !fixed || fields.is_empty() {
                continue;
            }
            let name = k.var(o.var).name.clone();
            self.add(
                Family::Offsets,
                format!("logged offset in step with the enclosing loop of {name}"),
                Expr::implies(has.clone(), in_step(logged, e0, step)),
            );
        }
    }

    /// Whether the log `logged` records the value of induction variable `v`.
    fn records(&self, logged: &Expr, v: Var) -> bool {
        let Expr::Var(offset) = logged else {
            return false;
        };
        let name = log_field_name(self.k, *offset, v);
        self.instrumentation_var(&name).is_some()
    }

    /// `e` with every induction variable but `except` whose value the log `logged` records
    /// replaced by the recorded value, and those records.
    fn recorded(
        &self,
        inductions: &[Induction],
        except: Var,
        e: &Expr,
        logged: &Expr,
    ) -> (Expr, Vec<Var>) {
        let Expr::Var(offset) = logged else {
            return (e.clone(), Vec::new());
        };
        let mut out = e.clone();
        let mut fields = Vec::new();
        for ind in inductions.iter().filter(|i| i.var != except) {
            let name = log_field_name(self.k, *offset, ind.var);
            if let Some(field) = self.instrumentation_var(&name) {
                out = substitute(&out, ind.var, &Expr::Var(field));
                fields.push(field);
            }
        }
        (out, fields)
    }

    /// `(v, hi)` for each guard `v < hi` (or `v <= hi - 1`) of the loop with `hi`
    /// loop-invariant, with the iteration's temporaries expanded; then those where `hi` is
    /// one of several values chosen in the iteration (`c <= min(31, n - 1)` compiled to
    /// branches: `c` is below each). The second kind only bounds recorded values: as range
    /// candidates they cost more solver time than they decided.
    pub(crate) fn upper_bounds(&self, st: &Strides) -> Bounds {
        self.bounds_in(self.span, st)
    }

    /// The upper bounds of the loops enclosing this one that this loop (strides `st`)
    /// does not change: where a counter the logs record of an enclosing loop lies.
    fn enclosing_bounds(&self, st: &Strides) -> Vec<(Var, Expr)> {
        let k = self.k;
        let mut out = Vec::new();
        for &o in self.loops.iter() {
            if o.first < self.span.first && o.last >= self.span.last {
                let (vars, _) = crate::loops::modified(k, o);
                let ost = Strides::new(k, o, &vars);
                let (his, _) = self.bounds_in(o, &ost);
                out.extend(his.into_iter().filter(|(_, hi)| st.is_invariant(hi)));
            }
        }
        out
    }

    /// `upper_bounds` of the loop `span`, whose strides are `st`.
    fn bounds_in(&self, span: &crate::loops::LoopSpan, st: &Strides) -> Bounds {
        let k = self.k;
        let mut out: Vec<(Var, Expr)> = Vec::new();
        let mut chosen: Vec<(Var, Expr)> = Vec::new();
        for (at, op, a, b) in crate::sites::comparisons(k, span, st) {
            let Some((v, hi, inclusive)) = crate::sites::below(op, a, b) else {
                continue;
            };
            // A bound chosen among several values (`c <= min(31, n - 1)` compiled to
            // branches) is below each of them.
            let (his, into) = match &hi {
                Expr::Var(t) if !st.is_invariant(&hi) => (st.choices(*t, at), &mut chosen),
                _ => (vec![hi], &mut out),
            };
            for hi in his {
                if !st.is_invariant(&hi) {
                    continue;
                }
                let hi = if inclusive {
                    let kir::Ty::Bv(w) = k.var(v).ty else {
                        continue;
                    };
                    Expr::bin(BinOp::Add, hi, Expr::int(1, w))
                } else {
                    hi
                };
                if !into.contains(&(v, hi.clone())) {
                    into.push((v, hi));
                }
            }
        }
        (out, chosen)
    }
}

/// A bound of a loop laid out after another, for that other loop's range candidates.
struct LaterBound {
    /// The regions thread 1 accesses in the later loop.
    regions: Vec<String>,
    counter: kir::Ty,
    hi: Expr,
}

impl Gen<'_> {
    /// The bounds of the loops after this one that this loop does not change
    /// (`st.is_invariant`), with the regions each of those loops accesses. Loops one after
    /// another over one row (a box filter's left edge, middle and right edge) each write
    /// part of it: the range up to the last loop's bound holds in every one of them.
    fn later_bounds(&self, st: &Strides) -> Vec<LaterBound> {
        let k = self.k;
        let mut out = Vec::new();
        // In layout order (`self.loops`): the candidates' order must not depend on a map's.
        for &other in self.loops.iter().filter(|o| o.first > self.span.last) {
            let mut regions: Vec<String> = Vec::new();
            for &b in &k.layout[other.first..=other.last] {
                for s in &k.block(b).stmts {
                    if let Some(Access {
                        region,
                        thread: Thread::T1,
                        ..
                    }) = access(&s.stmt)
                    {
                        let name = &k.region(region).name;
                        if !regions.contains(name) {
                            regions.push(name.clone());
                        }
                    }
                }
            }
            if regions.is_empty() {
                continue;
            }
            let (vars, _) = crate::loops::modified(k, other);
            let ost = Strides::new(k, other, &vars);
            for (v, hi) in self.bounds_in(other, &ost).0 {
                if st.is_invariant(&hi) {
                    let counter = k.var(v).ty;
                    let regions = regions.clone();
                    out.push(LaterBound {
                        regions,
                        counter,
                        hi,
                    });
                }
            }
        }
        out
    }
}

/// Whether `e` mentions `v`.
pub(crate) fn mentions(e: &Expr, v: Var) -> bool {
    let mut uses = false;
    e.for_each_var(&mut |x| uses |= x == v);
    uses
}

/// How far offset `e` moves (in bytes) per step of `ind`, when it is a constant: for an
/// offset affine in the counter the step folds to one, and a remainder by a symbolic step
/// would be costly for the solver.
pub(crate) fn byte_step(k: &kir::Kernel, e: &Expr, ind: &Induction) -> Option<Expr> {
    // A stride through a parameter (`A[i*n + tid]`) is no constant step.
    let step = const_eval(&ind.step).and_then(|(c, _)| fixed_slope(k, e, ind.var, c))?;
    // A loop counting down steps its offset by a negative amount: the congruence is the
    // same modulo its magnitude (as an unsigned divisor the negative step is no modulus).
    let magnitude = const_eval(&step).and_then(|(c, w)| Some((negative_magnitude(c, w)?, w)));
    Some(match magnitude {
        Some((m, w)) => Expr::int(m, w),
        None => step,
    })
}

/// "The logged offset is `start` plus a multiple of `step`" (64-bit offsets).
pub(crate) fn in_step(logged: &Expr, start: Expr, step: Expr) -> Expr {
    let from_start = Expr::bin(BinOp::Sub, logged.clone(), start);
    Expr::eq(Expr::bin(BinOp::URem, from_start, step), Expr::int(0, 64))
}

/// `lo <= logged < hi`: ordered, not as a difference, since a thread that never enters the
/// loop (its start at or past the bound) logs nothing.
pub(crate) fn within(lo: &Expr, logged: &Expr, hi: Expr) -> Expr {
    Expr::and(
        Expr::bin(BinOp::Ule, lo.clone(), logged.clone()),
        Expr::bin(BinOp::Ult, logged.clone(), hi),
    )
}
