//! Memory accesses: pointers as (region, byte offset) pairs, `getelementptr`
//! arithmetic, pointer phis and selects, loads, stores and pointer comparisons.

use kir::{AssertOrigin, BinOp, CastOp, Expr, Region, Stmt, Ty, Var, OFFSET_WIDTH};

use crate::constants::Known;
use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter};
use crate::llvm::{Type, TypeKind, Value};
use crate::pointers::Base;

/// A pointer value: the region it points into and the byte offset (`Bv(64)`).
#[derive(Clone, Debug)]
pub struct Ptr {
    pub region: Region,
    pub offset: Expr,
}

/// `a + b` on offsets, folding constants.
pub fn add(a: Expr, b: Expr) -> Expr {
    match (a, b) {
        (Expr::Int { value: x, width }, Expr::Int { value: y, .. }) => {
            Expr::int(x.wrapping_add(y), width)
        }
        (Expr::Int { value: 0, .. }, e) | (e, Expr::Int { value: 0, .. }) => e,
        (a, b) => Expr::bin(BinOp::Add, a, b),
    }
}

impl Lifter {
    /// The access size of a loaded or stored scalar or pointer: a pointer in memory is
    /// its bits (see `pointer_bits`).
    fn value_bytes(&self, t: Type, what: &str) -> Result<u32, LiftError> {
        match t.kind() {
            TypeKind::Pointer(_) => Ok(self.td.store_size(t) as u32),
            _ => self.access_bytes(t, what),
        }
    }

    /// The access size in bytes of a scalar loaded or stored value.
    pub fn access_bytes(&self, t: Type, what: &str) -> Result<u32, LiftError> {
        match t.kind() {
            TypeKind::Pointer(_) => Err(self.unsupported(format!("{what} of a pointer"))),
            TypeKind::Other if t.is_opencl_event() => Ok(8),
            TypeKind::Int(_) | TypeKind::Float(..) if scalar_ty(t).is_some() => {
                Ok(self.td.store_size(t) as u32)
            }
            _ => Err(self.unsupported(format!("{what} of `{}`", t.print()))),
        }
    }

    /// The lane count and lane size in bytes of a loaded or stored vector, or `None`
    /// for a scalar. Lanes are whole bytes, one after another.
    pub fn vector_access(&self, t: Type, what: &str) -> Result<Option<(u32, u32)>, LiftError> {
        let Some((n, elem)) = t.vector() else {
            return Ok(None);
        };
        let bytes = self.access_bytes(elem, what)?;
        let packed = match scalar_ty(elem) {
            Some(Ty::Bv(w)) => w == bytes * 8 && self.td.alloc_size(elem) == bytes as u64,
            _ => false,
        };
        if !packed {
            return Err(self.unsupported(format!("{what} of `{}`", t.print())));
        }
        Ok(Some((n, bytes)))
    }

    pub fn load(&mut self, inst: Value) -> Result<(), LiftError> {
        if inst.is_atomic_access() {
            return self.atomic_access(inst);
        }
        if self.is_slot_load(inst) {
            // A pointer read from a pointer slot: its value is the slot's (`slots.rs`).
            return Ok(());
        }
        let Some(addr) = inst.operand(0) else {
            return Err(self.invalid("load without address"));
        };
        if let Some((arg, offset)) = self.byval_target(addr)? {
            return self.byval_load(inst, arg, offset);
        }
        self.load_at(inst, addr)
    }

    /// A load (or a load intrinsic: `__ldg` of a CUDA toolkit, `llvm.nvvm.ldg.global.*`)
    /// of `inst`'s value through `addr`.
    pub fn load_at(&mut self, inst: Value, addr: Value) -> Result<(), LiftError> {
        let Some((n, bytes)) = self.vector_access(inst.ty(), "load")? else {
            let bytes = self.value_bytes(inst.ty(), "load")?;
            let dst = self.var_of(inst)?;
            let (regions, offset) = self.access_cases(addr)?;
            if let [(region, Expr::Bool(true))] = regions.as_slice() {
                self.note_access(*region, bytes);
                self.read_into(dst, *region, offset, bytes);
                return Ok(());
            }
            return self.read_cases(dst, &regions, offset, bytes);
        };
        let (regions, base) = self.access_cases(addr)?;
        let Some(lanes) = self.lanes.get(&inst).cloned() else {
            return Err(self.invalid("vector load without lanes"));
        };
        for (i, dst) in lanes.into_iter().enumerate().take(n as usize) {
            let offset = add(
                base.clone(),
                Expr::int(i as u64 * bytes as u64, OFFSET_WIDTH),
            );
            self.read_lane(dst, &regions, offset, bytes)?;
        }
        Ok(())
    }

