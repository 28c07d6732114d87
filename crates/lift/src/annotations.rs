//! The annotation language: calls to `__lockstep_*` (see `driver/include/lockstep.h`).
//!
//! - `__assert`/`__assume`, `__requires`/`__global_requires` (assumed in the kernel,
//!   asserted where an inlined function states them), `__global_assert` (an assertion
//!   predication leaves unguarded: checked for every thread);
//! - `__implies`, `__ite`, `__mod_pow2`, `__add_noovfl_*` (the sum, assuming it does not
//!   overflow): plain expressions;
//! - two-thread expressions as [`kir::Ghost`]s: `__enabled()`, `__other_int/bool(x)`,
//!   `__uniform_*`, `__distinct_int`, `__all`, `__exclusive`, `__same_group`;
//! - race-log predicates on the region a pointer designates: `__read(A)`, `__write(A)`,
//!   `__no_read/no_write`, `__read/write_implies(A, e)`, `__read/write_offset_bytes(A)`,
//!   and `__ptr_offset_bytes(p)`;
//! - loop invariants: `__invariant`, `__global_invariant` (assertions with origin
//!   `LoopInvariant`, which must sit at a loop head) and `__function_wide_invariant`
//!   (at the end of the kernel, over values of its entry block; the predicate stage
//!   copies it to every loop head as a global invariant); `__candidate_invariant` and
//!   `__candidate_global_invariant` (Houdini candidates, which may be dropped).
//!
//! - `__array_snapshot` and `__atomic_has_taken_value` (`ghost_arrays.rs`).
//!
//! - contracts as the driver's `contracts.rs` leaves them: `__ensures` at a return (origin
//!   `Postcondition`), `__global_ensures` (`UserGlobal`), `__reads_from`/`__writes_to` of a
//!   function with a body (nothing: the body's accesses are lifted), the accesses and
//!   result of `__spec_` functions (`external.rs`), and misplaced `__return_val_*`/`__old_*`
//!   (a named error).
//!
//! Everything else is unsupported, by name.

use std::collections::{HashMap, HashSet};

use kir::{AccessKind, AssertOrigin, BinOp, Expr, Ghost, Stmt, Ty, Var, VarKind};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::{Op, Value, ValueKind};
use crate::values::to_bool;

impl Lifter {
    fn bool_arg(&mut self, args: &[Value], i: usize) -> Result<Expr, LiftError> {
        let x = self.arg(args, i)?;
        Ok(to_bool(x.clone(), self.ty(&x)))
    }

    /// A loop invariant's condition: its reads of shared memory are the specification's,
    /// not the program's (see `spec_condition`).
    fn invariant_condition(&mut self, inst: Value, args: &[Value]) -> Result<Expr, LiftError> {
        let cond = self.bool_arg(args, 0)?;
        Ok(self.spec_condition(inst, &cond).unwrap_or(cond))
    }

    /// `__implies(a, b)` and `__ite(c, a, b)`: plain expressions.
    fn logic(&mut self, inst: Value, name: &str, args: &[Value]) -> Result<(), LiftError> {
        let a = self.bool_arg(args, 0)?;
        let e = if name == "__lockstep_implies" {
            Expr::implies(a, self.bool_arg(args, 1)?)
        } else {
            let b = self.arg(args, 1)?;
            let c = self.arg(args, 2)?;
            if self.ty(&b) != self.ty(&c) {
                return Err(self.invalid("`__ite` arms of different types"));
            }
            Expr::ite(a, b, c)
        };
        self.define(inst, e)
    }

