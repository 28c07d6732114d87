//! Function contracts, rewritten before inlining so that the lifter sees plain checks and
//! assumptions where they belong (lockstep always inlines, which is sound for contracts).
//!
//! - A function with a body and `__ensures(e)` / `__global_ensures(e)` (the call sits at the
//!   start of the body): `e` is re-computed just before every `ret`, with `__return_val_*()`
//!   the returned value and `__old_*(x)` the value `x` had where the annotation stood (on
//!   entry); the entry copy is removed. The lifter then checks it as a postcondition.
//! - A `__spec_` function (GPUVerify's specification of a function without a body: its
//!   body holds only `__requires`, `__ensures`, `__reads_from(p)`, `__writes_to(p)`): the
//!   preconditions stay (checked at the call after inlining); before every return the
//!   function reads / writes one arbitrary, element-aligned place of each buffer it names
//!   (`__lockstep_spec_offset`, `__lockstep_spec_read/write`: logged and race-checked like
//!   any access), returns an arbitrary value (`__lockstep_spec_result.*`), and its
//!   postconditions are assumed. A postcondition about the race log of a buffer the spec
//!   touches (`__write_offset_bytes(p)`, `__write_implies(p, e)`, ...) is about that access:
//!   it is assumed before the access, with the log replaced by the access's offset; the
//!   others are assumed after it.
//! - `__reads_from` / `__writes_to` in a function with a body say nothing the body does not
//!   show: the lifter ignores them.
//!
//! Misuse is left for the lifter to report with its source position: the offending call is
//! made to call `__lockstep_misuse.<reason>.<annotation>` (reasons in [`Misuse`]), and a
//! `__return_val_*()` or `__old_*()` outside a postcondition stays as it is.

use std::collections::HashMap;

use inkwell::llvm_sys::prelude::LLVMModuleRef;
use inkwell::llvm_sys::LLVMOpcode;

use crate::contract_expr::{Cloner, Subst};
use crate::raw::{self, Value};

pub(crate) const ENSURES: &str = "__lockstep_ensures";
pub(crate) const GLOBAL_ENSURES: &str = "__lockstep_global_ensures";
const READS_FROM: &str = "__lockstep_reads_from";
const WRITES_TO: &str = "__lockstep_writes_to";
const ASSUME: &str = "__lockstep_assume";
pub(crate) const RETURN_VAL: &str = "__lockstep_return_val_";
pub(crate) const OLD: &str = "__lockstep_old_";

/// Why an annotation call cannot be rewritten; the lifter words the error.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Misuse {
    /// `__return_val_*()` in a function that returns nothing.
    Void,
    /// `__return_val_T()` in a function that does not return a `T`.
    Type,
    /// A postcondition whose condition cannot be moved to the returns (control flow other
    /// than `&&`/`||`/`?:`, a store, ...), or that not every return passes.
    Flow,
}

impl Misuse {
    fn word(self) -> &'static str {
        match self {
            Misuse::Void => "void",
            Misuse::Type => "type",
            Misuse::Flow => "flow",
        }
    }
}

/// Redirects `call` to `__lockstep_misuse.<reason>.<annotation>` (same type).
pub(crate) fn mark(m: LLVMModuleRef, call: Value, why: Misuse) {
    let Some(f) = raw::callee(call) else {
        return;
    };
    let name = raw::name(f);
    let short = name.strip_prefix("__lockstep_").unwrap_or(&name);
    let marker = format!("__lockstep_misuse.{}.{short}", why.word());
    let g = raw::declare(m, &marker, raw::function_type(f));
    raw::set_callee(call, g);
}

/// Whether the module uses a contract annotation or has a `__spec_` function; only then
/// does [`rewrite`] (and the `mem2reg` before it) run.
pub(crate) fn has_contracts(m: LLVMModuleRef) -> bool {
    raw::functions(m).into_iter().any(|f| {
        let n = raw::name(f);
        [ENSURES, GLOBAL_ENSURES, READS_FROM, WRITES_TO].contains(&n.as_str())
            || (is_spec(&n) && raw::entry_exists(f))
    })
}

/// Whether a function's symbol names a GPUVerify specification (`__spec_foo`, also mangled
/// by C++ as `_Z<len>__spec_foo...`).
pub(crate) fn is_spec(symbol: &str) -> bool {
    let plain = match symbol.strip_prefix("_Z") {
        Some(rest) => rest.trim_start_matches(|c: char| c.is_ascii_digit()),
        None => symbol,
    };
    plain.starts_with("__spec_")
}

/// Rewrites every function of the module with contracts (see the module documentation).
/// The module must have been through `mem2reg`.
pub(crate) fn rewrite(m: LLVMModuleRef) {
    for f in raw::functions(m) {
        if !raw::entry_exists(f) {
            continue;
        }
        if is_spec(&raw::name(f)) {
            spec(m, f);
        } else {
            with_body(m, f);
        }
    }
}

/// Calls in `f` to functions whose name satisfies `p`.
fn calls_to(f: Value, p: impl Fn(&str) -> bool) -> Vec<Value> {
    raw::blocks(f)
        .into_iter()
        .flat_map(raw::instructions)
        .filter(|&i| raw::callee_name(i).is_some_and(|n| p(&n)))
        .collect()
}

fn returns(f: Value) -> Vec<Value> {
    raw::blocks(f)
        .into_iter()
        .filter_map(raw::terminator)
        .filter(|&t| raw::opcode(t) == Some(LLVMOpcode::LLVMRet))
        .collect()
}

