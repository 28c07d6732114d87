//! `lockstep run`: every kernel of a file, compiled and lifted as `verify` does, run on the
//! concrete interpreter for one launch.

use std::path::Path;

use kir::{Kernel, ParamData};

use crate::{front, language_of, Language, Options, StageError};

/// What `lockstep run` asks for besides the compile options.
#[derive(Clone, Debug)]
pub struct RunRequest {
    pub launch: interp::Launch,
    /// `NAME=VALUE` arguments: a scalar parameter's value (decimal, negative, `0x` hex),
    /// or a pointer parameter's first elements (`NAME=1,2,3`, each the array's element
    /// width, little-endian).
    pub args: Vec<(String, String)>,
    pub seed: u64,
    pub fill: interp::Fill,
    pub schedules: usize,
    /// Every schedule, up to `schedules` of them (`--all-schedules`).
    pub all_schedules: bool,
}

/// One kernel's run, or why it could not run.
pub struct KernelExecution {
    pub name: String,
    pub result: Result<interp::Execution, RunError>,
}

/// Why a kernel did not run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Stage(#[from] StageError),
    #[error(transparent)]
    Interp(#[from] interp::InterpError),
}

/// A number as `--kernel-args` reads it: decimal, negative or `0x` hex.
pub fn parse_number(text: &str) -> Option<u64> {
    let t = text.trim();
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => t
            .parse::<u64>()
            .ok()
            .or_else(|| t.parse::<i64>().ok().map(|n| n as u64)),
    }
}

/// The interpreter's configuration for kernel `k`: scalar values and buffer contents from
/// the `NAME=VALUE` arguments.
pub fn config_for(k: &Kernel, req: &RunRequest) -> Result<interp::Config, interp::InterpError> {
    let mut cfg = interp::Config::new(req.launch);
    cfg.seed = req.seed;
    cfg.fill = req.fill;
    cfg.schedules = req.schedules.max(1);
    cfg.all_schedules = req.all_schedules;
    let bad = |m: String| interp::InterpError::Config(m);
    for (name, value) in &req.args {
        let pointer = k.params.iter().find_map(|p| match p {
            ParamData::Pointer { name: n, region } if n == name => Some(*region),
            _ => None,
        });
        match pointer {
            Some(region) => {
                let elem = k.region(region).elem_bytes.clamp(1, 8) as usize;
                let mut bytes = Vec::new();
                for v in value.split(',') {
                    let x = parse_number(v)
                        .ok_or_else(|| bad(format!("--arg {name}: `{v}` is not a number")))?;
                    bytes.extend_from_slice(&x.to_le_bytes()[..elem]);
                }
                cfg.buffers.insert(name.clone(), bytes);
            }
            None => {
                let x = parse_number(value)
                    .ok_or_else(|| bad(format!("--arg {name}: `{value}` is not a number")))?;
                cfg.scalars.insert(name.clone(), x);
            }
        }
    }
    Ok(cfg)
}

/// Runs every kernel of the file (or the one `opts.kernel` names).
pub fn run_file(
    path: &Path,
    opts: &Options,
    req: &RunRequest,
) -> Result<(Language, Vec<KernelExecution>), StageError> {
    let ctx = inkwell::context::Context::create();
    let module = driver::load(&ctx, path, &opts.compile)?;
    let language = language_of(path, Some(&module));
    let mut out = Vec::new();
    for name in front::kernel_names(&module, opts.kernel.as_deref())? {
        let mut runner = kir::Runner::default();
        let result = front::lifted(&mut runner, &module, &name, opts)
            .map_err(RunError::from)
            .and_then(|k| {
                let cfg = config_for(&k, req)?;
                Ok(interp::run(&k, &cfg)?)
            });
        // The source's name (a CUDA kernel's symbol is mangled), as `verify` shows it.
        let name = lift::demangle(&name);
        out.push(KernelExecution { name, result });
    }
    Ok((language, out))
}
