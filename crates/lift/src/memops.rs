//! `llvm.memcpy`, `llvm.memmove` and `llvm.memset` of a constant length: a sequence of
//! accesses in chunks of the largest power of two (at most 8 bytes) that divides both
//! the length and the alignment of the pointers.
//!
//! `memcpy` reads then writes each chunk in turn; `memmove`, whose operands may
//! overlap, reads every chunk before it writes any; `memset` writes the byte value
//! repeated across each chunk.

use kir::{BinOp, CastOp, Expr, Ty, OFFSET_WIDTH};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::Value;
use crate::memory::{add, Ptr};

/// The longest copy or fill modelled access by access.
pub const MAX_BYTES: u64 = 1024;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Copy,
    Move,
    Set,
}

/// The chunk size of an access sequence: the largest power of two of at most 8 bytes
/// dividing both `len` and `align`.
pub fn chunk_bytes(len: u64, align: u64) -> u32 {
    let mut c = 8u64;
    while c > 1 && !(len.is_multiple_of(c) && align.is_multiple_of(c)) {
        c /= 2;
    }
    c as u32
}

/// `byte` repeated `bytes` times, as a bit-vector of `bytes * 8` bits.
fn splat(byte: Expr, bytes: u32) -> Expr {
    let w = bytes * 8;
    let ones = (0..bytes).fold(0u64, |acc, i| acc | (1u64 << (8 * i)));
    match byte {
        Expr::Int { value, .. } => Expr::int((value & 0xff).wrapping_mul(ones), w),
        e if bytes == 1 => e,
        e => Expr::bin(
            BinOp::Mul,
            Expr::cast(CastOp::ZExt, w, e),
            Expr::int(ones, w),
        ),
    }
}

fn at(p: &Ptr, delta: u64) -> Expr {
    add(p.offset.clone(), Expr::int(delta, OFFSET_WIDTH))
}

impl Lifter {
    /// The alignment the call promises for its pointer argument `i` (1 when none).
    fn arg_align(&self, inst: Value, i: u32) -> u64 {
        inst.attr_value(i + 1, "align", true).unwrap_or(1).max(1)
    }

    pub fn mem_intrinsic(
        &mut self,
        inst: Value,
        name: &str,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let (kind, base) = if name.starts_with("llvm.memset.") {
            (Kind::Set, "llvm.memset")
        } else if name.starts_with("llvm.memmove.") {
            (Kind::Move, "llvm.memmove")
        } else {
            (Kind::Copy, "llvm.memcpy")
        };
        if name.contains(".element.unordered.atomic") {
            return Err(self.unsupported(format!("call to `{name}`")));
        }
        let (Some(dst), Some(src), Some(len)) = (args.first(), args.get(1), args.get(2)) else {
            return Err(self.invalid(format!("`{base}` without its operands")));
        };
        let Some(len) = len.const_int() else {
            return Err(self.unsupported(format!("`{base}` of a non-constant length")));
        };
        if len > MAX_BYTES {
            return Err(self.unsupported(format!(
                "`{base}` of {len} bytes (at most {MAX_BYTES} are modelled)"
            )));
        }
        if len == 0 {
            return Ok(());
        }
        let mut align = self.arg_align(inst, 0);
        if kind != Kind::Set {
            align = align.min(self.arg_align(inst, 1));
        }
        let chunk = chunk_bytes(len, align);
        let n = len / chunk as u64;
        let d = self.ptr(*dst)?;
        self.note_access(d.region, chunk);
        if kind == Kind::Set {
            let byte = self.value(*src)?;
            let value = splat(self.to_bv(byte), chunk);
            for i in 0..n {
                self.write_value(d.region, at(&d, i * chunk as u64), value.clone(), chunk);
            }
            return Ok(());
        }
        let s = self.ptr(*src)?;
        self.note_access(s.region, chunk);
        let mut pending = Vec::new();
        for i in 0..n {
            let delta = i * chunk as u64;
            let k = self.k.vars.len();
            let tmp = self.fresh(format!("copy{k}"), Ty::Bv(chunk * 8));
            self.read_into(tmp, s.region, at(&s, delta), chunk);
            pending.push((delta, tmp));
            if kind == Kind::Copy {
                for (delta, tmp) in pending.drain(..) {
                    self.write_value(d.region, at(&d, delta), Expr::Var(tmp), chunk);
                }
            }
        }
        for (delta, tmp) in pending {
            self.write_value(d.region, at(&d, delta), Expr::Var(tmp), chunk);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_divide_length_and_alignment() {
        assert_eq!(chunk_bytes(256, 4), 4);
        assert_eq!(chunk_bytes(256, 16), 8);
        assert_eq!(chunk_bytes(12, 16), 4);
        assert_eq!(chunk_bytes(6, 8), 2);
        assert_eq!(chunk_bytes(7, 8), 1);
        assert_eq!(chunk_bytes(16, 1), 1);
    }

    #[test]
    fn byte_values_are_splatted() {
        assert_eq!(splat(Expr::int(0xab, 8), 4), Expr::int(0xabab_abab, 32));
        assert_eq!(splat(Expr::int(0, 8), 8), Expr::int(0, 64));
        let v = Expr::Var(kir::Var::new(0));
        assert_eq!(splat(v.clone(), 1), v);
        assert_eq!(
            splat(v.clone(), 2),
            Expr::bin(
                BinOp::Mul,
                Expr::cast(CastOp::ZExt, 16, v),
                Expr::int(0x0101, 16)
            )
        );
    }
}
