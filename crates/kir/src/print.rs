//! The KIR text format. Every stage's output prints through here; snapshot tests pin it.

use std::collections::HashMap;
use std::fmt::{self, Write};

use crate::entities::Var;
use crate::kernel::{Kernel, ParamData};
use crate::syntax::*;

/// Prints variables by name, disambiguating duplicate names with their handle.
pub struct Printer<'k> {
    kernel: &'k Kernel,
    names: Vec<String>,
}

impl<'k> Printer<'k> {
    pub fn new(kernel: &'k Kernel) -> Self {
        let mut count: HashMap<&str, usize> = HashMap::new();
        for v in &kernel.vars {
            *count.entry(v.name.as_str()).or_default() += 1;
        }
        let names = kernel
            .vars
            .iter()
            .enumerate()
            .map(|(i, v)| {
                if v.name.is_empty() {
                    format!("v{i}")
                } else if count[v.name.as_str()] > 1 {
                    format!("{}#{}", v.name, i)
                } else {
                    v.name.clone()
                }
            })
            .collect();
        Printer { kernel, names }
    }

    pub fn var(&self, v: Var) -> &str {
        self.names
            .get(v.index())
            .map(String::as_str)
            .unwrap_or("<bad-var>")
    }

    pub fn expr(&self, e: &Expr) -> String {
        let mut s = String::new();
        self.write_expr(&mut s, e).expect("writing to a String");
        s
    }

