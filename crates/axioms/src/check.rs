//! Type-checks the axioms of the `--boogie-file`s against the kernel's uninterpreted
//! functions and gives them as [`Term`]s, every node with its type, every application with
//! the signature the solver declares.
//!
//! A function keeps the sorts the kernel calls it with; one the kernel does not call gets
//! the file's declaration. A file's declaration that disagrees with the kernel's call, an
//! application with the wrong argument types, or a function known to neither is an error.
//! Triggers are kept only where they make a valid pattern (applications of uninterpreted
//! functions that together mention every bound variable); the others are dropped, which
//! leaves the choice of patterns to the solver and does not change what the axiom says.

use std::collections::BTreeMap;

use crate::ast::{BinOp, Builtin, Expr, ExprKind, File, Function, Quant, Type};
use crate::error::{AxiomError, Pos};

/// The sorts of a function's arguments and of its result.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    pub args: Vec<Type>,
    pub ret: Type,
}

impl Signature {
    fn describe(&self) -> String {
        let args: Vec<String> = self.args.iter().map(Type::to_string).collect();
        format!("takes ({}) and returns {}", args.join(", "), self.ret)
    }
}

/// A typed axiom term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Bool(bool),
    Bv {
        value: u64,
        width: u32,
    },
    Var {
        name: String,
        ty: Type,
    },
    /// An uninterpreted function: its signature is in [`Resolved::functions`].
    Apply {
        func: String,
        args: Vec<Term>,
        ret: Type,
    },
    Builtin {
        op: Builtin,
        args: Vec<Term>,
    },
    Not(Box<Term>),
    /// `op` is never `Ne` (that is `Not(Eq)`).
    Binary(BinOp, Box<Term>, Box<Term>),
    Quant {
        quant: Quant,
        vars: Vec<(String, Type)>,
        triggers: Vec<Vec<Term>>,
        body: Box<Term>,
    },
}

impl Term {
    pub fn ty(&self) -> Type {
        match self {
            Term::Bv { width, .. } => Type::Bv(*width),
            Term::Var { ty, .. } => *ty,
            Term::Apply { ret, .. } => *ret,
            Term::Builtin { op, args } if !op.is_comparison() => {
                args.first().map_or(Type::Bool, Term::ty)
            }
            _ => Type::Bool,
        }
    }
}

/// The axioms of all files, typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    /// Every uninterpreted function an axiom applies, with its signature.
    pub functions: BTreeMap<String, Signature>,
    /// Every axiom, Boolean, in file order.
    pub axioms: Vec<Term>,
}

/// Checks the axioms of `files` against `kernel`: the uninterpreted functions the kernel
/// calls, by name.
pub fn resolve(
    files: &[File],
    kernel: &BTreeMap<String, Signature>,
) -> Result<Resolved, AxiomError> {
    let mut declared: BTreeMap<&str, &Function> = BTreeMap::new();
    for f in files.iter().flat_map(|file| &file.functions) {
        if let Some(old) = declared.get(f.name.as_str()) {
            if (old.args.as_slice(), old.ret, old.builtin) != (f.args.as_slice(), f.ret, f.builtin)
            {
                return Err(AxiomError::ty(
                    &f.pos,
                    format!(
                        "function `{}` is declared differently at {}",
                        f.name, old.pos
                    ),
                ));
            }
            continue;
        }
        let sig = Signature {
            args: f.args.clone(),
            ret: f.ret,
        };
        match (kernel.get(&f.name), f.builtin) {
            (Some(k), None) if *k != sig => {
                return Err(AxiomError::SortMismatch {
                    pos: f.pos.clone(),
                    name: f.name.clone(),
                    in_file: sig.describe(),
                    in_kernel: k.describe(),
                })
            }
            (Some(_), Some(b)) => {
                return Err(AxiomError::ty(
                    &f.pos,
                    format!(
                        "`{}` is declared as bvbuiltin \"{}\", but the kernel calls it as an uninterpreted function",
                        f.name,
                        b.name()
                    ),
                ))
            }
            _ => {}
        }
        declared.insert(&f.name, f);
    }
    let mut cx = Checker {
        declared,
        kernel,
        used: BTreeMap::new(),
    };
    let mut axioms = Vec::new();
    for a in files.iter().flat_map(|f| &f.axioms) {
        let t = cx.term(&a.expr)?;
        if t.ty() != Type::Bool {
            return Err(AxiomError::ty(
                &a.pos,
                format!("an axiom must be Boolean, this one is {}", t.ty()),
            ));
        }
        axioms.push(t);
    }
    Ok(Resolved {
        functions: cx.used,
        axioms,
    })
}

struct Checker<'a> {
    declared: BTreeMap<&'a str, &'a Function>,
    kernel: &'a BTreeMap<String, Signature>,
    used: BTreeMap<String, Signature>,
}

