//! Finding the kernels to run: every `.cl`, `.cu` and `.ll` file under the given paths.

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

/// Extensions of the files the runner treats as kernels.
const KERNEL_EXTENSIONS: [&str; 3] = ["cl", "cu", "ll"];

/// One kernel file and where it sits below the path it was found under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelFile {
    /// The path as found (the given path joined with the relative one).
    pub path: PathBuf,
    /// The path relative to the given directory, `/`-separated (the file name for a file
    /// given directly). Baselines are keyed by it.
    pub rel: String,
    /// The first component of `rel` below the given directory; `.` for top-level files.
    pub category: String,
}

#[derive(Debug, Error)]
pub enum DiscoverError {
    #[error("{path}: no such file or directory")]
    Missing { path: PathBuf },
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: io::Error },
}

/// Every kernel under `roots`, each root's kernels sorted by path, roots in the given order.
pub fn discover(roots: &[PathBuf]) -> Result<Vec<KernelFile>, DiscoverError> {
    let mut kernels = Vec::new();
    for root in roots {
        let meta = std::fs::metadata(root).map_err(|source| match source.kind() {
            io::ErrorKind::NotFound => DiscoverError::Missing { path: root.clone() },
            _ => DiscoverError::Io {
                path: root.clone(),
                source,
            },
        })?;
        if meta.is_dir() {
            let mut found = Vec::new();
            walk(root, &mut found)?;
            found.sort();
            let named = roots.len() > 1;
            kernels.extend(
                found
                    .into_iter()
                    .map(|path| kernel_below(root, path, named)),
            );
        } else {
            // A file named directly is run whatever its extension.
            let name = root.file_name().map_or_else(
                || root.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            kernels.push(KernelFile {
                path: root.clone(),
                rel: name,
                category: ".".to_string(),
            });
        }
    }
    Ok(kernels)
}

fn is_kernel(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| KERNEL_EXTENSIONS.contains(&e))
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> Result<(), DiscoverError> {
    let io_error = |source| DiscoverError::Io {
        path: dir.to_path_buf(),
        source,
    };
    for entry in std::fs::read_dir(dir).map_err(io_error)? {
        let entry = entry.map_err(io_error)?;
        let path = entry.path();
        // Symbolic links to directories are not followed (no cycles); links to files are.
        if entry.file_type().map_err(io_error)?.is_dir() {
            walk(&path, found)?;
        } else if is_kernel(&path) && path.is_file() {
            found.push(path);
        }
    }
    Ok(())
}

fn kernel_below(root: &Path, path: PathBuf, named_root: bool) -> KernelFile {
    let parts: Vec<String> = path
        .strip_prefix(root)
        .unwrap_or(&path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    // The first directory below the root; for a kernel right in the root, `.`, or with
    // several roots the root's own name (`lockstep test dir/a dir/b` reports per directory).
    let category = if parts.len() > 1 {
        parts[0].clone()
    } else if named_root {
        root.file_name()
            .map_or(".".to_string(), |n| n.to_string_lossy().into_owned())
    } else {
        ".".to_string()
    };
    KernelFile {
        rel: parts.join("/"),
        category,
        path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_kernels_recursively_sorted_with_categories() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for file in [
            "b/z.cl",
            "b/a/k.cu",
            "a/x.ll",
            "top.cl",
            "a/notes.txt",
            "a/k.c",
        ] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let kernels = discover(&[root.to_path_buf()]).unwrap();
        let rels: Vec<(&str, &str)> = kernels
            .iter()
            .map(|k| (k.rel.as_str(), k.category.as_str()))
            .collect();
        assert_eq!(
            rels,
            [
                ("a/x.ll", "a"),
                ("b/a/k.cu", "b"),
                ("b/z.cl", "b"),
                ("top.cl", ".")
            ]
        );
        assert_eq!(kernels[0].path, root.join("a/x.ll"));
        // With several roots, a kernel right in one is counted under the root's name.
        let kernels = discover(&[root.join("a"), root.join("b")]).unwrap();
        let rels: Vec<(&str, &str)> = kernels
            .iter()
            .map(|k| (k.rel.as_str(), k.category.as_str()))
            .collect();
        assert_eq!(rels, [("x.ll", "a"), ("a/k.cu", "a"), ("z.cl", "b")]);
    }

    #[test]
    fn a_file_given_directly_is_its_own_kernel() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("one.cu");
        std::fs::write(&file, "").unwrap();
        let kernels = discover(std::slice::from_ref(&file)).unwrap();
        assert_eq!(kernels.len(), 1);
        assert_eq!(kernels[0].rel, "one.cu");
        assert_eq!(kernels[0].path, file);
    }

    #[test]
    fn a_missing_path_is_an_error() {
        let err = discover(&[PathBuf::from("/no/such/dir/here")]).unwrap_err();
        assert!(matches!(err, DiscoverError::Missing { .. }));
    }
}