    /// `dst := *(regions + offset)` (`bytes` wide), through every region the pointer may
    /// point into.
    pub fn read_lane(
        &mut self,
        dst: Var,
        regions: &[(Region, Expr)],
        offset: Expr,
        bytes: u32,
    ) -> Result<(), LiftError> {
        if let [(region, Expr::Bool(true))] = regions {
            self.note_access(*region, bytes);
            self.read_into(dst, *region, offset, bytes);
        } else if !regions.is_empty() {
            self.read_cases(dst, regions, offset, bytes)?;
        }
        Ok(())
    }

    /// A read through a pointer with several regions: one read per region, under its
    /// guard, into one raw value.
    fn read_cases(
        &mut self,
        dst: Var,
        regions: &[(Region, Expr)],
        offset: Expr,
        bytes: u32,
    ) -> Result<(), LiftError> {
        let raw = Ty::Bv(bytes * 8);
        let n = self.k.vars.len();
        let target = self.fresh(format!("t{n}"), raw);
        for (region, guard) in regions {
            self.note_access(*region, bytes);
            self.check_bounds(guard, *region, &offset, bytes);
            self.emit(Stmt::Read {
                pred: guard.clone(),
                dst: target,
                region: *region,
                offset: offset.clone(),
                bytes,
                thread: None,
            });
        }
        let read = Expr::Var(target);
        let value = match self.k.var(dst).ty {
            Ty::Bool => crate::values::bv1_to_bool(Expr::cast(CastOp::Trunc, 1, read)),
            Ty::Bv(w) if w < bytes * 8 => Expr::cast(CastOp::Trunc, w, read),
            Ty::Bv(_) => read,
        };
        self.emit(Stmt::Assign { dst, value });
        Ok(())
    }

    /// The regions an access through `v` may touch, each under its guard, and the
    /// offset; the null case, if any, is asserted not to happen.
    pub fn access_cases(&mut self, v: Value) -> Result<(Vec<(Region, Expr)>, Expr), LiftError> {
        let c = self.cases(v)?;
        let mut regions = Vec::new();
        for (base, guard) in c.bases {
            match base {
                Base::Region(r) => regions.push((r, guard)),
                Base::Null => self.emit(Stmt::Assert {
                    cond: Expr::not(guard),
                    origin: AssertOrigin::NullPointer,
                }),
            }
        }
        Ok((regions, c.offset))
    }

    /// The one region an access through `v` touches (the null case asserted not to
    /// happen; `None` when the pointer is always null). Several regions are
    /// unsupported here.
    pub fn access_ptr(&mut self, v: Value) -> Result<Option<Ptr>, LiftError> {
        let (regions, offset) = self.access_cases(v)?;
        match regions.as_slice() {
            [] => Ok(None),
            [(region, _)] => Ok(Some(Ptr {
                region: *region,
                offset,
            })),
            [(a, _), (b, _), ..] => Err(self.two_regions(*a, *b)),
        }
    }

