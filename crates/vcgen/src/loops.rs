//! Loops of a two-thread program, read off its layout: a loop's last block ends in a
//! `Choice` between back blocks (a `Goto` to an earlier head) and an exit block.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use kir::{Block, Expr, Kernel, Region, Stmt, Terminator, Thread, Var};

use crate::candidates::copy_of;
use crate::strides::{Induction, Strides};
use crate::VcError;

#[derive(Clone, Debug)]
pub struct LoopSpan {
    pub head: Block,
    /// Layout positions of the head and of the loop's last block.
    pub first: usize,
    pub last: usize,
    /// "Some thread is at the head again": the back block's assumptions.
    pub back: Vec<Expr>,
}

pub struct Layout {
    /// Loops by the layout position of their head, in that order (candidates are made by
    /// walking them: a hash map's order made the VC, and so Z3's effort, differ from run
    /// to run).
    pub loops: BTreeMap<usize, LoopSpan>,
    /// Back and exit blocks: never executed in order; their conditions are used instead.
    pub skip: Vec<bool>,
}

pub fn layout(k: &Kernel) -> Result<Layout, VcError> {
    let pos: HashMap<Block, usize> = k.layout.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let mut loops = BTreeMap::new();
    let mut skip = vec![false; k.layout.len()];
    for (i, (_, data)) in k.laid_out().enumerate() {
        let Terminator::Choice(targets) = &data.term else {
            continue;
        };
        for &t in targets {
            let tp = pos[&t];
            skip[tp] = true;
            let Terminator::Goto(head) = k.block(t).term else {
                continue;
            };
            let hp = pos[&head];
            if hp < tp {
                let back = k
                    .block(t)
                    .stmts
                    .iter()
                    .filter_map(|s| match &s.stmt {
                        Stmt::Assume { cond } => Some(cond.clone()),
                        _ => None,
                    })
                    .collect();
                let span = LoopSpan {
                    head,
                    first: hp,
                    last: i,
                    back,
                };
                if loops.insert(hp, span).is_some() {
                    return Err(VcError::Malformed(format!(
                        "two loops share the head {head}"
                    )));
                }
            }
        }
    }
    Ok(Layout { loops, skip })
}

/// What a loop may change: the variables it assigns and the memory it writes.
pub fn modified(k: &Kernel, span: &LoopSpan) -> (BTreeSet<Var>, BTreeSet<Region>) {
    let mut vars = BTreeSet::new();
    let mut regions = BTreeSet::new();
    for &b in &k.layout[span.first..=span.last] {
        for s in &k.block(b).stmts {
            if let Some(v) = s.stmt.def() {
                vars.insert(v);
            }
            if let Stmt::Write { region, .. }
            | Stmt::Atomic { region, .. }
            | Stmt::HavocMemory { region, .. } = &s.stmt
            {
                regions.insert(*region);
            }
        }
    }
    (vars, regions)
}

/// The blocks outside the loop that a thread in it can go to next: the constants its
/// blocks assign to `v_next`. `None` when some block chooses its successor any other way.
pub fn exit_targets(k: &Kernel, span: &LoopSpan) -> Option<BTreeSet<u64>> {
    Some(exits(k, span)?.into_iter().map(|(_, to)| to).collect())
}

/// How many of the loop's blocks leave it (more than one: it has a `break` or a `return`
/// besides its test); `None` as for [`exit_targets`].
pub fn exiting_blocks(k: &Kernel, span: &LoopSpan) -> Option<usize> {
    let from: BTreeSet<usize> = exits(k, span)?.into_iter().map(|(b, _)| b).collect();
    Some(from.len())
}

