//! The control-flow graph of a kernel and the facts derived from it: reachability,
//! predecessors and successors, dominators, back edges and natural loops.
//!
//! The graph is a petgraph `DiGraphMap` keyed by [`kir::Block`]; it is rebuilt from the
//! kernel whenever it is needed and never stored in KIR.

use std::collections::{BTreeSet, HashMap, HashSet};

use kir::{Block, Kernel};
use petgraph::graphmap::DiGraphMap;
use petgraph::Direction;

use crate::dominators::DomTree;
use crate::loops::{natural_loops, Loop};

/// Control-flow facts of one kernel, for the blocks reachable from its entry.
pub struct Cfg {
    pub(crate) graph: DiGraphMap<Block, ()>,
    pub(crate) entry: Option<Block>,
    pub(crate) doms: DomTree,
    pub(crate) back_edges: Vec<(Block, Block)>,
    pub(crate) loops: Vec<Loop>,
    /// Innermost loop (index into `loops`) of each block that is in a loop.
    pub(crate) innermost: HashMap<Block, usize>,
    /// Position of each block in the kernel's layout.
    pub(crate) position: HashMap<Block, usize>,
    /// Block names, for printing.
    pub(crate) names: Vec<String>,
}

/// Builds the CFG of `k` from its entry (the first block of the layout) and analyses it.
/// Terminator targets outside the block arena are ignored (`kir::verify` reports them).
pub fn compute(k: &Kernel) -> Cfg {
    let position: HashMap<Block, usize> =
        k.layout.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let names = k.blocks.iter().map(|b| b.name.clone()).collect();
    let mut graph = DiGraphMap::new();
    let Some(&entry) = k.layout.first() else {
        return Cfg {
            graph,
            entry: None,
            doms: DomTree::default(),
            back_edges: Vec::new(),
            loops: Vec::new(),
            innermost: HashMap::new(),
            position,
            names,
        };
    };
    let reachable = reachable_from(k, entry);
    // Nodes in layout order first, so every walk over the graph is deterministic.
    let mut nodes: Vec<Block> = k
        .layout
        .iter()
        .copied()
        .filter(|b| reachable.contains(b))
        .collect();
    let mut extra: Vec<Block> = reachable
        .iter()
        .copied()
        .filter(|b| !position.contains_key(b))
        .collect();
    extra.sort();
    nodes.extend(extra);
    for &b in &nodes {
        graph.add_node(b);
    }
    for &b in &nodes {
        for s in successors(k, b) {
            graph.add_edge(b, s, ());
        }
    }
    let doms = DomTree::compute(&graph, entry);
    let mut back_edges: Vec<(Block, Block)> = graph
        .all_edges()
        .map(|(u, v, _)| (u, v))
        .filter(|&(u, v)| doms.dominates(v, u))
        .collect();
    back_edges.sort_by_key(|&(u, v)| (pos_of(&position, v), pos_of(&position, u)));
    let loops = natural_loops(&graph, &back_edges, &position);
    let mut innermost = HashMap::new();
    for (i, l) in loops.iter().enumerate() {
        for &b in &l.blocks {
            let deeper = innermost
                .get(&b)
                .is_none_or(|&j: &usize| loops[j].depth < l.depth);
            if deeper {
                innermost.insert(b, i);
            }
        }
    }
    Cfg {
        graph,
        entry: Some(entry),
        doms,
        back_edges,
        loops,
        innermost,
        position,
        names,
    }
}

/// The successors of `b` that exist in the block arena.
pub(crate) fn successors(k: &Kernel, b: Block) -> Vec<Block> {
    match k.blocks.get(b.index()) {
        Some(data) => data
            .term
            .successors()
            .into_iter()
            .filter(|s| s.index() < k.blocks.len())
            .collect(),
        None => Vec::new(),
    }
}

/// Every block reachable from `from` (including itself).
pub(crate) fn reachable_from(k: &Kernel, from: Block) -> HashSet<Block> {
    let mut seen = HashSet::new();
    if from.index() >= k.blocks.len() {
        return seen;
    }
    let mut stack = vec![from];
    seen.insert(from);
    while let Some(b) = stack.pop() {
        for s in successors(k, b) {
            if seen.insert(s) {
                stack.push(s);
            }
        }
    }
    seen
}