    pub fn annotation(&mut self, inst: Value, name: &str, args: &[Value]) -> Result<(), LiftError> {
        if let Some(done) = self.contract(inst, name, args) {
            return done;
        }
        let assert = |cond, origin| Stmt::Assert { cond, origin };
        if name == "__lockstep_axiom" {
            let loc = self.files.loc(inst);
            self.k.axioms.push(loc);
        }
        let stmt = match name {
            "__lockstep_assert" => assert(self.bool_arg(args, 0)?, AssertOrigin::User),
            "__lockstep_global_assert" => assert(self.bool_arg(args, 0)?, AssertOrigin::UserGlobal),
            // A file-scope `__axiom(e)`, which the driver calls at the kernel's entry.
            "__lockstep_assume" | "__lockstep_axiom" => Stmt::Assume {
                cond: self.bool_arg(args, 0)?,
            },
            // A precondition of the kernel is assumed; one of a function inlined into it
            // is the caller's obligation (for every thread, with `__global_requires`).
            "__lockstep_requires" | "__lockstep_global_requires" => {
                let cond = self.bool_arg(args, 0)?;
                if !crate::debug::is_inlined(self.m, inst, self.function) {
                    Stmt::Assume { cond }
                } else if name == "__lockstep_global_requires" {
                    assert(cond, AssertOrigin::UserGlobal)
                } else {
                    assert(cond, AssertOrigin::User)
                }
            }
            "__lockstep_invariant" | "__lockstep_global_invariant" => {
                let global = name == "__lockstep_global_invariant";
                let origin = AssertOrigin::LoopInvariant {
                    global,
                    at_entry: true,
                };
                assert(self.invariant_condition(inst, args)?, origin)
            }
            "__lockstep_candidate_invariant" | "__lockstep_candidate_global_invariant" => {
                let global = name == "__lockstep_candidate_global_invariant";
                let origin = AssertOrigin::CandidateInvariant { global };
                assert(self.invariant_condition(inst, args)?, origin)
            }
            "__lockstep_function_wide_invariant" => {
                let cond = self.function_wide(inst, args)?;
                assert(cond, AssertOrigin::FunctionWideInvariant)
            }
            "__lockstep_implies" | "__lockstep_ite" => return self.logic(inst, name, args),
            // `this_grid().sync()`: every thread of the grid waits, and all memory is
            // ordered.
            "__lockstep_grid_sync" => {
                self.emit(Stmt::Barrier {
                    pred: Expr::tt(),
                    fence: kir::Fence {
                        local: true,
                        global: true,
                    },
                    scope: kir::BarrierScope::Grid,
                    flags: kir::FenceFlags::default(),
                });
                self.copies_after_barrier();
                return Ok(());
            }
            "__lockstep_array_snapshot" => return self.array_snapshot(args),
            n if crate::barrier_inv::handles(n) => return self.barrier_annotation(inst, n, args),
            _ => return self.annotation_value(inst, name, args),
        };
        self.emit(stmt);
        Ok(())
    }

    /// Annotations that compute a value.
    fn annotation_value(
        &mut self,
        inst: Value,
        name: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let e = match name {
            "__lockstep_enabled" => Ghost::Enabled.to_expr(&self.k),
            "__lockstep_same_group" => Ghost::SameGroup.to_expr(&self.k),
            "__lockstep_other_int" | "__lockstep_other_bool" => {
                let x = self.arg(args, 0)?;
                self.other(&x)
            }
            "__lockstep_uniform_int" | "__lockstep_uniform_bool" | "__lockstep_distinct_int" => {
                let x = self.arg(args, 0)?;
                let same = Expr::eq(x.clone(), self.other(&x));
                if name == "__lockstep_distinct_int" {
                    Expr::not(same)
                } else {
                    same
                }
            }
            "__lockstep_all" | "__lockstep_exclusive" => {
                let p = self.bool_arg(args, 0)?;
                let both = Expr::and(p.clone(), self.other(&p));
                if name == "__lockstep_all" {
                    both
                } else {
                    Expr::not(both)
                }
            }
            "__lockstep_read"
            | "__lockstep_write"
            | "__lockstep_no_read"
            | "__lockstep_no_write" => {
                let kind = log_kind(name);
                let has = self.log(args, kind, true)?;
                if name.contains("no_") {
                    Expr::not(has)
                } else {
                    has
                }
            }
            "__lockstep_read_implies" | "__lockstep_write_implies" => {
                let has = self.log(args, log_kind(name), true)?;
                Expr::implies(has, self.bool_arg(args, 1)?)
            }
            "__lockstep_read_offset_bytes" | "__lockstep_write_offset_bytes" => {
                self.log(args, log_kind(name), false)?
            }
            "__lockstep_ptr_offset_bytes" => self.pointer_arg(args)?.offset,
            "__lockstep_mod_pow2" => {
                let x = self.arg(args, 0)?;
                let y = self.arg(args, 1)?;
                let Ty::Bv(w) = self.ty(&y) else {
                    return Err(self.invalid("`__mod_pow2` of a Boolean"));
                };
                let mask = Expr::bin(BinOp::Sub, y, Expr::int(1, w));
                Expr::bin(BinOp::And, mask, x)
            }
            "__lockstep_atomic_has_taken_value" => {
                return self.atomic_has_taken_value(inst, args);
            }
            n if n.starts_with("__lockstep_add_noovfl_") => {
                let signed = !n.contains("unsigned");
                return self.add_noovfl(inst, args, signed);
            }
            _ => {
                let written = format!("__{}", &name["__lockstep_".len()..]);
                return Err(self.unsupported(format!("annotation `{written}`")));
            }
        };
        self.define(inst, e)
    }

