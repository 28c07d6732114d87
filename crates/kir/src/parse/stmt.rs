//! Block labels, statements, terminators and assertion origins.

use super::cursor::{is_name_char, Cursor};
use super::expr::{atom, expr};
use super::{Context, ParseError};
use crate::entities::{Block, Region, Var};
use crate::syntax::*;

/// `bN:NAME` of a label line (the name runs to the end or to `  ; `).
pub(super) fn label_name(c: &mut Cursor) -> Result<(u32, String), ParseError> {
    c.expect("b")?;
    let start = *c;
    let b = c.small()?;
    if b as usize > super::names::MAX_BLOCKS {
        return Err(start.error(format!("block index {b} is too large")));
    }
    c.expect(":")?;
    let len = c.rest().find("  ; ").unwrap_or(c.rest().len());
    let name = c.rest()[..len].to_string();
    c.advance(len);
    Ok((b, name))
}

/// The `  ; FILE:LINE:COL` at the end of the cursor's text, if any; the cursor then ends
/// before it.
pub(super) fn trailing_loc(cx: &Context, c: &mut Cursor) -> Result<Option<Loc>, ParseError> {
    let Some(at) = c.rest().find("  ; ") else {
        return Ok(None);
    };
    let mut l = c.sub(at + 4, c.rest().len() - at - 4);
    c.truncate(at);
    let text = l.rest();
    let mut parts = text.rsplitn(3, ':');
    let (col, line, file) = match (parts.next(), parts.next(), parts.next()) {
        (Some(col), Some(line), Some(file)) => (col, line, file),
        _ => return Err(l.error("expected a location `FILE:LINE:COL`")),
    };
    let file = match cx.files.iter().position(|f| f == file) {
        Some(i) => i as u32,
        None if file == "<unknown>" => cx.files.len() as u32,
        None => return Err(l.error(format!("file `{file}` is not declared"))),
    };
    let (Ok(line), Ok(col)) = (line.parse(), col.parse()) else {
        l.advance(text.len() - col.len() - line.len() - 1);
        return Err(l.error("expected a location `FILE:LINE:COL`"));
    };
    Ok(Some(Loc { file, line, col }))
}

/// How deep an expression may nest (the parser, printer and passes recurse on it).
const MAX_DEPTH: usize = 200;

/// Rejects lines whose expressions nest deeper than [`MAX_DEPTH`].
fn shallow(c: &Cursor) -> Result<(), ParseError> {
    let (mut parens, mut prefixes, mut worst) = (0usize, 0usize, 0usize);
    for ch in c.rest().chars() {
        match ch {
            '(' => parens += 1,
            ')' => parens = parens.saturating_sub(1),
            '!' | '~' | '-' => prefixes += 1,
            _ => prefixes = 0,
        }
        worst = worst.max(parens + prefixes);
    }
    if worst > MAX_DEPTH {
        return Err(c.error(format!("expression nested deeper than {MAX_DEPTH}")));
    }
    Ok(())
}

/// One statement line (after the indentation).
pub(super) fn statement(cx: &mut Context, c: &mut Cursor) -> Result<StmtData, ParseError> {
    let loc = trailing_loc(cx, c)?;
    shallow(c)?;
    let start = *c;
    let pred = if c.rest().contains(" => ") {
        let p = atom(&mut cx.syms, c)?;
        c.spaces();
        c.expect("=>")?;
        c.spaces();
        p
    } else {
        Expr::tt()
    };
    let thread = if c.eat("$1 ") {
        Some(Thread::T1)
    } else if c.eat("$2 ") {
        Some(Thread::T2)
    } else {
        None
    };
    let stmt = access(cx, c, pred.clone(), thread)?;
    let stmt = match stmt {
        Some(s) => s,
        None if pred.is_true() && thread.is_none() => plain(cx, c)?,
        None => {
            return Err(start.error("only an access, a barrier or `havoc_memory` takes a guard"))
        }
    };
    c.finish()?;
    Ok(StmtData::new(stmt, loc))
}

