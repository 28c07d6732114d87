//! Rewrites that give a kernel the shape the paper's predication assumes (its Section 4),
//! applied by [`crate::sort`] before the sort order is computed.
//!
//! The paper also assumes every thread passes a barrier right before it terminates. We do
//! not add one: lockstep never treats thread termination as a barrier in its checks, so the
//! assumption buys nothing here.

use kir::{Block, Kernel, Terminator};

use crate::graph::{reachable_from, Cfg};

/// Removes from the layout every block the entry cannot reach. The blocks stay in the
/// arena (handles remain valid) but are no longer part of the kernel.
pub fn drop_unreachable(k: &mut Kernel) {
    let Some(&entry) = k.layout.first() else {
        return;
    };
    let reachable = reachable_from(k, entry);
    k.layout.retain(|b| reachable.contains(b));
}

/// If some block jumps back to the entry, puts a fresh block `entry` in front of it, so
/// the entry is never a loop head. The predicated entry starts by setting `v_active`; that
/// must happen once, not on every iteration of a loop (in the two-thread program a reset
/// on the back edge would also reset a thread that already left the loop).
/// Kernels from LLVM never need this: an LLVM entry block has no predecessors.
pub fn fresh_entry(k: &mut Kernel) {
    let Some(&entry) = k.layout.first() else {
        return;
    };
    let has_pred = k
        .layout
        .iter()
        .any(|&b| k.block(b).term.successors().contains(&entry));
    if has_pred {
        let loc = k.block(entry).loc;
        let fresh = k.add_block("entry", Terminator::Goto(entry));
        k.block_mut(fresh).loc = loc;
        k.layout.insert(0, fresh);
    }
}

/// Gives the kernel a single exit: a fresh block `exit` ending in `Return`, laid out last;
/// every old `Return` becomes `goto exit`. `Unreachable` terminators are kept as they are.
/// The fresh block is added even when no `Return` is reachable (a kernel that never
/// terminates), so the sort order always ends with the exit.
pub fn single_exit(k: &mut Kernel) -> Block {
    let exit = k.add_block("exit", Terminator::Return);
    for &b in &k.layout {
        let data = &mut k.blocks[b.index()];
        if data.term == Terminator::Return {
            data.term = Terminator::Goto(exit);
        }
    }
    k.layout.push(exit);
    exit
}

/// Makes sure no block has two or more successors that are loop heads: every loop-head
/// successor after the first is reached through a fresh forwarding block
/// `<block>.to.<head>` that only jumps to the head (laid out right after the block).
/// Splitting an edge keeps the CFG reducible; a forwarding block on a back edge becomes
/// part of that loop.
pub fn split_head_successors(k: &mut Kernel, cfg: &Cfg) {
    let blocks: Vec<Block> = k.layout.clone();
    for b in blocks {
        let heads: Vec<Block> = k
            .block(b)
            .term
            .successors()
            .into_iter()
            .filter(|&s| cfg.is_loop_head(s))
            .collect();
        let after = k.layout.iter().position(|&x| x == b).unwrap_or(0) + 1;
        for (insert_at, &head) in (after..).zip(heads.iter().skip(1)) {
            let name = format!("{}.to.{}", k.block(b).name, k.block(head).name);
            let loc = k.block(b).loc;
            let fwd = k.add_block(name, Terminator::Goto(head));
            k.block_mut(fwd).loc = loc;
            k.block_mut(b).term.retarget(head, fwd);
            k.layout.insert(insert_at, fwd);
        }
    }
}
