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
        self.intern(Node::BvBin(op, a, b), sort)
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
mod tests {
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
}
