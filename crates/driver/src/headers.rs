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

/// What lockstep adds on top of a real CUDA toolkit's headers (`--cuda-path`): the vector
/// operators of [`CUDA_VECTOR_MATH_H`], force-included instead of [`CUDA_H`].
pub const CUDA_TOOLKIT_H: &str = include_str!("../include/lockstep_cuda_toolkit.h");

/// What a CUDA kernel may include for the runtime's device API: each includes `cuda.h`.
const RUNTIME_STUB: &str = include_str!("../include/cuda_runtime.h");

/// Every shipped header with its file name.
pub const HEADERS: [(&str, &str); 11] = [
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
    ("lockstep_cuda_toolkit.h", CUDA_TOOLKIT_H),
];

/// The shipped headers written when a CUDA toolkit's own headers are used: none that
/// would shadow one of the toolkit's (`cuda.h`, `cuda_runtime.h`, ...).
pub const TOOLKIT_HEADERS: [&str; 3] = [
    "lockstep.h",
    "cuda_vector_math.h",
    "lockstep_cuda_toolkit.h",
];

/// Writes the shipped headers into `dir`: every one, or with `toolkit` (a real CUDA
/// toolkit's headers are used) only [`TOOLKIT_HEADERS`].
pub(crate) fn write_headers(dir: &Path, toolkit: bool) -> Result<(), DriverError> {
    let wanted = |name: &str| !toolkit || TOOLKIT_HEADERS.contains(&name);
    for (name, text) in HEADERS.into_iter().filter(|(n, _)| wanted(n)) {
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
        write_headers(dir.path(), false).expect("headers written");
        for (name, text) in HEADERS {
            let written = std::fs::read_to_string(dir.path().join(name)).expect("header read");
            assert_eq!(written, text);
        }
    }

    #[test]
    fn toolkit_mode_writes_nothing_that_shadows_the_toolkit() {
        assert!(CUDA_TOOLKIT_H.contains("#include \"cuda_vector_math.h\""));
        assert!(!CUDA_TOOLKIT_H.contains("#include \"cuda.h\""));
        let dir = tempfile::tempdir().expect("temporary directory");
        write_headers(dir.path(), true).expect("headers written");
        let mut written: Vec<String> = std::fs::read_dir(dir.path())
            .expect("directory listed")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        written.sort();
        let mut expected = TOOLKIT_HEADERS.map(String::from).to_vec();
        expected.sort();
        assert_eq!(written, expected);
    }
}
