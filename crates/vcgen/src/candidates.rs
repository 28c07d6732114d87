//! Candidate loop invariants for Houdini. Each is a guess; Houdini keeps the largest subset
//! that holds on loop entry and is preserved by an iteration, so a wrong guess costs time,
//! never soundness. Families (per loop):
//! - control: no thread is in the middle of the loop at its head, or stronger, each thread
//!   is at the head or past the loop; in one group both threads are at the head or neither
//!   (`control.rs`);
//! - uniformity: a variable the loop assigns has the same value in both threads (guarded by
//!   "both threads in the loop" and unguarded); none for dead temporaries (`temps.rs`);
//! - race logs: no access of a kind has been logged (also only within one group); a logged
//!   access is at an offset one of the kernel's accesses computes from values the loop does
//!   not change, and a logged write stored one of the constants the kernel's writes store;
//!   the loop's own accesses in `offsets.rs`, a log written from several of them in
//!   `sites.rs`; what a loop around knew of a log this loop only clears (`inherited.rs`);
//!   not guesses: a log's offset at its recorded values, where that holds by construction
//!   (`records.rs`); permission: an access since the last barrier stays (`permission.rs`);
//! - bounds: for comparisons in the loop `a < b` (with the iteration's temporaries
//!   expanded), also `a <= b`; a thread out of the loop left it through its test;
//!   assigned variables are non-negative; counters in `counters.rs`.
//!
//! A candidate none of whose variables the loop assigns is not generated (see `Gen::add`).

use std::collections::{BTreeSet, HashSet};

use kir::{AccessKind, BinOp, Block, Expr, Kernel, Region, Stmt, Thread, Ty, Var, VarKind};
use lockstep::TwoThread;

use crate::loops::{layout, modified, LoopSpan};
use crate::strides::Strides;
use crate::temps::{temporaries, thread_of};
use crate::{Family, Invariant};

pub fn candidates(tt: &TwoThread) -> Vec<Invariant> {
    let k = &tt.kernel;
    let Ok(l) = layout(k) else {
        return Vec::new();
    };
    let mut spans: Vec<&LoopSpan> = l.loops.values().collect();
    spans.sort_by_key(|s| s.first);
    let (mut out, mut seen) = (Vec::new(), HashSet::new());
    let active = pairs(k)
        .iter()
        .find(|(of, _, _)| k.var(*of).name == "v_active")
        .map(|(_, a, b)| (*a, *b));
    let records = crate::records::records(k, &spans);
    for span in &spans {
        let mut g = Gen {
            k,
            tt,
            span,
            loops: &spans,
            records: &records,
            changed: modified(k, span).0,
            out: &mut out,
            seen: &mut seen,
            active,
        };
        g.all();
    }
    out
}

pub(crate) struct Gen<'a> {
    pub k: &'a Kernel,
    pub tt: &'a TwoThread,
    pub span: &'a LoopSpan,
    /// Every loop of the program, in layout order.
    pub loops: &'a [&'a LoopSpan],
    /// The logs whose offsets their records fix by construction (`records.rs`).
    pub records: &'a [crate::records::Record],
    /// The variables the loop assigns: the cut havocs these and only these.
    pub(crate) changed: BTreeSet<Var>,
    pub(crate) out: &'a mut Vec<Invariant>,
    seen: &'a mut HashSet<(Block, Expr)>,
    /// Each thread's `v_active` copy (thread 1, thread 2), if the program has one.
    pub active: Option<(Var, Var)>,
}

/// The instrumentation variable `name` of two-thread program `k`, if it has one.
pub(crate) fn instrumentation_var(k: &Kernel, name: &str) -> Option<Var> {
    (0..k.vars.len())
        .map(Var::new)
        .find(|v| k.var(*v).name == name && k.var(*v).kind == VarKind::Instrumentation)
}

pub(crate) fn copy_of(k: &Kernel, v: Var) -> Option<(Var, Thread)> {
    match k.var(v).kind {
        VarKind::ThreadCopy { of, thread } => Some((of, thread)),
        _ => None,
    }
}

/// An access of a thread of the two-thread program.
pub(crate) struct Access<'a> {
    pub region: Region,
    pub thread: Thread,
    pub kind: AccessKind,
    pub offset: &'a Expr,
    pub bytes: u32,
}

