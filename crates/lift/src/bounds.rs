//! `--check-array-bounds`: every access to a statically sized array (a module global:
//! `__local`/`__shared__`/`__constant`/`__device__` arrays; a private array) asserts
//! that it lies inside the array, as GPUVerify does. Pointer parameters have no known
//! size and are not checked.

use kir::{AssertOrigin, BinOp, Expr, Region, RegionOrigin, Stmt, OFFSET_WIDTH};

use crate::lifter::Lifter;

impl Lifter {
    /// When bounds are checked: asserts that `region[offset .. offset+bytes]` is inside
    /// the region, when `guard` holds.
    pub fn check_bounds(&mut self, guard: &Expr, region: Region, offset: &Expr, bytes: u32) {
        if !self.options.check_array_bounds {
            return;
        }
        let r = self.k.region(region);
        if !matches!(r.origin, RegionOrigin::Global | RegionOrigin::Alloca) {
            return;
        }
        let Some(size) = r.size_bytes else {
            return;
        };
        // offset + bytes <= size, without wrapping: offset <= size - bytes.
        let inside = match size.checked_sub(bytes as u64) {
            Some(last) => Expr::bin(BinOp::Ule, offset.clone(), Expr::int(last, OFFSET_WIDTH)),
            None => Expr::ff(),
        };
        let cond = match guard {
            Expr::Bool(true) => inside,
            g => Expr::implies(g.clone(), inside),
        };
        self.emit(Stmt::Assert {
            cond,
            origin: AssertOrigin::ArrayBounds { region },
        });
    }
}
