//! Pointers kept in private memory: a field of a struct (or an element of an array) in an
//! `alloca` that mem2reg left in memory, written with a pointer and read back as one
//! (`S s; s.p = A; s.p[i] = ...`).
//!
//! An alloca qualifies when every use of it is a load or a store at a constant offset
//! (through `getelementptr`s with constant indices and casts): it never escapes, is never
//! copied or set in bulk, and is never indexed by a varying value. A *slot* of it is an
//! offset where pointers are stored and loaded, and where nothing else is: it becomes a
//! pair of variables, like a pointer phi, an offset and, when its stores have several
//! bases, a selector among them. A store to the slot assigns them; a load from it is a
//! pointer with the slot's bases. A slot read before any store is an undefined pointer:
//! like an undefined phi incoming, it points somewhere in the slot's bases.

use std::collections::{HashMap, HashSet};

use kir::{BinOp, Expr, Stmt, Ty, Var, OFFSET_WIDTH};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::{Op, TargetData, TypeKind, Value, ValueKind};
use crate::pointers::{Base, Cases};

/// A pointer slot: an alloca and a byte offset in it.
pub type SlotKey = (Value, u64);

/// The variables and bases of one slot.
#[derive(Clone, Debug, Default)]
pub struct Slot {
    pub stores: Vec<Value>,
    pub offset: Option<Var>,
    pub selector: Option<Var>,
    pub bases: Option<Vec<Base>>,
}

/// The alloca a pointer is derived from by constant `getelementptr`s and casts, with the
/// byte offset (`None` when an index varies).
fn alloca_offset(td: &TargetData, mut v: Value) -> Option<(Value, Option<u64>)> {
    let mut off = Some(0u64);
    loop {
        if v.kind() != ValueKind::Instruction && v.kind() != ValueKind::ConstantExpr {
            return None;
        }
        match v.opcode()? {
            Op::LLVMAlloca => return Some((v, off)),
            Op::LLVMBitCast | Op::LLVMAddrSpaceCast => v = v.operand(0)?,
            Op::LLVMGetElementPtr => {
                off = match (off, gep_offset(td, v)) {
                    (Some(a), Some(b)) => Some(a.wrapping_add(b)),
                    _ => None,
                };
                v = v.operand(0)?;
            }
            _ => return None,
        }
    }
}

/// The byte offset a `getelementptr` with constant indices adds.
fn gep_offset(td: &TargetData, g: Value) -> Option<u64> {
    let mut t = g.gep_source_type()?;
    let mut off = 0u64;
    for i in 1..g.num_operands() {
        let idx = g.operand(i)?;
        let w = match idx.ty().kind() {
            TypeKind::Int(w) => w,
            _ => return None,
        };
        let c = kir::sign_extend(idx.const_int()?, w) as u64;
        let step = match t.kind() {
            _ if i == 1 => td.alloc_size(t),
            TypeKind::Struct => {
                off = off.wrapping_add(td.field_offset(t, c as u32));
                t = t.struct_field(c as u32)?;
                continue;
            }
            TypeKind::Array(elem, _) => {
                t = elem;
                td.alloc_size(elem)
            }
            _ => return None,
        };
        off = off.wrapping_add(c.wrapping_mul(step));
    }
    Some(off)
}

/// The pointer slots of function `f`, and the slot each of their loads and stores
/// accesses.
pub fn find_slots(td: &TargetData, f: Value) -> (HashMap<SlotKey, Slot>, HashMap<Value, SlotKey>) {
    let insts: Vec<Value> = f.blocks().iter().flat_map(|b| b.instructions()).collect();
    let mut bad: HashSet<Value> = HashSet::new();
    // (alloca, offset, bytes, is a pointer, instruction)
    let mut accesses: Vec<(Value, u64, u64, bool, Value)> = Vec::new();
    for &i in &insts {
        let op = i.opcode();
        for k in 0..i.num_operands() {
            let Some(o) = i.operand(k) else { continue };
            let Some((a, off)) = alloca_offset(td, o) else {
                continue;
            };
            let (t, ok) = match op {
                Some(Op::LLVMGetElementPtr | Op::LLVMBitCast | Op::LLVMAddrSpaceCast) if k == 0 => {
                    continue
                }
                Some(Op::LLVMLoad) if !i.is_atomic_access() => (i.ty(), true),
                Some(Op::LLVMStore) if k == 1 && !i.is_atomic_access() => match i.operand(0) {
                    Some(v) => (v.ty(), true),
                    None => (i.ty(), false),
                },
                Some(Op::LLVMCall)
                    if i.called_value().is_some_and(|c| {
                        let n = c.name();
                        n.starts_with("llvm.lifetime.") || n.starts_with("llvm.dbg.")
                    }) =>
                {
                    continue
                }
                _ => (i.ty(), false),
            };
            match (ok, off) {
                (true, Some(off)) => {
                    let pointer = matches!(t.kind(), TypeKind::Pointer(_));
                    accesses.push((a, off, td.store_size(t), pointer, i));
                }
                _ => {
                    bad.insert(a);
                }
            }
        }
    }
    let mut slots: HashMap<SlotKey, Slot> = HashMap::new();
    let mut of: HashMap<Value, SlotKey> = HashMap::new();
    for &(a, off, bytes, pointer, i) in &accesses {
        if !pointer || bytes != 8 || bad.contains(&a) {
            continue;
        }
        // Every access that overlaps the slot is a pointer access at the slot.
        let clean = accesses.iter().all(|&(b, o, n, p, _)| {
            b != a || o + n <= off || off + bytes <= o || (p && o == off && n == bytes)
        });
        if !clean {
            continue;
        }
        let slot = slots.entry((a, off)).or_default();
        if i.opcode() == Some(Op::LLVMStore) {
            slot.stores.push(i);
        }
        of.insert(i, (a, off));
    }
    (slots, of)
}

