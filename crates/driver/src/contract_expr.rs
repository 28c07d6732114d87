//! The condition of a postcondition as a tree of instructions: checking that it can be
//! re-computed elsewhere, re-computing it before a `ret` (with `__return_val_*()` the
//! returned value, `__old_*(x)` the original `x`, and race-log predicates about a spec's own
//! accesses replaced), and erasing the original once it is dead.
//!
//! A condition with `&&`, `||` or `?:` has a two-way `phi` after the branch that chose; it
//! is re-computed as a `select` on the branch's condition (annotations have no side
//! effects, so both arms may be evaluated).

use std::collections::{HashMap, HashSet};

use inkwell::llvm_sys::prelude::LLVMModuleRef;
use inkwell::llvm_sys::LLVMOpcode;

use crate::contracts::{Misuse, OLD, RETURN_VAL};
use crate::raw::{self, Block, Value};

/// Race-log predicates about the accesses of a `__spec_` function, replaced by facts about
/// the access itself: `(root pointer, is a write, offset)`.
#[derive(Default)]
pub(crate) struct Subst {
    accesses: Vec<(Value, bool, Value)>,
}

/// What a race-log predicate about a spec's own access becomes.
enum Replaced {
    Const(bool),
    Offset(Value),
    /// `__read/write_implies(p, e)`: `e`.
    Implied(Value),
}

/// The pointer an address argument (`ptrtoint`, casts) was made from.
fn root(mut v: Value) -> Value {
    use LLVMOpcode::*;
    while let Some(LLVMPtrToInt | LLVMAddrSpaceCast | LLVMBitCast) = raw::opcode(v) {
        v = raw::operand(v, 0);
    }
    v
}

impl Subst {
    pub(crate) fn for_accesses(items: impl Iterator<Item = (Value, bool, Value)>) -> Subst {
        Subst {
            accesses: items.map(|(a, w, o)| (root(a), w, o)).collect(),
        }
    }

    fn replace(&self, call: Value, name: &str) -> Option<Replaced> {
        let short = name.strip_prefix("__lockstep_")?;
        let (write, what) = match short.split_once('_') {
            Some(("read", rest)) => (false, rest),
            Some(("write", rest)) => (true, rest),
            Some(("no", "read")) => (false, "no"),
            Some(("no", "write")) => (true, "no"),
            None if short == "read" || short == "write" => (short == "write", ""),
            _ => return None,
        };
        let args = raw::call_args(call);
        let p = root(*args.first()?);
        let &(_, _, offset) = self.accesses.iter().find(|a| a.0 == p && a.1 == write)?;
        match what {
            "" => Some(Replaced::Const(true)),
            "no" => Some(Replaced::Const(false)),
            "offset_bytes" => Some(Replaced::Offset(offset)),
            "implies" => args.get(1).map(|&e| Replaced::Implied(e)),
            _ => None,
        }
    }
}

/// Instructions a condition may be re-computed from.
fn clonable(op: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    matches!(
        op,
        LLVMCall
            | LLVMLoad
            | LLVMICmp
            | LLVMFCmp
            | LLVMSelect
            | LLVMGetElementPtr
            | LLVMTrunc
            | LLVMZExt
            | LLVMSExt
            | LLVMFPToUI
            | LLVMFPToSI
            | LLVMUIToFP
            | LLVMSIToFP
            | LLVMFPTrunc
            | LLVMFPExt
            | LLVMPtrToInt
            | LLVMIntToPtr
            | LLVMBitCast
            | LLVMAddrSpaceCast
            | LLVMAdd
            | LLVMFAdd
            | LLVMSub
            | LLVMFSub
            | LLVMMul
            | LLVMFMul
            | LLVMUDiv
            | LLVMSDiv
            | LLVMFDiv
            | LLVMURem
            | LLVMSRem
            | LLVMFRem
            | LLVMShl
            | LLVMLShr
            | LLVMAShr
            | LLVMAnd
            | LLVMOr
            | LLVMXor
            | LLVMFNeg
            | LLVMExtractElement
            | LLVMInsertElement
            | LLVMShuffleVector
            | LLVMExtractValue
            | LLVMInsertValue
            | LLVMFreeze
    )
}

