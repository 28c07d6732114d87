//! Which written values the `--benign=gpuverify` policy does not trust to be equal between
//! threads. GPUVerify reads an array adversarially (every read an arbitrary value) when its
//! values influence neither control flow nor any address, and with its equality
//! abstraction otherwise (two reads of one location give one value). So two threads that
//! copy the same bytes of such an array to the same place race there, while two that store
//! `1`, or copy from an array that also decides a branch, do not. Here a write whose value
//! depends on a read of such an array is compared, for benign tolerance, as an arbitrary
//! value of each thread. The values an `async_work_group_copy` moves are trusted: the
//! copy is the group's one copy, which the model duplicates.
//!
//! Dependence is data dependence over the predicated program, flow-insensitively: a
//! predicated assignment `x := guard ? e : x` depends on `e`, not on its guard (control
//! dependence makes values differ only where they are computed differently, which the
//! precise model already shows). An array influences control flow or addresses when a
//! value read from it reaches a condition (of a branch, a select, a predicate, an
//! assumption or an assertion) or an offset that a check compares: not the offset of a read
//! of an array the kernel never writes (no race check looks at it).
//!
//! [`adversarial`] goes one step further, as GPUVerify does: the arrays whose values steer
//! nothing even through other shared arrays (a tile copied from them that decides an
//! address does) are read adversarially in the verification condition itself. No check
//! depends on what they hold: races and divergence depend on offsets and conditions, which
//! such values do not reach, and benign tolerance on written values, which it already
//! takes as arbitrary when they come from such an array. So the VC loses nothing but the
//! terms that computed those values.

use std::collections::BTreeSet;

use kir::{Expr, Kernel, Space, Stmt};

/// What GPUVerify would read adversarially in `k`.
#[derive(Clone, Debug, Default)]
pub struct Untrusted {
    /// Per variable: its value may come from a read of such an array (directly, through
    /// private arrays, or through other variables).
    pub vars: Vec<bool>,
    /// Per region: a global or local array whose values steer nothing, so that what it
    /// holds before a write is arbitrary (a write "that leaves memory as it was" cannot be
    /// told from one that does not).
    pub regions: Vec<bool>,
}

/// The variables and arrays of `k` GPUVerify would read adversarially.
pub fn from_memory(k: &Kernel) -> Untrusted {
    let origins = origins(k, false);
    let steering = steering(k, &origins);
    let regions: Vec<bool> = (0..k.regions.len())
        .map(|r| {
            matches!(k.regions[r].space, Space::Global | Space::Local) && !steering.contains(&r)
        })
        .collect();
    let vars = origins
        .iter()
        .map(|o| o.iter().any(|&r| regions[r]))
        .collect();
    Untrusted { vars, regions }
}

/// Whether `e` mentions a variable `from_memory` marked.
pub fn depends(from_memory: &[bool], e: &Expr) -> bool {
    let mut any = false;
    e.for_each_var(&mut |v| any |= from_memory.get(v.index()) == Some(&true));
    any
}

/// The global and local arrays of `k` whose reads the verification condition may take as
/// arbitrary values: `untrusted` ones (of [`from_memory`]) whose values steer nothing also
/// through other shared arrays, and that no group-collective copy reads (its bytes are
/// compared: the copy is the group's one copy).
pub fn adversarial(k: &Kernel, untrusted: &Untrusted) -> Vec<kir::Region> {
    // Without untrusted arrays (another `--benign` rule) the analysis below finds none.
    if !untrusted.regions.contains(&true) {
        return Vec::new();
    }
    let steering = steering(k, &origins(k, true));
    let mut kept = BTreeSet::new();
    for (_, data) in k.laid_out() {
        for s in &data.stmts {
            if let Stmt::Read { dst, region, .. } = &s.stmt {
                if k.var(*dst).name.starts_with(kir::COLLECTIVE_COPY_VALUE) {
                    kept.insert(region.index());
                }
            }
            for e in s.stmt.exprs() {
                contents_named(e, &mut kept);
            }
        }
    }
    (0..k.regions.len())
        .filter(|&r| untrusted.regions.get(r) == Some(&true))
        .filter(|r| !steering.contains(r) && !kept.contains(r))
        .map(kir::Region::new)
        .collect()
}

