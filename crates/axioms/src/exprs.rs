//! Expressions of a `--boogie-file`, with Boogie's precedences from loosest to tightest:
//! `<==>` (left-associative), `==>` (right-associative), `&&` or `||` (mixing them needs
//! parentheses), `==`/`!=` (not chained), `!`, then atoms: parenthesised expressions and
//! quantifiers, applications, bound variables, `5bv32` literals, `true`/`false`. Other
//! operators (`<`, `+`, `++`, `e[..]`, `if`, `old`, `lambda`, int literals) are
//! [`AxiomError::Unsupported`] by name. Bound variables are resolved here, so each carries
//! its type.

use crate::ast::{BinOp, Expr, ExprKind, Quant};
use crate::error::{AxiomError, Pos};
use crate::lexer::Tok;
use crate::parser::{is_keyword, Parser};

/// Expressions nested deeper than this are rejected (the parser recurses).
const MAX_DEPTH: u32 = 100;

impl Parser {
    pub(crate) fn expr(&mut self) -> Result<Expr, AxiomError> {
        self.nested(Parser::equiv)
    }

    /// `parse`, one level deeper (the parser recurses: the depth is bounded).
    fn nested(
        &mut self,
        parse: fn(&mut Parser) -> Result<Expr, AxiomError>,
    ) -> Result<Expr, AxiomError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(AxiomError::unsupported(
                self.pos(),
                format!("expressions nested deeper than {MAX_DEPTH} levels"),
            ));
        }
        let e = parse(self);
        self.depth -= 1;
        e
    }

    fn equiv(&mut self) -> Result<Expr, AxiomError> {
        let mut a = self.implies()?;
        while self.is_punct("<==>") {
            self.next();
            let b = self.implies()?;
            a = binary(BinOp::Iff, a, b);
        }
        Ok(a)
    }

    fn implies(&mut self) -> Result<Expr, AxiomError> {
        let a = self.logical()?;
        if self.is_punct("<==") {
            return Err(AxiomError::unsupported(self.pos(), "`<==` (write `==>`)"));
        }
        if self.eat("==>") {
            let b = self.implies()?;
            return Ok(binary(BinOp::Implies, a, b));
        }
        Ok(a)
    }

    fn logical(&mut self) -> Result<Expr, AxiomError> {
        let mut a = self.relation()?;
        let mut seen: Option<&'static str> = None;
        while let Tok::Punct(op @ ("&&" | "||")) = self.peek().0 {
            if seen.is_some_and(|s| s != op) {
                return Err(AxiomError::syntax(
                    self.pos(),
                    "`&&` and `||` need parentheses when mixed",
                ));
            }
            seen = Some(op);
            self.next();
            let b = self.relation()?;
            let op = if op == "&&" { BinOp::And } else { BinOp::Or };
            a = binary(op, a, b);
        }
        Ok(a)
    }

    fn relation(&mut self) -> Result<Expr, AxiomError> {
        let a = self.unary()?;
        let op = match self.peek().0 {
            Tok::Punct("==") => BinOp::Eq,
            Tok::Punct("!=") => BinOp::Ne,
            Tok::Punct(p @ ("<" | "<=" | ">" | ">=" | "<:")) => {
                return Err(AxiomError::unsupported(
                    self.pos(),
                    format!("operator `{p}` (compare bit-vectors with a {{:bvbuiltin \"bvult\"}}-style function)"),
                ))
            }
            _ => return Ok(a),
        };
        self.next();
        let b = self.unary()?;
        if let Tok::Punct(p @ ("==" | "!=" | "<" | "<=" | ">" | ">=")) = self.peek().0 {
            return Err(AxiomError::syntax(
                self.pos(),
                format!("`{p}` after a comparison: relations do not chain, add parentheses"),
            ));
        }
        Ok(binary(op, a, b))
    }

    fn unary(&mut self) -> Result<Expr, AxiomError> {
        let pos = self.pos().clone();
        if self.eat("!") {
            let a = self.nested(Parser::unary)?;
            return Ok(Expr {
                pos,
                kind: ExprKind::Not(Box::new(a)),
            });
        }
        if self.is_punct("-") {
            return Err(AxiomError::unsupported(
                &pos,
                "unary `-` (negate a bit-vector with a {:bvbuiltin \"bvneg\"} function)",
            ));
        }
        let e = self.atom()?;
        match self.peek().0 {
            Tok::Punct("[") => Err(AxiomError::unsupported(
                self.pos(),
                "`e[...]` (map selection or bit-vector extraction)",
            )),
            Tok::Punct(p @ ("+" | "-" | "*" | "/" | "%" | "++")) => Err(AxiomError::unsupported(
                self.pos(),
                format!("operator `{p}` (use a {{:bvbuiltin}} function such as \"bvadd\")"),
            )),
            Tok::Ident(ref k) if k == "div" || k == "mod" => Err(AxiomError::unsupported(
                self.pos(),
                format!("operator `{k}` (Boogie int arithmetic)"),
            )),
            _ => Ok(e),
        }
    }

    fn atom(&mut self) -> Result<Expr, AxiomError> {
        let (tok, pos) = self.next();
        let kind = match tok {
            Tok::Punct("(") => {
                if let Tok::Ident(q) = &self.peek().0 {
                    let q = q.clone();
                    match q.as_str() {
                        "forall" | "exists" => {
                            self.next();
                            let e = self.quantifier(&q, pos)?;
                            self.expect(")")?;
                            return Ok(e);
                        }
                        "lambda" => return Err(AxiomError::unsupported(self.pos(), "`lambda`")),
                        _ => {}
                    }
                }
                let e = self.expr()?;
                self.expect(")")?;
                return Ok(e);
            }
            Tok::Number { digits, bv: None } => {
                return Err(AxiomError::unsupported(
                    &pos,
                    format!("integer literal `{digits}` (Boogie int: write {digits}bvN)"),
                ))
            }
            Tok::Number {
                digits,
                bv: Some(w),
            } => literal(&pos, &digits, &w)?,
            Tok::Ident(s) if s == "true" || s == "false" => ExprKind::Bool(s == "true"),
            Tok::Ident(s)
                if matches!(s.as_str(), "if" | "old" | "lambda" | "forall" | "exists") =>
            {
                let what = match s.as_str() {
                    "if" => "`if ... then ... else`".to_string(),
                    "forall" | "exists" => {
                        return Err(AxiomError::syntax(
                            &pos,
                            format!("a quantifier must be in parentheses: `({s} ...)`"),
                        ))
                    }
                    k => format!("`{k}`"),
                };
                return Err(AxiomError::unsupported(&pos, what));
            }
            Tok::Ident(s) if !is_keyword(&s) => {
                if self.eat("(") {
                    let mut args = Vec::new();
                    if !self.eat(")") {
                        loop {
                            args.push(self.expr()?);
                            if self.eat(")") {
                                break;
                            }
                            self.expect(",")?;
                        }
                    }
                    ExprKind::Apply { func: s, args }
                } else if let Some((_, ty)) = self.bound.iter().rev().find(|(n, _)| *n == s) {
                    ExprKind::Var { name: s, ty: *ty }
                } else {
                    return Err(AxiomError::ty(
                        &pos,
                        format!("`{s}` is not a bound variable (constants are not supported; a function call needs parentheses)"),
                    ));
                }
            }
            t => {
                return Err(AxiomError::syntax(
                    &pos,
                    format!("expected an expression, found {}", t.describe()),
                ))
            }
        };
        Ok(Expr { pos, kind })
    }

    /// After `(forall` or `(exists`: `x, y: T, z: U :: {triggers} body` (the caller eats `)`).
    fn quantifier(&mut self, q: &str, pos: Pos) -> Result<Expr, AxiomError> {
        if self.is_punct("<") {
            return Err(AxiomError::unsupported(
                self.pos(),
                "quantified type variables",
            ));
        }
        let mut vars = Vec::new();
        loop {
            let mut names = vec![self.ident("a bound variable")?.0];
            while self.eat(",") {
                names.push(self.ident("a bound variable")?.0);
            }
            self.expect(":")?;
            let ty = self.ty()?;
            vars.extend(names.into_iter().map(|n| (n, ty)));
            if !self.eat(",") {
                break;
            }
        }
        self.expect("::")?;
        let outer = self.bound.len();
        self.bound.extend(vars.iter().cloned());
        let mut triggers = Vec::new();
        while self.is_punct("{") {
            let at = self.next().1;
            if self.is_punct(":") {
                return Err(AxiomError::unsupported(&at, "attributes on a quantifier"));
            }
            let mut terms = vec![self.expr()?];
            while self.eat(",") {
                terms.push(self.expr()?);
            }
            self.expect("}")?;
            triggers.push(terms);
        }
        let body = self.expr()?;
        self.bound.truncate(outer);
        let quant = if q == "forall" {
            Quant::Forall
        } else {
            Quant::Exists
        };
        Ok(Expr {
            pos,
            kind: ExprKind::Quant {
                quant,
                vars,
                triggers,
                body: Box::new(body),
            },
        })
    }
}

fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr {
        pos: a.pos.clone(),
        kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
    }
}

/// `digits`bv`width`, checked to fit.
fn literal(pos: &Pos, digits: &str, width: &str) -> Result<ExprKind, AxiomError> {
    let width = match width.parse::<u32>() {
        Ok(w @ 1..=64) => w,
        _ => {
            return Err(AxiomError::unsupported(
                pos,
                format!("bit-vector literal `{digits}bv{width}` (widths 1 to 64 are read)"),
            ))
        }
    };
    let max = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    match digits.parse::<u64>() {
        Ok(value) if value <= max => Ok(ExprKind::Bv { value, width }),
        _ => Err(AxiomError::ty(
            pos,
            format!("`{digits}bv{width}` does not fit in {width} bits"),
        )),
    }
}
