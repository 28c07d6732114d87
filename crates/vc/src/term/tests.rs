//! The term arena's folding and simplifications.

use super::*;

#[test]
fn equal_nodes_share_an_id() {
    let mut t = Terms::default();
    let a = t.sym("a".into(), Sort::Bv(32));
    let one = t.bv(1, 32);
    let x = t.bv_bin(BvOp::Add, a, one);
    let y = t.bv_bin(BvOp::Add, a, one);
    assert_eq!(x, y);
}

#[test]
fn folds_constants() {
    let mut t = Terms::default();
    let a = t.bv(250, 8);
    let b = t.bv(10, 8);
    let s = t.bv_bin(BvOp::Add, a, b);
    assert_eq!(t.as_bv(s), Some((4, 8)));
    let c = t.eq(a, b);
    assert_eq!(t.as_bool(c), Some(false));
    let x = t.sym("x".into(), Sort::Bv(8));
    assert_eq!(t.ite(c, a, x), x);
    let m = t.bv(0x80, 8);
    let sm = t.sext(16, m);
    assert_eq!(t.as_bv(sm), Some((0xff80, 16)));
    let lt = t.cmp(CmpOp::Slt, m, b);
    assert_eq!(t.as_bool(lt), Some(true));
}

/// A `v_active` through a diamond: `2`, then `c ? 3 : 4`, then 5 on both arms.
#[test]
fn a_branch_selector_folds_back_to_a_constant_after_its_join() {
    let mut t = Terms::default();
    let c = t.sym("c".into(), Sort::Bool);
    let (three, four, five) = (t.bv(3, 32), t.bv(4, 32), t.bv(5, 32));
    let v = t.ite(c, three, four);
    let at_then = t.eq(v, three);
    assert_eq!(at_then, c);
    let v = t.ite(at_then, five, v);
    let at_else = t.eq(v, four);
    let not_c = t.not(c);
    assert_eq!(at_else, not_c);
    let v = t.ite(at_else, five, v);
    assert_eq!(t.as_bv(v), Some((5, 32)));
}

/// `v_active` through a short-circuit `a && b`: block 4 goes to 5 or 9, block 5 to 6
/// or 9, block 6 to 9. Every path ends at the join, 9, and so must the term.
#[test]
fn a_short_circuit_chain_folds_back_to_its_join() {
    let mut t = Terms::default();
    let (a, b) = (t.sym("a".into(), Sort::Bool), t.sym("b".into(), Sort::Bool));
    let k = |t: &mut Terms, v: u64| t.bv(v, 32);
    let (five, six, nine) = (k(&mut t, 5), k(&mut t, 6), k(&mut t, 9));
    let mut v = t.ite(a, five, nine);
    for (at, cond, next) in [(5, b, six), (6, a, nine)] {
        let here = k(&mut t, at);
        let active = t.eq(v, here);
        let step = t.ite(cond, next, nine);
        v = t.ite(active, step, v);
    }
    assert_eq!(t.as_bv(v), Some((9, 32)));
}

/// The value of `x` when the boolean inputs `names` take the bits of `bits`.
fn eval(t: &Terms, x: TermId, names: &[&str], bits: u32) -> u64 {
    let e = |y: TermId| eval(t, y, names, bits);
    match t.node(x) {
        Node::Bool(b) => *b as u64,
        Node::Bv { value, .. } => *value,
        Node::Sym { name, .. } => {
            let i = names.iter().position(|n| n == name).unwrap();
            (bits >> i) as u64 & 1
        }
        Node::Not(a) => 1 - e(*a),
        Node::And(a, b) => e(*a) & e(*b),
        Node::Or(a, b) => e(*a) | e(*b),
        Node::Eq(a, b) => (e(*a) == e(*b)) as u64,
        Node::Ite(c, a, b) => match e(*c) {
            1 => e(*a),
            _ => e(*b),
        },
        other => panic!("not in these tests: {other:?}"),
    }
}

