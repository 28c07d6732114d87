//! Expressions: `atom`, `atom OP atom`, `atom ? atom : atom`.

use super::cursor::Cursor;
use super::names::Symbols;
use super::ParseError;
use crate::entities::Var;
use crate::syntax::*;

/// Binary operators, longest symbols first so that `<=u` is not read as `<`.
const BINOPS: [BinOp; 24] = {
    use BinOp::*;
    [
        Implies, Ule, Sle, Uge, Sge, LShr, AShr, Eq, Ne, Shl, Ult, Slt, Ugt, Sgt, UDiv, SDiv, URem,
        SRem, Add, Sub, Mul, And, Or, Xor,
    ]
};

fn binop(c: &mut Cursor) -> Option<BinOp> {
    let rest = c.rest();
    // `=>` is a guard, `:=` an assignment; neither is an operator.
    let op = BINOPS.iter().find(|op| rest.starts_with(op.symbol()))?;
    c.advance(op.symbol().len());
    Some(*op)
}

/// An expression: an atom, optionally followed by a binary operator and an atom, or by
/// `? atom : atom`.
pub(super) fn expr(syms: &mut Symbols, c: &mut Cursor) -> Result<Expr, ParseError> {
    let a = atom(syms, c)?;
    let mark = c.mark();
    c.spaces();
    if let Some(op) = binop(c) {
        c.spaces();
        let b = atom(syms, c)?;
        let after = c.mark();
        c.spaces();
        if binop(c).is_some() {
            c.reset(after);
            c.spaces();
            return Err(c.error("operators do not chain: add parentheses"));
        }
        c.reset(after);
        return Ok(Expr::bin(op, a, b));
    }
    if c.eat("?") {
        c.spaces();
        let t = atom(syms, c)?;
        c.spaces();
        c.expect(":")?;
        c.spaces();
        let e = atom(syms, c)?;
        return Ok(Expr::Ite(Box::new(a), Box::new(t), Box::new(e)));
    }
    c.reset(mark);
    Ok(a)
}

/// An atom: anything but an unparenthesised binary operation or choice.
pub(super) fn atom(syms: &mut Symbols, c: &mut Cursor) -> Result<Expr, ParseError> {
    if c.eat("(") {
        c.spaces();
        let e = expr(syms, c)?;
        c.spaces();
        c.expect(")")?;
        return Ok(e);
    }
    let unary = |op, syms: &mut Symbols, c: &mut Cursor| -> Result<Expr, ParseError> {
        Ok(Expr::Unary(op, Box::new(atom(syms, c)?)))
    };
    if c.eat("!") {
        return unary(UnOp::Not, syms, c);
    }
    if c.eat("~") {
        return unary(UnOp::BvNot, syms, c);
    }
    if c.rest().starts_with('-') {
        let mark = c.mark();
        c.advance(1);
        if c.peek().is_some_and(|d| d.is_ascii_digit()) {
            let (value, width) = literal(c)?;
            // The printer writes `-NbvW` for constants from -1023 to -1; anything else
            // of that form is the negation of a constant.
            if (1..1024).contains(&value) {
                let neg = (value as i64).wrapping_neg() as u64;
                let value = if width == 0 || width >= 64 {
                    neg
                } else {
                    neg & crate::mask(width)
                };
                return Ok(Expr::Int { value, width });
            }
            return Ok(Expr::Unary(UnOp::Neg, Box::new(Expr::Int { value, width })));
        }
        c.reset(mark + 1);
        return unary(UnOp::Neg, syms, c);
    }
    if c.peek().is_some_and(|d| d.is_ascii_digit()) {
        let (value, width) = literal(c)?;
        return Ok(Expr::Int { value, width });
    }
    if c.eat("<bad-var>") {
        return Ok(Expr::Var(Var(u32::MAX)));
    }
    named(syms, c)
}

/// `NbvW`.
fn literal(c: &mut Cursor) -> Result<(u64, u32), ParseError> {
    let value = c.number()?;
    if !c.eat("bv") {
        return Err(c.error(format!(
            "expected `bv` and a width after {value}, found {}",
            c.found()
        )));
    }
    Ok((value, c.small()?))
}

/// A variable, `true`/`false`, a cast or a function application.
fn named(syms: &mut Symbols, c: &mut Cursor) -> Result<Expr, ParseError> {
    let start = *c;
    let name = c.name();
    if name.is_empty() {
        return Err(c.error(format!("expected an expression, found {}", c.found())));
    }
    if !c.rest().starts_with('(') {
        return Ok(match name {
            "true" => Expr::Bool(true),
            "false" => Expr::Bool(false),
            _ => Expr::Var(syms.get(name, start.place())),
        });
    }
    c.advance(1);
    if let Some((op, width)) = cast(name) {
        c.spaces();
        let e = expr(syms, c)?;
        c.spaces();
        c.expect(")")?;
        if !(1..=64).contains(&width) {
            return Err(start.error(format!("bad cast width {width}")));
        }
        return Ok(Expr::cast(op, width, e));
    }
    let mut args = Vec::new();
    c.spaces();
    if !c.eat(")") {
        loop {
            args.push(expr(syms, c)?);
            c.spaces();
            if c.eat(")") {
                break;
            }
            c.expect(",")?;
            c.spaces();
        }
    }
    Ok(Expr::Apply {
        func: name.to_string(),
        args,
        ty: Ty::Bool,
    })
}

fn cast(name: &str) -> Option<(CastOp, u32)> {
    let (op, digits) = if let Some(d) = name.strip_prefix("zext") {
        (CastOp::ZExt, d)
    } else if let Some(d) = name.strip_prefix("sext") {
        (CastOp::SExt, d)
    } else {
        (CastOp::Trunc, name.strip_prefix("trunc")?)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((op, digits.parse().ok()?))
}
