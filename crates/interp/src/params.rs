//! A launch's parameters: the values of scalar parameters (given or seeded) and the
//! contents given for pointer parameters' buffers.

use std::collections::HashSet;

use kir::{Kernel, ParamData, Region, Space, VarKind};

use crate::rng::hash;
use crate::{Config, InterpError};

/// The initial values of scalar parameters and the buffers of pointer parameters.
pub(crate) type Params = (Vec<(kir::Var, u64)>, Vec<(Region, Vec<u8>)>);

pub(crate) fn parameters(k: &Kernel, cfg: &Config) -> Result<Params, InterpError> {
    let mut scalars = Vec::new();
    let mut buffers = Vec::new();
    let mut known: HashSet<&str> = HashSet::new();
    for p in &k.params {
        match p {
            ParamData::Scalar { name, var } => {
                known.insert(name);
                known.insert(&k.var(*var).name);
                let v = cfg
                    .scalars
                    .get(&k.var(*var).name)
                    .or_else(|| cfg.scalars.get(name))
                    .copied()
                    .unwrap_or_else(|| hash(&[cfg.seed, 0x5ca1, var.0 as u64]) % 16);
                scalars.push((*var, v & kir::mask(crate::eval::width(k.var(*var).ty))));
            }
            ParamData::Field { name, var, offset } => {
                known.insert(name);
                known.insert(&k.var(*var).name);
                let w = crate::eval::width(k.var(*var).ty);
                let v = match (cfg.scalars.get(&k.var(*var).name), cfg.scalars.get(name)) {
                    (Some(v), _) => *v,
                    (None, Some(whole)) if *offset < 8 => whole >> (8 * offset),
                    _ => hash(&[cfg.seed, 0x5ca1, var.0 as u64]) % 16,
                };
                scalars.push((*var, v & kir::mask(w)));
            }
            ParamData::Pointer { name, region } => {
                known.insert(name);
                if let Some(bytes) = cfg.buffers.get(name) {
                    if !matches!(k.region(*region).space, Space::Global | Space::Constant) {
                        return Err(InterpError::Config(format!(
                            "`{name}` is not a global or constant buffer: its contents cannot be given"
                        )));
                    }
                    buffers.push((*region, bytes.clone()));
                }
            }
            ParamData::Opaque { name } => {
                known.insert(name);
            }
        }
    }
    // Parameter variables no `param` line names (a kernel written as text).
    for (i, v) in k.vars.iter().enumerate() {
        if matches!(v.kind, VarKind::Param { .. }) && !scalars.iter().any(|(s, _)| s.index() == i) {
            known.insert(&v.name);
            let x = cfg
                .scalars
                .get(&v.name)
                .copied()
                .unwrap_or_else(|| hash(&[cfg.seed, 0x5ca1, i as u64]) % 16);
            scalars.push((kir::Var::new(i), x & kir::mask(crate::eval::width(v.ty))));
        }
    }
    for name in cfg.scalars.keys().chain(cfg.buffers.keys()) {
        if !known.contains(name.as_str()) {
            return Err(InterpError::Config(format!(
                "kernel {} has no parameter `{name}`",
                k.name
            )));
        }
    }
    Ok((scalars, buffers))
}
