//! OpenCL's vector data loads and stores (OpenCL C 1.2, section 6.12.7): `vload<n>(i, p)`
//! reads the `n` elements at `p + i * n` and `vstore<n>(v, i, p)` writes them, lane by
//! lane like a vector load or store through `p` (each lane an access of its own, merged
//! again by `merge-accesses`). `vload_half[n]` and `vstore_half[n][_rt?]` move 2-byte
//! lanes, converted to and from `float` by uninterpreted functions (`half_to_float`,
//! `float_to_half`); the `vloada_half3`/`vstorea_half3` forms step by 4 lanes.
//! clang calls them as bodiless functions with a pointer argument, which a pure call
//! cannot be.

use kir::{BinOp, CastOp, Expr, Ty, OFFSET_WIDTH};

use crate::error::LiftError;
use crate::lifter::{scalar_ty, Lifter};
use crate::llvm::{TypeKind, Value};
use crate::memory::add;

/// One of the functions this module lifts: loads or stores, of half floats or not, with
/// the lane count of a step (`vloada_half3` steps by 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VectorData {
    pub store: bool,
    pub half: bool,
    pub lanes: u32,
    pub step: u32,
}

impl VectorData {
    /// `name` (demangled) as a vector data function.
    pub fn parse(name: &str) -> Option<VectorData> {
        let (store, rest) = match name.strip_prefix("vload") {
            Some(r) => (false, r),
            None => (true, name.strip_prefix("vstore")?),
        };
        let (aligned, rest) = match rest.strip_prefix('a') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let (half, rest) = match rest.strip_prefix("_half") {
            Some(r) => (true, r),
            None => (false, rest),
        };
        if aligned && !half {
            return None;
        }
        let (count, mode) = rest.split_once('_').unwrap_or((rest, ""));
        let rounding = matches!(mode, "rte" | "rtz" | "rtp" | "rtn");
        if !(mode.is_empty() || (rounding && store && half)) {
            return None;
        }
        let lanes = match count {
            "" if half => 1,
            _ => count.parse().ok()?,
        };
        if !matches!(lanes, 1 | 2 | 3 | 4 | 8 | 16) || (lanes == 1 && !half) {
            return None;
        }
        let step = if aligned && lanes == 3 { 4 } else { lanes };
        Some(VectorData {
            store,
            half,
            lanes,
            step,
        })
    }
}

impl Lifter {
    /// A call of `vload*`/`vstore*` (see the module documentation).
    pub fn vector_data(
        &mut self,
        inst: Value,
        name: &str,
        f: VectorData,
        args: &[Value],
    ) -> Result<(), LiftError> {
        let (data, index, ptr) = match (f.store, args) {
            (false, [i, p]) => (None, *i, *p),
            (true, [v, i, p]) => (Some(*v), *i, *p),
            _ => return Err(self.invalid(format!("`{name}` with {} arguments", args.len()))),
        };
        let ty = data.map_or(inst.ty(), |v| v.ty());
        let elem = ty.vector().map_or(ty, |(_, e)| e);
        let (Some(Ty::Bv(_)), TypeKind::Pointer(_)) = (scalar_ty(elem), ptr.ty().kind()) else {
            return Err(self.invalid(format!("`{name}` on `{}`", ty.print())));
        };
        let bytes = if f.half {
            2
        } else {
            self.access_bytes(elem, name)?
        };
        let i = self.value(index)?;
        let i = match self.ty(&i) {
            Ty::Bv(w) if w < OFFSET_WIDTH => Expr::cast(CastOp::ZExt, OFFSET_WIDTH, i),
            _ => i,
        };
        let stride = Expr::int(f.step as u64 * bytes as u64, OFFSET_WIDTH);
        if f.store {
            self.byval_write(ptr, "store into")?;
        }
        let (regions, base) = self.access_cases(ptr)?;
        let base = add(base, Expr::bin(BinOp::Mul, i, stride));
        let at = |lane: u32| add(base.clone(), Expr::int((lane * bytes) as u64, OFFSET_WIDTH));
        match data {
            Some(v) => {
                let values = match v.ty().vector() {
                    Some(_) => self.lanes(v)?,
                    None => vec![self.value(v)?],
                };
                for (lane, e) in (0..f.lanes).zip(values) {
                    let e = if f.half { half(e) } else { e };
                    self.write_lane(&regions, at(lane), e, bytes);
                }
            }
            None => {
                let dsts = match inst.ty().vector() {
                    Some(_) => self.lanes.get(&inst).cloned().unwrap_or_default(),
                    None => vec![self.var_of(inst)?],
                };
                if dsts.len() != f.lanes as usize {
                    return Err(self.invalid(format!("`{name}` without its result lanes")));
                }
                for (lane, dst) in (0..f.lanes).zip(dsts) {
                    let target = match f.half {
                        true => self.fresh(format!("half{}", self.k.vars.len()), Ty::Bv(16)),
                        false => dst,
                    };
                    self.read_lane(target, &regions, at(lane), bytes)?;
                    if f.half {
                        let value = Expr::Apply {
                            func: "half_to_float".into(),
                            args: vec![Expr::Var(target)],
                            ty: self.k.var(dst).ty,
                        };
                        self.emit(kir::Stmt::Assign { dst, value });
                    }
                }
            }
        }
        Ok(())
    }
}

/// A float (or double) lane as the bits of a half.
fn half(e: Expr) -> Expr {
    Expr::Apply {
        func: "float_to_half".into(),
        args: vec![e],
        ty: Ty::Bv(16),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(name: &str) -> Option<(bool, bool, u32, u32)> {
        VectorData::parse(name).map(|f| (f.store, f.half, f.lanes, f.step))
    }

    #[test]
    fn names() {
        assert_eq!(parsed("vload4"), Some((false, false, 4, 4)));
        assert_eq!(parsed("vstore16"), Some((true, false, 16, 16)));
        assert_eq!(parsed("vload_half"), Some((false, true, 1, 1)));
        assert_eq!(parsed("vstore_half4_rtz"), Some((true, true, 4, 4)));
        assert_eq!(parsed("vloada_half3"), Some((false, true, 3, 4)));
        assert_eq!(parsed("vstore_half_rte"), Some((true, true, 1, 1)));
        assert_eq!(parsed("vload"), None);
        assert_eq!(parsed("vload5"), None);
        assert_eq!(parsed("vload4_rte"), None);
        assert_eq!(parsed("vloada4"), None);
        assert_eq!(parsed("vstore_half_up"), None);
    }
}
