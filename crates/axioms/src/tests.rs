//! Parser and checker tests: good files (printed and snapshotted), and each kind of bad
//! input with the position its error names.

use std::collections::BTreeMap;

use crate::*;

const GOOD: &str = r#"// Axioms about a kernel's `mix` and `pick`.
type Word = bv32;
type Flag = bool;
type W2 = Word;

/* builtins, named parameters
   and a multi-line comment */
function {:bvbuiltin "bvule"} LE(Word, Word) : bool;
function {:bvbuiltin "bvadd"} ADD(a: Word, b: Word) : Word;
function {:bvbuiltin "bvnot"} NOT(x: bv8) : bv8;
function pick(x, y: W2, f: Flag) returns (r: Word);

axiom (forall a, b : Word :: { mix(a, b) } mix(a, b) == mix(b, a));
axiom (forall a: Word, b: bv32 :: {mix(a, b)} LE(a, mix(a, b)) && LE(b, mix(a, b)));
axiom (forall x: Word :: pick(x, x, true) == x);
axiom (forall x: bv8 :: NOT(NOT(x)) == x) <==> true;
axiom (exists k: Word :: !(ADD(k, 1bv32) != 0bv32) ==> k == 4294967295bv32);
axiom true || false || (false ==> (true ==> false));
"#;

fn parsed(text: &str) -> File {
    match parse("t.bpl", text) {
        Ok(f) => f,
        Err(e) => panic!("{}", e.render()),
    }
}

fn error(text: &str) -> String {
    match parse("t.bpl", text) {
        Ok(f) => panic!("parsed, expected an error:\n{f}"),
        Err(e) => e.render(),
    }
}

#[test]
fn a_good_file_parses_and_prints() {
    let f = parsed(GOOD);
    assert_eq!(f.synonyms.len(), 3);
    assert_eq!(f.functions.len(), 4);
    assert_eq!(f.axioms.len(), 6);
    assert_eq!(
        f.functions[3].args,
        [Type::Bv(32), Type::Bv(32), Type::Bool]
    );
    insta::assert_snapshot!(f.to_string());
}

