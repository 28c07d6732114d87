//! `--debug`: the kernel's barrier intervals, as GPUVerify counts them. A barrier that
//! every thread reaches exactly once (it is on every path from the entry to a return and
//! in no loop) splits the kernel into the code before and after it: N such barriers make
//! N + 1 intervals. Barriers under a condition or in a loop do not split it.

use std::collections::HashSet;

use kir::{Block, Kernel, Stmt, Terminator};

/// The number of barrier intervals of `k`.
pub fn barrier_intervals(k: &Kernel) -> usize {
    let in_loops: HashSet<Block> = cfg::loops_of(k)
        .iter()
        .flat_map(|l| l.blocks.iter().copied())
        .collect();
    let Some(&entry) = k.layout.first() else {
        return 1;
    };
    let splitting: usize = k
        .layout
        .iter()
        .filter(|b| !in_loops.contains(b) && on_every_path(k, entry, **b))
        .map(|&b| {
            k.block(b)
                .stmts
                .iter()
                .filter(|s| matches!(s.stmt, Stmt::Barrier { .. }))
                .count()
        })
        .sum();
    splitting + 1
}

/// Whether every path from `entry` to a return goes through `b`.
fn on_every_path(k: &Kernel, entry: Block, b: Block) -> bool {
    if b == entry {
        return true;
    }
    let mut seen = HashSet::from([entry]);
    let mut todo = vec![entry];
    while let Some(x) = todo.pop() {
        if k.block(x).term == Terminator::Return {
            return false;
        }
        for s in k.block(x).term.successors() {
            if s != b && seen.insert(s) {
                todo.push(s);
            }
        }
    }
    true
}
