//! Delta debugging over a kernel's statements: delete statements and unwrap compound ones
//! (an `if`, loop or `switch` replaced by its bodies) for as long as the property holds.

use crate::ast::{count_stmts, Kernel, Stmt};

/// Shrinks `kernel` while `holds` stays true, trying at most `max_tries` candidates.
/// Returns the smallest kernel found and the number of candidates tried.
pub fn minimize(
    kernel: &Kernel,
    mut holds: impl FnMut(&Kernel) -> bool,
    max_tries: usize,
) -> (Kernel, usize) {
    let mut best = kernel.clone();
    let mut tries = 0;
    loop {
        let mut improved = false;
        let total = count_stmts(&best.body);
        // Larger steps first: whole top-level halves, then single statements, then unwraps.
        let mut candidates = chunk_deletions(&best);
        for i in (0..total).rev() {
            candidates.push(Edit::Delete(i));
        }
        for i in 0..total {
            candidates.push(Edit::Unwrap(i));
        }
        for edit in candidates {
            if tries >= max_tries {
                return (best, tries);
            }
            let Some(candidate) = apply(&best, &edit) else {
                continue;
            };
            if candidate == best || !well_formed(&candidate.body, false, false) {
                continue;
            }
            tries += 1;
            if holds(&candidate) {
                best = candidate;
                improved = true;
                break;
            }
        }
        if !improved {
            return (best, tries);
        }
    }
}

enum Edit {
    /// Delete top-level statements `start..end`.
    Chunk(usize, usize),
    /// Delete the `n`th statement in preorder.
    Delete(usize),
    /// Replace the `n`th statement in preorder by the statements of its bodies.
    Unwrap(usize),
}

fn chunk_deletions(k: &Kernel) -> Vec<Edit> {
    let n = k.body.len();
    let mut out = Vec::new();
    let mut size = n / 2;
    while size >= 2 {
        let mut start = 0;
        while start + size <= n {
            out.push(Edit::Chunk(start, start + size));
            start += size;
        }
        size /= 2;
    }
    out
}

fn apply(k: &Kernel, edit: &Edit) -> Option<Kernel> {
    let mut out = k.clone();
    match *edit {
        Edit::Chunk(start, end) => {
            let kept: Vec<Stmt> = out
                .body
                .drain(..)
                .enumerate()
                .filter(|(i, s)| *i < start || *i >= end || matches!(s, Stmt::Label(_)))
                .map(|(_, s)| s)
                .collect();
            out.body = kept;
        }
        Edit::Delete(n) => {
            let mut counter = 0;
            if !rewrite(&mut out.body, n, &mut counter, false) {
                return None;
            }
        }
        Edit::Unwrap(n) => {
            let mut counter = 0;
            if !rewrite(&mut out.body, n, &mut counter, true) {
                return None;
            }
        }
    }
    Some(out)
}

/// Deletes (or unwraps) the `target`th statement in preorder; false when there is none or it
/// may not be changed (labels stay, so every `goto` keeps its target).
fn rewrite(stmts: &mut Vec<Stmt>, target: usize, counter: &mut usize, unwrap: bool) -> bool {
    let mut i = 0;
    while i < stmts.len() {
        if *counter == target {
            if matches!(stmts[i], Stmt::Label(_)) {
                return false;
            }
            if unwrap {
                let inner: Vec<Stmt> = stmts[i]
                    .children()
                    .into_iter()
                    .flat_map(|c| c.iter().cloned())
                    .collect();
                if stmts[i].children().is_empty() {
                    return false;
                }
                stmts.splice(i..=i, inner);
            } else {
                stmts.remove(i);
            }
            return true;
        }
        *counter += 1;
        for child in stmts[i].children_mut() {
            if *counter > target {
                break;
            }
            let before = *counter;
            if rewrite(child, target, counter, unwrap) {
                return true;
            }
            debug_assert!(*counter >= before);
        }
        if *counter > target {
            return false;
        }
        i += 1;
    }
    false
}

/// `break` only inside a loop or `switch`, `continue` only inside a loop.
fn well_formed(stmts: &[Stmt], in_loop: bool, in_switch: bool) -> bool {
    stmts.iter().all(|s| match s {
        Stmt::Break => in_loop || in_switch,
        Stmt::Continue => in_loop,
        Stmt::Loop { body, .. } => well_formed(body, true, in_switch),
        Stmt::Switch { .. } => s.children().iter().all(|c| well_formed(c, in_loop, true)),
        _ => s
            .children()
            .iter()
            .all(|c| well_formed(c, in_loop, in_switch)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::{generate, Config};

    #[test]
    fn shrinks_to_the_statements_the_property_needs() {
        let kernel = generate(7, &Config::default());
        let has_barrier = |k: &Kernel| format!("{:?}", k.body).contains("Barrier");
        if !has_barrier(&kernel) {
            return;
        }
        let (small, _) = minimize(&kernel, has_barrier, 500);
        assert!(count_stmts(&small.body) <= count_stmts(&kernel.body));
        assert!(has_barrier(&small));
        let non_labels = small
            .body
            .iter()
            .filter(|s| !matches!(s, Stmt::Label(_)))
            .count();
        assert_eq!(non_labels, 1, "{:?}", small.body);
    }
}
