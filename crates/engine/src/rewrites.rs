//! The small rewrites between stages that command-line options ask for, each a pass:
//! `--kernel-args` (assume parameter values), `--invariants-as-candidates` (user loop
//! invariants become candidates) and `--asymmetric-asserts` (user loop invariants assumed
//! for thread 1 only).

use std::convert::Infallible;

use kir::{AssertOrigin, Expr, Kernel, ParamData, Pass, Phase, Stmt, StmtData, Ty, VarKind};

/// `--kernel-args`: assume the given values of the kernel's non-pointer parameters, in
/// order, on entry.
pub struct KernelArgsPass {
    pub values: Vec<u64>,
}

impl KernelArgsPass {
    pub const NAME: &'static str = "kernel-args";
}

impl Pass for KernelArgsPass {
    type In = Kernel;
    type Out = Kernel;
    type Error = Infallible;

    fn name(&self) -> &'static str {
        Self::NAME
    }
    fn phase_in(&self) -> Phase {
        Phase::Lifted
    }
    fn phase_out(&self) -> Phase {
        Phase::Lifted
    }

    fn run(&self, mut k: Kernel) -> Result<Kernel, Infallible> {
        // One value per non-pointer argument, in order. An argument the lifter split into
        // several variables (a by-value struct's fields, a vector's lanes) takes its value
        // as the argument's bytes, little-endian: each variable is fixed to its own bytes.
        // A variable beyond the value's 64 bits stays arbitrary, which checks more and is
        // sound.
        let mut by_arg: Vec<(u32, Vec<(kir::Var, u64)>)> = Vec::new();
        for p in &k.params {
            let (var, offset) = match p {
                ParamData::Scalar { var, .. } => (*var, 0),
                ParamData::Field { var, offset, .. } => (*var, *offset),
                _ => continue,
            };
            if let VarKind::Param { index } = k.var(var).kind {
                match by_arg.iter_mut().find(|(i, _)| *i == index) {
                    Some((_, vars)) => vars.push((var, offset)),
                    None => by_arg.push((index, vec![(var, offset)])),
                }
            }
        }
        by_arg.sort_by_key(|(i, _)| *i);
        let entry = k.entry();
        for ((_, vars), value) in by_arg.into_iter().zip(&self.values) {
            for (var, offset) in vars {
                let Ty::Bv(w) = k.var(var).ty else {
                    continue;
                };
                let Some(bits) = field_bits(*value, offset, w) else {
                    continue;
                };
                let cond = Expr::eq(Expr::Var(var), Expr::int(bits, w));
                let stmt = StmtData::new(Stmt::Assume { cond }, None);
                k.block_mut(entry).stmts.insert(0, stmt);
            }
        }
        Ok(k)
    }
}

/// The `width` bits of `value` from byte `offset` on (little-endian), if `value` has them.
pub fn field_bits(value: u64, offset: u64, width: u32) -> Option<u64> {
    let lo = offset.checked_mul(8)?;
    if lo + u64::from(width) > 64 {
        return None;
    }
    let shifted = value >> lo;
    Some(if width >= 64 {
        shifted
    } else {
        shifted & ((1u64 << width) - 1)
    })
}

/// `--invariants-as-candidates`: every user loop invariant (function-wide ones included)
/// becomes a candidate, dropped by Houdini when it does not hold instead of reported.
pub struct InvariantsAsCandidates;

impl InvariantsAsCandidates {
    pub const NAME: &'static str = "invariants-as-candidates";
}

impl Pass for InvariantsAsCandidates {
    type In = Kernel;
    type Out = Kernel;
    type Error = Infallible;

    fn name(&self) -> &'static str {
        Self::NAME
    }
    fn phase_in(&self) -> Phase {
        Phase::Predicated
    }
    fn phase_out(&self) -> Phase {
        Phase::Predicated
    }

    fn run(&self, mut k: Kernel) -> Result<Kernel, Infallible> {
        for b in k.layout.clone() {
            for s in &mut k.block_mut(b).stmts {
                if let Stmt::Assert {
                    origin: origin @ AssertOrigin::LoopInvariant { .. },
                    ..
                } = &mut s.stmt
                {
                    let global = matches!(origin, AssertOrigin::LoopInvariant { global: true, .. });
                    *origin = AssertOrigin::CandidateInvariant { global };
                }
            }
        }
        Ok(k)
    }
}

/// `--asymmetric-asserts`: the assumption the two-thread construction put after each user
/// loop invariant (for both threads) becomes the assertion's condition (thread 1's).
pub struct Thread1Invariants;

impl Thread1Invariants {
    pub const NAME: &'static str = "thread-1-invariants";
}

impl Pass for Thread1Invariants {
    type In = lockstep::TwoThread;
    type Out = lockstep::TwoThread;
    type Error = Infallible;

    fn name(&self) -> &'static str {
        Self::NAME
    }
    fn phase_in(&self) -> Phase {
        Phase::TwoThread
    }
    fn phase_out(&self) -> Phase {
        Phase::TwoThread
    }

    fn run(&self, mut tt: lockstep::TwoThread) -> Result<lockstep::TwoThread, Infallible> {
        let k = &mut tt.kernel;
        for b in k.layout.clone() {
            let stmts = &mut k.block_mut(b).stmts;
            for j in 1..stmts.len() {
                let Stmt::Assert {
                    cond,
                    origin: AssertOrigin::LoopInvariant { .. },
                } = &stmts[j - 1].stmt
                else {
                    continue;
                };
                let cond = cond.clone();
                if let Stmt::Assume { cond: assumed } = &mut stmts[j].stmt {
                    *assumed = cond;
                }
            }
        }
        Ok(tt)
    }
}

#[cfg(test)]
mod tests {
    use super::field_bits;

    #[test]
    fn kernel_arg_bytes_split_little_endian() {
        assert_eq!(field_bits(0x0000_0007_0000_0003, 0, 32), Some(3));
        assert_eq!(field_bits(0x0000_0007_0000_0003, 4, 32), Some(7));
        assert_eq!(field_bits(0x1234, 1, 8), Some(0x12));
        assert_eq!(field_bits(u64::MAX, 0, 64), Some(u64::MAX));
        // Bytes beyond the value's 64 bits stay arbitrary.
        assert_eq!(field_bits(1, 4, 64), None);
        assert_eq!(field_bits(1, 8, 8), None);
    }
}
