//! Products of two unknowns, such as `y * w` for a row `y` of an image whose width `w` is a
//! parameter, seen through uninterpreted functions and facts about multiplication.
//!
//! Z3 bit-blasts a product of two unknowns into a multiplier circuit, and a SAT solver
//! cannot tell two such circuits apart: "`y1 * w + x1 != y2 * w + x2` when `y1 != y2` and
//! both `x` are below `w`" (32 bits, `y < 1024`, `w <= 4096`) was not decided by Z3 4.8.12
//! in ten minutes. Yet the argument is linear once a few facts about the products are
//! known. So a check the incremental solver does not decide in a second is asked again
//! (`incremental/ask.rs`, `Ladder::products` in `retry.rs`) with each such product
//! replaced by an application of an uninterpreted function, and these facts added,
//! for products `p = a * n` (either operand may play `n`) that fit in their width:
//!
//! - `p + n` does not wrap;
//! - for two products with the same `n`, `a1 < a2` gives `p1 + n <= p2`;
//! - two products with the same operands in either order are equal.
//!
//! "Fits" is `(a + 1) * n < 2^w`, stated linearly as: for some `k`, `a < 2^k` and
//! `n < 2^(w-k)` (then `(a + 1) * n <= 2^k * (2^(w-k) - 1) < 2^w`).
//!
//! An operand that is an `ite` with a constant alternative is multiplied out first: the
//! predicated program writes a launch size as `ite(c, 256, v)` and a counter at the head as
//! `ite(first, 0, i)`. And when a model of the abstraction multiplies wrong, each wrong
//! product `a * b` with operands at `x` and `y` gets the facts `a == x ==> p == x * b` and
//! `b == y ==> p == a * y`, and the solver is asked again (a parameter the VC pins to a
//! constant is settled by one such fact).
//!
//! Each fact holds of multiplication, so adding it changes nothing; forgetting what else
//! multiplication is can only allow more counterexamples. An unsatisfiable abstraction is
//! therefore a proof of the check, and a model of it proves nothing.

use std::collections::HashSet;

use z3::ast::{Ast, Bool, BV};
use z3::{Context, FuncDecl, Model, Sort};

use crate::encode::Encoder;
use crate::implied::equated_numerals;
use vc::{children, BvOp, Node, TermId, Terms};

/// The most products one abstraction relates pairwise, and the most facts it states about
/// pairs: they grow with the square.
const MOST_PAIRED: usize = 48;
const MOST_PAIR_FACTS: usize = 240;

/// The products of a set of terms, each as its concrete Z3 term and its abstraction, and
/// the facts about them.
pub(crate) struct Abstraction<'ctx> {
    pairs: Vec<(BV<'ctx>, BV<'ctx>)>,
    pub facts: Vec<Bool<'ctx>>,
    /// Each product's abstract operands and value.
    products: Vec<([BV<'ctx>; 2], BV<'ctx>)>,
}

/// One product: its operands (VC terms), and their abstract Z3 terms and its own.
struct Product<'ctx> {
    operands: [TermId; 2],
    abstracted: [BV<'ctx>; 2],
    value: BV<'ctx>,
    width: u32,
}

/// The constants a VC pins to a value: `x == 1024` (or `sext(x) == 1024`) among the
/// conjuncts it assumes (`__requires(width == get_global_size(0))`). A product with such a
/// constant is linear to Z3, which propagates the value.
pub(crate) fn pinned<M>(vc: &vc::Vc<M>) -> HashSet<TermId> {
    let terms = &vc.terms;
    let mut out = HashSet::new();
    for event in &vc.events {
        let vc::Event::Assume(t) = event else {
            continue;
        };
        for (x, _) in equated_numerals(terms, *t) {
            if is_free(terms, x) {
                out.insert(bare(terms, x));
            }
        }
    }
    out
}