/// Adds to `out` the regions whose contents a ghost in `e` speaks of: a barrier
/// invariant's or a loop invariant's loads, a snapshot, an atomic's taken values.
fn contents_named(e: &Expr, out: &mut BTreeSet<usize>) {
    e.visit(&mut |sub| match kir::Ghost::of(sub) {
        Some(kir::Ghost::Load { region, .. } | kir::Ghost::LoadOf { region, .. }) => {
            out.insert(region.index());
        }
        Some(kir::Ghost::TakenValue { region, .. }) => {
            out.insert(region.index());
        }
        Some(kir::Ghost::Snapshot { dst, src, .. }) => {
            out.extend([dst.index(), src.index()]);
        }
        _ => {}
    });
}

/// Per variable, the arrays its value may have been read from (by data dependence), through
/// private arrays, and with `through_shared` through every array.
fn origins(k: &Kernel, through_shared: bool) -> Vec<BTreeSet<usize>> {
    let mut var: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); k.vars.len()];
    // Per private array, the arrays the values written to it come from.
    let mut region: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); k.regions.len()];
    let of = |var: &[BTreeSet<usize>], e: &Expr| {
        let mut set = BTreeSet::new();
        e.for_each_var(&mut |v| {
            if let Some(o) = var.get(v.index()) {
                set.extend(o.iter().copied());
            }
        });
        set
    };
    let add = |set: &mut BTreeSet<usize>, more: BTreeSet<usize>, changed: &mut bool| {
        for r in more {
            *changed |= set.insert(r);
        }
    };
    loop {
        let mut changed = false;
        for (_, data) in k.laid_out() {
            for s in &data.stmts {
                match &s.stmt {
                    Stmt::Assign { dst, value } => {
                        let data = match value {
                            Expr::Ite(_, e, old) if **old == Expr::Var(*dst) => e,
                            _ => value,
                        };
                        let more = of(&var, data);
                        add(&mut var[dst.index()], more, &mut changed);
                    }
                    // The values a group-collective copy moves (see `kir::COLLECTIVE_COPY_VALUE`).
                    Stmt::Read { dst, .. }
                        if k.var(*dst).name.starts_with(kir::COLLECTIVE_COPY_VALUE) => {}
                    Stmt::Read { dst, region: r, .. } => {
                        let mut more = region[r.index()].clone();
                        more.insert(r.index());
                        add(&mut var[dst.index()], more, &mut changed);
                    }
                    Stmt::Atomic {
                        dst: Some(d),
                        region: r,
                        ..
                    } => {
                        let mut more = region[r.index()].clone();
                        more.insert(r.index());
                        add(&mut var[d.index()], more, &mut changed);
                    }
                    Stmt::Write {
                        region: r, value, ..
                    } if through_shared || k.regions[r.index()].space == Space::Private => {
                        let more = of(&var, value);
                        add(&mut region[r.index()], more, &mut changed);
                    }
                    _ => {}
                }
            }
        }
        if !changed {
            return var;
        }
    }
}

/// The arrays whose values reach a condition or an offset that matters (not a read's of
/// an array the kernel never writes).
fn steering(k: &Kernel, origins: &[BTreeSet<usize>]) -> BTreeSet<usize> {
    let written = crate::build::written_regions(k, false);
    let mut steering = BTreeSet::new();
    let mut note = |e: &Expr| {
        e.for_each_var(&mut |v| {
            if let Some(o) = origins.get(v.index()) {
                steering.extend(o.iter().copied());
            }
        })
    };
    for (_, data) in k.laid_out() {
        for s in &data.stmts {
            let mut exprs: Vec<&Expr> = Vec::new();
            match &s.stmt {
                Stmt::Assign { value, .. } => conditions(value, &mut exprs),
                Stmt::Assume { cond } | Stmt::Assert { cond, .. } => exprs.push(cond),
                Stmt::Read {
                    pred,
                    offset,
                    region,
                    ..
                } => {
                    exprs.push(pred);
                    if written[region.index()] {
                        exprs.push(offset);
                    }
                }
                Stmt::Atomic { pred, offset, .. } => exprs.extend([pred, offset]),
                Stmt::Write {
                    pred,
                    offset,
                    value,
                    ..
                } => {
                    exprs.extend([pred, offset]);
                    conditions(value, &mut exprs);
                }
                _ => {}
            }
            exprs.into_iter().for_each(&mut note);
        }
        match &data.term {
            kir::Terminator::Branch { cond, .. } => note(cond),
            kir::Terminator::Switch { value, .. } => note(value),
            _ => {}
        }
    }
    steering
}

