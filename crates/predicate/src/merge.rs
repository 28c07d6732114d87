//! Pass `merge-accesses`: contiguous accesses of one region become one ranged access.
//!
//! LLVM splits contiguous accesses into many: a vector's lanes are loaded and stored one
//! by one at -O2, a struct or byte-wise copy becomes a load and a store per field or byte.
//! Each is a separate race check in the lock-step program (the lock-step paper's 70×
//! outlier). This pass, run on the predicated kernel before the lock-step stage, merges
//! them back: within one block, a run of *adjacent* reads (or writes) of one region, with
//! one syntactic predicate, at byte offsets `base + c`, `base + c + bytes1`, … (the same
//! `base` expression, constants that follow on) becomes one access of the total size,
//! when that size is 2, 4 or 8 bytes (KIR values are at most 64 bits). A write takes the
//! parts' values concatenated (little-endian); a read goes to a fresh variable and each
//! part's variable takes its bits of it (under the predicate, as predicated assignments
//! do).
//!
//! Accesses to *different* regions commute (regions never overlap), so before merging, a
//! run of consecutive accesses is grouped by region and kind as far as the variables
//! allow (the -O0 byte copy `read in; write out; read in; write out` becomes two reads and
//! two writes); a group that merges nothing is left in its original order.
//!
//! One thread's effect is unchanged: the same bytes are read and written, with the same
//! values, under the same predicate. A race on any part is a race on the merged range, so
//! no race is lost. What changes: a race is reported at the range's first byte and the
//! first part's location; benign write-write tolerance compares the whole range, so two
//! threads writing partly different values there are no longer benign (a possible false
//! alarm, never a missed race).
//!
//! Only `__global` and `__local`/`__shared__` regions are merged: theirs are the accesses
//! that are race-checked (merging a private array's accesses saves no check and only made
//! the VC larger: at -O0, where a vector's lanes are copied through private slots, one
//! kernel's VC grew from 3545 to 4034 terms). Of those, regions are left alone whose every
//! access is one word size (2, 4 or 8 bytes), which the VC may model word by word (mixing
//! sizes would make them byte arrays); those an atomic touches; and those any ghost
//! expression names (race-log annotations such as `__write_offset_bytes`, barrier-invariant
//! loads, snapshots), whose meaning depends on the individual accesses.

use std::collections::HashSet;

use kir::{BinOp, CastOp, Expr, Ghost, Kernel, Region, Stmt, StmtData, Ty, Var, VarKind};

/// The stage's pass (on by default; `--no-merge-accesses` turns it off).
pub struct MergeAccesses;

impl MergeAccesses {
    pub const NAME: &'static str = "merge-accesses";
}

impl kir::Pass for MergeAccesses {
    type In = Kernel;
    type Out = Kernel;
    type Error = std::convert::Infallible;

    fn name(&self) -> &'static str {
        Self::NAME
    }
    fn phase_in(&self) -> kir::Phase {
        kir::Phase::Predicated
    }
    fn phase_out(&self) -> kir::Phase {
        kir::Phase::Predicated
    }
    fn run(&self, mut k: Kernel) -> Result<Kernel, Self::Error> {
        merge_accesses(&mut k);
        Ok(k)
    }
}

/// Merges contiguous accesses in every block of `k` (any phase before the two-thread
/// one); returns how many accesses the merged ones replaced.
pub fn merge_accesses(k: &mut Kernel) -> usize {
    let eligible = eligible_regions(k);
    let mut replaced = 0;
    for b in 0..k.blocks.len() {
        let stmts = std::mem::take(&mut k.blocks[b].stmts);
        let mut out = Vec::with_capacity(stmts.len());
        let mut rest = stmts.into_iter().peekable();
        while let Some(s) = rest.next() {
            if access_of(&s, &eligible).is_none() {
                out.push(s);
                continue;
            }
            let mut segment = vec![s];
            while let Some(next) = rest.next_if(|n| access_of(n, &eligible).is_some()) {
                segment.push(next);
            }
            replaced += merge_segment(k, segment, &eligible, &mut out);
        }
        k.blocks[b].stmts = out;
    }
    replaced
}

