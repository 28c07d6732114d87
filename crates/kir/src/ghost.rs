//! Ghost expressions: the two-thread annotations of the source (`__enabled()`,
//! `__other_int(x)`, `__same_group`, `__read(A)`, `__write_offset_bytes(A)`, …) as they
//! travel from the lifter to the stage that can give them a meaning.
//!
//! They are [`Expr::Apply`] nodes with reserved names (starting with `$`, which no C
//! identifier can), so every stage before their own treats them as pure functions:
//! - [`Ghost::Enabled`] is the current thread's predicate at that point; the predicate
//!   stage replaces it by the block's `v_active == B` test, and
//!   [`Ghost::DominatorEnabled`] in a loop head by "at the head or at one of the loop's
//!   exits";
//! - [`Ghost::Other`], [`Ghost::SameGroup`] and the race-log reads are replaced by the
//!   lock-step stage (the other thread's copy, the `same_group` flag, thread 1's logs);
//! - [`Ghost::Load`] (what memory holds, read without being an access of the program)
//!   and [`Ghost::BarrierInvariant`] (a barrier invariant with its instantiations) are
//!   made checks, reads and assumptions at the next barrier by the lock-step stage;
//! - [`Ghost::TakenValue`] (`__atomic_has_taken_value`) is read from the thread's log of
//!   atomic results by the lock-step stage;
//! - [`Ghost::Snapshot`] (`__array_snapshot`: one array holds what another holds) gets
//!   its thread from the lock-step stage, and vcgen compares the two arrays of that
//!   thread's memory.
//!
//! [`crate::verify()`] rejects `Enabled` and `DominatorEnabled` from
//! [`crate::Phase::Predicated`] on and every ghost but a `Snapshot` with its thread in
//! [`crate::Phase::TwoThread`].

use crate::entities::Region;
use crate::syntax::{AccessKind, Expr, Thread, Ty, OFFSET_WIDTH};

const ENABLED: &str = "$enabled";
const DOMINATOR_ENABLED: &str = "$dominator_enabled";
const OTHER: &str = "$other";
const SAME_GROUP: &str = "$same_group";
const LOG_HAS: &str = "$log.has";
const LOG_OFFSET: &str = "$log.offset";
const LOAD: &str = "$load";
const LOAD_OF: &str = "$load_of";
const BARRIER_INVARIANT: &str = "$barrier_invariant";
const BARRIER_INVARIANT_BINARY: &str = "$barrier_invariant_binary";
const SNAPSHOT: &str = "$snapshot";
const TAKEN: &str = "$taken";

