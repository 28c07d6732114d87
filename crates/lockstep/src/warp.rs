//! Warps for `--warp-sync=N`: a thread's warp is its linear local id (x fastest, as CUDA
//! numbers threads) divided by N, and the other threads of the pair's warps write memory
//! at the pair's write statements. (The race checks for warps are [`crate::race::Warp`].)

use kir::{BinOp, CastOp, Expr, Kernel, Loc, Region, Stmt, StmtData, Var};

/// The warp number of the thread whose local ids are `ids`, as a 64-bit value (the
/// product of the group sizes may not fit in 32 bits).
pub fn warp_of(ids: [Var; 3], local_size: [u32; 3], warp_size: u32) -> Expr {
    let wide = |v: Var| Expr::cast(CastOp::ZExt, 64, Expr::Var(v));
    let int = |n: u64| Expr::int(n, 64);
    let [sx, sy, _] = local_size.map(u64::from);
    let linear = Expr::bin(
        BinOp::Add,
        wide(ids[0]),
        Expr::bin(
            BinOp::Mul,
            int(sx),
            Expr::bin(
                BinOp::Add,
                wide(ids[1]),
                Expr::bin(BinOp::Mul, int(sy), wide(ids[2])),
            ),
        ),
    );
    Expr::bin(BinOp::UDiv, linear, int(u64::from(warp_size.max(1))))
}

/// With `--warp-sync` (`warp_size`), the other threads of a warp run this write statement
/// with the two threads and may change any location of the region without a race (a read
/// and a write inside one warp are ordered). Their writes happen only at the region's
/// write statements, so the region is made arbitrary here, before the two threads' own
/// writes, and a location keeps its value between two of these statements.
pub fn other_lanes_write(
    k: &Kernel,
    warp_size: Option<u32>,
    region: Region,
    loc: Option<Loc>,
    out: &mut Vec<StmtData>,
) {
    if warp_size.is_none() || !crate::instrument::can_race(k.region(region).space) {
        return;
    }
    out.push(StmtData::new(
        Stmt::HavocMemory {
            pred: Expr::tt(),
            region,
        },
        loc,
    ));
}