/// Whether `t` is a free constant, possibly extended.
pub(crate) fn is_free(terms: &Terms, t: TermId) -> bool {
    matches!(terms.node(bare(terms, t)), Node::Sym { .. })
}

/// `t` without the extension around it, if any.
fn bare(terms: &Terms, t: TermId) -> TermId {
    match terms.node(t) {
        Node::ZExt(_, a) | Node::SExt(_, a) => *a,
        _ => t,
    }
}

/// Whether `t` is a constant or (extended) a constant the VC pins.
fn is_known(terms: &Terms, pinned: &HashSet<TermId>, t: TermId) -> bool {
    terms.as_bv(t).is_some() || pinned.contains(&bare(terms, t))
}

/// Whether `t` is a numeral that is no power of two, such as a row width of 1000: Z3
/// bit-blasts a product with it into a sum of shifted copies, which it cannot tell apart
/// any better than a multiplier (`j1 * 1000 + j2` against `j2 * 1000 + j1`). Only in the
/// kernel's own 32-bit index arithmetic: an address scaled by an element size (`i * 48`
/// for a 48-byte struct) is 64-bit, and its few products are decided as they are.
fn is_odd_width(terms: &Terms, t: TermId) -> bool {
    matches!(terms.as_bv(t), Some((v, w)) if w <= 32 && (3..1 << 16).contains(&v) && !v.is_power_of_two())
}

/// Whether `t` multiplies two operands that [`abstracted`] takes.
fn is_product(terms: &Terms, pinned: &HashSet<TermId>, t: TermId) -> bool {
    matches!(terms.node(t), Node::BvBin(BvOp::Mul, a, b) if abstracted(terms, pinned, *a, *b))
}

/// Whether the product of `a` and `b` is abstracted: neither is known (`is_known`), or
/// one is unknown and the other an odd width (`is_odd_width`).
fn abstracted(terms: &Terms, pinned: &HashSet<TermId>, a: TermId, b: TermId) -> bool {
    let (known_a, known_b) = (is_known(terms, pinned, a), is_known(terms, pinned, b));
    match (known_a, known_b) {
        (false, false) => true,
        (false, true) => is_odd_width(terms, b),
        (true, false) => is_odd_width(terms, a),
        (true, true) => false,
    }
}

/// The products of two non-constant operands under `roots`, each after the products
/// inside its operands.
fn products_under(terms: &Terms, pinned: &HashSet<TermId>, roots: &[TermId]) -> Vec<TermId> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut stack: Vec<(TermId, bool)> = roots.iter().map(|&t| (t, false)).collect();
    while let Some((t, ready)) = stack.pop() {
        if ready {
            if is_product(terms, pinned, t) {
                out.push(t);
            }
            continue;
        }
        if !seen.insert(t) {
            continue;
        }
        stack.push((t, true));
        stack.extend(children(terms.node(t)).into_iter().map(|c| (c, false)));
    }
    out
}

/// Which terms have a product of two unknowns under them, found once per term.
#[derive(Default)]
pub(crate) struct Scan {
    /// Per term: 0 not looked at, 1 without products, 2 with.
    below: Vec<u8>,
    /// The constants the VC pins ([`pinned`]).
    pub pinned: HashSet<TermId>,
}

impl Scan {
    /// A scan of `vc`'s terms, knowing the constants it pins.
    pub(crate) fn new<M>(vc: &vc::Vc<M>) -> Self {
        Scan {
            below: Vec::new(),
            pinned: pinned(vc),
        }
    }

    /// Whether a product of two non-constant operands is under `root`.
    pub(crate) fn has(&mut self, terms: &Terms, root: TermId) -> bool {
        if self.below.len() < terms.len() {
            self.below.resize(terms.len(), 0);
        }
        let mut stack = vec![(root, false)];
        while let Some((t, ready)) = stack.pop() {
            if self.below[t.0 as usize] != 0 {
                continue;
            }
            let node = terms.node(t);
            let kids = children(node);
            if !ready {
                stack.push((t, true));
                stack.extend(kids.into_iter().map(|c| (c, false)));
                continue;
            }
            let any = is_product(terms, &self.pinned, t)
                || kids.iter().any(|c| self.below[c.0 as usize] == 2);
            self.below[t.0 as usize] = if any { 2 } else { 1 };
        }
        self.below[root.0 as usize] == 2
    }
}

