//! The declarations of a `--boogie-file` (recursive descent over its tokens, into
//! [`File`]): `type` synonyms of `bool`/`bvN`, `function` declarations (uninterpreted or
//! `{:bvbuiltin}`) and `axiom`s (their expressions are parsed in `exprs.rs`). Every other
//! Boogie declaration (`const`, `var`, `procedure`, uninterpreted types, function bodies,
//! attributes but `bvbuiltin`) is an [`AxiomError::Unsupported`] naming it, at its position.

use std::collections::HashMap;
use std::sync::Arc;

use crate::ast::{Axiom, Builtin, File, Function, Type};
use crate::error::{AxiomError, Pos};
use crate::lexer::{tokens, Tok};

/// Parses the text of one `--boogie-file`; `path` names it in positions.
pub fn parse(path: &str, text: &str) -> Result<File, AxiomError> {
    let file: Arc<str> = Arc::from(path);
    let mut p = Parser {
        toks: tokens(&file, text)?,
        at: 0,
        synonyms: HashMap::new(),
        bound: Vec::new(),
        depth: 0,
    };
    let mut out = File {
        path: path.to_string(),
        synonyms: Vec::new(),
        functions: Vec::new(),
        axioms: Vec::new(),
    };
    loop {
        let (tok, pos) = p.peek();
        let pos = pos.clone();
        match tok {
            Tok::Eof => return Ok(out),
            Tok::Ident(k) if k == "type" => {
                p.next();
                let (name, ty) = p.synonym()?;
                p.synonyms.insert(name.clone(), ty);
                out.synonyms.push((name, ty));
            }
            Tok::Ident(k) if k == "function" => {
                p.next();
                let f = p.function()?;
                if let Some(old) = out.functions.iter().find(|g| g.name == f.name) {
                    return Err(AxiomError::ty(
                        &f.pos,
                        format!(
                            "function `{}` is declared twice (first at {})",
                            f.name, old.pos
                        ),
                    ));
                }
                out.functions.push(f);
            }
            Tok::Ident(k) if k == "axiom" => {
                p.next();
                if p.is(&Tok::Punct("{")) {
                    return Err(AxiomError::unsupported(p.pos(), "attributes on an axiom"));
                }
                let expr = p.expr()?;
                p.expect(";")?;
                out.axioms.push(Axiom { pos, expr });
            }
            Tok::Ident(k)
                if matches!(k.as_str(), "const" | "var" | "procedure" | "implementation") =>
            {
                let what =
                    format!("`{k}` declarations (only `type`, `function` and `axiom` are read)");
                return Err(AxiomError::unsupported(&pos, what));
            }
            t => {
                let found = t.describe();
                return Err(AxiomError::syntax(
                    &pos,
                    format!("expected `type`, `function` or `axiom`, found {found}"),
                ));
            }
        }
    }
}

pub(crate) struct Parser {
    toks: Vec<(Tok, Pos)>,
    at: usize,
    synonyms: HashMap<String, Type>,
    /// The variables bound by the enclosing quantifiers, innermost last.
    pub(crate) bound: Vec<(String, Type)>,
    pub(crate) depth: u32,
}

impl Parser {
    pub(crate) fn peek(&self) -> &(Tok, Pos) {
        &self.toks[self.at.min(self.toks.len() - 1)]
    }

    pub(crate) fn peek2(&self) -> &Tok {
        &self.toks[(self.at + 1).min(self.toks.len() - 1)].0
    }

    pub(crate) fn pos(&self) -> &Pos {
        &self.peek().1
    }

    pub(crate) fn next(&mut self) -> (Tok, Pos) {
        let t = self.peek().clone();
        self.at += 1;
        t
    }

    pub(crate) fn is(&self, t: &Tok) -> bool {
        &self.peek().0 == t
    }

