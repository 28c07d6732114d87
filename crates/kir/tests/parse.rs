//! What the parser makes of the parts of the text the printer leaves implicit.

use kir::*;

fn var<'k>(k: &'k Kernel, name: &str) -> (Var, &'k VarData) {
    let i = k
        .vars
        .iter()
        .position(|v| v.name == name)
        .expect("variable");
    (Var::new(i), &k.vars[i])
}

fn stmt(k: &Kernel, i: usize) -> &Stmt {
    &k.blocks[k.layout[0].index()].stmts[i].stmt
}

#[test]
fn private_types_are_inferred_from_uses() {
    let k = parse::kernel(
        "kernel k ; phase Lifted\n  region r0:A Global elem 2 Param { index: 0 }\nb0:e\n    \
         a := read16 r0:A[0bv64]\n    b := a\n    c := b == 3bv16\n    d := f(a)\n    \
         e := d + 1bv8\n    havoc h\n    w := zext64(h2)\n    return\n",
    )
    .expect("parses");
    assert_eq!(var(&k, "a").1.ty, Ty::Bv(16));
    assert_eq!(var(&k, "b").1.ty, Ty::Bv(16));
    assert_eq!(var(&k, "c").1.ty, Ty::Bool);
    assert_eq!(var(&k, "d").1.ty, Ty::Bv(8));
    match stmt(&k, 3) {
        Stmt::Assign {
            value: Expr::Apply { ty, .. },
            ..
        } => assert_eq!(*ty, Ty::Bv(8)),
        other => panic!("{other:?}"),
    }
    // Nothing says how wide `h` is: 32 bits. A cast's operand: the cast's width.
    assert_eq!(var(&k, "h").1.ty, Ty::Bv(32));
    assert_eq!(var(&k, "h2").1.ty, Ty::Bv(64));
    verify(&k).expect("verifies");
}

#[test]
fn constants_keep_their_printed_form() {
    let k = parse::kernel(
        "kernel k ; phase Lifted\nb0:e\n    a := -3bv32\n    b := -2000bv32\n    \
         c := 4294967293bv32\n    return\n",
    )
    .expect("parses");
    let value = |i| match stmt(&k, i) {
        Stmt::Assign { value, .. } => value.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(value(0), Expr::int(u32::MAX as u64 - 2, 32));
    assert_eq!(
        value(1),
        Expr::Unary(UnOp::Neg, Box::new(Expr::int(2000, 32)))
    );
    // The printer writes this one as -3bv32.
    assert_eq!(value(2), value(0));
    assert!(k.to_string().contains("c := -3bv32"));
}

#[test]
fn duplicate_names_keep_their_indices() {
    let k = parse::kernel(
        "kernel k ; phase Lifted\n  var n#2 : bv32 Instrumentation\nb0:e\n    \
         i#5 := 0bv32\n    v7 := n#2 == i#5\n    return\n",
    )
    .expect("parses");
    assert_eq!(k.vars[2].name, "n");
    assert_eq!(k.vars[5].name, "i");
    assert_eq!(k.vars[7].name, "");
    assert_eq!(k.vars[7].ty, Ty::Bool);
    // Each lone `NAME#I` has an unused namesake, so it prints with its index again.
    assert_eq!(k.vars.iter().filter(|v| v.name == "i").count(), 2);
    assert!(k.to_string().contains("    v7 := n#2 == i#5\n"));
    // A variable named `v5` where `i#5` holds index 5 keeps its name.
    let text = "kernel k ; phase Lifted\nb0:e\n    i#5 := v5\n    return\n";
    let k = parse::kernel(text).expect("parses");
    assert_ne!(var(&k, "v5").0.index(), 5);
    assert_eq!(k.to_string(), text);
}

#[test]
fn thread_copies_name_the_variable_they_copy() {
    let k = parse::kernel(
        "kernel k ; phase TwoThread\n  var local_id.x : bv32 Builtin(LocalId(0))\nb0:e\n    \
         v_active$1 := 0bv32\n    v_active$2 := local_id.x$2\n    return\n",
    )
    .expect("parses");
    let (active, data) = var(&k, "v_active");
    assert_eq!(data.kind, VarKind::Private);
    assert_eq!(data.ty, Ty::Bv(32));
    assert_eq!(
        var(&k, "v_active$2").1.kind,
        VarKind::ThreadCopy {
            of: active,
            thread: Thread::T2
        }
    );
    let (id, _) = var(&k, "local_id.x");
    assert_eq!(
        var(&k, "local_id.x$2").1.kind,
        VarKind::ThreadCopy {
            of: id,
            thread: Thread::T2
        }
    );
}

#[test]
fn errors_carry_line_and_column() {
    let e = parse::kernel("kernel k ; phase Lifted\nb0:e\n    x := 1bv32 +\n    return\n")
        .expect_err("no right operand");
    assert_eq!((e.line, e.col), (3, 17));
    assert_eq!(
        e.to_string(),
        "3:17: expected an expression, found end of line"
    );
    let two =
        "kernel a ; phase Lifted\nb0:e\n    return\nkernel b ; phase Lifted\nb0:e\n    return\n";
    assert_eq!(parse::module(two).expect("two kernels").len(), 2);
    let e = parse::kernel(two).expect_err("one kernel wanted");
    assert_eq!(e.line, 4);
}
