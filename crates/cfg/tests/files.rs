//! The `.kir` files of `tests/files`: each kernel is sorted by `cfg::sort`, and the sorted
//! kernel (which must be a sort order and verify) is what the file's `; expect:` section
//! shows; or the sort fails with the file's `; error:` lines.

use std::path::Path;

fn sort(case: &kir::filetest::Case) -> Result<String, Vec<String>> {
    let k = kir::parse::kernel(&case.input).map_err(|e| vec![e.to_string()])?;
    let sorted = cfg::sort(k).map_err(|e| vec![e.to_string()])?;
    cfg::check_order(&sorted).map_err(|e| vec![format!("not a sort order: {e}")])?;
    kir::verify(&sorted).map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
    Ok(sorted.to_string())
}

#[test]
fn sort_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/files");
    match kir::filetest::run_dir(&dir, sort) {
        Ok(n) => assert!(n >= 8, "only {n} files"),
        Err(report) => panic!("{report}"),
    }
}
