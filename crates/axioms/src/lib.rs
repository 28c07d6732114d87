//! `--boogie-file`: GPUVerify's way of adding Boogie axioms about the uninterpreted
//! functions a kernel declares (`DECLARE_UF_BINARY(f, int, int, int)`). An input stage
//! beside `driver`: it reads the files into a typed AST ([`File`]), and [`resolve`] checks
//! their axioms against the kernel's functions, giving [`Term`]s the `smt` crate asserts.
//!
//! The subset read: `type T = bvN;` synonyms; `function NAME(T, ...) : T;`, uninterpreted
//! or `{:bvbuiltin "bvadd"}` (and the other bit-vector builtins of [`Builtin`]);
//! `axiom e;` over `forall`/`exists` with typed bound variables and `{ ... }` triggers,
//! `<==>`, `==>`, `&&`, `||`, `==`, `!=`, `!`, applications, `5bv32` literals,
//! `true`/`false`; types `bool`, `bvN` (1..=64) and synonyms; `//` and `/* */` comments.
//! Anything else is an [`AxiomError::Unsupported`] naming it, never skipped.

mod ast;
mod check;
mod error;
mod exprs;
mod lexer;
mod parser;

use std::path::Path;
use std::sync::Arc;

pub use ast::{Axiom, BinOp, Builtin, Expr, ExprKind, File, Function, Quant, Type};
pub use check::{resolve, usable_trigger, Resolved, Signature, Term};
pub use error::{AxiomError, Pos};
pub use parser::parse;

/// Reads and parses the `--boogie-file` at `path` (named in positions as given).
pub fn read(path: &Path) -> Result<File, AxiomError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| AxiomError::Read {
        path: shown.clone(),
        message: e.to_string(),
    })?;
    parse(&shown, &text)
}

/// The axiom files of one run, shared cheaply by every solver call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Axioms {
    files: Arc<Vec<File>>,
}

impl Axioms {
    pub fn new(files: Vec<File>) -> Axioms {
        Axioms {
            files: Arc::new(files),
        }
    }

    /// Reads every file, in order; the first error stops.
    pub fn read_all(paths: &[impl AsRef<Path>]) -> Result<Axioms, AxiomError> {
        let files = paths
            .iter()
            .map(|p| read(p.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Axioms::new(files))
    }

    pub fn files(&self) -> &[File] {
        &self.files
    }

    /// No axiom at all (no file, or files with declarations only).
    pub fn is_empty(&self) -> bool {
        self.files.iter().all(|f| f.axioms.is_empty())
    }

    /// [`resolve`] over all the files.
    pub fn resolve(
        &self,
        kernel: &std::collections::BTreeMap<String, Signature>,
    ) -> Result<Resolved, AxiomError> {
        resolve(&self.files, kernel)
    }
}

#[cfg(test)]
mod tests;