/// Whether a check `keep` selects has a product of two unknowns.
pub(crate) fn in_checks<M>(vc: &vc::Vc<M>, keep: &dyn Fn(usize) -> bool) -> bool {
    let mut scan = Scan::new(vc);
    vc.events.iter().any(|e| match e {
        vc::Event::Check { cond, check } => keep(*check) && scan.has(&vc.terms, *cond),
        _ => false,
    })
}

impl<'ctx> Abstraction<'ctx> {
    /// The abstraction of the products under `roots` (those with a constant `pinned` are
    /// not); `None` when there are none.
    pub(crate) fn of(
        enc: &mut Encoder<'ctx>,
        terms: &Terms,
        pinned: &HashSet<TermId>,
        roots: &[TermId],
    ) -> Option<Self> {
        let found = products_under(terms, pinned, roots);
        if found.is_empty() {
            return None;
        }
        let ctx = enc.ctx();
        let mut abs = Abstraction {
            pairs: Vec::new(),
            facts: Vec::new(),
            products: Vec::new(),
        };
        let mut products = Vec::new();
        for t in found {
            let Node::BvBin(BvOp::Mul, a, b) = terms.node(t) else {
                continue;
            };
            let Some(whole) = enc.encode(terms, t).as_bv() else {
                continue;
            };
            let value = abs.multiply(enc, (terms, pinned), (*a, *b), 0, &mut products)?;
            abs.pairs.push((whole, value));
        }
        abs.facts = facts(ctx, &products);
        abs.products = (products.into_iter())
            .map(|p| (p.abstracted, p.value))
            .collect();
        Some(abs)
    }

    /// For each product `a * b` whose value in `model` is not the product of its operands'
    /// values `x` and `y`: the facts `a == x ==> p == x * b` and `b == y ==> p == a * y`.
    /// Empty when the model multiplies right, and then it is a model of the concrete terms.
    /// (A launch size or a parameter the VC pins to a constant: the first model usually gets
    /// its products wrong, and one such fact settles them.)
    pub(crate) fn refuted(&self, model: &Model<'ctx>) -> Vec<Bool<'ctx>> {
        let mut out = Vec::new();
        for ([a, b], value) in &self.products {
            let eval = |t: &BV<'ctx>| model.eval(t, true).and_then(|v| v.as_u64());
            let (Some(x), Some(y), Some(v)) = (eval(a), eval(b), eval(value)) else {
                continue;
            };
            // The product of the values, modulo 2^width (the values fit in 64 bits, so
            // their product fits in 128).
            let width = a.get_size();
            let mask = u128::MAX >> 128u32.saturating_sub(width);
            if (u128::from(x) * u128::from(y)) & mask == u128::from(v) {
                continue;
            }
            // Either operand at its value makes the product linear in the other: one such
            // fact settles every product with an operand the VC pins to a constant.
            let ctx = a.get_ctx();
            let (kx, ky) = (BV::from_u64(ctx, x, width), BV::from_u64(ctx, y, width));
            out.push(a._eq(&kx).implies(&value._eq(&kx.bvmul(b))));
            out.push(b._eq(&ky).implies(&value._eq(&a.bvmul(&ky))));
        }
        out
    }

    /// The abstraction of `x * y`. An `ite` with a constant alternative is multiplied
    /// out, so that a launch size the predicated program writes `ite(c, 256, v)`, or a
    /// counter that starts at 0, stays linear there. A product of two other operands is
    /// an application of `mul!w`, recorded in `products`.
    fn multiply(
        &mut self,
        enc: &mut Encoder<'ctx>,
        (terms, pinned): (&Terms, &HashSet<TermId>),
        (x, y): (TermId, TermId),
        depth: u32,
        products: &mut Vec<Product<'ctx>>,
    ) -> Option<BV<'ctx>> {
        for (p, q) in [(x, y), (y, x)] {
            let Node::Ite(c, then, other) = terms.node(p) else {
                continue;
            };
            let constant = terms.as_bv(*then).is_some() || terms.as_bv(*other).is_some();
            if depth < 2 && constant {
                let c = self.apply(&enc.bool(terms, *c));
                let on = (terms, pinned);
                let then = self.multiply(enc, on, (*then, q), depth + 1, products)?;
                let other = self.multiply(enc, on, (*other, q), depth + 1, products)?;
                return Some(c.ite(&then, &other));
            }
        }
        let a = self.apply(&enc.encode(terms, x).as_bv()?);
        let b = self.apply(&enc.encode(terms, y).as_bv()?);
        if !abstracted(terms, pinned, x, y) {
            return Some(a.bvmul(&b));
        }
        let width = terms.width(x);
        let ctx = enc.ctx();
        let sort = Sort::bitvector(ctx, width);
        let mul = FuncDecl::new(ctx, format!("mul!{width}"), &[&sort, &sort], &sort);
        let args: [&dyn Ast; 2] = [&a, &b];
        let value = mul.apply(&args).as_bv()?;
        products.push(Product {
            operands: [x, y],
            abstracted: [a, b],
            value: value.clone(),
            width,
        });
        Some(value)
    }

