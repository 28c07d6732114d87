//! `lockstep verify` on bad input, end to end: each mistake gives a one-line named error on
//! stderr (`file:line:col: error: …` where there is a position) and its exit code from
//! DESIGN.md, never a panic or a signal (checked for every run by `support::lockstep`).

mod support;

use support::lockstep_exits;

const USAGE: i32 = 2;
const FRONT_END: i32 = 3;
const UNSUPPORTED: i32 = 4;

#[test]
fn a_missing_file_is_a_command_line_error_naming_the_file() {
    let run = lockstep_exits(
        USAGE,
        &["verify", "--local_size=64", "--num_groups=2", "absent.cl"],
    );
    run.stderr_line(r"^absent\.cl: error: .*no such file");
}

#[test]
fn an_unknown_extension_is_a_command_line_error_naming_the_kind() {
    let run = lockstep_exits(
        USAGE,
        &["verify", "--local_size=64", "--num_groups=2", "k.txt"],
    );
    run.stderr_line(r"^k\.txt: error: .*unknown file kind `txt`.*\.cl, \.cu");
}

#[test]
fn a_clang_error_is_a_front_end_error_showing_clangs_message() {
    let run = lockstep_exits(
        FRONT_END,
        &[
            "verify",
            "--local_size=64",
            "--num_groups=2",
            "syntax_error.cl",
        ],
    );
    // clang's own diagnostic, with its position …
    run.stderr_line(
        r"^syntax_error\.cl:2:24: error: use of undeclared identifier 'undefined_name'$",
    );
    // … and lockstep's summary of what happened.
    run.stderr_line(r"^syntax_error\.cl: error: clang rejected the source$");
}

#[test]
fn malformed_ir_is_a_front_end_error_with_the_parsers_position() {
    let run = lockstep_exits(
        FRONT_END,
        &[
            "verify",
            "--local_size=64",
            "--num_groups=2",
            "malformed.ll",
        ],
    );
    run.stderr_line(r"^malformed\.ll:3:13: error: use of undefined value '%missing'$");
    run.stderr_line(r"^malformed\.ll: error: invalid LLVM IR$");
}

#[test]
fn an_irreducible_goto_is_unsupported_and_the_message_names_the_blocks() {
    let run = lockstep_exits(
        UNSUPPORTED,
        &[
            "verify",
            "--local_size=64",
            "--num_groups=2",
            "irreducible.cl",
        ],
    );
    let line = run.stderr_line(r"^irreducible\.cl: error: irreducible control flow");
    let blocks = regex::Regex::new(r"\bbb\d+ at irreducible\.cl:\d+").unwrap();
    assert!(
        blocks.find_iter(line).count() >= 2,
        "the cycle's blocks are not named: {line}"
    );
}

/// (Not an atomic: atomics are being brought into the model, so a construct that
/// stays outside it is used.)
#[test]
fn an_unsupported_instruction_is_named_at_its_position() {
    let run = lockstep_exits(
        UNSUPPORTED,
        &["verify", "--local_size=64", "--num_groups=2", "subgroup.cl"],
    );
    run.stderr_line(
        r"^subgroup\.cl:3:25: error: unsupported: work-item function `get_sub_group_id`",
    );
    // The source line and a caret under column 25 follow.
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        lines.get(1..3),
        Some(
            &[
                "  A[get_global_id(0)] = get_sub_group_id();",
                "                        ^"
            ][..]
        )
    );
}

#[test]
fn recursion_in_cuda_is_unsupported_and_names_the_callee() {
    let run = lockstep_exits(
        UNSUPPORTED,
        &["verify", "--blockDim=32", "--gridDim=2", "recursion.cu"],
    );
    run.stderr_line(r"^recursion\.cu:6:20: error: recursion: .*`depth`");
}

#[test]
fn an_unknown_flag_is_a_command_line_error_naming_it() {
    let run = lockstep_exits(
        USAGE,
        &[
            "verify",
            "--local_size=64",
            "--num_groups=2",
            "--bogus",
            "correct.cl",
        ],
    );
    run.stderr_line(r"^error: unexpected argument '--bogus'");
}

#[test]
fn a_zero_local_size_is_a_command_line_error() {
    let run = lockstep_exits(
        USAGE,
        &["verify", "--local_size=0", "--num_groups=2", "correct.cl"],
    );
    run.stderr_line(r"^lockstep: error: --local_size.* must be positive");
}

#[test]
fn a_cuda_path_that_is_not_a_cuda_installation_is_a_command_line_error() {
    let run = lockstep_exits(
        USAGE,
        &[
            "verify",
            "--blockDim=32",
            "--gridDim=1",
            "--cuda-path",
            "no-such-cuda",
            "correct.cu",
        ],
    );
    run.stderr_line(r"^lockstep: error: --cuda-path no-such-cuda: not a CUDA installation");
}

