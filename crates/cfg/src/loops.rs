//! Natural loops: one loop per head, the union of the natural loops of every back edge
//! into that head, with their nesting (parent and depth).

use std::collections::{BTreeSet, HashMap};

use kir::Block;
use petgraph::graphmap::DiGraphMap;
use petgraph::Direction;

use crate::graph::pos_of;

/// A natural loop of a reducible CFG.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Loop {
    /// The single entry of the loop; it dominates every block of the loop.
    pub head: Block,
    /// Every block of the loop, the head and the blocks of nested loops included.
    pub blocks: BTreeSet<Block>,
    /// The smallest loop strictly containing this one (index into the same list).
    pub parent: Option<usize>,
    /// Number of loops containing this one, itself included: 1 for an outermost loop.
    pub depth: u32,
}

/// The loops closed by `back_edges`, ordered by the position of their head.
pub(crate) fn natural_loops(
    graph: &DiGraphMap<Block, ()>,
    back_edges: &[(Block, Block)],
    position: &HashMap<Block, usize>,
) -> Vec<Loop> {
    let mut by_head: Vec<(Block, BTreeSet<Block>)> = Vec::new();
    for &(latch, head) in back_edges {
        let body = natural_loop(graph, latch, head);
        match by_head.iter_mut().find(|(h, _)| *h == head) {
            Some((_, blocks)) => blocks.extend(body),
            None => by_head.push((head, body)),
        }
    }
    by_head.sort_by_key(|(h, _)| pos_of(position, *h));
    let mut loops: Vec<Loop> = by_head
        .into_iter()
        .map(|(head, blocks)| Loop {
            head,
            blocks,
            parent: None,
            depth: 1,
        })
        .collect();
    // Loops of a reducible CFG are nested or disjoint: the parent is the smallest other
    // loop that contains this loop's head.
    for i in 0..loops.len() {
        let head = loops[i].head;
        let size = loops[i].blocks.len();
        loops[i].parent = (0..loops.len())
            .filter(|&j| j != i && loops[j].blocks.contains(&head) && loops[j].blocks.len() > size)
            .min_by_key(|&j| loops[j].blocks.len());
    }
    // Depths, parents first: a parent always has more blocks than its children.
    let mut by_size: Vec<usize> = (0..loops.len()).collect();
    by_size.sort_by_key(|&i| std::cmp::Reverse(loops[i].blocks.len()));
    for i in by_size {
        loops[i].depth = loops[i].parent.map_or(1, |p| loops[p].depth + 1);
    }
    loops
}

/// The head plus every block that reaches `latch` without passing through `head`.
fn natural_loop(graph: &DiGraphMap<Block, ()>, latch: Block, head: Block) -> BTreeSet<Block> {
    let mut blocks = BTreeSet::from([head]);
    let mut stack = Vec::new();
    if blocks.insert(latch) {
        stack.push(latch);
    }
    while let Some(b) = stack.pop() {
        for p in graph.neighbors_directed(b, Direction::Incoming) {
            if blocks.insert(p) {
                stack.push(p);
            }
        }
    }
    blocks
}