/// Each exit of the loop: the index in the layout of the block that leaves, and the block
/// it leaves to.
fn exits(k: &Kernel, span: &LoopSpan) -> Option<Vec<(usize, u64)>> {
    let inside: BTreeSet<u64> = k.layout[span.first..=span.last]
        .iter()
        .map(|b| u64::from(b.0))
        .collect();
    let next = |v: Var| match &k.var(v).kind {
        kir::VarKind::ThreadCopy { of, .. } => k.var(*of).name == "v_next",
        _ => k.var(v).name == "v_next",
    };
    let mut out = Vec::new();
    for (i, &b) in k.layout[span.first..=span.last].iter().enumerate() {
        for s in &k.block(b).stmts {
            let mut outside = |c: u64| {
                if !inside.contains(&c) {
                    out.push((i, c));
                }
            };
            match &s.stmt {
                Stmt::Assign { dst, value } if next(*dst) && !arms(value, &mut outside) => {
                    return None
                }
                Stmt::Havoc { dst } if next(*dst) => return None,
                _ => {}
            }
        }
    }
    Some(out)
}

/// Calls `f` on every value an `ite` chain of constants can take; `false` if an arm is
/// not a constant.
fn arms(e: &Expr, f: &mut impl FnMut(u64)) -> bool {
    match e {
        Expr::Int { value, .. } => {
            f(*value);
            true
        }
        Expr::Ite(_, a, b) => arms(a, f) && arms(b, f),
        _ => false,
    }
}

/// The bit-vector variables that only ever receive constants (race-log sizes and sources,
/// predication's `v_next`): each one's constants. A loop cut may assume that such a
/// variable holds its value from loop entry or one of these.
pub fn finite_values(k: &Kernel) -> std::collections::HashMap<Var, BTreeSet<u64>> {
    let mut values: std::collections::HashMap<Var, BTreeSet<u64>> = Default::default();
    let mut other: BTreeSet<Var> = BTreeSet::new();
    for (_, data) in k.laid_out() {
        for s in &data.stmts {
            let Some(v) = s.stmt.def() else {
                continue;
            };
            let mut consts = BTreeSet::new();
            let ok = match &s.stmt {
                Stmt::Assign { dst, value } => constants_or_self(value, *dst, &mut consts),
                _ => false,
            };
            if ok && matches!(k.var(v).ty, kir::Ty::Bv(_)) {
                values.entry(v).or_default().extend(consts);
            } else {
                other.insert(v);
            }
        }
    }
    values.retain(|v, _| !other.contains(v));
    values
}

/// Whether `e` is an `ite` tree whose leaves are constants or `me` (collected in `out`).
fn constants_or_self(e: &Expr, me: Var, out: &mut BTreeSet<u64>) -> bool {
    match e {
        Expr::Int { value, .. } => {
            out.insert(*value);
            true
        }
        Expr::Var(v) => *v == me,
        Expr::Ite(_, a, b) => constants_or_self(a, me, out) && constants_or_self(b, me, out),
        _ => false,
    }
}

/// The bit-vector variables every assignment of which gives a multiple of `2^n` (or keeps
/// the old value), with `n` (at least 1): race-log offsets of aligned accesses. A loop cut
/// may assume such a variable is still such a multiple (or holds its value from entry).
pub fn aligned_values(k: &Kernel) -> std::collections::HashMap<Var, u32> {
    let mut zeros: std::collections::HashMap<Var, u32> = Default::default();
    let mut other: BTreeSet<Var> = BTreeSet::new();
    for (_, data) in k.laid_out() {
        for s in &data.stmts {
            let Some(v) = s.stmt.def() else {
                continue;
            };
            let tz = match &s.stmt {
                Stmt::Assign { dst, value } => leaf_zeros(value, *dst),
                _ => 0,
            };
            if tz == 0 || !matches!(k.var(v).ty, kir::Ty::Bv(_)) {
                other.insert(v);
            } else {
                let e = zeros.entry(v).or_insert(tz);
                *e = (*e).min(tz);
            }
        }
    }
    zeros.retain(|v, _| !other.contains(v));
    zeros
}

