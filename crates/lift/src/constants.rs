//! The bytes of `constant` globals with a known initializer (lookup tables, and the
//! hidden constants clang copies local array initializers from), so that reads of
//! them at constant offsets, and copies out of them, get their values.

use kir::{Expr, Region};

use crate::lifter::Lifter;
use crate::llvm::{TypeKind, Value, ValueKind};

/// The largest constant whose bytes are kept.
const MAX_BYTES: u64 = 4096;
/// The most entries a read at a varying offset is resolved among.
const MAX_TABLE: usize = 64;

impl Lifter {
    /// The initial bytes of region `r`, when it is a `constant` global whose initializer
    /// is made of integers, floats and zeros.
    fn constant_bytes(&mut self, r: Region) -> Option<Vec<u8>> {
        if let Some(known) = self.constants.get(&r) {
            return known.clone();
        }
        let bytes = self.initial_bytes(r);
        self.constants.insert(r, bytes.clone());
        bytes
    }

    fn initial_bytes(&self, r: Region) -> Option<Vec<u8>> {
        let (&g, _) = self.regions.iter().find(|(_, reg)| **reg == r)?;
        let init = g.constant_initializer()?;
        let size = self.td.alloc_size(init.ty());
        if size > MAX_BYTES {
            return None;
        }
        let mut bytes = vec![0u8; size as usize];
        self.serialize(init, &mut bytes, 0, 0)?;
        Some(bytes)
    }

    /// Writes constant `c` into `out` at `at`; `None` for anything not a plain number.
    fn serialize(&self, c: Value, out: &mut [u8], at: usize, depth: u32) -> Option<()> {
        if depth > 32 {
            return None;
        }
        let t = c.ty();
        let n = self.td.store_size(t) as usize;
        let number = match c.kind() {
            ValueKind::ConstantInt => c.const_int(),
            ValueKind::ConstantFP => c.const_float_bits(),
            ValueKind::ConstantAggregate => None,
            _ => return None,
        };
        if let Some(x) = number {
            let dst = out.get_mut(at..at + n)?;
            for (i, b) in dst.iter_mut().enumerate() {
                *b = x.checked_shr(8 * i as u32).unwrap_or(0) as u8;
            }
            return Some(());
        }
        let (count, elem_at): (u64, Box<dyn Fn(u64) -> usize>) = match t.kind() {
            TypeKind::Array(elem, k) => {
                let step = self.td.alloc_size(elem) as usize;
                (k, Box::new(move |i| at + i as usize * step))
            }
            TypeKind::Struct => {
                let fields: Vec<usize> = (0..t.struct_fields())
                    .map(|i| at + self.td.field_offset(t, i) as usize)
                    .collect();
                (fields.len() as u64, Box::new(move |i| fields[i as usize]))
            }
            TypeKind::Vector => {
                let (k, elem) = t.vector()?;
                let step = self.td.store_size(elem) as usize;
                (k as u64, Box::new(move |i| at + i as usize * step))
            }
            _ => return None,
        };
        for i in 0..count {
            let e = c.aggregate_element(i as u32)?;
            self.serialize(e, out, elem_at(i), depth + 1)?;
        }
        Some(())
    }

    /// What is known of a read of `bytes` bytes at `offset` of region `r`.
    pub fn constant_read(&mut self, r: Region, offset: &Expr, bytes: u32) -> Option<Known> {
        if self.k.region(r).origin != kir::RegionOrigin::Global {
            return None;
        }
        let data = self.constant_bytes(r)?;
        let at = |start: usize| -> Option<Expr> {
            let chunk = data.get(start..start.checked_add(bytes as usize)?)?;
            let value = chunk
                .iter()
                .rev()
                .fold(0u64, |acc, b| (acc << 8) | *b as u64);
            Some(Expr::int(value, bytes * 8))
        };
        if let Expr::Int { value: off, .. } = offset {
            return at(usize::try_from(*off).ok()?).map(Known::Value);
        }
        // Any in-bounds read of a constant made of one repeated byte (zeros, say).
        if let Some(first) = data.first() {
            if data.iter().all(|b| b == first) && data.len() >= bytes as usize {
                return at(0).map(Known::Value);
            }
        }
        let n = data.len() / bytes as usize;
        if n == 0 || n > MAX_TABLE {
            return None;
        }
        let entries = (0..n)
            .map(|i| at(i * bytes as usize).map(|e| ((i * bytes as usize) as u64, e)))
            .collect::<Option<Vec<_>>>()?;
        Some(Known::Table(entries))
    }
}

/// What a read of constant memory is known to give.
pub enum Known {
    /// This value.
    Value(Expr),
    /// The value at each aligned offset (a misaligned read gives what memory holds).
    Table(Vec<(u64, Expr)>),
}
