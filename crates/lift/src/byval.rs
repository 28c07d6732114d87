//! By-value aggregate parameters: a `ptr byval(%struct.S)` parameter (OpenCL on
//! spir64, CUDA on nvptx) or an aggregate passed directly. Every load from the
//! parameter at a constant offset, and every `extractvalue` of a direct aggregate,
//! reads a uniform scalar: one `Param` variable per (offset, size), named after the
//! field the debug info places there (`q.a`, `q.in.x`, `q.arr[2]`), else `q+<offset>`.
//!
//! The parameter's bytes are the same in every thread; a store into it, or a load at a
//! varying offset, is unsupported.

use kir::{CastOp, Expr, ParamData, Stmt, StmtData, Ty, Var, VarKind};

use crate::debug_types;
use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter, Param};
use crate::llvm::{Op, Type, TypeKind, Value, ValueKind};
use crate::vectors::bits;

impl Lifter {
    /// The by-value parameter a pointer is derived from (through `getelementptr`s and
    /// casts), with the derivation chain, innermost first.
    fn byval_base(&self, p: Value) -> Option<(Value, Vec<Value>)> {
        let mut chain = Vec::new();
        let mut v = p;
        loop {
            match v.kind() {
                ValueKind::Argument => {
                    return matches!(self.params.get(&v), Some(Param::ByVal { .. }))
                        .then_some((v, chain));
                }
                ValueKind::Instruction | ValueKind::ConstantExpr => match v.opcode() {
                    Some(Op::LLVMGetElementPtr | Op::LLVMBitCast | Op::LLVMAddrSpaceCast) => {
                        chain.push(v);
                        v = v.operand(0)?;
                    }
                    _ => return None,
                },
                _ => return None,
            }
        }
    }

    fn byval_name(&self, arg: Value) -> String {
        match self.params.get(&arg) {
            Some(Param::ByVal { name, .. }) => name.clone(),
            _ => String::from("?"),
        }
    }

    /// Whether a pointer points into a by-value parameter; if so, an error for
    /// `what` (`store into`, ...) done to it.
    pub fn byval_write(&self, p: Value, what: &str) -> Result<(), LiftError> {
        match self.byval_base(p) {
            Some((arg, _)) => Err(self.unsupported(format!(
                "{what} by-value parameter `{}`",
                self.byval_name(arg)
            ))),
            None => Ok(()),
        }
    }

    /// When `p` points into a by-value parameter: that parameter and the constant byte
    /// offset. A varying offset is unsupported.
    pub fn byval_target(&self, p: Value) -> Result<Option<(Value, u64)>, LiftError> {
        let Some((arg, chain)) = self.byval_base(p) else {
            return Ok(None);
        };
        let varying = || {
            self.unsupported(format!(
                "load from by-value parameter `{}` at a non-constant offset",
                self.byval_name(arg)
            ))
        };
        let mut off = 0u64;
        for g in chain.iter().rev() {
            let Some(mut t) = g.gep_source_type() else {
                continue;
            };
            for i in 1..g.num_operands() {
                let Some(idx) = g.operand(i).and_then(|x| {
                    let w = match x.ty().kind() {
                        TypeKind::Int(w) => w,
                        _ => 64,
                    };
                    x.const_int().map(|c| kir::sign_extend(c, w) as u64)
                }) else {
                    return Err(varying());
                };
                let step = match t.kind() {
                    _ if i == 1 => self.td.alloc_size(t),
                    TypeKind::Struct => {
                        off = off.wrapping_add(self.td.field_offset(t, idx as u32));
                        t = t.struct_field(idx as u32).ok_or_else(varying)?;
                        continue;
                    }
                    TypeKind::Array(elem, _) => {
                        t = elem;
                        self.td.alloc_size(elem)
                    }
                    _ => return Err(varying()),
                };
                off = off.wrapping_add(idx.wrapping_mul(step));
            }
        }
        Ok(Some((arg, off)))
    }