impl Checker<'_> {
    fn term(&mut self, e: &Expr) -> Result<Term, AxiomError> {
        Ok(match &e.kind {
            ExprKind::Bool(b) => Term::Bool(*b),
            ExprKind::Bv { value, width } => Term::Bv {
                value: *value,
                width: *width,
            },
            ExprKind::Var { name, ty } => Term::Var {
                name: name.clone(),
                ty: *ty,
            },
            ExprKind::Apply { func, args } => self.apply(&e.pos, func, args)?,
            ExprKind::Not(a) => Term::Not(Box::new(self.boolean(a, "`!`")?)),
            ExprKind::Binary(op, a, b) => {
                let (x, y) = match op {
                    BinOp::Eq | BinOp::Ne => {
                        let (x, y) = (self.term(a)?, self.term(b)?);
                        if x.ty() != y.ty() {
                            return Err(AxiomError::ty(
                                &e.pos,
                                format!("`{}` compares {} with {}", op.symbol(), x.ty(), y.ty()),
                            ));
                        }
                        (x, y)
                    }
                    _ => {
                        let what = format!("`{}`", op.symbol());
                        (self.boolean(a, &what)?, self.boolean(b, &what)?)
                    }
                };
                if *op == BinOp::Ne {
                    let eq = Term::Binary(BinOp::Eq, Box::new(x), Box::new(y));
                    Term::Not(Box::new(eq))
                } else {
                    Term::Binary(*op, Box::new(x), Box::new(y))
                }
            }
            ExprKind::Quant {
                quant,
                vars,
                triggers,
                body,
            } => {
                let body = self.boolean(body, "a quantifier's body")?;
                let mut kept = Vec::new();
                for t in triggers {
                    let terms = t
                        .iter()
                        .map(|x| self.term(x))
                        .collect::<Result<Vec<_>, _>>()?;
                    if usable_trigger(vars, &terms) {
                        kept.push(terms);
                    }
                }
                Term::Quant {
                    quant: *quant,
                    vars: vars.clone(),
                    triggers: kept,
                    body: Box::new(body),
                }
            }
        })
    }

    fn boolean(&mut self, e: &Expr, what: &str) -> Result<Term, AxiomError> {
        let t = self.term(e)?;
        match t.ty() {
            Type::Bool => Ok(t),
            other => Err(AxiomError::ty(
                &e.pos,
                format!("{what} needs a Boolean operand, this one is {other}"),
            )),
        }
    }

    fn apply(&mut self, pos: &Pos, func: &str, args: &[Expr]) -> Result<Term, AxiomError> {
        let args = args
            .iter()
            .map(|a| self.term(a))
            .collect::<Result<Vec<_>, _>>()?;
        let types: Vec<Type> = args.iter().map(Term::ty).collect();
        let (sig, builtin, from_kernel) = match (self.declared.get(func), self.kernel.get(func)) {
            (Some(f), _) => (
                Signature {
                    args: f.args.clone(),
                    ret: f.ret,
                },
                f.builtin,
                false,
            ),
            (None, Some(k)) => (k.clone(), None, true),
            (None, None) => {
                return Err(AxiomError::UnknownFunction {
                    pos: pos.clone(),
                    name: func.into(),
                })
            }
        };
        if types != sig.args {
            let given: Vec<String> = types.iter().map(Type::to_string).collect();
            let given = format!("is applied to ({})", given.join(", "));
            if from_kernel {
                return Err(AxiomError::SortMismatch {
                    pos: pos.clone(),
                    name: func.into(),
                    in_file: given,
                    in_kernel: sig.describe(),
                });
            }
            return Err(AxiomError::ty(
                pos,
                format!("`{func}` {given}, but it {}", sig.describe()),
            ));
        }
        if let Some(op) = builtin {
            return Ok(Term::Builtin { op, args });
        }
        self.used.insert(func.to_string(), sig.clone());
        Ok(Term::Apply {
            func: func.into(),
            args,
            ret: sig.ret,
        })
    }
}

/// Whether `terms` make a pattern for a quantifier over `vars`: each an application of an
/// uninterpreted function over variables, literals and applications, all of `vars` among
/// them.
pub fn usable_trigger(vars: &[(String, Type)], terms: &[Term]) -> bool {
    fn plain(t: &Term, seen: &mut Vec<String>) -> bool {
        match t {
            Term::Var { name, .. } => {
                seen.push(name.clone());
                true
            }
            Term::Bv { .. } => true,
            Term::Apply { args, .. } | Term::Builtin { args, .. } => {
                args.iter().all(|a| plain(a, seen))
            }
            _ => false,
        }
    }
    let mut seen = Vec::new();
    let all_plain = terms
        .iter()
        .all(|t| matches!(t, Term::Apply { .. }) && plain(t, &mut seen));
    all_plain && !terms.is_empty() && vars.iter().all(|(v, _)| seen.contains(v))
}
