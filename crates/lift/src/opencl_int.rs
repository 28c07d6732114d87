//! OpenCL's integer built-in functions (OpenCL C 1.2, section 6.12.3) in exact bit
//! arithmetic. clang declares them `readnone` and calls them by their mangled overloads
//! (`_Z3minii`, `_Z5clampjjj`, `_Z3maxDv4_iS_`); as bodiless pure calls they would be
//! uninterpreted functions, so a loop bounded by `min(31, n - 32 * i - 1)` or an index
//! built with `mul24(get_group_id(0), get_local_size(0))` would tell the solver nothing.
//! GPUVerify links libclc, where they are ordinary code; here they are expressions:
//! `min`, `max`, `clamp`, `abs`, `abs_diff`, `hadd`, `rhadd`, `add_sat`, `sub_sat`,
//! `select`, `bitselect`, `rotate`, `upsample`, `mul_hi` (up to 32 bits), `popcount`,
//! `clz`, and `mul24`/`mad24`, which are the product
//! only when both factors fit 24 bits (the specification leaves other values
//! implementation-defined, so there the result stays an uninterpreted function).
//! Integer-to-integer `convert_<type>` (any rounding mode, no `_sat`) truncates or extends.
//! Signedness comes from the mangled type of the first argument. Anything else (floats,
//! saturating conversions, other widths, other functions) falls back to an uninterpreted
//! call.

use kir::{BinOp, CastOp, Expr, Ty, UnOp};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::Value;
use crate::names::source_name;

/// The functions this module makes exact.
const EXACT: &[&str] = &[
    "min",
    "max",
    "clamp",
    "abs",
    "abs_diff",
    "hadd",
    "rhadd",
    "select",
    "upsample",
    "mul_hi",
    "popcount",
    "clz",
    "mul24",
    "mad24",
    "rotate",
    "bitselect",
    "add_sat",
    "sub_sat",
];

/// A call of an OpenCL integer built-in: its name and the element type of its first
/// argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntCall<'a> {
    pub name: &'a str,
    pub bits: u32,
    pub signed: bool,
}

