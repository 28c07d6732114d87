//! Options of `lockstep verify` and `lockstep dump`, in GPUVerify's spellings.

use std::path::PathBuf;

use lockstep::Launch;

/// A launch dimension list: `N`, `[X,Y]` or `[X,Y,Z]` (missing dimensions are 1). A
/// dimension may be `*` (any number of groups), stored as [`Dims::ANY`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dims(pub [u32; 3], pub u8);

impl Dims {
    pub const ANY: u32 = u32::MAX;

    fn any(&self) -> bool {
        self.0.contains(&Dims::ANY)
    }
}

impl std::str::FromStr for Dims {
    type Err = String;
    fn from_str(s: &str) -> Result<Dims, String> {
        let t = s.trim();
        let inner = t
            .strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .or_else(|| t.strip_prefix('{').and_then(|r| r.strip_suffix('}')))
            .unwrap_or(t);
        let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
        if parts.is_empty() || parts.len() > 3 {
            return Err(format!("expected N, [X,Y] or [X,Y,Z], got `{s}`"));
        }
        let mut dims = [1u32; 3];
        for (i, p) in parts.iter().enumerate() {
            if *p == "*" {
                dims[i] = Dims::ANY;
                continue;
            }
            dims[i] = p
                .parse::<u32>()
                .map_err(|_| format!("`{p}` is not a non-negative whole number (in `{s}`)"))?;
        }
        Ok(Dims(dims, parts.len() as u8))
    }
}

/// The launch configuration flags.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct LaunchArgs {
    /// Threads per work group (OpenCL): one to three dimensions (the help says how).
    #[arg(
        long = "local_size",
        alias = "local-size",
        value_name = "DIMS",
        help = "Threads per work group (OpenCL): N, [X,Y] or [X,Y,Z]"
    )]
    pub local_size: Option<Dims>,
    /// Number of work groups (OpenCL).
    #[arg(long = "num_groups", alias = "num-groups", value_name = "DIMS")]
    pub num_groups: Option<Dims>,
    /// Total threads (OpenCL); with --local_size or --num_groups it gives the other.
    #[arg(long = "global_size", alias = "global-size", value_name = "DIMS")]
    pub global_size: Option<Dims>,
    /// Threads per block (CUDA), same as --local_size.
    #[arg(
        long = "blockDim",
        alias = "block-dim",
        alias = "block_dim",
        value_name = "DIMS"
    )]
    pub block_dim: Option<Dims>,
    /// Blocks in the grid (CUDA), same as --num_groups.
    #[arg(
        long = "gridDim",
        alias = "grid-dim",
        alias = "grid_dim",
        value_name = "DIMS"
    )]
    pub grid_dim: Option<Dims>,
}

impl LaunchArgs {
    /// OpenCL's `get_work_dim()`: how many dimensions the launch flags give (the most of
    /// the group size, the number of groups and the global size).
    pub fn work_dim(&self) -> u32 {
        [
            self.local_size,
            self.num_groups,
            self.global_size,
            self.block_dim,
            self.grid_dim,
        ]
        .iter()
        .flatten()
        .map(|d| d.1 as u32)
        .max()
        .unwrap_or(1)
    }

    pub fn launch(&self) -> Result<Launch, String> {
        let local = pick(
            "--local_size",
            self.local_size,
            "--blockDim",
            self.block_dim,
        )?;
        let groups = pick("--num_groups", self.num_groups, "--gridDim", self.grid_dim)?;
        if local.is_some_and(|l| l.any()) {
            return Err(
                "--local_size (or --blockDim) must be a number in every dimension, not `*`".into(),
            );
        }
        positive("--local_size/--blockDim", local)?;
        positive("--num_groups/--gridDim", groups)?;
        positive("--global_size", self.global_size)?;
        let (local, groups) = match (local, groups, self.global_size) {
            (Some(l), Some(g), None) => (l, g),
            (Some(l), None, Some(total)) => (l, divide(total, l, "--local_size")?),
            (_, Some(_), Some(_)) => {
                return Err(
                    "argument --num_groups=: not allowed with argument --global_size= \
                            (--gridDim neither): give --local_size with one of them"
                        .into(),
                )
            }
            _ => {
                return Err(
                    "give the launch configuration: --local_size and --num_groups (or \
                     --global_size), or --blockDim and --gridDim"
                        .into(),
                )
            }
        };
        // `*` groups: verify for every number of groups (up to the launch's 32-bit bound).
        let fixed = groups.0.map(|g| if g == Dims::ANY { 1 } else { g });
        let mut launch = Launch::new(local.0, fixed).map_err(|e| e.to_string())?;
        for d in 0..3 {
            if groups.0[d] == Dims::ANY {
                launch = launch.with_any_groups(d);
            }
        }
        Ok(launch)
    }
}