    /// Function contracts, as the driver left them (`driver/src/contracts.rs`): `None`
    /// when `name` is not one of them.
    fn contract(
        &mut self,
        inst: Value,
        name: &str,
        args: &[Value],
    ) -> Option<Result<(), LiftError>> {
        let origin = match name {
            // At a return of the function (the driver moved it there).
            "__lockstep_ensures" => AssertOrigin::Postcondition,
            "__lockstep_global_ensures" => AssertOrigin::UserGlobal,
            // The accesses of a function with a body are the body's own.
            "__lockstep_reads_from" | "__lockstep_writes_to" => return Some(Ok(())),
            "__lockstep_spec_offset" => return Some(self.spec_offset(inst, args)),
            "__lockstep_spec_read" => return Some(self.spec_access(args, false)),
            "__lockstep_spec_write" => return Some(self.spec_access(args, true)),
            n if n.starts_with("__lockstep_spec_result.") => {
                let callee = inst.called_value()?;
                return Some(self.external_call(inst, callee));
            }
            n if n.starts_with("__lockstep_misuse.")
                || n.starts_with("__lockstep_return_val_")
                || n.starts_with("__lockstep_old_") =>
            {
                return Some(Err(self.unsupported(misuse(n))));
            }
            _ => return None,
        };
        let stmt = self
            .bool_arg(args, 0)
            .map(|cond| Stmt::Assert { cond, origin });
        Some(stmt.map(|s| self.emit(s)))
    }

    /// The pointer an address argument (`ptrtoint` of a pointer) was made from.
    pub(crate) fn pointer_arg(&mut self, args: &[Value]) -> Result<crate::memory::Ptr, LiftError> {
        let Some(&a) = args.first() else {
            return Err(self.invalid("missing call argument 0"));
        };
        let is_cast = matches!(a.kind(), ValueKind::Instruction | ValueKind::ConstantExpr)
            && a.opcode() == Some(Op::LLVMPtrToInt);
        match a.operand(0) {
            Some(p) if is_cast => self.ptr(p),
            _ => Err(self.unsupported("annotation on an address that is not a pointer")),
        }
    }

    /// Thread 1's log of `kind` accesses to the region the pointer argument designates:
    /// whether one is logged (`has`), else its byte offset.
    fn log(&mut self, args: &[Value], kind: AccessKind, has: bool) -> Result<Expr, LiftError> {
        let region = self.pointer_arg(args)?.region;
        let g = if has {
            Ghost::LogHas { region, kind }
        } else {
            Ghost::LogOffset { region, kind }
        };
        Ok(g.to_expr(&self.k))
    }

    /// `__add_noovfl_T(a, b)`: `a + b`, assuming the addition does not overflow `T`.
    fn add_noovfl(&mut self, inst: Value, args: &[Value], signed: bool) -> Result<(), LiftError> {
        let a = self.arg(args, 0)?;
        let b = self.arg(args, 1)?;
        let Ty::Bv(w) = self.ty(&a) else {
            return Err(self.invalid("`__add_noovfl` of a Boolean"));
        };
        let sum = Expr::bin(BinOp::Add, a.clone(), b.clone());
        let fits = if signed {
            // Operands of one sign give a sum of that sign.
            let neg = |e: Expr| Expr::bin(BinOp::Slt, e, Expr::int(0, w));
            let same = Expr::eq(neg(a.clone()), neg(b));
            Expr::implies(same, Expr::eq(neg(sum.clone()), neg(a)))
        } else {
            Expr::bin(BinOp::Uge, sum.clone(), a)
        };
        self.emit(Stmt::Assume { cond: fits });
        self.define(inst, sum)
    }