    fn write_expr(&self, out: &mut String, e: &Expr) -> fmt::Result {
        match e {
            Expr::Var(v) => write!(out, "{}", self.var(*v)),
            Expr::Bool(b) => write!(out, "{b}"),
            Expr::Int { value, width } => {
                let signed = crate::sign_extend(*value, *width);
                if signed < 0 && signed > -1024 {
                    write!(out, "{signed}bv{width}")
                } else {
                    write!(out, "{value}bv{width}")
                }
            }
            Expr::Unary(op, a) => {
                out.push_str(match op {
                    UnOp::Not => "!",
                    UnOp::BvNot => "~",
                    UnOp::Neg => "-",
                });
                self.write_atom(out, a)
            }
            Expr::Binary(op, a, b) => {
                self.write_atom(out, a)?;
                write!(out, " {} ", op.symbol())?;
                self.write_atom(out, b)
            }
            Expr::Ite(c, a, b) => {
                self.write_atom(out, c)?;
                out.push_str(" ? ");
                self.write_atom(out, a)?;
                out.push_str(" : ");
                self.write_atom(out, b)
            }
            Expr::Cast(op, w, a) => {
                let name = match op {
                    CastOp::ZExt => "zext",
                    CastOp::SExt => "sext",
                    CastOp::Trunc => "trunc",
                };
                write!(out, "{name}{w}(")?;
                self.write_expr(out, a)?;
                out.push(')');
                Ok(())
            }
            Expr::Apply { func, args, .. } => {
                write!(out, "{func}(")?;
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_expr(out, a)?;
                }
                out.push(')');
                Ok(())
            }
        }
    }

    fn write_atom(&self, out: &mut String, e: &Expr) -> fmt::Result {
        match e {
            Expr::Binary(..) | Expr::Ite(..) => {
                out.push('(');
                self.write_expr(out, e)?;
                out.push(')');
                Ok(())
            }
            _ => self.write_expr(out, e),
        }
    }

    fn guard(&self, pred: &Expr) -> String {
        if pred.is_true() {
            String::new()
        } else {
            format!("{} => ", self.expr_atom(pred))
        }
    }

    fn expr_atom(&self, e: &Expr) -> String {
        let mut s = String::new();
        self.write_atom(&mut s, e).expect("writing to a String");
        s
    }

    /// A space of a barrier's fence: `name`, and `name(flag)` when a per-thread flag
    /// decides it.
    fn fenced(&self, name: &str, on: bool, flag: &Option<Expr>) -> String {
        match (on, flag) {
            (false, _) => String::new(),
            (true, None) => name.into(),
            (true, Some(f)) => format!("{name}({})", self.expr(f)),
        }
    }

    fn thread(t: &Option<Thread>) -> &'static str {
        match t {
            None => "",
            Some(Thread::T1) => "$1 ",
            Some(Thread::T2) => "$2 ",
        }
    }

    pub fn stmt(&self, s: &Stmt) -> String {
        let k = self.kernel;
        let rname = |r: crate::Region| {
            k.regions
                .get(r.index())
                .map(|d| format!("{}:{}", r, d.name))
                .unwrap_or_else(|| format!("{r}"))
        };
        match s {
            Stmt::Assign { dst, value } => format!("{} := {}", self.var(*dst), self.expr(value)),
            Stmt::Havoc { dst } => format!("havoc {}", self.var(*dst)),
            Stmt::Assume { cond } => format!("assume {}", self.expr(cond)),
            Stmt::Assert { cond, origin } => {
                format!("assert {}  {{{}}}", self.expr(cond), origin_name(origin))
            }
            Stmt::Barrier {
                pred,
                fence,
                scope,
                flags,
            } => format!(
                "{}barrier{}{}{}",
                self.guard(pred),
                if *scope == BarrierScope::Grid {
                    " grid"
                } else {
                    ""
                },
                self.fenced(" local", fence.local, &flags.local),
                self.fenced(" global", fence.global, &flags.global),
            ),
            Stmt::Read {
                pred,
                dst,
                region,
                offset,
                bytes,
                thread,
            } => format!(
                "{}{}{} := read{} {}[{}]",
                self.guard(pred),
                Self::thread(thread),
                self.var(*dst),
                bytes * 8,
                rname(*region),
                self.expr(offset)
            ),
            Stmt::Write {
                pred,
                region,
                offset,
                value,
                bytes,
                thread,
            } => format!(
                "{}{}write{} {}[{}] := {}",
                self.guard(pred),
                Self::thread(thread),
                bytes * 8,
                rname(*region),
                self.expr(offset),
                self.expr(value)
            ),
            Stmt::Atomic {
                pred,
                dst,
                region,
                offset,
                bytes,
                op,
                thread,
            } => format!(
                "{}{}{}atomic_{}{} {}[{}]",
                self.guard(pred),
                Self::thread(thread),
                dst.map(|d| format!("{} := ", self.var(d)))
                    .unwrap_or_default(),
                op,
                bytes * 8,
                rname(*region),
                self.expr(offset)
            ),
            Stmt::HavocMemory { pred, region } => {
                format!("{}havoc_memory {}", self.guard(pred), rname(*region))
            }
        }
    }

    pub fn terminator(&self, t: &Terminator) -> String {
        let k = self.kernel;
        let b = |b: crate::Block| {
            k.blocks
                .get(b.index())
                .map(|d| format!("{}:{}", b, d.name))
                .unwrap_or_else(|| format!("{b}"))
        };
        match t {
            Terminator::Goto(t) => format!("goto {}", b(*t)),
            Terminator::Branch {
                cond,
                then_to,
                else_to,
            } => format!(
                "branch {} ? {} : {}",
                self.expr(cond),
                b(*then_to),
                b(*else_to)
            ),
            Terminator::Switch {
                value,
                cases,
                default,
            } => {
                let mut s = format!("switch {} [", self.expr(value));
                for (v, t) in cases {
                    let _ = write!(s, "{v}: {}, ", b(*t));
                }
                let _ = write!(s, "default: {}]", b(*default));
                s
            }
            Terminator::Choice(ts) => format!(
                "goto {}",
                ts.iter().map(|t| b(*t)).collect::<Vec<_>>().join(", ")
            ),
            Terminator::Return => "return".into(),
            Terminator::Unreachable => "unreachable".into(),
        }
    }

    fn loc(&self, loc: &Option<Loc>) -> String {
        match loc {
            Some(l) => format!("  ; {}", self.kernel.describe_loc(*l)),
            None => String::new(),
        }
    }
}

