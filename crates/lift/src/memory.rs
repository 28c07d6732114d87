//! Memory accesses: pointers as (region, byte offset) pairs, `getelementptr`
//! arithmetic, pointer phis and selects, loads, stores and pointer comparisons.

use std::collections::HashSet;

use kir::{BinOp, CastOp, Expr, Region, Stmt, Ty, Var, OFFSET_WIDTH};

use crate::constants::Known;
use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter, Param};
use crate::llvm::{Op, Type, TypeKind, Value, ValueKind};
use crate::regions::innermost;

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

fn scale(e: Expr, by: u64) -> Expr {
    match e {
        _ if by == 0 => Expr::int(0, OFFSET_WIDTH),
        Expr::Int { value, width } => Expr::int(value.wrapping_mul(by), width),
        e if by == 1 => e,
        e => Expr::bin(BinOp::Mul, e, Expr::int(by, OFFSET_WIDTH)),
    }
}

impl Lifter {
    /// The region and offset a pointer value designates.
    pub fn ptr(&mut self, v: Value) -> Result<Ptr, LiftError> {
        let base = |region| Ptr {
            region,
            offset: Expr::int(0, OFFSET_WIDTH),
        };
        match v.kind() {
            ValueKind::Argument => match self.params.get(&v).cloned() {
                Some(Param::Pointer(r)) => Ok(base(r)),
                Some(Param::Opaque(name) | Param::ByVal { name, .. }) => {
                    Err(self.unsupported(format!("use of by-value parameter `{name}`")))
                }
                _ => Err(self.unsupported("integer used as a pointer")),
            },
            ValueKind::GlobalVariable => self.global_region(v).map(base),
            ValueKind::NullPointer => Err(self.unsupported("null pointer")),
            ValueKind::Undef => Err(self.unsupported("undefined pointer")),
            ValueKind::Function => Err(self.unsupported("function pointer")),
            ValueKind::Instruction | ValueKind::ConstantExpr => self.derived_ptr(v),
            _ => Err(self.unsupported(format!("pointer `{}`", v.ty().print()))),
        }
    }

    fn derived_ptr(&mut self, v: Value) -> Result<Ptr, LiftError> {
        let op = v.opcode();
        let first = |l: &Self| v.operand(0).ok_or_else(|| l.invalid("missing operand"));
        match op {
            Some(Op::LLVMAlloca) => Ok(Ptr {
                region: self.alloca_region(v)?,
                offset: Expr::int(0, OFFSET_WIDTH),
            }),
            Some(Op::LLVMGetElementPtr) => self.gep(v),
            Some(Op::LLVMBitCast | Op::LLVMAddrSpaceCast | Op::LLVMFreeze) => {
                let o = first(self)?;
                self.ptr(o)
            }
            Some(Op::LLVMPHI) => Ok(Ptr {
                region: self.phi_region(v)?,
                offset: Expr::Var(self.var_of(v)?),
            }),
            Some(Op::LLVMSelect) => {
                let c = self.value(first(self)?)?;
                let c = crate::values::to_bool(c.clone(), self.ty(&c));
                let (Some(a), Some(b)) = (v.operand(1), v.operand(2)) else {
                    return Err(self.invalid("select without operands"));
                };
                let (a, b) = (self.ptr(a)?, self.ptr(b)?);
                if a.region != b.region {
                    return Err(self.two_regions(a.region, b.region));
                }
                Ok(Ptr {
                    region: a.region,
                    offset: Expr::ite(c, a.offset, b.offset),
                })
            }
            Some(Op::LLVMLoad) => Err(self.unsupported("load of a pointer")),
            Some(Op::LLVMIntToPtr) => Err(self.unsupported("instruction `inttoptr`")),
            Some(Op::LLVMCall) => Err(self.unsupported("pointer returned by a call")),
            Some(op) => {
                Err(self.unsupported(format!("pointer made by `{}`", crate::lifter::op_name(op))))
            }
            None => Err(self.invalid("pointer without opcode")),
        }
    }

