//! The paper's predication of unstructured CFGs (Tables 1, 2 and 4).
//!
//! Every block `B` runs once per sweep over the sort order; its statements only take
//! effect when the private variable `v_active` names `B` (Table 1). At the end of `B` the
//! thread's next block is computed into `v_next` and, if `B` was active, stored in
//! `v_active`; control then simply falls through to the next block in the sort order.
//! The only control flow left is at the last block of one or more loops (Table 4): a
//! `Choice` between one back block per loop, `assume v_active == head; goto head`
//! (innermost loop first), and an exit block, `assume v_active != head_i` for every such
//! loop, that falls through.
//!
//! The paper picks `v_next` non-deterministically among the successors (`:∈`) and relies
//! on the `assume`s at the branch targets to discard the wrong choices. Our branches carry
//! their conditions, so we compute `v_next` directly from them (`c ? T : F`, a chain of
//! `==` tests for a switch). For a well-formed kernel the two agree: exactly one successor
//! survives the paper's assumes, and it is the one the condition selects. Only a `Choice`
//! terminator in the input (not produced by the lifter) keeps the paper's
//! `havoc v_next; assume v_next == B1 || …` form.

use std::collections::HashMap;

use kir::{
    AssertOrigin, Block, Expr, Ghost, Kernel, Phase, Stmt, StmtData, Terminator, Ty, Var, VarKind,
};

use crate::stmts::{predicate_stmt, resolve_enabled};
use crate::temps::BlockTemps;
use crate::{PredicateError, Predicator};

/// The predicator of the paper's Tables 1, 2 and 4.
pub struct Unstructured;

impl Predicator for Unstructured {
    fn name(&self) -> &'static str {
        "unstructured"
    }

    fn predicate(&self, k: Kernel) -> Result<Kernel, PredicateError> {
        predicate_unstructured(k)
    }
}

/// Width of `v_active` / `v_next`; block ids are block handles.
const ID_WIDTH: u32 = 32;

fn id(b: Block) -> Expr {
    Expr::int(u64::from(b.0), ID_WIDTH)
}

fn assign(dst: Var, value: Expr) -> StmtData {
    StmtData::new(Stmt::Assign { dst, value }, None)
}

fn assume(cond: Expr) -> StmtData {
    StmtData::new(Stmt::Assume { cond }, None)
}