#[test]
fn a_global_size_that_is_not_a_multiple_of_the_local_size_is_refused() {
    let run = lockstep_exits(
        USAGE,
        &[
            "verify",
            "--global_size=100",
            "--local_size=64",
            "correct.cl",
        ],
    );
    run.stderr_line(r"^lockstep: error: --global_size .*100.* is not a multiple of --local_size");
}

#[test]
fn a_missing_launch_configuration_is_a_command_line_error() {
    let run = lockstep_exits(USAGE, &["verify", "correct.cl"]);
    run.stderr_line(r"^lockstep: error: give the launch configuration: --local_size");
}

#[test]
fn num_groups_with_global_size_is_refused_when_local_size_is_given_too() {
    let run = lockstep_exits(
        USAGE,
        &[
            "verify",
            "--local_size=64",
            "--num_groups=2",
            "--global_size=128",
            "correct.cl",
        ],
    );
    run.stderr_line(
        r"^lockstep: error: argument --num_groups=: not allowed with argument --global_size=",
    );
}

/// GPUVerify makes --num_groups and --global_size mutually exclusive, and lockstep's own
/// message says "not allowed with", but without --local_size the pair is accepted (the local
/// size is derived from them) and the kernel is verified.
#[test]

fn num_groups_with_global_size_is_refused() {
    let run = lockstep_exits(
        USAGE,
        &[
            "verify",
            "--num_groups=2",
            "--global_size=128",
            "correct.cl",
        ],
    );
    run.stderr_line(r"error: argument --num_groups=: not allowed with argument --global_size=");
}

#[test]
fn equality_and_adversarial_abstraction_together_are_refused() {
    let run = lockstep_exits(
        USAGE,
        &[
            "verify",
            "--local_size=64",
            "--num_groups=2",
            "--equality-abstraction",
            "--adversarial-abstraction",
            "correct.cl",
        ],
    );
    run.stderr_line(
        r"^error: .*--equality-abstraction.* cannot be used with .*--adversarial-abstraction",
    );
}

#[test]
fn an_opt_level_above_three_is_refused() {
    let run = lockstep_exits(
        USAGE,
        &[
            "verify",
            "--local_size=64",
            "--num_groups=2",
            "--opt-level=7",
            "correct.cl",
        ],
    );
    run.stderr_line(r"^error: invalid value '7' for '--opt-level");
}

#[test]
fn an_unknown_kernel_name_is_refused_and_the_available_ones_listed() {
    let run = lockstep_exits(
        USAGE,
        &[
            "verify",
            "--local_size=64",
            "--num_groups=2",
            "--kernel=nope",
            "correct.cl",
        ],
    );
    run.stderr_line(r"^correct\.cl: error: no kernel named `nope` \(available: shift\)$");
}

#[test]
fn an_accepted_but_ignored_flag_warns_and_still_verifies() {
    let run = lockstep_exits(
        0,
        &[
            "verify",
            "--local_size=64",
            "--num_groups=2",
            "--no-inline",
            "correct.cl",
        ],
    );
    run.stderr_line(r"^warning: --no-inline is accepted but ignored");
    run.stdout_line(r"^shift: verified");
}

#[test]
fn kernel_args_for_a_kernel_the_file_lacks_is_a_command_line_error() {
    let run = lockstep_exits(
        USAGE,
        &[
            "verify",
            "--local_size=16",
            "--num_groups=2",
            "--kernel-args=nosuch,1",
            "correct.cl",
        ],
    );
    run.stderr_line(r"error: --kernel-args names `nosuch`, which is not a kernel of the file \(its kernels: shift\)");
}

#[test]
fn the_structured_predicator_names_unstructured_control_flow_and_structurize_fixes_it() {
    let flags = ["verify", "--local_size=64", "--num_groups=2"];
    let structured = [&flags[..], &["--predication=structured", "switch.cl"]].concat();
    let run = lockstep_exits(UNSUPPORTED, &structured);
    run.stderr_line(
        r"^switch\.cl:3:\d+: error: unstructured control flow at switch\.cl:3 \(switch\)",
    );
    let structurized = [
        &flags[..],
        &["--predication=structured", "--structurize", "switch.cl"],
    ]
    .concat();
    let run = support::lockstep(&structurized);
    run.stdout_line(r"^k: verified");
    run.line(
        &run.show(),
        r"note: .*\(control flow structurized by LLVM's structurizecfg\)",
    );
    let unstructured = [&flags[..], &["switch.cl"]].concat();
    support::lockstep(&unstructured).stdout_line(r"^k: verified");
}