    pub(crate) fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek().0, Tok::Punct(q) if q == p)
    }

    pub(crate) fn eat(&mut self, p: &str) -> bool {
        let yes = self.is_punct(p);
        if yes {
            self.at += 1;
        }
        yes
    }

    pub(crate) fn expect(&mut self, p: &str) -> Result<Pos, AxiomError> {
        let (tok, pos) = self.next();
        match tok {
            Tok::Punct(q) if q == p => Ok(pos),
            t => Err(AxiomError::syntax(
                &pos,
                format!("expected `{p}`, found {}", t.describe()),
            )),
        }
    }

    pub(crate) fn ident(&mut self, what: &str) -> Result<(String, Pos), AxiomError> {
        let (tok, pos) = self.next();
        match tok {
            Tok::Ident(s) if !is_keyword(&s) => Ok((s, pos)),
            t => Err(AxiomError::syntax(
                &pos,
                format!("expected {what}, found {}", t.describe()),
            )),
        }
    }

    /// `type NAME = T;` (after `type`).
    fn synonym(&mut self) -> Result<(String, Type), AxiomError> {
        if self.is_punct("{") {
            return Err(AxiomError::unsupported(self.pos(), "attributes on a type"));
        }
        let (name, pos) = self.ident("a type name")?;
        if !self.is_punct("=") {
            let what = if self.is_punct(";") {
                format!("uninterpreted type `{name}` (only synonyms `type {name} = bvN;` are read)")
            } else {
                format!("type constructor `{name}` with parameters")
            };
            return Err(AxiomError::unsupported(&pos, what));
        }
        self.next();
        let ty = self.ty()?;
        self.expect(";")?;
        Ok((name, ty))
    }

    pub(crate) fn ty(&mut self) -> Result<Type, AxiomError> {
        let (tok, pos) = self.next();
        match tok {
            Tok::Ident(s) => self.named_type(&s, &pos),
            Tok::Punct("[") => Err(AxiomError::unsupported(&pos, "map types")),
            t => Err(AxiomError::syntax(
                &pos,
                format!("expected a type, found {}", t.describe()),
            )),
        }
    }

    /// The type `name` names: `bool`, `bvN` or a synonym.
    fn named_type(&self, name: &str, pos: &Pos) -> Result<Type, AxiomError> {
        match name {
            "bool" => return Ok(Type::Bool),
            "int" => {
                return Err(AxiomError::unsupported(
                    pos,
                    "type `int` (Boogie's unbounded integers are not bit-vectors: use bvN)",
                ))
            }
            "real" => return Err(AxiomError::unsupported(pos, "type `real`")),
            _ => {}
        }
        if let Some(w) = name.strip_prefix("bv") {
            if !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()) {
                return match w.parse::<u32>() {
                    Ok(w @ 1..=64) => Ok(Type::Bv(w)),
                    _ => Err(AxiomError::unsupported(
                        pos,
                        format!("bit-vector type `{name}` (widths 1 to 64 are read)"),
                    )),
                };
            }
        }
        match self.synonyms.get(name) {
            Some(t) => Ok(*t),
            None => Err(AxiomError::ty(
                pos,
                format!("unknown type `{name}` (a synonym must be declared before its use)"),
            )),
        }
    }

    /// `function [{:bvbuiltin "op"}] NAME(params) : T;` (after `function`).
    fn function(&mut self) -> Result<Function, AxiomError> {
        let mut builtin = None;
        while self.is_punct("{") {
            let at = self.next().1;
            self.expect(":")?;
            let (attr, _) = self.ident("an attribute name")?;
            if attr != "bvbuiltin" {
                return Err(AxiomError::unsupported(
                    &at,
                    format!(
                        "function attribute `{{:{attr}}}` (only {{:bvbuiltin \"...\"}} is read)"
                    ),
                ));
            }
            let (tok, pos) = self.next();
            let Tok::Str(op) = tok else {
                return Err(AxiomError::syntax(
                    &pos,
                    format!(
                        "expected the builtin's name in quotes, found {}",
                        tok.describe()
                    ),
                ));
            };
            builtin = Some(
                Builtin::from_name(&op)
                    .ok_or_else(|| AxiomError::unsupported(&pos, format!("bvbuiltin \"{op}\"")))?,
            );
            self.expect("}")?;
        }
        let (name, pos) = self.ident("a function name")?;
        if self.is_punct("<") {
            return Err(AxiomError::unsupported(self.pos(), "polymorphic functions"));
        }
        self.expect("(")?;
        let args = self.params()?;
        let ret = match &self.peek().0 {
            Tok::Punct(":") => {
                self.next();
                self.ty()?
            }
            Tok::Ident(r) if r == "returns" => {
                self.next();
                self.expect("(")?;
                let mut rets = self.params()?;
                match (rets.pop(), rets.is_empty()) {
                    (Some(t), true) => t,
                    _ => return Err(AxiomError::ty(&pos, "a function returns one value")),
                }
            }
            t => {
                return Err(AxiomError::syntax(
                    self.pos(),
                    format!("expected `:` and the result type, found {}", t.describe()),
                ))
            }
        };
        if self.is_punct("{") {
            return Err(AxiomError::unsupported(self.pos(), "function bodies"));
        }
        self.expect(";")?;
        if let Some(b) = builtin {
            check_builtin(b, &name, &pos, &args, ret)?;
        }
        Ok(Function {
            name,
            pos,
            args,
            ret,
            builtin,
        })
    }

    /// Parameters up to and including `)`: types (`T, T`) or named (`x: T, y, z: U`).
    fn params(&mut self) -> Result<Vec<Type>, AxiomError> {
        let mut out = Vec::new();
        // Identifiers not yet known to be names or types.
        let mut pending: Vec<(String, Pos)> = Vec::new();
        if self.eat(")") {
            return Ok(out);
        }
        loop {
            let named =
                matches!(self.peek().0, Tok::Ident(_)) && matches!(self.peek2(), Tok::Punct(":"));
            let plain = matches!(self.peek().0, Tok::Ident(_))
                && matches!(self.peek2(), Tok::Punct(",") | Tok::Punct(")"));
            if named {
                self.next();
                self.next();
                let ty = self.ty()?;
                // `x, y: T`: the pending identifiers were names too.
                out.extend(std::iter::repeat_n(ty, pending.len() + 1));
                pending.clear();
            } else if plain {
                let (tok, pos) = self.next();
                if let Tok::Ident(s) = tok {
                    pending.push((s, pos));
                }
            } else {
                for (name, pos) in pending.drain(..) {
                    out.push(self.named_type(&name, &pos)?);
                }
                out.push(self.ty()?);
            }
            if self.eat(")") {
                break;
            }
            self.expect(",")?;
        }
        for (name, pos) in pending {
            out.push(self.named_type(&name, &pos)?);
        }
        Ok(out)
    }
}

