//! The `.kir` files of `tests/files`: each kernel (sorted by `cfg::sort` first when it is
//! lifted) is predicated by `predicate::Unstructured`, and the predicated kernel (which
//! must verify) is what the file's `; expect:` section shows; or predication fails with
//! the file's `; error:` lines.

use std::path::Path;

use kir::Phase;
use predicate::{Predicator, Unstructured};

fn predicate(case: &kir::filetest::Case) -> Result<String, Vec<String>> {
    let one = |e: String| vec![e];
    let mut k = kir::parse::kernel(&case.input).map_err(|e| one(e.to_string()))?;
    if k.phase == Phase::Lifted {
        k = cfg::sort(k).map_err(|e| one(e.to_string()))?;
    }
    let p = Unstructured.predicate(k).map_err(|e| one(e.to_string()))?;
    kir::verify(&p).map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
    Ok(p.to_string())
}

#[test]
fn predicate_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/files");
    match kir::filetest::run_dir(&dir, predicate) {
        Ok(n) => assert!(n >= 8, "only {n} files"),
        Err(report) => panic!("{report}"),
    }
}