/// Whether `target` can be reached from `from` without passing through `blocked`.
fn reaches(from: Block, target: Block, blocked: Block) -> bool {
    let mut seen = HashSet::new();
    let mut work = vec![from];
    while let Some(b) = work.pop() {
        if b == blocked || !seen.insert(b) {
            continue;
        }
        if b == target {
            return true;
        }
        if let Some(t) = raw::terminator(b) {
            work.extend(raw::successors(t));
        }
    }
    false
}

fn dominates(f: Value, a: Block, b: Block) -> bool {
    a == b || !reaches(raw::entry(f), b, a)
}

/// A two-way `phi` as `select(cond, when_true, when_false)`, with the block whose branch
/// decided it: the nearest block dominating the phi whose two sides each lead to one
/// incoming edge.
fn as_select(phi: Value) -> Option<(Value, Value, Value, Block)> {
    let inc = raw::incoming(phi);
    let [(v1, p1), (v2, p2)] = inc.as_slice() else {
        return None;
    };
    let m = raw::parent(phi);
    let f = raw::block_function(m);
    let side = |p: Block, d: Block, s1: Block, s2: Block| -> Option<u8> {
        if p == d {
            return if s1 == m && s2 != m {
                Some(1)
            } else if s2 == m && s1 != m {
                Some(2)
            } else {
                None
            };
        }
        let on1 = s1 != m && s1 != d && dominates(f, s1, p);
        let on2 = s2 != m && s2 != d && dominates(f, s2, p);
        match (on1, on2) {
            (true, false) => Some(1),
            (false, true) => Some(2),
            _ => None,
        }
    };
    for d in raw::blocks(f) {
        let Some(t) = raw::terminator(d) else {
            continue;
        };
        let succ = raw::successors(t);
        let (Some(c), [s1, s2]) = (raw::condition(t), succ.as_slice()) else {
            continue;
        };
        if d == m || !dominates(f, d, m) {
            continue;
        }
        match (side(*p1, d, *s1, *s2), side(*p2, d, *s1, *s2)) {
            (Some(1), Some(2)) => return Some((c, *v1, *v2, d)),
            (Some(2), Some(1)) => return Some((c, *v2, *v1, d)),
            _ => {}
        }
    }
    None
}

/// Re-computes a condition before one `ret`.
pub(crate) struct Cloner<'a> {
    m: LLVMModuleRef,
    at: Value,
    subst: &'a Subst,
    map: HashMap<Value, Value>,
    builder: raw::Builder,
}

impl<'a> Cloner<'a> {
    pub(crate) fn new(m: LLVMModuleRef, at: Value, subst: &'a Subst) -> Cloner<'a> {
        let builder = raw::Builder::new(m);
        builder.before(at);
        Cloner {
            m,
            at,
            subst,
            map: HashMap::new(),
            builder,
        }
    }

    /// Whether the condition of `call` (in `f`) can be re-computed before each of `rets`;
    /// else the call to blame and why.
    pub(crate) fn check(
        f: Value,
        call: Value,
        cond: Value,
        rets: &[Value],
        subst: &Subst,
    ) -> Result<(), (Value, Misuse)> {
        let here = raw::parent(call);
        if rets.iter().any(|&r| !dominates(f, here, raw::parent(r))) {
            return Err((call, Misuse::Flow));
        }
        let result = raw::return_type(f);
        let mut work = vec![cond];
        let mut seen = HashSet::new();
        while let Some(v) = work.pop() {
            let Some(op) = raw::opcode(v) else {
                continue;
            };
            if !seen.insert(v) {
                continue;
            }
            if let Some(n) = raw::callee_name(v) {
                if n.starts_with(RETURN_VAL) {
                    let t = raw::type_of(v);
                    if raw::is_void(result) {
                        return Err((v, Misuse::Void));
                    }
                    if t != result && !(raw::is_pointer(t) && raw::is_pointer(result)) {
                        return Err((v, Misuse::Type));
                    }
                    continue;
                }
                if n.starts_with(OLD) {
                    continue;
                }
                match subst.replace(v, &n) {
                    Some(Replaced::Implied(e)) => work.push(e),
                    Some(_) => {}
                    None => work.extend(raw::call_args(v)),
                }
                continue;
            }
            if op == LLVMOpcode::LLVMPHI {
                let Some((c, a, b, _)) = as_select(v) else {
                    return Err((call, Misuse::Flow));
                };
                work.extend([c, a, b]);
                continue;
            }
            if !clonable(op) {
                return Err((call, Misuse::Flow));
            }
            work.extend((0..raw::num_operands(v)).map(|i| raw::operand(v, i)));
        }
        Ok(())
    }

    /// Whether the condition mentions a race-log predicate `subst` replaces.
    pub(crate) fn mentions_logs(cond: Value, subst: &Subst) -> bool {
        Cloner::tree(cond)
            .into_iter()
            .any(|v| raw::callee_name(v).is_some_and(|n| subst.replace(v, &n).is_some()))
    }

    /// The instructions a condition is computed from (for [`Cloner::erase_dead`]).
    pub(crate) fn tree(cond: Value) -> Vec<Value> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut work = vec![cond];
        while let Some(v) = work.pop() {
            if raw::opcode(v).is_none() || !seen.insert(v) {
                continue;
            }
            out.push(v);
            if raw::callee(v).is_some() {
                work.extend(raw::call_args(v));
            } else if raw::opcode(v) == Some(LLVMOpcode::LLVMPHI) {
                work.extend(raw::incoming(v).into_iter().map(|(x, _)| x));
                if let Some((c, ..)) = as_select(v) {
                    work.push(c);
                }
            } else {
                work.extend((0..raw::num_operands(v)).map(|i| raw::operand(v, i)));
            }
        }
        out
    }

