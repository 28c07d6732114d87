//! Every printed kernel in the workspace's insta snapshots (every phase: lifted, sorted,
//! predicated, two-thread) parses, prints back to the same text, and parses to the same
//! kernel again; the kernels verify (the types the text leaves out are inferred right).

use std::path::{Path, PathBuf};

fn snapshot_files() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    let Ok(dirs) = std::fs::read_dir(&crates) else {
        return out;
    };
    for dir in dirs.flatten() {
        for sub in ["tests/snapshots", "src/snapshots"] {
            let Ok(files) = std::fs::read_dir(dir.path().join(sub)) else {
                continue;
            };
            out.extend(
                files
                    .flatten()
                    .map(|f| f.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "snap")),
            );
        }
    }
    out.sort();
    out
}

/// The snapshot's contents after insta's header, if it is printed KIR.
fn kir_body(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("---\n")?;
    let at = rest.find("\n---\n")?;
    let body = &rest[at + 5..];
    body.starts_with("kernel ").then_some(body)
}

#[test]
fn every_printed_snapshot_round_trips() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in snapshot_files() {
        let text = std::fs::read_to_string(&path).expect("readable snapshot");
        let Some(body) = kir_body(&text) else {
            continue;
        };
        checked += 1;
        let name = path.display();
        let kernels = match kir::parse::module(body) {
            Ok(k) => k,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        for k in &kernels {
            if let Err(errors) = kir::verify(k) {
                failures.push(format!("{name}: does not verify: {}", errors[0]));
            }
        }
        let printed: String = kernels.iter().map(|k| k.to_string()).collect();
        if printed.trim_end() != body.trim_end() {
            let first = printed
                .lines()
                .zip(body.lines())
                .zip(1..)
                .find(|((a, b), _)| a != b)
                .map(|((a, b), n)| format!("line {n}:\n  printed  {a}\n  snapshot {b}"))
                .unwrap_or_else(|| "lengths differ".into());
            failures.push(format!("{name}: {first}"));
            continue;
        }
        let again = kir::parse::module(&printed).expect("printed text parses");
        if again != kernels {
            failures.push(format!("{name}: reparsed kernel differs"));
        }
    }
    assert!(checked >= 50, "only {checked} KIR snapshots found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