/// The access `s` makes, if it is one of a thread.
pub(crate) fn access(s: &Stmt) -> Option<Access<'_>> {
    let (region, thread, kind, offset, bytes) = match s {
        Stmt::Read {
            region,
            offset,
            bytes,
            thread: Some(t),
            ..
        } => (region, t, AccessKind::Read, offset, bytes),
        Stmt::Write {
            region,
            offset,
            bytes,
            thread: Some(t),
            ..
        } => (region, t, AccessKind::Write, offset, bytes),
        Stmt::Atomic {
            region,
            offset,
            bytes,
            thread: Some(t),
            ..
        } => (region, t, AccessKind::Atomic, offset, bytes),
        _ => return None,
    };
    Some(Access {
        region: *region,
        thread: *thread,
        kind,
        offset,
        bytes: *bytes,
    })
}

/// The two thread copies of every private variable, by the original variable.
fn pairs(k: &Kernel) -> Vec<(Var, Var, Var)> {
    let mut firsts = std::collections::HashMap::new();
    let mut out = Vec::new();
    for i in 0..k.vars.len() {
        let v = Var::new(i);
        if let Some((of, t)) = copy_of(k, v) {
            match t {
                Thread::T1 => {
                    firsts.insert(of, v);
                }
                Thread::T2 => {
                    if let Some(&a) = firsts.get(&of) {
                        out.push((of, a, v));
                    }
                }
            }
        }
    }
    out
}