/// Random predicated programs over four branch conditions: each step is a block `at`
/// that goes to `c ? x : y` (`v := (v == at) ? (c ? x : y) : v`). The terms, however
/// simplified, give `v` the value a plain evaluation of the steps gives, for every
/// assignment of the conditions.
#[test]
fn branch_selectors_keep_their_values() {
    let names = ["c0", "c1", "c2", "c3"];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for _ in 0..300 {
        let mut t = Terms::default();
        let conds: Vec<TermId> = (names.iter())
            .map(|n| t.sym(n.to_string(), Sort::Bool))
            .collect();
        let steps: Vec<(u64, usize, u64, u64)> = (0..next(8) + 1)
            .map(|_| (next(5), next(4) as usize, next(5), next(5)))
            .collect();
        let start = t.bv(next(5), 8);
        let mut v = start;
        for &(at, c, x, y) in &steps {
            let (at_t, x_t, y_t) = (t.bv(at, 8), t.bv(x, 8), t.bv(y, 8));
            let active = t.eq(v, at_t);
            let step = t.ite(conds[c], x_t, y_t);
            v = t.ite(active, step, v);
        }
        for bits in 0..16u32 {
            let mut want = t.as_bv(start).unwrap().0;
            for &(at, c, x, y) in &steps {
                if want == at {
                    want = if (bits >> c) & 1 == 1 { x } else { y };
                }
            }
            assert_eq!(eval(&t, v, &names, bits), want, "{steps:?} at {bits:04b}");
        }
    }
}

#[test]
fn boolean_ites_with_a_constant_arm_are_and_or() {
    let mut t = Terms::default();
    let c = t.sym("c".into(), Sort::Bool);
    let d = t.sym("d".into(), Sort::Bool);
    let (tt, ff) = (t.bool(true), t.bool(false));
    let x = t.ite(c, tt, d);
    assert_eq!(*t.node(x), Node::Or(c, d));
    let x = t.ite(c, d, ff);
    assert_eq!(*t.node(x), Node::And(c, d));
    let e = t.ite(c, d, x);
    // `x` is `c & d`, not an ite: kept.
    assert!(matches!(t.node(e), Node::Ite(..)));
    let k = t.bv(1, 8);
    let y = t.sym("y".into(), Sort::Bv(8));
    let inner = t.ite(c, k, y);
    assert_eq!(t.ite(c, y, inner), y);
}

/// `ite(c, i, at) * n` is `ite(c, i * n, at * n)`: the products of the arms' own terms.
#[test]
fn a_product_with_an_ite_is_taken_arm_by_arm() {
    let mut t = Terms::default();
    let c = t.sym("c".into(), Sort::Bool);
    let [i, at, n] = ["i", "at", "n"].map(|s| t.sym(s.into(), Sort::Bv(32)));
    let chosen = t.ite(c, i, at);
    let product = t.bv_bin(BvOp::Mul, chosen, n);
    let (i_n, at_n) = (t.bv_bin(BvOp::Mul, i, n), t.bv_bin(BvOp::Mul, at, n));
    assert_eq!(*t.node(product), Node::Ite(c, i_n, at_n));
    // Either side, and not by a constant (a constant factor is no multiplier circuit).
    assert_eq!(t.bv_bin(BvOp::Mul, n, chosen), t.ite(c, i_n, at_n));
    let four = t.bv(4, 32);
    let scaled = t.bv_bin(BvOp::Mul, chosen, four);
    assert!(matches!(t.node(scaled), Node::BvBin(BvOp::Mul, ..)));
    // An ite with more arms than MOST_PRODUCT_ARMS stays one product.
    let mut wide = i;
    for k in 0..MOST_PRODUCT_ARMS {
        let d = t.sym(format!("d{k}"), Sort::Bool);
        let x = t.sym(format!("x{k}"), Sort::Bv(32));
        wide = t.ite(d, x, wide);
    }
    let big = t.bv_bin(BvOp::Mul, wide, n);
    assert_eq!(*t.node(big), Node::BvBin(BvOp::Mul, wide, n));
}

/// `sext64(ite(c, i, at)) * n` is `ite(c, sext64(i) * n, sext64(at) * n)`.
#[test]
fn a_product_with_a_widened_ite_is_taken_arm_by_arm() {
    let mut t = Terms::default();
    let c = t.sym("c".into(), Sort::Bool);
    let [i, at] = ["i", "at"].map(|s| t.sym(s.into(), Sort::Bv(32)));
    let n = t.sym("n".into(), Sort::Bv(64));
    let chosen = t.ite(c, i, at);
    let wide = t.sext(64, chosen);
    let product = t.bv_bin(BvOp::Mul, wide, n);
    let (wi, wat) = (t.sext(64, i), t.sext(64, at));
    let (i_n, at_n) = (t.bv_bin(BvOp::Mul, wi, n), t.bv_bin(BvOp::Mul, wat, n));
    assert_eq!(*t.node(product), Node::Ite(c, i_n, at_n));
}