fn pick(a: &str, x: Option<Dims>, b: &str, y: Option<Dims>) -> Result<Option<Dims>, String> {
    match (x, y) {
        (Some(x), Some(y)) if x != y => Err(format!("{a} and {b} disagree")),
        (x, y) => Ok(x.or(y)),
    }
}

fn positive(flag: &str, d: Option<Dims>) -> Result<(), String> {
    match d {
        Some(Dims(v, _)) if v.contains(&0) => Err(format!(
            "{flag} must be positive in every dimension, got {v:?}"
        )),
        _ => Ok(()),
    }
}

fn divide(total: Dims, part: Dims, name: &str) -> Result<Dims, String> {
    let mut out = [0u32; 3];
    for (d, o) in out.iter_mut().enumerate() {
        if total.0[d] == Dims::ANY {
            *o = Dims::ANY;
            continue;
        }
        if part.0[d] == 0 || !total.0[d].is_multiple_of(part.0[d]) {
            return Err(format!(
                "--global_size {:?} is not a multiple of {name} {:?}",
                total.0, part.0
            ));
        }
        *o = total.0[d] / part.0[d];
    }
    Ok(Dims(out, total.1))
}

/// Flags passed to clang.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct FrontEndArgs {
    /// Verify the kernel as clang optimises it at -ON (0-3).
    #[arg(long = "opt-level", alias = "opt_level", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,
    /// Pass FLAG to clang (repeatable).
    #[arg(
        long = "clang-opt",
        alias = "clang_opt",
        value_name = "FLAG",
        allow_hyphen_values = true
    )]
    pub clang_opt: Vec<String>,
    /// Define a macro for clang.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,
    /// Add an include directory for clang.
    #[arg(short = 'I', value_name = "DIR")]
    pub includes: Vec<PathBuf>,
    /// Only this kernel of the file (default: every kernel).
    #[arg(long)]
    pub kernel: Option<String>,
    /// How branches and loops are predicated: `unstructured` (the lock-step paper's
    /// `v_active`, any reducible CFG) or `structured` (GPUVerify I's predicates per branch
    /// arm and loop; other control flow is an unsupported construct, exit 4).
    #[arg(long, value_enum, default_value_t = PredicationArg::Unstructured)]
    pub predication: PredicationArg,
    /// Run LLVM's `structurizecfg` (after `lower-switch`) on the module before lifting.
    #[arg(long)]
    pub structurize: bool,
    /// Keep contiguous reads and writes of one region (split vector and struct copies)
    /// as separate accesses, each its own race check, instead of merging them.
    #[arg(long = "no-merge-accesses")]
    pub no_merge_accesses: bool,
    /// Compile CUDA with the headers of the CUDA installation DIR (it has include/cuda.h)
    /// instead of lockstep's own cuda.h (default: $CUDA_PATH if set).
    #[arg(long = "cuda-path", value_name = "DIR")]
    pub cuda_path: Option<PathBuf>,
}

/// The environment variable naming a CUDA installation when `--cuda-path` is absent.
pub const CUDA_PATH_ENV: &str = "CUDA_PATH";

impl FrontEndArgs {
    /// The CUDA installation to compile with: `--cuda-path`, else `$CUDA_PATH` (when set
    /// and not empty), else none. An error (a usage error) when it has no include/cuda.h.
    pub fn cuda_path(&self) -> Result<Option<PathBuf>, String> {
        let dir = self.cuda_path.clone().or_else(|| {
            std::env::var_os(CUDA_PATH_ENV)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        });
        match dir {
            Some(d) => match driver::check_cuda_path(&d) {
                Ok(()) => Ok(Some(d)),
                Err(e) if self.cuda_path.is_some() => Err(format!("--cuda-path {e}")),
                Err(e) => Err(format!("${CUDA_PATH_ENV}: {e}")),
            },
            None => Ok(None),
        }
    }
}