/// Per region, whether its accesses may be merged (see the module docs).
fn eligible_regions(k: &Kernel) -> Vec<bool> {
    // Per region: the sizes of its plain accesses, and whether something rules it out.
    let mut sizes: Vec<HashSet<u32>> = vec![HashSet::new(); k.regions.len()];
    let mut excluded = vec![false; k.regions.len()];
    let mut exclude = |r: Region| {
        if let Some(x) = excluded.get_mut(r.index()) {
            *x = true;
        }
    };
    for data in &k.blocks {
        let mut exprs: Vec<&Expr> = data.term.exprs();
        for s in &data.stmts {
            exprs.extend(s.stmt.exprs());
            exprs.extend(s.witness.iter().map(|(_, e)| e));
            match &s.stmt {
                Stmt::Read { region, bytes, .. } | Stmt::Write { region, bytes, .. } => {
                    if let Some(set) = sizes.get_mut(region.index()) {
                        set.insert(*bytes);
                    }
                }
                Stmt::Atomic { region, .. } | Stmt::HavocMemory { region, .. } => exclude(*region),
                _ => {}
            }
        }
        for e in exprs {
            e.visit(&mut |sub| {
                for r in ghost_regions(sub) {
                    exclude(r);
                }
            });
        }
    }
    sizes
        .iter()
        .zip(&excluded)
        .enumerate()
        .map(|(r, (set, &excluded))| {
            let one_word = set.len() == 1 && set.iter().all(|b| matches!(b, 2 | 4 | 8));
            let shared = matches!(k.regions[r].space, kir::Space::Global | kir::Space::Local);
            shared && !excluded && !one_word
        })
        .collect()
}

/// The regions a ghost expression names.
fn ghost_regions(e: &Expr) -> Vec<Region> {
    match Ghost::of(e) {
        Some(
            Ghost::LogHas { region, .. }
            | Ghost::LogOffset { region, .. }
            | Ghost::Load { region, .. }
            | Ghost::LoadOf { region, .. }
            | Ghost::TakenValue { region, .. },
        ) => vec![region],
        Some(Ghost::Snapshot { dst, src, .. }) => vec![dst, src],
        _ => Vec::new(),
    }
}

/// A read or write that may take part in a merge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Access<'s> {
    write: bool,
    region: Region,
    pred: &'s Expr,
    /// The offset as `base + constant` (`None`: the offset is the constant).
    base: Option<&'s Expr>,
    constant: u64,
    bytes: u32,
    /// A read's variable.
    dst: Option<Var>,
}

/// `s` as a mergeable access: a read or write of an eligible region, no wider than 4
/// bytes (8 is already the widest), in the one-thread program.
fn access_of<'s>(s: &'s StmtData, eligible: &[bool]) -> Option<Access<'s>> {
    let (write, pred, region, offset, bytes, dst, thread) = match &s.stmt {
        Stmt::Read {
            pred,
            dst,
            region,
            offset,
            bytes,
            thread,
        } => (false, pred, region, offset, *bytes, Some(*dst), thread),
        Stmt::Write {
            pred,
            region,
            offset,
            bytes,
            thread,
            ..
        } => (true, pred, region, offset, *bytes, None, thread),
        _ => return None,
    };
    if thread.is_some() || bytes > 4 || eligible.get(region.index()) != Some(&true) {
        return None;
    }
    let (base, constant) = split_offset(offset);
    Some(Access {
        write,
        region: *region,
        pred,
        base,
        constant,
        bytes,
        dst,
    })
}

/// `offset` as `base + constant`.
fn split_offset(offset: &Expr) -> (Option<&Expr>, u64) {
    match offset {
        Expr::Int { value, .. } => (None, *value),
        Expr::Binary(BinOp::Add, a, b) => match (&**a, &**b) {
            (base, Expr::Int { value, .. }) | (Expr::Int { value, .. }, base) => {
                (Some(base), *value)
            }
            _ => (Some(offset), 0),
        },
        _ => (Some(offset), 0),
    }
}

/// The variables `e` mentions.
fn vars_of(e: &Expr) -> HashSet<Var> {
    let mut set = HashSet::new();
    e.for_each_var(&mut |v| {
        set.insert(v);
    });
    set
}