/// The fewest trailing zero bits the leaves of an `ite` tree (other than `me`) are known
/// to have.
fn leaf_zeros(e: &Expr, me: Var) -> u32 {
    match e {
        Expr::Var(v) if *v == me => 64,
        Expr::Ite(_, a, b) => leaf_zeros(a, me).min(leaf_zeros(b, me)),
        e => trailing_zeros(e),
    }
}

/// Trailing zero bits `e` is known to have.
fn trailing_zeros(e: &Expr) -> u32 {
    use kir::{BinOp, CastOp};
    match e {
        Expr::Int { value, .. } => value.trailing_zeros(),
        Expr::Binary(BinOp::Mul, a, b) => (trailing_zeros(a) + trailing_zeros(b)).min(64),
        Expr::Binary(BinOp::Shl, a, b) => match **b {
            Expr::Int { value, .. } => (trailing_zeros(a) as u64 + value).min(64) as u32,
            _ => trailing_zeros(a),
        },
        Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::And | BinOp::Or, a, b) => {
            trailing_zeros(a).min(trailing_zeros(b))
        }
        Expr::Cast(CastOp::ZExt | CastOp::SExt, _, a) => trailing_zeros(a),
        Expr::Ite(_, a, b) => trailing_zeros(a).min(trailing_zeros(b)),
        _ => 0,
    }
}

/// Thread 1's induction variables of the loops enclosing `span` whose value on entry to
/// their loop is known, with that value.
pub(crate) fn enclosing_inductions(k: &kir::Kernel, span: &LoopSpan) -> Vec<(Induction, Expr)> {
    let mut out = Vec::new();
    let Ok(l) = layout(k) else {
        return out;
    };
    for o in l.loops.values() {
        if o.first < span.first && o.last >= span.last {
            let (vars, _) = modified(k, o);
            let st = Strides::new(k, o, &vars);
            for ind in st.inductions() {
                let t1 = copy_of(k, ind.var).is_some_and(|(_, t)| t == Thread::T1);
                if let (true, Some(start)) = (t1, st.entry_value(ind.var)) {
                    out.push((ind, start));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kir::{BinOp, StmtData, Terminator, Ty, VarKind};

    fn assign(dst: Var, value: Expr) -> StmtData {
        StmtData::new(Stmt::Assign { dst, value }, None)
    }

    #[test]
    fn constant_and_aligned_variables() {
        let mut k = Kernel::new("k");
        let c = k.add_var("c", Ty::Bool, VarKind::Private);
        let bytes = k.add_var("bytes", Ty::Bv(64), VarKind::Instrumentation);
        let offset = k.add_var("offset", Ty::Bv(64), VarKind::Instrumentation);
        let x = k.add_var("x", Ty::Bv(64), VarKind::Private);
        let b = k.add_block("entry", Terminator::Return);
        let times4 = Expr::bin(BinOp::Mul, Expr::Var(x), Expr::int(4, 64));
        k.block_mut(b).stmts = vec![
            assign(bytes, Expr::int(0, 64)),
            assign(offset, Expr::int(0, 64)),
            assign(x, Expr::int(7, 64)),
            assign(
                bytes,
                Expr::ite(Expr::Var(c), Expr::int(4, 64), Expr::Var(bytes)),
            ),
            assign(offset, Expr::ite(Expr::Var(c), times4, Expr::Var(offset))),
            assign(x, Expr::bin(BinOp::Add, Expr::Var(x), Expr::int(1, 64))),
        ];
        k.layout.push(b);
        let finite = finite_values(&k);
        assert_eq!(finite.get(&bytes), Some(&BTreeSet::from([0, 4])));
        assert_eq!(finite.get(&offset), None);
        assert_eq!(finite.get(&x), None);
        let aligned = aligned_values(&k);
        assert_eq!(aligned.get(&offset), Some(&2));
        assert_eq!(aligned.get(&bytes), Some(&2));
        assert_eq!(aligned.get(&x), None);
    }
}