    /// `t` with every product found so far replaced by its abstraction.
    pub(crate) fn apply<T: Ast<'ctx>>(&self, t: &T) -> T {
        let pairs: Vec<(&BV, &BV)> = self.pairs.iter().map(|(s, t)| (s, t)).collect();
        t.substitute(&pairs)
    }
}

/// `(a + 1) * n < 2^w`, linearly: `a < 2^k` and `n < 2^(w-k)` for some `k`.
fn fits<'ctx>(ctx: &'ctx Context, a: &BV<'ctx>, n: &BV<'ctx>, width: u32) -> Bool<'ctx> {
    let below = |x: &BV<'ctx>, bits: u32| {
        // `x < 2^bits`: the bits from `bits` up are zero.
        let high = x.extract(width - 1, bits);
        high._eq(&BV::from_u64(ctx, 0, width - bits))
    };
    let ways: Vec<Bool> = (1..width)
        .map(|k| Bool::and(ctx, &[&below(a, k), &below(n, width - k)]))
        .collect();
    let refs: Vec<&Bool> = ways.iter().collect();
    Bool::or(ctx, &refs)
}

/// The facts of the module doc about `products`.
fn facts<'ctx>(ctx: &'ctx Context, products: &[Product<'ctx>]) -> Vec<Bool<'ctx>> {
    let mut out = Vec::new();
    for p in products.iter().filter(|p| p.width >= 2) {
        for side in 0..2 {
            let (a, n) = (&p.abstracted[1 - side], &p.abstracted[side]);
            let no_wrap = p.value.bvule(&p.value.bvadd(n));
            out.push(fits(ctx, a, n, p.width).implies(&no_wrap));
        }
    }
    let paired = &products[..products.len().min(MOST_PAIRED)];
    let singles = out.len();
    for (i, p) in paired.iter().enumerate() {
        for q in &paired[i + 1..] {
            if out.len() - singles >= MOST_PAIR_FACTS {
                return out;
            }
            if p.width != q.width || p.width < 2 {
                continue;
            }
            for (sp, sq) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                if p.operands[sp] != q.operands[sq] {
                    continue;
                }
                let n = &p.abstracted[sp];
                let (a, b) = (&p.abstracted[1 - sp], &q.abstracted[1 - sq]);
                if sp != sq {
                    out.push(a._eq(b).implies(&p.value._eq(&q.value)));
                }
                out.push(ordered(ctx, (a, &p.value), (b, &q.value), n, p.width));
                out.push(ordered(ctx, (b, &q.value), (a, &p.value), n, p.width));
            }
        }
    }
    out
}