/// GPUVerify options lockstep accepts without implementing them, because ignoring them
/// cannot make a verdict unsound (lockstep then checks at least as much).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct CompatArgs {
    /// Accepted for GPUVerify compatibility: lockstep always inlines, which is sound.
    #[arg(long = "no-inline", alias = "no_inline", hide = true)]
    pub no_inline: bool,
    #[arg(long, hide = true)]
    pub time: bool,
    #[arg(long, hide = true)]
    pub debug: bool,
    #[arg(long = "asymmetric-asserts", hide = true)]
    pub asymmetric_asserts: bool,
    /// GPUVerify's equality abstraction (two reads of one location give one value): the
    /// default benign-race policy becomes `--benign=values`.
    #[arg(
        long = "equality-abstraction",
        hide = true,
        conflicts_with = "adversarial_abstraction"
    )]
    pub equality_abstraction: bool,
    /// Reads of global and local memory return arbitrary values (GPUVerify's adversarial
    /// abstraction): proves kernels whose race freedom does not depend on shared data.
    #[arg(long = "adversarial-abstraction")]
    pub adversarial_abstraction: bool,
    #[arg(long = "only-divergence", hide = true)]
    pub only_divergence: bool,
    /// Check only pairs of threads in one group: races between groups are not checked.
    #[arg(long = "only-intra-group")]
    pub only_intra_group: bool,
    #[arg(long = "no-barrier-access-checks", hide = true)]
    pub no_barrier_access_checks: bool,
    #[arg(long = "invariants-as-candidates", hide = true)]
    pub invariants_as_candidates: bool,
    /// Threads 0..N-1, N..2N-1, … of a group (by linear local id) run in lock-step: a read
    /// and a write by two threads of one warp are not a race. Reads of global and local
    /// memory then return arbitrary values (another thread of the warp may have written
    /// them without a race).
    #[arg(long = "warp-sync", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub warp_sync: Option<u32>,
    /// Fix kernel K's scalar parameters to these values, in order (decimal or 0x hex).
    #[arg(long = "kernel-args", value_name = "K,V...")]
    pub kernel_args: Option<String>,
    /// Assume the axioms of this Boogie file about the kernel's uninterpreted functions
    /// (`DECLARE_UF_*`); repeatable. An inconsistent file makes every check pass.
    #[arg(long = "boogie-file", value_name = "FILE.bpl")]
    pub boogie_file: Vec<PathBuf>,
    /// GPUVerify options for its Boogie back end, which lockstep does not have: named so
    /// that they get a clear error rather than "unexpected argument" (`--cruncher-opt`, for
    /// its inference engine, only a warning).
    #[arg(long = "cruncher-opt", hide = true, allow_hyphen_values = true)]
    pub cruncher_opt: Vec<String>,
    #[arg(long = "boogie-opt", hide = true, allow_hyphen_values = true)]
    pub boogie_opt: Vec<String>,
}

impl CompatArgs {
    /// The GPUVerify option that needs its Boogie back end: an error naming it.
    pub fn unsupported(&self) -> Result<(), String> {
        match self.boogie_opt.first() {
            Some(v) => Err(format!(
                "--boogie-opt={v} is not supported: it configures GPUVerify's Boogie back end, which lockstep does not have (axioms about uninterpreted functions can be given with --boogie-file)"
            )),
            None => Ok(()),
        }
    }

    /// One warning per accepted-but-ignored option.
    pub fn warnings(&self) -> Vec<String> {
        let mut w = Vec::new();
        let mut say = |on: bool, flag: &str, why: &str| {
            if on {
                w.push(format!("warning: {flag} is accepted but ignored: {why}"));
            }
        };
        say(
            self.no_inline,
            "--no-inline",
            "lockstep inlines every call, which is sound",
        );
        say(self.time, "--time", "timings are not printed yet");
        say(
            !self.cruncher_opt.is_empty(),
            "--cruncher-opt",
            "it configures GPUVerify's invariant-inference engine; lockstep infers its own invariants and checks every one it uses",
        );
        say(
            self.only_divergence,
            "--only-divergence",
            "every check is made anyway",
        );
        w
    }
}

