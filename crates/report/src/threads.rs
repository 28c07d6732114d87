//! Thread identities in a counterexample, printed the way each language's users know them.

use lockstep::Launch;
use smt::Value;

pub use engine::Language;

/// A thread's local id and group id, per dimension.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ThreadId {
    pub local: [u64; 3],
    pub group: [u64; 3],
}

impl ThreadId {
    /// Thread `t` (1 or 2) of a counterexample's inputs (`local_id.x$1`, …).
    pub fn from_inputs(inputs: &[Value], t: u8) -> ThreadId {
        let get = |kind: &str, d: &str| {
            inputs
                .iter()
                .find(|v| v.name == format!("{kind}.{d}${t}"))
                .map(|v| v.value)
                .unwrap_or(0)
        };
        let dims = ["x", "y", "z"];
        ThreadId {
            local: dims.map(|d| get("local_id", d)),
            group: dims.map(|d| get("group_id", d)),
        }
    }
}

fn tuple(v: &[u64; 3]) -> String {
    format!("({}, {}, {})", v[0], v[1], v[2])
}

/// How a language names a thread.
pub trait Describe {
    fn describe_gpuverify(&self, t: &ThreadId, launch: &Launch) -> String;
    fn describe(&self, t: &ThreadId, launch: &Launch) -> String;
}

impl Describe for Language {
    /// As GPUVerify prints a thread of an access: [`Describe::describe`], except for CUDA,
    /// `thread 5 in thread block 1 (global id 261)` (tuples beyond one dimension).
    fn describe_gpuverify(&self, t: &ThreadId, launch: &Launch) -> String {
        match self {
            Language::OpenCl => self.describe(t, launch),
            Language::Cuda => {
                let global: [u64; 3] =
                    std::array::from_fn(|d| t.group[d] * launch.local_size[d] as u64 + t.local[d]);
                if launch.local_size[1..] == [1, 1] && launch.num_groups[1..] == [1, 1] {
                    format!(
                        "thread {} in thread block {} (global id {})",
                        t.local[0], t.group[0], global[0]
                    )
                } else {
                    format!(
                        "thread {} in thread block {} (global id {})",
                        tuple(&t.local),
                        tuple(&t.group),
                        tuple(&global)
                    )
                }
            }
        }
    }

    /// `work item 5 with local id 5 in work group 0` (OpenCL, one-dimensional launch),
    /// `work item (…) with local id (…) in work group (…)` (OpenCL, more dimensions), or
    /// `thread (5, 0, 0) in group (0, 0, 0)` (CUDA).
    fn describe(&self, t: &ThreadId, launch: &Launch) -> String {
        match self {
            Language::Cuda => format!("thread {} in group {}", tuple(&t.local), tuple(&t.group)),
            Language::OpenCl => {
                let global: [u64; 3] =
                    std::array::from_fn(|d| t.group[d] * launch.local_size[d] as u64 + t.local[d]);
                let one_d = launch.local_size[1..] == [1, 1] && launch.num_groups[1..] == [1, 1];
                if one_d {
                    format!(
                        "work item {} with local id {} in work group {}",
                        global[0], t.local[0], t.group[0]
                    )
                } else {
                    format!(
                        "work item {} with local id {} in work group {}",
                        tuple(&global),
                        tuple(&t.local),
                        tuple(&t.group)
                    )
                }
            }
        }
    }
}
