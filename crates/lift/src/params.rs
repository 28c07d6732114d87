//! Kernel parameters: pointers (and OpenCL images) become regions, scalars (and
//! samplers) uniform variables, vectors one
//! uniform variable per lane, and aggregates passed by value are read field by field
//! (`byval.rs`). Anything else is opaque: using it is unsupported.

use kir::{ParamData, VarKind};

use crate::lifter::{scalar_ty, Lifter, Param};
use crate::llvm::{Op, TypeKind, Value, ValueKind};

/// Whether the function stores into (or copies or sets memory in) the aggregate that
/// `arg` points to.
fn written(f: Value, arg: Value) -> bool {
    let derived = |mut p: Value| loop {
        if p == arg {
            return true;
        }
        match (p.kind(), p.opcode()) {
            (
                ValueKind::Instruction | ValueKind::ConstantExpr,
                Some(Op::LLVMGetElementPtr | Op::LLVMBitCast | Op::LLVMAddrSpaceCast),
            ) => match p.operand(0) {
                Some(b) => p = b,
                None => return false,
            },
            _ => return false,
        }
    };
    f.blocks().iter().flat_map(|b| b.instructions()).any(|i| {
        let target = match i.opcode() {
            Some(Op::LLVMStore) => i.operand(1),
            Some(Op::LLVMAtomicRMW | Op::LLVMAtomicCmpXchg) => i.operand(0),
            Some(Op::LLVMCall) => {
                let callee = i.called_value().map(|c| c.name()).unwrap_or_default();
                let writes = callee.starts_with("llvm.memcpy")
                    || callee.starts_with("llvm.memmove")
                    || callee.starts_with("llvm.memset");
                if writes {
                    i.call_args().first().copied()
                } else {
                    None
                }
            }
            _ => None,
        };
        target.is_some_and(derived)
    })
}

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
            // A by-value struct the kernel writes into is the work item's own copy: a
            // private region (its initial fields arbitrary, no longer known uniform).
            if by_value && written(f, arg) {
                let region = self.new_region(
                    name.clone(),
                    kir::Space::Private,
                    None,
                    kir::RegionOrigin::Alloca,
                    None,
                );
                self.params.insert(arg, Param::Pointer(region));
                self.k.params.push(ParamData::Opaque { name });
                continue;
            }
            let (param, data) = match (arg.ty().kind(), scalar_ty(arg.ty())) {
                // A function pointer: a uniform integer, the id of the function.
                _ if self.is_function_pointer(arg) => {
                    let ty = kir::Ty::Bv(kir::OFFSET_WIDTH);
                    let var = self.k.add_var(name.clone(), ty, VarKind::Param { index });
                    (Param::Scalar(var), ParamData::Scalar { name, var })
                }
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
                        for (lane, var) in vars.into_iter().enumerate() {
                            let name = self.k.var(var).name.clone();
                            let bytes = match self.k.var(var).ty {
                                kir::Ty::Bv(w) => w.div_ceil(8),
                                kir::Ty::Bool => 1,
                            };
                            let offset = lane as u64 * u64::from(bytes);
                            self.k.params.push(ParamData::Field { name, var, offset });
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
