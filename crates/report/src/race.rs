//! What a race report says about its place and its accesses: the element raced on (one
//! index per source dimension, and the bytes within it), and where thread 1's logged
//! access was made — the access the counterexample names, or, when a loop cut with
//! invariants left the log arbitrary, every access of that kind to that array the loop
//! could have logged.

use std::collections::HashMap;

use kir::{
    AccessKind, AssertOrigin, Block, Expr, Kernel, Loc, Region, RegionData, Stmt, Terminator,
};

use crate::ReportContext;

/// The bytes two accesses (offset, size) share, or the first access when they share none
/// (or the other is unknown): what a race is reported on.
pub(crate) fn overlap(a: (u64, u64), b: Option<(u64, u64)>) -> (u64, u64) {
    let Some(b) = b else { return a };
    let start = a.0.max(b.0);
    let end = a.0.saturating_add(a.1).min(b.0.saturating_add(b.1));
    if start < end {
        (start, end - start)
    } else {
        a
    }
}

/// The element index `flat` of an array of dimensions `dims` (outermost first) as one
/// index per dimension. The outermost dimension bounds nothing (GPUVerify prints it as
/// `*`): an index past it is shown as it is. Fewer than two dimensions: `[flat]`.
pub(crate) fn indices(flat: u64, dims: &[u64]) -> Vec<u64> {
    if dims.len() < 2 || dims.contains(&0) {
        return vec![flat];
    }
    let mut strides = vec![1u64; dims.len()];
    for i in (0..dims.len() - 1).rev() {
        match strides[i + 1].checked_mul(dims[i + 1]) {
            Some(s) => strides[i] = s,
            None => return vec![flat],
        }
    }
    let mut rest = flat;
    strides
        .iter()
        .map(|&s| {
            let i = rest / s;
            rest %= s;
            i
        })
        .collect()
}

/// `A[1][2] (bytes 8..11)`: the element holding byte `offset` of the region, and the
/// `bytes` raced on within it when they are not the whole element.
pub(crate) fn place(r: &RegionData, offset: u64, bytes: u64) -> String {
    let elem = r.elem_bytes.max(1) as u64;
    let mut place = r.name.clone();
    for i in indices(offset / elem, &r.dims) {
        place.push_str(&format!("[{i}]"));
    }
    // Bytes within the element, as GPUVerify counts them.
    let within = offset % elem;
    if within != 0 || bytes != elem {
        place.push_str(&match bytes {
            1 => format!(" (byte {within})"),
            _ => format!(" (bytes {}..{})", within, within + bytes - 1),
        });
    }
    place
}

/// Where thread 1's logged access of a race on `region` of kind `kind` was made: one
/// location, or the locations it can be (more than one, in source order). `source` is
/// the counterexample's index into the access table.
pub(crate) fn logged(
    cx: &ReportContext,
    region: Region,
    kind: AccessKind,
    source: Option<u64>,
) -> (Option<Loc>, Vec<Loc>) {
    let candidates: Vec<usize> = cx
        .accesses
        .iter()
        .enumerate()
        .filter(|(_, a)| a.kind == kind && a.region == region && a.loc.is_some())
        .map(|(i, _)| i)
        .collect();
    let chosen = source
        .map(|s| s as usize)
        .filter(|s| candidates.contains(s));
    let pool = match (chosen, cx.invariants) {
        // Without a loop cut the counterexample is an execution: its access is the one.
        (Some(s), false) => vec![s],
        (_, false) => candidates,
        (_, true) => match Loops::of(cx.kernel, region, kind) {
            Some(loops) => loops.sources(chosen, candidates),
            None => chosen.map_or(candidates, |s| vec![s]),
        },
    };
    let k = cx.kernel;
    let mut locs: Vec<Loc> = pool.iter().filter_map(|&i| cx.accesses[i].loc).collect();
    locs.sort_by(|a, b| {
        let key = |l: &Loc| (k.files.get(l.file as usize).cloned(), l.line, l.col);
        key(a).cmp(&key(b))
    });
    locs.dedup();
    match locs.as_slice() {
        [one] => (Some(*one), Vec::new()),
        _ => (None, locs),
    }
}

/// Where the accesses of one kind to one region are logged, and the program's loops.
struct Loops {
    /// Layout positions of the statements that log each access (by table index).
    logged_at: HashMap<u64, Vec<usize>>,
    /// Loops as layout spans (head, last block).
    spans: Vec<(usize, usize)>,
}

impl Loops {
    fn of(k: &Kernel, region: Region, kind: AccessKind) -> Option<Loops> {
        let var = source_var(k, region, kind)?;
        let mut logged_at: HashMap<u64, Vec<usize>> = HashMap::new();
        for (p, (_, data)) in k.laid_out().enumerate() {
            for st in &data.stmts {
                if let Stmt::Assign { dst, value } = &st.stmt {
                    if *dst == var {
                        constants(value, &mut |c| logged_at.entry(c).or_default().push(p));
                    }
                }
            }
        }
        Some(Loops {
            logged_at,
            spans: loop_spans(k),
        })
    }

    fn logged_in(&self, access: usize, span: (usize, usize)) -> bool {
        self.logged_at
            .get(&(access as u64))
            .is_some_and(|ps| ps.iter().any(|p| span.0 <= *p && *p <= span.1))
    }

