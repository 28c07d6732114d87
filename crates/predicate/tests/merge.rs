//! The `.kir` files of `tests/merge`: each predicated kernel goes through
//! `predicate::merge_accesses`, and the result (which must verify) is what the file's
//! `; expect:` section shows (`KIR_BLESS=1` rewrites it; read the diff).

use std::path::Path;

fn merge(case: &kir::filetest::Case) -> Result<String, Vec<String>> {
    let one = |e: String| vec![e];
    let mut k = kir::parse::kernel(&case.input).map_err(|e| one(e.to_string()))?;
    predicate::merge_accesses(&mut k);
    kir::verify(&k).map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
    Ok(k.to_string())
}

#[test]
fn merge_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/merge");
    match kir::filetest::run_dir(&dir, merge) {
        Ok(n) => assert!(n >= 5, "only {n} files"),
        Err(report) => panic!("{report}"),
    }
}
