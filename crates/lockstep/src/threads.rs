//! Per-thread copying, the map φ_t of the paper's Table 3: each private variable gets one
//! copy per thread; kernel parameters stay shared; group sizes become the launch's
//! constants. [`Builder::phi`] extends the map to the ghosts of the annotation language.

use kir::{Builtin, Expr, Ghost, Kernel, Region, Space, Stmt, Thread, Var, VarKind};

use crate::build::Builder;
use crate::launch::Launch;
use crate::LockstepError;

/// What a variable of the predicated kernel stands for in the two-thread program.
#[derive(Clone, Debug)]
enum Image {
    /// One copy per thread.
    Copies(Var, Var),
    /// The same in both threads (kernel parameters).
    Shared(Var),
    /// A constant of the launch (group size, number of groups).
    Constant(Expr),
}

pub struct ThreadMap {
    images: Vec<Image>,
}

impl ThreadMap {
    /// Adds the per-thread copies to `k` (whose variables are those of the predicated
    /// kernel) and returns the map.
    pub fn build(k: &mut Kernel, launch: &Launch) -> ThreadMap {
        let n = k.vars.len();
        let mut images = Vec::with_capacity(n);
        for i in 0..n {
            let v = Var::new(i);
            let data = k.var(v).clone();
            let image = match data.kind {
                VarKind::Param { .. } => Image::Shared(v),
                VarKind::Builtin(Builtin::LocalSize(d)) => {
                    Image::Constant(Expr::int(launch.local_size[d as usize] as u64, 32))
                }
                // An unfixed number of groups is one value both threads see.
                VarKind::Builtin(Builtin::NumGroups(d)) if launch.any_groups[d as usize] => {
                    Image::Shared(v)
                }
                VarKind::Builtin(Builtin::NumGroups(d)) => {
                    Image::Constant(Expr::int(launch.num_groups[d as usize] as u64, 32))
                }
                _ => {
                    let mut copy = |t: Thread, suffix: &str| {
                        k.add_var(
                            format!("{}{suffix}", data.name),
                            data.ty,
                            VarKind::ThreadCopy { of: v, thread: t },
                        )
                    };
                    let a = copy(Thread::T1, "$1");
                    let b = copy(Thread::T2, "$2");
                    Image::Copies(a, b)
                }
            };
            images.push(image);
        }
        ThreadMap { images }
    }

    /// φ_t(e): `e` as thread `t` evaluates it.
    pub fn expr(&self, t: Thread, e: &Expr) -> Expr {
        e.map_vars(&|v| self.var_expr(t, v))
    }

    fn var_expr(&self, t: Thread, v: Var) -> Expr {
        match self.images.get(v.index()) {
            Some(Image::Copies(a, b)) => Expr::Var(if t == Thread::T1 { *a } else { *b }),
            Some(Image::Shared(s)) => Expr::Var(*s),
            Some(Image::Constant(c)) => c.clone(),
            // Variables added after the map was built (instrumentation) are shared.
            None => Expr::Var(v),
        }
    }

    /// The copy of private variable `v` for thread `t`.
    pub fn var(&self, t: Thread, v: Var) -> Option<Var> {
        match self.images.get(v.index()) {
            Some(Image::Copies(a, b)) => Some(if t == Thread::T1 { *a } else { *b }),
            _ => None,
        }
    }
}

/// The per-thread copies, and which variables of the predicated kernel the annotations
/// make asymmetric or pairwise.
pub struct Threads {
    pub map: ThreadMap,
    /// Variables computed from thread 1's race logs (see [`tainted_vars`]).
    pub asymmetric: Vec<bool>,
    /// Variables computed from the other thread's values.
    pub pairwise: Vec<bool>,
}

impl Threads {
    /// Adds the per-thread copies of `pred`'s variables to `k` (see [`ThreadMap::build`]).
    pub fn build(pred: &Kernel, k: &mut Kernel, launch: &Launch) -> Threads {
        Threads {
            map: ThreadMap::build(k, launch),
            asymmetric: tainted_vars(pred, is_log),
            pairwise: tainted_vars(pred, is_other),
        }
    }
}

/// A race-log predicate of the annotation language (`__read(A)`, `__write_offset(A)`, …).
pub(crate) fn is_log(g: Ghost<'_>) -> bool {
    matches!(g, Ghost::LogHas { .. } | Ghost::LogOffset { .. })
}

fn is_other(g: Ghost<'_>) -> bool {
    matches!(g, Ghost::Other(_))
}

