//! Vectors: every LLVM vector value is one KIR value per lane. Lane-wise arithmetic,
//! comparisons, selects and casts reuse the scalar operations; `insertelement`,
//! `extractelement` (an `ite` chain for a variable index), `shufflevector` and
//! `bitcast`s between vectors and scalars (lanes concatenated low lane first, as in
//! memory on a little-endian target) move lanes and bits around.

use kir::{BinOp, CastOp, Expr, Stmt, Ty, Var, VarKind};

use crate::error::LiftError;
use crate::lifter::{op_name, scalar_ty, Lifter};
use crate::llvm::{Op, Type, Value, ValueKind};
use crate::values::{bv1_to_bool, is_pure, to_bool};

/// The bit width of a KIR type (`1` for Booleans).
fn width(t: Ty) -> u32 {
    match t {
        Ty::Bool => 1,
        Ty::Bv(w) => w,
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The `w` bits of `e` (a bit-vector of width `total`) starting at bit `at`.
pub fn bits(e: &Expr, total: u32, at: u32, w: u32) -> Expr {
    if let Expr::Int { value, .. } = e {
        return Expr::int(value.checked_shr(at).unwrap_or(0), w);
    }
    if at == 0 && w == total {
        return e.clone();
    }
    let shifted = match at {
        0 => e.clone(),
        _ => Expr::bin(BinOp::LShr, e.clone(), Expr::int(at as u64, total)),
    };
    Expr::cast(CastOp::Trunc, w, shifted)
}

/// Concatenates `pieces` of `w` bits each, the first in the lowest bits.
fn concat(pieces: &[Expr], w: u32) -> Expr {
    let total = w * pieces.len() as u32;
    if pieces.len() == 1 {
        return pieces[0].clone();
    }
    let mut acc: Option<Expr> = None;
    for (i, p) in pieces.iter().enumerate() {
        let at = i as u32 * w;
        let wide = match p {
            Expr::Int { value, .. } => Expr::int(value << at, total),
            p => {
                let z = Expr::cast(CastOp::ZExt, total, p.clone());
                match at {
                    0 => z,
                    _ => Expr::bin(BinOp::Shl, z, Expr::int(at as u64, total)),
                }
            }
        };
        acc = Some(match (acc, wide) {
            (None, wide) => wide,
            (Some(Expr::Int { value: a, .. }), Expr::Int { value: b, .. }) => {
                Expr::int(a | b, total)
            }
            (Some(a), wide) => Expr::bin(BinOp::Or, a, wide),
        });
    }
    acc.unwrap_or(Expr::int(0, total.max(1)))
}

impl Lifter {
    /// The lanes of a vector-typed operand.
    pub fn lanes(&mut self, v: Value) -> Result<Vec<Expr>, LiftError> {
        if let Some(vars) = self.lanes.get(&v) {
            return Ok(vars.iter().map(|x| Expr::Var(*x)).collect());
        }
        let Some((n, _)) = v.ty().vector() else {
            return Err(self.invalid(format!("`{}` is not a vector", v.ty().print())));
        };
        match v.kind() {
            ValueKind::ConstantAggregate | ValueKind::Undef => {
                let mut out = Vec::with_capacity(n as usize);
                for i in 0..n {
                    let Some(e) = v.aggregate_element(i) else {
                        return Err(self.invalid("constant vector without an element"));
                    };
                    out.push(self.value(e)?);
                }
                Ok(out)
            }
            ValueKind::ConstantExpr if v.opcode() == Some(Op::LLVMBitCast) => {
                let src = v.operand(0);
                let to = v.ty().vector().and_then(|(_, e)| scalar_ty(e));
                let (Some(src), Some(to)) = (src, to) else {
                    return Err(self.invalid("bitcast without operand"));
                };
                self.bitcast_lanes(src, to)
            }
            ValueKind::ConstantExpr => {
                Err(self.unsupported(format!("constant expression of type `{}`", v.ty().print())))
            }
            _ => Err(self.unsupported(format!("value of type `{}`", v.ty().print()))),
        }
    }

    /// Creates one variable per lane of a vector value, named `name.<lane>`.
    pub fn declare_lanes(&mut self, v: Value, name: &str, kind: VarKind) -> Option<Vec<Var>> {
        let (n, elem) = v.ty().vector()?;
        let ty = scalar_ty(elem)?;
        let vars: Vec<Var> = (0..n)
            .map(|i| self.k.add_var(format!("{name}.{i}"), ty, kind.clone()))
            .collect();
        self.lanes.insert(v, vars.clone());
        Some(vars)
    }

    /// The values of the lanes of a lane-wise side-effect-free instruction.
    fn lane_wise(&mut self, inst: Value, op: Op, elem: Type) -> Result<Vec<Expr>, LiftError> {
        let mut operands = Vec::new();
        for i in 0..inst.num_operands() {
            let Some(o) = inst.operand(i) else {
                return Err(self.invalid("missing operand"));
            };
            operands.push(match o.ty().vector() {
                Some(_) => self.lanes(o)?,
                // A scalar `select` condition applies to every lane.
                None => vec![self.value(o)?],
            });
        }
        let Some(from) = inst.operand(0).map(|o| o.ty()) else {
            return Err(self.invalid("vector instruction without operands"));
        };
        let from = from.vector().map_or(from, |(_, e)| e);
        let n = operands.iter().map(Vec::len).max().unwrap_or(0);
        let mut out = Vec::with_capacity(n);
        for lane in 0..n {
            let args = operands
                .iter()
                .map(|o| o.get(lane).or(o.first()).cloned())
                .collect::<Option<Vec<Expr>>>()
                .unwrap_or_default();
            match self.scalar_op(inst, op, args, elem, from)? {
                Some(e) => out.push(e),
                None => return Err(self.unsupported(format!("instruction `{}`", op_name(op)))),
            }
        }
        Ok(out)
    }

    /// Lifts an instruction whose result is a vector (other than loads and calls).
    pub fn vector_instruction(&mut self, inst: Value, op: Op) -> Result<(), LiftError> {
        let Some((n, elem)) = inst.ty().vector() else {
            return Err(self.invalid("not a vector instruction"));
        };
        let Some(elem_ty) = scalar_ty(elem) else {
            return Err(self.unsupported(format!("vector of `{}`", elem.print())));
        };
        let first = |l: &Self| inst.operand(0).ok_or_else(|| l.invalid("missing operand"));
        let lanes = match op {
            Op::LLVMInsertElement => {
                let (Some(x), Some(idx)) = (inst.operand(1), inst.operand(2)) else {
                    return Err(self.invalid("insertelement without operands"));
                };
                let base = first(self)?;
                let x = self.value(x)?;
                let at = idx.const_int().filter(|i| *i < n as u64);
                let mut lanes = match (base.kind(), at) {
                    // Only the other lanes of an undefined vector need a value.
                    (ValueKind::Undef, Some(i)) => (0..n)
                        .map(|j| match j as u64 == i {
                            true => x.clone(),
                            false => self.havoc(elem_ty),
                        })
                        .collect(),
                    _ => self.lanes(base)?,
                };
                match idx.const_int() {
                    Some(i) if (i as usize) < lanes.len() => lanes[i as usize] = x,
                    Some(_) => {
                        let lanes = self.poison(n, elem_ty);
                        return self.assign_lanes(inst, lanes);
                    }
                    None => {
                        let idx = self.value(idx)?;
                        let idx = self.to_bv(idx);
                        let w = width(self.ty(&idx));
                        for (i, lane) in lanes.iter_mut().enumerate() {
                            let at = Expr::eq(idx.clone(), Expr::int(i as u64, w));
                            *lane = Expr::ite(at, x.clone(), lane.clone());
                        }
                    }
                }
                lanes
            }
            Op::LLVMShuffleVector => {
                let (Some(a), Some(b)) = (inst.operand(0), inst.operand(1)) else {
                    return Err(self.invalid("shufflevector without operands"));
                };
                // Lanes of an undefined operand are only made up where the mask uses them.
                let mut sources = Vec::new();
                for o in [a, b] {
                    let count = o.ty().vector().map_or(0, |(k, _)| k) as usize;
                    match o.kind() {
                        ValueKind::Undef => sources.extend(vec![None; count]),
                        _ => sources.extend(self.lanes(o)?.into_iter().map(Some)),
                    }
                }
                let mut lanes = Vec::with_capacity(n as usize);
                for m in inst.shuffle_mask() {
                    match m.and_then(|m| sources.get(m as usize).cloned().flatten()) {
                        Some(e) => lanes.push(e),
                        None => lanes.push(self.havoc(elem_ty)),
                    }
                }
                lanes
            }
            Op::LLVMBitCast => {
                let src = first(self)?;
                self.bitcast_lanes(src, elem_ty)?
            }
            op if is_pure(op) => self.lane_wise(inst, op, elem)?,
            op => {
                return Err(self.unsupported(format!(
                    "instruction `{}` on `{}`",
                    op_name(op),
                    inst.ty().print()
                )))
            }
        };
        self.assign_lanes(inst, lanes)
    }

    /// The bits of `src` (a scalar or a vector) as lanes of type `to`.
    fn bitcast_lanes(&mut self, src: Value, to: Ty) -> Result<Vec<Expr>, LiftError> {
        let pieces = match src.ty().vector() {
            Some(_) => self.lanes(src)?,
            None => vec![self.value(src)?],
        };
        self.regroup(pieces, to)
    }

    fn poison(&mut self, n: u32, ty: Ty) -> Vec<Expr> {
        (0..n).map(|_| self.havoc(ty)).collect()
    }

    /// Assigns the lane variables of a vector instruction.
    pub fn assign_lanes(&mut self, inst: Value, lanes: Vec<Expr>) -> Result<(), LiftError> {
        let Some(vars) = self.lanes.get(&inst).cloned() else {
            return Err(self.unsupported(format!("value of type `{}`", inst.ty().print())));
        };
        if vars.len() != lanes.len() {
            return Err(self.invalid("vector of the wrong length"));
        }
        for (dst, value) in vars.into_iter().zip(lanes) {
            let value = match (self.k.var(dst).ty, self.ty(&value)) {
                (Ty::Bool, Ty::Bv(w)) => to_bool(value, Ty::Bv(w)),
                _ => value,
            };
            self.emit(Stmt::Assign { dst, value });
        }
        Ok(())
    }

    /// The same bits as `pieces` (of equal width, the first lowest), cut into values of
    /// type `to`.
    fn regroup(&mut self, pieces: Vec<Expr>, to: Ty) -> Result<Vec<Expr>, LiftError> {
        let pieces: Vec<Expr> = pieces.into_iter().map(|p| self.to_bv(p)).collect();
        let Some(first) = pieces.first() else {
            return Err(self.invalid("empty vector"));
        };
        let wa = width(self.ty(first));
        let wb = width(to);
        let total = wa * pieces.len() as u32;
        if !total.is_multiple_of(wb) {
            return Err(self.invalid("bitcast between types of different sizes"));
        }
        let g = gcd(wa, wb);
        let small: Vec<Expr> = pieces
            .iter()
            .flat_map(|p| (0..wa / g).map(move |i| bits(p, wa, i * g, g)))
            .collect();
        let out = small
            .chunks((wb / g) as usize)
            .map(|c| concat(c, g))
            .map(|e| match to {
                Ty::Bool => bv1_to_bool(e),
                Ty::Bv(_) => e,
            })
            .collect();
        Ok(out)
    }

    /// `extractelement`: a lane, chosen by an `ite` chain when the index varies.
    pub fn extract_element(&mut self, v: Value) -> Result<Expr, LiftError> {
        let (Some(vec), Some(idx)) = (v.operand(0), v.operand(1)) else {
            return Err(self.invalid("extractelement without operands"));
        };
        let lanes = self.lanes(vec)?;
        let Some(ty) = scalar_ty(v.ty()) else {
            return Err(self.unsupported(format!("element of type `{}`", v.ty().print())));
        };
        if let Some(i) = idx.const_int() {
            return Ok(match lanes.get(i as usize) {
                Some(e) => e.clone(),
                None => self.havoc(ty),
            });
        }
        let idx = self.value(idx)?;
        let idx = self.to_bv(idx);
        let w = width(self.ty(&idx));
        let Some((last, rest)) = lanes.split_last() else {
            return Err(self.invalid("empty vector"));
        };
        // An index past the end gives poison: any value, here the last lane's.
        let mut e = last.clone();
        for (i, lane) in rest.iter().enumerate().rev() {
            e = Expr::ite(
                Expr::eq(idx.clone(), Expr::int(i as u64, w)),
                lane.clone(),
                e,
            );
        }
        Ok(e)
    }

    /// A `bitcast` from a vector to a scalar: the lanes concatenated.
    pub fn vector_to_scalar(&mut self, v: Value) -> Result<Expr, LiftError> {
        let Some(src) = v.operand(0) else {
            return Err(self.invalid("bitcast without operand"));
        };
        let Some(to) = scalar_ty(v.ty()) else {
            return Err(self.unsupported(format!("bitcast to `{}`", v.ty().print())));
        };
        let lanes = self.lanes(src)?;
        let mut out = self.regroup(lanes, to)?;
        match (out.pop(), out.is_empty()) {
            (Some(e), true) => Ok(e),
            _ => Err(self.invalid("bitcast between types of different sizes")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_of_constants_fold() {
        let e = Expr::int(0x1234_5678, 32);
        assert_eq!(bits(&e, 32, 16, 16), Expr::int(0x1234, 16));
        assert_eq!(bits(&e, 32, 0, 8), Expr::int(0x78, 8));
    }

    #[test]
    fn concat_puts_the_first_piece_lowest() {
        let e = concat(&[Expr::int(0x78, 8), Expr::int(0x56, 8)], 8);
        assert_eq!(e, Expr::int(0x5678, 16));
        let x = Expr::Var(Var::new(0));
        let e = concat(&[x.clone(), Expr::int(0x56, 8)], 8);
        let low = Expr::cast(CastOp::ZExt, 16, x);
        assert_eq!(e, Expr::bin(BinOp::Or, low, Expr::int(0x5600, 16)));
    }

    #[test]
    fn gcd_of_lane_widths() {
        assert_eq!(gcd(32, 16), 16);
        assert_eq!(gcd(24, 32), 8);
        assert_eq!(gcd(64, 64), 64);
    }
}