impl Lifter {
    /// The bases the pointers stored to a slot have, in the order first met.
    fn slot_bases(&mut self, key: SlotKey) -> Result<Vec<Base>, LiftError> {
        let Some(slot) = self.slots.get(&key).cloned() else {
            return Err(self.invalid("pointer slot without a record"));
        };
        if let Some(b) = slot.bases {
            return Ok(b);
        }
        if !self.slots_in_progress.insert(key) {
            return Err(
                self.unsupported("pointer kept in private memory that is stored back into itself")
            );
        }
        let mut found: Vec<Base> = Vec::new();
        for st in &slot.stores {
            let Some(v) = st.operand(0) else { continue };
            if v.kind() == ValueKind::Undef {
                continue;
            }
            for (b, _) in self.cases(v)?.bases {
                if !found.contains(&b) {
                    found.push(b);
                }
            }
        }
        self.slots_in_progress.remove(&key);
        if found.is_empty() {
            return Err(self.unsupported("pointer read from private memory where none is stored"));
        }
        if let Some(s) = self.slots.get_mut(&key) {
            s.bases = Some(found.clone());
        }
        Ok(found)
    }

    /// The offset and selector variables of a slot (created on first use).
    fn slot_vars(&mut self, key: SlotKey, several: bool) -> (Var, Option<Var>) {
        let name = self.name_of(key.0, || "slot".to_string());
        let (old_off, old_sel) = match self.slots.get(&key) {
            Some(s) => (s.offset, s.selector),
            None => (None, None),
        };
        let off = match old_off {
            Some(v) => v,
            None => self.fresh(format!("{name}+{}.offset", key.1), Ty::Bv(OFFSET_WIDTH)),
        };
        let sel = match (old_sel, several) {
            (Some(v), _) => Some(v),
            (None, true) => Some(self.fresh(format!("{name}+{}.base", key.1), Ty::Bv(32))),
            (None, false) => None,
        };
        if let Some(s) = self.slots.get_mut(&key) {
            s.offset = Some(off);
            s.selector = sel;
        }
        (off, sel)
    }

    /// The pointer a load from a slot reads, or `None` if `load` reads no slot.
    pub fn slot_cases(&mut self, load: Value) -> Result<Option<Cases>, LiftError> {
        let Some(&key) = self.slot_of.get(&load) else {
            return Ok(None);
        };
        if load.opcode() != Some(Op::LLVMLoad) {
            return Ok(None);
        }
        let bases = self.slot_bases(key)?;
        let (off, sel) = self.slot_vars(key, bases.len() > 1);
        let offset = Expr::Var(off);
        let Some(sel) = sel else {
            return Ok(Some(Cases {
                bases: vec![(bases[0], Expr::tt())],
                offset,
            }));
        };
        let last = bases.len() - 1;
        let guards = bases.iter().enumerate().map(|(i, b)| {
            let at = Expr::int(i as u64, 32);
            let g = if i == last {
                Expr::bin(BinOp::Uge, Expr::Var(sel), at)
            } else {
                Expr::eq(Expr::Var(sel), at)
            };
            (*b, g)
        });
        Ok(Some(Cases {
            bases: guards.collect(),
            offset,
        }))
    }

    /// Whether `inst` is a load from a pointer slot (it reads no memory).
    pub fn is_slot_load(&self, inst: Value) -> bool {
        inst.opcode() == Some(Op::LLVMLoad) && self.slot_of.contains_key(&inst)
    }

    /// A store to a pointer slot: the slot's offset and selector take the stored
    /// pointer's. Returns `false` if `store` writes no slot.
    pub fn slot_store(&mut self, store: Value) -> Result<bool, LiftError> {
        let Some(&key) = self.slot_of.get(&store) else {
            return Ok(false);
        };
        let Some(v) = store.operand(0) else {
            return Err(self.invalid("store without operands"));
        };
        let bases = self.slot_bases(key)?;
        let (off, sel) = self.slot_vars(key, bases.len() > 1);
        if v.kind() == ValueKind::Undef {
            self.emit(Stmt::Havoc { dst: off });
            if let Some(s) = sel {
                self.emit(Stmt::Havoc { dst: s });
            }
            return Ok(true);
        }
        let c = self.cases(v)?;
        self.emit(Stmt::Assign {
            dst: off,
            value: c.offset.clone(),
        });
        if let Some(s) = sel {
            let value = self.selector(&bases, &c)?;
            self.emit(Stmt::Assign { dst: s, value });
        }
        Ok(true)
    }
}
