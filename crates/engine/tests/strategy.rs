//! The strategy on small kernels: which step decides, and what the run says about it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use engine::{KernelRun, Options, Verdict};
use lockstep::Launch;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// A kernel file of the project's corpus (`test-kernels/`).
fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../test-kernels")
        .join(name)
}

fn options(local: u32, groups: u32) -> Options {
    options_3d([local, 1, 1], [groups, 1, 1])
}

/// The default options at a launch of `local` by `groups`, with a budget of 60 s.
fn options_3d(local: [u32; 3], groups: [u32; 3]) -> Options {
    let launch = Launch::new(local, groups).expect("a valid launch");
    let mut opts = Options::for_launch(launch);
    opts.timeout = Duration::from_secs(60);
    opts
}

/// The run of kernel `name` of file `file` (in `tests/data`).
fn run(file: &str, name: &str, opts: &Options) -> KernelRun {
    run_path(&data(file), name, opts)
}

/// The run of kernel `name` of the file at `path`.
fn run_path(path: &Path, name: &str, opts: &Options) -> KernelRun {
    let opts = Options {
        kernel: Some(name.to_string()),
        ..opts.clone()
    };
    let (_, mut outcomes) = engine::verify(path, &opts).expect("the file compiles");
    assert_eq!(outcomes.len(), 1);
    outcomes
        .remove(0)
        .result
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn a_kernel_without_loops_is_decided_by_one_solve() {
    let r = run("loops.cl", "straight", &options(64, 4));
    assert_eq!(r.verdict, Verdict::Verified);
    assert!(!r.cut);
    assert!(r.inferred.is_none());
}

#[test]
fn a_loop_that_ends_within_the_bound_is_unrolled() {
    let r = run("loops.cl", "fixed_trip", &options(64, 4));
    assert_eq!(r.verdict, Verdict::Verified);
    assert!(!r.cut, "unrolling covers the loop: no cut");
    assert!(r.inferred.is_none(), "Houdini did not run");
}

#[test]
fn an_open_loop_is_cut_with_inferred_invariants() {
    let r = run("loops.cl", "open_trip", &options(64, 4));
    assert_eq!(r.verdict, Verdict::Verified);
    assert!(r.cut);
    let inferred = r.inferred.expect("Houdini ran");
    assert!(inferred.kept.iter().any(|k| *k));
    assert_eq!(inferred.candidates.len(), inferred.kept.len());
    let lines = inferred.lines("open_trip", &r.two_thread);
    assert_eq!(lines.len(), inferred.candidates.len());
    assert!(lines.iter().any(|l| l.contains(": kept: ")));
}

#[test]
fn a_race_in_an_open_loop_is_reported_from_the_concrete_program() {
    let r = run("loops.cl", "open_trip_race", &options(64, 4));
    assert_eq!(r.verdict, Verdict::Defects);
    // The unrolled program shows it, so it is confirmed (not found after a cut), before
    // Houdini's rounds (step 1b).
    assert!(!r.cut);
    assert!(r.inferred.is_none(), "found before the loops were cut");
}

/// Every unrolled iteration has a copy of the racy write's checks: once one copy fails, the
/// others are not run, so each check is reported once.
#[test]
fn a_race_in_an_unrolled_loop_is_reported_once() {
    let r = run("loops.cl", "open_trip_race", &options(64, 4));
    assert_eq!(r.verdict, Verdict::Defects);
    let failed: Vec<_> = (r.vc.checks.iter().zip(&r.outcome.statuses))
        .filter(|(_, s)| matches!(s, smt::Status::Failed { .. }))
        .map(|(c, _)| c.meta.clone())
        .collect();
    assert!(!failed.is_empty());
    for (i, m) in failed.iter().enumerate() {
        assert!(!failed[..i].contains(m), "{m:?} failed twice");
    }
    let copy = smt::Status::Unknown {
        reason: smt::COPY_FAILED.into(),
    };
    assert!(r.outcome.statuses.contains(&copy), "later copies not run");
}

/// `--unroll 8` covers loops of up to 7 iterations; the concrete search explores one copy
/// more, so it sees past a loop of exactly 8 and reports the race after it as a concrete
/// defect. The cut program shows the race first: when an execution confirms its trace, the
/// strategy stops there (step 2c), with the replays that confirm it.
#[test]
fn the_race_after_a_loop_of_exactly_the_bound_is_a_concrete_defect() {
    let r = run("loops.cl", "clear_then_count", &options(64, 4));
    assert_eq!(r.verdict, Verdict::Defects);
    let confirmed = engine::replay::any_confirmed(&r.replays);
    assert!(
        !r.cut || confirmed,
        "found by the concrete search or confirmed by execution"
    );
}

/// A race the cut program shows and an execution confirms settles the kernel there (step
/// 2c): the run is the cut program's, with the replays already made. (The race comes after
/// a loop longer than the unrolling bound: step 1b's search of the first iterations does
/// not reach it.)
#[test]
fn a_cut_defect_an_execution_confirms_settles_the_kernel() {
    let r = run("loops.cl", "publish_after_long_count", &options(64, 4));
    assert_eq!(r.verdict, Verdict::Defects);
    assert!(r.cut, "found in the cut program");
    assert_eq!(r.replays.len(), r.vc.checks.len());
    let confirmed = engine::replay::any_confirmed(&r.replays);
    assert!(confirmed, "{:?}", r.replays);
}

#[test]
fn a_budget_too_small_for_the_unrolling_decision_gives_no_defect() {
    // The cut program fails (possibly spurious); step 1 left the unrolling bounds
    // undecided. The verdict must not depend on the budget by claiming a defect: with a
    // small budget it is inconclusive, with enough the unrolled program is exact.
    let mut opts = options(32, 8);
    opts.compile.opt_level = 2;
    for secs in [4, 30] {
        opts.timeout = Duration::from_secs(secs);
        let r = run_path(&corpus("loops/enabled_in_nested_pass.cl"), "where", &opts);
        assert_ne!(r.verdict, Verdict::Defects, "--timeout {secs}");
        if secs == 30 {
            assert_eq!(r.verdict, Verdict::Verified);
            assert!(!r.cut, "decided by the unrolled program");
        }
    }
}

#[test]
fn without_inference_only_control_and_uniformity_candidates_are_used() {
    let mut opts = options(64, 4);
    opts.infer = false;
    let r = run("loops.cl", "open_trip", &opts);
    let inferred = r.inferred.expect("loops were cut");
    assert!(inferred
        .candidates
        .iter()
        .all(|c| matches!(c.family, vcgen::Family::Control | vcgen::Family::Uniform)));
    // Numbered from 0 for Houdini.
    for (i, c) in inferred.candidates.iter().enumerate() {
        assert_eq!(c.index as usize, i);
    }
}

#[test]
fn warps_try_the_coarse_model_first() {
    let mut opts = options(32, 2);
    opts.lockstep.warp_size = Some(32);
    opts.vc.shared = vcgen::SharedMemory::Warps;
    let coarse = run("warps.cl", "neighbour", &opts);
    assert_eq!(coarse.verdict, Verdict::Verified);
    assert_eq!(coarse.memory, vcgen::SharedMemory::Adversarial);
    let precise = run("warps.cl", "reads_agree", &opts);
    assert_eq!(precise.verdict, Verdict::Verified);
    assert_eq!(precise.memory, vcgen::SharedMemory::Warps);
}

#[test]
fn the_run_lists_what_the_verdict_assumes() {
    let mut opts = options(64, 4);
    opts.lockstep.barrier_access_checks = false;
    opts.lockstep.only_intra_group = true;
    let r = run("loops.cl", "straight", &opts);
    assert!(r.only_intra_group);
    assert!(r
        .assumptions
        .iter()
        .any(|a| a.contains("--no-barrier-access-checks")));
    opts.lockstep.only_log = true;
    let r = run("loops.cl", "straight", &opts);
    assert_eq!(r.races_only_on, Some(Vec::new()));
}

#[test]
fn dump_prints_a_stage_by_its_pass_name() {
    let opts = Options {
        kernel: Some("straight".into()),
        ..options(64, 4)
    };
    let stage = |name| engine::Stage::named(name).expect("a stage");
    let sorted = engine::dump(&data("loops.cl"), &opts, stage("sorted"), false).expect("dumps");
    assert!(sorted.contains("straight"));
    let predicated =
        engine::dump(&data("loops.cl"), &opts, stage("predicated"), false).expect("dumps");
    assert!(predicated.contains("v_active"));
    // A rewrite that did not run prints as the stage it rewrites.
    let candidates = engine::dump(
        &data("loops.cl"),
        &opts,
        stage("invariants-as-candidates"),
        false,
    )
    .expect("dumps");
    assert_eq!(candidates, predicated);
    assert!(engine::Stage::named("no-such-stage").is_none());
    // The cut VC has a check per candidate on entry and after an iteration.
    let loop_opts = Options {
        kernel: Some("open_trip".into()),
        ..options(64, 4)
    };
    let cut = engine::dump(&data("loops.cl"), &loop_opts, stage("vc-cut"), false).expect("dumps");
    assert!(cut.contains(": invariant ") && cut.contains(" entry") && cut.contains(" preserved"));
    assert!(stage("lockstep").needs_launch() && !stage("sorted").needs_launch());
}

#[test]
fn kernel_args_are_assumed_on_entry() {
    let mut opts = options(64, 4);
    opts.kernel = Some("open_trip".into());
    opts.kernel_args = Some(engine::KernelArgs {
        kernel: "open_trip".into(),
        values: vec![5],
    });
    let kir = engine::dump(
        &data("loops.cl"),
        &opts,
        engine::Stage::named("kernel-args").expect("a stage"),
        false,
    )
    .expect("dumps");
    assert!(kir.contains("assume"), "{kir}");
    assert!(kir.contains("5bv32") || kir.contains("== 5"), "{kir}");
}

/// A grid-stride loop at a real launch size (stride 61,440, not a power of two): its
/// counters get iteration counters, the cut proves it, and the racy twin is reported.
#[test]
fn a_grid_stride_loop_with_a_stride_that_is_not_a_power_of_two_is_proved() {
    let opts = options(256, 240);
    let r = run_path(
        &corpus("loops/grid_stride_odd_stride_pass.cl"),
        "scale",
        &opts,
    );
    assert_eq!(r.verdict, Verdict::Verified);
    assert!(r.cut, "proved with loop invariants");
    let names: Vec<&str> = r
        .two_thread
        .kernel
        .vars
        .iter()
        .map(|v| v.name.as_str())
        .collect();
    for counter in ["i.iter$1", "i.iter$2", "out.write.offset.at.i.iter$1"] {
        assert!(names.contains(&counter), "{counter} in {names:?}");
    }
    let twin = run_path(
        &corpus("loops/grid_stride_odd_stride_fail.cl"),
        "scale",
        &opts,
    );
    assert_eq!(
        twin.verdict,
        Verdict::Defects,
        "the twin's race is reported"
    );
}

/// A plane march whose offset steps by a product of parameters (`(z*h + y)*w + x`): thread
/// 1's race log records the plane index of the logged write, the cut proves the kernel,
/// and the twin that forgot the plane's size is reported.
#[test]
fn a_loop_whose_offset_steps_by_a_parameter_is_proved() {
    let opts = options_3d([16, 8, 1], [8, 16, 1]);
    let path = corpus("loops/plane_march_pass.cl");
    let r = run_path(&path, "copy_planes", &opts);
    assert_eq!(r.verdict, Verdict::Verified);
    assert!(r.cut, "proved with loop invariants");
    let recorded = "out.write.offset.at.z$1";
    assert!(
        r.two_thread.kernel.vars.iter().any(|v| v.name == recorded),
        "{recorded} is a variable"
    );
    let twin = run_path(&corpus("loops/plane_march_fail.cl"), "copy_planes", &opts);
    assert_eq!(
        twin.verdict,
        Verdict::Defects,
        "the twin's race is reported"
    );
}

/// A grid-stride loop over 16-byte records with an inner loop over the bytes: thread 1's
/// race log records the inner byte index, the cut proves the kernel, and the twin whose
/// records overlap is reported.
#[test]
fn an_inner_loop_of_a_grid_stride_loop_is_proved() {
    let opts = options(64, 32);
    let r = run_path(&corpus("loops/record_bytes_pass.cl"), "xor_records", &opts);
    assert_eq!(r.verdict, Verdict::Verified);
    let recorded = "data.write.offset.at.i$1";
    assert!(
        r.two_thread.kernel.vars.iter().any(|v| v.name == recorded),
        "{recorded} is a variable"
    );
    let twin = run_path(&corpus("loops/record_bytes_fail.cl"), "xor_records", &opts);
    assert_eq!(
        twin.verdict,
        Verdict::Defects,
        "the twin's race is reported"
    );
}

/// A tile's rows copied every fourth row of a 2,000-float pitch: the logged write steps by
/// 32,000 bytes, no power of two, so thread 1's race log records the row counter (no
/// remainder by 32,000 is a candidate), the cut proves the kernel, and the twin whose work
/// items share rows is reported.
#[test]
fn a_row_step_that_is_no_power_of_two_is_recorded() {
    let opts = options_3d([32, 4, 1], [63, 63, 1]);
    let r = run_path(&corpus("loops/row_pitch_tile_pass.cl"), "copy_rows", &opts);
    assert_eq!(r.verdict, Verdict::Verified);
    let recorded = "B.write.offset.at.r$1";
    assert!(
        r.two_thread.kernel.vars.iter().any(|v| v.name == recorded),
        "{recorded} is a variable"
    );
    let lines = r
        .inferred
        .expect("loops were cut")
        .lines("copy_rows", &r.two_thread);
    assert!(lines.iter().all(|l| !l.contains("32000bv64")), "{lines:#?}");
    let twin = run_path(&corpus("loops/row_pitch_tile_fail.cl"), "copy_rows", &opts);
    assert_eq!(
        twin.verdict,
        Verdict::Defects,
        "the twin's race is reported"
    );
}

/// The kept candidates of kernel `name` of the project kernel `path`, verified at a launch
/// of `local` by `groups`.
fn kept_candidates(path: &str, name: &str, local: [u32; 3], groups: [u32; 3]) -> Vec<String> {
    let opts = options_3d(local, groups);
    let r = run_path(&corpus(path), name, &opts);
    assert_eq!(r.verdict, Verdict::Verified, "{path}");
    let inferred = r.inferred.expect("loops were cut");
    (inferred.candidates.iter())
        .filter(|c| inferred.kept[c.index as usize])
        .map(|c| c.name.clone())
        .collect()
}

/// The kept candidates of a PPCG tile copy (`copy_tiles`) at a 32x4 group, 8x8 groups.
fn kept_tile_candidates(path: &str) -> Vec<String> {
    kept_candidates(path, "copy_tiles", [32, 4, 1], [8, 8, 1])
}

#[test]
fn a_tile_loop_knows_where_its_inner_loop_starts() {
    let kept = kept_tile_candidates("loops/tile_rows_in_tile_loop_pass.cl");
    // The tile loop's log is in step with the row loop's start, `ty`.
    assert!(kept
        .iter()
        .any(|n| n == "logged Write of tile in step with the loop"));
}

#[test]
fn a_loop_that_runs_at_most_once_keeps_its_counter_at_its_start() {
    let kept = kept_tile_candidates("loops/tile_columns_once_pass.cl");
    let once = "c4$1 at most one step past its start while in the loop";
    assert!(kept.iter().any(|n| n == once), "{kept:?}");
    assert!(kept
        .iter()
        .any(|n| n.ends_with("other counters at their starts")));
}

#[test]
fn consecutive_loops_over_a_row_share_the_last_loop_bound() {
    let path = "loops/row_edges_pass.cu";
    let kept = kept_candidates(path, "_Z5edgesPfii", [64, 1, 1], [16, 1, 1]);
    let later = "logged Write of out within a range up to a later loop's bound";
    assert!(kept.iter().any(|n| n == later), "{kept:?}");
}

#[test]
fn a_loop_that_only_clears_a_log_keeps_what_the_loop_around_knew_of_it() {
    let path = "loops/flag_after_barrier_loop_pass.cu";
    let kept = kept_candidates(path, "_Z10per_vectorPfPKfi", [256, 1, 1], [64, 1, 1]);
    let taken = "Write of out logged only under its branch's condition, as in the loop around";
    assert!(kept.iter().any(|n| n == taken), "{kept:?}");
}

/// A PPCG-style tile loop around a row loop bounded by `min(31, nk - 32 * c2 - 1)`: the
/// tile loop's bound candidates are about its own comparisons, none about the row loop's
/// counter or `min` temporaries (computed again before the row loop tests them), and the
/// kernel is proved without them.
#[test]
fn a_tile_loop_has_no_bounds_about_its_inner_loop() {
    let path = "loops/min_bounded_tile_rows_pass.cl";
    let opts = options_3d([32, 4, 1], [8, 8, 1]);
    let r = run_path(&corpus(path), "copy_tiles", &opts);
    assert_eq!(r.verdict, Verdict::Verified);
    let inferred = r.inferred.expect("loops were cut");
    let k = &r.two_thread.kernel;
    let named = |c: &vcgen::Invariant, prefix: &str| {
        let mut found = false;
        c.expr
            .for_each_var(&mut |v| found |= k.var(v).name.starts_with(prefix));
        found
    };
    // The tile loop's head: where its counter's candidates are.
    let tile = (inferred.candidates.iter())
        .find(|c| c.name == "c2$1 >= 0")
        .map(|c| c.head)
        .expect("a candidate about the tile counter");
    let bounds: Vec<_> = (inferred.candidates.iter())
        .filter(|c| c.head == tile && c.family == vcgen::Family::Bounds)
        .collect();
    assert!(bounds.iter().any(|c| named(c, "c2$")), "the tile counter's");
    // The row loop's `min` (`31 < t`, with `t` clang's temporary for `nk - 32 * c2 - 1`)
    // and its test (`c3 <= t`) are not the tile loop's.
    let temporary = |c: &vcgen::Invariant| {
        let mut found = false;
        c.expr.for_each_var(&mut |v| {
            let name = &k.var(v).name;
            found |= name.starts_with("c3$")
                || (name.starts_with('t') && name[1..].starts_with(|d: char| d.is_ascii_digit()))
        });
        found
    };
    let inner: Vec<_> = bounds
        .iter()
        .filter(|c| temporary(c))
        .map(|c| &c.name)
        .collect();
    assert!(inner.is_empty(), "{inner:?}");
}

/// A tree reduction whose steps are loops strided by the block size: a step reads
/// `acc[i]` and `acc[stride + i]`, so its read log is at one of the two sites; and the
/// step loop's head is passed again when the tree loop has ended, with its last step's
/// logs, so the candidate holds only while a thread is at the loop.
#[test]
fn a_strided_tree_step_logs_its_reads_at_one_of_its_sites() {
    let path = "loops/block_strided_tree_pass.cu";
    let name = "_Z18block_strided_treePfPKf";
    let kept = kept_candidates(path, name, [256, 1, 1], [16, 1, 1]);
    let sites = "logged Read of acc at one of the loop's sites while a thread is at the loop";
    assert!(kept.iter().any(|n| n == sites), "{kept:?}");
    let range = "logged Write of acc within the loop's range while a thread is at the loop";
    assert!(kept.iter().any(|n| n == range), "{kept:?}");
}

/// LU's column step: the inner loop reads `s[tx][j]`, `s[j][i]` and `s[tx][i]`, a
/// disjunction of two ranges and a fixed offset.
#[test]
fn a_column_update_logs_its_reads_at_one_of_its_sites() {
    let path = "loops/column_update_pass.cu";
    let kept = kept_candidates(path, "_Z13column_updatePf", [16, 1, 1], [1, 1, 1]);
    let sites = "logged Read of s at one of the loop's sites while a thread is at the loop";
    assert!(kept.iter().any(|n| n == sites), "{kept:?}");
}

#[test]
fn a_log_whose_records_fix_its_offset_is_assumed_so_in_every_loop() {
    // Two grid-stride tile loops around a row loop, a row pitch of 1,000 floats: that the
    // logged offset is the access's at the recorded values holds by construction in each
    // of the three loops, and the kernel is proved with it.
    let path = "loops/row_pitch_grid_tiles_pass.cl";
    let opts = options_3d([32, 4, 1], [8, 8, 1]);
    let r = run_path(&corpus(path), "grid_tiles", &opts);
    assert_eq!(r.verdict, Verdict::Verified);
    let inferred = r.inferred.expect("loops were cut");
    let heads: std::collections::BTreeSet<_> = (inferred.candidates.iter())
        .filter(|c| c.family == vcgen::Family::Records)
        .map(|c| c.head)
        .collect();
    assert_eq!(heads.len(), 3, "one for each loop");
    // The column test around the store, over the recorded column, in each loop too.
    let tests = (inferred.candidates.iter())
        .filter(|c| {
            c.name
                .ends_with("branch's condition at the recorded values")
        })
        .count();
    assert_eq!(tests, 3, "one for each loop");
}
