//! Hand-built kernels for the `cfg` tests.

use kir::*;

/// Builds a kernel from `(block, successors)` pairs; the first block is the entry.
/// No successors: `return`; `["!"]`: `unreachable`; one: `goto`; two: `branch` on a
/// Boolean variable `c.<block>`; more: `switch` on a `bv8` variable `s.<block>` with cases
/// 0, 1, … and the last successor as default. Each block gets `x := x + <its index>`.
pub fn shape(edges: &[(&str, &[&str])]) -> Kernel {
    let mut k = Kernel::new("shape");
    let x = k.add_var("x", Ty::Bv(32), VarKind::Private);
    for (name, _) in edges {
        let b = k.add_block(*name, Terminator::Return);
        k.layout.push(b);
    }
    let find = |k: &Kernel, n: &str| -> Block {
        let i = k.blocks.iter().position(|d| d.name == n);
        Block::new(i.unwrap_or_else(|| panic!("test shape names unknown block {n}")))
    };
    for (i, (name, succs)) in edges.iter().enumerate() {
        let b = Block::new(i);
        let targets: Vec<Block> = succs
            .iter()
            .filter(|s| **s != "!")
            .map(|s| find(&k, s))
            .collect();
        let term = match (succs, targets.as_slice()) {
            (s, []) if s.first() == Some(&"!") => Terminator::Unreachable,
            (_, []) => Terminator::Return,
            (_, [t]) => Terminator::Goto(*t),
            (_, [t, e]) => {
                let c = k.add_var(format!("c.{name}"), Ty::Bool, VarKind::Private);
                Terminator::Branch {
                    cond: Expr::var(c),
                    then_to: *t,
                    else_to: *e,
                }
            }
            (_, [cases @ .., d]) => {
                let s = k.add_var(format!("s.{name}"), Ty::Bv(8), VarKind::Private);
                Terminator::Switch {
                    value: Expr::var(s),
                    cases: cases
                        .iter()
                        .enumerate()
                        .map(|(i, b)| (i as u64, *b))
                        .collect(),
                    default: *d,
                }
            }
        };
        k.block_mut(b).term = term;
        let add = Expr::bin(BinOp::Add, Expr::var(x), Expr::int(i as u64, 32));
        k.block_mut(b)
            .stmts
            .push(StmtData::new(Stmt::Assign { dst: x, value: add }, None));
    }
    k
}

/// Block names in layout order.
pub fn names(k: &Kernel) -> Vec<String> {
    k.laid_out().map(|(_, d)| d.name.clone()).collect()
}

pub fn block(k: &Kernel, name: &str) -> Block {
    let i = k.blocks.iter().position(|d| d.name == name);
    Block::new(i.unwrap_or_else(|| panic!("no block {name}")))
}

