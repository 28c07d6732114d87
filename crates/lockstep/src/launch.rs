//! The launch configuration: how many threads per group and how many groups, per dimension.

/// Threads per group (`local_size`, CUDA `blockDim`) and groups (`num_groups`, CUDA
/// `gridDim`), per dimension x, y, z.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Launch {
    pub local_size: [u32; 3],
    /// The number of groups; in a dimension of `any_groups`, the largest number allowed.
    pub num_groups: [u32; 3],
    /// Dimensions in which the number of groups is not fixed (GPUVerify's `--num_groups=*`):
    /// the kernel is verified for every number from 1 to `num_groups` (as many as keep the
    /// global size within 32 bits).
    pub any_groups: [bool; 3],
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LaunchError {
    #[error("{what} must be positive in every dimension, got {got:?}")]
    Zero { what: &'static str, got: [u32; 3] },
    #[error("the launch has more than 2^32 threads in dimension {dim}")]
    TooLarge { dim: usize },
}

impl Launch {
    /// A validated launch configuration.
    pub fn new(local_size: [u32; 3], num_groups: [u32; 3]) -> Result<Launch, LaunchError> {
        if local_size.contains(&0) {
            return Err(LaunchError::Zero {
                what: "the group size",
                got: local_size,
            });
        }
        if num_groups.contains(&0) {
            return Err(LaunchError::Zero {
                what: "the number of groups",
                got: num_groups,
            });
        }
        for d in 0..3 {
            if (local_size[d] as u64) * (num_groups[d] as u64) > u32::MAX as u64 {
                return Err(LaunchError::TooLarge { dim: d });
            }
        }
        Ok(Launch {
            local_size,
            num_groups,
            any_groups: [false; 3],
        })
    }

    /// The same launch with any number of groups in dimension `d`.
    pub fn with_any_groups(mut self, d: usize) -> Launch {
        self.any_groups[d] = true;
        self.num_groups[d] = u32::MAX / self.local_size[d];
        self
    }

    /// Total number of threads in the grid.
    pub fn total_threads(&self) -> u64 {
        (0..3)
            .map(|d| self.local_size[d] as u64 * self.num_groups[d] as u64)
            .product()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_zero_sizes() {
        assert!(matches!(
            Launch::new([0, 1, 1], [1, 1, 1]),
            Err(LaunchError::Zero { .. })
        ));
        assert!(matches!(
            Launch::new([4, 1, 1], [1, 0, 1]),
            Err(LaunchError::Zero { .. })
        ));
    }

    #[test]
    fn counts_threads() {
        let l = Launch::new([4, 2, 1], [3, 1, 1]).unwrap();
        assert_eq!(l.total_threads(), 24);
    }

    #[test]
    fn any_number_of_groups_keeps_the_global_size_within_32_bits() {
        let l = Launch::new([1024, 1, 1], [1, 1, 1])
            .unwrap()
            .with_any_groups(0);
        assert_eq!(l.num_groups[0], u32::MAX / 1024);
        assert!(l.local_size[0] as u64 * l.num_groups[0] as u64 <= u32::MAX as u64);
        assert_eq!(l.any_groups, [true, false, false]);
    }
}