/// Predicates a [`Phase::Sorted`] kernel; the result is in [`Phase::Predicated`].
pub fn predicate_unstructured(mut k: Kernel) -> Result<Kernel, PredicateError> {
    if k.phase != Phase::Sorted {
        return Err(PredicateError::NotSorted { found: k.phase });
    }
    let order = k.layout.clone();
    let Some(&last) = order.last() else {
        return Err(PredicateError::Empty);
    };
    if k.block(last).term != Terminator::Return {
        return Err(PredicateError::LastNotReturn {
            block: k.block(last).name.clone(),
        });
    }
    cfg::check_order(&k).map_err(|message| PredicateError::BadOrder { message })?;
    let closes = loops_closed_by(&k);
    spread_function_wide_invariants(&mut k);
    let locals = crate::stmts::block_locals(&k);
    let active = k.add_var("v_active", Ty::Bv(ID_WIDTH), VarKind::Private);
    let next = k.add_var("v_next", Ty::Bv(ID_WIDTH), VarKind::Private);
    let reached = loop_reached(&k, active);
    let mut layout = Vec::with_capacity(order.len());
    for (i, &b) in order.iter().enumerate() {
        let act = Expr::eq(Expr::var(active), id(b));
        let old = std::mem::take(&mut k.block_mut(b).stmts);
        let mut term = std::mem::replace(&mut k.block_mut(b).term, Terminator::Unreachable);
        if let Terminator::Branch { cond: e, .. } | Terminator::Switch { value: e, .. } = &mut term
        {
            *e = resolve_enabled(e, &act);
        }
        let mut stmts = Vec::with_capacity(old.len() + 3);
        if i == 0 {
            // Table 1, step 3: the entry runs first.
            stmts.push(assign(active, id(b)));
        }
        let mut temps = BlockTemps::default();
        let dominator = reached.get(&b).cloned().unwrap_or_else(Expr::tt);
        for mut s in old {
            s.stmt
                .map_exprs(&mut |e| *e = resolve_dominator_enabled(e, &dominator));
            temps.inline_into_global(&mut s);
            temps.inline_into_other(&mut s);
            temps.record(&s.stmt);
            predicate_stmt(&mut k, &act, s, &mut stmts, &locals);
        }
        layout.push(b);
        let Some(&fall_through) = order.get(i + 1) else {
            // The single exit: it ends the thread, nothing to choose.
            let data = k.block_mut(b);
            data.stmts = stmts;
            data.term = term;
            continue;
        };
        stmts.extend(choose_next(&k, b, &act, next, &term)?);
        let chosen = Expr::ite(act, Expr::var(next), Expr::var(active));
        stmts.push(assign(active, chosen));
        let new_term = match closes.get(&b) {
            None => Terminator::Goto(fall_through),
            Some(heads) => {
                let mut targets = Vec::with_capacity(heads.len() + 1);
                let mut stay = Vec::with_capacity(heads.len());
                for &head in heads {
                    let name = format!("{}.back.{}", k.block(b).name, k.block(head).name);
                    let back = k.add_block(name, Terminator::Goto(head));
                    let at_head = Expr::eq(Expr::var(active), id(head));
                    k.block_mut(back).stmts.push(assume(at_head));
                    stay.push(Expr::ne(Expr::var(active), id(head)));
                    layout.push(back);
                    targets.push(back);
                }
                let name = format!("{}.exit", k.block(b).name);
                let exit = k.add_block(name, Terminator::Goto(fall_through));
                let left_all = stay.into_iter().fold(Expr::tt(), Expr::and);
                k.block_mut(exit).stmts.push(assume(left_all));
                layout.push(exit);
                targets.push(exit);
                Terminator::Choice(targets)
            }
        };
        let data = k.block_mut(b);
        data.stmts = stmts;
        data.term = new_term;
    }
    k.layout = layout;
    k.phase = Phase::Predicated;
    Ok(k)
}

/// Moves every `__function_wide_invariant` (lifted at the end of the kernel) to the start
/// of every loop head, as a global user loop invariant: it holds for every thread, at the
/// head or not (GPUVerify's are typically about race logs, which do not depend on it).
pub(crate) fn spread_function_wide_invariants(k: &mut Kernel) {
    let mut found = Vec::new();
    for &b in &k.layout.clone() {
        k.block_mut(b).stmts.retain(|s| match &s.stmt {
            Stmt::Assert {
                cond,
                origin: AssertOrigin::FunctionWideInvariant,
            } => {
                found.push((cond.clone(), s.loc));
                false
            }
            _ => true,
        });
    }
    if found.is_empty() {
        return;
    }
    for l in cfg::loops_of(k) {
        let invariants = found.iter().map(|(cond, loc)| {
            let origin = AssertOrigin::LoopInvariant {
                global: true,
                at_entry: true,
            };
            let cond = cond.clone();
            StmtData::new(Stmt::Assert { cond, origin }, *loc)
        });
        let stmts = &mut k.block_mut(l.head).stmts;
        let rest = std::mem::take(stmts);
        stmts.extend(invariants);
        stmts.extend(rest);
    }
}

