//! Loop invariants that hold by construction: a race log's offset is its access's offset
//! at the values the log recorded (`iterations.rs`).
//!
//! Where every statement that sets thread 1's log `L` of a region is a logging site that
//! sets `L.has`, `L.offset := o` and each field `L.offset.at.x := x` under one guard, with
//! `o` (its temporaries expanded) the same function `F` of the recorded variables at every
//! site, and every other variable of `F` keeps its value from before the first site on,
//! `L.has ==> L.offset == F(fields)` holds in every state of every execution: the kernel's
//! entry clears `L.has`, a site makes both sides equal at once, a barrier only clears
//! `L.has`, and nothing else changes either side. It is then true at each loop head, and a
//! cut may assume it without checking it (`cut.rs`), as a proved invariant.
//!
//! Houdini could prove it too, but not cheaply: after the predicated program's joins the
//! offset and the fields are merged under different path conditions, and Z3 4.8.12 takes
//! 1-2 s to see through the multiplications of a PPCG row-major offset (`(c0 + c2 + 1) *
//! 2000 + c1 + t1 + 1`) in each loop of a tile nest, beyond Houdini's quick cap.
//!
//! Anything else that touches the log (an unguarded assignment but a reset, a site that
//! records other fields or logs another function, a variable of `F` assigned after a site
//! or in a loop around one) and the log gets no such invariant.

use std::collections::BTreeMap;

use kir::{Expr, Kernel, Stmt, Var, VarKind};

use crate::candidates::instrumentation_var;
use crate::loops::LoopSpan;
use crate::strides::substitute;

/// `has ==> offset == at` holds in every state of the two-thread program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    pub has: Var,
    pub offset: Var,
    pub at: Expr,
}

impl Record {
    pub(crate) fn invariant(&self) -> Expr {
        Expr::implies(
            Expr::Var(self.has),
            Expr::eq(Expr::Var(self.offset), self.at.clone()),
        )
    }
}

impl crate::candidates::Gen<'_> {
    /// The loop's invariants by construction (assumed, not checked: `cut.rs`).
    pub(crate) fn by_construction(&mut self) {
        for r in self.records {
            let log = &self.k.var(r.offset).name;
            let name =
                format!("{log} at the access's offset at the recorded values, by construction");
            self.add(crate::Family::Records, name, r.invariant());
        }
    }
}

/// Where a statement is: a block's layout position and the statement's index in it.
type At = (usize, usize);

/// The records of the logs of `k` whose offsets their fields fix. `loops`: the program's
/// loops.
pub(crate) fn records(k: &Kernel, loops: &[&LoopSpan]) -> Vec<Record> {
    let mut out = Vec::new();
    for (offset, fields) in logs_with_fields(k) {
        let Some(name) = k.var(offset).name.strip_suffix(".offset") else {
            continue;
        };
        let Some(has) = instrumentation_var(k, &format!("{name}.has")) else {
            continue;
        };
        let log = Log {
            has,
            offset,
            fields: &fields,
        };
        if let Some(at) = log.fixed(k, loops) {
            out.push(Record { has, offset, at });
        }
    }
    out
}

/// Each log offset variable with fields, and the fields.
fn logs_with_fields(k: &Kernel) -> BTreeMap<Var, Vec<Var>> {
    let mut out: BTreeMap<Var, Vec<Var>> = BTreeMap::new();
    for i in 0..k.vars.len() {
        let v = Var::new(i);
        let data = k.var(v);
        if data.kind != VarKind::Instrumentation {
            continue;
        }
        if let Some((log, _)) = data.name.split_once(".offset.at.") {
            if let Some(o) = instrumentation_var(k, &format!("{log}.offset")) {
                out.entry(o).or_default().push(v);
            }
        }
    }
    out
}

struct Log<'a> {
    has: Var,
    offset: Var,
    fields: &'a [Var],
}

