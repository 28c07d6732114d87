//! The `.kir` files of `tests/files`: each parses and verifies, printing itself back, or
//! fails with the parse or verifier errors its `; error:` lines state.

use std::path::Path;

fn parse_and_verify(case: &kir::filetest::Case) -> Result<String, Vec<String>> {
    let kernels = kir::parse::module(&case.input).map_err(|e| vec![e.to_string()])?;
    let mut errors = Vec::new();
    for k in &kernels {
        if let Err(e) = kir::verify(k) {
            errors.extend(e.iter().map(|e| e.to_string()));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(kernels.iter().map(|k| k.to_string()).collect())
}

#[test]
fn kir_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/files");
    match kir::filetest::run_dir(&dir, parse_and_verify) {
        Ok(n) => assert!(n >= 20, "only {n} files"),
        Err(report) => panic!("{report}"),
    }
}

/// Parses `text` and, if it parses, prints and verifies the kernels.
fn use_it(text: &str) {
    for k in kir::parse::module(text).unwrap_or_default() {
        let _ = k.to_string();
        let _ = kir::verify(&k);
    }
}

/// Every prefix of every line of every test file, and lines with a character deleted,
/// parse to a kernel or to an error (and what parses prints and verifies): the parser
/// never panics on its input.
#[test]
fn damaged_files_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/files");
    let mut tried = 0;
    for entry in std::fs::read_dir(dir).expect("tests/files").flatten() {
        let text = std::fs::read_to_string(entry.path()).expect("readable");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let cuts = line.char_indices().map(|(at, _)| at).chain([line.len()]);
            for at in cuts {
                let mut damaged = lines.clone();
                let cut = &line[..at];
                damaged[i] = cut;
                use_it(&damaged.join("\n"));
                let deleted: String = line[..at]
                    .chars()
                    .chain(line[at..].chars().skip(1))
                    .collect();
                damaged[i] = &deleted;
                use_it(&damaged.join("\n"));
                tried += 2;
            }
        }
    }
    let deep = format!(
        "kernel k ; phase Lifted\nb0:e\n    x := {}y{}\n    return\n",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    assert!(kir::parse::module(&deep).is_err());
    assert!(tried > 1000);
}