impl<'a> IntCall<'a> {
    /// The call `symbol` names, when it is one of [`EXACT`] on integers
    /// (`_Z5clampiii` -> clamp on signed 32-bit values) or an integer-to-integer
    /// `convert_<type>` without saturation.
    pub fn parse(symbol: &'a str) -> Option<IntCall<'a>> {
        let (name, params) = source_name(symbol.strip_prefix("_Z")?)?;
        if !EXACT.contains(&name) && conversion(name).is_none() {
            return None;
        }
        let elem = match params.strip_prefix("Dv") {
            Some(v) => v.split_once('_')?.1,
            None => params,
        };
        let (bits, signed) = int_code(*elem.as_bytes().first()?)?;
        Some(IntCall { name, bits, signed })
    }
}

/// An Itanium builtin-type code of an integer: its width and signedness (OpenCL's `char`
/// is signed).
fn int_code(c: u8) -> Option<(u32, bool)> {
    Some(match c {
        b'c' | b'a' => (8, true),
        b'h' => (8, false),
        b's' => (16, true),
        b't' => (16, false),
        b'i' => (32, true),
        b'j' => (32, false),
        b'l' | b'x' => (64, true),
        b'm' | b'y' => (64, false),
        _ => return None,
    })
}

/// The width of the integer type `convert_<type>[n][_rt?]` converts to; `None` for
/// conversions to floating point and saturating ones.
fn conversion(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("convert_")?;
    let (ty, mode) = rest.split_once('_').unwrap_or((rest, ""));
    if !matches!(mode, "" | "rte" | "rtz" | "rtp" | "rtn") {
        return None;
    }
    let ty = ty.trim_end_matches(|c: char| c.is_ascii_digit());
    Some(match ty.strip_prefix('u').unwrap_or(ty) {
        "char" => 8,
        "short" => 16,
        "int" => 32,
        "long" => 64,
        _ => return None,
    })
}

fn less(signed: bool) -> BinOp {
    if signed {
        BinOp::Slt
    } else {
        BinOp::Ult
    }
}

fn minimum(a: Expr, b: Expr, signed: bool) -> Expr {
    Expr::ite(Expr::bin(less(signed), a.clone(), b.clone()), a, b)
}

fn maximum(a: Expr, b: Expr, signed: bool) -> Expr {
    Expr::ite(Expr::bin(less(signed), b.clone(), a.clone()), a, b)
}

/// Whether the 32-bit `x` fits 24 bits the way `mul24` asks.
fn fits24(x: &Expr, signed: bool) -> Expr {
    let bits = 32;
    if signed {
        let shifted = Expr::bin(BinOp::Add, x.clone(), Expr::int(1 << 23, bits));
        Expr::bin(BinOp::Ult, shifted, Expr::int(1 << 24, bits))
    } else {
        Expr::bin(BinOp::Ult, x.clone(), Expr::int(1 << 24, bits))
    }
}

/// The value of one lane of `call` on `args` (all of `call.bits` bits), or `None` when
/// this module leaves the call uninterpreted. `symbol` names the out-of-range value of
/// `mul24`. Bit-counting calls are done by the lifter ([`Lifter::bit_count`]).
pub fn exact(call: IntCall, symbol: &str, args: &[Expr]) -> Option<Expr> {
    let (w, s) = (call.bits, call.signed);
    let shr = if s { BinOp::AShr } else { BinOp::LShr };
    let half = |x: &Expr| Expr::bin(shr, x.clone(), Expr::int(1, w));
    let low = |x: Expr| Expr::bin(BinOp::And, x, Expr::int(1, w));
    if let (Some(to), [x]) = (conversion(call.name), args) {
        let ext = if s { CastOp::SExt } else { CastOp::ZExt };
        return Some(match to.cmp(&w) {
            std::cmp::Ordering::Equal => x.clone(),
            std::cmp::Ordering::Less => Expr::cast(CastOp::Trunc, to, x.clone()),
            std::cmp::Ordering::Greater => Expr::cast(ext, to, x.clone()),
        });
    }
    Some(match (call.name, args) {
        ("min", [a, b]) => minimum(a.clone(), b.clone(), s),
        ("max", [a, b]) => maximum(a.clone(), b.clone(), s),
        ("clamp", [x, lo, hi]) => minimum(maximum(x.clone(), lo.clone(), s), hi.clone(), s),
        ("abs", [x]) if s => {
            let neg = Expr::bin(BinOp::Slt, x.clone(), Expr::int(0, w));
            Expr::ite(neg, Expr::Unary(UnOp::Neg, Box::new(x.clone())), x.clone())
        }
        ("abs", [x]) => x.clone(),
        ("abs_diff", [a, b]) => Expr::ite(
            Expr::bin(less(s), b.clone(), a.clone()),
            Expr::bin(BinOp::Sub, a.clone(), b.clone()),
            Expr::bin(BinOp::Sub, b.clone(), a.clone()),
        ),
        // (a + b) >> 1 and (a + b + 1) >> 1 without the overflow of the sum.
        ("hadd" | "rhadd", [a, b]) => {
            let halves = Expr::bin(BinOp::Add, half(a), half(b));
            let op = if call.name == "hadd" {
                BinOp::And
            } else {
                BinOp::Or
            };
            let carry = low(Expr::bin(op, a.clone(), b.clone()));
            Expr::bin(BinOp::Add, halves, carry)
        }
        // Scalars: `c ? b : a`.
        ("select", [a, b, c]) => {
            Expr::ite(Expr::ne(c.clone(), Expr::int(0, w)), b.clone(), a.clone())
        }
        ("upsample", [hi, lo]) if w <= 32 => {
            let hi = Expr::cast(CastOp::ZExt, 2 * w, hi.clone());
            let lo = Expr::cast(CastOp::ZExt, 2 * w, lo.clone());
            let moved = Expr::bin(BinOp::Shl, hi, Expr::int(w as u64, 2 * w));
            Expr::bin(BinOp::Or, moved, lo)
        }
        ("mul_hi", [a, b]) if w <= 32 => {
            let ext = if s { CastOp::SExt } else { CastOp::ZExt };
            let wide = Expr::bin(
                BinOp::Mul,
                Expr::cast(ext, 2 * w, a.clone()),
                Expr::cast(ext, 2 * w, b.clone()),
            );
            let top = Expr::bin(BinOp::LShr, wide, Expr::int(w as u64, 2 * w));
            Expr::cast(CastOp::Trunc, w, top)
        }
        ("mul24", [a, b]) | ("mad24", [a, b, _]) if w == 32 => {
            let fits = Expr::and(fits24(a, s), fits24(b, s));
            let other = Expr::Apply {
                func: format!("{symbol}.out_of_range"),
                args: vec![a.clone(), b.clone()],
                ty: Ty::Bv(32),
            };
            let product = Expr::ite(fits, Expr::bin(BinOp::Mul, a.clone(), b.clone()), other);
            match args {
                [_, _, c] => Expr::bin(BinOp::Add, product, c.clone()),
                _ => product,
            }
        }
        ("rotate", [v, i]) => {
            let r = Expr::bin(BinOp::And, i.clone(), Expr::int(w as u64 - 1, w));
            let left = Expr::bin(BinOp::Shl, v.clone(), r.clone());
            let back = Expr::bin(BinOp::Sub, Expr::int(w as u64, w), r.clone());
            let right = Expr::bin(BinOp::LShr, v.clone(), back);
            let zero = Expr::eq(r, Expr::int(0, w));
            Expr::ite(zero, v.clone(), Expr::bin(BinOp::Or, left, right))
        }
        ("bitselect", [a, b, c]) => {
            let not_c = Expr::Unary(UnOp::BvNot, Box::new(c.clone()));
            let from_a = Expr::bin(BinOp::And, a.clone(), not_c);
            Expr::bin(
                BinOp::Or,
                from_a,
                Expr::bin(BinOp::And, b.clone(), c.clone()),
            )
        }
        ("add_sat" | "sub_sat", [a, b]) => saturated(call.name == "add_sat", a, b, w, s),
        _ => return None,
    })
}

/// `a + b` or `a - b`, clamped to the range of the type instead of wrapping.
fn saturated(add: bool, a: &Expr, b: &Expr, w: u32, signed: bool) -> Expr {
    let op = if add { BinOp::Add } else { BinOp::Sub };
    let r = Expr::bin(op, a.clone(), b.clone());
    if !signed {
        // Unsigned: the sum wrapped when it is below `a`; the difference when b > a.
        return match add {
            true => Expr::ite(
                Expr::bin(BinOp::Ult, r.clone(), a.clone()),
                Expr::int(u64::MAX, w),
                r,
            ),
            false => Expr::ite(
                Expr::bin(BinOp::Ult, a.clone(), b.clone()),
                Expr::int(0, w),
                r,
            ),
        };
    }
    let negative = |x: &Expr| Expr::bin(BinOp::Slt, x.clone(), Expr::int(0, w));
    // Overflow: the operands' signs agree (add) or differ (sub), and the result's sign
    // is not a's.
    let signs = Expr::eq(negative(a), negative(b));
    let signs = if add { signs } else { Expr::not(signs) };
    let flipped = Expr::ne(negative(&r), negative(a));
    let min = Expr::int(1 << (w - 1), w);
    let max = Expr::int((1 << (w - 1)) - 1, w);
    let bound = Expr::ite(negative(a), min, max);
    Expr::ite(Expr::and(signs, flipped), bound, r)
}

impl Lifter {
    /// A call of an OpenCL integer built-in (see the module documentation). Returns
    /// `false`, having emitted nothing, when the call is to stay uninterpreted.
    pub fn opencl_int_call(
        &mut self,
        inst: Value,
        call: IntCall,
        symbol: &str,
        args: &[Value],
    ) -> Result<bool, LiftError> {
        let lanes = inst.ty().vector().map(|(n, _)| n as usize);
        let n = lanes.unwrap_or(1);
        let mut columns = Vec::with_capacity(args.len());
        for &a in args {
            let column = match a.ty().vector() {
                Some(_) => self.lanes(a)?,
                None => {
                    let v = self.value(a)?;
                    vec![self.to_bv(v); n]
                }
            };
            if column.len() != n || column.iter().any(|e| self.ty(e) != Ty::Bv(call.bits)) {
                return Ok(false);
            }
            columns.push(column);
        }
        let mut results = Vec::with_capacity(n);
        for lane in 0..n {
            let row: Vec<Expr> = columns.iter().map(|c| c[lane].clone()).collect();
            let value = match (call.name, row.as_slice()) {
                ("popcount" | "clz", [x]) => self.bit_count(call.name, x.clone(), call.bits),
                // Vector lanes select on the top bit of `c`.
                ("select", [a, b, c]) if lanes.is_some() => {
                    let top = Expr::bin(BinOp::Slt, c.clone(), Expr::int(0, call.bits));
                    Some(Expr::ite(top, b.clone(), a.clone()))
                }
                _ => exact(call, symbol, &row),
            };
            let Some(value) = value else {
                return Ok(false);
            };
            results.push(value);
        }
        match lanes {
            Some(_) => self.assign_lanes(inst, results)?,
            None => self.define(inst, results.remove(0))?,
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_signedness_width_and_vectors() {
        let c = IntCall::parse("_Z5clampiii").unwrap();
        assert_eq!((c.name, c.bits, c.signed), ("clamp", 32, true));
        let c = IntCall::parse("_Z3minjj").unwrap();
        assert_eq!((c.bits, c.signed), (32, false));
        let c = IntCall::parse("_Z3maxDv4_tS_").unwrap();
        assert_eq!((c.name, c.bits, c.signed), ("max", 16, false));
        let c = IntCall::parse("_Z3minll").unwrap();
        assert_eq!((c.bits, c.signed), (64, true));
        assert!(IntCall::parse("_Z3minff").is_none());
        assert!(IntCall::parse("_Z4fminff").is_none());
        assert!(IntCall::parse("_Z12get_local_idj").is_none());
        assert!(IntCall::parse("min").is_none());
        let c = IntCall::parse("_Z14convert_short4Dv4_j").unwrap();
        assert_eq!((c.name, c.bits, c.signed), ("convert_short4", 32, false));
        assert!(IntCall::parse("_Z16convert_uint_sati").is_none());
        assert!(IntCall::parse("_Z13convert_floati").is_none());
        assert!(IntCall::parse("_Z11convert_intf").is_none());
    }

    #[test]
    fn conversions_extend_by_the_source_signedness() {
        let x = Expr::int(0xfff0, 16);
        let to_int = exact(call("convert_int", 16, true), "c", std::slice::from_ref(&x));
        assert_eq!(eval(&to_int.unwrap()), 0xffff_fff0);
        let to_uint = exact(
            call("convert_uint_rtz", 16, false),
            "c",
            std::slice::from_ref(&x),
        );
        assert_eq!(eval(&to_uint.unwrap()), 0xfff0);
        let to_char = exact(call("convert_uchar", 16, true), "c", &[x]);
        assert_eq!(eval(&to_char.unwrap()), 0xf0);
    }

    /// The value of a closed expression over the operators this module builds.
    fn eval(e: &Expr) -> u64 {
        value(e).0
    }

    fn value(e: &Expr) -> (u64, u32) {
        let m = |w: u32| if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
        let signed = |v: u64, w: u32| ((v << (64 - w)) as i64) >> (64 - w);
        match e {
            Expr::Int { value, width } => (*value, *width),
            Expr::Bool(b) => (*b as u64, 1),
            Expr::Unary(op, a) => {
                let (v, w) = value(a);
                let v = match op {
                    UnOp::Neg => v.wrapping_neg(),
                    _ => !v,
                };
                (v & m(w), w)
            }
            Expr::Cast(op, to, a) => {
                let (v, w) = value(a);
                let v = match op {
                    CastOp::SExt => signed(v, w) as u64,
                    _ => v,
                };
                (v & m(*to), *to)
            }
            Expr::Ite(c, a, b) => value(if value(c).0 != 0 { a } else { b }),
            Expr::Binary(op, a, b) => {
                let ((x, w), (y, _)) = (value(a), value(b));
                let (sx, sy) = (signed(x, w), signed(y, w));
                let v = match op {
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::And => x & y,
                    BinOp::Or => x | y,
                    BinOp::Shl => x << y,
                    BinOp::LShr => x >> y,
                    BinOp::AShr => (sx >> y) as u64,
                    BinOp::Slt => return ((sx < sy) as u64, 1),
                    BinOp::Ult => return ((x < y) as u64, 1),
                    BinOp::Ne => return ((x != y) as u64, 1),
                    BinOp::Eq => return ((x == y) as u64, 1),
                    _ => panic!("operator {op:?} not evaluated here"),
                };
                (v & m(w), w)
            }
            _ => panic!("not a closed expression: {e:?}"),
        }
    }

    fn call(name: &str, bits: u32, signed: bool) -> IntCall<'_> {
        IntCall { name, bits, signed }
    }

    #[test]
    fn min_max_clamp_follow_signedness() {
        let (a, b) = (Expr::int(0xffff_fffe, 32), Expr::int(3, 32)); // -2 and 3
        let min_s = exact(call("min", 32, true), "m", &[a.clone(), b.clone()]).unwrap();
        let min_u = exact(call("min", 32, false), "m", &[a.clone(), b.clone()]).unwrap();
        assert_eq!((eval(&min_s), eval(&min_u)), (0xffff_fffe, 3));
        let clamp = exact(call("clamp", 32, true), "c", &[Expr::int(40, 32), a, b]).unwrap();
        assert_eq!(eval(&clamp), 3);
    }

    #[test]
    fn abs_diff_hadd_upsample_mul_hi() {
        let (a, b) = (Expr::int(0xffff_fffe, 32), Expr::int(3, 32));
        let d = exact(call("abs_diff", 32, true), "d", &[a.clone(), b.clone()]).unwrap();
        assert_eq!(eval(&d), 5);
        let h = exact(
            call("hadd", 32, false),
            "h",
            &[Expr::int(u32::MAX as u64, 32), Expr::int(3, 32)],
        );
        assert_eq!(eval(&h.unwrap()), (u32::MAX as u64 + 3) / 2);
        let r = exact(
            call("rhadd", 32, false),
            "r",
            &[Expr::int(4, 32), Expr::int(7, 32)],
        );
        assert_eq!(eval(&r.unwrap()), 6);
        let u = exact(
            call("upsample", 16, true),
            "u",
            &[Expr::int(0x1234, 16), Expr::int(0xabcd, 16)],
        );
        assert_eq!(eval(&u.unwrap()), 0x1234_abcd);
        let m = exact(
            call("mul_hi", 32, true),
            "m",
            &[a, Expr::int(0x8000_0000, 32)],
        )
        .unwrap();
        assert_eq!(eval(&m), 1); // -2 * -2^31 = 2^32
    }

    #[test]
    fn rotate_bitselect_saturation() {
        let rot = |v: u64, i: u64| {
            let e = exact(
                call("rotate", 32, false),
                "r",
                &[Expr::int(v, 32), Expr::int(i, 32)],
            );
            eval(&e.unwrap())
        };
        assert_eq!(rot(0x8000_0001, 1), 3);
        assert_eq!(rot(0x1234_5678, 32), 0x1234_5678);
        assert_eq!(rot(0x1234_5678, 8), 0x3456_7812);
        let b = [Expr::int(0xf0, 8), Expr::int(0x0f, 8), Expr::int(0x3c, 8)];
        assert_eq!(
            eval(&exact(call("bitselect", 8, false), "b", &b).unwrap()),
            0xcc
        );
        let sat = |name, signed, a: u64, b: u64| {
            let e = exact(
                call(name, 8, signed),
                "s",
                &[Expr::int(a, 8), Expr::int(b, 8)],
            );
            eval(&e.unwrap())
        };
        assert_eq!(sat("add_sat", false, 200, 100), 255);
        assert_eq!(sat("add_sat", false, 20, 100), 120);
        assert_eq!(sat("sub_sat", false, 20, 100), 0);
        assert_eq!(sat("add_sat", true, 100, 100), 127);
        assert_eq!(sat("add_sat", true, 0x9c, 0x9c), 0x80); // -100 + -100
        assert_eq!(sat("sub_sat", true, 0x9c, 100), 0x80); // -100 - 100
        assert_eq!(sat("sub_sat", true, 100, 0x9c), 127); // 100 - -100
        assert_eq!(sat("sub_sat", true, 5, 7), 0xfe);
    }

    #[test]
    fn mul24_is_the_product_only_in_range() {
        let in_range = exact(
            call("mul24", 32, true),
            "m",
            &[Expr::int(1000, 32), Expr::int(0xffff_fffd, 32)],
        );
        assert_eq!(eval(&in_range.unwrap()), (-3000i64 as u64) & 0xffff_ffff);
        let mad = exact(
            call("mad24", 32, false),
            "m",
            &[Expr::int(7, 32), Expr::int(6, 32), Expr::int(1, 32)],
        );
        assert_eq!(eval(&mad.unwrap()), 43);
        let wide = exact(
            call("mul24", 32, false),
            "m",
            &[Expr::int(1 << 24, 32), Expr::int(2, 32)],
        )
        .unwrap();
        assert!(matches!(wide, Expr::Ite(..)));
        assert!(exact(
            call("mul24", 16, false),
            "m",
            &[Expr::int(1, 16), Expr::int(2, 16)]
        )
        .is_none());
    }
}
