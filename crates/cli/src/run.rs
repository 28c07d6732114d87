//! `lockstep run`: compile a kernel as `verify` does and run it on the concrete
//! interpreter for one small launch, printing the defect an execution showed (races with
//! both accesses, their threads and values; barrier divergence; failing assertions) or
//! `no defect observed in N schedules`.

use std::fmt::Write;
use std::path::PathBuf;

use engine::execute::{KernelExecution, RunError, RunRequest};
use engine::Options;
use interp::{Cut, Defect, Execution, ThreadIds};

use crate::args::{FrontEndArgs, LaunchArgs};
use crate::errors::*;
use crate::{json_error, out};
use report::SourceCache;

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    launch: LaunchArgs,
    #[command(flatten)]
    front: FrontEndArgs,
    /// A parameter's value: `NAME=VALUE` for a scalar (decimal, negative or 0x hex),
    /// `NAME=V1,V2,…` for a pointer parameter's first elements (repeatable). Scalars not
    /// given take a seeded value below 16; memory not given a seeded fill.
    #[arg(long = "arg", value_name = "NAME=VALUE")]
    args: Vec<String>,
    /// Seed of the memory fill, of arbitrary values and of the schedules.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// What memory nobody wrote holds: `random` bytes, `zero`, or `small` numbers (every
    /// 4-byte word below 8).
    #[arg(long, value_enum, default_value_t = FillArg::Random)]
    fill: FillArg,
    /// Schedules to run: the first runs each thread to its next barrier in turn, the
    /// others interleave threads at random at every memory access. With
    /// `--all-schedules`, the most schedules to run [default there: 100000].
    #[arg(long)]
    schedules: Option<usize>,
    /// Run every schedule: every interleaving of the threads at memory accesses, in
    /// depth-first order, until a defect shows or `--schedules` were run (for tiny
    /// launches: the number grows exponentially with threads and accesses).
    #[arg(long)]
    all_schedules: bool,
    /// Print the result as one JSON document.
    #[arg(long)]
    json: bool,
    /// The kernel file.
    file: PathBuf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FillArg {
    Random,
    Zero,
    Small,
}

fn request(a: &RunArgs) -> Result<(Options, RunRequest), String> {
    let launch = a.launch.launch()?;
    if launch.any_groups.contains(&true) {
        return Err("`lockstep run` needs a number of groups in every dimension, not `*`".into());
    }
    let mut opts = Options::for_launch(launch);
    opts.compile = driver::CompileOptions {
        opt_level: a.front.opt_level,
        defines: a.front.defines.clone(),
        includes: a.front.includes.clone(),
        clang_flags: a.front.clang_opt.clone(),
        inline: true,
        structurize: false,
        cuda_path: a.front.cuda_path()?,
    };
    opts.kernel = a.front.kernel.clone();
    opts.lift.work_dim = Some(a.launch.work_dim());
    let mut args = Vec::new();
    for text in &a.args {
        let (name, value) = text
            .split_once('=')
            .filter(|(n, v)| !n.is_empty() && !v.is_empty())
            .ok_or_else(|| format!("--arg expects NAME=VALUE, got `{text}`"))?;
        args.push((name.trim().to_string(), value.trim().to_string()));
    }
    let req = RunRequest {
        launch: interp::Launch {
            local_size: launch.local_size,
            num_groups: launch.num_groups,
        },
        args,
        seed: a.seed,
        fill: match a.fill {
            FillArg::Random => interp::Fill::Random,
            FillArg::Zero => interp::Fill::Zero,
            FillArg::Small => interp::Fill::Small,
        },
        schedules: match (a.schedules, a.all_schedules) {
            (Some(n), _) => n.max(1),
            (None, true) => 100_000,
            (None, false) => 1,
        },
        all_schedules: a.all_schedules,
    };
    Ok((opts, req))
}

pub fn run(a: RunArgs) -> i32 {
    let file = a.file.display().to_string();
    let (opts, req) = match request(&a) {
        Ok(r) => r,
        Err(m) => return usage(&file, &m, a.json),
    };
    let mut sources = SourceCache::default();
    let (language, kernels) = match engine::execute::run_file(&a.file, &opts, &req) {
        Ok(r) => r,
        Err(e) => return crate::stage_failed(&file, &e, a.json, &mut sources),
    };
    let mut codes = Vec::new();
    let mut json = Vec::new();
    for k in &kernels {
        let code = exit_code(k);
        codes.push(code);
        match (&k.result, a.json) {
            (Ok(e), true) => json.push(serde_json::json!({
                "kernel": k.name, "execution": e, "exit_code": code,
            })),
            (Err(e), true) => json.push(serde_json::json!({
                "kernel": k.name, "error": e.to_string(), "exit_code": code,
            })),
            (Ok(e), false) => out(&render(&k.name, e, &mut sources)),
            (Err(RunError::Stage(e)), false) => eprint!("{}", e.render(&file, &mut sources)),
            (Err(e), false) => eprintln!("{}: error: {e}", k.name),
        }
    }
    let code = crate::combine(&codes);
    if a.json {
        let doc = serde_json::json!({
            "file": file, "language": language, "kernels": json, "exit_code": code,
        });
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        ));
    }
    code
}

fn usage(file: &str, m: &str, json: bool) -> i32 {
    if json {
        out(&format!("{}\n", json_error(file, m, EXIT_USAGE)));
    } else {
        eprintln!("lockstep: error: {m}");
    }
    EXIT_USAGE
}