pub(crate) fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "forall"
            | "exists"
            | "lambda"
            | "axiom"
            | "function"
            | "type"
            | "const"
            | "var"
            | "procedure"
            | "implementation"
            | "if"
            | "then"
            | "else"
            | "old"
            | "true"
            | "false"
            | "returns"
            | "int"
            | "bool"
            | "real"
            | "div"
            | "mod"
    )
}

/// A `{:bvbuiltin}` declaration must have the builtin's shape.
fn check_builtin(
    b: Builtin,
    name: &str,
    pos: &Pos,
    args: &[Type],
    ret: Type,
) -> Result<(), AxiomError> {
    let bv = args.first().copied().filter(|t| matches!(t, Type::Bv(_)));
    let want_ret = if b.is_comparison() {
        Some(Type::Bool)
    } else {
        bv
    };
    let shape_ok = args.len() == b.arity()
        && bv.is_some()
        && args.iter().all(|t| Some(*t) == bv)
        && Some(ret) == want_ret;
    if shape_ok {
        return Ok(());
    }
    let args = vec!["bvN"; b.arity()].join(", ");
    let ret = if b.is_comparison() { "bool" } else { "bvN" };
    Err(AxiomError::ty(
        pos,
        format!(
            "`{name}` is declared as bvbuiltin \"{}\", which has the type ({args}) : {ret}",
            b.name()
        ),
    ))
}