/// Whether the adjacent statements `a; b` (accesses of different regions) may be swapped:
/// neither uses what the other assigns, and they do not assign one variable.
fn commute(a: &StmtData, b: &StmtData) -> bool {
    let uses = |s: &StmtData, v: Option<Var>| {
        v.is_some_and(|v| s.stmt.exprs().iter().any(|e| vars_of(e).contains(&v)))
    };
    let (da, db) = (a.stmt.def(), b.stmt.def());
    a.stmt.region() != b.stmt.region() && !uses(b, da) && !uses(a, db) && (da.is_none() || da != db)
}

/// Merges within a segment of consecutive mergeable accesses, appending the result to
/// `out`; returns how many accesses merged ones replaced. The segment is first grouped by
/// region and kind (see the module docs); if that grouping merges nothing, the segment is
/// kept as it was.
fn merge_segment(
    k: &mut Kernel,
    segment: Vec<StmtData>,
    eligible: &[bool],
    out: &mut Vec<StmtData>,
) -> usize {
    let grouped = group(&segment, eligible);
    let mut merged = Vec::with_capacity(grouped.len());
    let replaced = merge_runs(k, grouped, eligible, &mut merged);
    if replaced == 0 {
        out.extend(segment);
    } else {
        out.extend(merged);
    }
    replaced
}

