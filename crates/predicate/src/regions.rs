//! The region structure the structured predicator walks: for each loop its shape (one
//! back edge, one exit edge leaving from the head or the latch), for each branch its join
//! (the immediate post-dominator in the CFG without back edges, where a back edge stands
//! for the loop's exit), and, for control flow that is none of these, which construct
//! the source most likely used ([`Construct`]).

use std::collections::{BTreeSet, HashMap};

use kir::{Block, Kernel, Terminator};

use crate::PredicateError;

/// A control-flow construct the structured predicator does not accept, as the source
/// most likely spelled it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construct {
    Switch,
    ShortCircuit,
    Break,
    Continue,
    EarlyReturn,
    Goto,
}

impl std::fmt::Display for Construct {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Construct::Switch => "switch",
            Construct::ShortCircuit => "short-circuit",
            Construct::Break => "break",
            Construct::Continue => "continue",
            Construct::EarlyReturn => "early return",
            Construct::Goto => "goto",
        })
    }
}

/// A structured loop: entered at `head`, one back edge (from `latch`), one exit edge
/// (`exiting` → `exit`, `exiting` being the head or the latch).
#[derive(Clone, Debug)]
pub(crate) struct LoopShape {
    pub blocks: BTreeSet<Block>,
    pub exiting: Block,
    pub exit: Block,
}

/// The regions of a sorted kernel.
pub(crate) struct Regions {
    cfg: cfg::Cfg,
    /// Per loop head.
    pub loops: HashMap<Block, LoopShape>,
    /// Immediate post-dominator of each block; `None`: only the virtual exit.
    ipdom: HashMap<Block, Option<Block>>,
    pos: HashMap<Block, usize>,
    /// The terminators as they were (the predicator replaces them as it goes).
    terms: Vec<Terminator>,
    /// Which blocks have statements, as they were.
    empty: Vec<bool>,
}

impl Regions {
    /// The regions of `k`, or the first loop that is not structured.
    pub fn new(k: &Kernel) -> Result<Regions, PredicateError> {
        let cfg = cfg::compute(k);
        let pos = k.layout.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let mut r = Regions {
            cfg,
            loops: HashMap::new(),
            ipdom: HashMap::new(),
            pos,
            terms: k.blocks.iter().map(|b| b.term.clone()).collect(),
            empty: k.blocks.iter().map(|b| b.stmts.is_empty()).collect(),
        };
        for l in r.cfg.loops().to_vec() {
            let shape = r.loop_shape(k, &l)?;
            r.loops.insert(l.head, shape);
        }
        r.post_dominators(k)?;
        Ok(r)
    }

    /// The join of a branch at `b`: its immediate post-dominator (`None`: none but the
    /// virtual exit).
    pub fn join(&self, b: Block) -> Option<Block> {
        self.ipdom.get(&b).copied().flatten()
    }

    fn loop_shape(&self, k: &Kernel, l: &cfg::Loop) -> Result<LoopShape, PredicateError> {
        let back: Vec<Block> = self
            .cfg
            .back_edges()
            .iter()
            .filter(|&&(_, h)| h == l.head)
            .map(|&(u, _)| u)
            .collect();
        let latch = match back.as_slice() {
            [latch] => *latch,
            [.., second] => return Err(located(k, *second, Construct::Continue)),
            [] => return Err(located(k, l.head, Construct::Goto)),
        };
        let mut exits = Vec::new();
        for &b in &l.blocks {
            for s in self.cfg.succs(b) {
                if !l.blocks.contains(&s) {
                    exits.push((b, s));
                }
            }
        }
        exits.sort_by_key(|&(b, _)| (b != l.head && b != latch, self.pos.get(&b).copied()));
        match exits.as_slice() {
            [(exiting, exit)] if *exiting == l.head || *exiting == latch => Ok(LoopShape {
                blocks: l.blocks.clone(),
                exiting: *exiting,
                exit: *exit,
            }),
            [] => Err(located(k, l.head, Construct::Goto)),
            // A second edge to the loop's own exit is a `break`.
            [(_, exit), (from, to), ..] if to == exit => Err(located(k, *from, Construct::Break)),
            [(from, to)] | [_, (from, to), ..] => Err(self.unstructured(k, *from, *to)),
        }
    }

