//! GPUVerify I's predication of structured CFGs.
//!
//! The kernel is walked as a tree of regions ([`crate::regions`]): a sequence of blocks,
//! if/else diamonds and single-exit loops. Every block is laid out once, in the walk's
//! order, and its statements are predicated (Table 1's rules, [`predicate_stmt`]) with
//! the predicate of the region it is in:
//! - the kernel's top level runs under `true`;
//! - a branch `c` at block `B` under `p` gives its arms the fresh private Booleans
//!   `B.then := p && c` and `B.else := p && !c` (an empty arm gets none), and the code
//!   after the join runs under `p` again;
//! - a loop with head `H` entered under `p` runs under a fresh private Boolean `H.loop`,
//!   set to `p` in a block `H.pre` in front of the head; the loop's one exit edge (from
//!   the head: a `while`, from the latch: a `do`-`while`, or from another block every
//!   iteration passes) becomes `H.loop := H.loop && c_stay`. The loop's last block ends in the same `Choice` the
//!   unstructured predicator makes: a back block `assume H.loop; goto H` and an exit block
//!   `assume !H.loop`. The lock-step stage turns these into GPUVerify I's loop guard: go
//!   round while *either* thread's predicate holds, leave when neither does.
//!
//! Barriers, accesses and assertions are guarded by the predicate like every statement;
//! `__enabled()` is the predicate, and `__dominator_enabled()` at a loop head is the
//! predicate the loop was entered under.
//!
//! Any other control flow (a switch, a `break` or early `return` out of a loop, an arm
//! that joins another branch's arm, two back edges) is rejected with
//! [`PredicateError::Unstructured`], naming the construct and where it is.

use std::collections::HashSet;

use kir::{Block, Expr, Kernel, Phase, Stmt, StmtData, Terminator, Ty, Var, VarKind};

use crate::regions::{located, Construct, Regions};
use crate::stmts::{predicate_stmt, resolve_enabled};
use crate::temps::BlockTemps;
use crate::unstructured::{resolve_dominator_enabled, spread_function_wide_invariants};
use crate::{PredicateError, Predicator};

/// The predicator of GPUVerify I: a predicate per branch arm, a predicate per loop.
pub struct Structured;

impl Predicator for Structured {
    fn name(&self) -> &'static str {
        "structured"
    }

    fn predicate(&self, k: Kernel) -> Result<Kernel, PredicateError> {
        predicate_structured(k)
    }
}

/// Predicates a [`Phase::Sorted`] kernel whose CFG is structured; the result is in
/// [`Phase::Predicated`].
pub fn predicate_structured(mut k: Kernel) -> Result<Kernel, PredicateError> {
    if k.phase != Phase::Sorted {
        return Err(PredicateError::NotSorted { found: k.phase });
    }
    let order = k.layout.clone();
    let (Some(&entry), Some(&last)) = (order.first(), order.last()) else {
        return Err(PredicateError::Empty);
    };
    if k.block(last).term != Terminator::Return {
        return Err(PredicateError::LastNotReturn {
            block: k.block(last).name.clone(),
        });
    }
    cfg::check_order(&k).map_err(|message| PredicateError::BadOrder { message })?;
    let regions = Regions::new(&k)?;
    spread_function_wide_invariants(&mut k);
    let locals = crate::stmts::block_locals(&k);
    let names = k.vars.iter().map(|v| v.name.clone()).collect();
    let mut w = Walker {
        k,
        regions,
        names,
        visited: HashSet::new(),
        layout: Vec::with_capacity(order.len()),
        fall: HashSet::new(),
        synthetic: HashSet::new(),
        locals,
    };
    w.walk(entry, None, &Expr::tt(), None, entry)?;
    if !w.visited.contains(&last) {
        // The top level ended in `unreachable`: the exit still ends the layout.
        w.layout.push(last);
    }
    if let Some(&b) = order.iter().find(|b| !w.visited.contains(b) && **b != last) {
        return Err(located(&w.k, b, Construct::Goto));
    }
    w.finish()
}

/// The loop being walked.
struct LoopCtx<'a> {
    head: Block,
    /// `H.loop`.
    var: Var,
    /// The predicate the loop was entered under (`__dominator_enabled()` at the head).
    entry: Expr,
    exiting: Block,
    blocks: &'a std::collections::BTreeSet<Block>,
}

struct Walker {
    k: Kernel,
    regions: Regions,
    /// Variable names in use (the predicates get fresh ones).
    names: HashSet<String>,
    visited: HashSet<Block>,
    layout: Vec<Block>,
    /// Blocks that fall through to the next block of the layout.
    fall: HashSet<Block>,
    /// Back and exit blocks made here.
    synthetic: HashSet<Block>,
    /// The block-local variables ([`crate::stmts::block_locals`]): assigned unguarded.
    locals: HashSet<Var>,
}