impl Log<'_> {
    fn touches(&self, v: Var) -> bool {
        v == self.has || v == self.offset || self.fields.contains(&v)
    }

    /// `F` over the fields, if the log's statements fix the offset by it.
    fn fixed(&self, k: &Kernel, loops: &[&LoopSpan]) -> Option<Expr> {
        let mut sites: Vec<At> = Vec::new();
        // The statements only a site may make, and the statements of the sites.
        let (mut needs, mut members): (Vec<At>, Vec<At>) = (Vec::new(), Vec::new());
        let mut at: Option<Expr> = None;
        let mut cleared = None;
        for (pos, &b) in k.layout.iter().enumerate() {
            let stmts = &k.block(b).stmts;
            // Whether `has` is false here, from an unguarded clearing earlier in the block.
            let mut clear = false;
            for (i, s) in stmts.iter().enumerate() {
                let Some(d) = s.stmt.def().filter(|&d| self.touches(d)) else {
                    continue;
                };
                let Stmt::Assign { value, .. } = &s.stmt else {
                    return None;
                };
                // The entry clears `has` before anything else touches the log.
                let first = cleared.is_none();
                if d == self.has && *value == Expr::Bool(false) {
                    cleared.get_or_insert(pos == 0);
                    clear = true;
                    continue;
                }
                cleared.get_or_insert(false);
                if first {
                    return None;
                }
                if d == self.has && is_cleared(value, d) {
                    continue;
                }
                if d == self.has {
                    clear = false;
                } else if clear {
                    continue;
                }
                needs.push((pos, i));
                if d == self.offset {
                    let (f, site) = self.site(stmts, i)?;
                    if at.as_ref().is_some_and(|a| *a != f) {
                        return None;
                    }
                    at = Some(f);
                    sites.push((pos, i));
                    members.extend(site.into_iter().map(|j| (pos, j)));
                }
            }
        }
        let at = at?;
        let made = needs.iter().all(|n| members.contains(n));
        (cleared == Some(true) && made && self.stable(k, loops, &at, &sites)).then_some(at)
    }

    /// The offset `F` the logging site whose offset assignment is `stmts[i]` fixes: every
    /// field and `has` set under the same guard in the same block, with nothing between
    /// that changes what they are set to.
    fn site(&self, stmts: &[kir::StmtData], i: usize) -> Option<(Expr, Vec<usize>)> {
        let Stmt::Assign {
            value: Expr::Ite(g, o, keep),
            ..
        } = &stmts[i].stmt
        else {
            return None;
        };
        if **keep != Expr::Var(self.offset) {
            return None;
        }
        // The positions of the site's statements: the fields', `has`'s and the offset's.
        let mut members = Vec::new();
        let mut recorded = Vec::new();
        for &f in self.fields {
            let j = stmts.iter().position(|s| s.stmt.def() == Some(f))?;
            let Stmt::Assign {
                value: Expr::Ite(gf, x, keep),
                ..
            } = &stmts[j].stmt
            else {
                return None;
            };
            let Expr::Var(x) = **x else { return None };
            if gf != g || **keep != Expr::Var(f) {
                return None;
            }
            members.push(j);
            recorded.push((x, f));
        }
        let set_has = Expr::ite((**g).clone(), Expr::Bool(true), Expr::Var(self.has));
        let sets_has = |s: &kir::StmtData| matches!(&s.stmt, Stmt::Assign { dst, value } if *dst == self.has && *value == set_has);
        members.push(stmts.iter().position(sets_has)?);
        members.push(i);
        let lo = *members.iter().min()?;
        let hi = *members.iter().max()?;
        // Nothing between the site's statements changes its guard, its offset or the
        // recorded variables, or sets the log otherwise.
        let mut read = Vec::new();
        g.for_each_var(&mut |v| read.push(v));
        o.for_each_var(&mut |v| read.push(v));
        read.extend(recorded.iter().map(|r| r.0));
        for (j, s) in stmts.iter().enumerate().take(hi + 1).skip(lo) {
            let Some(d) = s.stmt.def() else { continue };
            if read.contains(&d) || (!members.contains(&j) && self.touches(d)) {
                return None;
            }
        }
        // Over values the block does not change before the site (so they are the ones the
        // site sees).
        let f = expand(stmts, i, o, 8)?;
        let mut unchanged = true;
        f.for_each_var(&mut |v| unchanged &= !stmts[..i].iter().any(|s| s.stmt.def() == Some(v)));
        if !unchanged {
            return None;
        }
        let f =
            (recorded.into_iter()).fold(f, |f, (x, field)| substitute(&f, x, &Expr::Var(field)));
        Some((f, members))
    }

    /// Whether every variable of `at` but the fields keeps its value once a site has run:
    /// all its assignments come before the first site, in no loop around a site.
    fn stable(&self, k: &Kernel, loops: &[&LoopSpan], at: &Expr, sites: &[At]) -> bool {
        let Some(&first) = sites.iter().min() else {
            return false;
        };
        let mut vars = Vec::new();
        at.for_each_var(&mut |v| vars.push(v));
        let around = |pos: usize| {
            loops.iter().any(|l| {
                (l.first..=l.last).contains(&pos)
                    && sites.iter().any(|s| (l.first..=l.last).contains(&s.0))
            })
        };
        for (pos, &b) in k.layout.iter().enumerate() {
            for (i, s) in k.block(b).stmts.iter().enumerate() {
                let Some(d) = s.stmt.def() else { continue };
                if self.fields.contains(&d) || !vars.contains(&d) {
                    continue;
                }
                if self.touches(d) || (pos, i) >= first || around(pos) {
                    return false;
                }
            }
        }
        true
    }
}

