//! OpenCL `async_work_group_copy`, `async_work_group_strided_copy` and
//! `wait_group_events`, modelled after GPUVerify. A strided copy steps `stride` elements
//! through its global side (the source when copying into local memory, else the
//! destination) and one element through the other.
//!
//! A copy is performed by the work group as a whole at some time between the call and
//! the `wait_group_events` that waits for its event. Each work item models it as a copy
//! of one arbitrary element (an arbitrary work item of the group may be the one that
//! copies any element): a read of the source and a write of the destination, enabled
//! while the copy is pending. These accesses are made at the call and again after
//! every barrier the work item passes while the copy is still pending (located at the
//! call either way), so they race with any access of another work item between the call and the wait, barriers or not.
//!
//! Every call site has private state: `pending` (false at kernel entry), its event
//! (`handle`: a constant per call site, or the event passed in, which the copy joins),
//! and its destination offset, source offset and length (in chunks). An event is a
//! 64-bit value; `wait_group_events(n, list)` reads `n` events from `list` and clears
//! the `pending` flag of every call site whose event is among them.
//!
//! Both functions must be reached by every work item of a group with the same
//! arguments: each is preceded by a barrier that orders no memory, which checks the
//! former, and followed by an assertion of the latter. A call site reached again
//! while its earlier copy is still pending is reported as an assertion failure, since
//! its state holds one copy at a time.

use kir::{AssertOrigin, BarrierScope, BinOp, CastOp, Expr, Fence, Region, Stmt, Ty, Var};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::{BasicBlock, Op, Value};
use crate::memory::add;
use crate::names::demangle;
use crate::pointers::Base;

/// The most events one `wait_group_events` is modelled for.
const MAX_EVENTS: u64 = 64;

/// One `async_work_group_copy` call site and its state variables.
#[derive(Clone, Debug)]
pub struct AsyncCopy {
    pub call: Value,
    /// Where the call is: the copy's accesses carry it, wherever they are made.
    loc: Option<kir::Loc>,
    /// The destination's and source's possible regions, each with the variable that
    /// holds, from the call on, whether the pointer given points there.
    dst: Vec<(Region, Var)>,
    src: Vec<(Region, Var)>,
    /// The size of one copied element, in bytes.
    elem: u32,
    /// The access size the copy is made of (a lane of a vector element).
    chunk: u32,
    /// The event of this call site when none is passed in (never 0).
    id: u64,
    /// `async_work_group_strided_copy`: the variable holding its stride (in elements)
    /// and whether the stride steps through the destination (a copy into global memory)
    /// rather than the source.
    stride: Option<(Var, bool)>,
    pending: Var,
    handle: Var,
    dst_offset: Var,
    src_offset: Var,
    chunks: Var,
}

/// The element size and access size of the copied type, from the mangled name's first
/// parameter (`PU3AS3f`: a float; `PU3AS3Dv4_i`: an `int4`).
pub fn element_bytes(symbol: &str) -> Option<(u32, u32)> {
    let rest = symbol
        .strip_prefix("_Z21async_work_group_copy")
        .or_else(|| symbol.strip_prefix("_Z29async_work_group_strided_copy"))?;
    let rest = rest.strip_prefix('P')?;
    let rest = match rest.strip_prefix("U3AS") {
        Some(r) => r.get(1..)?,
        None => rest,
    };
    let rest = rest.trim_start_matches(['K', 'V', 'r']);
    if let Some(v) = rest.strip_prefix("Dv") {
        let (n, tail) = v.split_once('_')?;
        let n: u32 = n.parse().ok()?;
        let lane = scalar_bytes(tail)?;
        // Three-lane vectors occupy four lanes.
        let lanes = if n == 3 { 4 } else { n };
        return Some((lanes * lane, lane));
    }
    let s = scalar_bytes(rest)?;
    Some((s, s))
}

/// Whether a strided copy's stride steps through its destination: the destination is
/// in global memory (address space 1), so the source is the local one.
fn stride_on_destination(symbol: &str) -> bool {
    symbol
        .strip_prefix("_Z29async_work_group_strided_copyP")
        .is_some_and(|rest| rest.starts_with("U3AS1"))
}

/// Whether `name` (demangled) is one of the two copy functions.
pub fn is_copy(name: &str) -> bool {
    matches!(
        name,
        "async_work_group_copy" | "async_work_group_strided_copy"
    )
}

