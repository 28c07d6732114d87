//! The launch a replay runs: the verified one, with only the witness's groups (every
//! group under a grid barrier), shrunk when it is too large to run.

use kir::{BarrierScope, Stmt};
use smt::Value;

use super::{Witnessed, MAX_GROUP, MAX_LAUNCH};

fn value(inputs: &[Value], name: &str) -> Option<u64> {
    inputs.iter().find(|v| v.name == name).map(|v| v.value)
}

/// The launch and groups to run for this witness, and what was changed to get there.
pub(super) fn launch_for(
    w: &Witnessed,
    inputs: &[Value],
) -> (interp::Launch, Option<Vec<[u32; 3]>>, Vec<String>) {
    let l = w.two_thread.launch;
    let dims = ["x", "y", "z"];
    let ids = |kind: &str, t: u8| -> [u32; 3] {
        std::array::from_fn(|d| {
            value(inputs, &format!("{kind}.{}${t}", dims[d])).unwrap_or(0) as u32
        })
    };
    let (l1, l2, g1, g2) = (
        ids("local_id", 1),
        ids("local_id", 2),
        ids("group_id", 1),
        ids("group_id", 2),
    );
    let mut launch = interp::Launch {
        local_size: l.local_size,
        num_groups: std::array::from_fn(|d| match l.any_groups[d] {
            true => value(inputs, &format!("num_groups.{}", dims[d]))
                .unwrap_or(1)
                .max(1) as u32,
            false => l.num_groups[d],
        }),
    };
    let mut notes = Vec::new();
    let size = |s: [u32; 3]| s.iter().map(|&x| x as u64).product::<u64>();
    if size(launch.local_size) > MAX_GROUP {
        let shrunk =
            std::array::from_fn(|d| l1[d].max(l2[d]).saturating_add(1).min(launch.local_size[d]));
        notes.push(format!(
            "groups shrunk from {:?} to {:?} threads (the kernel sees the smaller local size)",
            launch.local_size, shrunk
        ));
        launch.local_size = shrunk;
    }
    let grid_barrier = w.lifted.blocks.iter().flat_map(|b| &b.stmts).any(|s| {
        matches!(
            s.stmt,
            Stmt::Barrier {
                scope: BarrierScope::Grid,
                ..
            }
        )
    });
    if !grid_barrier {
        let mut groups = vec![g1, g2];
        groups.dedup();
        return (launch, Some(groups), notes);
    }
    if size(launch.local_size) * size(launch.num_groups) > MAX_LAUNCH {
        let shrunk =
            std::array::from_fn(|d| g1[d].max(g2[d]).saturating_add(1).min(launch.num_groups[d]));
        notes.push(format!(
            "number of groups shrunk from {:?} to {:?} (the kernel sees the smaller number)",
            launch.num_groups, shrunk
        ));
        launch.num_groups = shrunk;
    }
    (launch, None, notes)
}