    /// The one region a pointer phi points into, found through the phis, selects,
    /// casts and `getelementptr`s that feed it.
    pub fn phi_region(&mut self, phi: Value) -> Result<Region, LiftError> {
        if let Some(r) = self.phi_regions.get(&phi) {
            return Ok(*r);
        }
        let mut seen = HashSet::new();
        let mut work = vec![phi];
        let mut found: Option<Region> = None;
        while let Some(v) = work.pop() {
            if !seen.insert(v) {
                continue;
            }
            if v.kind() == ValueKind::Undef {
                // An undefined incoming pointer may be taken to point anywhere in the
                // region of the others (the copy havocs the offset).
                continue;
            }
            let derived = matches!(v.kind(), ValueKind::Instruction | ValueKind::ConstantExpr);
            let r = match v.opcode().filter(|_| derived) {
                // Pushed last first, so that they are visited in operand order.
                Some(Op::LLVMPHI) => {
                    work.extend(v.incoming().into_iter().rev().map(|(x, _)| x));
                    continue;
                }
                Some(Op::LLVMSelect) => {
                    work.extend(v.operand(2).into_iter().chain(v.operand(1)));
                    continue;
                }
                Some(
                    Op::LLVMGetElementPtr
                    | Op::LLVMBitCast
                    | Op::LLVMAddrSpaceCast
                    | Op::LLVMFreeze,
                ) => {
                    work.extend(v.operand(0));
                    continue;
                }
                _ => self.ptr(v)?.region,
            };
            match found {
                Some(f) if f != r => return Err(self.two_regions(f, r)),
                _ => found = Some(r),
            }
        }
        let Some(r) = found else {
            return Err(self.unsupported("pointer phi without a base pointer"));
        };
        self.phi_regions.insert(phi, r);
        Ok(r)
    }

    /// `getelementptr`: the base pointer plus the indices scaled by the type sizes.
    fn gep(&mut self, v: Value) -> Result<Ptr, LiftError> {
        let (Some(base), Some(src)) = (v.operand(0), v.gep_source_type()) else {
            return Err(self.invalid("getelementptr without base"));
        };
        let mut p = self.ptr(base)?;
        let n = v.num_operands();
        let mut t = src;
        for i in 1..n {
            let Some(idx) = v.operand(i) else {
                return Err(self.invalid("missing index"));
            };
            if i == 1 {
                let step = self.td.alloc_size(t);
                p.offset = add(p.offset, scale(self.index(idx)?, step));
                continue;
            }
            match t.kind() {
                TypeKind::Struct => {
                    let Some(field) = idx.const_int() else {
                        return Err(self.invalid("non-constant struct field index"));
                    };
                    let off = self.td.field_offset(t, field as u32);
                    p.offset = add(p.offset, Expr::int(off, OFFSET_WIDTH));
                    t = match t.struct_field(field as u32) {
                        Some(f) => f,
                        None => return Err(self.invalid("struct field out of range")),
                    };
                }
                TypeKind::Array(elem, _) => {
                    let step = self.td.alloc_size(elem);
                    p.offset = add(p.offset, scale(self.index(idx)?, step));
                    t = elem;
                }
                _ => return Err(self.unsupported(format!("`getelementptr` into `{}`", t.print()))),
            }
        }
        // The element the source indexes with: arrays of a global/alloca are looked
        // through when the GEP indexes into them.
        let unit = if n > 2 { innermost(src) } else { src };
        let size = self.td.alloc_size(unit) as u32;
        self.note_gep(p.region, size);
        Ok(p)
    }