/// What a ghost expression stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ghost<'a> {
    /// The current thread executes this statement (`__enabled()`).
    Enabled,
    /// In a loop head's invariant, the current thread has reached the loop in this
    /// execution of the code around it: it is at the head or has left the loop
    /// (`__dominator_enabled()`); `true` elsewhere.
    DominatorEnabled,
    /// The expression as the other thread of the pair evaluates it.
    Other(&'a Expr),
    /// Both threads of the pair are in one group (`__same_group`).
    SameGroup,
    /// Thread 1 has logged an access of this kind to the region (`__read(A)`, …).
    LogHas { region: Region, kind: AccessKind },
    /// The byte offset of that logged access (`__read_offset_bytes(A)`, …).
    LogOffset { region: Region, kind: AccessKind },
    /// The `bytes` bytes of `region` at byte `offset` (little-endian), as memory holds
    /// them where the expression is evaluated: a barrier invariant's read, which is not
    /// an access of the program (no race check).
    Load {
        region: Region,
        offset: &'a Expr,
        bytes: u32,
    },
    /// What thread `thread`'s view of memory holds at `offset` of `region` where the
    /// expression is evaluated (an invariant over memory at a loop head, after the
    /// lock-step stage): not an access of the program.
    LoadOf {
        region: Region,
        offset: &'a Expr,
        bytes: u32,
        thread: Thread,
    },
    /// A barrier invariant: `args[0]` is the invariant; the rest are its instantiations
    /// (thread ids; for `binary`, pairs of them).
    BarrierInvariant { binary: bool, args: &'a [Expr] },
    /// Region `dst` holds exactly what region `src` holds (every byte), in the memory of
    /// `thread` (`None` until the lock-step stage says which thread's).
    Snapshot {
        dst: Region,
        src: Region,
        thread: Option<Thread>,
    },
    /// `__atomic_has_taken_value`: an atomic on the cell `index` cells after byte `base`
    /// of `region` has returned `value` (a 64-bit number) to this thread.
    TakenValue {
        region: Region,
        base: &'a Expr,
        index: &'a Expr,
        value: &'a Expr,
    },
}

fn thread_code(t: Option<Thread>) -> u64 {
    match t {
        None => 0,
        Some(Thread::T1) => 1,
        Some(Thread::T2) => 2,
    }
}

fn thread_of(code: u64) -> Option<Option<Thread>> {
    match code {
        0 => Some(None),
        1 => Some(Some(Thread::T1)),
        2 => Some(Some(Thread::T2)),
        _ => None,
    }
}

fn kind_code(kind: AccessKind) -> u64 {
    match kind {
        AccessKind::Read => 0,
        AccessKind::Write => 1,
        AccessKind::Atomic => 2,
    }
}

fn kind_of(code: u64) -> Option<AccessKind> {
    match code {
        0 => Some(AccessKind::Read),
        1 => Some(AccessKind::Write),
        2 => Some(AccessKind::Atomic),
        _ => None,
    }
}

fn apply(func: &str, args: Vec<Expr>, ty: Ty) -> Expr {
    Expr::Apply {
        func: func.to_string(),
        args,
        ty,
    }
}

/// `Other(x)` for an `x` of type `ty` (without a kernel at hand).
pub fn other(x: Expr, ty: Ty) -> Expr {
    apply(OTHER, vec![x], ty)
}

impl Ghost<'_> {
    /// The expression that carries this ghost (`ty` is only used by `Other`).
    pub fn to_expr(self, k: &crate::Kernel) -> Expr {
        match self {
            Ghost::Enabled => apply(ENABLED, Vec::new(), Ty::Bool),
            Ghost::DominatorEnabled => apply(DOMINATOR_ENABLED, Vec::new(), Ty::Bool),
            Ghost::Other(e) => apply(OTHER, vec![e.clone()], e.ty(k)),
            Ghost::SameGroup => apply(SAME_GROUP, Vec::new(), Ty::Bool),
            Ghost::LogHas { region, kind } => apply(
                LOG_HAS,
                vec![
                    Expr::int(region.0 as u64, 32),
                    Expr::int(kind_code(kind), 8),
                ],
                Ty::Bool,
            ),
            Ghost::LogOffset { region, kind } => apply(
                LOG_OFFSET,
                vec![
                    Expr::int(region.0 as u64, 32),
                    Expr::int(kind_code(kind), 8),
                ],
                Ty::Bv(OFFSET_WIDTH),
            ),
            Ghost::Load {
                region,
                offset,
                bytes,
            } => apply(
                LOAD,
                vec![
                    Expr::int(region.0 as u64, 32),
                    offset.clone(),
                    Expr::int(bytes as u64, 32),
                ],
                Ty::Bv(bytes * 8),
            ),
            Ghost::LoadOf {
                region,
                offset,
                bytes,
                thread,
            } => apply(
                LOAD_OF,
                vec![
                    Expr::int(region.0 as u64, 32),
                    offset.clone(),
                    Expr::int(bytes as u64, 32),
                    Expr::int(thread_code(Some(thread)), 8),
                ],
                Ty::Bv(bytes * 8),
            ),
            Ghost::BarrierInvariant { binary, args } => {
                let name = if binary {
                    BARRIER_INVARIANT_BINARY
                } else {
                    BARRIER_INVARIANT
                };
                apply(name, args.to_vec(), Ty::Bool)
            }
            Ghost::Snapshot { dst, src, thread } => apply(
                SNAPSHOT,
                vec![
                    Expr::int(dst.0 as u64, 32),
                    Expr::int(src.0 as u64, 32),
                    Expr::int(thread_code(thread), 8),
                ],
                Ty::Bool,
            ),
            Ghost::TakenValue {
                region,
                base,
                index,
                value,
            } => apply(
                TAKEN,
                vec![
                    Expr::int(region.0 as u64, 32),
                    base.clone(),
                    index.clone(),
                    value.clone(),
                ],
                Ty::Bool,
            ),
        }
    }

    /// The ghost an expression is, if it is one (its top node only).
    pub fn of(e: &Expr) -> Option<Ghost<'_>> {
        let Expr::Apply { func, args, .. } = e else {
            return None;
        };
        if !func.starts_with('$') {
            return None;
        }
        let log = || match args.as_slice() {
            [Expr::Int { value: r, .. }, Expr::Int { value: c, .. }] => {
                Some((Region::new(*r as usize), kind_of(*c)?))
            }
            _ => None,
        };
        match (func.as_str(), args.as_slice()) {
            (ENABLED, []) => Some(Ghost::Enabled),
            (DOMINATOR_ENABLED, []) => Some(Ghost::DominatorEnabled),
            (OTHER, [x]) => Some(Ghost::Other(x)),
            (SAME_GROUP, []) => Some(Ghost::SameGroup),
            (LOG_HAS, _) => log().map(|(region, kind)| Ghost::LogHas { region, kind }),
            (LOG_OFFSET, _) => log().map(|(region, kind)| Ghost::LogOffset { region, kind }),
            (LOAD, [Expr::Int { value: r, .. }, offset, Expr::Int { value: b, .. }]) => {
                Some(Ghost::Load {
                    region: Region::new(*r as usize),
                    offset,
                    bytes: *b as u32,
                })
            }
            (
                LOAD_OF,
                [Expr::Int { value: r, .. }, offset, Expr::Int { value: b, .. }, Expr::Int { value: t, .. }],
            ) => Some(Ghost::LoadOf {
                region: Region::new(*r as usize),
                offset,
                bytes: *b as u32,
                thread: thread_of(*t)??,
            }),
            (BARRIER_INVARIANT, [_, ..]) => Some(Ghost::BarrierInvariant {
                binary: false,
                args: args.as_slice(),
            }),
            (BARRIER_INVARIANT_BINARY, [_, ..]) => Some(Ghost::BarrierInvariant {
                binary: true,
                args: args.as_slice(),
            }),
            (
                SNAPSHOT,
                [Expr::Int { value: d, .. }, Expr::Int { value: s, .. }, Expr::Int { value: t, .. }],
            ) => Some(Ghost::Snapshot {
                dst: Region::new(*d as usize),
                src: Region::new(*s as usize),
                thread: thread_of(*t)?,
            }),
            (TAKEN, [Expr::Int { value: r, .. }, base, index, value]) => Some(Ghost::TakenValue {
                region: Region::new(*r as usize),
                base,
                index,
                value,
            }),
            _ => None,
        }
    }

    /// Whether `e` mentions a ghost satisfying `p` anywhere.
    pub fn any_in(e: &Expr, p: &impl Fn(Ghost<'_>) -> bool) -> bool {
        let mut found = false;
        e.visit(&mut |sub| {
            if let Some(g) = Ghost::of(sub) {
                found |= p(g);
            }
        });
        found
    }
}

