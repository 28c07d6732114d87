//! The `.kir` files of `tests/structured`: each kernel (sorted by `cfg::sort` first when
//! it is lifted) is predicated by `predicate::Structured`, and the predicated kernel
//! (which must verify) is what the file's `; expect:` section shows; or predication
//! fails with the file's `; error:` lines (unstructured control flow, named).

use std::path::Path;

use kir::Phase;
use predicate::{Predicator, Structured};

fn predicate(case: &kir::filetest::Case) -> Result<String, Vec<String>> {
    let one = |e: String| vec![e];
    let mut k = kir::parse::kernel(&case.input).map_err(|e| one(e.to_string()))?;
    if k.phase == Phase::Lifted {
        k = cfg::sort(k).map_err(|e| one(e.to_string()))?;
    }
    let p = Structured.predicate(k).map_err(|e| one(e.to_string()))?;
    kir::verify(&p).map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
    Ok(p.to_string())
}

#[test]
fn structured_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/structured");
    match kir::filetest::run_dir(&dir, predicate) {
        Ok(n) => assert!(n >= 10, "only {n} files"),
        Err(report) => panic!("{report}"),
    }
}
