//! Other pairs of groups for a race on global memory that the counterexample's groups did
//! not show. A counterexample from a cut loop may put both threads in one group (its loop
//! state need not be reachable) while the kernel's race is between two groups: a tile of
//! one group writing what its neighbour reads, or the first row of tiles overwriting what
//! every other tile reads. Each pair is a real execution's prefix (the other groups may run
//! after it), so a defect it shows is the kernel's, whichever groups showed it.

/// The most pairs tried for one check.
const MOST_PAIRS: usize = 8;

/// Pairs of groups of a grid of `num_groups` to run instead of `witness` (the
/// counterexample's one or two groups): each witness group, then group (0, 0, 0), with its
/// neighbour one step up and one step down in each dimension the grid spans, x first.
pub(super) fn neighbour_pairs(num_groups: [u32; 3], witness: &[[u32; 3]]) -> Vec<Vec<[u32; 3]>> {
    let mut bases: Vec<[u32; 3]> = witness.to_vec();
    bases.push([0, 0, 0]);
    let mut pairs: Vec<Vec<[u32; 3]>> = Vec::new();
    for base in bases {
        for d in 0..3 {
            let steps = [base[d].checked_add(1), base[d].checked_sub(1)];
            for n in steps.into_iter().flatten().filter(|&n| n < num_groups[d]) {
                let mut other = base;
                other[d] = n;
                let pair = vec![base, other];
                let same = |p: &Vec<[u32; 3]>| {
                    (p[0] == pair[0] && p[1] == pair[1]) || (p[0] == pair[1] && p[1] == pair[0])
                };
                let known = pairs.iter().any(same) || (witness.len() == 2 && same(&witness.to_vec()));
                if !known {
                    pairs.push(pair);
                }
            }
        }
    }
    pairs.truncate(MOST_PAIRS);
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_is_paired_with_its_neighbours_then_group_zero_with_its() {
        let pairs = neighbour_pairs([64, 64, 1], &[[16, 60, 0]]);
        assert_eq!(
            pairs,
            vec![
                vec![[16, 60, 0], [17, 60, 0]],
                vec![[16, 60, 0], [15, 60, 0]],
                vec![[16, 60, 0], [16, 61, 0]],
                vec![[16, 60, 0], [16, 59, 0]],
                vec![[0, 0, 0], [1, 0, 0]],
                vec![[0, 0, 0], [0, 1, 0]],
            ]
        );
    }

    #[test]
    fn pairs_stay_in_the_grid_and_skip_the_witness_and_repeats() {
        // A 2x1 grid: the only pair is the witness's own, tried already.
        assert!(neighbour_pairs([2, 1, 1], &[[0, 0, 0], [1, 0, 0]]).is_empty());
        // One group in the grid: nothing to pair it with.
        assert!(neighbour_pairs([1, 1, 1], &[[0, 0, 0]]).is_empty());
        // Group (1, 0, 0)'s pair with (0, 0, 0) is not tried again from (0, 0, 0).
        assert_eq!(
            neighbour_pairs([3, 1, 1], &[[1, 0, 0]]),
            vec![vec![[1, 0, 0], [2, 0, 0]], vec![[1, 0, 0], [0, 0, 0]]]
        );
    }
}