/// Options of the verification itself.
#[derive(clap::Args, Debug, Clone)]
pub struct CheckArgs {
    /// Seconds for all solver checks of one kernel; then the verdict is inconclusive.
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
    /// Unroll loops N times and assume they end there: defects found are real, but no
    /// proof is claimed (GPUVerify's bounded mode).
    #[arg(long = "loop-unwind", alias = "loop_unwind", value_name = "N")]
    pub loop_unwind: Option<u32>,
    /// GPUVerify's bug-finding mode: --loop-unwind=2.
    #[arg(long)]
    pub findbugs: bool,
    /// Prove loops by k-induction of depth K: the first K iterations are checked from the
    /// loop's entry, and an iteration may assume the K-1 before it passed every check
    /// (1, or GPUVerify's 0: the plain cut with invariants).
    #[arg(
        long = "k-induction-depth",
        alias = "k_induction_depth",
        value_name = "K",
        default_value_t = 1
    )]
    pub k_induction_depth: u32,
    /// Without invariants, a loop is proved only by unrolling it completely: try N copies
    /// of its test and body (loops of at most N-1 iterations: leaving takes one more test).
    #[arg(long, default_value_t = 8, value_name = "N")]
    pub unroll: u32,
    /// Which conflicts of accesses that cannot observe each other (two writes of one value,
    /// a write that leaves memory as it was) are tolerated: `none`; `gpuverify` (only when
    /// the values are equal without trusting what memory holds: values read from a global or
    /// local array that decides no branch and no address count as arbitrary); `values`
    /// (whenever they are equal).
    /// [default: gpuverify; values with `--equality-abstraction`]
    #[arg(long, value_enum, value_name = "POLICY")]
    pub benign: Option<BenignArg>,
    /// Report every conflict as a race (`--benign=none`).
    #[arg(long = "no-benign-tolerance")]
    pub no_benign_tolerance: bool,
    /// Do not infer loop invariants: loops are unrolled, or cut with the user's own
    /// invariants (plus where each thread is relative to the loop) when there are some.
    #[arg(long = "no-infer")]
    pub no_infer: bool,
    /// Ignore every annotation of the source (assertions, assumptions, contracts,
    /// invariants).
    #[arg(long = "no-annotations")]
    pub no_annotations: bool,
    /// Ignore every annotation of the source but `__requires`/`__global_requires`.
    #[arg(long = "only-requires")]
    pub only_requires: bool,
    /// Print which candidate loop invariants Houdini kept and dropped.
    #[arg(long = "infer-info")]
    pub infer_info: bool,
    /// Check that every access to a statically sized array (local, shared, constant,
    /// private) lies inside it.
    #[arg(long = "check-array-bounds")]
    pub check_array_bounds: bool,
    /// GPUVerify's verification-condition options; lockstep implements `/checkArrays:A,B`
    /// (check races only on the named arrays) and rejects the others.
    #[arg(long = "vcgen-opt", value_name = "OPT")]
    pub vcgen_opt: Vec<String>,
    /// Log accesses (for the race-log annotations) but check no race (GPUVerify's
    /// `--only-log`): the verdict then says nothing about data races.
    #[arg(long = "only-log", alias = "only_log")]
    pub only_log: bool,
}

impl CheckArgs {
    /// The arrays of `--vcgen-opt=/checkArrays:…`, if given.
    pub fn check_arrays(&self) -> Result<Option<Vec<String>>, String> {
        let mut out: Option<Vec<String>> = None;
        for opt in &self.vcgen_opt {
            let Some(list) = opt.strip_prefix("/checkArrays:") else {
                return Err(format!(
                    "--vcgen-opt={opt} is not supported (lockstep implements only /checkArrays:NAMES)"
                ));
            };
            let names = list.split(',').map(str::trim).filter(|n| !n.is_empty());
            out.get_or_insert_with(Vec::new)
                .extend(names.map(str::to_string));
        }
        Ok(out)
    }
}