/// 1 for a defect, 5 when a schedule was cut short without one, 0 when none was observed;
/// errors as `verify` gives them.
fn exit_code(k: &KernelExecution) -> i32 {
    match &k.result {
        Ok(e) if !e.defects.is_empty() => EXIT_DEFECTS,
        // Defects only after a warp collective's arbitrary result: possible, not observed.
        Ok(e) if !e.collective.is_empty() => EXIT_INCONCLUSIVE,
        Ok(e) if e.cut.is_some() => EXIT_INCONCLUSIVE,
        Ok(_) => EXIT_VERIFIED,
        Err(RunError::Stage(e)) => e.exit_code(),
        Err(RunError::Interp(interp::InterpError::Config(_))) => EXIT_USAGE,
        Err(RunError::Interp(interp::InterpError::Unsupported { .. })) => EXIT_UNSUPPORTED,
    }
}

fn ids(t: &ThreadIds) -> String {
    let [x, y, z] = t.local;
    let [gx, gy, gz] = t.group;
    format!("thread ({x}, {y}, {z}) in group ({gx}, {gy}, {gz})")
}

fn at(p: &Option<kir::SourcePos>) -> String {
    p.as_ref().map(|p| format!("{p}: ")).unwrap_or_default()
}

fn render(kernel: &str, e: &Execution, sources: &mut SourceCache) -> String {
    let mut s = String::new();
    for d in &e.defects {
        defect(&mut s, d, sources, "error");
    }
    for d in &e.collective {
        defect(&mut s, d, sources, "warning");
    }
    if !e.collective.is_empty() {
        let _ = writeln!(
            s,
            "note: {}the run drew the result of {} before {}: {}",
            at(&e.collective_at.clone().flatten()),
            interp::COLLECTIVE,
            if e.collective.len() == 1 {
                "this defect"
            } else {
                "these defects"
            },
            interp::DRAWN_PER_THREAD
        );
    }
    let runs = format!(
        "{}{} schedule{}",
        if e.exhausted { "all " } else { "" },
        e.schedules,
        if e.schedules == 1 { "" } else { "s" }
    );
    let _ = match (e.defects.len(), e.schedule) {
        (0, Some(i)) if !e.collective.is_empty() => writeln!(
            s,
            "{kernel}: no defect observed in {runs}; {} possible (schedule {i}, after a collective)",
            e.collective.len()
        ),
        (0, _) => writeln!(s, "{kernel}: no defect observed in {runs}"),
        (n, Some(i)) => writeln!(
            s,
            "{kernel}: {n} defect{} observed in schedule {i} ({runs} run)",
            if n == 1 { "" } else { "s" }
        ),
        (n, None) => writeln!(s, "{kernel}: {n} defects observed"),
    };
    match &e.cut {
        Some(Cut::Infeasible { pos, thread }) => {
            let _ = writeln!(
                s,
                "note: {}an assumption does not hold for {}: the run stopped there",
                at(pos),
                ids(thread)
            );
        }
        Some(Cut::StepLimit { steps }) => {
            let _ = writeln!(s, "note: the run stopped after {steps} statements");
        }
        Some(Cut::TimeLimit { steps }) => {
            let _ = writeln!(
                s,
                "note: the run stopped at its time limit after {steps} statements"
            );
        }
        None => {}
    }
    let groups = e.launch.num_groups.iter().product::<u32>() as usize;
    if e.groups.len() < groups {
        let _ = writeln!(s, "note: {} of {groups} groups ran", e.groups.len());
    }
    if !e.scalars.is_empty() {
        let vals: Vec<String> = e
            .scalars
            .iter()
            .map(|(n, v)| format!("{n} = {v}"))
            .collect();
        let _ = writeln!(s, "note: with parameter values {}", vals.join(", "));
    }
    for u in &e.unchecked {
        let _ = writeln!(s, "note: not checked: {u}");
    }
    s
}

/// One defect a run showed, as an `error` (or a `warning`: one it may not really have).
fn defect(s: &mut String, d: &Defect, sources: &mut SourceCache, severity: &str) {
    match d {
        Defect::Race {
            array,
            byte,
            first,
            second,
            equal_values,
        } => {
            let word = |k: kir::AccessKind| report::kind_word(k);
            let _ = writeln!(
                s,
                "{}{severity}: {}-{} race on {array} (byte {byte}) observed by execution{}:",
                at(&second.pos),
                word(first.kind),
                word(second.kind),
                if *equal_values {
                    " (both wrote the same value)"
                } else {
                    ""
                }
            );
            for a in [first, second] {
                let mut kind = word(a.kind).to_string();
                kind[..1].make_ascii_uppercase();
                let place = a.pos.as_ref().map(|p| format!(", {p}")).unwrap_or_default();
                let _ = writeln!(s, "{kind} by {}{place}, value {}:", ids(&a.thread), a.value);
                if let Some(p) = &a.pos {
                    s.push_str(&sources.snippet(p));
                }
            }
        }
        Defect::BarrierDivergence {
            message,
            pos,
            threads,
        } => {
            let _ = writeln!(
                s,
                "{}{severity}: barrier divergence observed by execution: {message}",
                at(pos)
            );
            let who: Vec<String> = threads.iter().map(ids).collect();
            if !who.is_empty() {
                let _ = writeln!(s, "note: for {}", who.join(" and "));
            }
        }
        Defect::Assertion {
            origin,
            pos,
            thread,
        } => {
            let _ = writeln!(
                s,
                "{}{severity}: assertion ({origin}) failed for {} in execution",
                at(pos),
                ids(thread)
            );
            if let Some(p) = pos {
                s.push_str(&sources.snippet(p));
            }
        }
        Defect::ConstantWrite { array, pos, thread } => {
            let _ = writeln!(
                s,
                "{}{severity}: write to constant memory {array} by {} in execution",
                at(pos),
                ids(thread)
            );
        }
    }
    s.push('\n');
}