    /// Successors in the graph the joins are computed on: no back edges (a back edge
    /// stands for its loop's exit edges), no edges into `Unreachable` blocks but when
    /// there is no other.
    fn forward_succs(&self, k: &Kernel, b: Block) -> Vec<Block> {
        let mut out = Vec::new();
        for s in self.cfg.succs(b) {
            if self.cfg.is_back_edge(b, s) {
                if let Some(shape) = self.loops.get(&s) {
                    out.push(shape.exit);
                }
            } else {
                out.push(s);
            }
        }
        out.sort();
        out.dedup();
        let reachable: Vec<Block> = out
            .iter()
            .copied()
            .filter(|&s| k.block(s).term != Terminator::Unreachable)
            .collect();
        if reachable.is_empty() {
            out
        } else {
            reachable
        }
    }

    /// Immediate post-dominators, in one sweep of the layout backwards (the layout is a
    /// topological order of the graph without back edges, loop exits after their loop).
    fn post_dominators(&mut self, k: &Kernel) -> Result<(), PredicateError> {
        let at = |pos: &HashMap<Block, usize>, b: Option<Block>| match b {
            Some(b) => pos.get(&b).copied().unwrap_or(usize::MAX),
            None => usize::MAX,
        };
        for &b in k.layout.iter().rev() {
            let mut join: Option<Option<Block>> = None;
            for s in self.forward_succs(k, b) {
                if at(&self.pos, Some(s)) <= at(&self.pos, Some(b)) || !self.ipdom.contains_key(&s)
                {
                    return Err(located(k, b, Construct::Goto));
                }
                let mut a = Some(s);
                let Some(mut c) = join else {
                    join = Some(a);
                    continue;
                };
                while a != c {
                    if at(&self.pos, a) < at(&self.pos, c) {
                        a = a.and_then(|x| self.ipdom.get(&x).copied().flatten());
                    } else {
                        c = c.and_then(|x| self.ipdom.get(&x).copied().flatten());
                    }
                }
                join = Some(a);
            }
            self.ipdom.insert(b, join.flatten());
        }
        Ok(())
    }

    /// The error for an edge `from → to` the predicator cannot place in a region, with
    /// the construct that most likely made it.
    pub fn unstructured(&self, k: &Kernel, from: Block, to: Block) -> PredicateError {
        located(k, from, self.classify(from, to))
    }

    fn classify(&self, from: Block, to: Block) -> Construct {
        if matches!(self.term(from), Terminator::Switch { .. }) {
            return Construct::Switch;
        }
        if let Some(l) = self.cfg.innermost_loop(from) {
            let l = &self.cfg.loops()[l];
            if !l.blocks.contains(&to) && self.leads_to_return(to) {
                return Construct::EarlyReturn;
            }
            if !l.blocks.contains(&to) {
                return Construct::Break;
            }
            if to == l.head {
                return Construct::Continue;
            }
        }
        if self.leads_to_return(to) {
            return Construct::EarlyReturn;
        }
        if self.short_circuit(from) {
            return Construct::ShortCircuit;
        }
        Construct::Goto
    }

    /// `from` is a two-way branch next to another (one is a successor of the other) and
    /// both branch to one block: the shape `&&` and `||` compile to.
    fn short_circuit(&self, from: Block) -> bool {
        let two_way = |b: Block| matches!(self.term(b), Terminator::Branch { .. });
        if !two_way(from) {
            return false;
        }
        let targets = self.cfg.succs(from);
        let neighbours = targets.iter().copied().chain(self.cfg.preds(from));
        neighbours
            .filter(|&n| n != from && two_way(n))
            .any(|n| self.cfg.succs(n).iter().any(|t| targets.contains(t)))
    }
}

impl Regions {
    fn term(&self, b: Block) -> &Terminator {
        self.terms
            .get(b.index())
            .unwrap_or(&Terminator::Unreachable)
    }

    /// Whether `b` is the return block or only leads to it through blocks without
    /// statements.
    fn leads_to_return(&self, mut b: Block) -> bool {
        for _ in 0..self.terms.len() {
            match self.term(b) {
                Terminator::Return => return true,
                Terminator::Goto(t) if self.empty.get(b.index()) == Some(&true) => b = *t,
                _ => return false,
            }
        }
        false
    }
}

/// [`PredicateError::Unstructured`] at `b`: the location of its last statement that has
/// one (where the branch's condition is computed), else the block's.
pub(crate) fn located(k: &Kernel, b: Block, construct: Construct) -> PredicateError {
    let data = k.block(b);
    let loc = data.stmts.iter().rev().find_map(|s| s.loc).or(data.loc);
    let pos = loc.map(|l| k.pos(l));
    let at = match &pos {
        Some(p) => format!("{}:{}", p.file, p.line),
        None => format!("block `{}`", data.name),
    };
    PredicateError::Unstructured { construct, at, pos }
}
