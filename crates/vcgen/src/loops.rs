//! Loops of a two-thread program, read off its layout: a loop's last block ends in a
//! `Choice` between back blocks (a `Goto` to an earlier head) and an exit block.

use std::collections::{BTreeSet, HashMap};

use kir::{Block, Expr, Kernel, Region, Stmt, Terminator, Var};

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
    /// Loops by the layout position of their head.
    pub loops: HashMap<usize, LoopSpan>,
    /// Back and exit blocks: never executed in order; their conditions are used instead.
    pub skip: Vec<bool>,
}

pub fn layout(k: &Kernel) -> Result<Layout, VcError> {
    let pos: HashMap<Block, usize> = k.layout.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let mut loops = HashMap::new();
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
