//! What a verification run is asked to do: one struct per stage's options, gathered.

use std::path::PathBuf;
use std::time::Duration;

/// `--kernel-args=K,v1,…`: values for kernel `K`'s scalar parameters, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelArgs {
    pub kernel: String,
    pub values: Vec<u64>,
}

/// Everything the engine needs to verify a file.
#[derive(Clone, Debug)]
pub struct Options {
    /// How clang compiles the source.
    pub compile: driver::CompileOptions,
    /// Only this kernel (symbol name, or source name when unique).
    pub kernel: Option<String>,
    /// What the lifted kernel checks besides what every kernel checks.
    pub lift: lift::LiftOptions,
    /// Which predicator turns the sorted kernel into one thread's predicated program.
    pub predication: predicate::Predication,
    /// Merge contiguous reads and writes of one region into ranged accesses after
    /// predication (off with `--no-merge-accesses`).
    pub merge_accesses: bool,
    /// The launch, the benign-race policy, warps and which races are checked.
    pub lockstep: lockstep::Options,
    /// How loops are explored and memory is modelled.
    pub vc: vcgen::VcOptions,
    /// The solver budget per kernel.
    pub timeout: Duration,
    /// Infer loop invariants when unrolling is not enough (off with `--no-infer`).
    pub infer: bool,
    pub kernel_args: Option<KernelArgs>,
    /// `--asymmetric-asserts`: the user's loop invariants are assumed for thread 1 only
    /// (GPUVerify emits its assertions for the first thread only; weaker, still sound).
    pub asymmetric_asserts: bool,
    /// `--invariants-as-candidates`: the user's loop invariants are Houdini candidates
    /// (dropped if they do not hold) instead of checked.
    pub invariants_as_candidates: bool,
    /// `--debug`: count the kernel's barrier intervals.
    pub debug: bool,
    /// `--boogie-file=F`: axioms about the kernel's uninterpreted functions.
    pub boogie_files: Vec<PathBuf>,
}

impl Options {
    /// The defaults of `lockstep verify` for this launch: every check, loops unrolled 8
    /// times then cut with inferred invariants, the precise memory model, 300 s.
    pub fn for_launch(launch: lockstep::Launch) -> Options {
        Options {
            compile: driver::CompileOptions::default(),
            kernel: None,
            lift: lift::LiftOptions {
                check_array_bounds: false,
                work_dim: Some(1),
            },
            predication: predicate::Predication::default(),
            merge_accesses: true,
            lockstep: lockstep::Options::for_launch(launch),
            vc: vcgen::VcOptions {
                loops: vcgen::LoopMode::Complete(8),
                shared: vcgen::SharedMemory::Arrays,
                max_terms: vcgen::DEFAULT_MAX_TERMS,
                k_induction: 1,
            },
            timeout: Duration::from_secs(300),
            infer: true,
            kernel_args: None,
            asymmetric_asserts: false,
            invariants_as_candidates: false,
            debug: false,
            boogie_files: Vec::new(),
        }
    }
}