#[test]
fn printing_and_parsing_again_gives_the_same_axioms() {
    let f = parsed(GOOD);
    let again = parsed(&f.to_string());
    let show = |f: &File| {
        f.axioms
            .iter()
            .map(|a| a.expr.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(show(&f), show(&again));
}

#[test]
fn positions_are_line_and_column() {
    let f = parsed(GOOD);
    let a = &f.axioms[1];
    assert_eq!((a.pos.line, a.pos.col), (14, 1));
    let ExprKind::Quant { body, .. } = &a.expr.kind else {
        panic!("a quantifier");
    };
    // The body `LE(a, ...) && ...` starts at its first operand.
    assert_eq!((body.pos.line, body.pos.col), (14, 47));
}

#[test]
fn syntax_errors_name_their_position() {
    assert_eq!(
        error("axiom (forall x: bv32 :: f(x) == x;"),
        "t.bpl:1:35: error: expected `)`, found `;`"
    );
    assert_eq!(
        error("axiom true\naxiom false;"),
        "t.bpl:2:1: error: expected `;`, found `axiom`"
    );
    assert_eq!(
        error("axiom true && false || true;"),
        "t.bpl:1:21: error: `&&` and `||` need parentheses when mixed"
    );
    assert_eq!(
        error("axiom (forall x: bv8 :: x == x == x);"),
        "t.bpl:1:32: error: `==` after a comparison: relations do not chain, add parentheses"
    );
    assert_eq!(
        error("axiom forall x: bv8 :: true;"),
        "t.bpl:1:7: error: a quantifier must be in parentheses: `(forall ...)`"
    );
    assert_eq!(
        error("procedure_x"),
        "t.bpl:1:1: error: expected `type`, `function` or `axiom`, found `procedure_x`"
    );
}

#[test]
fn boogie_outside_the_subset_is_unsupported_by_name() {
    let cases = [
        ("const c: bv32;", "1:1", "`const` declarations"),
        ("procedure p();", "1:1", "`procedure` declarations"),
        ("function f(int) : bv32;", "1:12", "type `int`"),
        ("function f(x: bv32) : int;", "1:23", "type `int`"),
        ("type T;", "1:6", "uninterpreted type `T`"),
        ("function f([bv32]bv8) : bv8;", "1:12", "map types"),
        (
            "function {:inline} f(bv8) : bv8;",
            "1:10",
            "function attribute `{:inline}`",
        ),
        (
            "function {:bvbuiltin \"bvfoo\"} f(bv8) : bv8;",
            "1:22",
            "bvbuiltin \"bvfoo\"",
        ),
        ("function f(x: bv8) : bv8 { x }", "1:26", "function bodies"),
        (
            "axiom (forall x: bv8 :: f(x) == 1);",
            "1:33",
            "integer literal `1`",
        ),
        ("axiom (forall x: bv8 :: f(x) < x);", "1:30", "operator `<`"),
        (
            "axiom (forall x: bv8 :: f(x) + x == x);",
            "1:30",
            "operator `+`",
        ),
        (
            "axiom (forall x: bv8 :: f(x)[4:0] == 0bv4);",
            "1:29",
            "`e[...]`",
        ),
        (
            "axiom (forall x: bv8 :: f(x ++ x) == x);",
            "1:29",
            "operator `++`",
        ),
        (
            "axiom (forall x: bv8 :: if true then x == x else true);",
            "1:25",
            "`if ... then ... else`",
        ),
        (
            "axiom (forall x: bv8 :: {:weight 2} true);",
            "1:25",
            "attributes on a quantifier",
        ),
        ("axiom {:id 1} true;", "1:7", "attributes on an axiom"),
        (
            "axiom (forall x: bv128 :: true);",
            "1:18",
            "bit-vector type `bv128`",
        ),
        (
            "axiom (lambda x: bv8 :: x) == (lambda x: bv8 :: x);",
            "1:8",
            "`lambda`",
        ),
        (
            "axiom (forall<T> x: T :: true);",
            "1:14",
            "quantified type variables",
        ),
        ("axiom (forall x: real :: true);", "1:18", "type `real`"),
        ("axiom (forall x: bv8 :: -x == x);", "1:25", "unary `-`"),
    ];
    for (text, at, what) in cases {
        let e = error(text);
        let want = format!("t.bpl:{at}: error: unsupported in --boogie-file: {what}");
        assert!(e.starts_with(&want), "{text}\n  gave {e}\n  want {want}...");
    }
}

#[test]
fn type_errors_in_declarations_name_their_position() {
    assert_eq!(
        error("function f(T) : bv8;"),
        "t.bpl:1:12: error: unknown type `T` (a synonym must be declared before its use)"
    );
    assert_eq!(
        error("function {:bvbuiltin \"bvult\"} LT(bv8, bv8) : bv8;"),
        "t.bpl:1:31: error: `LT` is declared as bvbuiltin \"bvult\", which has the type (bvN, bvN) : bool"
    );
    assert_eq!(
        error("function f(bv8) : bv8;\nfunction f(bv8) : bv8;"),
        "t.bpl:2:10: error: function `f` is declared twice (first at t.bpl:1:10)"
    );
    assert_eq!(
        error("axiom (forall x: bv8 :: f(y));"),
        "t.bpl:1:27: error: `y` is not a bound variable (constants are not supported; a function call needs parentheses)"
    );
    assert_eq!(
        error("axiom (forall x: bv8 :: f(x) == 256bv8);"),
        "t.bpl:1:33: error: `256bv8` does not fit in 8 bits"
    );
}

#[test]
fn lexical_errors_name_their_position() {
    assert_eq!(
        error("axiom true;\n  /* no end"),
        "t.bpl:2:3: error: unterminated comment `/*`"
    );
    assert_eq!(
        error("axiom 1x;"),
        "t.bpl:1:8: error: unexpected character `x` in a number"
    );
}

#[test]
fn reading_a_missing_file_names_it() {
    let e = read(std::path::Path::new("/nonexistent/ax.bpl")).unwrap_err();
    assert!(
        e.render()
            .starts_with("/nonexistent/ax.bpl: error: cannot read the --boogie-file:"),
        "{}",
        e.render()
    );
}

fn kernel(entries: &[(&str, &[Type], Type)]) -> BTreeMap<String, Signature> {
    entries
        .iter()
        .map(|(n, a, r)| {
            (
                n.to_string(),
                Signature {
                    args: a.to_vec(),
                    ret: *r,
                },
            )
        })
        .collect()
}

fn resolved(text: &str, k: &BTreeMap<String, Signature>) -> Result<Resolved, String> {
    resolve(&[parsed(text)], k).map_err(|e| e.render())
}

#[test]
fn functions_take_the_kernels_sorts_or_their_declaration() {
    let bv = Type::Bv(32);
    let k = kernel(&[("mix", &[bv, bv], bv)]);
    let r = resolved(GOOD, &k).unwrap();
    assert_eq!(r.axioms.len(), 6);
    assert_eq!(r.functions["mix"], k["mix"]);
    // `pick` is only declared in the file: its declaration counts.
    assert_eq!(r.functions["pick"].args, [bv, bv, Type::Bool]);
    // Builtins are not uninterpreted functions.
    assert!(!r.functions.contains_key("LE"));
    let Term::Quant { triggers, .. } = &r.axioms[0] else {
        panic!("a quantifier");
    };
    assert_eq!(triggers.len(), 1);
}

#[test]
fn a_sort_mismatch_with_the_kernel_is_named() {
    let k = kernel(&[("f", &[Type::Bv(32)], Type::Bv(32))]);
    assert_eq!(
        resolved("axiom (forall x: bv16 :: f(x) == x);", &k).unwrap_err(),
        "t.bpl:1:26: error: `f` is applied to (bv16) here, but the kernel's `f` takes (bv32) and returns bv32"
    );
    assert_eq!(
        resolved("function f(bv16) : bv16;\naxiom true;", &k).unwrap_err(),
        "t.bpl:1:10: error: `f` takes (bv16) and returns bv16 here, but the kernel's `f` takes (bv32) and returns bv32"
    );
}

#[test]
fn ill_typed_axioms_are_errors() {
    let k = kernel(&[("f", &[Type::Bv(8)], Type::Bv(8))]);
    let cases = [
        ("axiom (forall x: bv8 :: f(x));", "t.bpl:1:25: error: a quantifier's body needs a Boolean operand, this one is bv8"),
        ("axiom (forall x: bv8 :: f(x) == true);", "t.bpl:1:25: error: `==` compares bv8 with bool"),
        ("axiom (forall x: bv8 :: x && true);", "t.bpl:1:25: error: `&&` needs a Boolean operand, this one is bv8"),
        ("axiom (forall x: bv8 :: g(x) == x);", "t.bpl:1:25: error: unknown function `g`: the --boogie-file does not declare it and the kernel does not call it (declare it: `function g(...) : ...;`)"),
        ("axiom 0bv1 == 0bv1 ==> 1bv8 == 1bv8;", ""),
        ("function h(bv8, bv8) : bv8;\naxiom (forall x: bv8 :: h(x) == x);", "t.bpl:2:25: error: `h` is applied to (bv8), but it takes (bv8, bv8) and returns bv8"),
        ("function {:bvbuiltin \"bvadd\"} f(bv8, bv8) : bv8;\naxiom true;", "t.bpl:1:31: error: `f` is declared as bvbuiltin \"bvadd\", but the kernel calls it as an uninterpreted function"),
    ];
    for (text, want) in cases {
        match (resolved(text, &k), want) {
            (Ok(_), "") => {}
            (Err(e), w) => assert_eq!(e, w, "{text}"),
            (Ok(r), w) => panic!("{text}: resolved to {r:?}, want {w}"),
        }
    }
    let top = resolved("axiom (forall x: bv8 :: f(x) == x) == f(0bv8);", &k).unwrap_err();
    assert_eq!(top, "t.bpl:1:7: error: `==` compares bool with bv8");
    let not_bool = resolved("axiom f(0bv8);", &k).unwrap_err();
    assert_eq!(
        not_bool,
        "t.bpl:1:1: error: an axiom must be Boolean, this one is bv8"
    );
}

#[test]
fn unusable_triggers_are_dropped() {
    let bv = Type::Bv(8);
    let k = kernel(&[("f", &[bv], bv), ("g", &[bv, bv], bv)]);
    let triggers = |text: &str| match &resolved(text, &k).unwrap().axioms[0] {
        Term::Quant { triggers, .. } => triggers.len(),
        t => panic!("not a quantifier: {t:?}"),
    };
    // Covers every variable: kept.
    assert_eq!(
        triggers("axiom (forall x, y: bv8 :: { g(x, y) } g(x, y) == g(y, x));"),
        1
    );
    // A multi-pattern covering both: kept.
    assert_eq!(
        triggers("axiom (forall x, y: bv8 :: { f(x), f(y) } f(x) == f(y));"),
        1
    );
    // Misses `y`, or is a bare variable, or a comparison: dropped.
    assert_eq!(
        triggers("axiom (forall x, y: bv8 :: { f(x) } f(x) == f(y));"),
        0
    );
    assert_eq!(triggers("axiom (forall x: bv8 :: { x } f(x) == x);"), 0);
    assert_eq!(
        triggers("axiom (forall x: bv8 :: { f(x) == x } f(x) == x);"),
        0
    );
}

#[test]
fn several_files_share_declarations() {
    let a = parse("a.bpl", "function f(bv8) : bv8;").unwrap();
    let b = parse("b.bpl", "axiom (forall x: bv8 :: f(x) == x);").unwrap();
    let r = resolve(&[a.clone(), b], &BTreeMap::new()).unwrap();
    assert_eq!(r.functions["f"].ret, Type::Bv(8));
    let c = parse("c.bpl", "function f(bv16) : bv16;").unwrap();
    let e = resolve(&[a, c], &BTreeMap::new()).unwrap_err();
    assert_eq!(
        e.render(),
        "c.bpl:1:10: error: function `f` is declared differently at a.bpl:1:10"
    );
}

#[test]
fn an_axiom_set_counts_its_axioms() {
    let ax = Axioms::new(vec![parsed("function f(bv8) : bv8;")]);
    assert!(ax.is_empty());
    let ax = Axioms::new(vec![parsed(GOOD)]);
    assert!(!ax.is_empty());
    assert_eq!(ax.files()[0].axioms.len(), 6);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let text = format!("axiom {}true{};", "(".repeat(5000), ")".repeat(5000));
    assert!(error(&text).contains("nested deeper than"));
}

#[test]
fn deep_negation_is_an_error_not_a_crash() {
    let text = format!("axiom {}true;", "!".repeat(5000));
    assert!(error(&text).contains("nested deeper than"));
}
