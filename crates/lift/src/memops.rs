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
use crate::llvm::{Op, TypeKind, Value};
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

/// The greatest common divisor (`gcd(a, 0) = a`).
fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
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
    /// The alignment of pointer argument `i` of a call: what the call promises, or
    /// what is known of the pointer, whichever is larger.
    fn arg_align(&self, inst: Value, i: u32) -> u64 {
        let promised = inst.attr_value(i + 1, "align", true).unwrap_or(1).max(1);
        let known = inst.operand(i).map_or(1, |p| self.known_align(p, 0));
        promised.max(known)
    }

    /// An alignment a pointer is known to have: that of its alloca, global or
    /// parameter, reduced by the offsets `getelementptr`s add to it.
    fn known_align(&self, p: Value, depth: u32) -> u64 {
        if depth > 32 {
            return 1;
        }
        if let Some(a) = p.alignment() {
            return a;
        }
        if let Some((f, i)) = p.param_of() {
            return f.attr_value(i + 1, "align", false).unwrap_or(1).max(1);
        }
        let Some(base) = p.operand(0) else {
            return 1;
        };
        match p.opcode() {
            Some(Op::LLVMBitCast | Op::LLVMAddrSpaceCast) => self.known_align(base, depth + 1),
            Some(Op::LLVMGetElementPtr) => {
                let Some(mut t) = p.gep_source_type() else {
                    return 1;
                };
                let mut align = self.known_align(base, depth + 1);
                for i in 1..p.num_operands() {
                    let idx = p.operand(i).and_then(|x| x.const_int());
                    let step = match t.kind() {
                        _ if i == 1 => self.td.alloc_size(t),
                        TypeKind::Struct => {
                            let field = idx.unwrap_or(0) as u32;
                            let off = self.td.field_offset(t, field);
                            align = gcd(align, off);
                            match t.struct_field(field) {
                                Some(f) => t = f,
                                None => return 1,
                            }
                            continue;
                        }
                        TypeKind::Array(elem, _) => {
                            t = elem;
                            self.td.alloc_size(elem)
                        }
                        _ => return 1,
                    };
                    let moved = match idx {
                        Some(c) => step.wrapping_mul(c),
                        None => step,
                    };
                    align = gcd(align, moved);
                }
                align.max(1)
            }
            _ => 1,
        }
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
        self.byval_write(*dst, "write into")?;
        let Some(d) = self.access_ptr(*dst)? else {
            return Ok(());
        };
        self.note_access(d.region, chunk);
        if kind == Kind::Set {
            let byte = self.value(*src)?;
            let value = splat(self.to_bv(byte), chunk);
            for i in 0..n {
                self.write_value(d.region, at(&d, i * chunk as u64), value.clone(), chunk);
            }
            return Ok(());
        }
        // A copy out of a by-value parameter reads its (uniform) fields.
        let byval = self.byval_target(*src)?;
        let s = match byval {
            Some(_) => None,
            None => match self.access_ptr(*src)? {
                Some(s) => Some(s),
                None => return Ok(()),
            },
        };
        let mut pending = Vec::new();
        for i in 0..n {
            let delta = i * chunk as u64;
            let tmp = match (byval, &s) {
                (Some((arg, offset)), _) => self.byval_field(arg, offset + delta, chunk),
                (None, Some(s)) => {
                    self.note_access(s.region, chunk);
                    let k = self.k.vars.len();
                    let tmp = self.fresh(format!("copy{k}"), Ty::Bv(chunk * 8));
                    self.read_into(tmp, s.region, at(s, delta), chunk);
                    tmp
                }
                (None, None) => return Err(self.invalid("copy without a source")),
            };
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
