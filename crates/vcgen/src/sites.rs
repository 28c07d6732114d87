//! A log one loop writes from several places: "the logged access is one of this loop's
//! sites'", each site's range and step as `offsets.rs` states them alone. A loop that reads
//! `a[i]` and `a[stride + i]` (a reduction tree's step), or `s[tx][j]` and `s[j][i]` (LU's
//! column update), logs reads of both; neither site's range holds of the log alone, their
//! disjunction does, and it is what keeps the log apart from another thread's write of
//! `a[i']` (`i' ≡ tid' ≢ tid` below `stride`, or at or above `stride`).
//!
//! A site is an offset the loop does not change (the log is at it), or one that steps with
//! one of the loop's own counters from the counter's value on entry up to the loop's own
//! bound (or to where it is when the tested counter it steps beside reaches its bound). A
//! region and kind with two to four sites, each of them so described, gets one candidate,
//! and for a nested loop also the one guarded by "a thread is at the loop" (see
//! `Gen::add_within`).

use kir::{AccessKind, Block, Expr, Region, Thread, Var};

use crate::candidates::{access, Access, Gen};
use crate::iterations::written_regions;
use crate::offsets::{byte_step, in_step, mentions, within};
use crate::strides::{substitute, Strides};

/// The most sites one disjunction names.
const MOST_SITES: usize = 4;

/// Each log's sites: its region and kind, its `has` (as candidates state it) and each
/// site's "at the offset" or "within, in step" (`None`: a site is neither).
type Sites = Vec<((String, AccessKind), Expr, Option<Vec<Expr>>)>;

impl Gen<'_> {
    /// The disjunction of each log's sites in the loop (module doc); `bounds` as
    /// [`Gen::upper_bounds`] gives them, `here` from [`Gen::some_thread_here`].
    pub(crate) fn site_disjunctions(
        &mut self,
        st: &Strides,
        bounds: &[(Var, Expr)],
        here: Option<&Expr>,
    ) {
        let sites = self.sites(st, bounds);
        for ((name, kind), has, each) in sites {
            let Some(each) = each else { continue };
            if each.len() < 2 || each.len() > MOST_SITES {
                continue;
            }
            let any = each.into_iter().reduce(Expr::or).unwrap_or(Expr::ff());
            let what = format!("logged {kind:?} of {name} at one of the loop's sites");
            self.add_within(what, (&has, here), any);
        }
    }

    /// Each log's sites in the loop (module doc): `None` for a log one of whose sites is
    /// neither a fixed offset nor one stepping with a counter to the loop's bound.
    fn sites(&self, st: &Strides, bounds: &[(Var, Expr)]) -> Sites {
        let k = self.k;
        let inductions = st.inductions();
        let mut out = Sites::new();
        for LoopAccess {
            at,
            region,
            kind,
            offset,
            name,
            has,
            logged,
            ..
        } in self.loop_accesses()
        {
            let e = st.expand(offset, at, 0);
            let logged = Expr::Var(logged);
            let fixed = st
                .is_invariant(&e)
                .then(|| Expr::eq(logged.clone(), e.clone()));
            let site = fixed.or_else(|| {
                (inductions.iter()).find_map(|ind| {
                    if !mentions(&e, ind.var) {
                        return None;
                    }
                    let start = st.entry_value(ind.var)?;
                    let (_, hi) = bounds.iter().find(|(v, _)| *v == ind.var)?;
                    let e0 = substitute(&e, ind.var, &start);
                    if !st.is_invariant(&e0) {
                        return None;
                    }
                    let range = within(&e0, &logged, substitute(&e, ind.var, hi));
                    Some(match byte_step(k, &e, ind) {
                        Some(step) => Expr::and(range, in_step(&logged, e0, step)),
                        None => range,
                    })
                })
            });
            let has = self.logged(k.region(region).space, has);
            let key = (name, kind);
            // A site no range describes leaves its log without a disjunction (`None`).
            match out.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, _, each)) => match (each.as_mut(), site) {
                    (Some(each), Some(site)) if !each.contains(&site) => each.push(site),
                    (Some(_), Some(_)) | (None, _) => {}
                    (Some(_), None) => *each = None,
                },
                None => out.push((key, has, site.map(|s| vec![s]))),
            }
        }
        out
    }
}

/// One of thread 1's accesses in a loop, to a region some access writes (a log of a
/// region no access writes never meets a conflicting access), with the log it goes to.
pub(crate) struct LoopAccess<'k> {
    pub block: Block,
    /// Its position among the loop's statements (for `Strides::expand`).
    pub at: usize,
    pub region: Region,
    pub kind: AccessKind,
    pub offset: &'k Expr,
    pub name: String,
    /// The log's `has` and `offset` variables.
    pub has: Var,
    pub logged: Var,
}

impl<'k> Gen<'k> {
    /// Thread 1's accesses in the loop that a log records ([`LoopAccess`]).
    pub(crate) fn loop_accesses(&self) -> Vec<LoopAccess<'k>> {
        let k = self.k;
        let written = written_regions(k);
        let mut out = Vec::new();
        let mut at = 0;
        for &block in &k.layout[self.span.first..=self.span.last] {
            for s in &k.block(block).stmts {
                at += 1;
                let Some(Access {
                    region,
                    thread: Thread::T1,
                    kind,
                    offset,
                    ..
                }) = access(&s.stmt)
                else {
                    continue;
                };
                let name = k.region(region).name.clone();
                if !written.contains(&name) {
                    continue;
                }
                let Some((has, logged, _)) = self.log_vars(&name, kind) else {
                    continue;
                };
                out.push(LoopAccess {
                    block,
                    at,
                    region,
                    kind,
                    offset,
                    name,
                    has,
                    logged,
                });
            }
        }
        out
    }
}
