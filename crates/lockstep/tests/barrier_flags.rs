//! Barriers whose fence flags differ between threads: thread 1's log of a space is reset
//! when thread 1's own flags name the space (GPUVerify's reading), and never for a space
//! the barrier's static fence leaves out.

use kir::*;
use lockstep::{two_thread, Launch, Options};
use predicate::Predicator;

fn region(k: &mut Kernel, name: &str, space: Space) -> Region {
    k.add_region(RegionData::variable(name, space, 4))
}

/// `f := lid == 0; L[lid] = 1; G[lid] = 1; barrier(fence, flags(f)); x = L[lid ^ 1];
/// y = G[lid ^ 1]`, where `flags` maps the Boolean `f` to the per-space flags.
fn kernel(fence: Fence, flags: impl Fn(Expr) -> FenceFlags) -> Kernel {
    let mut k = Kernel::new("k");
    let l = region(&mut k, "L", Space::Local);
    let g = region(&mut k, "G", Space::Global);
    let lid = k.builtin(Builtin::LocalId(0));
    let f = k.add_var("f", Ty::Bool, VarKind::Private);
    let x = k.add_var("x", Ty::Bv(32), VarKind::Private);
    let y = k.add_var("y", Ty::Bv(32), VarKind::Private);
    let off = |e: Expr| {
        Expr::bin(
            BinOp::Mul,
            Expr::cast(CastOp::ZExt, 64, e),
            Expr::int(4, 64),
        )
    };
    let neighbour = off(Expr::bin(BinOp::Xor, Expr::Var(lid), Expr::int(1, 32)));
    let write = |region| Stmt::Write {
        pred: Expr::tt(),
        region,
        offset: off(Expr::Var(lid)),
        value: Expr::int(1, 32),
        bytes: 4,
        thread: None,
    };
    let read = |dst, region| Stmt::Read {
        pred: Expr::tt(),
        dst,
        region,
        offset: neighbour.clone(),
        bytes: 4,
        thread: None,
    };
    let stmts = vec![
        Stmt::Assign {
            dst: f,
            value: Expr::eq(Expr::Var(lid), Expr::int(0, 32)),
        },
        write(l),
        write(g),
        Stmt::Barrier {
            pred: Expr::tt(),
            fence,
            scope: BarrierScope::Group,
            flags: flags(Expr::Var(f)),
        },
        read(x, l),
        read(y, g),
    ];
    let b = k.add_block("entry", Terminator::Return);
    k.block_mut(b).stmts = stmts.into_iter().map(|s| StmtData::new(s, None)).collect();
    k.layout.push(b);
    k
}

/// The two-thread program's statements for the barrier: from its divergence check to its
/// havoc of shared memory.
fn barrier_lines(k: Kernel) -> String {
    let sorted = cfg::sort(k).unwrap();
    let pred = predicate::Unstructured.predicate(sorted).unwrap();
    let opts = Options::for_launch(Launch::new([8, 1, 1], [2, 1, 1]).unwrap());
    let tt = two_thread(&pred, &opts).unwrap();
    kir::verify(&tt.kernel).unwrap();
    let text = tt.kernel.to_string();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let start = lines
        .iter()
        .position(|l| l.ends_with("{barrier-divergence}"))
        .expect("a divergence check");
    let end = lines
        .iter()
        .rposition(|l| l.contains("havoc_memory"))
        .expect("a havoc of shared memory");
    lines[start..=end].join("\n")
}

const BOTH: Fence = Fence {
    local: true,
    global: true,
};

/// The lines that reset a log of `region` (`L` or `G`).
fn resets<'a>(text: &'a str, region: &str) -> Vec<&'a str> {
    let prefix = format!("{region}.");
    text.lines()
        .filter(|l| l.starts_with(&prefix) && l.contains(".has := ") && l.contains("false"))
        .collect()
}

#[test]
fn each_space_is_reset_by_thread_1s_own_flag() {
    let text = barrier_lines(kernel(BOTH, |f| FenceFlags {
        local: Some(f.clone()),
        global: Some(Expr::not(f)),
    }));
    let local = resets(&text, "L");
    let global = resets(&text, "G");
    assert_eq!((local.len(), global.len()), (3, 3), "{text}");
    for l in &local {
        assert!(l.contains("& f$1) ? false"), "{l}");
    }
    for l in &global {
        assert!(l.contains("& !f$1) ? false"), "{l}");
    }
    // Thread 2's flags never decide thread 1's log.
    assert!(!text.contains("f$2"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_flag_for_a_space_the_fence_leaves_out_resets_nothing() {
    let local_only = Fence {
        local: true,
        global: false,
    };
    let text = barrier_lines(kernel(local_only, |f| FenceFlags {
        local: None,
        global: Some(f),
    }));
    assert!(resets(&text, "G").is_empty(), "{text}");
    let local = resets(&text, "L");
    assert_eq!(local.len(), 3, "{text}");
    assert!(local.iter().all(|l| !l.contains("f$")), "{text}");
}

#[test]
fn constant_flags_reset_at_every_synchronised_pair() {
    let text = barrier_lines(kernel(BOTH, |_| FenceFlags::default()));
    let synced = "(same_group & ((v_active$1 == 0bv32) & (v_active$2 == 0bv32))) ? false";
    let all: Vec<&str> = [resets(&text, "L"), resets(&text, "G")].concat();
    assert_eq!(all.len(), 6, "{text}");
    assert!(all.iter().all(|l| l.contains(synced)), "{text}");
}
