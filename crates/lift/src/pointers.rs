//! Pointer values: the bases a pointer may have (a region, or null) each under a guard,
//! and one byte offset. A pointer with several bases (a `select` or phi of pointers into
//! different regions, or one that may be null) is a case split: an access through it
//! is one access per region, enabled by that region's guard, and an assertion that the
//! null case does not happen.
//!
//! Guards of one pointer are exclusive and exhaustive: for a select they are the
//! condition and its negation; a phi with several bases has a selector variable, set
//! on each incoming edge, and the last base takes every selector value the others do
//! not.

use std::collections::HashSet;

use kir::{BinOp, CastOp, Expr, Region, Ty, Var, OFFSET_WIDTH};

use crate::error::LiftError;
use crate::lifter::{Lifter, Param};
use crate::llvm::{Op, TypeKind, Value, ValueKind};
use crate::memory::{add, Ptr};
use crate::regions::innermost;

/// What a pointer points into.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Base {
    Region(Region),
    Null,
}

/// A pointer: its possible bases with their guards, and its byte offset.
#[derive(Clone, Debug)]
pub struct Cases {
    pub bases: Vec<(Base, Expr)>,
    pub offset: Expr,
}

impl Cases {
    fn one(base: Base) -> Cases {
        Cases {
            bases: vec![(base, Expr::tt())],
            offset: Expr::int(0, OFFSET_WIDTH),
        }
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

fn and(a: Expr, b: Expr) -> Expr {
    match (a, b) {
        (Expr::Bool(true), e) | (e, Expr::Bool(true)) => e,
        (a, b) => Expr::and(a, b),
    }
}

/// `c ? a : b` on two pointers.
fn select(c: Expr, a: Cases, b: Cases) -> Cases {
    let mut bases: Vec<(Base, Expr)> = Vec::new();
    for (base, g) in &a.bases {
        match b.bases.iter().find(|(x, _)| x == base) {
            Some((_, h)) if *g == Expr::tt() && *h == Expr::tt() => bases.push((*base, Expr::tt())),
            Some((_, h)) => bases.push((*base, Expr::ite(c.clone(), g.clone(), h.clone()))),
            None => bases.push((*base, and(c.clone(), g.clone()))),
        }
    }
    for (base, h) in &b.bases {
        if !a.bases.iter().any(|(x, _)| x == base) {
            bases.push((*base, and(Expr::not(c.clone()), h.clone())));
        }
    }
    let offset = if a.offset == b.offset {
        a.offset
    } else {
        Expr::ite(c, a.offset, b.offset)
    };
    Cases { bases, offset }
}

impl Lifter {
    /// The one region a pointer points into (a pointer that may be null or point into
    /// several regions is an error here: callers that take those use [`Self::cases`]).
    pub fn ptr(&mut self, v: Value) -> Result<Ptr, LiftError> {
        let c = self.cases(v)?;
        let regions: Vec<Region> = c
            .bases
            .iter()
            .filter_map(|(b, _)| match b {
                Base::Region(r) => Some(*r),
                Base::Null => None,
            })
            .collect();
        match (regions.as_slice(), c.bases.len()) {
            (&[region], 1) => Ok(Ptr {
                region,
                offset: c.offset,
            }),
            (&[a, b, ..], _) => Err(self.two_regions(a, b)),
            _ => Err(self.unsupported("null pointer")),
        }
    }

    /// The bases and offset of a pointer value.
    /// The selector value (the position in `bases`) of a pointer with these cases.
    pub(crate) fn selector(&self, bases: &[Base], c: &Cases) -> Result<Expr, LiftError> {
        let index = |b: &Base| bases.iter().position(|x| x == b).unwrap_or(0) as u64;
        let mut cases = c.bases.iter().rev();
        let Some((last, _)) = cases.next() else {
            return Err(self.invalid("pointer without a base"));
        };
        let mut e = Expr::int(index(last), 32);
        for (b, g) in cases {
            e = Expr::ite(g.clone(), Expr::int(index(b), 32), e);
        }
        Ok(e)
    }

    pub fn cases(&mut self, v: Value) -> Result<Cases, LiftError> {
        match v.kind() {
            ValueKind::Argument => match self.params.get(&v).cloned() {
                Some(Param::Pointer(r)) => Ok(Cases::one(Base::Region(r))),
                Some(Param::Opaque(name) | Param::ByVal { name, .. }) => {
                    Err(self.unsupported(format!("use of by-value parameter `{name}`")))
                }
                _ => Err(self.unsupported("integer used as a pointer")),
            },
            ValueKind::GlobalVariable => Ok(Cases::one(Base::Region(self.global_region(v)?))),
            ValueKind::NullPointer => Ok(Cases::one(Base::Null)),
            ValueKind::Undef => Err(self.unsupported("undefined pointer")),
            ValueKind::Function => Err(self.unsupported("function pointer")),
            ValueKind::Instruction | ValueKind::ConstantExpr => self.derived(v),
            _ => Err(self.unsupported(format!("pointer `{}`", v.ty().print()))),
        }
    }

    fn derived(&mut self, v: Value) -> Result<Cases, LiftError> {
        let first = |l: &Self| v.operand(0).ok_or_else(|| l.invalid("missing operand"));
        match v.opcode() {
            Some(Op::LLVMAlloca) => Ok(Cases::one(Base::Region(self.alloca_region(v)?))),
            Some(Op::LLVMGetElementPtr) => self.gep(v),
            Some(Op::LLVMBitCast | Op::LLVMAddrSpaceCast | Op::LLVMFreeze) => {
                let o = first(self)?;
                self.cases(o)
            }
            Some(Op::LLVMPHI) => self.phi_cases(v),
            Some(Op::LLVMSelect) => {
                let c = self.value(first(self)?)?;
                let c = crate::values::to_bool(c.clone(), self.ty(&c));
                let (Some(a), Some(b)) = (v.operand(1), v.operand(2)) else {
                    return Err(self.invalid("select without operands"));
                };
                let (a, b) = (self.cases(a)?, self.cases(b)?);
                Ok(select(c, a, b))
            }
            Some(Op::LLVMLoad) if self.is_slot_load(v) => match self.slot_cases(v)? {
                Some(c) => Ok(c),
                None => Err(self.invalid("pointer slot load without a slot")),
            },
            Some(Op::LLVMLoad) => match self.byval_pointer(v)? {
                Some(r) => Ok(Cases::one(Base::Region(r))),
                None => Err(self.unsupported("use of a pointer loaded from memory")),
            },
            // An integer made a pointer: its region is not known. It is taken as null
            // plus the integer, so an access through it is a possible null pointer
            // access (as GPUVerify reports it), never silently accepted.
            Some(Op::LLVMIntToPtr) => {
                let x = self.value(first(self)?)?;
                let x = self.to_bv(x);
                let offset = match self.ty(&x) {
                    Ty::Bv(w) if w < OFFSET_WIDTH => Expr::cast(CastOp::ZExt, OFFSET_WIDTH, x),
                    Ty::Bv(w) if w > OFFSET_WIDTH => Expr::cast(CastOp::Trunc, OFFSET_WIDTH, x),
                    _ => x,
                };
                Ok(Cases {
                    bases: vec![(Base::Null, Expr::tt())],
                    offset,
                })
            }
            // What a bodiless function returned (see `external_call`).
            Some(Op::LLVMCall) => match self.vars.get(&v) {
                Some(offset) => Ok(Cases {
                    bases: vec![(Base::Null, Expr::tt())],
                    offset: Expr::Var(*offset),
                }),
                None => Err(self.unsupported("pointer returned by a call")),
            },
            Some(op) => {
                Err(self.unsupported(format!("pointer made by `{}`", crate::lifter::op_name(op))))
            }
            None => Err(self.invalid("pointer without opcode")),
        }
    }

    /// A pointer phi: its offset variable, and its bases under the selector.
    fn phi_cases(&mut self, phi: Value) -> Result<Cases, LiftError> {
        let bases = self.phi_bases(phi)?;
        let offset = Expr::Var(self.var_of(phi)?);
        if let [base] = bases.as_slice() {
            return Ok(Cases {
                bases: vec![(*base, Expr::tt())],
                offset,
            });
        }
        let sel = Expr::Var(self.phi_selector(phi));
        let last = bases.len() - 1;
        let guards = bases.iter().enumerate().map(|(i, b)| {
            let at = Expr::int(i as u64, 32);
            let g = if i == last {
                Expr::bin(BinOp::Uge, sel.clone(), at)
            } else {
                Expr::eq(sel.clone(), at)
            };
            (*b, g)
        });
        Ok(Cases {
            bases: guards.collect(),
            offset,
        })
    }

    /// The selector variable of a phi with several bases (index into its bases).
    pub fn phi_selector(&mut self, phi: Value) -> Var {
        if let Some(v) = self.phi_selectors.get(&phi) {
            return *v;
        }
        let name = match self.vars.get(&phi) {
            Some(o) => format!("{}.base", self.k.var(*o).name),
            None => "phi.base".to_string(),
        };
        let v = self.fresh(name, Ty::Bv(32));
        self.phi_selectors.insert(phi, v);
        v
    }

    /// The bases a pointer phi may have, found through the phis, selects, casts and
    /// `getelementptr`s that feed it, in the order first met.
    pub fn phi_bases(&mut self, phi: Value) -> Result<Vec<Base>, LiftError> {
        if let Some(b) = self.phi_bases.get(&phi) {
            return Ok(b.clone());
        }
        let mut seen = HashSet::new();
        let mut work = vec![phi];
        let mut found: Vec<Base> = Vec::new();
        while let Some(v) = work.pop() {
            if !seen.insert(v) {
                continue;
            }
            if v.kind() == ValueKind::Undef {
                // An undefined incoming pointer may be taken to point anywhere in the
                // bases of the others (the copy havocs the offset and selector).
                continue;
            }
            let derived = matches!(v.kind(), ValueKind::Instruction | ValueKind::ConstantExpr);
            let bases: Vec<Base> = match v.opcode().filter(|_| derived) {
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
                _ => self.cases(v)?.bases.into_iter().map(|(b, _)| b).collect(),
            };
            for b in bases {
                if !found.contains(&b) {
                    found.push(b);
                }
            }
        }
        if found.is_empty() {
            return Err(self.unsupported("pointer phi without a base pointer"));
        }
        self.phi_bases.insert(phi, found.clone());
        Ok(found)
    }

    /// The copies that give a pointer phi its value on an edge: its offset, and its
    /// selector when it has several bases.
    pub fn pointer_phi_copies(
        &mut self,
        phi: Value,
        incoming: Value,
    ) -> Result<Vec<(Var, Expr)>, LiftError> {
        let bases = self.phi_bases(phi)?;
        let offset = self.var_of(phi)?;
        let sel = (bases.len() > 1).then(|| self.phi_selector(phi));
        if incoming.kind() == ValueKind::Undef {
            let mut out = vec![(offset, self.havoc(Ty::Bv(OFFSET_WIDTH)))];
            if let Some(s) = sel {
                out.push((s, self.havoc(Ty::Bv(32))));
            }
            return Ok(out);
        }
        let c = self.cases(incoming)?;
        let mut out = vec![(offset, c.offset.clone())];
        if let Some(s) = sel {
            out.push((s, self.selector(&bases, &c)?));
        }
        Ok(out)
    }

    /// The bits of a pointer stored to memory: a pointer loaded from memory is the bits
    /// it was loaded as; any other is an uninterpreted function of its base and offset
    /// (equal pointers have equal bits), null plus an offset is the offset.
    pub fn pointer_bits(&mut self, v: Value) -> Result<Expr, LiftError> {
        let width = self.td.store_size(v.ty()) as u32 * 8;
        if v.opcode() == Some(Op::LLVMLoad)
            && v.kind() == ValueKind::Instruction
            && !self.is_slot_load(v)
        {
            return Ok(Expr::Var(self.var_of(v)?));
        }
        if width != OFFSET_WIDTH {
            return Err(self.unsupported(format!("store of a {width}-bit pointer")));
        }
        let c = self.cases(v)?;
        let bits = |b: &Base| match b {
            Base::Null => c.offset.clone(),
            Base::Region(r) => Expr::Apply {
                func: "pointer.bits".to_string(),
                args: vec![Expr::int(r.index() as u64, 64), c.offset.clone()],
                ty: Ty::Bv(OFFSET_WIDTH),
            },
        };
        let mut cases = c.bases.iter().rev();
        let Some((last, _)) = cases.next() else {
            return Err(self.invalid("pointer without a base"));
        };
        let mut e = bits(last);
        for (b, g) in cases {
            e = Expr::ite(g.clone(), bits(b), e);
        }
        Ok(e)
    }

    /// `getelementptr`: the base pointer plus the indices scaled by the type sizes.
    fn gep(&mut self, v: Value) -> Result<Cases, LiftError> {
        let (Some(base), Some(src)) = (v.operand(0), v.gep_source_type()) else {
            return Err(self.invalid("getelementptr without base"));
        };
        let mut p = self.cases(base)?;
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
                // An array element, or a lane of a vector in memory (the optimiser's
                // `v[i]`): lanes of whole bytes lie one after another like elements.
                kind => {
                    let elem = match kind {
                        TypeKind::Array(elem, _) => Some(elem),
                        TypeKind::Vector => t.vector().map(|(_, e)| e).filter(|e| {
                            matches!(e.kind(), TypeKind::Int(w) | TypeKind::Float(w, _) if w % 8 == 0)
                        }),
                        _ => None,
                    };
                    let Some(elem) = elem else {
                        return Err(
                            self.unsupported(format!("`getelementptr` into `{}`", t.print()))
                        );
                    };
                    let step = self.td.alloc_size(elem);
                    p.offset = add(p.offset, scale(self.index(idx)?, step));
                    t = elem;
                }
            }
        }
        // The element the source indexes with: arrays of a global/alloca are looked
        // through when the GEP indexes into them.
        let unit = if n > 2 { innermost(src) } else { src };
        let size = self.td.alloc_size(unit) as u32;
        for (b, _) in &p.bases {
            if let Base::Region(r) = b {
                self.note_gep(*r, size);
            }
        }
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
}
