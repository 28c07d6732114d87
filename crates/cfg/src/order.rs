//! The sort order of the paper (Section 4, "Sort Order"): a total order of the blocks in
//! which
//! 1. `B` comes before `C` whenever `C` is reachable from `B` without a back edge, and
//! 2. the blocks of every loop are contiguous, the head first.
//!
//! It is computed region by region: within the whole kernel, or within one loop, each
//! directly nested loop is collapsed into one node, the nodes are sorted topologically
//! (ignoring back edges), and every collapsed loop is replaced by its own order. Ties go
//! to the node whose earliest block comes first in the original layout, so the order is
//! deterministic and stays close to the source; the single exit is always last.

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap, HashSet};

use kir::{Block, Kernel, Phase};

use crate::graph::{compute, pos_of, Cfg};
use crate::preprocess::{drop_unreachable, fresh_entry, single_exit, split_head_successors};
use crate::CfgError;

/// Preprocesses `k` (see [`crate::preprocess`]), then lays its blocks out in the sort
/// order and moves it to [`Phase::Sorted`].
///
/// Fails if the CFG is irreducible, naming the blocks of a cycle with no single entry.
pub fn sort(mut k: Kernel) -> Result<Kernel, CfgError> {
    if k.phase > Phase::Sorted {
        return Err(CfgError::Phase { found: k.phase });
    }
    if k.layout.is_empty() {
        return Err(CfgError::Empty);
    }
    drop_unreachable(&mut k);
    let cfg = compute(&k);
    if let Some(cycle) = cfg.irreducible_cycle() {
        return Err(CfgError::Irreducible {
            blocks: cycle.iter().map(|&b| describe_block(&k, b)).collect(),
        });
    }
    fresh_entry(&mut k);
    let exit = single_exit(&mut k);
    let cfg = compute(&k);
    split_head_successors(&mut k, &cfg);
    let cfg = compute(&k);
    let mut layout = sort_order(&cfg, Some(exit));
    if !layout.contains(&exit) {
        layout.push(exit);
    }
    k.layout = layout;
    k.phase = Phase::Sorted;
    Ok(k)
}

/// `name` or `name at file:line`, for diagnostics.
pub fn describe_block(k: &Kernel, b: Block) -> String {
    let data = k.block(b);
    match data.loc {
        Some(loc) => {
            let pos = k.pos(loc);
            format!("{} at {}:{}", data.name, pos.file, pos.line)
        }
        None => data.name.clone(),
    }
}

/// A node of one region's graph: a block of the region itself, or a directly nested loop.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
enum Node {
    Block(Block),
    Loop(usize),
}

/// The sort order of the reachable blocks of `cfg` (see the module doc). `exit`, if given
/// and reachable, is placed last.
pub fn sort_order(cfg: &Cfg, exit: Option<Block>) -> Vec<Block> {
    Sorter { cfg, exit }.region(None)
}

struct Sorter<'c> {
    cfg: &'c Cfg,
    exit: Option<Block>,
}