    /// `__function_wide_invariant(e)`: `e` as an expression over values of the kernel's
    /// entry block (which every loop head sees unchanged). It must be at the end of the
    /// kernel, in the block that returns.
    fn function_wide(&mut self, inst: Value, args: &[Value]) -> Result<Expr, LiftError> {
        let blocks = self.function.blocks();
        let here = blocks.iter().find(|bb| bb.instructions().contains(&inst));
        let returns = here
            .and_then(|bb| bb.instructions().last().copied())
            .is_some_and(|t| t.opcode() == Some(Op::LLVMRet));
        if !returns {
            return Err(self
                .unsupported("`__function_wide_invariant` that is not at the end of the kernel"));
        }
        // Inline the assignments of this block that compute the expression; its reads of
        // memory become ghost loads, read again wherever the invariant is checked.
        let mut defs: HashMap<Var, Expr> = HashMap::new();
        for s in &self.stmts {
            let inline = |e: &Expr| e.map_vars(&|v| defs.get(&v).cloned().unwrap_or(Expr::Var(v)));
            let (dst, value) = match &s.stmt {
                Stmt::Assign { dst, value } => (*dst, inline(value)),
                Stmt::Read {
                    pred: Expr::Bool(true),
                    dst,
                    region,
                    offset,
                    bytes,
                    ..
                } if self.k.var(*dst).ty == Ty::Bv(bytes * 8) => {
                    let load = Ghost::Load {
                        region: *region,
                        offset: &inline(offset),
                        bytes: *bytes,
                    };
                    (*dst, load.to_expr(&self.k))
                }
                _ => continue,
            };
            defs.insert(dst, value);
        }
        let e = self.bool_arg(args, 0)?;
        let e = e.map_vars(&|v| defs.get(&v).cloned().unwrap_or(Expr::Var(v)));
        let entry: HashSet<Var> = blocks
            .first()
            .map(|bb| bb.instructions())
            .unwrap_or_default()
            .iter()
            .filter_map(|i| self.vars.get(i).copied())
            .collect();
        let mut stray = None;
        e.for_each_var(&mut |v| {
            let private = self.k.var(v).kind == VarKind::Private;
            if private && !entry.contains(&v) {
                stray = Some(self.k.var(v).name.clone());
            }
        });
        if let Some(name) = stray {
            return Err(self.unsupported(format!(
                "`__function_wide_invariant` over `{name}`, which is not computed at the \
                 start of the kernel"
            )));
        }
        Ok(e)
    }
}

fn log_kind(name: &str) -> AccessKind {
    if name.contains("write") {
        AccessKind::Write
    } else {
        AccessKind::Read
    }
}

/// The error for a contract annotation where it makes no sense (see the driver's
/// `contracts.rs` for the reasons it marks).
fn misuse(symbol: &str) -> String {
    let (reason, what) = match symbol.strip_prefix("__lockstep_misuse.") {
        Some(rest) => rest.split_once('.').unwrap_or(("", rest)),
        None => ("", &symbol["__lockstep_".len()..]),
    };
    let written = match what {
        "ensures" | "global_ensures" => format!("`__{what}`"),
        _ => format!("`__{what}()`"),
    };
    let why = match reason {
        "void" => "in a function that returns nothing",
        "type" => "whose type does not match the function's return type",
        "flow" => {
            "in a postcondition that cannot be checked at the function's returns (it must \
             stand at the start of the function, its condition built without control flow \
             other than one `&&`, `||` or `?:` at a time)"
        }
        _ => "outside a function's `__ensures`/`__global_ensures`",
    };
    format!("misplaced annotation: {written} {why}")
}