impl Walker {
    /// Lays out and predicates the region from `b` to `stop` (exclusive) under `pred`,
    /// inside the loop `lp` (whose back edge also ends the region). `from` is the block
    /// `b` was reached from, for errors.
    fn walk(
        &mut self,
        mut b: Block,
        stop: Option<Block>,
        pred: &Expr,
        lp: Option<&LoopCtx>,
        mut from: Block,
    ) -> Result<(), PredicateError> {
        loop {
            if Some(b) == stop {
                return Ok(());
            }
            if let Some(l) = lp {
                if b == l.head && self.visited.contains(&b) {
                    return Ok(());
                }
                if !l.blocks.contains(&b) {
                    return Err(self.regions.unstructured(&self.k, from, b));
                }
            }
            if self.visited.contains(&b) {
                return Err(self.regions.unstructured(&self.k, from, b));
            }
            if self.regions.loops.contains_key(&b) && lp.map(|l| l.head) != Some(b) {
                from = b;
                b = self.emit_loop(b, pred)?;
                continue;
            }
            self.visited.insert(b);
            let dominator = match lp {
                Some(l) if l.head == b => l.entry.clone(),
                _ => Expr::tt(),
            };
            self.emit_stmts(b, pred, &dominator);
            self.layout.push(b);
            let term = std::mem::replace(&mut self.k.block_mut(b).term, Terminator::Unreachable);
            match term {
                Terminator::Return if stop.is_none() && lp.is_none() => {
                    self.k.block_mut(b).term = Terminator::Return;
                    return Ok(());
                }
                Terminator::Return => return Err(located(&self.k, from, Construct::EarlyReturn)),
                Terminator::Unreachable if stop.is_some() || lp.is_none() => {
                    let never = Expr::implies(pred.clone(), Expr::ff());
                    self.push(b, Stmt::Assume { cond: never });
                    self.fall.insert(b);
                    return Ok(());
                }
                Terminator::Goto(t) => {
                    self.fall.insert(b);
                    (from, b) = (b, t);
                }
                Terminator::Branch {
                    cond,
                    then_to,
                    else_to,
                } => {
                    let cond = resolve_enabled(&cond, pred);
                    self.fall.insert(b);
                    if then_to == else_to {
                        (from, b) = (b, then_to);
                        continue;
                    }
                    if let Some(l) =
                        lp.filter(|l| !l.blocks.contains(&then_to) || !l.blocks.contains(&else_to))
                    {
                        let stays = l.blocks.contains(&then_to);
                        let (inside, outside) = if stays {
                            (then_to, else_to)
                        } else {
                            (else_to, then_to)
                        };
                        if b != l.exiting || *pred != Expr::var(l.var) {
                            return Err(self.regions.unstructured(&self.k, b, outside));
                        }
                        let stay = if stays { cond } else { Expr::not(cond) };
                        let value = Expr::and(Expr::var(l.var), stay);
                        self.push(b, Stmt::Assign { dst: l.var, value });
                        if inside == l.head {
                            return Ok(());
                        }
                        (from, b) = (b, inside);
                        continue;
                    }
                    b = self.diamond(b, cond, (then_to, else_to), pred, lp)?;
                    from = b;
                }
                Terminator::Switch { .. } => return Err(located(&self.k, b, Construct::Switch)),
                Terminator::Choice(_) | Terminator::Unreachable => {
                    return Err(located(&self.k, b, Construct::Goto))
                }
            }
        }
    }

    /// The branch at `b` on `cond` to `arms` under `pred`: each non-empty arm is walked to
    /// the join under its own predicate. Returns the join.
    fn diamond(
        &mut self,
        b: Block,
        cond: Expr,
        arms: (Block, Block),
        pred: &Expr,
        lp: Option<&LoopCtx>,
    ) -> Result<Block, PredicateError> {
        let Some(join) = self.regions.join(b) else {
            // No join but the virtual exit: name the arm that has none of its own either.
            let alone = if self.regions.join(arms.0).is_none() {
                arms.0
            } else {
                arms.1
            };
            return Err(self.regions.unstructured(&self.k, b, alone));
        };
        if lp.is_some_and(|l| !l.blocks.contains(&join)) {
            return Err(self.regions.unstructured(&self.k, b, join));
        }
        let name = self.k.block(b).name.clone();
        let mut walks = Vec::new();
        for (arm, c, suffix) in [
            (arms.0, cond.clone(), "then"),
            (arms.1, Expr::not(cond), "else"),
        ] {
            if arm != join {
                let v = self.fresh(&format!("{name}.{suffix}"));
                let value = Expr::and(pred.clone(), c);
                self.push(b, Stmt::Assign { dst: v, value });
                walks.push((arm, v));
            }
        }
        for (arm, v) in walks {
            self.walk(arm, Some(join), &Expr::var(v), lp, b)?;
        }
        Ok(join)
    }