/// The variables whose value depends on a ghost `is` accepts (assigned from an expression
/// that mentions one, or such a variable). Those computed from thread 1's race logs
/// have a meaningless copy for thread 2, so a condition over them is only assumed for
/// thread 1; those computed from the other thread's values are about two distinct
/// threads (as in GPUVerify, where the pair is always distinct).
fn tainted_vars(k: &Kernel, is: fn(Ghost<'_>) -> bool) -> Vec<bool> {
    let mut tainted = vec![false; k.vars.len()];
    loop {
        let mut changed = false;
        for (_, data) in k.laid_out() {
            for s in &data.stmts {
                // A value read at a tainted offset is tainted too.
                let (dst, value) = match &s.stmt {
                    Stmt::Assign { dst, value } => (dst, value),
                    Stmt::Read { dst, offset, .. } => (dst, offset),
                    _ => continue,
                };
                if tainted[dst.index()] {
                    continue;
                }
                let mut uses = Ghost::any_in(value, &is);
                value.for_each_var(&mut |v| uses |= tainted.get(v.index()) == Some(&true));
                if uses {
                    tainted[dst.index()] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            return tainted;
        }
    }
}

pub fn other(t: Thread) -> Thread {
    match t {
        Thread::T1 => Thread::T2,
        Thread::T2 => Thread::T1,
    }
}

impl Builder<'_> {
    /// φ_t(e), with the ghosts of the annotation language resolved: `__other_*(x)` is
    /// φ of the other thread, `__same_group` the pair's flag, the race-log predicates
    /// thread 1's logs (a region without logs has never logged an access; a local
    /// region's log counts only for a pair in one group).
    pub(crate) fn phi(&self, t: Thread, e: &Expr) -> Expr {
        if !Ghost::any_in(e, &|_| true) {
            return self.threads.map.expr(t, e);
        }
        let logs = |r: Region| self.inst.logs.get(r.index()).copied().flatten();
        e.rewrite(&mut |s| match Ghost::of(s) {
            Some(Ghost::Other(x)) => Some(self.phi(other(t), x)),
            Some(Ghost::SameGroup) => Some(Expr::Var(self.inst.same_group)),
            // Local memory is only shared within a group, and its logs only matter (and
            // are only reset at barriers) for a pair in one group.
            Some(Ghost::LogHas { region, kind }) => Some(match logs(region) {
                Some(l) if self.k.region(region).space == Space::Local => {
                    Expr::and(Expr::Var(self.inst.same_group), Expr::Var(l.of(kind).has))
                }
                Some(l) => Expr::Var(l.of(kind).has),
                None => Expr::ff(),
            }),
            Some(Ghost::LogOffset { region, kind }) => Some(match logs(region) {
                Some(l) => Expr::Var(l.of(kind).offset),
                None => Expr::int(0, kir::OFFSET_WIDTH),
            }),
            // `__array_snapshot`: in thread `t`'s memory.
            Some(Ghost::Snapshot {
                dst,
                src,
                thread: None,
            }) => Some(
                Ghost::Snapshot {
                    dst,
                    src,
                    thread: Some(t),
                }
                .to_expr(&self.k),
            ),
            Some(Ghost::Snapshot { .. }) => Some(s.clone()),
            // Read from thread `t`'s log before the statement (`taken.rs`).
            Some(Ghost::TakenValue { .. }) => Some(self.taken_answer(s, t)),
            // Loads and barrier invariants are resolved at barriers (`barrier_inv.rs`);
            // elsewhere their arguments are mapped like any expression.
            Some(
                Ghost::Enabled
                | Ghost::DominatorEnabled
                | Ghost::Load { .. }
                | Ghost::LoadOf { .. }
                | Ghost::BarrierInvariant { .. },
            )
            | None => match s {
                Expr::Var(_) => Some(self.threads.map.expr(t, s)),
                _ => None,
            },
        })
    }

    pub(crate) fn is_asymmetric(&self, e: &Expr) -> bool {
        let mut found = Ghost::any_in(e, &is_log);
        e.for_each_var(&mut |v| found |= self.threads.asymmetric.get(v.index()) == Some(&true));
        found
    }

    /// `c`, for a condition about the pair of threads: only required of distinct threads.
    pub(crate) fn for_pairs(&self, e: &Expr, c: Expr) -> Expr {
        let mut found = Ghost::any_in(e, &is_other);
        e.for_each_var(&mut |v| found |= self.threads.pairwise.get(v.index()) == Some(&true));
        if found {
            Expr::implies(Expr::Var(self.inst.distinct), c)
        } else {
            c
        }
    }

    /// `e`, thread `t`'s view of an invariant, with each ghost load made a load of `t`'s
    /// memory (a `__function_wide_invariant` over memory), which vcgen evaluates wherever
    /// the invariant is checked or assumed: not an access of the program.
    pub(crate) fn thread_loads(&self, t: Thread, e: Expr) -> Expr {
        if !Ghost::any_in(&e, &|g| matches!(g, Ghost::Load { .. })) {
            return e;
        }
        e.rewrite(&mut |s| match Ghost::of(s)? {
            Ghost::Load {
                region,
                offset,
                bytes,
            } => Some(
                Ghost::LoadOf {
                    region,
                    offset: &self.thread_loads(t, offset.clone()),
                    bytes,
                    thread: t,
                }
                .to_expr(&self.k),
            ),
            _ => None,
        })
    }

    pub(crate) fn both(&self, e: &Expr) -> (Expr, Expr) {
        (self.phi(Thread::T1, e), self.phi(Thread::T2, e))
    }

    pub(crate) fn copy(&self, t: Thread, v: Var) -> Result<Var, LockstepError> {
        self.threads
            .map
            .var(t, v)
            .ok_or_else(|| LockstepError::Internal {
                message: format!("assignment to shared variable {}", self.k.var(v).name),
            })
    }

    pub(crate) fn fresh_copy(&mut self, of: Var, suffix: &str) -> Var {
        let data = self.k.var(of).clone();
        let thread = if suffix == "$1" {
            Thread::T1
        } else {
            Thread::T2
        };
        self.k.add_var(
            format!("{}{suffix}", data.name),
            data.ty,
            VarKind::ThreadCopy { of, thread },
        )
    }
}