pub(crate) fn pos_of(position: &HashMap<Block, usize>, b: Block) -> usize {
    position.get(&b).copied().unwrap_or(usize::MAX)
}

impl Cfg {
    /// The entry block, unless the kernel has no blocks.
    pub fn entry(&self) -> Option<Block> {
        self.entry
    }

    /// The reachable blocks, in layout order (blocks reachable but not laid out last).
    pub fn blocks(&self) -> impl Iterator<Item = Block> + '_ {
        self.graph.nodes()
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.graph.contains_node(b)
    }

    /// Successors of a reachable block (none for an unreachable one).
    pub fn succs(&self, b: Block) -> Vec<Block> {
        self.neighbors(b, Direction::Outgoing)
    }

    /// Reachable predecessors of a reachable block.
    pub fn preds(&self, b: Block) -> Vec<Block> {
        self.neighbors(b, Direction::Incoming)
    }

    fn neighbors(&self, b: Block, dir: Direction) -> Vec<Block> {
        if !self.graph.contains_node(b) {
            return Vec::new();
        }
        self.graph.neighbors_directed(b, dir).collect()
    }

    /// Whether `a` dominates `b` (every block dominates itself). False for unreachable blocks.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        self.doms.dominates(a, b)
    }

    /// The immediate dominator of `b` (none for the entry and unreachable blocks).
    pub fn idom(&self, b: Block) -> Option<Block> {
        self.doms.idom(b)
    }

    /// The blocks `b` immediately dominates, in layout order.
    pub fn dominated_children(&self, b: Block) -> &[Block] {
        self.doms.children(b)
    }

    /// Edges `u -> h` where `h` dominates `u`, sorted by head then source position.
    pub fn back_edges(&self) -> &[(Block, Block)] {
        &self.back_edges
    }

    pub fn is_back_edge(&self, from: Block, to: Block) -> bool {
        self.back_edges.contains(&(from, to))
    }

    /// The natural loops, one per loop head (back edges to the same head are merged),
    /// ordered by the head's layout position.
    pub fn loops(&self) -> &[Loop] {
        &self.loops
    }

    /// Whether `b` is the head of a loop.
    pub fn is_loop_head(&self, b: Block) -> bool {
        self.loops.iter().any(|l| l.head == b)
    }

    /// The innermost loop containing `b`, as an index into [`Cfg::loops`].
    pub fn innermost_loop(&self, b: Block) -> Option<usize> {
        self.innermost.get(&b).copied()
    }

    /// A cycle that no back edge closes, if the CFG is irreducible: the blocks of the first
    /// (in layout order) strongly connected component with more than one block of the graph
    /// without back edges, sorted by layout position.
    pub fn irreducible_cycle(&self) -> Option<Vec<Block>> {
        let mut forward: DiGraphMap<Block, ()> = DiGraphMap::new();
        for b in self.graph.nodes() {
            forward.add_node(b);
        }
        for (u, v, _) in self.graph.all_edges() {
            if !self.is_back_edge(u, v) {
                forward.add_edge(u, v, ());
            }
        }
        petgraph::algo::tarjan_scc(&forward)
            .into_iter()
            .filter(|scc| scc.len() > 1)
            .map(|mut scc| {
                scc.sort_by_key(|&b| pos_of(&self.position, b));
                scc
            })
            .min_by_key(|scc| pos_of(&self.position, scc[0]))
    }

    pub fn is_reducible(&self) -> bool {
        self.irreducible_cycle().is_none()
    }

    /// `b3:name` for printing.
    pub(crate) fn label(&self, b: Block) -> String {
        match self.names.get(b.index()) {
            Some(n) => format!("{b}:{n}"),
            None => format!("{b}"),
        }
    }
}

/// The natural loops of `k`'s CFG (convenience for stages that need nothing else).
pub fn loops_of(k: &Kernel) -> Vec<Loop> {
    compute(k).loops
}

/// The loop heads of `k`, as a set.
pub fn loop_heads(k: &Kernel) -> BTreeSet<Block> {
    compute(k).loops.iter().map(|l| l.head).collect()
}
