//! The KIR text parser: the inverse of the printer (`impl Display for Kernel`), so that
//! `parse(print(k))` prints as `k` does, and kernels for tests can be written as text.
//!
//! # Grammar
//!
//! One kernel is a header line, declarations (indented), then blocks. Blank lines and
//! lines whose first non-blank character is `;` are comments.
//!
//! ```text
//! kernel NAME ; phase (Lifted | Sorted | Predicated | TwoThread)
//!   file N "debug-escaped name"                 (N counts from 0)
//!   param NAME = VAR [; bytes from N] | param NAME = &rN | param NAME opaque
//!   region rN:NAME SPACE elem N [size N] ORIGIN   (SPACE, ORIGIN as Rust's Debug)
//!   var VAR : (bool | bvN) KIND                  (KIND: Param { index: N },
//!                                                  Builtin(LocalId(0)), Instrumentation,
//!                                                  Private)
//! bN:NAME [  ; FILE:LINE:COL]                    (a block label; blocks are laid out in
//!     STMT [  ; FILE:LINE:COL]                     the order of their labels)
//!     TERMINATOR
//! ```
//!
//! Statements (`G => ` is an optional guard, the predicate of an access or barrier,
//! printed when it is not `true`; `$1 `/`$2 ` tags a two-thread access):
//!
//! ```text
//! VAR := EXPR            havoc VAR            assume EXPR          assert EXPR  {ORIGIN}
//! G => barrier [grid] [local[(EXPR)]] [global[(EXPR)]]
//! G => $1 VAR := readBITS rN:NAME[EXPR]      G => $1 writeBITS rN:NAME[EXPR] := EXPR
//! G => $1 [VAR := ]atomic_OPBITS rN:NAME[EXPR]      G => havoc_memory rN:NAME
//! ```
//!
//! Terminators: `goto bN:NAME`, `goto bN:NAME, bM:NAME, …` (a non-deterministic choice),
//! `branch EXPR ? bN:NAME : bM:NAME`, `switch EXPR [V: bN:NAME, …, default: bM:NAME]`,
//! `return`, `unreachable`. A target must carry its label's name; a target without a
//! label is a block that is not laid out. A block or region the kernel does not have
//! prints, and parses, as a bare `bN`/`rN`.
//!
//! Expressions: an operand of a binary operator or of `c ? a : b` is an atom, so operators
//! never chain without parentheses. Atoms: `(EXPR)`, `!A`, `~A`, `-A`, `NbvW` (or `-NbvW`
//! for small negative constants), `true`, `false`, a variable, `zextW(EXPR)`,
//! `sextW(EXPR)`, `truncW(EXPR)`, `FUNC(EXPR, …)`. Binary operators are those of
//! [`crate::BinOp::symbol`].
//!
//! Variables are named as the printer names them: `NAME`, `NAME#I` when several variables
//! share a name (`I` is the variable's index), `vI` for an unnamed one and `<bad-var>`
//! for a handle out of range. Names are letters, digits and `_ . $ # '`, and after the
//! first character also `+`, `-` and `[N]` (the lifter's `s+8`, `q.arr[2]`). Only variables
//! that are not thread-private are declared; the type of a private variable is inferred
//! from its uses (bit-vectors of unknown width default to `bv32`), or given by an
//! optional `var NAME : TYPE Private` line, which the printer does not print. In a
//! `TwoThread` kernel, `NAME$1`/`NAME$2` are the thread copies of `NAME`.
//!
//! What the text does not carry is not restored: statement witnesses, region dimensions,
//! the kernel's own location and its bodiless calls. A `goto` with one target is a
//! `Goto` (a one-way `Choice` prints the same).
//!
//! The parser never panics on its input; errors carry a 1-based line and column.

mod cursor;
mod decl;
mod expr;
mod infer;
mod names;
mod stmt;

use std::collections::HashMap;

use crate::entities::Block;
use crate::kernel::Kernel;
use crate::syntax::*;
use cursor::Cursor;
use names::Symbols;

/// A parse error at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct ParseError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

/// Parses the text of exactly one kernel.
pub fn kernel(text: &str) -> Result<Kernel, ParseError> {
    let mut all = module(text)?;
    if all.len() > 1 {
        let line = kernel_lines(text).nth(1).unwrap_or(1);
        return Err(ParseError {
            line,
            col: 1,
            message: "expected one kernel, found more".into(),
        });
    }
    all.pop().ok_or_else(|| ParseError {
        line: 1,
        col: 1,
        message: "no `kernel` line".into(),
    })
}

/// Parses any number of kernels, one after the other.
pub fn module(text: &str) -> Result<Vec<Kernel>, ParseError> {
    let lines: Vec<(u32, &str)> = text.lines().zip(1..).map(|(l, n)| (n, l)).collect();
    let mut starts = Vec::new();
    for (i, (n, line)) in lines.iter().enumerate() {
        if line.starts_with("kernel ") {
            starts.push(i);
        } else if starts.is_empty() && !is_comment(line) {
            return Err(Cursor::new(*n, line).error("expected `kernel NAME ; phase PHASE`"));
        }
    }
    let mut out = Vec::new();
    for (j, &s) in starts.iter().enumerate() {
        let end = starts.get(j + 1).copied().unwrap_or(lines.len());
        out.push(one_kernel(&lines[s..end])?);
    }
    Ok(out)
}

