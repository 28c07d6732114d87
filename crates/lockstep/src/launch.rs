//! The launch configuration: how many threads per group and how many groups, per dimension.

/// Threads per group (`local_size`, CUDA `blockDim`) and groups (`num_groups`, CUDA
/// `gridDim`), per dimension x, y, z.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Launch {
    pub local_size: [u32; 3],
    pub num_groups: [u32; 3],
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
        })
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
}
