//! Warps for `--warp-sync=N`: a thread's warp is its linear local id (x fastest, as CUDA
//! numbers threads) divided by N.

use kir::{BinOp, CastOp, Expr, Var};

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