/// A statement without guard: assignment, `havoc`, `assume`, `assert`.
fn plain(cx: &mut Context, c: &mut Cursor) -> Result<Stmt, ParseError> {
    if assigns(c) {
        let dst = var(cx, c)?;
        c.spaces();
        c.expect(":=")?;
        c.spaces();
        let value = expr(&mut cx.syms, c)?;
        return Ok(Stmt::Assign { dst, value });
    }
    if c.keyword("havoc") {
        c.spaces();
        return Ok(Stmt::Havoc { dst: var(cx, c)? });
    }
    if c.keyword("assume") {
        c.spaces();
        let cond = expr(&mut cx.syms, c)?;
        return Ok(Stmt::Assume { cond });
    }
    if c.keyword("assert") {
        c.spaces();
        let cond = expr(&mut cx.syms, c)?;
        c.spaces();
        c.expect("{")?;
        let Some(end) = c.rest().rfind('}') else {
            return Err(c.error("expected `}` after the assertion's origin"));
        };
        let origin = origin(&mut c.sub(0, end))?;
        c.advance(end + 1);
        return Ok(Stmt::Assert { cond, origin });
    }
    Err(c.error(format!("expected a statement, found {}", c.found())))
}

/// Whether the line is `VAR := …`.
fn assigns(c: &Cursor) -> bool {
    let mut probe = *c;
    if !probe.eat("<bad-var>") {
        probe.name();
    }
    probe.mark() > c.mark() && probe.rest().starts_with(" := ")
}

fn var(cx: &mut Context, c: &mut Cursor) -> Result<Var, ParseError> {
    if c.eat("<bad-var>") {
        return Ok(Var(u32::MAX));
    }
    let at = c.place();
    let name = c.name();
    if name.is_empty() {
        return Err(c.error(format!("expected a variable, found {}", c.found())));
    }
    Ok(cx.syms.get(name, at))
}

/// Statements that take a guard and a thread: `None` if the line is none of them.
fn access(
    cx: &mut Context,
    c: &mut Cursor,
    pred: Expr,
    thread: Option<Thread>,
) -> Result<Option<Stmt>, ParseError> {
    let mut dst = None;
    if assigns(c) {
        let mark = c.mark();
        let d = var(cx, c)?;
        c.expect(" := ")?;
        if let Some(bytes) = sized(c, "read")? {
            let (region, offset) = place(cx, c)?;
            return Ok(Some(Stmt::Read {
                pred,
                dst: d,
                region,
                offset,
                bytes,
                thread,
            }));
        }
        if !c.rest().starts_with("atomic_") {
            c.reset(mark);
            return Ok(None);
        }
        dst = Some(d);
    }
    if c.eat("atomic_") {
        let start = *c;
        let word = c.name();
        let (op, bytes) = atomic_op(word).ok_or_else(|| start.error("expected `atomic_OPBITS`"))?;
        c.spaces();
        let (region, offset) = place(cx, c)?;
        return Ok(Some(Stmt::Atomic {
            pred,
            dst,
            region,
            offset,
            bytes,
            op,
            thread,
        }));
    }
    if let Some(bytes) = sized(c, "write")? {
        let (region, offset) = place(cx, c)?;
        c.spaces();
        c.expect(":=")?;
        c.spaces();
        let value = expr(&mut cx.syms, c)?;
        return Ok(Some(Stmt::Write {
            pred,
            region,
            offset,
            value,
            bytes,
            thread,
        }));
    }
    if c.keyword("havoc_memory") {
        c.spaces();
        let region = region(cx, c)?;
        return Ok(Some(Stmt::HavocMemory { pred, region }));
    }
    if c.keyword("barrier") {
        return barrier(cx, c, pred).map(Some);
    }
    Ok(None)
}

/// `readBITS `/`writeBITS `: the access's size in bytes.
fn sized(c: &mut Cursor, word: &str) -> Result<Option<u32>, ParseError> {
    let mark = c.mark();
    if !c.eat(word) || !c.peek().is_some_and(|d| d.is_ascii_digit()) {
        c.reset(mark);
        return Ok(None);
    }
    let start = *c;
    let bits = c.small()?;
    if !c.eat(" ") {
        c.reset(mark);
        return Ok(None);
    }
    if bits == 0 || bits % 8 != 0 {
        return Err(start.error(format!("an access moves whole bytes, not {bits} bits")));
    }
    Ok(Some(bits / 8))
}

/// `add32` → (`add`, 4): the shortest run of final digits that is a size of 8 to 128 bits.
fn atomic_op(word: &str) -> Option<(String, u32)> {
    let digits = word.len() - word.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    (1..=digits).find_map(|n| {
        let (op, bits) = word.split_at(word.len() - n);
        let bits: u32 = bits.parse().ok()?;
        (!op.is_empty() && matches!(bits, 8 | 16 | 32 | 64 | 128))
            .then(|| (op.to_string(), bits / 8))
    })
}