fn is_ensures(n: &str) -> bool {
    n == ENSURES || n == GLOBAL_ENSURES
}

/// A function with a body: every postcondition is checked before every return.
fn with_body(m: LLVMModuleRef, f: Value) {
    for c in calls_to(f, |n| n == READS_FROM || n == WRITES_TO) {
        raw::erase(c);
    }
    let rets = returns(f);
    for call in calls_to(f, is_ensures) {
        let Some(&cond) = raw::call_args(call).first() else {
            continue;
        };
        let subst = Subst::default();
        if let Err((at, why)) = Cloner::check(f, call, cond, &rets, &subst) {
            mark(m, at, why);
            continue;
        }
        for &r in &rets {
            let mut cloner = Cloner::new(m, r, &subst);
            let c = cloner.clone_value(cond);
            let b = raw::Builder::new(m);
            b.before(r);
            let check = b.clone_here(call);
            raw::set_operand(check, 0, c);
        }
        let tree = Cloner::tree(cond);
        raw::erase(call);
        Cloner::erase_dead(m, &tree);
    }
}

/// An access a `__spec_` function declares: the address argument (an `i64`) and whether it
/// writes.
struct Access {
    call: Value,
    addr: Value,
    write: bool,
}

/// A `__spec_` function: accesses, an arbitrary result and assumed postconditions at every
/// return.
fn spec(m: LLVMModuleRef, f: Value) {
    let result_ty = raw::return_type(f);
    let void = raw::is_void(result_ty);
    let b = raw::Builder::new(m);
    // C++ ends a non-void function without `return` with `llvm.trap` + `unreachable`.
    for block in raw::blocks(f) {
        let Some(t) = raw::terminator(block) else {
            continue;
        };
        if raw::opcode(t) != Some(LLVMOpcode::LLVMUnreachable) {
            continue;
        }
        let insts = raw::instructions(block);
        if let [.., trap, _] = insts.as_slice() {
            if raw::callee_name(*trap).is_some_and(|n| n == "llvm.trap") {
                raw::erase(*trap);
            }
        }
        raw::erase(t);
        b.at_end(block);
        let undef = (!void).then(|| raw::undef(result_ty));
        b.ret(undef);
    }
    let accesses: Vec<Access> = calls_to(f, |n| n == READS_FROM || n == WRITES_TO)
        .into_iter()
        .filter_map(|call| {
            let addr = *raw::call_args(call).first()?;
            let write = raw::callee_name(call).is_some_and(|n| n == WRITES_TO);
            Some(Access { call, addr, write })
        })
        .collect();
    let rets = returns(f);
    let ensures = calls_to(f, is_ensures);
    let i64t = raw::i64_type(m);
    let offset_fn = raw::declare(
        m,
        "__lockstep_spec_offset",
        raw::function_type_of(i64t, &mut [i64t]),
    );
    let access_ty = raw::function_type_of(raw::void_type(m), &mut [i64t, i64t]);
    let read_fn = raw::declare(m, "__lockstep_spec_read", access_ty);
    let write_fn = raw::declare(m, "__lockstep_spec_write", access_ty);
    let assume_ty = raw::function_type_of(raw::void_type(m), &mut [raw::i1_type(m)]);
    let assume_fn = raw::declare(m, ASSUME, assume_ty);
    let result_fn = (!void).then(|| {
        let name = format!("__lockstep_spec_result.{}", raw::print_type(result_ty));
        raw::declare(m, &name, raw::function_type_of(result_ty, &mut []))
    });
    // Check every postcondition once, with the substitution of the first return.
    let mut ok: Vec<(Value, Value, bool)> = Vec::new();
    for &call in &ensures {
        let Some(&cond) = raw::call_args(call).first() else {
            continue;
        };
        let probe = Subst::for_accesses(accesses.iter().map(|a| (a.addr, a.write, a.addr)));
        match Cloner::check(f, call, cond, &rets, &probe) {
            Ok(()) => ok.push((call, cond, Cloner::mentions_logs(cond, &probe))),
            Err((at, why)) => mark(m, at, why),
        }
    }
    for &r in &rets {
        b.before(r);
        if let Some(rf) = result_fn {
            let v = b.call(rf, &mut [], r);
            raw::set_operand(r, 0, v);
        }
        let offsets: Vec<Value> = accesses
            .iter()
            .map(|a| b.call(offset_fn, &mut [a.addr], a.call))
            .collect();
        let subst = Subst::for_accesses(
            accesses
                .iter()
                .zip(&offsets)
                .map(|(a, &o)| (a.addr, a.write, o)),
        );
        let assume = |about_logs: bool| {
            for &(call, cond, logs) in &ok {
                if logs != about_logs {
                    continue;
                }
                let mut cloner = Cloner::new(m, r, &subst);
                let c = cloner.clone_value(cond);
                let a = raw::Builder::new(m);
                a.before(r);
                let _ = a.call(assume_fn, &mut [c], call);
            }
        };
        assume(true);
        for (a, &o) in accesses.iter().zip(&offsets) {
            let g = if a.write { write_fn } else { read_fn };
            b.before(r);
            let _ = b.call(g, &mut [a.addr, o], a.call);
        }
        assume(false);
    }
    let mut trees: HashMap<Value, Vec<Value>> = HashMap::new();
    for &(call, cond, _) in &ok {
        trees.insert(call, Cloner::tree(cond));
        raw::erase(call);
    }
    for a in &accesses {
        raw::erase(a.call);
    }
    for tree in trees.values() {
        Cloner::erase_dead(m, tree);
    }
}