/// For each loop head, "the thread has reached the loop": it is at the head or at a block
/// the loop exits to (it has left it). What `__dominator_enabled()` means in the loop's
/// invariants (GPUVerify: the thread is enabled where the loop's dominator runs). A thread
/// that never came but waits at an exit block counts as having reached it, which only
/// makes invariants of the form `__dominator_enabled() ==> e` harder to prove.
fn loop_reached(k: &Kernel, active: Var) -> HashMap<Block, Expr> {
    let mut out = HashMap::new();
    for l in cfg::loops_of(k) {
        let inside: std::collections::HashSet<Block> = l.blocks.iter().copied().collect();
        let mut at = Expr::eq(Expr::var(active), id(l.head));
        let mut exits: Vec<Block> = Vec::new();
        for &b in &l.blocks {
            for s in k.block(b).term.successors() {
                if !inside.contains(&s) && !exits.contains(&s) {
                    exits.push(s);
                }
            }
        }
        for x in exits {
            at = Expr::or(at, Expr::eq(Expr::var(active), id(x)));
        }
        out.insert(l.head, at);
    }
    out
}

/// `e` with every `__dominator_enabled()` replaced by `reached`.
pub(crate) fn resolve_dominator_enabled(e: &Expr, reached: &Expr) -> Expr {
    if !Ghost::any_in(e, &|g| g == Ghost::DominatorEnabled) {
        return e.clone();
    }
    e.rewrite(&mut |s| match Ghost::of(s) {
        Some(Ghost::DominatorEnabled) => Some(reached.clone()),
        _ => None,
    })
}

/// For each block that is the last (in the layout) of one or more loops, the heads of
/// those loops, innermost first.
fn loops_closed_by(k: &Kernel) -> HashMap<Block, Vec<Block>> {
    let pos: HashMap<Block, usize> = k.layout.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let mut loops = cfg::loops_of(k);
    loops.sort_by_key(|l| std::cmp::Reverse(l.depth));
    let mut closes: HashMap<Block, Vec<Block>> = HashMap::new();
    for l in &loops {
        let last = l.blocks.iter().copied().max_by_key(|b| pos.get(b).copied());
        if let Some(last) = last {
            closes.entry(last).or_default().push(l.head);
        }
    }
    closes
}

/// The statements that set `v_next` to the block that follows `b` (see the module doc).
fn choose_next(
    k: &Kernel,
    b: Block,
    act: &Expr,
    next: Var,
    term: &Terminator,
) -> Result<Vec<StmtData>, PredicateError> {
    let out = match term {
        Terminator::Goto(t) => vec![assign(next, id(*t))],
        Terminator::Branch {
            cond,
            then_to,
            else_to,
        } => vec![assign(
            next,
            Expr::ite(cond.clone(), id(*then_to), id(*else_to)),
        )],
        Terminator::Switch {
            value,
            cases,
            default,
        } => {
            let ty = value.ty(k);
            let chain = cases.iter().rev().fold(id(*default), |rest, &(c, t)| {
                Expr::ite(case_test(value, ty, c), id(t), rest)
            });
            vec![assign(next, chain)]
        }
        Terminator::Choice(targets) => {
            let any = targets.iter().fold(Expr::ff(), |acc, &t| {
                Expr::or(acc, Expr::eq(Expr::var(next), id(t)))
            });
            vec![StmtData::new(Stmt::Havoc { dst: next }, None), assume(any)]
        }
        // Control never gets here: an active thread is discarded, `v_active` keeps `b`.
        Terminator::Unreachable => vec![
            assume(Expr::implies(act.clone(), Expr::ff())),
            assign(next, id(b)),
        ],
        Terminator::Return => {
            return Err(PredicateError::StrayReturn {
                block: k.block(b).name.clone(),
            })
        }
    };
    Ok(out)
}

/// `value == c` for a switch case, on a bit-vector or a Boolean scrutinee.
fn case_test(value: &Expr, ty: Ty, c: u64) -> Expr {
    match ty {
        Ty::Bv(w) => Expr::eq(value.clone(), Expr::int(c, w)),
        Ty::Bool if c & 1 == 1 => value.clone(),
        Ty::Bool => Expr::not(value.clone()),
    }
}