/// `value` is `c ? false : has` (a barrier's clearing), or `has` itself.
fn is_cleared(value: &Expr, has: Var) -> bool {
    match value {
        Expr::Ite(_, x, keep) => **x == Expr::Bool(false) && **keep == Expr::Var(has),
        e => *e == Expr::Var(has),
    }
}

/// `e` at statement `i` of a block, with each variable the block assigns before `i`
/// replaced by its value there, `depth` levels deep; `None` if a variable of that value
/// is assigned again before `i`.
fn expand(stmts: &[kir::StmtData], i: usize, e: &Expr, depth: u32) -> Option<Expr> {
    if depth == 0 {
        return Some(e.clone());
    }
    let mut vars = Vec::new();
    e.for_each_var(&mut |v| vars.push(v));
    let mut out = e.clone();
    for v in vars {
        let Some(j) = stmts[..i].iter().rposition(|s| s.stmt.def() == Some(v)) else {
            continue;
        };
        let Stmt::Assign { value, .. } = &stmts[j].stmt else {
            continue;
        };
        let mut uses = Vec::new();
        value.for_each_var(&mut |u| uses.push(u));
        let again = stmts[j + 1..i]
            .iter()
            .any(|s| s.stmt.def().is_some_and(|d| uses.contains(&d)));
        if again {
            return None;
        }
        out = substitute(&out, v, &expand(stmts, j, value, depth - 1)?);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kir::{BinOp, StmtData, Terminator, Ty};

    fn assign(dst: Var, value: Expr) -> StmtData {
        StmtData::new(Stmt::Assign { dst, value }, None)
    }

    /// The variables of [`kernel`]: the log's `has`, `offset` and field, the counter `c`,
    /// `u` (set on entry) and the guard `g`.
    struct Vars {
        has: Var,
        offset: Var,
        field: Var,
        c: Var,
        u: Var,
        g: Var,
    }

    fn guarded(g: Var, x: Expr, keep: Var) -> Expr {
        Expr::ite(Expr::Var(g), x, Expr::Var(keep))
    }

    /// Entry: `has := false; offset := 0; u := 5`. Loop (one block): `t := c * 2000 + u`,
    /// a site logging `t * 4` and recording `c` under `g`, `c := c + 1`.
    fn kernel() -> (Kernel, LoopSpan, Vars) {
        let mut k = Kernel::new("k");
        let inst = || VarKind::Instrumentation;
        let has = k.add_var("B.write.has", Ty::Bool, inst());
        let offset = k.add_var("B.write.offset", Ty::Bv(64), inst());
        let field = k.add_var("B.write.offset.at.c$1", Ty::Bv(32), inst());
        let c = k.add_var("c$1", Ty::Bv(32), VarKind::Private);
        let u = k.add_var("u$1", Ty::Bv(32), VarKind::Private);
        let t = k.add_var("t$1", Ty::Bv(32), VarKind::Private);
        let g = k.add_var("g", Ty::Bool, VarKind::Private);
        let v = Vars {
            has,
            offset,
            field,
            c,
            u,
            g,
        };
        let entry = k.add_block("entry", Terminator::Return);
        let body = k.add_block("body", Terminator::Return);
        k.block_mut(entry).stmts = vec![
            assign(has, Expr::Bool(false)),
            assign(offset, Expr::int(0, 64)),
            assign(u, Expr::int(5, 32)),
        ];
        let row = Expr::bin(BinOp::Mul, Expr::Var(c), Expr::int(2000, 32));
        let bytes = Expr::bin(BinOp::Mul, Expr::Var(t), Expr::int(4, 32));
        k.block_mut(body).stmts = vec![
            assign(t, Expr::bin(BinOp::Add, row, Expr::Var(u))),
            assign(has, guarded(g, Expr::Bool(true), has)),
            assign(offset, guarded(g, bytes, offset)),
            assign(field, guarded(g, Expr::Var(c), field)),
            assign(c, Expr::bin(BinOp::Add, Expr::Var(c), Expr::int(1, 32))),
        ];
        k.layout = vec![entry, body];
        let span = LoopSpan {
            head: body,
            first: 1,
            last: 1,
            back: Vec::new(),
        };
        (k, span, v)
    }

    fn fixed(k: &Kernel, span: &LoopSpan) -> Option<Expr> {
        let out = records(k, &[span]);
        assert!(out.len() <= 1);
        out.into_iter().next().map(|r| r.at)
    }

    #[test]
    fn a_site_that_records_every_variable_fixes_the_offset() {
        let (k, span, v) = kernel();
        let row = Expr::bin(BinOp::Mul, Expr::Var(v.field), Expr::int(2000, 32));
        let at = Expr::bin(BinOp::Add, row, Expr::Var(v.u));
        let want = Expr::bin(BinOp::Mul, at, Expr::int(4, 32));
        assert_eq!(fixed(&k, &span), Some(want));
        let r = &records(&k, &[&span])[0];
        assert_eq!((r.has, r.offset), (v.has, v.offset));
    }

    #[test]
    fn a_variable_of_the_offset_assigned_after_a_site_fixes_nothing() {
        let (mut k, span, v) = kernel();
        let body = k.layout[1];
        let step = Expr::bin(BinOp::Add, Expr::Var(v.u), Expr::int(1, 32));
        k.block_mut(body).stmts.push(assign(v.u, step));
        assert_eq!(fixed(&k, &span), None);
    }

    #[test]
    fn a_variable_of_the_offset_assigned_before_the_site_in_its_block_fixes_nothing() {
        let (mut k, span, v) = kernel();
        let body = k.layout[1];
        // `t := c * 2000 + u; u := 7; log t * 4`: the log holds the old `u`.
        k.block_mut(body)
            .stmts
            .insert(1, assign(v.u, Expr::int(7, 32)));
        assert_eq!(fixed(&k, &span), None);
    }

    #[test]
    fn a_field_set_outside_a_site_fixes_nothing() {
        let (mut k, span, v) = kernel();
        let body = k.layout[1];
        k.block_mut(body)
            .stmts
            .push(assign(v.field, Expr::Var(v.c)));
        assert_eq!(fixed(&k, &span), None);
    }

    #[test]
    fn a_field_recorded_under_another_guard_fixes_nothing() {
        let (mut k, span, v) = kernel();
        let body = k.layout[1];
        let other = k.add_var("g2", Ty::Bool, VarKind::Private);
        k.block_mut(body).stmts[3] = assign(v.field, guarded(other, Expr::Var(v.c), v.field));
        assert_eq!(fixed(&k, &span), None);
    }

    #[test]
    fn a_log_the_entry_does_not_clear_fixes_nothing() {
        let (mut k, span, _) = kernel();
        let entry = k.layout[0];
        k.block_mut(entry).stmts.remove(0);
        assert_eq!(fixed(&k, &span), None);
    }

    #[test]
    fn a_second_site_of_another_offset_fixes_nothing() {
        let (mut k, span, v) = kernel();
        let body = k.layout[1];
        let mut site: Vec<StmtData> = k.block(body).stmts[1..4].to_vec();
        // The same site, logging `c * 4` instead.
        let bytes = Expr::bin(BinOp::Mul, Expr::Var(v.c), Expr::int(4, 32));
        site[1] = assign(v.offset, guarded(v.g, bytes, v.offset));
        k.block_mut(body).stmts.extend(site);
        assert_eq!(fixed(&k, &span), None);
    }

    #[test]
    fn a_barrier_may_clear_the_log() {
        let (mut k, span, v) = kernel();
        let body = k.layout[1];
        let clear = guarded(v.g, Expr::Bool(false), v.has);
        k.block_mut(body).stmts.push(assign(v.has, clear));
        assert!(fixed(&k, &span).is_some());
        // But `has` set other than by a site is not.
        let other = k.add_var("g2", Ty::Bool, VarKind::Private);
        let set = guarded(other, Expr::Bool(true), v.has);
        k.block_mut(body).stmts.push(assign(v.has, set));
        assert_eq!(fixed(&k, &span), None);
    }
}