/// The conditions of the selects in `e`.
fn conditions<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Ite(c, a, b) => {
            out.push(c);
            conditions(a, out);
            conditions(b, out);
        }
        Expr::Unary(_, a) | Expr::Cast(_, _, a) => conditions(a, out),
        Expr::Binary(_, a, b) => {
            conditions(a, out);
            conditions(b, out);
        }
        Expr::Apply { args, .. } => args.iter().for_each(|a| conditions(a, out)),
        Expr::Var(_) | Expr::Bool(_) | Expr::Int { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `x` is copied from `A`, which steers nothing; `y` from `F`, which decides a branch;
    /// `z` is a constant; `w` goes through the private array `P`.
    const KERNEL: &str = "\
kernel k ; phase Predicated
  region r0:A Global elem 4 Param { index: 0 }
  region r1:F Global elem 4 Param { index: 1 }
  region r2:B Global elem 4 Param { index: 2 }
  region r3:P Private elem 4 size 16 Global
b0:entry
    v_active := 0bv32
    (v_active == 0bv32) => x := read32 r0:A[0bv64]
    (v_active == 0bv32) => y := read32 r1:F[0bv64]
    t := (v_active == 0bv32) ? (y == 0bv32) : t
    z := (v_active == 0bv32) ? 1bv32 : z
    (v_active == 0bv32) => write32 r3:P[0bv64] := x
    (v_active == 0bv32) => w := read32 r3:P[0bv64]
    v_next := t ? 1bv32 : 2bv32
    v_active := (v_active == 0bv32) ? v_next : v_active
    goto b1:exit
b1:exit
    return
";

    #[test]
    fn values_from_arrays_that_steer_nothing_are_not_trusted() {
        let k = kir::parse::kernel(KERNEL).expect("test kernel parses");
        let untrusted = from_memory(&k);
        let marked = &untrusted.vars;
        let is = |name: &str| {
            let (v, _) = k
                .vars
                .iter()
                .enumerate()
                .find(|(_, d)| d.name == name)
                .expect("variable");
            marked[v]
        };
        assert!(is("x"), "copied from A, which steers nothing");
        assert!(!is("y"), "F decides a branch: equality abstraction");
        assert!(!is("z"), "a constant");
        assert!(is("w"), "through the private array P");
        assert!(!is("v_active"), "control, not data");
    }

    /// `A` is copied into the tile `T`, whose values decide an offset; `B` gives the
    /// offset of a read of `R`, which nothing writes; `R`'s values are written to `O`;
    /// `G` is read only by a barrier invariant.
    const SHARED: &str = "\
kernel k ; phase Predicated
  region r0:A Global elem 4 Param { index: 0 }
  region r1:T Local elem 4 size 64 Global
  region r2:B Global elem 4 Param { index: 1 }
  region r3:R Global elem 4 Param { index: 2 }
  region r4:O Global elem 4 Param { index: 3 }
  region r5:G Global elem 4 Param { index: 4 }
b0:entry
    v_active := 0bv32
    (v_active == 0bv32) => x := read32 r0:A[0bv64]
    (v_active == 0bv32) => write32 r1:T[0bv64] := x
    (v_active == 0bv32) => y := read32 r1:T[4bv64]
    o := zext64(y)
    (v_active == 0bv32) => write32 r4:O[o] := 1bv32
    (v_active == 0bv32) => z := read32 r2:B[0bv64]
    w := zext64(z)
    (v_active == 0bv32) => u := read32 r3:R[w]
    (v_active == 0bv32) => write32 r4:O[0bv64] := u
    (v_active == 0bv32) => write32 r5:G[0bv64] := 0bv32
    assert $load(5bv32, 0bv64, 4bv32) == 0bv32  {barrier-invariant}
    goto b1:exit
b1:exit
    return
";

    #[test]
    fn arrays_whose_values_steer_nothing_checked_are_read_adversarially() {
        let k = kir::parse::kernel(SHARED).expect("test kernel parses");
        let untrusted = from_memory(&k);
        let names: Vec<&str> = (adversarial(&k, &untrusted).iter())
            .map(|r| k.region(*r).name.as_str())
            .collect();
        // Not A: its values reach an offset through T. Not T: they decide an offset. Not
        // G: a barrier invariant reads it. B only addresses R, which nothing writes.
        assert_eq!(names, ["B", "R", "O"]);
        // GPUVerify's rule for benign writes follows values through private arrays only:
        // A is untrusted there, T is not.
        assert_eq!(untrusted.regions, [true, false, true, true, true, true]);
    }
}
