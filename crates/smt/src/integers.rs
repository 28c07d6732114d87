//! Bit-vector arithmetic read as integer arithmetic, for checks about index arithmetic.
//!
//! A race check compares two threads' offsets, sums of thread ids times constants
//! (`((z * 120 + y) * 120 + x) * 4` for a 3-D grid). Z3 bit-blasts such sums into adder
//! circuits, and telling two of them apart takes a SAT solver seconds: the write-write
//! check of a lattice-Boltzmann kernel's bounce-back stores, pared down to its 6 thread
//! ids and 3 offsets, took Z3 4.8.12 3.9 s, and the same question over the integers
//! 0.03 s. So a check the incremental solver did not decide is asked again
//! (`retry.rs`) with its slice of assumptions read over the integers:
//!
//! - every bit-vector term `t` of width `w` is read as an integer `x` that is congruent to
//!   `t`'s value modulo `2^w` and lies in a known interval `[lo, hi]` narrower than `2^w`,
//!   so that `x` determines the value (`[lo, hi]` holds in every state the assumptions
//!   allow: the ranges of free constants come from the assumptions' top-level bounds);
//! - sums, differences, negations, products and shifts by constants, and low extractions
//!   keep the congruence; when their interval grows too wide, the result is reduced
//!   modulo `2^w` with a fresh quotient (an exact side condition);
//! - sign and zero extensions and comparisons read the value in its signed or unsigned
//!   range (one `ite` at most, since the interval is narrower than `2^w`);
//! - every other term (memory, uninterpreted functions, divisions of values that may be
//!   negative, products of two unknowns) is a fresh integer in the value's range, or a
//!   fresh Boolean.
//!
//! Each term's integer takes, in any state of the bit-vector program, a value that
//! satisfies everything asserted here, so an unsatisfiable integer reading proves the
//! check; a model of it proves nothing (the fresh terms forget what they stand for).

use std::collections::HashMap;

use vc::{children, BvOp, CmpOp, Node, Sort, TermId, Terms};
use z3::ast::{Ast, Bool, Int};
use z3::Context;

/// A bit-vector term read as an integer: `x` is congruent to its value modulo `2^w`, and
/// lies in `[lo, hi]`, with `hi - lo < 2^w`.
#[derive(Clone)]
struct Num<'ctx> {
    x: Int<'ctx>,
    lo: i128,
    hi: i128,
    w: u32,
}