impl Sorter<'_> {
    /// The order of the blocks of `region` (a loop index, or `None` for the whole kernel).
    fn region(&self, region: Option<usize>) -> Vec<Block> {
        let cfg = self.cfg;
        let members: Vec<Block> = match region {
            Some(r) => cfg.loops[r].blocks.iter().copied().collect(),
            None => cfg.graph.nodes().collect(),
        };
        let member: HashSet<Block> = members.iter().copied().collect();
        let head = region.map(|r| cfg.loops[r].head);
        let mut nodes: BTreeSet<Node> = BTreeSet::new();
        let mut edges: BTreeSet<(Node, Node)> = BTreeSet::new();
        for &u in &members {
            let nu = self.node(u, region);
            nodes.insert(nu);
            for v in cfg.succs(u) {
                if Some(v) == head || !member.contains(&v) {
                    continue;
                }
                let nv = self.node(v, region);
                if nu != nv {
                    edges.insert((nu, nv));
                }
            }
        }
        let mut order = Vec::new();
        for n in self.topological(&nodes, &edges) {
            match n {
                Node::Block(b) => order.push(b),
                Node::Loop(l) => order.extend(self.region(Some(l))),
            }
        }
        order
    }

    /// The node standing for block `b` within `region`.
    fn node(&self, b: Block, region: Option<usize>) -> Node {
        let mut l = self.cfg.innermost_loop(b);
        while let Some(i) = l {
            if Some(i) == region {
                return Node::Block(b);
            }
            let parent = self.cfg.loops[i].parent;
            if parent == region {
                return Node::Loop(i);
            }
            l = parent;
        }
        Node::Block(b)
    }

    /// Tie-break key: the exit after everything else, then the earliest layout position.
    fn key(&self, n: Node) -> (bool, usize) {
        let cfg = self.cfg;
        match n {
            Node::Block(b) => (Some(b) == self.exit, pos_of(&cfg.position, b)),
            Node::Loop(l) => {
                let first = cfg.loops[l]
                    .blocks
                    .iter()
                    .map(|&b| pos_of(&cfg.position, b));
                (false, first.min().unwrap_or(usize::MAX))
            }
        }
    }

    /// Kahn's algorithm, always taking the ready node with the smallest key. Nodes left
    /// on a cycle (impossible in a reducible CFG) follow in key order.
    fn topological(&self, nodes: &BTreeSet<Node>, edges: &BTreeSet<(Node, Node)>) -> Vec<Node> {
        let mut indegree: HashMap<Node, usize> = nodes.iter().map(|&n| (n, 0)).collect();
        for (_, v) in edges {
            *indegree.entry(*v).or_default() += 1;
        }
        let mut ready: BinaryHeap<Reverse<((bool, usize), Node)>> = nodes
            .iter()
            .filter(|n| indegree[n] == 0)
            .map(|&n| Reverse((self.key(n), n)))
            .collect();
        let mut out = Vec::with_capacity(nodes.len());
        while let Some(Reverse((_, n))) = ready.pop() {
            out.push(n);
            for &(_, v) in edges
                .range((n, Node::Block(Block(0)))..)
                .take_while(|(u, _)| *u == n)
            {
                let d = indegree.entry(v).or_default();
                *d -= 1;
                if *d == 0 {
                    ready.push(Reverse((self.key(v), v)));
                }
            }
        }
        if out.len() < nodes.len() {
            let mut rest: Vec<Node> = nodes.iter().copied().filter(|n| !out.contains(n)).collect();
            rest.sort_by_key(|&n| self.key(n));
            out.extend(rest);
        }
        out
    }
}

/// Checks that `k.layout` is a sort order of `k`'s CFG: every edge that is not a back edge
/// goes forward in the layout, and every loop occupies a contiguous stretch of the layout
/// starting with its head. The message names the first violation.
pub fn check_order(k: &Kernel) -> Result<(), String> {
    let cfg = compute(k);
    let pos = |b: Block| pos_of(&cfg.position, b);
    for (u, v, _) in cfg.graph.all_edges() {
        if !cfg.is_back_edge(u, v) && pos(u) >= pos(v) {
            return Err(format!(
                "edge {} -> {} goes backwards",
                cfg.label(u),
                cfg.label(v)
            ));
        }
    }
    for l in &cfg.loops {
        let first = l.blocks.iter().map(|&b| pos(b)).min().unwrap_or(0);
        let last = l.blocks.iter().map(|&b| pos(b)).max().unwrap_or(0);
        if pos(l.head) != first {
            return Err(format!("loop head {} is not first", cfg.label(l.head)));
        }
        if last - first != l.blocks.len().saturating_sub(1) {
            return Err(format!(
                "the loop at {} is not contiguous",
                cfg.label(l.head)
            ));
        }
    }
    Ok(())
}