/// The segment with accesses of one region and kind brought together, by swapping
/// adjacent statements that commute, ordered by where each (region, kind) first appears.
fn group(segment: &[StmtData], eligible: &[bool]) -> Vec<StmtData> {
    let key_of = |s: &StmtData| access_of(s, eligible).map(|a| (a.region, a.write));
    let mut keys: Vec<(Region, bool)> = Vec::new();
    for s in segment {
        if let Some(key) = key_of(s) {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    let rank = |s: &StmtData| key_of(s).and_then(|key| keys.iter().position(|k| *k == key));
    let mut v = segment.to_vec();
    // Bubble sort by rank, swapping only statements that commute: quadratic in the
    // segment, which is a few dozen accesses at most.
    loop {
        let mut changed = false;
        for i in 1..v.len() {
            if rank(&v[i - 1]) > rank(&v[i]) && commute(&v[i - 1], &v[i]) {
                v.swap(i - 1, i);
                changed = true;
            }
        }
        if !changed {
            return v;
        }
    }
}

/// Merges runs of adjacent contiguous accesses of `stmts` into `out`; returns how many
/// accesses merged ones replaced.
fn merge_runs(
    k: &mut Kernel,
    stmts: Vec<StmtData>,
    eligible: &[bool],
    out: &mut Vec<StmtData>,
) -> usize {
    let mut replaced = 0;
    let mut i = 0;
    while i < stmts.len() {
        let len = run_length(k, &stmts[i..], eligible);
        let mut j = i;
        while j < i + len {
            let take = chunk(&stmts[j..i + len], eligible);
            if take < 2 {
                out.push(stmts[j].clone());
            } else {
                out.extend(merge(k, &stmts[j..j + take]));
                replaced += take;
            }
            j += take.max(1);
        }
        i += len.max(1);
    }
    replaced
}

/// How many statements from the start of `stmts` form a run: accesses of one kind, region
/// and predicate at offsets that follow on, whose reads assign distinct variables that
/// neither the predicate nor the offsets use (and that are not the values of a
/// group-collective copy, which benign tolerance trusts by name).
fn run_length(k: &Kernel, stmts: &[StmtData], eligible: &[bool]) -> usize {
    let Some(first) = stmts.first().and_then(|s| access_of(s, eligible)) else {
        return 1;
    };
    let mut used = vars_of(first.pred);
    if let Some(base) = first.base {
        used.extend(vars_of(base));
    }
    let mut dsts: HashSet<Var> = HashSet::new();
    let mut end = first.constant;
    let mut len = 0;
    for s in stmts {
        let Some(a) = access_of(s, eligible) else {
            break;
        };
        let follows = a.write == first.write
            && a.region == first.region
            && a.pred == first.pred
            && a.base == first.base
            && a.constant == end;
        let fresh = a.dst.is_none_or(|d| {
            !used.contains(&d)
                && !k.var(d).name.starts_with(kir::COLLECTIVE_COPY_VALUE)
                && dsts.insert(d)
        });
        if !follows || !fresh {
            break;
        }
        end = end.wrapping_add(u64::from(a.bytes));
        len += 1;
    }
    len.max(1)
}

/// How many accesses from the start of the run `run` to merge into one: the longest
/// prefix whose total size is 2, 4 or 8 bytes (1 if there is none).
fn chunk(run: &[StmtData], eligible: &[bool]) -> usize {
    let mut total = 0u32;
    let mut best = 1;
    for (n, s) in run.iter().enumerate() {
        let Some(a) = access_of(s, eligible) else {
            break;
        };
        total += a.bytes;
        if total > 8 {
            break;
        }
        if n > 0 && total.is_power_of_two() {
            best = n + 1;
        }
    }
    best
}

/// One access for the contiguous accesses `parts` (a run's chunk), and for reads the
/// assignments that give each part's variable its bits.
fn merge(k: &mut Kernel, parts: &[StmtData]) -> Vec<StmtData> {
    let first = &parts[0];
    let loc = first.loc;
    let witness: Vec<(String, Expr)> = parts.iter().flat_map(|s| s.witness.clone()).collect();
    let sizes: Vec<u32> = parts.iter().map(|s| access_bytes(&s.stmt)).collect();
    let total: u32 = sizes.iter().sum();
    let width = total * 8;
    let shifts: Vec<u32> = sizes
        .iter()
        .scan(0, |at, b| {
            let shift = *at * 8;
            *at += b;
            Some(shift)
        })
        .collect();
    let mut out = Vec::new();
    match &first.stmt {
        Stmt::Write {
            pred,
            region,
            offset,
            thread,
            ..
        } => {
            let mut value: Option<Expr> = None;
            for (s, &shift) in parts.iter().zip(&shifts) {
                let Stmt::Write { value: part, .. } = &s.stmt else {
                    continue;
                };
                // A chunk has at least two parts: each is narrower than the whole.
                let mut part = Expr::cast(CastOp::ZExt, width, part.clone());
                if shift > 0 {
                    part = Expr::bin(BinOp::Shl, part, Expr::int(u64::from(shift), width));
                }
                value = Some(match value {
                    None => part,
                    Some(v) => Expr::bin(BinOp::Or, v, part),
                });
            }
            let stmt = Stmt::Write {
                pred: pred.clone(),
                region: *region,
                offset: offset.clone(),
                value: value.unwrap_or_else(|| Expr::int(0, width)),
                bytes: total,
                thread: *thread,
            };
            out.push(StmtData { stmt, loc, witness });
        }
        Stmt::Read {
            pred,
            region,
            offset,
            thread,
            ..
        } => {
            let merged = k.add_var("merged", Ty::Bv(width), VarKind::Private);
            let stmt = Stmt::Read {
                pred: pred.clone(),
                dst: merged,
                region: *region,
                offset: offset.clone(),
                bytes: total,
                thread: *thread,
            };
            out.push(StmtData { stmt, loc, witness });
            for (s, (&bytes, &shift)) in parts.iter().zip(sizes.iter().zip(&shifts)) {
                let Stmt::Read { dst, .. } = &s.stmt else {
                    continue;
                };
                let mut bits = Expr::var(merged);
                if shift > 0 {
                    bits = Expr::bin(BinOp::LShr, bits, Expr::int(u64::from(shift), width));
                }
                let bits = Expr::cast(CastOp::Trunc, bytes * 8, bits);
                let value = Expr::ite(pred.clone(), bits, Expr::var(*dst));
                out.push(StmtData::new(Stmt::Assign { dst: *dst, value }, s.loc));
            }
        }
        _ => out.extend(parts.iter().cloned()),
    }
    out
}

/// The size of a read or write (0 for other statements).
fn access_bytes(s: &Stmt) -> u32 {
    match s {
        Stmt::Read { bytes, .. } | Stmt::Write { bytes, .. } => *bytes,
        _ => 0,
    }
}