fn kernel_lines(text: &str) -> impl Iterator<Item = u32> + '_ {
    text.lines()
        .zip(1..)
        .filter(|(l, _)| l.starts_with("kernel "))
        .map(|(_, n)| n)
}

fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with(';')
}

/// What the body parser needs to know besides the text: names and declarations.
struct Context {
    pub syms: Symbols,
    pub files: Vec<String>,
    pub regions: Vec<RegionData>,
    /// Block names by index, from the labels (read before any terminator).
    pub labels: HashMap<u32, String>,
    /// Blocks a terminator names that have no label (not laid out), with their names.
    pub unplaced: HashMap<u32, String>,
    pub phase: Phase,
}

fn one_kernel(lines: &[(u32, &str)]) -> Result<Kernel, ParseError> {
    let (n, head) = lines[0];
    let (name, phase) = header(&mut Cursor::new(n, head))?;
    let mut cx = Context {
        syms: Symbols::default(),
        files: Vec::new(),
        regions: Vec::new(),
        labels: HashMap::new(),
        unplaced: HashMap::new(),
        phase,
    };
    let mut k = Kernel::new(name);
    k.phase = phase;
    let body: Vec<(u32, &str)> = lines[1..]
        .iter()
        .copied()
        .filter(|(_, l)| !is_comment(l))
        .collect();
    let first_label = body
        .iter()
        .position(|(_, l)| !l.starts_with(char::is_whitespace))
        .unwrap_or(body.len());
    for &(n, line) in &body[..first_label] {
        decl::declaration(&mut cx, &mut k, &mut Cursor::new(n, line))?;
    }
    for &(n, line) in &body[first_label..] {
        if !line.starts_with(char::is_whitespace) {
            let (b, name) = stmt::label_name(&mut Cursor::new(n, line))?;
            if cx.labels.insert(b, name).is_some() {
                return Err(Cursor::new(n, line).error(format!("block b{b} is labelled twice")));
            }
        }
    }
    let blocks = blocks(&mut cx, &body[first_label..])?;
    k.files = std::mem::take(&mut cx.files);
    k.regions = std::mem::take(&mut cx.regions);
    assemble(cx, k, blocks)
}

fn header(c: &mut Cursor) -> Result<(String, Phase), ParseError> {
    c.expect("kernel ")?;
    let rest = c.rest();
    let Some(at) = rest.find(" ; phase ") else {
        return Err(c.error("expected `kernel NAME ; phase PHASE`"));
    };
    let name = rest[..at].to_string();
    c.advance(at + " ; phase ".len());
    let phase = match c.rest() {
        "Lifted" => Phase::Lifted,
        "Sorted" => Phase::Sorted,
        "Predicated" => Phase::Predicated,
        "TwoThread" => Phase::TwoThread,
        other => return Err(c.error(format!("unknown phase `{other}`"))),
    };
    Ok((name, phase))
}

/// Parses the labelled blocks: (index, data) in layout order.
fn blocks(cx: &mut Context, lines: &[(u32, &str)]) -> Result<Vec<(u32, BlockData)>, ParseError> {
    let mut out: Vec<(u32, BlockData)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = lines[i];
        let mut c = Cursor::new(n, line);
        let (b, name) = stmt::label_name(&mut c)?;
        let loc = stmt::trailing_loc(cx, &mut c)?;
        let mut end = i + 1;
        while end < lines.len() && lines[end].1.starts_with(char::is_whitespace) {
            end += 1;
        }
        let Some((&(tn, tline), stmt_lines)) = lines[i + 1..end].split_last() else {
            return Err(Cursor::new(n, line).error(format!("block b{b} has no terminator")));
        };
        let mut stmts = Vec::new();
        for &(sn, sline) in stmt_lines {
            stmts.push(stmt::statement(cx, &mut Cursor::body(sn, sline))?);
        }
        let term = stmt::terminator(cx, &mut Cursor::body(tn, tline))?;
        out.push((
            b,
            BlockData {
                name,
                stmts,
                term,
                loc,
            },
        ));
        i = end;
    }
    Ok(out)
}

/// Builds the kernel: block arena with the labelled blocks at their indices, variables
/// at theirs, then the inferred types.
fn assemble(
    mut cx: Context,
    mut k: Kernel,
    laid: Vec<(u32, BlockData)>,
) -> Result<Kernel, ParseError> {
    let top = laid
        .iter()
        .map(|(b, _)| *b)
        .chain(cx.unplaced.keys().copied())
        .max();
    let count = top.map_or(0, |t| t as usize + 1);
    k.blocks = (0..count)
        .map(|i| BlockData {
            name: cx.unplaced.remove(&(i as u32)).unwrap_or_default(),
            stmts: Vec::new(),
            term: Terminator::Unreachable,
            loc: None,
        })
        .collect();
    for (b, data) in laid {
        k.layout.push(Block(b));
        k.blocks[b as usize] = data;
    }
    let (vars, map) = cx.syms.assign(cx.phase)?;
    k.vars = vars;
    names::remap(&mut k, &map);
    infer::types(&mut k, &map.inferred);
    Ok(k)
}