    /// The uniform variable holding `bytes` bytes at `offset` of a by-value parameter.
    pub fn byval_field(&mut self, arg: Value, offset: u64, bytes: u32) -> Var {
        if let Some(v) = self.byval_fields.get(&(arg, offset, bytes)) {
            return *v;
        }
        let name = self.byval_name(arg);
        let path = self
            .byval_types
            .get(&arg)
            .and_then(|t| debug_types::field_path(self.m, *t, offset, bytes as u64))
            .unwrap_or_else(|| format!("+{offset}"));
        let index = match self.params.get(&arg) {
            Some(Param::ByVal { index, .. }) => *index,
            _ => 0,
        };
        let var = self.k.add_var(
            format!("{name}{path}"),
            Ty::Bv(bytes * 8),
            VarKind::Param { index },
        );
        self.byval_fields.insert((arg, offset, bytes), var);
        var
    }

    /// `dst := field`, narrowing the field to the destination's type.
    fn assign_field(&mut self, dst: Var, field: Var) {
        let value = match (self.k.var(dst).ty, self.k.var(field).ty) {
            (a, b) if a == b => Expr::Var(field),
            (Ty::Bool, _) => {
                crate::values::bv1_to_bool(Expr::cast(CastOp::Trunc, 1, Expr::Var(field)))
            }
            (Ty::Bv(w), _) => Expr::cast(CastOp::Trunc, w, Expr::Var(field)),
        };
        self.emit(Stmt::Assign { dst, value });
    }

    /// The region a pointer field of a by-value parameter points to (`q.p`, created on
    /// first use): like a pointer parameter, a buffer of its own.
    pub fn byval_pointer(&mut self, load: Value) -> Result<Option<kir::Region>, LiftError> {
        let Some(addr) = load.operand(0) else {
            return Ok(None);
        };
        let Some((arg, offset)) = self.byval_target(addr)? else {
            return Ok(None);
        };
        if let Some(r) = self.byval_regions.get(&(arg, offset)) {
            return Ok(Some(*r));
        }
        let TypeKind::Pointer(addrspace) = load.ty().kind() else {
            return Ok(None);
        };
        let Some(Param::ByVal { index, .. }) = self.params.get(&arg).cloned() else {
            return Ok(None);
        };
        let bytes = self.td.store_size(load.ty()) as u32;
        let field = self.byval_field(arg, offset, bytes);
        let name = self.k.var(field).name.clone();
        let space = self.space(addrspace, true);
        let origin = kir::RegionOrigin::Param { index };
        let r = self.new_region(name, space, None, origin, None);
        self.byval_regions.insert((arg, offset), r);
        Ok(Some(r))
    }

    /// `__requires_fresh_array(p)`: `p` points to a buffer no other pointer of the kernel
    /// points into. A pointer parameter, and a pointer field of a by-value parameter,
    /// already is one (a region of its own, as GPUVerify takes them); any other pointer
    /// is unsupported.
    pub fn requires_fresh_array(&mut self, args: &[Value]) -> Result<(), LiftError> {
        let p = args.first().and_then(|a| match a.opcode() {
            Some(Op::LLVMPtrToInt) => a.operand(0),
            _ => None,
        });
        let Some(p) = p else {
            return Err(self.unsupported("`__requires_fresh_array` of something not a pointer"));
        };
        let ptr = self.ptr(p)?;
        match self.k.region(ptr.region).origin {
            kir::RegionOrigin::Param { .. } => Ok(()),
            _ => Err(self.unsupported(format!(
                "`__requires_fresh_array` of `{}`, which is not a pointer parameter or a \
                 pointer field of a by-value parameter",
                self.k.region(ptr.region).name
            ))),
        }
    }

    /// A load from a by-value parameter: its fields, lane by lane for vectors.
    pub fn byval_load(&mut self, inst: Value, arg: Value, offset: u64) -> Result<(), LiftError> {
        let t = inst.ty();
        if let Some((_, elem)) = t.vector() {
            let bytes = self.field_bytes(elem)?;
            let Some(lanes) = self.lanes.get(&inst).cloned() else {
                return Err(self.unsupported(format!("load of `{}`", t.print())));
            };
            for (i, dst) in lanes.into_iter().enumerate() {
                let field = self.byval_field(arg, offset + i as u64 * bytes as u64, bytes);
                self.assign_field(dst, field);
            }
            return Ok(());
        }
        let bytes = self.field_bytes(t)?;
        let dst = self.var_of(inst)?;
        let field = self.byval_field(arg, offset, bytes);
        self.assign_field(dst, field);
        Ok(())
    }

