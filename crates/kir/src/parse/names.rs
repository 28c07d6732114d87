//! Variable names: printed names to variables and back to the indices the printer's
//! disambiguation (`NAME#I`, `vI`) demands.
//!
//! While parsing, a [`Var`] is a symbol (an index into [`Symbols`]); [`Symbols::assign`]
//! then gives each symbol its variable index: a `#I`/`vI` name its own, declared
//! variables increasing indices in their order of declaration (the printer lists them by
//! index), the rest the free indices in order of first use. A name printed with `#I`
//! but used by one variable only gets an unused namesake, so that it prints with `#I`
//! again; a thread copy `NAME$1` of a two-thread kernel gets the variable `NAME` it
//! copies (created unused when the text never names it).

use std::collections::HashMap;

use super::ParseError;
use crate::entities::Var;
use crate::kernel::Kernel;
use crate::syntax::*;

/// The largest variable index a name may carry (so that `x#4000000000` cannot make the
/// parser allocate a huge arena).
const MAX_INDEX: usize = 1 << 20;

/// The largest block index a label or target may carry.
pub(super) const MAX_BLOCKS: usize = 1 << 20;

/// The bad variable handle `<bad-var>` parses to.
const BAD: u32 = u32::MAX;

pub(super) struct Sym {
    /// The variable's own name (without `#I`).
    name: String,
    fixed: Option<usize>,
    decl: Option<(Ty, VarKind)>,
    /// A thread copy: the symbol it copies and the thread.
    copy_of: Option<(usize, Thread)>,
    /// Where the name first appears (line, column).
    at: (u32, u32),
}

#[derive(Default)]
pub(super) struct Symbols {
    list: Vec<Sym>,
    by_name: HashMap<String, usize>,
    /// Declared (printed) variables, in order of declaration.
    declared: Vec<usize>,
}

/// Symbol to variable index, and which variables' types are to be inferred.
pub(super) struct Assignment {
    pub index: Vec<u32>,
    pub inferred: Vec<bool>,
}

impl Symbols {
    /// The symbol of a printed name, created on first use.
    pub fn get(&mut self, printed: &str, at: (u32, u32)) -> Var {
        if let Some(&i) = self.by_name.get(printed) {
            return Var::new(i);
        }
        let (name, fixed) = split(printed);
        self.list.push(Sym {
            name,
            fixed,
            decl: None,
            copy_of: None,
            at,
        });
        self.by_name
            .insert(printed.to_string(), self.list.len() - 1);
        Var::new(self.list.len() - 1)
    }

    /// Declares a variable's type and kind; `Err` with a message if declared before.
    pub fn declare(
        &mut self,
        printed: &str,
        ty: Ty,
        kind: VarKind,
        at: (u32, u32),
    ) -> Result<Var, String> {
        let v = self.get(printed, at);
        let sym = &mut self.list[v.index()];
        if sym.decl.is_some() {
            return Err(format!("variable `{printed}` is declared twice"));
        }
        if sym.fixed.is_some_and(|i| i > MAX_INDEX) {
            return Err(format!("variable index of `{printed}` is too large"));
        }
        if kind != VarKind::Private {
            self.declared.push(v.index());
        }
        sym.decl = Some((ty, kind));
        Ok(v)
    }

    /// Gives every symbol its variable; the kernel's variables in index order.
    pub fn assign(mut self, phase: Phase) -> Result<(Vec<VarData>, Assignment), ParseError> {
        if phase == Phase::TwoThread {
            self.thread_copies();
        }
        self.plain_v_names();
        self.namesakes();
        let index = self.indices()?;
        let count = index.iter().map(|&i| i as usize + 1).max().unwrap_or(0);
        let mut vars: Vec<VarData> = (0..count)
            .map(|_| VarData {
                name: String::new(),
                ty: Ty::Bool,
                kind: VarKind::Private,
            })
            .collect();
        let mut inferred = vec![false; count];
        for (s, sym) in self.list.iter().enumerate() {
            let at = index[s] as usize;
            let kind = match (&sym.decl, sym.copy_of) {
                (Some((_, kind)), _) if *kind != VarKind::Private => kind.clone(),
                (_, Some((of, thread))) => VarKind::ThreadCopy {
                    of: Var(index[of]),
                    thread,
                },
                _ => VarKind::Private,
            };
            let ty = sym.decl.as_ref().map(|(t, _)| *t);
            inferred[at] = ty.is_none();
            vars[at] = VarData {
                name: sym.name.clone(),
                ty: ty.unwrap_or(Ty::Bool),
                kind,
            };
        }
        Ok((vars, Assignment { index, inferred }))
    }

    /// Links each thread copy `NAME$1`/`NAME$2` to the `k`-th variable named `NAME`
    /// (the lock-step stage makes copies in index order), creating those it lacks.
    fn thread_copies(&mut self) {
        let mut copies: HashMap<String, [Vec<usize>; 2]> = HashMap::new();
        for (s, sym) in self.list.iter().enumerate() {
            if sym
                .decl
                .as_ref()
                .is_some_and(|(_, k)| *k != VarKind::Private)
            {
                continue;
            }
            for (t, suffix) in ["$1", "$2"].iter().enumerate() {
                if let Some(base) = sym.name.strip_suffix(suffix) {
                    copies.entry(base.to_string()).or_default()[t].push(s);
                }
            }
        }
        let mut bases: Vec<_> = copies.into_iter().collect();
        bases.sort_by(|a, b| a.0.cmp(&b.0));
        for (base, per_thread) in bases {
            let mut originals: Vec<usize> = (0..self.list.len())
                .filter(|&s| self.list[s].name == base)
                .collect();
            let want = per_thread[0].len().max(per_thread[1].len());
            if originals.is_empty() {
                for _ in 0..want {
                    originals.push(self.fresh(&base));
                }
            }
            let keys: Vec<usize> = self
                .list
                .iter()
                .map(|s| s.fixed.unwrap_or(usize::MAX))
                .collect();
            let key = |s: &usize| (keys[*s], *s);
            originals.sort_by_key(key);
            for (t, mut list) in per_thread.into_iter().enumerate() {
                list.sort_by_key(key);
                let thread = if t == 0 { Thread::T1 } else { Thread::T2 };
                for (k, s) in list.into_iter().enumerate() {
                    let of = originals[k.min(originals.len() - 1)];
                    self.list[s].copy_of = Some((of, thread));
                }
            }
        }
    }