#[derive(Clone)]
enum Read<'ctx> {
    Bool(Bool<'ctx>),
    Num(Num<'ctx>),
    /// Memory: not read.
    Other,
}

/// The integer reading of a set of terms, sharing one memo and one list of side conditions.
pub(crate) struct Integers<'a, 'ctx> {
    ctx: &'ctx Context,
    terms: &'a Terms,
    memo: HashMap<TermId, Read<'ctx>>,
    /// Unsigned ranges of free constants, from the assumptions' top-level bounds.
    ranges: HashMap<TermId, (i128, i128)>,
    /// What the fresh integers of reductions and opaque terms satisfy.
    pub side: Vec<Bool<'ctx>>,
    fresh: u32,
}

fn modulus(w: u32) -> i128 {
    1i128 << w
}

/// `v` of width `w` as a signed number.
fn signed(v: u64, w: u32) -> i128 {
    let v = v as i128;
    if w > 0 && v >= modulus(w - 1) {
        v - modulus(w)
    } else {
        v
    }
}

impl<'a, 'ctx> Integers<'a, 'ctx> {
    /// A reading that takes the ranges of free constants from the top-level conjuncts of
    /// `facts` (`x < 120`, `x == 7`, `3 <= x`), which every state it is used for satisfies.
    pub(crate) fn new(ctx: &'ctx Context, terms: &'a Terms, facts: &[TermId]) -> Self {
        let mut me = Integers {
            ctx,
            terms,
            memo: HashMap::new(),
            ranges: HashMap::new(),
            side: Vec::new(),
            fresh: 0,
        };
        for &f in facts {
            me.bound_by(f);
        }
        me
    }

    /// Narrows the ranges of free constants by the top-level conjuncts of `f`.
    fn bound_by(&mut self, f: TermId) {
        let mut todo = vec![f];
        while let Some(t) = todo.pop() {
            match *self.terms.node(t) {
                Node::And(a, b) => todo.extend([a, b]),
                Node::Cmp(op @ (CmpOp::Ult | CmpOp::Ule), a, b) => {
                    let strict = (op == CmpOp::Ult) as i128;
                    if let (Some(w), Some(c)) = (self.sym_width(a), self.constant(b)) {
                        self.narrow(a, w, (0, c - strict));
                    }
                    if let (Some(c), Some(w)) = (self.constant(a), self.sym_width(b)) {
                        self.narrow(b, w, (c + strict, modulus(w) - 1));
                    }
                }
                Node::Eq(a, b) => {
                    for (s, c) in [(a, b), (b, a)] {
                        if let (Some(w), Some(c)) = (self.sym_width(s), self.constant(c)) {
                            self.narrow(s, w, (c, c));
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn narrow(&mut self, s: TermId, w: u32, (lo, hi): (i128, i128)) {
        let r = self.ranges.entry(s).or_insert((0, modulus(w) - 1));
        *r = (r.0.max(lo), r.1.min(hi));
    }

    fn sym_width(&self, t: TermId) -> Option<u32> {
        match self.terms.node(t) {
            Node::Sym {
                sort: Sort::Bv(w), ..
            } => Some(*w),
            _ => None,
        }
    }

    /// The unsigned value of a constant.
    fn constant(&self, t: TermId) -> Option<i128> {
        match self.terms.node(t) {
            Node::Bv { value, .. } => Some(*value as i128),
            _ => None,
        }
    }

    fn int(&self, v: i128) -> Int<'ctx> {
        match i64::try_from(v) {
            Ok(v) => Int::from_i64(self.ctx, v),
            Err(_) => Int::from_str(self.ctx, &v.to_string()).expect("a decimal numeral"),
        }
    }

    /// A fresh integer in `[lo, hi]`.
    fn fresh_in(&mut self, lo: i128, hi: i128) -> Int<'ctx> {
        self.fresh += 1;
        let x = Int::new_const(self.ctx, format!("int!{}", self.fresh));
        self.side.push(x.ge(&self.int(lo)));
        self.side.push(x.le(&self.int(hi)));
        x
    }

    /// A fresh integer for a term of width `w` whose value is unknown here.
    fn opaque(&mut self, w: u32) -> Num<'ctx> {
        let hi = modulus(w) - 1;
        Num {
            x: self.fresh_in(0, hi),
            lo: 0,
            hi,
            w,
        }
    }

    /// `x` in `[lo, hi]`, congruent to a value of width `w`: as it is when the interval is
    /// narrow enough and near the value's ranges, else reduced modulo `2^w` with a fresh
    /// quotient. (Every interval then lies in `[-2^65, 2^65]`, so that sums and differences
    /// of two never overflow; products are checked.)
    fn fit(&mut self, x: Int<'ctx>, (lo, hi): (i128, i128), w: u32) -> Num<'ctx> {
        let m = modulus(w);
        if hi - lo < m && lo >= -m && hi < 2 * m {
            return Num { x, lo, hi, w };
        }
        let r = self.fresh_in(0, m - 1);
        let q = self.fresh_in(lo.div_euclid(m), hi.div_euclid(m));
        let back = Int::add(self.ctx, &[&r, &Int::mul(self.ctx, &[&q, &self.int(m)])]);
        self.side.push(x._eq(&back));
        Num {
            x: r,
            lo: 0,
            hi: m - 1,
            w,
        }
    }

    /// The value of `n` read in its unsigned (`signed`: signed) range.
    fn value(&self, n: &Num<'ctx>, signed: bool) -> Int<'ctx> {
        let m = modulus(n.w);
        let base = if signed { -modulus(n.w - 1) } else { 0 };
        let (q_lo, q_hi) = ((n.lo - base).div_euclid(m), (n.hi - base).div_euclid(m));
        let shifted = |q: i128| Int::sub(self.ctx, &[&n.x, &self.int(q * m)]);
        if q_lo == q_hi {
            return shifted(q_lo);
        }
        let edge = self.int(base + q_hi * m);
        n.x.ge(&edge).ite(&shifted(q_hi), &shifted(q_lo))
    }

    /// The value of `n` as it is when its interval lies in the unsigned (`signed`: signed)
    /// range, else read into it.
    fn exact(&self, n: &Num<'ctx>, signed: bool) -> Num<'ctx> {
        let m = modulus(n.w);
        let base = if signed { -modulus(n.w - 1) } else { 0 };
        if n.lo >= base && n.hi < base + m {
            return n.clone();
        }
        Num {
            x: self.value(n, signed),
            lo: base,
            hi: base + m - 1,
            w: n.w,
        }
    }

    /// The reading of the Boolean term `t`.
    pub(crate) fn boolean(&mut self, t: TermId) -> Bool<'ctx> {
        match self.read(t) {
            Read::Bool(b) => b,
            _ => unreachable!("a Boolean term"),
        }
    }

    fn read(&mut self, root: TermId) -> Read<'ctx> {
        let mut stack = vec![(root, false)];
        while let Some((t, ready)) = stack.pop() {
            if self.memo.contains_key(&t) {
                continue;
            }
            let node = self.terms.node(t);
            if !ready {
                stack.push((t, true));
                let todo = children(node)
                    .into_iter()
                    .filter(|c| !self.memo.contains_key(c));
                stack.extend(todo.map(|c| (c, false)).collect::<Vec<_>>());
                continue;
            }
            let r = self.node(t);
            self.memo.insert(t, r);
        }
        self.memo[&root].clone()
    }

    fn b(&self, t: TermId) -> Bool<'ctx> {
        match &self.memo[&t] {
            Read::Bool(b) => b.clone(),
            _ => unreachable!("a Boolean operand"),
        }
    }

    fn n(&self, t: TermId) -> Option<Num<'ctx>> {
        match &self.memo[&t] {
            Read::Num(n) => Some(n.clone()),
            _ => None,
        }
    }

    fn fresh_bool(&mut self) -> Bool<'ctx> {
        self.fresh += 1;
        Bool::new_const(self.ctx, format!("int!b{}", self.fresh))
    }

    fn node(&mut self, t: TermId) -> Read<'ctx> {
        let ctx = self.ctx;
        let sort = self.terms.sort(t);
        let num = match (self.terms.node(t).clone(), sort) {
            (Node::Bool(b), _) => return Read::Bool(Bool::from_bool(ctx, b)),
            (Node::Sym { name, .. }, Sort::Bool) => {
                return Read::Bool(Bool::new_const(ctx, name.as_str()))
            }
            (Node::Not(a), _) => return Read::Bool(self.b(a).not()),
            (Node::And(a, b), _) => return Read::Bool(Bool::and(ctx, &[&self.b(a), &self.b(b)])),
            (Node::Or(a, b), _) => return Read::Bool(Bool::or(ctx, &[&self.b(a), &self.b(b)])),
            (Node::Ite(c, a, b), Sort::Bool) => {
                return Read::Bool(self.b(c).ite(&self.b(a), &self.b(b)))
            }
            (Node::Eq(a, b), _) => return Read::Bool(self.equal(a, b)),
            (Node::Cmp(op, a, b), _) => return Read::Bool(self.compare(op, a, b)),
            (_, Sort::Bool) => return Read::Bool(self.fresh_bool()),
            (_, Sort::Mem(_)) => return Read::Other,
            (Node::Bv { value, width }, _) => {
                let v = signed(value, width);
                Num {
                    x: self.int(v),
                    lo: v,
                    hi: v,
                    w: width,
                }
            }
            (Node::Sym { .. }, Sort::Bv(w)) => {
                let (lo, hi) = self.ranges.get(&t).copied().unwrap_or((0, modulus(w) - 1));
                let (lo, hi) = if lo > hi {
                    (0, modulus(w) - 1)
                } else {
                    (lo, hi)
                };
                Num {
                    x: self.fresh_in(lo, hi),
                    lo,
                    hi,
                    w,
                }
            }
            (node, Sort::Bv(w)) => self.arith(&node, w).unwrap_or_else(|| self.opaque(w)),
        };
        Read::Num(num)
    }

    /// Bit-vector equality: the values, read in the unsigned range, are equal.
    fn equal(&mut self, a: TermId, b: TermId) -> Bool<'ctx> {
        match (self.n(a), self.n(b)) {
            (Some(x), Some(y)) => {
                let m = modulus(x.w);
                // The difference is a multiple of 2^w; within (-2^w, 2^w) only 0 is.
                if x.hi - y.lo < m && y.hi - x.lo < m {
                    x.x._eq(&y.x)
                } else {
                    self.value(&x, false)._eq(&self.value(&y, false))
                }
            }
            (None, None) if self.terms.sort(a) == Sort::Bool => self.b(a)._eq(&self.b(b)),
            _ => self.fresh_bool(),
        }
    }

    fn compare(&mut self, op: CmpOp, a: TermId, b: TermId) -> Bool<'ctx> {
        let (Some(x), Some(y)) = (self.n(a), self.n(b)) else {
            return self.fresh_bool();
        };
        let signed = matches!(op, CmpOp::Slt | CmpOp::Sle);
        let (x, y) = (self.exact(&x, signed).x, self.exact(&y, signed).x);
        match op {
            CmpOp::Ult | CmpOp::Slt => x.lt(&y),
            CmpOp::Ule | CmpOp::Sle => x.le(&y),
        }
    }

    /// The reading of an arithmetic term of width `w`; `None` when it is not read.
    fn arith(&mut self, node: &Node, w: u32) -> Option<Num<'ctx>> {
        let ctx = self.ctx;
        Some(match *node {
            Node::BvBin(op @ (BvOp::Add | BvOp::Sub), a, b) => {
                let (x, y) = (self.n(a)?, self.n(b)?);
                let (e, lo, hi) = match op {
                    BvOp::Add => (Int::add(ctx, &[&x.x, &y.x]), x.lo + y.lo, x.hi + y.hi),
                    _ => (Int::sub(ctx, &[&x.x, &y.x]), x.lo - y.hi, x.hi - y.lo),
                };
                self.fit(e, (lo, hi), w)
            }
            Node::BvBin(BvOp::Mul, a, b) => {
                let (x, y) = (self.n(a)?, self.n(b)?);
                let (n, c) = match (x.lo == x.hi, y.lo == y.hi) {
                    (_, true) => (x, y.lo),
                    (true, false) => (y, x.lo),
                    _ => return None,
                };
                self.scaled(&n, c)?
            }
            Node::BvBin(BvOp::Shl, a, b) => {
                let (x, k) = (self.n(a)?, self.constant(b)?);
                if k >= w as i128 {
                    return None;
                }
                self.scaled(&x, 1 << k)?
            }
            Node::BvBin(op @ (BvOp::LShr | BvOp::UDiv | BvOp::URem), a, b) => {
                let (x, c) = (self.n(a)?, self.constant(b)?);
                let d = if op == BvOp::LShr {
                    (c < w as i128).then(|| 1i128 << c)?
                } else {
                    c
                };
                if d <= 0 {
                    return None;
                }
                let v = self.exact(&x, false);
                let d_int = self.int(d);
                match op {
                    BvOp::URem => Num {
                        x: v.x.modulo(&d_int),
                        lo: 0,
                        hi: (d - 1).min(v.hi),
                        w,
                    },
                    _ => Num {
                        x: v.x.div(&d_int),
                        lo: v.lo / d,
                        hi: v.hi / d,
                        w,
                    },
                }
            }
            Node::BvBin(BvOp::And, a, b) => {
                // A mask of low bits: the value modulo a power of two.
                let (x, c) = match (self.constant(b), self.constant(a)) {
                    (Some(c), _) => (self.n(a)?, c),
                    (None, Some(c)) => (self.n(b)?, c),
                    _ => return None,
                };
                if c & (c + 1) != 0 {
                    return None;
                }
                Num {
                    x: x.x.modulo(&self.int(c + 1)),
                    lo: 0,
                    hi: c,
                    w,
                }
            }
            Node::BvNeg(a) => {
                let x = self.n(a)?;
                self.fit(x.x.unary_minus(), (-x.hi, -x.lo), w)
            }
            Node::BvNot(a) => {
                let x = self.n(a)?;
                let e = Int::sub(ctx, &[&x.x.unary_minus(), &self.int(1)]);
                self.fit(e, (-x.hi - 1, -x.lo - 1), w)
            }
            Node::Ite(c, a, b) => {
                let (x, y) = (self.n(a)?, self.n(b)?);
                let (lo, hi) = (x.lo.min(y.lo), x.hi.max(y.hi));
                let (x, y, lo, hi) = if hi - lo < modulus(w) {
                    (x, y, lo, hi)
                } else {
                    let (x, y) = (self.exact(&x, false), self.exact(&y, false));
                    (x, y, 0, modulus(w) - 1)
                };
                Num {
                    x: self.b(c).ite(&x.x, &y.x),
                    lo,
                    hi,
                    w,
                }
            }
            Node::SExt(_, a) => {
                let x = self.exact(&self.n(a)?, true);
                Num { w, ..x }
            }
            Node::ZExt(_, a) => {
                let x = self.exact(&self.n(a)?, false);
                Num { w, ..x }
            }
            Node::Extract { hi, lo: 0, arg } => {
                // The low bits keep the congruence modulo 2^(hi + 1).
                let x = self.n(arg)?;
                let (x, l, h) = (x.x, x.lo, x.hi);
                self.fit(x, (l, h), hi + 1)
            }
            _ => return None,
        })
    }

    /// `n` times the constant `c` (any number congruent to it modulo `2^w`).
    fn scaled(&mut self, n: &Num<'ctx>, c: i128) -> Option<Num<'ctx>> {
        let (a, b) = (n.lo.checked_mul(c)?, n.hi.checked_mul(c)?);
        let e = Int::mul(self.ctx, &[&n.x, &self.int(c)]);
        Some(self.fit(e, (a.min(b), a.max(b)), n.w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::{Config, SatResult, Solver};

    /// Whether the integer reading of `facts` and the negation of `goal` is unsatisfiable.
    fn proves(terms: &Terms, facts: &[TermId], goal: TermId) -> bool {
        let ctx = Context::new(&Config::new());
        let mut ints = Integers::new(&ctx, terms, facts);
        let s = Solver::new(&ctx);
        for &f in facts {
            s.assert(&ints.boolean(f));
        }
        s.assert(&ints.boolean(goal).not());
        for c in &ints.side {
            s.assert(c);
        }
        s.check() == SatResult::Unsat
    }

    fn var(terms: &mut Terms, name: &str, w: u32) -> TermId {
        terms.sym(name.into(), Sort::Bv(w))
    }

    /// `(z * 120 + y) * 120 + x` in 32 bits.
    fn cell(terms: &mut Terms, [x, y, z]: [TermId; 3]) -> TermId {
        let k = terms.bv(120, 32);
        let zk = terms.bv_bin(BvOp::Mul, z, k);
        let row = terms.bv_bin(BvOp::Add, zk, y);
        let rk = terms.bv_bin(BvOp::Mul, row, k);
        terms.bv_bin(BvOp::Add, rk, x)
    }

    /// Two threads' ids below 120, 120 and 150, not all equal.
    fn threads(terms: &mut Terms) -> (Vec<TermId>, [TermId; 3], [TermId; 3]) {
        let mut facts = Vec::new();
        let mut ids = [[TermId(0); 3]; 2];
        for (t, ids) in ids.iter_mut().enumerate() {
            for (i, (name, n)) in [("x", 120), ("y", 120), ("z", 150)].iter().enumerate() {
                let v = var(terms, &format!("{name}{t}"), 32);
                let c = terms.bv(*n, 32);
                facts.push(terms.cmp(CmpOp::Ult, v, c));
                ids[i] = v;
            }
        }
        let same: Vec<TermId> = (0..3).map(|i| terms.eq(ids[0][i], ids[1][i])).collect();
        let all = terms.and(same[0], same[1]);
        let all = terms.and(all, same[2]);
        facts.push(terms.not(all));
        (facts, ids[0], ids[1])
    }

    #[test]
    fn distinct_cells_of_a_grid_have_distinct_offsets() {
        let mut terms = Terms::default();
        let (facts, a, b) = threads(&mut terms);
        let (ca, cb) = (cell(&mut terms, a), cell(&mut terms, b));
        let four = terms.bv(4, 64);
        let offsets: Vec<TermId> = [ca, cb]
            .iter()
            .map(|&c| {
                let wide = terms.sext(64, c);
                terms.bv_bin(BvOp::Mul, wide, four)
            })
            .collect();
        let same = terms.eq(offsets[0], offsets[1]);
        let goal = terms.not(same);
        assert!(proves(&terms, &facts, goal));
    }

    #[test]
    fn a_neighbour_one_row_up_is_not_proved_apart() {
        // x + 1 of one thread meets x of the next when rows wrap: (119 + 1, y) is (0, y + 1).
        let mut terms = Terms::default();
        let (facts, a, b) = threads(&mut terms);
        let one = terms.bv(1, 32);
        let x1 = terms.bv_bin(BvOp::Add, a[0], one);
        let ca = cell(&mut terms, [x1, a[1], a[2]]);
        let cb = cell(&mut terms, b);
        let same = terms.eq(ca, cb);
        let goal = terms.not(same);
        assert!(!proves(&terms, &facts, goal));
    }

    #[test]
    fn wrapping_arithmetic_is_read_modulo_the_width() {
        // x - 1 for x < 4 (8 bits) wraps to 255 at 0: `x - 1 <u 3` does not hold then.
        let mut terms = Terms::default();
        let x = var(&mut terms, "x", 8);
        let four = terms.bv(4, 8);
        let fact = terms.cmp(CmpOp::Ult, x, four);
        let minus = terms.bv(255, 8);
        let dec = terms.bv_bin(BvOp::Add, x, minus);
        let three = terms.bv(3, 8);
        let goal = terms.cmp(CmpOp::Ult, dec, three);
        assert!(!proves(&terms, &[fact], goal));
        // ... and `x - 1 <s 3` does.
        let goal = terms.cmp(CmpOp::Slt, dec, three);
        assert!(proves(&terms, &[fact], goal));
        // A product that wraps: 200 * 2 is 144 in 8 bits.
        let c200 = terms.bv(200, 8);
        let two = terms.bv(2, 8);
        let p = terms.bv_bin(BvOp::Mul, c200, two);
        let c144 = terms.bv(144, 8);
        let goal = terms.eq(p, c144);
        assert!(proves(&terms, &[], goal));
    }

    #[test]
    fn memory_and_unknown_products_are_fresh() {
        // `a * b == b * a` needs what multiplication is: not proved over fresh products.
        let mut terms = Terms::default();
        let (a, b) = (var(&mut terms, "a", 32), var(&mut terms, "b", 32));
        let ab = terms.bv_bin(BvOp::Mul, a, b);
        let ba = terms.bv_bin(BvOp::Mul, b, a);
        let goal = terms.eq(ab, ba);
        assert!(!proves(&terms, &[], goal));
        // The same term is the same integer.
        let goal = terms.eq(ab, ab);
        assert!(proves(&terms, &[], goal));
    }
}