/// `a1 < a2` and `a2 * n` fits give `p1 + n <= p2`.
fn ordered<'ctx>(
    ctx: &'ctx Context,
    (a1, p1): (&BV<'ctx>, &BV<'ctx>),
    (a2, p2): (&BV<'ctx>, &BV<'ctx>),
    n: &BV<'ctx>,
    width: u32,
) -> Bool<'ctx> {
    let given = Bool::and(ctx, &[&a1.bvult(a2), &fits(ctx, a2, n, width)]);
    given.implies(&p1.bvadd(n).bvule(p2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vc::{CmpOp, Sort as VSort};
    use z3::{Config, SatResult, Solver};

    /// Two rows `y1 != y2` below 1024 of an image of width `0 < w <= 4096`, and columns
    /// below `w`: `y1 * w + x1 == y2 * w + x2` is impossible.
    fn rows(terms: &mut Terms) -> (Vec<TermId>, TermId) {
        let var = |terms: &mut Terms, n: &str| terms.sym(n.into(), VSort::Bv(32));
        let (y1, y2, x1, x2, w) = (
            var(terms, "y1"),
            var(terms, "y2"),
            var(terms, "x1"),
            var(terms, "x2"),
            var(terms, "w"),
        );
        let (k1024, k4096, zero) = (terms.bv(1024, 32), terms.bv(4096, 32), terms.bv(0, 32));
        let mut held = vec![
            terms.cmp(CmpOp::Ult, y1, k1024),
            terms.cmp(CmpOp::Ult, y2, k1024),
            terms.cmp(CmpOp::Ult, zero, w),
            terms.cmp(CmpOp::Ule, w, k4096),
            terms.cmp(CmpOp::Ult, x1, w),
            terms.cmp(CmpOp::Ult, x2, w),
        ];
        let same = terms.eq(y1, y2);
        held.push(terms.not(same));
        let p1 = terms.bv_bin(BvOp::Mul, y1, w);
        let p2 = terms.bv_bin(BvOp::Mul, w, y2);
        let e1 = terms.bv_bin(BvOp::Add, p1, x1);
        let e2 = terms.bv_bin(BvOp::Add, p2, x2);
        let clash = terms.eq(e1, e2);
        (held, terms.not(clash))
    }

    fn solve(terms: &Terms, held: &[TermId], goal: TermId) -> SatResult {
        let cfg = Config::new();
        let ctx = Context::new(&cfg);
        let mut enc = Encoder::new(&ctx);
        let mut roots = held.to_vec();
        roots.push(goal);
        let abs = Abstraction::of(&mut enc, terms, &HashSet::new(), &roots).expect("two products");
        let solver = Solver::new(&ctx);
        for &h in held {
            solver.assert(&abs.apply(&enc.bool(terms, h)));
        }
        for f in &abs.facts {
            solver.assert(f);
        }
        solver.assert(&abs.apply(&enc.bool(terms, goal)).not());
        solver.check()
    }

    #[test]
    fn distinct_rows_of_a_bounded_image_do_not_meet() {
        let mut terms = Terms::default();
        let (held, goal) = rows(&mut terms);
        assert_eq!(solve(&terms, &held, goal), SatResult::Unsat);
    }

    #[test]
    fn without_a_bound_on_the_width_the_rows_may_meet() {
        let mut terms = Terms::default();
        let (mut held, goal) = rows(&mut terms);
        // Drop `w <= 4096`: then y * w may wrap, and the abstraction proves nothing.
        held.remove(3);
        assert_eq!(solve(&terms, &held, goal), SatResult::Sat);
    }

    #[test]
    fn a_model_that_multiplies_wrong_is_corrected_for_a_pinned_operand() {
        let cfg = Config::new();
        let ctx = Context::new(&cfg);
        let mut enc = Encoder::new(&ctx);
        let mut terms = Terms::default();
        let y = terms.sym("y".into(), VSort::Bv(32));
        let w = terms.sym("w".into(), VSort::Bv(32));
        let sixteen = terms.bv(16, 32);
        let pinned = terms.eq(w, sixteen);
        let p = terms.bv_bin(BvOp::Mul, y, w);
        let linear = terms.bv_bin(BvOp::Mul, y, sixteen);
        let goal = terms.eq(p, linear);
        let abs =
            Abstraction::of(&mut enc, &terms, &HashSet::new(), &[pinned, goal]).expect("a product");
        let solver = Solver::new(&ctx);
        solver.assert(&abs.apply(&enc.bool(&terms, pinned)));
        solver.assert(&abs.apply(&enc.bool(&terms, goal)).not());
        // Abstracted, y * w is any value; once corrected, it is y * 16 for every y.
        assert_eq!(solver.check(), SatResult::Sat);
        let model = solver.get_model().expect("a model");
        let wrong = abs.refuted(&model);
        assert!(!wrong.is_empty());
        for fact in &wrong {
            solver.assert(fact);
        }
        assert_eq!(solver.check(), SatResult::Unsat);
    }

    #[test]
    fn a_counter_that_starts_at_zero_is_multiplied_out() {
        let mut terms = Terms::default();
        let var = |terms: &mut Terms, n: &str| terms.sym(n.into(), VSort::Bv(32));
        let (i, n) = (var(&mut terms, "i"), var(&mut terms, "n"));
        let first = terms.sym("first".into(), VSort::Bool);
        let zero = terms.bv(0, 32);
        let counter = terms.ite(first, zero, i);
        let p = terms.bv_bin(BvOp::Mul, counter, n);
        let cfg = Config::new();
        let ctx = Context::new(&cfg);
        let mut enc = Encoder::new(&ctx);
        let abs = Abstraction::of(&mut enc, &terms, &HashSet::new(), &[p]).expect("a product");
        // Only `i * n` is a product of two unknowns.
        assert_eq!(abs.products.len(), 1);
    }

    #[test]
    fn the_scan_finds_products_of_two_unknowns_only() {
        let mut terms = Terms::default();
        let (held, goal) = rows(&mut terms);
        let mut scan = Scan::default();
        assert!(scan.has(&terms, goal));
        assert!(!held.iter().any(|&h| scan.has(&terms, h)));
    }

    #[test]
    fn the_scan_takes_products_with_an_odd_width_of_32_bits() {
        let mut terms = Terms::default();
        let j = terms.sym("j".into(), VSort::Bv(32));
        let i = terms.sym("i".into(), VSort::Bv(64));
        let mut scan = Scan::default();
        let mut product = |terms: &mut Terms, x: TermId, k: u64, w: u32| {
            let k = terms.bv(k, w);
            let p = terms.bv_bin(BvOp::Mul, k, x);
            scan.has(terms, p)
        };
        // A row width of 1000 in the kernel's index arithmetic.
        assert!(product(&mut terms, j, 1000, 32));
        // A power of two, a 64-bit element size, a numeral that is no width.
        assert!(!product(&mut terms, j, 1024, 32));
        assert!(!product(&mut terms, i, 48, 64));
        assert!(!product(&mut terms, j, 0xffff_ffff, 32));
    }

    #[test]
    fn terms_without_products_have_no_abstraction() {
        let cfg = Config::new();
        let ctx = Context::new(&cfg);
        let mut enc = Encoder::new(&ctx);
        let mut terms = Terms::default();
        let x = terms.sym("x".into(), VSort::Bv(32));
        let four = terms.bv(4, 32);
        let t = terms.bv_bin(BvOp::Mul, x, four);
        assert!(Abstraction::of(&mut enc, &terms, &HashSet::new(), &[t]).is_none());
    }
}