impl Gen<'_> {
    /// Adds a candidate unless the loop already has the same one.
    pub fn add(&mut self, family: Family, name: String, expr: Expr) {
        // A candidate over variables the loop does not assign says nothing the cut does
        // not know: they keep their values from the entry, where its entry check (if
        // proved) shows it already holds.
        let mut changes = false;
        expr.for_each_var(&mut |v| changes |= self.changed.contains(&v));
        if !changes
            || matches!(expr, Expr::Bool(true))
            || !self.seen.insert((self.span.head, expr.clone()))
        {
            return;
        }
        let index = self.out.len() as u32;
        self.out.push(Invariant {
            index,
            head: self.span.head,
            expr,
            name,
            family,
        });
    }

    fn all(&mut self) {
        let k = self.k;
        let vars = self.changed.clone();
        let pairs = pairs(k);
        let head_id = Expr::int(self.span.head.0 as u64, 32);
        if let Some((a1, a2)) = self.active {
            self.control(a1, a2, &head_id);
        }
        // First, so that the same fact among the offset candidates is not a guess.
        self.by_construction();
        let both_in = match (self.at_head(Thread::T1), self.at_head(Thread::T2)) {
            (Some(h1), Some(h2)) => Some(Expr::and(h1, h2)),
            _ => None,
        };
        let temps = temporaries(k, self.span);
        for (of, a, b) in &pairs {
            let name = &k.var(*of).name;
            if !vars.contains(a) || name == "v_active" || name == "v_next" {
                continue;
            }
            // A value made afresh in every iteration before any use says nothing at the
            // head: no candidate about it.
            if temps.contains(a) && temps.contains(b) {
                continue;
            }
            let eq = Expr::eq(Expr::Var(*a), Expr::Var(*b));
            self.add(Family::Uniform, format!("{name}$1 == {name}$2"), eq.clone());
            // Values computed from the group id are equal only within one group.
            let same_group = Expr::Var(self.tt.same_group);
            self.add(
                Family::Uniform,
                format!("same group ==> {name}$1 == {name}$2"),
                Expr::implies(same_group.clone(), eq.clone()),
            );
            if let Some(both) = &both_in {
                self.add(
                    Family::Uniform,
                    format!("both in loop ==> {name}$1 == {name}$2"),
                    Expr::implies(both.clone(), eq.clone()),
                );
                self.add(
                    Family::Uniform,
                    format!("same group, both in loop ==> {name}$1 == {name}$2"),
                    Expr::implies(Expr::and(same_group, both.clone()), eq),
                );
            }
            if let Ty::Bv(w) = k.var(*a).ty {
                for v in [*a, *b] {
                    self.add(
                        Family::Bounds,
                        format!("{} >= 0", k.var(v).name),
                        Expr::bin(BinOp::Sge, Expr::Var(v), Expr::int(0, w)),
                    );
                }
            }
        }
        self.logs(&vars);
        self.permission(&vars);
        let st = Strides::new(k, self.span, &vars);
        self.bounds(&st);
        let bounds = self.upper_bounds(&st);
        let inductions = st.inductions();
        self.counters(&st, &inductions, &bounds);
        // A counter stepping beside a tested one is bounded where that one ends.
        let beside = crate::counters::beside_bounds(self.k, &st, &inductions, (&bounds.0, false));
        self.offsets(&st, &bounds, &beside);
        self.data_columns(&st);
        let mut own = bounds.0.clone();
        own.extend(beside);
        // Counters stepping down end at their lowest values, and those beside them there.
        let mut lows = self.lower_bounds(&st);
        let beside_lows = crate::counters::beside_bounds(self.k, &st, &inductions, (&lows, true));
        lows.extend(beside_lows);
        let here = self.some_thread_here();
        self.site_disjunctions(&st, (&own, &lows), here.as_ref());
        self.inherited();
    }

    /// `v_active$t == head ==> e`: `e` holds for thread `t` while it is in the loop.
    pub fn in_loop(&self, t: Thread, e: Expr) -> Option<Expr> {
        Some(Expr::implies(self.at_head(t)?, e))
    }

    /// Thread `t` is at one of the blocks the loop exits to.
    pub fn left(&self, t: Thread) -> Option<Expr> {
        let Some((a1, a2)) = self.active else {
            // Structured: the thread came in (its loop predicate's value on entry, which
            // the block before the head assigns from predicates the loop does not change)
            // and its loop predicate no longer holds.
            let Expr::Var(p) = self.at_head(t)? else {
                return None;
            };
            let pre = self.k.layout.get(self.span.first.checked_sub(1)?)?;
            let came = self
                .k
                .block(*pre)
                .stmts
                .iter()
                .find_map(|s| match &s.stmt {
                    Stmt::Assign { dst, value } if *dst == p => Some(value.clone()),
                    _ => None,
                })?;
            return Some(Expr::and(came, Expr::not(Expr::Var(p))));
        };
        let a = if t == Thread::T1 { a1 } else { a2 };
        let exits = crate::loops::exit_targets(self.k, self.span)?;
        exits
            .into_iter()
            .map(|x| Expr::eq(Expr::Var(a), Expr::int(x, 32)))
            .reduce(Expr::or)
    }

    /// `v_active$t == head`: thread `t` is at the loop's head. Without `v_active` (the
    /// structured predicator's program), thread `t`'s loop predicate: the back block
    /// assumes `p$1 | p$2`.
    pub fn at_head(&self, t: Thread) -> Option<Expr> {
        let Some((a1, a2)) = self.active else {
            return match self.span.back.as_slice() {
                [Expr::Binary(kir::BinOp::Or, p1, p2)] => {
                    Some(if t == Thread::T1 { &**p1 } else { &**p2 }.clone())
                }
                _ => None,
            };
        };
        let a = if t == Thread::T1 { a1 } else { a2 };
        let head = Expr::int(self.span.head.0 as u64, 32);
        Some(Expr::eq(Expr::Var(a), head))
    }

    fn logs(&mut self, modified: &BTreeSet<Var>) {
        let k = self.k;
        // Thread 1's accesses anywhere in the kernel whose offsets the loop does not change.
        let mut offsets: Vec<(Region, AccessKind, Expr)> = Vec::new();
        let mut sizes: Vec<(Region, AccessKind, u32)> = Vec::new();
        for (_, data) in k.laid_out() {
            for s in &data.stmts {
                let Some(Access {
                    region,
                    thread: Thread::T1,
                    kind,
                    offset,
                    bytes,
                }) = access(&s.stmt)
                else {
                    continue;
                };
                if !sizes.contains(&(region, kind, bytes)) {
                    sizes.push((region, kind, bytes));
                }
                let mut invariant = true;
                offset.for_each_var(&mut |v| invariant &= !modified.contains(&v));
                if invariant
                    && !offsets
                        .iter()
                        .any(|(r, kd, e)| *r == region && *kd == kind && e == offset)
                {
                    offsets.push((region, kind, offset.clone()));
                }
            }
        }
        let values = crate::logged::logged_values(k);
        for (i, data) in k.regions.iter().enumerate() {
            let region = Region::new(i);
            for kind in [AccessKind::Read, AccessKind::Write, AccessKind::Atomic] {
                let Some(log) = self.log_vars(&data.name, kind) else {
                    continue;
                };
                if kind == AccessKind::Write {
                    self.logged_value(&data.name, log.0, &values);
                }
                if !modified.contains(&log.0) {
                    continue;
                }
                let (has, offset, bytes) = log;
                let logged = self.logged(data.space, has);
                let mut size_any = Expr::ff();
                let each: Vec<u32> = (sizes.iter())
                    .filter(|(r, kd, _)| *r == region && *kd == kind)
                    .map(|(_, _, n)| *n)
                    .collect();
                for n in &each {
                    let is = Expr::eq(Expr::Var(bytes), Expr::int(*n as u64, 64));
                    size_any = Expr::or(size_any, is.clone());
                    // Accesses of several sizes, some only in another barrier interval (a
                    // byte histogram cleared as words): the loop's logs may have one.
                    if each.len() > 1 {
                        self.add(
                            Family::Logs,
                            format!("logged {kind:?} of {} has {n} bytes", data.name),
                            Expr::implies(logged.clone(), is),
                        );
                    }
                }
                if !matches!(size_any, Expr::Bool(false)) {
                    self.add(
                        Family::Logs,
                        format!("logged {kind:?} of {} has an access's size", data.name),
                        Expr::implies(logged.clone(), size_any),
                    );
                }
                self.add(
                    Family::Logs,
                    format!("no {kind:?} of {} logged", data.name),
                    Expr::not(Expr::Var(has)),
                );
                // A barrier in the loop clears the logs only for threads of one group.
                let same_group = Expr::Var(self.tt.same_group);
                self.add(
                    Family::Logs,
                    format!("same group ==> no {kind:?} of {} logged", data.name),
                    Expr::implies(same_group.clone(), Expr::not(Expr::Var(has))),
                );
                // A loop some threads skip: only while thread 1 (whose log it is) is in
                // it (a barrier before the loop cleared it).
                if let Some(h) = self.at_head(Thread::T1) {
                    self.add(
                        Family::Logs,
                        format!(
                            "thread 1 in the loop, same group ==> no {kind:?} of {} logged",
                            data.name
                        ),
                        Expr::implies(Expr::and(same_group, h), Expr::not(Expr::Var(has))),
                    );
                }
                let mut any = Expr::ff();
                for (_, _, e) in offsets
                    .iter()
                    .filter(|(r, kd, _)| *r == region && *kd == kind)
                {
                    let at = Expr::eq(Expr::Var(offset), e.clone());
                    self.add(
                        Family::Logs,
                        format!("logged {kind:?} of {} at a fixed offset", data.name),
                        Expr::implies(logged.clone(), at.clone()),
                    );
                    any = Expr::or(any, at);
                }
                if !matches!(any, Expr::Bool(false)) {
                    self.add(
                        Family::Logs,
                        format!(
                            "logged {kind:?} of {} at one of the fixed offsets",
                            data.name
                        ),
                        Expr::implies(logged, any),
                    );
                }
            }
        }
    }

    /// A logged write of `region` stored one of the constants the kernel's writes to it
    /// store (every thread storing `1` into a flag array: benign tolerance needs the
    /// logged value after the loop is cut).
    fn logged_value(&mut self, region: &str, has: Var, values: &[(Var, Expr)]) {
        let Some(value) = self.instrumentation_var(&format!("{region}.write.value")) else {
            return;
        };
        let mut any = Expr::ff();
        for (_, e) in values.iter().filter(|(v, _)| *v == value) {
            let is = Expr::eq(Expr::Var(value), e.clone());
            self.add(
                Family::Logs,
                format!("logged write of {region} stored a fixed value"),
                Expr::implies(Expr::Var(has), is.clone()),
            );
            any = Expr::or(any, is);
        }
        if !matches!(any, Expr::Bool(false)) {
            self.add(
                Family::Logs,
                format!("logged write of {region} stored one of the fixed values"),
                Expr::implies(Expr::Var(has), any),
            );
        }
    }

    /// "A log holds an access" as the facts about what it holds are stated: for a
    /// `__local` region, only for two threads of one group. Only they can race on it, and
    /// only for them does a barrier clear the log: for threads of two groups it keeps every
    /// access since the kernel began (`for (vec = blockIdx.x; ...; vec += gridDim.x)` with a
    /// tile and barriers inside), and a fact about the last access would not hold.
    pub(crate) fn logged(&self, space: kir::Space, has: Var) -> Expr {
        match space {
            kir::Space::Local => Expr::and(Expr::Var(self.tt.same_group), Expr::Var(has)),
            _ => Expr::Var(has),
        }
    }

    /// The `has` and `offset` log variables of a region's accesses of one kind.
    pub(crate) fn log_vars(&self, region: &str, kind: AccessKind) -> Option<(Var, Var, Var)> {
        let word = match kind {
            AccessKind::Read => "read",
            AccessKind::Write => "write",
            AccessKind::Atomic => "atomic",
        };
        let find = |field: &str| self.instrumentation_var(&format!("{region}.{word}.{field}"));
        Some((find("has")?, find("offset")?, find("bytes")?))
    }

    /// The two-thread program's instrumentation variable `name`, if it has one.
    pub(crate) fn instrumentation_var(&self, name: &str) -> Option<Var> {
        instrumentation_var(self.k, name)
    }

    /// `a <= b` for each strict comparison `a < b` the loop evaluates, as written and with
    /// the iteration's temporaries expanded (so the bound is over values at the head);
    /// also only for a thread in the loop. Not those of a nested loop: at this loop's head
    /// they are about values the nested loop computes again before it tests them (PPCG
    /// gemm's tile loop had 72 candidates about its inner loops' `min` temporaries and
    /// counters, each checked in every round and none needed).
    fn bounds(&mut self, st: &Strides) {
        let k = self.k;
        let mut seen = Vec::new();
        let mut at = 0;
        let nested = |pos: usize| {
            (self.loops.iter())
                .any(|l| l.first > self.span.first && l.first <= pos && pos <= l.last)
        };
        for (pos, &b) in k
            .layout
            .iter()
            .enumerate()
            .take(self.span.last + 1)
            .skip(self.span.first)
        {
            let inner = nested(pos);
            for s in &k.block(b).stmts {
                at += 1;
                if inner {
                    continue;
                }
                // The program's own comparisons, not the instrumentation's.
                if let Stmt::Assign { value, .. } = &s.stmt {
                    collect_comparisons(value, &mut seen);
                    let expanded = st.expand(value, at, 0);
                    if expanded != *value {
                        collect_comparisons(&expanded, &mut seen);
                    }
                }
            }
        }
        // Where each thread waits once it has left the loop (computed once per loop).
        let (left_1, left_2) = (self.left(Thread::T1), self.left(Thread::T2));
        // A loop left by a `break` before its test fails may keep the test true at the
        // head (`for (i = 0; i < n; i++) { ... if (i == n - 1) break; ... }`).
        let breaks = crate::loops::exiting_blocks(k, self.span).is_some_and(|n| n > 1);
        for (op, a, b) in seen {
            let weak = match op {
                BinOp::Slt => Expr::bin(BinOp::Sle, a.clone(), b.clone()),
                BinOp::Ult => Expr::bin(BinOp::Ule, a.clone(), b.clone()),
                BinOp::Sgt => Expr::bin(BinOp::Sge, a.clone(), b.clone()),
                BinOp::Ugt => Expr::bin(BinOp::Uge, a.clone(), b.clone()),
                _ => continue,
            };
            if let Some(t) = thread_of(k, &weak) {
                if let Some(g) = self.in_loop(t, weak.clone()) {
                    self.add(Family::Bounds, "loop bound while in the loop".into(), g);
                }
                let strict = Expr::bin(op, a.clone(), b.clone());
                if let Some(g) = self.in_loop(t, strict.clone()).filter(|_| breaks) {
                    self.add(
                        Family::Bounds,
                        "loop test while in a loop with a break".into(),
                        g,
                    );
                }
                // A thread that has left the loop left it through a test of its guard.
                let left = match t {
                    Thread::T1 => left_1.clone(),
                    Thread::T2 => left_2.clone(),
                };
                for (c, says) in [(Expr::not(strict.clone()), "false"), (strict, "true")] {
                    if let Some(h) = self.at_head(t) {
                        self.add(
                            Family::Bounds,
                            format!("out of the loop ==> loop test {says}"),
                            Expr::or(h, c.clone()),
                        );
                    }
                    // Weaker: only for a thread waiting where the loop exits to (one that
                    // never came may hold anything).
                    if let Some(l) = &left {
                        self.add(
                            Family::Bounds,
                            format!("left the loop ==> loop test {says}"),
                            Expr::implies(l.clone(), c),
                        );
                    }
                }
            }
            self.add(Family::Bounds, "loop bound".into(), weak);
        }
    }
}

fn collect_comparisons(e: &Expr, out: &mut Vec<(BinOp, Expr, Expr)>) {
    match e {
        Expr::Binary(op, a, b) => {
            if matches!(op, BinOp::Slt | BinOp::Ult | BinOp::Sgt | BinOp::Ugt)
                && !out
                    .iter()
                    .any(|(o, x, y)| o == op && **a == *x && **b == *y)
            {
                out.push((*op, (**a).clone(), (**b).clone()));
            }
            collect_comparisons(a, out);
            collect_comparisons(b, out);
        }
        Expr::Unary(_, a) | Expr::Cast(_, _, a) => collect_comparisons(a, out),
        Expr::Ite(c, a, b) => {
            collect_comparisons(c, out);
            collect_comparisons(a, out);
            collect_comparisons(b, out);
        }
        Expr::Apply { args, .. } => args.iter().for_each(|a| collect_comparisons(a, out)),
        _ => {}
    }
}