/// `K,v1,v2,…` of `--kernel-args`.
pub fn parse_kernel_args(text: &str) -> Result<(String, Vec<u64>), String> {
    let mut parts = text.split(',').map(str::trim);
    let kernel = parts
        .next()
        .filter(|k| !k.is_empty())
        .ok_or_else(|| format!("--kernel-args expects KERNEL,VALUE,..., got `{text}`"))?;
    let values = parts
        .map(|v| {
            let parsed = match v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
                Some(hex) => u64::from_str_radix(hex, 16).ok(),
                None => v
                    .parse::<u64>()
                    .ok()
                    .or_else(|| v.parse::<i64>().ok().map(|n| n as u64)),
            };
            parsed.ok_or_else(|| format!("--kernel-args: `{v}` is not a number"))
        })
        .collect::<Result<Vec<u64>, String>>()?;
    Ok((kernel.to_string(), values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dims_take_gpuverify_forms() {
        assert_eq!("64".parse::<Dims>(), Ok(Dims([64, 1, 1], 1)));
        assert_eq!("[32,2]".parse::<Dims>(), Ok(Dims([32, 2, 1], 2)));
        assert_eq!("[4, 4, 2]".parse::<Dims>(), Ok(Dims([4, 4, 2], 3)));
        assert!("[1,2,3,4]".parse::<Dims>().is_err());
        assert!("x".parse::<Dims>().is_err());
        assert_eq!("*".parse::<Dims>(), Ok(Dims([Dims::ANY, 1, 1], 1)));
        assert_eq!("[4,*]".parse::<Dims>(), Ok(Dims([4, Dims::ANY, 1], 2)));
    }

    #[test]
    fn any_number_of_groups() {
        let dims = |l: &str, g: &str| LaunchArgs {
            local_size: Some(l.parse().unwrap()),
            num_groups: Some(g.parse().unwrap()),
            ..Default::default()
        };
        assert_eq!(dims("64", "4").work_dim(), 1);
        assert_eq!(dims("512,512", "[2,2]").work_dim(), 2);
        let l = launch(Some("64"), Some("*"), None).unwrap();
        assert_eq!(l.any_groups, [true, false, false]);
        let l = launch(Some("[8,8]"), None, Some("[*,64]")).unwrap();
        assert_eq!((l.any_groups, l.num_groups[1]), ([true, false, false], 8));
        assert!(launch(Some("*"), Some("2"), None).is_err());
    }

    fn launch(l: Option<&str>, g: Option<&str>, t: Option<&str>) -> Result<Launch, String> {
        LaunchArgs {
            local_size: l.map(|s| s.parse().unwrap()),
            num_groups: g.map(|s| s.parse().unwrap()),
            global_size: t.map(|s| s.parse().unwrap()),
            ..Default::default()
        }
        .launch()
    }

    #[test]
    fn launch_from_local_and_groups_or_global() {
        let l = launch(Some("[16,2]"), Some("4"), None).unwrap();
        assert_eq!((l.local_size, l.num_groups), ([16, 2, 1], [4, 1, 1]));
        let l = launch(Some("64"), None, Some("256")).unwrap();
        assert_eq!(l.num_groups, [4, 1, 1]);
        assert!(launch(Some("64"), None, Some("100")).is_err());
        assert!(launch(Some("64"), Some("4"), Some("256")).is_err());
        assert!(launch(None, Some("2"), Some("128")).is_err());
        assert!(launch(Some("0"), Some("1"), None).is_err());
        assert!(launch(Some("64"), None, None).is_err());
    }

    #[test]
    fn kernel_args_take_decimal_hex_and_negative_values() {
        assert_eq!(
            parse_kernel_args("foo,0x00000003,7,-1"),
            Ok(("foo".into(), vec![3, 7, u64::MAX]))
        );
        assert!(parse_kernel_args(",1").is_err());
        assert!(parse_kernel_args("foo,bar").is_err());
    }
}

/// `--benign`: the benign-race policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenignArg {
    None,
    Gpuverify,
    Values,
}

impl From<BenignArg> for lockstep::Benign {
    fn from(b: BenignArg) -> lockstep::Benign {
        match b {
            BenignArg::None => lockstep::Benign::None,
            BenignArg::Gpuverify => lockstep::Benign::GpuVerify,
            BenignArg::Values => lockstep::Benign::Values,
        }
    }
}

/// `--predication`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum PredicationArg {
    #[default]
    Unstructured,
    Structured,
}

impl From<PredicationArg> for predicate::Predication {
    fn from(p: PredicationArg) -> predicate::Predication {
        match p {
            PredicationArg::Unstructured => predicate::Predication::Unstructured,
            PredicationArg::Structured => predicate::Predication::Structured,
        }
    }
}
