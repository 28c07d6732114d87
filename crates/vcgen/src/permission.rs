//! Candidates about barrier-invariant read permission: at a loop head, a location the
//! thread accessed since the last barrier is still accessed (the `not_accessed` offset of
//! its region, made arbitrary at each barrier, is not one of its bytes). A barrier in the
//! loop body then needs the loop to grant the permission again each iteration, which is
//! what Houdini checks. The locations are the kernel's accesses whose offsets the loop
//! does not change (`A[lid]`); thread 2's count only within one group, as at a barrier.

use std::collections::BTreeSet;

use kir::{Expr, Region, Thread, Var};

use crate::candidates::{access, Access, Gen};
use crate::Family;

impl Gen<'_> {
    pub(crate) fn permission(&mut self, modified: &BTreeSet<Var>) {
        let k = self.k;
        let mut accesses: Vec<(Region, Thread, Expr, u32)> = Vec::new();
        for (_, data) in k.laid_out() {
            for s in &data.stmts {
                let Some(Access {
                    region,
                    thread,
                    offset,
                    bytes,
                    ..
                }) = access(&s.stmt)
                else {
                    continue;
                };
                let mut invariant = true;
                offset.for_each_var(&mut |v| invariant &= !modified.contains(&v));
                let access = (region, thread, offset.clone(), bytes);
                if invariant && !accesses.contains(&access) {
                    accesses.push(access);
                }
            }
        }
        for (region, thread, offset, bytes) in accesses {
            let name = format!("{}.not_accessed", k.region(region).name);
            let Some(na) = self.instrumentation_var(&name) else {
                continue;
            };
            if !modified.contains(&na) {
                continue;
            }
            let accessed = lockstep::outside(Expr::Var(na), offset, bytes);
            let number = if thread == Thread::T1 { 1 } else { 2 };
            let label = format!("thread {number} accessed {name} since the barrier");
            let accessed = match thread {
                Thread::T1 => accessed,
                Thread::T2 => Expr::implies(Expr::Var(self.tt.same_group), accessed),
            };
            self.add(Family::Permission, label.clone(), accessed.clone());
            if let Some(h) = self.at_head(thread) {
                self.add(
                    Family::Permission,
                    format!("in the loop ==> {label}"),
                    Expr::implies(h, accessed),
                );
            }
        }
    }
}
