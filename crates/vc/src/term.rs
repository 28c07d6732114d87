//! The VC term language: a hash-consed DAG of Boolean, bit-vector and memory terms, with
//! folding of constants at construction (predication produces many `ite`s whose
//! conditions are known). Only the `smt` crate turns terms into Z3's.

use std::collections::HashMap;

/// Handle of a term in [`Terms`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct TermId(pub u32);

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Sort {
    Bool,
    Bv(u32),
    /// Memory: an array from 64-bit byte addresses to cells of this many bits (8: bytes;
    /// 16, 32 or 64: the words of a region accessed only by aligned words of that size,
    /// each stored at the byte address of its first byte).
    Mem(u32),
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BvOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CmpOp {
    Ult,
    Ule,
    Slt,
    Sle,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Node {
    Bool(bool),
    Bv {
        value: u64,
        width: u32,
    },
    /// A free constant (an input, a havocked value).
    Sym {
        name: String,
        sort: Sort,
    },
    Not(TermId),
    And(TermId, TermId),
    Or(TermId, TermId),
    Eq(TermId, TermId),
    Ite(TermId, TermId, TermId),
    BvBin(BvOp, TermId, TermId),
    BvNot(TermId),
    BvNeg(TermId),
    Cmp(CmpOp, TermId, TermId),
    ZExt(u32, TermId),
    SExt(u32, TermId),
    Extract {
        hi: u32,
        lo: u32,
        arg: TermId,
    },
    Concat(TermId, TermId),
    Select(TermId, TermId),
    Store(TermId, TermId, TermId),
    Apply {
        func: String,
        args: Vec<TermId>,
        sort: Sort,
    },
}

/// The arena of terms; equal nodes share one id.
#[derive(Default, Clone, Debug)]
pub struct Terms {
    nodes: Vec<(Node, Sort)>,
    ids: HashMap<Node, TermId>,
}

/// How deep an `ite` tree of constants may be for a comparison to be pushed into it.
const ITE_TREE_DEPTH: u32 = 8;

fn mask(width: u32) -> u64 {
    crate::mask(width)
}

impl Terms {
    pub fn node(&self, t: TermId) -> &Node {
        &self.nodes[t.0 as usize].0
    }

    pub fn sort(&self, t: TermId) -> Sort {
        self.nodes[t.0 as usize].1
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn intern(&mut self, node: Node, sort: Sort) -> TermId {
        if let Some(&id) = self.ids.get(&node) {
            return id;
        }
        let id = TermId(self.nodes.len() as u32);
        self.nodes.push((node.clone(), sort));
        self.ids.insert(node, id);
        id
    }

    pub fn bool(&mut self, b: bool) -> TermId {
        self.intern(Node::Bool(b), Sort::Bool)
    }

    pub fn bv(&mut self, value: u64, width: u32) -> TermId {
        self.intern(
            Node::Bv {
                value: value & mask(width),
                width,
            },
            Sort::Bv(width),
        )
    }

    /// A fresh free constant; `name` must be unique (the caller numbers them).
    pub fn sym(&mut self, name: String, sort: Sort) -> TermId {
        self.intern(Node::Sym { name, sort }, sort)
    }

    pub fn as_bool(&self, t: TermId) -> Option<bool> {
        match self.node(t) {
            Node::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_bv(&self, t: TermId) -> Option<(u64, u32)> {
        match self.node(t) {
            Node::Bv { value, width } => Some((*value, *width)),
            _ => None,
        }
    }

    pub fn not(&mut self, a: TermId) -> TermId {
        match self.node(a) {
            Node::Bool(b) => {
                let b = !*b;
                self.bool(b)
            }
            Node::Not(x) => *x,
            _ => self.intern(Node::Not(a), Sort::Bool),
        }
    }

    pub fn and(&mut self, a: TermId, b: TermId) -> TermId {
        match (self.as_bool(a), self.as_bool(b)) {
            (Some(false), _) | (_, Some(false)) => self.bool(false),
            (Some(true), _) => b,
            (_, Some(true)) => a,
            _ if a == b => a,
            _ => self.intern(Node::And(a, b), Sort::Bool),
        }
    }

    pub fn or(&mut self, a: TermId, b: TermId) -> TermId {
        match (self.as_bool(a), self.as_bool(b)) {
            (Some(true), _) | (_, Some(true)) => self.bool(true),
            (Some(false), _) => b,
            (_, Some(false)) => a,
            _ if a == b => a,
            _ => self.intern(Node::Or(a, b), Sort::Bool),
        }
    }

    pub fn implies(&mut self, a: TermId, b: TermId) -> TermId {
        let na = self.not(a);
        self.or(na, b)
    }

    pub fn eq(&mut self, a: TermId, b: TermId) -> TermId {
        if a == b {
            return self.bool(true);
        }
        match (self.node(a), self.node(b)) {
            (Node::Bv { value: x, .. }, Node::Bv { value: y, .. }) => {
                let r = x == y;
                self.bool(r)
            }
            (Node::Bool(x), Node::Bool(y)) => {
                let r = x == y;
                self.bool(r)
            }
            _ => {
                if let Some(t) = self.eq_leaves(a, b).or_else(|| self.eq_leaves(b, a)) {
                    return t;
                }
                let (a, b) = if a < b { (a, b) } else { (b, a) };
                self.intern(Node::Eq(a, b), Sort::Bool)
            }
        }
    }

    /// `tree == k` for a constant `k` and a `tree` of `ite`s with constant leaves (a
    /// predicated program's `v_active` after branches): the comparison pushed to the
    /// leaves, where it folds, leaving the branch conditions.
    fn eq_leaves(&mut self, tree: TermId, k: TermId) -> Option<TermId> {
        let constant = |t: &Terms, x: TermId| matches!(t.node(x), Node::Bv { .. } | Node::Bool(_));
        if !constant(self, k) || !self.constant_leaves(tree, ITE_TREE_DEPTH) {
            return None;
        }
        Some(self.eq_pushed(tree, k))
    }

    fn constant_leaves(&self, t: TermId, depth: u32) -> bool {
        match self.node(t) {
            Node::Bv { .. } | Node::Bool(_) => true,
            Node::Ite(_, x, y) if depth > 0 => {
                self.constant_leaves(*x, depth - 1) && self.constant_leaves(*y, depth - 1)
            }
            _ => false,
        }
    }

    fn eq_pushed(&mut self, tree: TermId, k: TermId) -> TermId {
        match *self.node(tree) {
            Node::Ite(c, x, y) => {
                let x = self.eq_pushed(x, k);
                let y = self.eq_pushed(y, k);
                self.ite(c, x, y)
            }
            _ => self.eq(tree, k),
        }
    }

    /// `ite(b == k, a, b)` for a tree `b` of `ite`s with constant leaves, the comparison
    /// pushed to the leaves as [`Terms::eq`] does (a predicated program's
    /// `v_active := (v_active == k) ? next : v_active`): `b` with its leaves `k` replaced
    /// by `a`. After a branch's arms join, every leaf is the join's block and the tree
    /// folds to it, so the branch conditions leave `v_active` (and every check after it).
    fn ite_on_leaf(&mut self, c: TermId, a: TermId, b: TermId) -> Option<TermId> {
        if !matches!(self.sort(b), Sort::Bv(_))
            || !matches!(self.node(b), Node::Ite(..))
            || !self.constant_leaves(b, ITE_TREE_DEPTH)
            || !self.constant_leaves(a, ITE_TREE_DEPTH)
        {
            return None;
        }
        let mut leaves = Vec::new();
        self.leaves(b, &mut leaves);
        for k in leaves {
            if self.eq_pushed(b, k) == c {
                return Some(self.leaf_replaced(b, k, a));
            }
        }
        None
    }

    /// The distinct constant leaves of an `ite` tree.
    fn leaves(&self, t: TermId, out: &mut Vec<TermId>) {
        match *self.node(t) {
            Node::Ite(_, x, y) => {
                self.leaves(x, out);
                self.leaves(y, out);
            }
            _ if !out.contains(&t) => out.push(t),
            _ => {}
        }
    }

    /// `t` with its leaves `k` replaced by `by`.
    fn leaf_replaced(&mut self, t: TermId, k: TermId, by: TermId) -> TermId {
        match *self.node(t) {
            Node::Ite(c, x, y) => {
                let x = self.leaf_replaced(x, k, by);
                let y = self.leaf_replaced(y, k, by);
                self.ite(c, x, y)
            }
            _ if t == k => by,
            _ => t,
        }
    }

    /// Whether `a` is `not b` or `b` is `not a`.
    fn negations(&self, a: TermId, b: TermId) -> bool {
        *self.node(a) == Node::Not(b) || *self.node(b) == Node::Not(a)
    }

    pub fn ite(&mut self, c: TermId, a: TermId, b: TermId) -> TermId {
        if a == b {
            return a;
        }
        match self.as_bool(c) {
            Some(true) => a,
            Some(false) => b,
            None => {
                if let Some(t) = self.ite_on_leaf(c, a, b) {
                    return t;
                }
                // An arm that is itself an `ite` on `c` or on `not c` takes one side of it.
                if let Node::Ite(c2, x, y) = *self.node(b) {
                    if c2 == c {
                        return self.ite(c, a, y);
                    }
                    if self.negations(c, c2) {
                        return self.ite(c, a, x);
                    }
                }
                if let Node::Ite(c2, x, y) = *self.node(a) {
                    if c2 == c {
                        return self.ite(c, x, b);
                    }
                    if self.negations(c, c2) {
                        return self.ite(c, y, b);
                    }
                }
                if self.sort(a) == Sort::Bool {
                    match (self.as_bool(a), self.as_bool(b)) {
                        (Some(true), Some(false)) => return c,
                        (Some(false), Some(true)) => return self.not(c),
                        (Some(true), None) => return self.or(c, b),
                        (Some(false), None) => {
                            let n = self.not(c);
                            return self.and(n, b);
                        }
                        (None, Some(false)) => return self.and(c, a),
                        (None, Some(true)) => {
                            let n = self.not(c);
                            return self.or(n, a);
                        }
                        _ => {}
                    }
                }
                let sort = self.sort(a);
                self.intern(Node::Ite(c, a, b), sort)
            }
        }
    }

    pub fn bv_bin(&mut self, op: BvOp, a: TermId, b: TermId) -> TermId {
        let sort = self.sort(a);
        if let (Some((x, w)), Some((y, _))) = (self.as_bv(a), self.as_bv(b)) {
            if let Some(v) = fold_bin(op, x, y, w) {
                return self.bv(v, w);
            }
        }
        if op == BvOp::Mul {
            if let Some(t) = self.mul_by_arms(a, b) {
                return t;
            }
        }
        self.intern(Node::BvBin(op, a, b), sort)
    }

    /// A product of two unknowns one of which is an `ite`, or a widening of one
    /// (`ite(c, i, at) * n`, a logged counter's value in a strided offset): the `ite` of the
    /// arms' products, when it has at most [`MOST_PRODUCT_ARMS`] arms. The products are then
    /// the ones the arms' own terms make (`i * n`, `at * n`), and a solver that bit-blasts
    /// them compares two multipliers over the same inputs instead of proving two different
    /// ones equal.
    fn mul_by_arms(&mut self, a: TermId, b: TermId) -> Option<TermId> {
        if self.as_bv(a).is_some() || self.as_bv(b).is_some() {
            return None;
        }
        let (choice, other) = match (self.choice(a), self.choice(b)) {
            (Some(_), Some(_)) | (None, None) => return None,
            (Some(_), None) => (a, b),
            (None, Some(_)) => (b, a),
        };
        if self.arms(choice, MOST_PRODUCT_ARMS + 1) > MOST_PRODUCT_ARMS {
            return None;
        }
        Some(self.mul_arms(choice, other))
    }

    /// `t` as an `ite`'s condition and arms, looking through a widening (`sext(ite(c, x,
    /// y))` has the arms `sext(x)` and `sext(y)`, not built here).
    fn choice(&self, t: TermId) -> Option<(TermId, TermId, TermId)> {
        match *self.node(t) {
            Node::Ite(c, x, y) => Some((c, x, y)),
            Node::ZExt(_, a) | Node::SExt(_, a) => match *self.node(a) {
                Node::Ite(c, x, y) => Some((c, x, y)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The leaves of the `ite` tree at `t` (through widenings), counted up to `most`.
    fn arms(&self, t: TermId, most: usize) -> usize {
        match self.choice(t) {
            Some((_, x, y)) => {
                let left = self.arms(x, most);
                if left >= most {
                    return left;
                }
                left + self.arms(y, most - left)
            }
            None => 1,
        }
    }

    /// `t * other` with the product pushed into `t`'s `ite` arms (a widening of `t` goes
    /// with it into each arm).
    fn mul_arms(&mut self, t: TermId, other: TermId) -> TermId {
        let widen = |terms: &mut Self, x: TermId| -> TermId {
            match *terms.node(t) {
                Node::ZExt(..) => terms.zext(terms.width(t), x),
                Node::SExt(..) => terms.sext(terms.width(t), x),
                _ => x,
            }
        };
        match self.choice(t) {
            Some((c, x, y)) => {
                let (x, y) = (widen(self, x), widen(self, y));
                let (x, y) = (self.mul_arms(x, other), self.mul_arms(y, other));
                self.ite(c, x, y)
            }
            None => self.bv_bin(BvOp::Mul, t, other),
        }
    }

    pub fn bv_not(&mut self, a: TermId) -> TermId {
        if let Some((x, w)) = self.as_bv(a) {
            return self.bv(!x, w);
        }
        let sort = self.sort(a);
        self.intern(Node::BvNot(a), sort)
    }

    pub fn bv_neg(&mut self, a: TermId) -> TermId {
        if let Some((x, w)) = self.as_bv(a) {
            return self.bv(x.wrapping_neg(), w);
        }
        let sort = self.sort(a);
        self.intern(Node::BvNeg(a), sort)
    }

    pub fn cmp(&mut self, op: CmpOp, a: TermId, b: TermId) -> TermId {
        if let (Some((x, w)), Some((y, _))) = (self.as_bv(a), self.as_bv(b)) {
            let (sx, sy) = (crate::sign_extend(x, w), crate::sign_extend(y, w));
            let r = match op {
                CmpOp::Ult => x < y,
                CmpOp::Ule => x <= y,
                CmpOp::Slt => sx < sy,
                CmpOp::Sle => sx <= sy,
            };
            return self.bool(r);
        }
        self.intern(Node::Cmp(op, a, b), Sort::Bool)
    }

    pub fn width(&self, t: TermId) -> u32 {
        match self.sort(t) {
            Sort::Bv(w) => w,
            _ => 0,
        }
    }

    pub fn zext(&mut self, to: u32, a: TermId) -> TermId {
        let w = self.width(a);
        if to == w {
            return a;
        }
        if let Some((x, _)) = self.as_bv(a) {
            return self.bv(x, to);
        }
        self.intern(Node::ZExt(to - w, a), Sort::Bv(to))
    }

    pub fn sext(&mut self, to: u32, a: TermId) -> TermId {
        let w = self.width(a);
        if to == w {
            return a;
        }
        if let Some((x, w)) = self.as_bv(a) {
            return self.bv(crate::sign_extend(x, w) as u64, to);
        }
        self.intern(Node::SExt(to - w, a), Sort::Bv(to))
    }

    pub fn extract(&mut self, hi: u32, lo: u32, a: TermId) -> TermId {
        if lo == 0 && hi + 1 == self.width(a) {
            return a;
        }
        if let Some((x, _)) = self.as_bv(a) {
            return self.bv(x >> lo, hi - lo + 1);
        }
        self.intern(Node::Extract { hi, lo, arg: a }, Sort::Bv(hi - lo + 1))
    }

    pub fn concat(&mut self, hi: TermId, lo: TermId) -> TermId {
        let w = self.width(hi) + self.width(lo);
        self.intern(Node::Concat(hi, lo), Sort::Bv(w))
    }

    /// The cell of `mem` at `addr` (a byte or a word, as `mem`'s sort says).
    pub fn select(&mut self, mem: TermId, addr: TermId) -> TermId {
        let cell = match self.sort(mem) {
            Sort::Mem(bits) => bits,
            _ => 8,
        };
        self.intern(Node::Select(mem, addr), Sort::Bv(cell))
    }

    /// `mem` with the cell at `addr` set to `value` (of the cell's width).
    pub fn store(&mut self, mem: TermId, addr: TermId, value: TermId) -> TermId {
        let sort = self.sort(mem);
        self.intern(Node::Store(mem, addr, value), sort)
    }

    pub fn apply(&mut self, func: String, args: Vec<TermId>, sort: Sort) -> TermId {
        self.intern(Node::Apply { func, args, sort }, sort)
    }
}

/// The most arms an `ite` may have for a product with it to be taken arm by arm
/// ([`Terms::mul_by_arms`]).
const MOST_PRODUCT_ARMS: usize = 8;

fn fold_bin(op: BvOp, x: u64, y: u64, w: u32) -> Option<u64> {
    let m = mask(w);
    let (sx, sy) = (crate::sign_extend(x, w), crate::sign_extend(y, w));
    Some(
        match op {
            BvOp::Add => x.wrapping_add(y),
            BvOp::Sub => x.wrapping_sub(y),
            BvOp::Mul => x.wrapping_mul(y),
            BvOp::And => x & y,
            BvOp::Or => x | y,
            BvOp::Xor => x ^ y,
            BvOp::Shl => {
                if y >= w as u64 {
                    0
                } else {
                    x << y
                }
            }
            BvOp::LShr => {
                if y >= w as u64 {
                    0
                } else {
                    (x & m) >> y
                }
            }
            BvOp::AShr => {
                let s = if y >= w as u64 { w as u64 - 1 } else { y };
                (sx >> s) as u64
            }
            BvOp::UDiv if y != 0 => x / y,
            BvOp::URem if y != 0 => x % y,
            BvOp::SDiv if sy != 0 => sx.wrapping_div(sy) as u64,
            BvOp::SRem if sy != 0 => sx.wrapping_rem(sy) as u64,
            _ => return None,
        } & m,
    )
}

#[cfg(test)]
mod tests;