fn scalar_bytes(code: &str) -> Option<u32> {
    if code.starts_with("Dh") {
        return Some(2);
    }
    match code.chars().next()? {
        'c' | 'a' | 'h' => Some(1),
        's' | 't' => Some(2),
        'i' | 'j' | 'f' => Some(4),
        'l' | 'm' | 'd' | 'x' | 'y' => Some(8),
        _ => None,
    }
}

fn zext64(l: &Lifter, e: Expr) -> Expr {
    match l.ty(&e) {
        Ty::Bv(w) if w < 64 => Expr::cast(CastOp::ZExt, 64, e),
        _ => e,
    }
}

impl Lifter {
    /// Finds every `async_work_group_copy` call up front (a barrier earlier in block
    /// order must already know every copy that may be pending) and makes its state.
    pub fn prepare_async_copies(&mut self, bbs: &[BasicBlock]) -> Result<(), LiftError> {
        for bb in bbs {
            for inst in bb.instructions() {
                if inst.opcode() != Some(Op::LLVMCall) {
                    continue;
                }
                let Some(callee) = inst.called_value() else {
                    continue;
                };
                let symbol = callee.name();
                if !is_copy(&demangle(&symbol)) {
                    continue;
                }
                self.loc = self.files.loc(inst);
                let Some((elem, chunk)) = element_bytes(&symbol) else {
                    return Err(self.unsupported(format!("call to `{symbol}`")));
                };
                let args = inst.call_args();
                let (Some(d), Some(s)) = (args.first(), args.get(1)) else {
                    return Err(self.invalid("`async_work_group_copy` without its operands"));
                };
                let n = self.copies.len();
                let name = format!("copy{n}");
                let var = |l: &mut Lifter, what: &str, ty| l.fresh(format!("{name}.{what}"), ty);
                let bases = |l: &mut Lifter, p: Value, what: &str| -> Result<_, LiftError> {
                    let mut out = Vec::new();
                    for (b, _) in l.cases(p)?.bases {
                        if let Base::Region(r) = b {
                            let g = l.fresh(
                                format!("{name}.{what}.in.{}", l.k.region(r).name),
                                Ty::Bool,
                            );
                            out.push((r, g));
                        }
                    }
                    Ok(out)
                };
                let dst = bases(self, *d, "dst")?;
                let src = bases(self, *s, "src")?;
                let strided = demangle(&symbol) == "async_work_group_strided_copy";
                let stride = strided.then(|| {
                    let v = var(self, "stride", Ty::Bv(64));
                    (v, stride_on_destination(&symbol))
                });
                let copy = AsyncCopy {
                    call: inst,
                    loc: self.loc,
                    dst,
                    src,
                    elem,
                    chunk,
                    id: n as u64 + 1,
                    stride,
                    pending: var(self, "pending", Ty::Bool),
                    handle: var(self, "event", Ty::Bv(64)),
                    dst_offset: var(self, "dst", Ty::Bv(64)),
                    src_offset: var(self, "src", Ty::Bv(64)),
                    chunks: var(self, "chunks", Ty::Bv(64)),
                };
                self.copies.push(copy);
            }
        }
        self.stmts.clear();
        self.loc = None;
        Ok(())
    }

    /// `pending := false` for every call site, at the start of the kernel.
    pub fn init_async_copies(&mut self) {
        let Some(&entry) = self.k.layout.first() else {
            return;
        };
        let init: Vec<kir::StmtData> = self
            .copies
            .iter()
            .map(|c| {
                kir::StmtData::new(
                    Stmt::Assign {
                        dst: c.pending,
                        value: Expr::ff(),
                    },
                    None,
                )
            })
            .collect();
        let stmts = &mut self.k.block_mut(entry).stmts;
        stmts.splice(0..0, init);
    }

    /// Asserts that two threads of one group have the same `values` here (the
    /// arguments of a work-group function).
    fn uniform_arguments(&mut self, function: &str, values: &[Expr]) {
        let mut same = Expr::tt();
        for x in values {
            let other = kir::Ghost::Other(x).to_expr(&self.k);
            same = Expr::and(same, Expr::eq(x.clone(), other));
        }
        let cond = Expr::implies(kir::Ghost::SameGroup.to_expr(&self.k), same);
        self.emit(Stmt::Assert {
            cond,
            origin: AssertOrigin::GroupUniform {
                function: function.to_string(),
            },
        });
    }

    /// A barrier that orders no memory: checks that every work item of the group
    /// reaches this point.
    fn uniform_point(&mut self) {
        self.emit(Stmt::Barrier {
            pred: Expr::tt(),
            fence: Fence::default(),
            scope: BarrierScope::Group,
            flags: kir::FenceFlags::default(),
        });
    }

