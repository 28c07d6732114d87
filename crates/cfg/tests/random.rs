//! `cfg::sort` on random CFGs: the reducibility verdict agrees with an independent check
//! (T1/T2 reduction), and every sorted kernel has the promised shape.

use std::collections::{BTreeMap, BTreeSet};

use kir::*;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// `n` blocks with 0 to 3 successors each, any block a possible target.
fn random_kernel(rng: &mut Rng, n: usize) -> Kernel {
    let mut k = Kernel::new("random");
    let c = k.add_var("c", Ty::Bool, VarKind::Private);
    let s = k.add_var("s", Ty::Bv(8), VarKind::Private);
    let blocks: Vec<Block> = (0..n)
        .map(|i| k.add_block(format!("n{i}"), Terminator::Return))
        .collect();
    for &b in &blocks {
        let mut pick = || blocks[rng.below(n)];
        let term = match pick().index() % 4 {
            0 => Terminator::Return,
            1 => Terminator::Goto(pick()),
            2 => Terminator::Branch {
                cond: Expr::var(c),
                then_to: pick(),
                else_to: pick(),
            },
            _ => Terminator::Switch {
                value: Expr::var(s),
                cases: vec![(0, pick()), (1, pick())],
                default: pick(),
            },
        };
        k.block_mut(b).term = term;
    }
    k.layout = blocks;
    k
}

/// Reducibility by T1 (drop self loops) and T2 (merge a block with a single predecessor
/// into it): reducible iff the reachable graph shrinks to a single node.
fn reducible_by_t1_t2(k: &Kernel) -> bool {
    let g = cfg::compute(k);
    let entry = g.entry().expect("blocks");
    let mut succs: BTreeMap<Block, BTreeSet<Block>> = g
        .blocks()
        .map(|b| (b, g.succs(b).into_iter().collect()))
        .collect();
    loop {
        for (b, s) in succs.iter_mut() {
            s.remove(b);
        }
        let preds = |n: Block, succs: &BTreeMap<Block, BTreeSet<Block>>| {
            succs
                .iter()
                .filter(|(_, s)| s.contains(&n))
                .map(|(p, _)| *p)
                .collect::<Vec<_>>()
        };
        let merge = succs.keys().copied().filter(|&n| n != entry).find_map(|n| {
            match preds(n, &succs).as_slice() {
                [p] => Some((n, *p)),
                _ => None,
            }
        });
        let Some((n, p)) = merge else {
            return succs.len() == 1;
        };
        let moved = succs.remove(&n).unwrap_or_default();
        let into = succs.get_mut(&p).expect("predecessor");
        into.remove(&n);
        into.extend(moved);
    }
}

#[test]
fn random_cfgs_sort_or_are_irreducible() {
    let mut rng = Rng(7);
    let (mut sorted, mut rejected) = (0, 0);
    for round in 0..3000 {
        let k = random_kernel(&mut rng, 1 + round % 9);
        let reducible = reducible_by_t1_t2(&k);
        match cfg::sort(k.clone()) {
            Err(cfg::CfgError::Irreducible { blocks }) => {
                assert!(!reducible, "round {round}: reducible CFG rejected\n{k}");
                assert!(blocks.len() >= 2);
                rejected += 1;
            }
            Err(e) => panic!("round {round}: {e}"),
            Ok(s) => {
                assert!(reducible, "round {round}: irreducible CFG sorted\n{k}");
                check_shape(&s, round);
                let again = cfg::sort(k).expect("sorts again");
                assert_eq!(s.layout, again.layout, "round {round}: not deterministic");
                sorted += 1;
            }
        }
    }
    assert!(
        sorted > 1000 && rejected > 100,
        "{sorted} sorted, {rejected} rejected"
    );
}

fn check_shape(k: &Kernel, round: usize) {
    cfg::check_order(k).unwrap_or_else(|e| panic!("round {round}: {e}\n{k}"));
    kir::verify(k).expect("verifies");
    let last = *k.layout.last().expect("blocks");
    assert_eq!(k.block(last).name, "exit");
    let heads = cfg::loop_heads(k);
    assert!(
        !heads.contains(&k.entry()),
        "round {round}: entry heads a loop"
    );
    for (b, d) in k.laid_out() {
        assert_eq!(
            d.term == Terminator::Return,
            b == last,
            "round {round}: {}",
            d.name
        );
        let into_heads = d
            .term
            .successors()
            .iter()
            .filter(|s| heads.contains(s))
            .count();
        assert!(
            into_heads <= 1,
            "round {round}: {} has {into_heads} head successors",
            d.name
        );
    }
}

#[test]
fn long_kernels_sort() {
    // 3000 blocks: a chain where every tenth block closes a loop over the eight before it,
    // and every hundredth closes an enclosing loop over all hundred (except the last
    // hundred: the last block returns). The first big loop's head is the entry.
    let n = 3000;
    let mut k = Kernel::new("long");
    let c = k.add_var("c", Ty::Bool, VarKind::Private);
    let blocks: Vec<Block> = (0..n)
        .map(|i| k.add_block(format!("n{i}"), Terminator::Return))
        .collect();
    for i in 0..n - 1 {
        let back = match i % 100 {
            99 => Some(blocks[i - 99]),
            r if r % 10 == 9 => Some(blocks[i - 8]),
            _ => None,
        };
        k.block_mut(blocks[i]).term = match back {
            Some(h) => Terminator::Branch {
                cond: Expr::var(c),
                then_to: h,
                else_to: blocks[i + 1],
            },
            None => Terminator::Goto(blocks[i + 1]),
        };
    }
    k.layout = blocks.iter().rev().copied().collect();
    k.layout.rotate_right(1); // keep n0 first
    let k = cfg::sort(k).expect("reducible");
    cfg::check_order(&k).expect("a sort order");
    assert_eq!(cfg::loops_of(&k).len(), 270 + 29);
    // n99 -> n100 enters the next big loop while n99 also closes its own: split (the
    // last hundred is no loop).
    let order: Vec<String> = k.laid_out().map(|(_, d)| d.name.clone()).collect();
    let mut want = vec!["entry".to_string()];
    for i in 0..n {
        want.push(format!("n{i}"));
        if i % 100 == 99 && i + 101 < n {
            want.push(format!("n{i}.to.n{}", i + 1));
        }
    }
    want.push("exit".into());
    let first_difference = order.iter().zip(&want).position(|(a, b)| a != b);
    assert_eq!(first_difference, None);
    assert_eq!(order.len(), want.len());
}