/// `rN:NAME[EXPR]`.
fn place(cx: &mut Context, c: &mut Cursor) -> Result<(Region, Expr), ParseError> {
    let region = region(cx, c)?;
    c.expect("[")?;
    let offset = expr(&mut cx.syms, c)?;
    c.expect("]")?;
    Ok((region, offset))
}

/// `rN:NAME`, or `rN` for a region the kernel does not declare.
fn region(cx: &Context, c: &mut Cursor) -> Result<Region, ParseError> {
    let start = *c;
    c.expect("r")?;
    let r = c.small()?;
    let Some(data) = cx.regions.get(r as usize) else {
        if c.rest().starts_with(':') {
            return Err(start.error(format!("region r{r} is not declared")));
        }
        return Ok(Region(r));
    };
    if c.eat(":") && !c.eat(&data.name) {
        return Err(c.error(format!("region r{r} is named `{}`", data.name)));
    }
    Ok(Region(r))
}

fn barrier(cx: &mut Context, c: &mut Cursor, pred: Expr) -> Result<Stmt, ParseError> {
    let mut scope = BarrierScope::Group;
    let mut fence = Fence::default();
    let mut flags = FenceFlags::default();
    c.spaces();
    if c.keyword("grid") {
        scope = BarrierScope::Grid;
        c.spaces();
    }
    let flag = |c: &mut Cursor, cx: &mut Context| -> Result<Option<Expr>, ParseError> {
        if !c.eat("(") {
            return Ok(None);
        }
        let e = expr(&mut cx.syms, c)?;
        c.expect(")")?;
        c.spaces();
        Ok(Some(e))
    };
    if c.keyword("local") {
        fence.local = true;
        flags.local = flag(c, cx)?;
        c.spaces();
    }
    if c.keyword("global") {
        fence.global = true;
        flags.global = flag(c, cx)?;
    }
    Ok(Stmt::Barrier {
        pred,
        fence,
        scope,
        flags,
    })
}

/// The last line of a block.
pub(super) fn terminator(cx: &mut Context, c: &mut Cursor) -> Result<Terminator, ParseError> {
    shallow(c)?;
    let t = if c.keyword("return") {
        Terminator::Return
    } else if c.keyword("unreachable") {
        Terminator::Unreachable
    } else if c.keyword("goto") {
        let mut targets = Vec::new();
        c.spaces();
        while !c.at_end() {
            if !targets.is_empty() {
                c.expect(",")?;
                c.spaces();
            }
            targets.push(block(cx, c)?);
            c.spaces();
        }
        match targets.as_slice() {
            [one] => Terminator::Goto(*one),
            _ => Terminator::Choice(targets),
        }
    } else if c.keyword("branch") {
        c.spaces();
        branch(cx, c)?
    } else if c.keyword("switch") {
        c.spaces();
        switch(cx, c)?
    } else {
        return Err(c.error(format!(
            "expected a terminator (`goto`, `branch`, `switch`, `return`, `unreachable`), \
             found {}",
            c.found()
        )));
    };
    c.finish()?;
    Ok(t)
}

/// `EXPR ? bN:NAME : bM:NAME`; the condition may itself be `c ? a : b`.
fn branch(cx: &mut Context, c: &mut Cursor) -> Result<Terminator, ParseError> {
    let mark = c.mark();
    let cond = atom(&mut cx.syms, c)?;
    if let Ok(Some((then_to, else_to))) = targets(cx, c) {
        return Ok(Terminator::Branch {
            cond,
            then_to,
            else_to,
        });
    }
    c.reset(mark);
    let cond = expr(&mut cx.syms, c)?;
    let (then_to, else_to) = targets(cx, c)?.ok_or_else(|| c.error("expected `? bN : bM`"))?;
    Ok(Terminator::Branch {
        cond,
        then_to,
        else_to,
    })
}

/// ` ? bN:NAME : bM:NAME` up to the end of the line.
fn targets(cx: &mut Context, c: &mut Cursor) -> Result<Option<(Block, Block)>, ParseError> {
    c.spaces();
    c.expect("?")?;
    c.spaces();
    let a = block(cx, c)?;
    c.spaces();
    c.expect(":")?;
    c.spaces();
    let b = block(cx, c)?;
    c.spaces();
    Ok(c.at_end().then_some((a, b)))
}