    pub fn async_copy(&mut self, inst: Value, args: &[Value]) -> Result<(), LiftError> {
        let Some(c) = self.copies.iter().find(|c| c.call == inst).cloned() else {
            return Err(self.invalid("`async_work_group_copy` missed by the scan"));
        };
        self.uniform_point();
        let (Some(d), Some(s)) = (args.first(), args.get(1)) else {
            return Err(self.invalid("`async_work_group_copy` without its operands"));
        };
        let (d, s) = (self.cases(*d)?, self.cases(*s)?);
        let n = self.arg(args, 2)?;
        let n = self.to_bv(n);
        let n = zext64(self, n);
        let mut values = vec![d.offset.clone(), s.offset.clone(), n.clone()];
        if let Some((var, _)) = c.stride {
            let stride = self.arg(args, 3)?;
            let stride = self.to_bv(stride);
            let stride = zext64(self, stride);
            values.push(stride.clone());
            self.emit(Stmt::Assign {
                dst: var,
                value: stride,
            });
        }
        let event = self.arg(args, if c.stride.is_some() { 4 } else { 3 })?;
        values.push(event.clone());
        // Which region each pointer points into: null is an error; the others are
        // remembered for the accesses made after barriers.
        let mut choices = Vec::new();
        for (cases, known) in [(&d, &c.dst), (&s, &c.src)] {
            for (base, guard) in &cases.bases {
                match base {
                    Base::Null => self.emit(Stmt::Assert {
                        cond: Expr::not(guard.clone()),
                        origin: AssertOrigin::NullPointer,
                    }),
                    Base::Region(r) => {
                        let Some((_, var)) = known.iter().find(|(x, _)| x == r) else {
                            return Err(self.invalid("copy pointer's regions changed"));
                        };
                        if *guard != Expr::tt() {
                            values.push(guard.clone());
                        }
                        choices.push((*var, guard.clone()));
                    }
                }
            }
        }
        let function = match c.stride {
            Some(_) => "async_work_group_strided_copy",
            None => "async_work_group_copy",
        };
        self.uniform_arguments(function, &values);
        // One copy per call site at a time.
        self.emit(Stmt::Assert {
            cond: Expr::not(Expr::Var(c.pending)),
            origin: AssertOrigin::User,
        });
        let per_elem = Expr::int((c.elem / c.chunk) as u64, 64);
        let assigns = [
            (c.dst_offset, d.offset),
            (c.src_offset, s.offset),
            (c.chunks, Expr::bin(BinOp::Mul, n, per_elem)),
            (
                c.handle,
                Expr::ite(
                    Expr::eq(event.clone(), Expr::int(0, 64)),
                    Expr::int(c.id, 64),
                    event,
                ),
            ),
            (c.pending, Expr::tt()),
        ];
        for (dst, value) in assigns.into_iter().chain(choices) {
            self.emit(Stmt::Assign { dst, value });
        }
        self.copy_accesses(&c);
        self.define(inst, Expr::Var(c.handle))
    }

    /// One arbitrary chunk of a pending copy: read from the source, written to the
    /// destination.
    fn copy_accesses(&mut self, c: &AsyncCopy) {
        let here = std::mem::replace(&mut self.loc, c.loc);
        let n = self.k.vars.len();
        let idx = self.fresh(format!("copy.index{n}"), Ty::Bv(64));
        self.emit(Stmt::Havoc { dst: idx });
        let on = Expr::and(
            Expr::Var(c.pending),
            Expr::bin(BinOp::Ult, Expr::Var(idx), Expr::Var(c.chunks)),
        );
        let delta = Expr::bin(BinOp::Mul, Expr::Var(idx), Expr::int(c.chunk as u64, 64));
        let strided = c
            .stride
            .map(|(var, _)| strided_delta(c, Expr::Var(idx), var));
        let (src_delta, dst_delta) = match (c.stride, strided) {
            (Some((_, true)), Some(far)) => (delta.clone(), far),
            (Some((_, false)), Some(far)) => (far, delta.clone()),
            _ => (delta.clone(), delta),
        };
        let tmp = self.fresh(
            format!("{}{n}", kir::COLLECTIVE_COPY_VALUE),
            Ty::Bv(c.chunk * 8),
        );
        for (region, chosen) in &c.src {
            self.note_access(*region, c.chunk);
            self.emit(Stmt::Read {
                pred: Expr::and(on.clone(), Expr::Var(*chosen)),
                dst: tmp,
                region: *region,
                offset: add(Expr::Var(c.src_offset), src_delta.clone()),
                bytes: c.chunk,
                thread: None,
            });
        }
        for (region, chosen) in &c.dst {
            self.note_access(*region, c.chunk);
            self.emit(Stmt::Write {
                pred: Expr::and(on.clone(), Expr::Var(*chosen)),
                region: *region,
                offset: add(Expr::Var(c.dst_offset), dst_delta.clone()),
                value: Expr::Var(tmp),
                bytes: c.chunk,
                thread: None,
            });
        }
        self.loc = here;
    }