    /// Erases the instructions of `tree` nobody uses any more. A `phi` that goes makes the
    /// branch that chose it always take its first way, so that the condition computed for
    /// the branch (which may mention `__return_val_*()`) goes too.
    pub(crate) fn erase_dead(m: LLVMModuleRef, tree: &[Value]) {
        let mut alive: Vec<Value> = tree.to_vec();
        loop {
            let before = alive.len();
            let mut keep = Vec::new();
            for v in alive {
                if raw::has_uses(v) {
                    keep.push(v);
                    continue;
                }
                if raw::opcode(v) == Some(LLVMOpcode::LLVMPHI) {
                    if let Some((_, _, _, d)) = as_select(v) {
                        if let Some(t) = raw::terminator(d) {
                            raw::set_operand(t, 0, raw::const_bool(m, true));
                        }
                    }
                }
                raw::erase(v);
            }
            alive = keep;
            if alive.len() == before {
                return;
            }
        }
    }

    /// `v` re-computed before the `ret` (values that are not instructions stay as they are).
    pub(crate) fn clone_value(&mut self, v: Value) -> Value {
        if let Some(&c) = self.map.get(&v) {
            return c;
        }
        if raw::opcode(v).is_none() {
            return v;
        }
        let out = self.fresh(v);
        self.map.insert(v, out);
        out
    }

    fn fresh(&mut self, v: Value) -> Value {
        if let Some(n) = raw::callee_name(v) {
            if n.starts_with(RETURN_VAL) {
                let r = raw::operand(self.at, 0);
                let t = raw::type_of(v);
                return if raw::type_of(r) == t {
                    r
                } else {
                    self.builder.pointer_cast(r, t)
                };
            }
            if n.starts_with(OLD) {
                return raw::operand(v, 0);
            }
            match self.subst.replace(v, &n) {
                Some(Replaced::Const(b)) => return raw::const_bool(self.m, b),
                Some(Replaced::Offset(o)) => return o,
                Some(Replaced::Implied(e)) => return self.clone_value(e),
                None => {}
            }
        }
        if raw::opcode(v) == Some(LLVMOpcode::LLVMPHI) {
            if let Some((c, a, b, _)) = as_select(v) {
                let (c, a, b) = (
                    self.clone_value(c),
                    self.clone_value(a),
                    self.clone_value(b),
                );
                return self.builder.select(c, a, b);
            }
        }
        let ops: Vec<Value> = (0..raw::num_operands(v))
            .map(|i| raw::operand(v, i))
            .collect();
        let cloned: Vec<Value> = ops.iter().map(|&o| self.clone_value(o)).collect();
        let c = self.builder.clone_here(v);
        for (i, (&o, &n)) in ops.iter().zip(&cloned).enumerate() {
            if o != n {
                raw::set_operand(c, i as u32, n);
            }
        }
        c
    }
}