impl Expr {
    /// A copy in which every subexpression `s` for which `f(s)` is `Some(r)` is replaced by
    /// `r` (outermost first; a replacement is not searched again).
    pub fn rewrite(&self, f: &mut impl FnMut(&Expr) -> Option<Expr>) -> Expr {
        if let Some(r) = f(self) {
            return r;
        }
        let mut go = |e: &Expr| Box::new(e.rewrite(f));
        match self {
            Expr::Var(_) | Expr::Bool(_) | Expr::Int { .. } => self.clone(),
            Expr::Unary(op, a) => Expr::Unary(*op, go(a)),
            Expr::Cast(op, w, a) => Expr::Cast(*op, *w, go(a)),
            Expr::Binary(op, a, b) => {
                let a = go(a);
                Expr::Binary(*op, a, go(b))
            }
            Expr::Ite(c, a, b) => {
                let c = go(c);
                let a = go(a);
                Expr::Ite(c, a, go(b))
            }
            Expr::Apply { func, args, ty } => Expr::Apply {
                func: func.clone(),
                args: args.iter().map(|a| a.rewrite(f)).collect(),
                ty: *ty,
            },
        }
    }

    /// Calls `f` on this expression and every subexpression, outermost first.
    pub fn visit(&self, f: &mut impl FnMut(&Expr)) {
        f(self);
        match self {
            Expr::Var(_) | Expr::Bool(_) | Expr::Int { .. } => {}
            Expr::Unary(_, a) | Expr::Cast(_, _, a) => a.visit(f),
            Expr::Binary(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Expr::Ite(c, a, b) => {
                c.visit(f);
                a.visit(f);
                b.visit(f);
            }
            Expr::Apply { args, .. } => args.iter().for_each(|a| a.visit(f)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Kernel, VarKind};

    #[test]
    fn ghosts_round_trip_and_rewrite() {
        let mut k = Kernel::new("k");
        let x = k.add_var("x", Ty::Bv(32), VarKind::Private);
        let other = Ghost::Other(&Expr::Var(x)).to_expr(&k);
        assert_eq!(other.ty(&k), Ty::Bv(32));
        assert_eq!(Ghost::of(&other), Some(Ghost::Other(&Expr::Var(x))));
        let log = Ghost::LogOffset {
            region: Region::new(3),
            kind: AccessKind::Write,
        }
        .to_expr(&k);
        assert_eq!(
            Ghost::of(&log),
            Some(Ghost::LogOffset {
                region: Region::new(3),
                kind: AccessKind::Write
            })
        );
        let e = Expr::and(Ghost::Enabled.to_expr(&k), Expr::eq(Expr::Var(x), other));
        assert!(Ghost::any_in(&e, &|g| g == Ghost::Enabled));
        let replaced = e.rewrite(&mut |s| match Ghost::of(s) {
            Some(Ghost::Enabled) => Some(Expr::tt()),
            Some(Ghost::Other(a)) => Some(a.clone()),
            _ => None,
        });
        assert!(!Ghost::any_in(&replaced, &|_| true));
        let off = Expr::Var(x);
        let load = Ghost::Load {
            region: Region::new(2),
            offset: &off,
            bytes: 4,
        };
        let e = load.to_expr(&k);
        assert_eq!(e.ty(&k), Ty::Bv(32));
        assert_eq!(Ghost::of(&e), Some(load));
        let args = [Expr::eq(e, Expr::int(0, 32)), Expr::Var(x)];
        let inv = Ghost::BarrierInvariant {
            binary: true,
            args: &args,
        };
        assert_eq!(Ghost::of(&inv.to_expr(&k)), Some(inv));
        for thread in [None, Some(Thread::T1), Some(Thread::T2)] {
            let snap = Ghost::Snapshot {
                dst: Region::new(1),
                src: Region::new(4),
                thread,
            };
            assert_eq!(snap.to_expr(&k).ty(&k), Ty::Bool);
            assert_eq!(Ghost::of(&snap.to_expr(&k)), Some(snap));
        }
        let (base, index) = (Expr::int(8, 64), Expr::Var(x));
        let value = Expr::cast(crate::CastOp::ZExt, 64, Expr::Var(x));
        let taken = Ghost::TakenValue {
            region: Region::new(2),
            base: &base,
            index: &index,
            value: &value,
        };
        assert_eq!(taken.to_expr(&k).ty(&k), Ty::Bool);
        assert_eq!(Ghost::of(&taken.to_expr(&k)), Some(taken));
        // A user function is never a ghost.
        let f = apply("enabled", Vec::new(), Ty::Bool);
        assert_eq!(Ghost::of(&f), None);
    }

    /// Only a snapshot that names its thread may stay in a two-thread program.
    #[test]
    fn a_snapshot_with_its_thread_stays_in_two_thread_programs() {
        use crate::{Phase, Stmt, StmtData, Terminator};
        let kernel = |thread: Option<Thread>| {
            let mut k = Kernel::new("k");
            let cond = Ghost::Snapshot {
                dst: Region::new(0),
                src: Region::new(1),
                thread,
            }
            .to_expr(&k);
            let b = k.add_block("entry", Terminator::Return);
            k.block_mut(b)
                .stmts
                .push(StmtData::new(Stmt::Assume { cond }, None));
            k.layout.push(b);
            k.phase = Phase::TwoThread;
            k
        };
        assert_eq!(crate::verify(&kernel(Some(Thread::T2))), Ok(()));
        assert!(crate::verify(&kernel(None)).is_err());
    }
}
