//! The parsed `--boogie-file`: type synonyms expanded, bound variables resolved to their
//! quantifier's declaration (so every variable carries its type), functions declared with
//! their signatures. [`File`] prints back as Boogie, fully parenthesised.

use std::fmt;

use crate::error::Pos;

/// A Boogie type lockstep reads: `bool` or `bvN` (1 <= N <= 64).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    Bool,
    Bv(u32),
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Bool => write!(f, "bool"),
            Type::Bv(w) => write!(f, "bv{w}"),
        }
    }
}

/// The `{:bvbuiltin "..."}` operations lockstep maps to Z3's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    Add,
    Sub,
    Mul,
    UDiv,
    URem,
    SDiv,
    SRem,
    And,
    Or,
    Xor,
    Not,
    Neg,
    Shl,
    LShr,
    AShr,
    Ult,
    Ule,
    Ugt,
    Uge,
    Slt,
    Sle,
    Sgt,
    Sge,
}

const BUILTINS: &[(&str, Builtin)] = &[
    ("bvadd", Builtin::Add),
    ("bvsub", Builtin::Sub),
    ("bvmul", Builtin::Mul),
    ("bvudiv", Builtin::UDiv),
    ("bvurem", Builtin::URem),
    ("bvsdiv", Builtin::SDiv),
    ("bvsrem", Builtin::SRem),
    ("bvand", Builtin::And),
    ("bvor", Builtin::Or),
    ("bvxor", Builtin::Xor),
    ("bvnot", Builtin::Not),
    ("bvneg", Builtin::Neg),
    ("bvshl", Builtin::Shl),
    ("bvlshr", Builtin::LShr),
    ("bvashr", Builtin::AShr),
    ("bvult", Builtin::Ult),
    ("bvule", Builtin::Ule),
    ("bvugt", Builtin::Ugt),
    ("bvuge", Builtin::Uge),
    ("bvslt", Builtin::Slt),
    ("bvsle", Builtin::Sle),
    ("bvsgt", Builtin::Sgt),
    ("bvsge", Builtin::Sge),
];

impl Builtin {
    /// The builtin named `name` in a `{:bvbuiltin "name"}` attribute.
    pub fn from_name(name: &str) -> Option<Builtin> {
        BUILTINS.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
    }

    /// Its SMT-LIB name (`bvule`).
    pub fn name(self) -> &'static str {
        BUILTINS
            .iter()
            .find(|(_, b)| *b == self)
            .map_or("?", |(n, _)| n)
    }

    /// How many bit-vector arguments (all of one width) it takes.
    pub fn arity(self) -> usize {
        match self {
            Builtin::Not | Builtin::Neg => 1,
            _ => 2,
        }
    }

    /// Whether it is a comparison (returns `bool`; the others return their arguments' type).
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            Builtin::Ult
                | Builtin::Ule
                | Builtin::Ugt
                | Builtin::Uge
                | Builtin::Slt
                | Builtin::Sle
                | Builtin::Sgt
                | Builtin::Sge
        )
    }
}

/// `function NAME(args) : ret;`, uninterpreted unless `builtin` says otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    pub name: String,
    pub pos: Pos,
    pub args: Vec<Type>,
    pub ret: Type,
    pub builtin: Option<Builtin>,
}

/// `axiom e;`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Axiom {
    pub pos: Pos,
    pub expr: Expr,
}

/// One parsed `--boogie-file`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// The path as given on the command line.
    pub path: String,
    /// `type NAME = T;`, in order (already expanded wherever they are used).
    pub synonyms: Vec<(String, Type)>,
    pub functions: Vec<Function>,
    pub axioms: Vec<Axiom>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quant {
    Forall,
    Exists,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Iff,
    Implies,
    And,
    Or,
    Eq,
    Ne,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Iff => "<==>",
            BinOp::Implies => "==>",
            BinOp::And => "&&",
            BinOp::Or => "||",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub pos: Pos,
    pub kind: ExprKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    Bool(bool),
    /// `value`bv`width`; the value fits the width.
    Bv {
        value: u64,
        width: u32,
    },
    /// A variable bound by an enclosing quantifier.
    Var {
        name: String,
        ty: Type,
    },
    /// A function application: declared in some `--boogie-file`, or one the kernel calls.
    Apply {
        func: String,
        args: Vec<Expr>,
    },
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Quant {
        quant: Quant,
        vars: Vec<(String, Type)>,
        /// `{ t1, t2 }` multi-patterns, as written.
        triggers: Vec<Vec<Expr>>,
        body: Box<Expr>,
    },
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ExprKind::Bool(b) => write!(f, "{b}"),
            ExprKind::Bv { value, width } => write!(f, "{value}bv{width}"),
            ExprKind::Var { name, .. } => write!(f, "{name}"),
            ExprKind::Apply { func, args } => {
                write!(f, "{func}(")?;
                list(f, args)?;
                write!(f, ")")
            }
            ExprKind::Not(a) => write!(f, "!{a}"),
            ExprKind::Binary(op, a, b) => write!(f, "({a} {} {b})", op.symbol()),
            ExprKind::Quant {
                quant,
                vars,
                triggers,
                body,
            } => {
                let q = match quant {
                    Quant::Forall => "forall",
                    Quant::Exists => "exists",
                };
                write!(f, "({q} ")?;
                for (i, (name, ty)) in vars.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{name}: {ty}")?;
                }
                write!(f, " ::")?;
                for t in triggers {
                    write!(f, " {{ ")?;
                    list(f, t)?;
                    write!(f, " }}")?;
                }
                write!(f, " {body})")
            }
        }
    }
}

fn list(f: &mut fmt::Formatter<'_>, items: &[Expr]) -> fmt::Result {
    for (i, a) in items.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        write!(f, "{sep}{a}")?;
    }
    Ok(())
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "function ")?;
        if let Some(b) = self.builtin {
            write!(f, "{{:bvbuiltin \"{}\"}} ", b.name())?;
        }
        write!(f, "{}(", self.name)?;
        for (i, t) in self.args.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{t}")?;
        }
        write!(f, ") : {};", self.ret)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "// {}", self.path)?;
        for (name, ty) in &self.synonyms {
            writeln!(f, "type {name} = {ty};")?;
        }
        for func in &self.functions {
            writeln!(f, "{func}  // {}:{}", func.pos.line, func.pos.col)?;
        }
        for a in &self.axioms {
            writeln!(f, "axiom {};  // {}:{}", a.expr, a.pos.line, a.pos.col)?;
        }
        Ok(())
    }
}