    /// The loop at `head` entered under `pred`; returns the block it exits to.
    fn emit_loop(&mut self, head: Block, pred: &Expr) -> Result<Block, PredicateError> {
        let shape = self.regions.loops[&head].clone();
        let head_name = self.k.block(head).name.clone();
        let var = self.fresh(&format!("{head_name}.loop"));
        let pre = self
            .k
            .add_block(format!("{head_name}.pre"), Terminator::Goto(head));
        self.k.block_mut(pre).loc = self.k.block(head).loc;
        self.push(
            pre,
            Stmt::Assign {
                dst: var,
                value: pred.clone(),
            },
        );
        self.layout.push(pre);
        let ctx = LoopCtx {
            head,
            var,
            entry: pred.clone(),
            exiting: shape.exiting,
            blocks: &shape.blocks,
        };
        self.walk(head, None, &Expr::var(var), Some(&ctx), head)?;
        if let Some(&b) = shape.blocks.iter().find(|b| !self.visited.contains(b)) {
            return Err(located(&self.k, b, Construct::Goto));
        }
        let last = match self.layout.last() {
            Some(&b) if self.fall.contains(&b) && !self.synthetic.contains(&b) => b,
            _ => {
                let latch = self
                    .k
                    .add_block(format!("{head_name}.latch"), Terminator::Unreachable);
                self.layout.push(latch);
                latch
            }
        };
        self.fall.remove(&last);
        let last_name = self.k.block(last).name.clone();
        let back = self.k.add_block(
            format!("{last_name}.back.{head_name}"),
            Terminator::Goto(head),
        );
        self.push(
            back,
            Stmt::Assume {
                cond: Expr::var(var),
            },
        );
        let exit = self
            .k
            .add_block(format!("{last_name}.exit"), Terminator::Unreachable);
        let left = Expr::not(Expr::var(var));
        self.push(exit, Stmt::Assume { cond: left });
        self.layout.extend([back, exit]);
        self.synthetic.extend([back, exit]);
        self.fall.insert(exit);
        self.k.block_mut(last).term = Terminator::Choice(vec![back, exit]);
        Ok(shape.exit)
    }

    /// Predicates the statements of `b` under `pred`.
    fn emit_stmts(&mut self, b: Block, pred: &Expr, dominator: &Expr) {
        let old = std::mem::take(&mut self.k.block_mut(b).stmts);
        let mut out = Vec::with_capacity(old.len());
        let mut temps = BlockTemps::default();
        for mut s in old {
            s.stmt
                .map_exprs(&mut |e| *e = resolve_dominator_enabled(e, dominator));
            temps.inline_into_global(&mut s);
            temps.inline_into_other(&mut s);
            temps.record(&s.stmt);
            if *pred == Expr::tt() {
                // Every thread runs the top level: only `__enabled()` changes.
                s.stmt.map_exprs(&mut |e| *e = resolve_enabled(e, pred));
                out.push(s);
            } else {
                predicate_stmt(&mut self.k, pred, s, &mut out, &self.locals);
            }
        }
        self.k.block_mut(b).stmts = out;
    }

    /// Appends `s` (no location) to `b`.
    fn push(&mut self, b: Block, s: Stmt) {
        self.k.block_mut(b).stmts.push(StmtData::new(s, None));
    }

    /// A fresh private Boolean named `base` (or `base.N`).
    fn fresh(&mut self, base: &str) -> Var {
        let mut name = base.to_string();
        let mut n = 1;
        while self.names.contains(&name) {
            name = format!("{base}.{n}");
            n += 1;
        }
        self.names.insert(name.clone());
        self.k.add_var(name, Ty::Bool, VarKind::Private)
    }

    /// Sets the fall-through terminators and the phase.
    fn finish(mut self) -> Result<Kernel, PredicateError> {
        for (i, &b) in self.layout.iter().enumerate() {
            if !self.fall.contains(&b) {
                continue;
            }
            let Some(&next) = self.layout.get(i + 1) else {
                return Err(PredicateError::StrayReturn {
                    block: self.k.block(b).name.clone(),
                });
            };
            self.k.block_mut(b).term = Terminator::Goto(next);
        }
        self.k.layout = self.layout;
        self.k.phase = Phase::Predicated;
        Ok(self.k)
    }
}
