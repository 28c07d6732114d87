//! `lockstep verify --boogie-file=F`: the axioms are assumed (and the report says so); a file
//! that cannot be read, is not Boogie, is outside the subset or disagrees with the kernel's
//! functions is a front-end error (exit 3) in `F:line:col: error: …` form.

mod support;

use support::lockstep_exits;

const VERIFIED: i32 = 0;
const DEFECTS: i32 = 1;
const FRONT_END: i32 = 3;

fn verify(code: i32, bpl: &[&str]) -> support::Run {
    let flags: Vec<String> = bpl.iter().map(|f| format!("--boogie-file={f}")).collect();
    let mut args = vec!["verify", "--local_size=4", "--num_groups=2"];
    args.extend(flags.iter().map(String::as_str));
    args.push("axioms/mix.cl");
    lockstep_exits(code, &args)
}

#[test]
fn an_axiom_proves_what_the_kernel_alone_does_not() {
    let run = verify(DEFECTS, &[]);
    run.stdout_line(r"^axioms/mix\.cl:5:\d+: error: this assertion might not hold");
    let run = verify(VERIFIED, &["axioms/commutes.bpl"]);
    run.stdout_line(r"^k: verified");
    run.stdout_line(r"^note: assuming 1 axiom from axioms/commutes\.bpl");
}

#[test]
fn an_injectivity_axiom_proves_a_scatter_race_free_quickly() {
    let scatter = |bpl: &[&str], code| {
        let mut args = vec!["verify", "--local_size=8", "--num_groups=2", "--timeout=20"];
        args.extend(bpl);
        args.push("axioms/scatter.cl");
        lockstep_exits(code, &args)
    };
    let run = scatter(&[], DEFECTS);
    run.stdout_line(r"possible write-write race on out");
    // Within the 20 s only if E-matching sees the VC's `slot` terms (Z3's relevancy filter
    // hid them: the check ran into its effort limit).
    let run = scatter(&["--boogie-file=axioms/injective.bpl"], VERIFIED);
    run.stdout_line(r"^k: verified");
}

#[test]
fn a_file_given_twice_is_assumed_twice_and_noted_twice() {
    let run = verify(VERIFIED, &["axioms/commutes.bpl", "axioms/commutes.bpl"]);
    let notes = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("note: assuming 1 axiom from"))
        .count();
    assert_eq!(notes, 2, "{}", run.show());
}

#[test]
fn a_syntax_error_is_a_front_end_error_at_its_position() {
    let run = verify(FRONT_END, &["axioms/malformed.bpl"]);
    run.stderr_line(r"^axioms/malformed\.bpl:2:48: error: expected `\)`, found `;`$");
    assert!(run.stdout.is_empty(), "{}", run.show());
}

#[test]
fn boogies_int_is_rejected_by_name() {
    let run = verify(FRONT_END, &["axioms/int.bpl"]);
    run.stderr_line(
        r"^axioms/int\.bpl:1:21: error: unsupported in --boogie-file: type `int` \(Boogie's unbounded integers are not bit-vectors",
    );
}

#[test]
fn a_missing_file_is_a_front_end_error_naming_it() {
    let run = verify(FRONT_END, &["axioms/absent.bpl"]);
    run.stderr_line(r"^axioms/absent\.bpl: error: cannot read the --boogie-file: ");
}

#[test]
fn a_sort_mismatch_with_the_kernel_is_a_front_end_error() {
    let run = verify(FRONT_END, &["axioms/narrow.bpl"]);
    run.stderr_line(
        r"^axioms/narrow\.bpl:1:10: error: `mix` takes \(bv16, bv16\) and returns bv16 here, but the kernel's `mix` takes \(bv32, bv32\) and returns bv32$",
    );
}

#[test]
fn json_output_carries_the_error_and_its_exit_code() {
    let run = lockstep_exits(
        FRONT_END,
        &[
            "verify",
            "--json",
            "--local_size=4",
            "--num_groups=2",
            "--boogie-file=axioms/malformed.bpl",
            "axioms/mix.cl",
        ],
    );
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON document");
    assert_eq!(doc["exit_code"], 3);
    let error = doc["error"].as_str().unwrap_or_default();
    assert!(error.starts_with("axioms/malformed.bpl:2:48: "), "{error}");
}

#[test]
fn the_other_boogie_options_are_still_command_line_errors() {
    let run = lockstep_exits(
        2,
        &[
            "verify",
            "--local_size=4",
            "--num_groups=2",
            "--boogie-opt=/x",
            "axioms/mix.cl",
        ],
    );
    run.stderr_line(r"--boogie-opt=/x is not supported");
}
