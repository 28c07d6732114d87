//! The printed two-thread program of small hand-built kernels, pinned.

use kir::*;
use lockstep::{two_thread, Launch, Options};
use predicate::Predicator;

fn region(k: &mut Kernel, name: &str, space: Space) -> Region {
    k.add_region(RegionData::variable(name, space, 4))
}

fn build(k: Kernel) -> String {
    build_with(k, None)
}

fn build_with(k: Kernel, warp_size: Option<u32>) -> String {
    let sorted = cfg::sort(k).unwrap();
    let pred = predicate::Unstructured.predicate(sorted).unwrap();
    let opts = Options {
        warp_size,
        ..Options::for_launch(Launch::new([8, 1, 1], [2, 1, 1]).unwrap())
    };
    let tt = two_thread(&pred, &opts).unwrap();
    kir::verify(&tt.kernel).unwrap();
    format!("{}", tt.kernel)
}

/// `L[lid] = lid; barrier(local); x = L[lid ^ 1];`
#[test]
fn write_barrier_read() {
    insta::assert_snapshot!(build(write_barrier_read_kernel()));
}

/// With `--warp-sync=4`: the pair's warps are computed and read/write checks exclude them.
#[test]
fn write_barrier_read_in_warps() {
    insta::assert_snapshot!(build_with(write_barrier_read_kernel(), Some(4)));
}

/// The three race instrumenters: standard checks every conflicting pair; warp exempts a
/// read and a write of one warp; null (`--only-log`) keeps the logs and checks nothing,
/// with or without warps (whose other lanes still write at the pair's write statements).
#[test]
fn race_instrumenters() {
    let launch = Launch::new([8, 1, 1], [2, 1, 1]).unwrap();
    let printed = |warp_size: Option<u32>, only_log: bool| {
        let sorted = cfg::sort(write_barrier_read_kernel()).unwrap();
        let pred = predicate::Unstructured.predicate(sorted).unwrap();
        let opts = Options {
            warp_size,
            only_log,
            ..Options::for_launch(launch)
        };
        let tt = two_thread(&pred, &opts).unwrap();
        kir::verify(&tt.kernel).unwrap();
        format!("{}", tt.kernel)
    };
    let races = |p: &str| p.lines().filter(|l| l.contains("{race ")).count();
    let exempt = |p: &str| p.lines().filter(|l| l.contains("!same_warp")).count();
    let standard = printed(None, false);
    let warp = printed(Some(4), false);
    assert_eq!(races(&standard), 5);
    assert_eq!(races(&warp), 5);
    assert_eq!((exempt(&standard), exempt(&warp)), (0, 2));
    for only_log in [printed(None, true), printed(Some(4), true)] {
        assert_eq!(races(&only_log), 0);
        assert!(only_log.contains("L.write.has := "));
    }
    let havocs = |p: &str| p.matches("havoc_memory").count();
    assert_eq!(
        havocs(&printed(Some(4), true)),
        havocs(&printed(None, true)) + 1
    );
}

fn write_barrier_read_kernel() -> Kernel {
    let mut k = Kernel::new("k");
    let l = region(&mut k, "L", Space::Local);
    let lid = k.builtin(Builtin::LocalId(0));
    let x = k.add_var("x", Ty::Bv(32), VarKind::Private);
    let off = |e: Expr| {
        Expr::bin(
            BinOp::Mul,
            Expr::cast(CastOp::ZExt, 64, e),
            Expr::int(4, 64),
        )
    };
    let b = k.add_block("entry", Terminator::Return);
    k.block_mut(b).stmts = vec![
        StmtData::new(
            Stmt::Write {
                pred: Expr::tt(),
                region: l,
                offset: off(Expr::Var(lid)),
                value: Expr::Var(lid),
                bytes: 4,
                thread: None,
            },
            None,
        ),
        StmtData::new(
            Stmt::Barrier {
                pred: Expr::tt(),
                fence: Fence {
                    local: true,
                    global: false,
                },
                scope: BarrierScope::Group,
                flags: FenceFlags::default(),
            },
            None,
        ),
        StmtData::new(
            Stmt::Read {
                pred: Expr::tt(),
                dst: x,
                region: l,
                offset: off(Expr::bin(BinOp::Xor, Expr::Var(lid), Expr::int(1, 32))),
                bytes: 4,
                thread: None,
            },
            None,
        ),
    ];
    k.layout.push(b);
    k
}