    /// A GEP index, sign-extended to 64 bits.
    fn index(&mut self, idx: Value) -> Result<Expr, LiftError> {
        if matches!(idx.ty().kind(), TypeKind::Vector) {
            return Err(self.unsupported("vector `getelementptr`"));
        }
        let e = self.value(idx)?;
        let e = self.to_bv(e);
        Ok(match e {
            Expr::Int { value, width } => Expr::int(kir::sign_extend(value, width) as u64, 64),
            e => match self.ty(&e) {
                Ty::Bv(w) if w < OFFSET_WIDTH => Expr::cast(CastOp::SExt, OFFSET_WIDTH, e),
                _ => e,
            },
        })
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
    fn vector_access(&self, t: Type, what: &str) -> Result<Option<(u32, u32)>, LiftError> {
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
        let Some(addr) = inst.operand(0) else {
            return Err(self.invalid("load without address"));
        };
        if let Some((arg, offset)) = self.byval_target(addr)? {
            return self.byval_load(inst, arg, offset);
        }
        let p = self.ptr(addr)?;
        if let Some((n, bytes)) = self.vector_access(inst.ty(), "load")? {
            self.note_access(p.region, bytes);
            let Some(lanes) = self.lanes.get(&inst).cloned() else {
                return Err(self.invalid("vector load without lanes"));
            };
            for (i, dst) in lanes.into_iter().enumerate().take(n as usize) {
                let offset = add(
                    p.offset.clone(),
                    Expr::int(i as u64 * bytes as u64, OFFSET_WIDTH),
                );
                self.read_into(dst, p.region, offset, bytes);
            }
            return Ok(());
        }
        let bytes = self.access_bytes(inst.ty(), "load")?;
        self.note_access(p.region, bytes);
        let dst = self.var_of(inst)?;
        self.read_into(dst, p.region, p.offset, bytes);
        Ok(())
    }

    /// `dst := region[offset .. offset+bytes]`, through a bit-vector of the access
    /// width when `dst` is narrower (Booleans).
    /// Reads of a `constant` global with a known initializer at a constant offset are
    /// its bytes.
    pub fn read_into(&mut self, dst: Var, region: Region, offset: Expr, bytes: u32) {
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
        let (Some(val), Some(addr)) = (inst.operand(0), inst.operand(1)) else {
            return Err(self.invalid("store without operands"));
        };
        self.byval_write(addr, "store into")?;
        let p = self.ptr(addr)?;
        if let Some((_, bytes)) = self.vector_access(val.ty(), "store")? {
            self.note_access(p.region, bytes);
            let lanes = self.lanes(val)?;
            for (i, e) in lanes.into_iter().enumerate() {
                let offset = add(
                    p.offset.clone(),
                    Expr::int(i as u64 * bytes as u64, OFFSET_WIDTH),
                );
                self.write_value(p.region, offset, e, bytes);
            }
            return Ok(());
        }
        let bytes = self.access_bytes(val.ty(), "store")?;
        self.note_access(p.region, bytes);
        let e = self.value(val)?;
        self.write_value(p.region, p.offset, e, bytes);
        Ok(())
    }

    /// `region[offset .. offset+bytes] := e`, widening Booleans and narrower values.
    pub fn write_value(&mut self, region: Region, offset: Expr, e: Expr, bytes: u32) {
        let w = bytes * 8;
        let value = match self.ty(&e) {
            Ty::Bool => Expr::ite(e, Expr::int(1, w), Expr::int(0, w)),
            Ty::Bv(x) if x < w => Expr::cast(CastOp::ZExt, w, e),
            _ => e,
        };
        self.emit(Stmt::Write {
            pred: Expr::tt(),
            region,
            offset,
            value,
            bytes,
            thread: None,
        });
    }

    /// `icmp` of two pointers into the same region compares their offsets.
    pub fn pointer_compare(&mut self, inst: Value) -> Result<(), LiftError> {
        let (Some(a), Some(b), Some(pred)) = (inst.operand(0), inst.operand(1), inst.icmp_pred())
        else {
            return Err(self.invalid("icmp without operands"));
        };
        let (a, b) = (self.ptr(a)?, self.ptr(b)?);
        if a.region != b.region {
            return Err(self.unsupported("comparison of pointers into different regions"));
        }
        let value = self.icmp(pred, a.offset, b.offset);
        let dst = self.var_of(inst)?;
        self.emit(Stmt::Assign { dst, value });
        Ok(())
    }
}
