//! The headers lockstep ships inside its binary and writes next to each compilation.

use std::path::Path;

use crate::DriverError;

/// The annotation language (`__assert`, `__invariant`, ...), force-included in OpenCL and CUDA.
pub const LOCKSTEP_H: &str = include_str!("../include/lockstep.h");

/// lockstep's own CUDA device header, force-included in CUDA.
pub const CUDA_H: &str = include_str!("../include/cuda.h");

/// `<cooperative_groups.h>`: what lockstep models of it is in its `cuda.h`.
pub const COOPERATIVE_GROUPS_H: &str = include_str!("../include/cooperative_groups.h");

/// Warp shuffles and votes, included by `cuda.h`.
pub const CUDA_WARP_H: &str = include_str!("../include/cuda_warp.h");

/// The cooperative groups lockstep models, included by `cuda.h`.
pub const CUDA_GROUPS_H: &str = include_str!("../include/cuda_groups.h");

/// Texture references and objects, included by `cuda.h`.
pub const CUDA_TEXTURES_H: &str = include_str!("../include/cuda_textures.h");

/// `helper_math.h`-style vector operators and functions, included by `cuda.h`.
pub const CUDA_VECTOR_MATH_H: &str = include_str!("../include/cuda_vector_math.h");

/// What a CUDA kernel may include for the runtime's device API: each includes `cuda.h`.
const RUNTIME_STUB: &str = include_str!("../include/cuda_runtime.h");

/// Every shipped header with its file name.
pub const HEADERS: [(&str, &str); 10] = [
    ("lockstep.h", LOCKSTEP_H),
    ("cuda.h", CUDA_H),
    ("cooperative_groups.h", COOPERATIVE_GROUPS_H),
    ("cuda_warp.h", CUDA_WARP_H),
    ("cuda_groups.h", CUDA_GROUPS_H),
    ("cuda_textures.h", CUDA_TEXTURES_H),
    ("cuda_vector_math.h", CUDA_VECTOR_MATH_H),
    ("cuda_runtime.h", RUNTIME_STUB),
    ("cuda_runtime_api.h", RUNTIME_STUB),
    ("device_launch_parameters.h", RUNTIME_STUB),
];

/// Writes every shipped header into `dir`.
pub(crate) fn write_headers(dir: &Path) -> Result<(), DriverError> {
    for (name, text) in HEADERS {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|source| DriverError::Io { path, source })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_guarded_and_written() {
        assert!(LOCKSTEP_H.contains("#ifndef LOCKSTEP_H"));
        assert!(CUDA_H.contains("#ifndef LOCKSTEP_CUDA_H"));
        assert!(CUDA_WARP_H.contains("#ifndef LOCKSTEP_CUDA_WARP_H"));
        assert!(CUDA_GROUPS_H.contains("#ifndef LOCKSTEP_CUDA_GROUPS_H"));
        assert!(CUDA_TEXTURES_H.contains("#ifndef LOCKSTEP_CUDA_TEXTURES_H"));
        assert!(CUDA_VECTOR_MATH_H.contains("#ifndef LOCKSTEP_CUDA_VECTOR_MATH_H"));
        for (name, _) in HEADERS.iter().filter(|(n, _)| n.starts_with("cuda_")) {
            assert!(CUDA_H.contains(&format!("#include \"{name}\"")) || name.contains("runtime"));
        }
        let dir = tempfile::tempdir().expect("temporary directory");
        write_headers(dir.path()).expect("headers written");
        for (name, text) in HEADERS {
            let written = std::fs::read_to_string(dir.path().join(name)).expect("header read");
            assert_eq!(written, text);
        }
    }
}
