//! Kernel parameters: pointers (and OpenCL images) become regions, scalars (and
//! samplers) uniform variables, vectors one
//! uniform variable per lane, and aggregates passed by value are read field by field
//! (`byval.rs`). Anything else is opaque: using it is unsupported.

use kir::{ParamData, VarKind};

use crate::lifter::{scalar_ty, Lifter, Param};
use crate::llvm::{TypeKind, Value};

impl Lifter {
    pub fn params(&mut self, f: Value) {
        self.byval_types = crate::debug_types::param_types(self.m, f);
        for (i, arg) in f.params().into_iter().enumerate() {
            let index = i as u32;
            let name = self.name_of(arg, || format!("p{i}"));
            let by_value = ["byval", "byref"]
                .iter()
                .any(|a| f.has_attr(index + 1, a, false));
            let image = arg.ty().is_opencl_image();
            let (param, data) = match (arg.ty().kind(), scalar_ty(arg.ty())) {
                (kind, _) if image || (matches!(kind, TypeKind::Pointer(_)) && !by_value) => {
                    let space = match arg.ty().kind() {
                        TypeKind::Pointer(space) => self.space(space, true),
                        _ => kir::Space::Global,
                    };
                    let region = self.new_region(
                        name.clone(),
                        space,
                        None,
                        kir::RegionOrigin::Param { index },
                        None,
                    );
                    let data = ParamData::Pointer { name, region };
                    (Param::Pointer(region), data)
                }
                (_, Some(ty)) => {
                    let var = self.k.add_var(name.clone(), ty, VarKind::Param { index });
                    (Param::Scalar(var), ParamData::Scalar { name, var })
                }
                (TypeKind::Vector, _) => {
                    if let Some(vars) = self.declare_lanes(arg, &name, VarKind::Param { index }) {
                        self.params.insert(arg, Param::Vector);
                        for var in vars {
                            let name = self.k.var(var).name.clone();
                            self.k.params.push(ParamData::Scalar { name, var });
                        }
                        continue;
                    }
                    (Param::Opaque(name.clone()), ParamData::Opaque { name })
                }
                (TypeKind::Pointer(_) | TypeKind::Struct | TypeKind::Array(..), _) => {
                    self.byval_slots.push((self.k.params.len(), arg));
                    let param = Param::ByVal {
                        name: name.clone(),
                        index,
                    };
                    (param, ParamData::Opaque { name })
                }
                _ => (Param::Opaque(name.clone()), ParamData::Opaque { name }),
            };
            self.params.insert(arg, param);
            self.k.params.push(data);
        }
    }
}