    /// `dst := region[offset .. offset+bytes]`, through a bit-vector of the access
    /// width when `dst` is narrower (Booleans).
    /// Reads of a `constant` global with a known initializer at a constant offset are
    /// its bytes.
    pub fn read_into(&mut self, dst: Var, region: Region, offset: Expr, bytes: u32) {
        self.check_bounds(&Expr::tt(), region, &offset, bytes);
        let raw = Ty::Bv(bytes * 8);
        let ty = self.k.var(dst).ty;
        let known = self.constant_read(region, &offset, bytes);
        if let Some(Known::Value(c)) = known {
            let value = match ty {
                Ty::Bool => crate::values::to_bool(c, raw),
                Ty::Bv(w) if w < bytes * 8 => Expr::cast(CastOp::Trunc, w, c),
                Ty::Bv(_) => c,
            };
            self.emit(Stmt::Assign { dst, value });
            return;
        }
        let table = match known {
            Some(Known::Table(entries)) => Some((entries, offset.clone())),
            _ => None,
        };
        let target = if ty == raw && table.is_none() {
            dst
        } else {
            let n = self.k.vars.len();
            self.fresh(format!("t{n}"), raw)
        };
        self.emit(Stmt::Read {
            pred: Expr::tt(),
            dst: target,
            region,
            offset,
            bytes,
            thread: None,
        });
        if target != dst {
            // A table lookup: the entry at the offset read, else what was read.
            let mut read = Expr::Var(target);
            if let Some((entries, at)) = table {
                for (off, e) in entries.into_iter().rev() {
                    let here = Expr::eq(at.clone(), Expr::int(off, OFFSET_WIDTH));
                    read = Expr::ite(here, e, read);
                }
            }
            let value = match ty {
                Ty::Bool => crate::values::bv1_to_bool(Expr::cast(CastOp::Trunc, 1, read)),
                Ty::Bv(w) if w < bytes * 8 => Expr::cast(CastOp::Trunc, w, read),
                Ty::Bv(_) => read,
            };
            self.emit(Stmt::Assign { dst, value });
        }
    }

    pub fn store(&mut self, inst: Value) -> Result<(), LiftError> {
        if inst.is_atomic_access() {
            return self.atomic_access(inst);
        }
        if self.slot_store(inst)? {
            return Ok(());
        }
        let (Some(val), Some(addr)) = (inst.operand(0), inst.operand(1)) else {
            return Err(self.invalid("store without operands"));
        };
        let Some((_, bytes)) = self.vector_access(val.ty(), "store")? else {
            let bytes = self.value_bytes(val.ty(), "store")?;
            let e = match val.ty().kind() {
                TypeKind::Pointer(_) => self.pointer_bits(val)?,
                _ => self.value(val)?,
            };
            return self.store_through(addr, e, bytes);
        };
        self.byval_write(addr, "store into")?;
        let (regions, base) = self.access_cases(addr)?;
        let lanes = self.lanes(val)?;
        for (i, e) in lanes.into_iter().enumerate() {
            let offset = add(
                base.clone(),
                Expr::int(i as u64 * bytes as u64, OFFSET_WIDTH),
            );
            self.write_lane(&regions, offset, e, bytes);
        }
        Ok(())
    }

    /// `*(regions + offset) := e` (`bytes` wide), through every region the pointer may
    /// point into.
    pub fn write_lane(&mut self, regions: &[(Region, Expr)], offset: Expr, e: Expr, bytes: u32) {
        for (region, guard) in regions {
            self.note_access(*region, bytes);
            self.write_value_if(guard.clone(), *region, offset.clone(), e.clone(), bytes);
        }
    }

    /// `*addr := e` (`bytes` wide), through every buffer `addr` may point into.
    pub fn store_through(&mut self, addr: Value, e: Expr, bytes: u32) -> Result<(), LiftError> {
        self.byval_write(addr, "store into")?;
        let (regions, offset) = self.access_cases(addr)?;
        self.write_lane(&regions, offset, e, bytes);
        Ok(())
    }

    /// `region[offset .. offset+bytes] := e`, widening Booleans and narrower values.
    pub fn write_value(&mut self, region: Region, offset: Expr, e: Expr, bytes: u32) {
        self.write_value_if(Expr::tt(), region, offset, e, bytes);
    }

    /// [`Self::write_value`] when `pred` holds.
    pub fn write_value_if(
        &mut self,
        pred: Expr,
        region: Region,
        offset: Expr,
        e: Expr,
        bytes: u32,
    ) {
        self.check_bounds(&pred, region, &offset, bytes);
        let w = bytes * 8;
        let value = match self.ty(&e) {
            Ty::Bool => Expr::ite(e, Expr::int(1, w), Expr::int(0, w)),
            Ty::Bv(x) if x < w => Expr::cast(CastOp::ZExt, w, e),
            _ => e,
        };
        self.emit(Stmt::Write {
            pred,
            region,
            offset,
            value,
            bytes,
            thread: None,
        });
    }
}
