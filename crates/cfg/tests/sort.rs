//! The sort order and the preprocessing of `cfg::sort`, on the kernels of `tests/files`
//! (whose sorted forms `files.rs` checks).

use std::path::Path;

use kir::{Block, Kernel, Phase, Terminator};

/// Fig. 3's blocks in the paper's order.
const FIG3: [&str; 10] = [
    "Start", "W", "I1", "I1'", "B1", "I2", "I2'", "B2", "W_last", "W_end",
];

/// The input kernel of `tests/files/NAME.kir`.
fn kernel(name: &str) -> Kernel {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/files")
        .join(format!("{name}.kir"));
    let text = std::fs::read_to_string(&path).expect("test file");
    let case = kir::filetest::Case::parse(&path, &text);
    kir::parse::kernel(&case.input).unwrap_or_else(|e| panic!("{}:{e}", path.display()))
}

/// Block names in layout order.
fn names(k: &Kernel) -> Vec<String> {
    k.laid_out().map(|(_, d)| d.name.clone()).collect()
}

fn block(k: &Kernel, name: &str) -> Block {
    let i = k.blocks.iter().position(|d| d.name == name);
    Block::new(i.unwrap_or_else(|| panic!("no block {name}")))
}

fn sorted(k: kir::Kernel) -> kir::Kernel {
    let k = cfg::sort(k).expect("reducible");
    assert_eq!(k.phase, Phase::Sorted);
    cfg::check_order(&k).expect("a sort order");
    kir::verify(&k).expect("verifies");
    k
}

#[test]
fn fig3_in_source_order() {
    let k = sorted(kernel("fig3"));
    let mut want: Vec<&str> = FIG3.to_vec();
    want.push("exit");
    assert_eq!(names(&k), want);
    insta::assert_snapshot!(format!("{k}"));
}

#[test]
fn fig3_from_a_shuffled_layout() {
    let k = sorted(kernel("fig3_shuffled"));
    let order = names(&k);
    // I1/I1' and I2/I2' may swap; everything else is fixed by the two rules.
    assert_eq!(order[..2], ["Start", "W"]);
    assert_eq!(
        order[4..],
        ["B1", "I2'", "I2", "B2", "W_last", "W_end", "exit"]
    );
    let mut pair = order[2..4].to_vec();
    pair.sort();
    assert_eq!(pair, ["I1", "I1'"]);
}

#[test]
fn fig3_loops_and_dominators() {
    let k = kernel("fig3");
    let g = cfg::compute(&k);
    assert_eq!(g.back_edges(), &[(block(&k, "W_last"), block(&k, "W"))]);
    assert!(g.is_back_edge(block(&k, "W_last"), block(&k, "W")));
    assert!(!g.is_back_edge(block(&k, "Start"), block(&k, "W")));
    let loops = g.loops();
    assert_eq!(loops.len(), 1);
    assert_eq!(loops[0].head, block(&k, "W"));
    assert_eq!(loops[0].blocks.len(), 8);
    assert!(!loops[0].blocks.contains(&block(&k, "W_end")));
    assert_eq!(loops[0].depth, 1);
    assert_eq!(g.idom(block(&k, "B1")), Some(block(&k, "W")));
    assert_eq!(g.idom(block(&k, "W_end")), Some(block(&k, "Start")));
    assert!(g.dominates(block(&k, "W"), block(&k, "W_last")));
    insta::assert_snapshot!(format!("{g}"));
    insta::assert_snapshot!(cfg::to_dot(&k));
}

#[test]
fn irreducible_names_both_blocks() {
    let k = kernel("irreducible");
    let err = cfg::sort(k).expect_err("irreducible");
    assert_eq!(
        err,
        cfg::CfgError::Irreducible {
            blocks: vec!["A".into(), "B".into()]
        }
    );
    assert_eq!(
        err.to_string(),
        "irreducible control flow: the cycle through A, B has more than one entry"
    );
}

#[test]
fn irreducible_names_source_lines() {
    let k = kernel("irreducible_with_lines");
    let err = cfg::sort(k).expect_err("irreducible");
    assert_eq!(
        err,
        cfg::CfgError::Irreducible {
            blocks: vec!["A at k.cl:7".into(), "B".into()]
        }
    );
}

#[test]
fn nested_loops() {
    // for (i..) { pre; for (j..) { body } post }
    let k = kernel("nested_loops");
    let g = cfg::compute(&k);
    assert_eq!(g.loops().len(), 2);
    let inner = g
        .loops()
        .iter()
        .find(|l| l.head == block(&k, "inner"))
        .expect("inner");
    assert_eq!(inner.depth, 2);
    assert_eq!(
        inner.parent.map(|p| g.loops()[p].head),
        Some(block(&k, "outer"))
    );
    let k = sorted(k);
    assert_eq!(
        names(&k),
        ["entry", "outer", "pre", "inner", "body", "post", "done", "exit"]
    );
    insta::assert_snapshot!(format!("{k}"));
}

