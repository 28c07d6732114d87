//! OpenCL images and samplers, abstractly. An image parameter is a region of global
//! memory; a sampler is a 64-bit value (`__translate_sampler_initializer(n)` is `n`).
//!
//! - `write_image*(img, coord, colour)` writes the pixel: a 4-byte access at an offset
//!   made of the coordinates (`x << 34 | y << 2` in 2D; injective for coordinates below
//!   2^30, beyond which distinct pixels may share an offset: a spurious race at worst),
//!   whose value is an uninterpreted function of the colour's lanes (two writes of one
//!   colour are a benign race);
//! - `read_image*(img, [sampler,] coord)` of an image the kernel only reads (OpenCL
//!   1.2 images are read-only or write-only) gives, per lane, an uninterpreted function
//!   of the image, sampler and coordinates: the same pixel reads the same in every work
//!   item, and nothing else is known;
//! - `get_image_width` and the other queries are uninterpreted constants of the image.

use kir::{BinOp, CastOp, Expr, Region, Ty};

use crate::error::LiftError;
use crate::lifter::Lifter;
use crate::llvm::Value;

/// Whether a demangled name is an image function modelled here.
pub fn is_image_function(name: &str) -> bool {
    name.starts_with("read_image")
        || name.starts_with("write_image")
        || name.starts_with("get_image_")
        || name == "__translate_sampler_initializer"
}

impl Lifter {
    pub fn image_call(&mut self, inst: Value, name: &str, args: &[Value]) -> Result<(), LiftError> {
        if name == "__translate_sampler_initializer" {
            let n = self.arg(args, 0)?;
            let n = match self.ty(&n) {
                Ty::Bv(w) if w < 64 => Expr::cast(CastOp::ZExt, 64, n),
                _ => n,
            };
            return self.define(inst, n);
        }
        let Some(&img) = args.first() else {
            return Err(self.invalid(format!("`{name}` without an image")));
        };
        if !img.ty().is_opencl_image() {
            return Err(self.unsupported(format!("`{name}` of `{}`", img.ty().print())));
        }
        // The access qualifier is the last integer parameter: 0 read, 1 write, 2 both.
        if img.ty().target_ext_ints().last() == Some(&2) {
            return Err(self.unsupported(format!("`{name}` of a read-write image")));
        }
        let image = self.image_region(img)?;
        let tag = self.k.region(image).name.clone();
        if name.starts_with("get_image_") {
            return self.image_result(inst, format!("{name}.{tag}"), Vec::new());
        }
        let write = name.starts_with("write_image");
        // A read's sampler and coordinates; a write's coordinates (its colour is last).
        let end = args.len().saturating_sub(usize::from(write));
        let inputs = args.get(1..end).unwrap_or(&[]);
        let mut coords = Vec::new();
        for a in inputs {
            match a.ty().vector() {
                Some(_) => coords.extend(self.lanes(*a)?),
                None => coords.push(self.value(*a)?),
            }
        }
        if name.starts_with("read_image") {
            return self.image_result(inst, format!("{name}.{tag}"), coords);
        }
        let Some(colour) = args.last() else {
            return Err(self.invalid(format!("`{name}` without a colour")));
        };
        let lanes = match colour.ty().vector() {
            Some(_) => self.lanes(*colour)?,
            None => vec![self.value(*colour)?],
        };
        let value = Expr::Apply {
            func: format!("{name}.colour"),
            args: lanes,
            ty: Ty::Bv(32),
        };
        let offset = pixel_offset(self, &coords);
        self.note_access(image, 4);
        self.write_value(image, offset, value, 4);
        Ok(())
    }

    fn image_region(&mut self, img: Value) -> Result<Region, LiftError> {
        Ok(self.ptr(img)?.region)
    }

    /// Assigns the call's result (scalar or per lane) uninterpreted functions of `args`.
    fn image_result(
        &mut self,
        inst: Value,
        func: String,
        args: Vec<Expr>,
    ) -> Result<(), LiftError> {
        if let Some(vars) = self.lanes.get(&inst).cloned() {
            let lanes = vars
                .iter()
                .enumerate()
                .map(|(i, v)| Expr::Apply {
                    func: format!("{func}.{i}"),
                    args: args.clone(),
                    ty: self.k.var(*v).ty,
                })
                .collect();
            return self.assign_lanes(inst, lanes);
        }
        let dst = self.var_of(inst)?;
        let ty = self.k.var(dst).ty;
        self.define(inst, Expr::Apply { func, args, ty })
    }
}

/// The byte offset of a pixel: its coordinates packed into 64 bits, times 4.
fn pixel_offset(l: &Lifter, coords: &[Expr]) -> Expr {
    let wide = |e: &Expr| match l.ty(e) {
        Ty::Bv(w) if w < 64 => Expr::cast(CastOp::ZExt, 64, e.clone()),
        _ => e.clone(),
    };
    let shifts: &[u64] = match coords.len() {
        0 | 1 => &[2],
        2 => &[34, 2],
        _ => &[44, 24, 2],
    };
    let mut offset = Expr::int(0, 64);
    for (c, s) in coords.iter().zip(shifts) {
        let part = Expr::bin(BinOp::Shl, wide(c), Expr::int(*s, 64));
        offset = Expr::bin(BinOp::Or, offset, part);
    }
    offset
}
