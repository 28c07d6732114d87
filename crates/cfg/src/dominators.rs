//! The dominator tree, from petgraph's `simple_fast`, numbered in pre- and post-order so
//! that "does `a` dominate `b`" is two comparisons instead of a walk up the tree.

use std::collections::HashMap;

use kir::Block;
use petgraph::algo::dominators::simple_fast;
use petgraph::graphmap::DiGraphMap;

#[derive(Default)]
pub(crate) struct DomTree {
    idom: HashMap<Block, Block>,
    children: HashMap<Block, Vec<Block>>,
    /// Pre-order number and the largest pre-order number in the subtree, per block.
    span: HashMap<Block, (usize, usize)>,
}

impl DomTree {
    /// The dominator tree of the blocks of `graph` reachable from `entry`; children are
    /// kept in the graph's node order.
    pub(crate) fn compute(graph: &DiGraphMap<Block, ()>, entry: Block) -> Self {
        let doms = simple_fast(graph, entry);
        let mut tree = DomTree::default();
        for b in graph.nodes() {
            if let Some(d) = doms.immediate_dominator(b) {
                tree.idom.insert(b, d);
                tree.children.entry(d).or_default().push(b);
            }
        }
        // Iterative DFS: (block, index of the next child to visit).
        let mut counter = 0;
        let mut stack = vec![(entry, 0usize)];
        tree.span.insert(entry, (0, 0));
        while let Some((b, next)) = stack.pop() {
            let child = tree.children.get(&b).and_then(|c| c.get(next)).copied();
            match child {
                Some(c) => {
                    stack.push((b, next + 1));
                    counter += 1;
                    tree.span.insert(c, (counter, counter));
                    stack.push((c, 0));
                }
                None => {
                    if let Some(s) = tree.span.get_mut(&b) {
                        s.1 = counter;
                    }
                }
            }
        }
        tree
    }

    /// Whether `a` dominates `b` (both reachable; every block dominates itself).
    pub(crate) fn dominates(&self, a: Block, b: Block) -> bool {
        match (self.span.get(&a), self.span.get(&b)) {
            (Some(&(a_pre, a_last)), Some(&(b_pre, _))) => a_pre <= b_pre && b_pre <= a_last,
            _ => false,
        }
    }

    pub(crate) fn idom(&self, b: Block) -> Option<Block> {
        self.idom.get(&b).copied()
    }

    /// The blocks `b` immediately dominates.
    pub(crate) fn children(&self, b: Block) -> &[Block] {
        self.children.get(&b).map(Vec::as_slice).unwrap_or_default()
    }
}
