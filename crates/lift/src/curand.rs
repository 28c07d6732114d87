//! cuRAND device functions, as abstract accesses to the generator state (the states
//! are opaque structs of `cuda.h`):
//!
//! - `curand_init(seed, subsequence, offset, state)` writes the state (an arbitrary
//!   value: two threads initialising one state race, as GPUVerify reports);
//! - `curand`, `curand_uniform`, `curand_normal`, ... on an XORWOW state read it and
//!   write it back (one thread per state), and return an arbitrary value;
//! - the same on an MTGP32 state, which serves up to 256 threads of a block at once:
//!   only every 256th thread of a block (by linear local id) writes the state, so the
//!   threads of one block of at most 256 do not race, while two blocks sharing a state,
//!   or threads 256 apart in one block, do.
//!
//! Each access is to the state's first word, at the call.

use kir::{BinOp, Builtin, Expr, Stmt, Ty};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::Value;

/// Threads one MTGP32 state serves at once.
const MTGP32_THREADS: u64 = 256;

/// The generator functions that draw from a state given as their first argument.
const GENERATORS: &[&str] = &[
    "curand",
    "curand_uniform",
    "curand_normal",
    "curand_log_normal",
    "curand_uniform_double",
    "curand_normal_double",
    "curand_poisson",
    "curand_normal2",
    "curand_uniform4",
    "curand_normal4",
];

/// Whether a demangled name is a cuRAND device function modelled here.
pub fn is_curand(name: &str) -> bool {
    name == "curand_init" || GENERATORS.contains(&name)
}

impl Lifter {
    pub fn curand(
        &mut self,
        inst: Value,
        symbol: &str,
        name: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let (state, init) = match name {
            "curand_init" => (args.get(3), true),
            _ => (args.first(), false),
        };
        let Some(&state) = state else {
            return Err(self.invalid(format!("`{name}` without its state")));
        };
        if let Some(p) = self.access_ptr(state)? {
            self.note_access(p.region, 4);
            let guard = if symbol.contains("Mtgp32") {
                let id = self.linear_local_id();
                Expr::eq(
                    Expr::bin(BinOp::URem, id, Expr::int(MTGP32_THREADS, 32)),
                    Expr::int(0, 32),
                )
            } else {
                Expr::tt()
            };
            if !init && guard == Expr::tt() {
                let n = self.k.vars.len();
                let old = self.fresh(format!("rng{n}"), Ty::Bv(32));
                self.read_into(old, p.region, p.offset.clone(), 4);
            }
            let next = self.havoc(Ty::Bv(32));
            self.write_value_if(guard, p.region, p.offset, next, 4);
        }
        if init {
            return Ok(());
        }
        if let Some(lanes) = self.lanes.get(&inst).cloned() {
            for dst in lanes {
                self.emit(Stmt::Havoc { dst });
            }
            return Ok(());
        }
        let dst = self.var_of(inst)?;
        self.emit(Stmt::Havoc { dst });
        Ok(())
    }

    /// `x + y * size.x + z * size.x * size.y`, 32 bits.
    pub(crate) fn linear_local_id(&mut self) -> Expr {
        let mut b = |x| Expr::Var(self.k.builtin(x));
        let (x, y, z) = (
            b(Builtin::LocalId(0)),
            b(Builtin::LocalId(1)),
            b(Builtin::LocalId(2)),
        );
        let (sx, sy) = (b(Builtin::LocalSize(0)), b(Builtin::LocalSize(1)));
        let row = Expr::bin(BinOp::Mul, y, sx.clone());
        let plane = Expr::bin(BinOp::Mul, z, Expr::bin(BinOp::Mul, sx, sy));
        Expr::bin(BinOp::Add, x, Expr::bin(BinOp::Add, row, plane))
    }
}