#[test]
fn loop_with_break_and_continue() {
    // while (head) { a; if (c) continue; if (d) break; b; }
    let k = kernel("break_and_continue");
    let g = cfg::compute(&k);
    assert_eq!(g.back_edges().len(), 2);
    assert_eq!(g.loops().len(), 1);
    assert_eq!(g.loops()[0].blocks.len(), 4);
    let k = sorted(k);
    assert_eq!(
        names(&k),
        ["entry", "head", "a", "check", "b", "end", "exit"]
    );
}

#[test]
fn two_loop_head_successors_are_split() {
    // `a` ends the inner loop and jumps either back to its head or to the outer head.
    let k = kernel("two_loop_head_successors");
    let k = sorted(k);
    assert_eq!(
        names(&k),
        ["entry", "outer", "inner", "a", "a.to.outer", "end", "exit"]
    );
    let a = block(&k, "a");
    let fwd = block(&k, "a.to.outer");
    let heads = cfg::loop_heads(&k);
    let succ_heads = k
        .block(a)
        .term
        .successors()
        .into_iter()
        .filter(|s| heads.contains(s));
    assert_eq!(succ_heads.count(), 1);
    assert_eq!(k.block(fwd).term, Terminator::Goto(block(&k, "outer")));
    let loops = cfg::loops_of(&k);
    let outer = loops
        .iter()
        .find(|l| l.head == block(&k, "outer"))
        .expect("outer");
    assert!(outer.blocks.contains(&fwd));
    insta::assert_snapshot!(format!("{k}"));
}

#[test]
fn two_returns_become_one_exit() {
    let k = kernel("two_returns");
    let k = sorted(k);
    assert_eq!(names(&k), ["entry", "late", "early", "exit"]);
    let returns: Vec<&str> = k
        .laid_out()
        .filter(|(_, d)| d.term == Terminator::Return)
        .map(|(_, d)| d.name.as_str())
        .collect();
    assert_eq!(returns, ["exit"]);
    assert_eq!(k.block(block(&k, "late")).term, Terminator::Unreachable);
    assert_eq!(
        k.block(block(&k, "early")).term,
        Terminator::Goto(block(&k, "exit"))
    );
}

#[test]
fn exit_is_last_even_after_later_sinks() {
    let k = kernel("exit_after_sinks");
    let k = sorted(k);
    assert_eq!(names(&k), ["entry", "ret", "a", "exit"]);
}

#[test]
fn kernel_without_return_still_gets_an_exit() {
    let k = kernel("spin_without_return");
    let k = sorted(k);
    assert_eq!(names(&k), ["entry", "spin", "exit"]);
}

#[test]
fn entry_that_heads_a_loop_gets_a_fresh_entry() {
    let k = kernel("entry_heads_a_loop");
    let k = sorted(k);
    assert_eq!(names(&k), ["entry", "top", "body", "out", "exit"]);
    assert_eq!(k.block(k.entry()).term, Terminator::Goto(block(&k, "top")));
}

#[test]
fn switch_targets_follow_layout_order() {
    let k = kernel("switch_targets");
    let k = sorted(k);
    assert_eq!(names(&k), ["entry", "a", "b", "c", "join", "exit"]);
}

#[test]
fn sorting_twice_changes_nothing_but_the_exit() {
    let once = sorted(kernel("fig3"));
    let twice = sorted(once.clone());
    let mut want = names(&once);
    want.push("exit".into());
    assert_eq!(names(&twice), want);
}

#[test]
fn empty_and_late_kernels_are_rejected() {
    assert_eq!(cfg::sort(kir::Kernel::new("e")), Err(cfg::CfgError::Empty));
    let mut k = kernel("fig3");
    k.phase = Phase::Predicated;
    assert!(matches!(cfg::sort(k), Err(cfg::CfgError::Phase { .. })));
}

#[test]
fn check_order_rejects_broken_orders() {
    let k = sorted(kernel("fig3"));
    let mut backwards = k.clone();
    backwards.layout.swap(2, 4); // B1 before I1
    let err = cfg::check_order(&backwards).expect_err("edge goes backwards");
    assert!(err.contains("goes backwards"), "{err}");
    // `o` sits between the loop's head and its body without breaking any edge.
    let split = kernel("loop_split");
    assert_eq!(split.phase, Phase::Sorted);
    let err = cfg::check_order(&split).expect_err("loop split");
    assert!(err.contains("not contiguous"), "{err}");
}
