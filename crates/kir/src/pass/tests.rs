use super::*;
use crate::{Expr, Stmt, StmtData, Terminator, Ty, VarKind};

/// A one-block kernel in `phase`: `x := 1; return`.
fn small(phase: Phase) -> Kernel {
    let mut k = Kernel::new("k");
    let x = k.add_var("x", Ty::Bv(32), VarKind::Private);
    let b = k.add_block("entry", Terminator::Return);
    k.layout.push(b);
    k.block_mut(b).stmts.push(StmtData::new(
        Stmt::Assign {
            dst: x,
            value: Expr::int(1, 32),
        },
        None,
    ));
    k.phase = phase;
    k
}

/// A pass that moves a lifted kernel to `Sorted`, optionally breaking it on the way.
struct Rename {
    break_it: bool,
    fail: bool,
}

impl Pass for Rename {
    type In = Kernel;
    type Out = Kernel;
    type Error = String;
    fn name(&self) -> &'static str {
        "rename"
    }
    fn phase_in(&self) -> Phase {
        Phase::Lifted
    }
    fn phase_out(&self) -> Phase {
        Phase::Sorted
    }
    fn run(&self, mut k: Kernel) -> Result<Kernel, String> {
        if self.fail {
            return Err("the user's kernel is not supported".into());
        }
        k.phase = Phase::Sorted;
        if self.break_it {
            // Assign a Boolean to a 32-bit variable: ill-typed.
            let entry = k.entry();
            let x = crate::Var::new(0);
            k.block_mut(entry).stmts.push(StmtData::new(
                Stmt::Assign {
                    dst: x,
                    value: Expr::tt(),
                },
                None,
            ));
        }
        Ok(k)
    }
}

#[test]
fn a_good_pass_runs_and_is_recorded() {
    let mut runner = Runner::keeping(Keep::Named("rename".into()));
    let pass = Rename {
        break_it: false,
        fail: false,
    };
    let out = runner.run(&pass, small(Phase::Lifted)).expect("runs");
    assert_eq!(out.phase, Phase::Sorted);
    assert_eq!(runner.ran(), ["rename"]);
    assert_eq!(runner.kept().len(), 1);
    assert_eq!(runner.kept()[0].0, "rename");
}

#[test]
fn a_broken_pass_is_caught_and_named() {
    let mut runner = Runner::default();
    let pass = Rename {
        break_it: true,
        fail: false,
    };
    let err = runner.run(&pass, small(Phase::Lifted)).unwrap_err();
    let PassError::Broken { pass: name, errors } = &err else {
        panic!("expected a broken-kernel error, got {err:?}");
    };
    assert_eq!(*name, "rename");
    assert!(!errors.is_empty());
    assert!(err.is_internal());
    assert!(err
        .to_string()
        .contains("pass `rename` made a malformed kernel"));
    assert!(runner.ran().is_empty());
}

#[test]
fn the_input_phase_is_checked_before_the_pass_runs() {
    let mut runner = Runner::default();
    let pass = Rename {
        break_it: false,
        fail: false,
    };
    let err = runner.run(&pass, small(Phase::Predicated)).unwrap_err();
    assert_eq!(
        err,
        PassError::PhaseIn {
            pass: "rename",
            expected: Phase::Lifted,
            found: Phase::Predicated
        }
    );
}

#[test]
fn a_pass_error_passes_through_unchanged() {
    let mut runner = Runner::default();
    let pass = Rename {
        break_it: false,
        fail: true,
    };
    let err = runner.run(&pass, small(Phase::Lifted)).unwrap_err();
    assert_eq!(
        err,
        PassError::Pass("the user's kernel is not supported".to_string())
    );
    assert!(!err.is_internal());
}

#[test]
fn start_verifies_a_kernel_made_outside_a_pass() {
    let mut runner = Runner::keeping(Keep::All);
    let k = runner.start("kir", Phase::Lifted, small(Phase::Lifted));
    assert!(k.is_ok());
    let err = runner
        .start("kir", Phase::Sorted, small(Phase::Lifted))
        .unwrap_err();
    assert!(matches!(err, PassError::PhaseOut { .. }));
    assert_eq!(runner.kept().len(), 1);
}