    fn field_bytes(&self, t: Type) -> Result<u32, LiftError> {
        match (t.kind(), scalar_ty(t)) {
            // A pointer field is read as its bits (`byval_pointer` gives its region).
            (TypeKind::Pointer(_), _) => Ok(self.td.store_size(t) as u32),
            (_, Some(_)) => Ok(self.td.store_size(t) as u32),
            _ => Err(self.unsupported(format!("load of `{}`", t.print()))),
        }
    }

    /// `extractvalue` of an aggregate parameter passed directly.
    pub fn extract_value(&mut self, inst: Value) -> Result<(), LiftError> {
        let Some(agg) = inst.operand(0) else {
            return Err(self.invalid("extractvalue without operand"));
        };
        if !matches!(self.params.get(&agg), Some(Param::ByVal { .. })) {
            return Err(self.unsupported("instruction `extractvalue`"));
        }
        let mut t = agg.ty();
        let mut off = 0u64;
        for i in inst.indices() {
            match t.kind() {
                TypeKind::Struct => {
                    off += self.td.field_offset(t, i);
                    let Some(f) = t.struct_field(i) else {
                        return Err(self.invalid("struct field out of range"));
                    };
                    t = f;
                }
                TypeKind::Array(elem, _) => {
                    off += i as u64 * self.td.alloc_size(elem);
                    t = elem;
                }
                _ => return Err(self.invalid("extractvalue index into a scalar")),
            }
        }
        self.byval_load(inst, agg, off)
    }

    /// Assumes, at the kernel's entry, that overlapping fields read of one parameter
    /// agree on the bytes they share (a whole-struct copy and a field read, say).
    pub fn relate_byval_fields(&mut self) {
        let mut fields: Vec<((Value, u64, u32), Var)> =
            self.byval_fields.iter().map(|(k, v)| (*k, *v)).collect();
        fields.sort_by_key(|((_, off, bytes), var)| (*off, *bytes, *var));
        let mut assumes = Vec::new();
        for (i, &((a, o1, s1), v1)) in fields.iter().enumerate() {
            for &((b, o2, s2), v2) in &fields[i + 1..] {
                let (lo, hi) = (o1.max(o2), (o1 + s1 as u64).min(o2 + s2 as u64));
                if a != b || lo >= hi {
                    continue;
                }
                let w = ((hi - lo) * 8) as u32;
                let x = bits(&Expr::Var(v1), s1 * 8, ((lo - o1) * 8) as u32, w);
                let y = bits(&Expr::Var(v2), s2 * 8, ((lo - o2) * 8) as u32, w);
                assumes.push(StmtData::new(
                    Stmt::Assume {
                        cond: Expr::eq(x, y),
                    },
                    self.k.loc,
                ));
            }
        }
        if let Some(&entry) = self.k.layout.first() {
            let block = self.k.block_mut(entry);
            block.stmts.splice(0..0, assumes);
        }
    }

    /// Replaces the placeholder of every by-value parameter in the kernel's parameter
    /// list by its fields, in offset order (it stays opaque when no field is read).
    pub fn finish_byval_params(&mut self) {
        let mut fields: Vec<((Value, u64, u32), Var)> =
            self.byval_fields.iter().map(|(k, v)| (*k, *v)).collect();
        fields.sort_by_key(|((_, off, bytes), var)| (*off, *bytes, *var));
        for &(slot, arg) in self.byval_slots.iter().rev() {
            let entries: Vec<ParamData> = fields
                .iter()
                .filter(|((a, _, _), _)| *a == arg)
                .map(|((_, offset, _), var)| ParamData::Field {
                    name: self.k.var(*var).name.clone(),
                    var: *var,
                    offset: *offset,
                })
                .collect();
            if !entries.is_empty() && slot < self.k.params.len() {
                self.k.params.splice(slot..slot + 1, entries);
            }
        }
    }
}