/// The scan kernel of the paper's Fig. 1a as the CFG of its Fig. 3, in the lifted style
/// (conditions on the branches rather than `assume`s at the targets). `layout` lists the
/// block names in the order to lay them out (the entry `Start` first).
pub fn fig3(layout: &[&str]) -> Kernel {
    let mut k = Kernel::new("scan");
    k.files.push("scan.cl".into());
    let offset = k.add_var("offset", Ty::Bv(32), VarKind::Private);
    let temp = k.add_var("temp", Ty::Bv(32), VarKind::Private);
    let old = k.add_var("old", Ty::Bv(32), VarKind::Private);
    let ts = k.add_var("TS", Ty::Bv(32), VarKind::Param { index: 1 });
    let tid = k.builtin(Builtin::LocalId(0));
    let sum = k.add_region(RegionData {
        name: "sum".into(),
        space: Space::Local,
        elem_bytes: 4,
        size_bytes: None,
        origin: RegionOrigin::Param { index: 0 },
        dims: Vec::new(),
    });
    k.params = vec![
        ParamData::Pointer {
            name: "sum".into(),
            region: sum,
        },
        ParamData::Scalar {
            name: "TS".into(),
            var: ts,
        },
    ];
    let all = [
        "Start", "W", "I1", "I1'", "B1", "I2", "I2'", "B2", "W_last", "W_end",
    ];
    for n in all {
        k.add_block(n, Terminator::Return);
    }
    let b = |n: &str| Block::new(all.iter().position(|m| *m == n).expect("fig3 block"));
    let v = Expr::var;
    let loc = |line| {
        Some(Loc {
            file: 0,
            line,
            col: 5,
        })
    };
    let index = |e: Expr| {
        Expr::bin(
            BinOp::Mul,
            Expr::cast(CastOp::ZExt, 64, e),
            Expr::int(4, 64),
        )
    };
    let stmt = |s: Stmt, line| StmtData::new(s, loc(line));
    let in_loop = Expr::bin(BinOp::Ult, v(offset), v(ts));
    let guard = Expr::bin(BinOp::Uge, v(tid), v(offset));
    let branch = |c: &Expr, t: &str, e: &str| Terminator::Branch {
        cond: c.clone(),
        then_to: b(t),
        else_to: b(e),
    };
    let barrier = Stmt::Barrier {
        pred: Expr::tt(),
        fence: Fence {
            local: true,
            global: false,
        },
        scope: BarrierScope::Group,
        flags: FenceFlags::default(),
    };
    let mut set = |n: &str, stmts: Vec<StmtData>, term: Terminator, line: u32| {
        let d = k.block_mut(b(n));
        d.stmts = stmts;
        d.term = term;
        d.loc = loc(line);
    };
    let one = Stmt::Assign {
        dst: offset,
        value: Expr::int(1, 32),
    };
    set(
        "Start",
        vec![stmt(one, 2)],
        branch(&in_loop, "W", "W_end"),
        2,
    );
    set("W", vec![], branch(&guard, "I1", "I1'"), 3);
    let read = Stmt::Read {
        pred: Expr::tt(),
        dst: temp,
        region: sum,
        offset: index(Expr::bin(BinOp::Sub, v(tid), v(offset))),
        bytes: 4,
        thread: None,
    };
    set("I1", vec![stmt(read, 4)], Terminator::Goto(b("B1")), 4);
    set("I1'", vec![], Terminator::Goto(b("B1")), 4);
    set(
        "B1",
        vec![stmt(barrier.clone(), 5)],
        branch(&guard, "I2", "I2'"),
        5,
    );
    let read_own = Stmt::Read {
        pred: Expr::tt(),
        dst: old,
        region: sum,
        offset: index(v(tid)),
        bytes: 4,
        thread: None,
    };
    let write = Stmt::Write {
        pred: Expr::tt(),
        region: sum,
        offset: index(v(tid)),
        value: Expr::bin(BinOp::Add, v(old), v(temp)),
        bytes: 4,
        thread: None,
    };
    set(
        "I2",
        vec![stmt(read_own, 6), stmt(write, 6)],
        Terminator::Goto(b("B2")),
        6,
    );
    set("I2'", vec![], Terminator::Goto(b("B2")), 6);
    set(
        "B2",
        vec![stmt(barrier, 7)],
        Terminator::Goto(b("W_last")),
        7,
    );
    let double = Stmt::Assign {
        dst: offset,
        value: Expr::bin(BinOp::Mul, v(offset), Expr::int(2, 32)),
    };
    set(
        "W_last",
        vec![stmt(double, 3)],
        branch(&in_loop, "W", "W_end"),
        3,
    );
    set("W_end", vec![], Terminator::Return, 9);
    k.layout = layout.iter().map(|n| b(n)).collect();
    k
}

/// Fig. 3's blocks in the paper's order.
pub const FIG3: [&str; 10] = [
    "Start", "W", "I1", "I1'", "B1", "I2", "I2'", "B2", "W_last", "W_end",
];