pub fn origin_name(o: &AssertOrigin) -> String {
    match o {
        AssertOrigin::User => "user".into(),
        AssertOrigin::BarrierDivergence => "barrier-divergence".into(),
        AssertOrigin::Race {
            region,
            first,
            second,
        } => format!("race {region} {first:?}-{second:?}"),
        AssertOrigin::ConstantWrite { region } => format!("constant-write {region}"),
        AssertOrigin::NullPointer => "null-pointer".into(),
        AssertOrigin::InvalidFunctionPointer => "invalid-function-pointer".into(),
        AssertOrigin::ArrayBounds { region } => format!("array-bounds {region}"),
        AssertOrigin::GroupUniform { function } => format!("group-uniform {function}"),
        AssertOrigin::UnwindBound => "unwind-bound".into(),
        AssertOrigin::Invariant { index, at_entry } => format!(
            "invariant {index} {}",
            if *at_entry { "entry" } else { "preserved" }
        ),
        AssertOrigin::UserGlobal => "user-global".into(),
        AssertOrigin::LoopInvariant { global, at_entry } => format!(
            "{}invariant {}",
            if *global { "global-" } else { "" },
            if *at_entry { "entry" } else { "preserved" }
        ),
        AssertOrigin::FunctionWideInvariant => "function-wide-invariant".into(),
        AssertOrigin::CandidateInvariant { global } => {
            format!("{}candidate", if *global { "global-" } else { "" })
        }
        AssertOrigin::BarrierInvariant => "barrier-invariant".into(),
        AssertOrigin::BarrierInvariantAccess { region } => {
            format!("barrier-invariant-access {region}")
        }
        AssertOrigin::Postcondition => "postcondition".into(),
    }
}

fn ty_name(t: Ty) -> String {
    match t {
        Ty::Bool => "bool".into(),
        Ty::Bv(w) => format!("bv{w}"),
    }
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = Printer::new(self);
        writeln!(f, "kernel {} ; phase {:?}", self.name, self.phase)?;
        for (i, file) in self.files.iter().enumerate() {
            writeln!(f, "  file {i} {file:?}")?;
        }
        for param in &self.params {
            match param {
                ParamData::Scalar { name, var } => writeln!(f, "  param {name} = {}", p.var(*var))?,
                ParamData::Field { name, var, offset } => {
                    writeln!(f, "  param {name} = {} ; bytes from {offset}", p.var(*var))?
                }
                ParamData::Pointer { name, region } => writeln!(f, "  param {name} = &{region}")?,
                ParamData::Opaque { name } => writeln!(f, "  param {name} opaque")?,
            }
        }
        for (i, r) in self.regions.iter().enumerate() {
            writeln!(
                f,
                "  region r{i}:{} {:?} elem {}{} {:?}",
                r.name,
                r.space,
                r.elem_bytes,
                r.size_bytes
                    .map(|s| format!(" size {s}"))
                    .unwrap_or_default(),
                r.origin
            )?;
        }
        for (i, v) in self.vars.iter().enumerate() {
            match &v.kind {
                VarKind::Private => continue,
                VarKind::ThreadCopy { .. } => continue,
                kind => writeln!(
                    f,
                    "  var {} : {} {:?}",
                    p.var(crate::Var::new(i)),
                    ty_name(v.ty),
                    kind
                )?,
            }
        }
        for (b, data) in self.laid_out() {
            writeln!(f, "{b}:{}{}", data.name, p.loc(&data.loc))?;
            for s in &data.stmts {
                writeln!(f, "    {}{}", p.stmt(&s.stmt), p.loc(&s.loc))?;
            }
            writeln!(f, "    {}", p.terminator(&data.term))?;
        }
        Ok(())
    }
}