    /// After a barrier: every copy still pending may still be going on.
    pub fn copies_after_barrier(&mut self) {
        for c in self.copies.clone() {
            self.copy_accesses(&c);
        }
    }

    /// `wait_group_events(n, list)`: the copies whose events are among the first `n`
    /// of `list` are done.
    pub fn wait_group_events(&mut self, args: &[Value]) -> Result<(), LiftError> {
        let Some(n) = args.first().and_then(|a| a.const_int()) else {
            return Err(self.unsupported("`wait_group_events` of a non-constant number of events"));
        };
        if n > MAX_EVENTS {
            return Err(self.unsupported(format!(
                "`wait_group_events` of {n} events (at most {MAX_EVENTS} are modelled)"
            )));
        }
        let Some(list) = args.get(1) else {
            return Err(self.invalid("`wait_group_events` without its event list"));
        };
        let list = self.ptr(*list)?;
        self.uniform_point();
        for j in 0..n {
            let k = self.k.vars.len();
            let e = self.fresh(format!("event{k}"), Ty::Bv(64));
            let at = add(list.offset.clone(), Expr::int(8 * j, 64));
            self.note_access(list.region, 8);
            self.read_into(e, list.region, at, 8);
            self.uniform_arguments("wait_group_events", &[Expr::Var(e)]);
            for c in self.copies.clone() {
                let waited = Expr::eq(Expr::Var(c.handle), Expr::Var(e));
                self.emit(Stmt::Assign {
                    dst: c.pending,
                    value: Expr::and(Expr::Var(c.pending), Expr::not(waited)),
                });
            }
        }
        Ok(())
    }
}

/// The byte offset of chunk `idx` on the strided side of a strided copy: element
/// `idx / lanes` is `stride` elements from the one before, lane `idx % lanes` within it.
fn strided_delta(c: &AsyncCopy, idx: Expr, stride: Var) -> Expr {
    let lanes = (c.elem / c.chunk) as u64;
    let elem_bytes = Expr::bin(BinOp::Mul, Expr::Var(stride), Expr::int(c.elem as u64, 64));
    if lanes == 1 {
        return Expr::bin(BinOp::Mul, idx, elem_bytes);
    }
    let element = Expr::bin(BinOp::UDiv, idx.clone(), Expr::int(lanes, 64));
    let lane = Expr::bin(BinOp::URem, idx, Expr::int(lanes, 64));
    let within = Expr::bin(BinOp::Mul, lane, Expr::int(c.chunk as u64, 64));
    add(Expr::bin(BinOp::Mul, element, elem_bytes), within)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_sizes_from_mangled_names() {
        let f = "_Z21async_work_group_copyPU3AS3fPU3AS1Kfm9ocl_event";
        assert_eq!(element_bytes(f), Some((4, 4)));
        let c = "_Z21async_work_group_copyPU3AS3cPU3AS1Kcm9ocl_event";
        assert_eq!(element_bytes(c), Some((1, 1)));
        let v = "_Z21async_work_group_copyPU3AS3Dv4_fPU3AS1KS_m9ocl_event";
        assert_eq!(element_bytes(v), Some((16, 4)));
        let v3 = "_Z21async_work_group_copyPU3AS1Dv3_iPU3AS3KS_m9ocl_event";
        assert_eq!(element_bytes(v3), Some((16, 4)));
        let l = "_Z21async_work_group_copyPU3AS1mPU3AS3Kmm9ocl_event";
        assert_eq!(element_bytes(l), Some((8, 8)));
        assert_eq!(element_bytes("_Z3foov"), None);
        let to_local = "_Z29async_work_group_strided_copyPU3AS3fPU3AS1Kfmm9ocl_event";
        assert_eq!(element_bytes(to_local), Some((4, 4)));
        assert!(!stride_on_destination(to_local));
        let to_global = "_Z29async_work_group_strided_copyPU3AS1fPU3AS3Kfmm9ocl_event";
        assert!(stride_on_destination(to_global));
    }
}