    /// After a loop cut the log holds any access the loop logs. The counterexample's
    /// access `chosen`, when it is logged in a loop: the candidates of the outermost loop
    /// that logs it. Otherwise the cut left the log's source arbitrary, so the model's
    /// value may be any access: `chosen` together with the candidates some loop logs
    /// (all the candidates when there is no `chosen`).
    fn sources(&self, chosen: Option<usize>, candidates: Vec<usize>) -> Vec<usize> {
        let in_loop = |span: (usize, usize)| {
            candidates
                .iter()
                .copied()
                .filter(|&c| self.logged_in(c, span))
                .collect::<Vec<_>>()
        };
        let looped: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&c| self.spans.iter().any(|&span| self.logged_in(c, span)))
            .collect();
        let outermost = |s: usize| {
            self.spans
                .iter()
                .copied()
                .filter(|&span| self.logged_in(s, span))
                .max_by_key(|&(first, last)| last - first)
        };
        match chosen {
            Some(s) => match outermost(s) {
                Some(span) => in_loop(span),
                None => {
                    let mut pool = looped;
                    if !pool.contains(&s) {
                        pool.push(s);
                    }
                    pool
                }
            },
            None if looped.is_empty() => candidates,
            None => looped,
        }
    }
}

/// The variable the two-thread program logs the source of accesses of `kind` to
/// `region` in (what its race checks name `first.source`).
fn source_var(k: &Kernel, region: Region, kind: AccessKind) -> Option<kir::Var> {
    k.laid_out()
        .flat_map(|(_, data)| &data.stmts)
        .find_map(|st| match &st.stmt {
            Stmt::Assert {
                origin:
                    AssertOrigin::Race {
                        region: r, first, ..
                    },
                ..
            } if *r == region && *first == kind => {
                st.witness.iter().find_map(|(name, e)| match e {
                    Expr::Var(v) if name == "first.source" => Some(*v),
                    _ => None,
                })
            }
            _ => None,
        })
}

/// The constants at the leaves of an `ite` tree.
fn constants(e: &Expr, f: &mut impl FnMut(u64)) {
    match e {
        Expr::Int { value, .. } => f(*value),
        Expr::Ite(_, a, b) => {
            constants(a, f);
            constants(b, f);
        }
        _ => {}
    }
}

/// The loops of a two-thread program as layout spans (head, last block): a loop's last
/// block ends in a `Choice` one of whose targets goes back to an earlier head.
fn loop_spans(k: &Kernel) -> Vec<(usize, usize)> {
    let pos: HashMap<Block, usize> = k.layout.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let mut spans = Vec::new();
    for (i, (_, data)) in k.laid_out().enumerate() {
        let Terminator::Choice(targets) = &data.term else {
            continue;
        };
        for t in targets {
            let (Some(&tp), Terminator::Goto(head)) = (pos.get(t), &k.block(*t).term) else {
                continue;
            };
            if let Some(&hp) = pos.get(head).filter(|&&hp| hp < tp) {
                spans.push((hp, i));
            }
        }
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_race_is_reported_on_the_shared_bytes() {
        // A 4-byte atomic at byte 1 against a 4-byte write at byte 4: byte 4 only.
        assert_eq!(overlap((1, 4), Some((4, 4))), (4, 1));
        assert_eq!(overlap((4, 4), Some((0, 8))), (4, 4));
        // Disjoint or unknown: the later access as it is.
        assert_eq!(overlap((0, 4), Some((8, 4))), (0, 4));
        assert_eq!(overlap((12, 2), None), (12, 2));
    }

    #[test]
    fn flat_indices_split_by_the_inner_dimensions() {
        // float4 L[2][3][4][5]: element 118 is L[1][2][3][3].
        assert_eq!(indices(118, &[2, 3, 4, 5]), vec![1, 2, 3, 3]);
        assert_eq!(indices(0, &[2, 3, 4, 5]), vec![0, 0, 0, 0]);
        // int A[4][8]: element 8 * 3 + 7.
        assert_eq!(indices(31, &[4, 8]), vec![3, 7]);
        // The outermost dimension bounds nothing.
        assert_eq!(indices(40, &[4, 8]), vec![5, 0]);
        // One dimension, none, or a zero-sized one: the flat index.
        assert_eq!(indices(7, &[64]), vec![7]);
        assert_eq!(indices(7, &[]), vec![7]);
        assert_eq!(indices(7, &[4, 0]), vec![7]);
        // Strides that overflow: the flat index.
        assert_eq!(indices(7, &[2, u64::MAX, 4]), vec![7]);
    }

    fn region(elem_bytes: u32, dims: Vec<u64>) -> RegionData {
        RegionData {
            name: "L".into(),
            space: kir::Space::Local,
            elem_bytes,
            size_bytes: None,
            origin: kir::RegionOrigin::Global,
            dims,
        }
    }

    #[test]
    fn places_name_one_index_per_dimension_and_the_bytes_within() {
        let l = region(16, vec![2, 3, 4, 5]);
        // Bytes 8..11 (the `.z` lane) of element 118.
        assert_eq!(place(&l, 118 * 16 + 8, 4), "L[1][2][3][3] (bytes 8..11)");
        assert_eq!(place(&l, 16, 16), "L[0][0][0][1]");
        assert_eq!(place(&l, 17, 1), "L[0][0][0][1] (byte 1)");
        let a = region(4, vec![]);
        assert_eq!(place(&a, 12, 4), "L[3]");
    }
}