fn switch(cx: &mut Context, c: &mut Cursor) -> Result<Terminator, ParseError> {
    let value = expr(&mut cx.syms, c)?;
    c.spaces();
    c.expect("[")?;
    let mut cases = Vec::new();
    loop {
        c.spaces();
        if c.keyword("default") {
            c.expect(":")?;
            c.spaces();
            let default = block(cx, c)?;
            c.expect("]")?;
            return Ok(Terminator::Switch {
                value,
                cases,
                default,
            });
        }
        let v = c.number()?;
        c.expect(":")?;
        c.spaces();
        cases.push((v, block(cx, c)?));
        c.expect(",")?;
    }
}

/// `bN:NAME` (the name must be the label's), or `bN` for a block with no data.
fn block(cx: &mut Context, c: &mut Cursor) -> Result<Block, ParseError> {
    let start = *c;
    c.expect("b")?;
    let b = c.small()?;
    if !c.eat(":") {
        return Ok(Block(b));
    }
    if let Some(name) = cx.labels.get(&b) {
        if !c.eat(name) || c.peek().is_some_and(|ch| !matches!(ch, ' ' | ',' | ']')) {
            return Err(c.error(format!("block b{b} is labelled `{name}`")));
        }
        return Ok(Block(b));
    }
    let name = c.take_while(|ch| !matches!(ch, ' ' | ',' | ']'));
    if b as usize > super::names::MAX_BLOCKS {
        return Err(start.error(format!("block index {b} is too large")));
    }
    cx.unplaced.insert(b, name.to_string());
    Ok(Block(b))
}

/// The text between an assertion's braces.
fn origin(c: &mut Cursor) -> Result<AssertOrigin, ParseError> {
    let start = *c;
    let word = c.take_while(|ch| is_name_char(ch) || ch == '-');
    let entry = |c: &mut Cursor| -> Result<bool, ParseError> {
        c.spaces();
        if c.keyword("entry") {
            Ok(true)
        } else if c.keyword("preserved") {
            Ok(false)
        } else {
            Err(c.error("expected `entry` or `preserved`"))
        }
    };
    let region = |c: &mut Cursor| -> Result<Region, ParseError> {
        c.spaces();
        c.expect("r")?;
        Ok(Region(c.small()?))
    };
    let o = match word {
        "user" => AssertOrigin::User,
        "barrier-divergence" => AssertOrigin::BarrierDivergence,
        "null-pointer" => AssertOrigin::NullPointer,
        "invalid-function-pointer" => AssertOrigin::InvalidFunctionPointer,
        "unwind-bound" => AssertOrigin::UnwindBound,
        "user-global" => AssertOrigin::UserGlobal,
        "function-wide-invariant" => AssertOrigin::FunctionWideInvariant,
        "barrier-invariant" => AssertOrigin::BarrierInvariant,
        "postcondition" => AssertOrigin::Postcondition,
        "candidate" => AssertOrigin::CandidateInvariant { global: false },
        "global-candidate" => AssertOrigin::CandidateInvariant { global: true },
        "constant-write" => AssertOrigin::ConstantWrite { region: region(c)? },
        "array-bounds" => AssertOrigin::ArrayBounds { region: region(c)? },
        "barrier-invariant-access" => AssertOrigin::BarrierInvariantAccess { region: region(c)? },
        "group-uniform" => {
            c.spaces();
            let function = c.rest().to_string();
            c.advance(function.len());
            AssertOrigin::GroupUniform { function }
        }
        "race" => {
            let region = region(c)?;
            c.spaces();
            let first = access_kind(c)?;
            c.expect("-")?;
            let second = access_kind(c)?;
            AssertOrigin::Race {
                region,
                first,
                second,
            }
        }
        "global-invariant" => AssertOrigin::LoopInvariant {
            global: true,
            at_entry: entry(c)?,
        },
        "invariant" => {
            c.spaces();
            if c.peek().is_some_and(|d| d.is_ascii_digit()) {
                let index = c.small()?;
                AssertOrigin::Invariant {
                    index,
                    at_entry: entry(c)?,
                }
            } else {
                AssertOrigin::LoopInvariant {
                    global: false,
                    at_entry: entry(c)?,
                }
            }
        }
        other => return Err(start.error(format!("unknown assertion origin `{other}`"))),
    };
    c.finish()?;
    Ok(o)
}

fn access_kind(c: &mut Cursor) -> Result<AccessKind, ParseError> {
    let start = *c;
    match c.take_while(|ch| ch.is_alphabetic()) {
        "Read" => Ok(AccessKind::Read),
        "Write" => Ok(AccessKind::Write),
        "Atomic" => Ok(AccessKind::Atomic),
        other => Err(start.error(format!("unknown access kind `{other}`"))),
    }
}