    /// A `vI` whose index a `NAME#I` claims is a variable named `vI` (a source variable
    /// may be called `v1`), not the unnamed variable `I`.
    fn plain_v_names(&mut self) {
        let claimed: std::collections::HashSet<usize> = self
            .list
            .iter()
            .filter(|s| !s.name.is_empty())
            .filter_map(|s| s.fixed)
            .collect();
        for sym in &mut self.list {
            if let (true, Some(i)) = (sym.name.is_empty(), sym.fixed) {
                if claimed.contains(&i) {
                    sym.name = format!("v{i}");
                    sym.fixed = None;
                }
            }
        }
    }

    /// Adds an unused namesake for a `NAME#I` that is the only variable named `NAME`.
    fn namesakes(&mut self) {
        let mut count: HashMap<&str, usize> = HashMap::new();
        for sym in &self.list {
            *count.entry(sym.name.as_str()).or_default() += 1;
        }
        let lonely: Vec<String> = self
            .list
            .iter()
            .filter(|s| s.fixed.is_some() && !s.name.is_empty() && count[s.name.as_str()] < 2)
            .map(|s| s.name.clone())
            .collect();
        for name in lonely {
            self.fresh(&name);
        }
    }

    fn fresh(&mut self, name: &str) -> usize {
        self.list.push(Sym {
            name: name.to_string(),
            fixed: None,
            decl: None,
            copy_of: None,
            at: (1, 1),
        });
        self.list.len() - 1
    }

    fn indices(&self) -> Result<Vec<u32>, ParseError> {
        let mut taken: Vec<bool> = Vec::new();
        let mut index = vec![u32::MAX; self.list.len()];
        let take = |taken: &mut Vec<bool>, i: usize| {
            if taken.len() <= i {
                taken.resize(i + 1, false);
            }
            std::mem::replace(&mut taken[i], true)
        };
        for (s, sym) in self.list.iter().enumerate() {
            if let Some(i) = sym.fixed {
                if i > MAX_INDEX {
                    return Err(at(sym, format!("variable index {i} is too large")));
                }
                if take(&mut taken, i) {
                    return Err(at(sym, format!("two variables claim index {i}")));
                }
                index[s] = i as u32;
            }
        }
        let free_from = |taken: &Vec<bool>, from: usize| {
            (from..).find(|&i| !taken.get(i).copied().unwrap_or(false))
        };
        let mut cursor = 0;
        for &s in &self.declared {
            let i = match self.list[s].fixed {
                Some(i) => i,
                None => {
                    let i = free_from(&taken, cursor).unwrap_or(cursor);
                    take(&mut taken, i);
                    index[s] = i as u32;
                    i
                }
            };
            cursor = i + 1;
        }
        for slot in index.iter_mut().filter(|i| **i == u32::MAX) {
            let i = free_from(&taken, 0).unwrap_or(0);
            take(&mut taken, i);
            *slot = i as u32;
        }
        Ok(index)
    }
}

fn at(sym: &Sym, message: String) -> ParseError {
    ParseError {
        line: sym.at.0,
        col: sym.at.1,
        message,
    }
}

/// A printed name's own name and the index it carries, if any.
fn split(printed: &str) -> (String, Option<usize>) {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some((base, i)) = printed.rsplit_once('#') {
        if !base.is_empty() && digits(i) {
            return (base.to_string(), i.parse().ok());
        }
    }
    if let Some(i) = printed.strip_prefix('v') {
        if digits(i) {
            return (String::new(), i.parse().ok());
        }
    }
    (printed.to_string(), None)
}

/// Replaces symbols by variables everywhere in the kernel.
pub(super) fn remap(k: &mut Kernel, map: &Assignment) {
    let var = |v: Var| {
        if v.0 == BAD {
            v
        } else {
            Var(map.index.get(v.index()).copied().unwrap_or(BAD))
        }
    };
    let expr = |e: &mut Expr| *e = e.map_vars(&|v| Expr::Var(var(v)));
    for p in &mut k.params {
        if let crate::ParamData::Scalar { var: v, .. } | crate::ParamData::Field { var: v, .. } = p
        {
            *v = var(*v);
        }
    }
    for b in &mut k.blocks {
        for s in &mut b.stmts {
            s.stmt.map_exprs(&mut |e| expr(e));
            match &mut s.stmt {
                Stmt::Assign { dst, .. } | Stmt::Havoc { dst } | Stmt::Read { dst, .. } => {
                    *dst = var(*dst)
                }
                Stmt::Atomic { dst: Some(d), .. } => *d = var(*d),
                _ => {}
            }
        }
        match &mut b.term {
            Terminator::Branch { cond: e, .. } | Terminator::Switch { value: e, .. } => expr(e),
            _ => {}
        }
    }
}
