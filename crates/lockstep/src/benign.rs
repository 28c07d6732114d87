//! Which values the `--benign=gpuverify` policy does not trust: those computed from reads
//! of global or local memory. GPUVerify reads such arrays adversarially (every read an
//! arbitrary value), so two threads that copy the same bytes to the same place race there,
//! while two that store `1` do not. Here a write whose value depends on such a read is
//! compared, for benign tolerance, as an arbitrary value of each thread.
//!
//! The dependence is data dependence over the predicated program, flow-insensitively: a
//! predicated assignment `x := guard ? e : x` depends on `e`, not on its guard (control
//! dependence on memory makes values differ only where they are computed differently,
//! which the precise model already shows).

use kir::{Expr, Kernel, Space, Stmt};

/// Per variable of `k`: its value may come from a read of global or local memory (or of a
/// private array that holds such a value, or an atomic's result).
pub fn from_memory(k: &Kernel) -> Vec<bool> {
    let mut var = vec![false; k.vars.len()];
    let mut region = vec![false; k.regions.len()];
    for (i, r) in k.regions.iter().enumerate() {
        region[i] = matches!(r.space, Space::Global | Space::Local);
    }
    loop {
        let mut changed = false;
        let mut mark = |flags: &mut Vec<bool>, i: usize| {
            if !flags[i] {
                flags[i] = true;
                changed = true;
            }
        };
        for (_, data) in k.laid_out() {
            for s in &data.stmts {
                match &s.stmt {
                    Stmt::Assign { dst, value } => {
                        let data = match value {
                            Expr::Ite(_, e, old) if **old == Expr::Var(*dst) => e,
                            _ => value,
                        };
                        if depends(&var, data) {
                            mark(&mut var, dst.index());
                        }
                    }
                    Stmt::Read { dst, region: r, .. } if region[r.index()] => {
                        mark(&mut var, dst.index());
                    }
                    Stmt::Atomic { dst: Some(d), .. } => mark(&mut var, d.index()),
                    Stmt::Write {
                        region: r, value, ..
                    } if depends(&var, value) => mark(&mut region, r.index()),
                    _ => {}
                }
            }
        }
        if !changed {
            return var;
        }
    }
}

/// Whether `e` mentions a variable `from_memory` marked.
pub fn depends(from_memory: &[bool], e: &Expr) -> bool {
    let mut any = false;
    e.for_each_var(&mut |v| any |= from_memory.get(v.index()) == Some(&true));
    any
}
