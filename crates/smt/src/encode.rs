//! VC terms to Z3 terms, bottom-up over the shared DAG with a memo table.

use std::collections::HashMap;

use vc::{children, BvOp, CmpOp, Node, Sort as VSort, TermId, Terms};
use z3::ast::{Array, Ast, Bool, Dynamic, BV};
use z3::{Context, FuncDecl, Sort};

pub struct Encoder<'ctx> {
    ctx: &'ctx Context,
    memo: HashMap<TermId, Dynamic<'ctx>>,
    funcs: HashMap<(String, Vec<VSort>, VSort), FuncDecl<'ctx>>,
    background: Vec<Bool<'ctx>>,
}

impl<'ctx> Encoder<'ctx> {
    pub fn new(ctx: &'ctx Context) -> Self {
        Encoder {
            ctx,
            memo: HashMap::new(),
            funcs: HashMap::new(),
            background: Vec::new(),
        }
    }

    /// The uninterpreted function `name` with these sorts: one declaration per name and
    /// sorts, shared by the VC's applications and the `--boogie-file` axioms.
    pub fn func(&mut self, name: &str, domain: &[VSort], range: VSort) -> &FuncDecl<'ctx> {
        let key = (name.to_string(), domain.to_vec(), range);
        if !self.funcs.contains_key(&key) {
            let sorts: Vec<Sort> = domain.iter().map(|s| self.sort(*s)).collect();
            let refs: Vec<&Sort> = sorts.iter().collect();
            let decl = FuncDecl::new(self.ctx, name, &refs, &self.sort(range));
            self.funcs.insert(key.clone(), decl);
        }
        &self.funcs[&key]
    }

    /// Axioms every solver asserts before anything else (see `background`).
    pub fn set_background(&mut self, axioms: Vec<Bool<'ctx>>) {
        self.background = axioms;
    }

    pub fn background(&self) -> &[Bool<'ctx>] {
        &self.background
    }

    pub fn ctx(&self) -> &'ctx Context {
        self.ctx
    }

    fn sort(&self, s: VSort) -> Sort<'ctx> {
        match s {
            VSort::Bool => Sort::bool(self.ctx),
            VSort::Bv(w) => Sort::bitvector(self.ctx, w),
            VSort::Mem(bits) => Sort::array(
                self.ctx,
                &Sort::bitvector(self.ctx, 64),
                &Sort::bitvector(self.ctx, bits),
            ),
        }
    }

    pub fn bool(&mut self, terms: &Terms, t: TermId) -> Bool<'ctx> {
        let d = self.encode(terms, t);
        d.as_bool().expect("VC checks and assumptions are Boolean")
    }

    pub fn encode(&mut self, terms: &Terms, root: TermId) -> Dynamic<'ctx> {
        let mut stack = vec![(root, false)];
        while let Some((t, ready)) = stack.pop() {
            if self.memo.contains_key(&t) {
                continue;
            }
            let node = terms.node(t);
            if !ready {
                stack.push((t, true));
                for c in children(node) {
                    if !self.memo.contains_key(&c) {
                        stack.push((c, false));
                    }
                }
                continue;
            }
            let d = self.node(terms, t, node);
            self.memo.insert(t, d);
        }
        self.memo[&root].clone()
    }

    fn get(&self, t: TermId) -> &Dynamic<'ctx> {
        &self.memo[&t]
    }

    fn b(&self, t: TermId) -> Bool<'ctx> {
        self.get(t).as_bool().expect("Boolean operand")
    }

    fn bv(&self, t: TermId) -> BV<'ctx> {
        self.get(t).as_bv().expect("bit-vector operand")
    }

    fn node(&mut self, terms: &Terms, t: TermId, node: &Node) -> Dynamic<'ctx> {
        let ctx = self.ctx;
        match node {
            Node::Bool(b) => Bool::from_bool(ctx, *b).into(),
            Node::Bv { value, width } => BV::from_u64(ctx, *value, *width).into(),
            Node::Sym { name, sort } => match sort {
                VSort::Bool => Bool::new_const(ctx, name.as_str()).into(),
                VSort::Bv(w) => BV::new_const(ctx, name.as_str(), *w).into(),
                VSort::Mem(bits) => Array::new_const(
                    ctx,
                    name.as_str(),
                    &Sort::bitvector(ctx, 64),
                    &Sort::bitvector(ctx, *bits),
                )
                .into(),
            },
            Node::Not(a) => self.b(*a).not().into(),
            Node::And(a, b) => Bool::and(ctx, &[&self.b(*a), &self.b(*b)]).into(),
            Node::Or(a, b) => Bool::or(ctx, &[&self.b(*a), &self.b(*b)]).into(),
            Node::Eq(a, b) => self.get(*a)._eq(self.get(*b)).into(),
            Node::Ite(c, a, b) => self.b(*c).ite(self.get(*a), self.get(*b)),
            Node::BvBin(op, a, b) => {
                let (x, y) = (self.bv(*a), self.bv(*b));
                match op {
                    BvOp::Add => x.bvadd(&y),
                    BvOp::Sub => x.bvsub(&y),
                    BvOp::Mul => x.bvmul(&y),
                    BvOp::UDiv => x.bvudiv(&y),
                    BvOp::SDiv => x.bvsdiv(&y),
                    BvOp::URem => x.bvurem(&y),
                    BvOp::SRem => x.bvsrem(&y),
                    BvOp::Shl => x.bvshl(&y),
                    BvOp::LShr => x.bvlshr(&y),
                    BvOp::AShr => x.bvashr(&y),
                    BvOp::And => x.bvand(&y),
                    BvOp::Or => x.bvor(&y),
                    BvOp::Xor => x.bvxor(&y),
                }
                .into()
            }
            Node::BvNot(a) => self.bv(*a).bvnot().into(),
            Node::BvNeg(a) => self.bv(*a).bvneg().into(),
            Node::Cmp(op, a, b) => {
                let (x, y) = (self.bv(*a), self.bv(*b));
                match op {
                    CmpOp::Ult => x.bvult(&y),
                    CmpOp::Ule => x.bvule(&y),
                    CmpOp::Slt => x.bvslt(&y),
                    CmpOp::Sle => x.bvsle(&y),
                }
                .into()
            }
            Node::ZExt(by, a) => self.bv(*a).zero_ext(*by).into(),
            Node::SExt(by, a) => self.bv(*a).sign_ext(*by).into(),
            Node::Extract { hi, lo, arg } => self.bv(*arg).extract(*hi, *lo).into(),
            Node::Concat(a, b) => self.bv(*a).concat(&self.bv(*b)).into(),
            Node::Select(m, a) => {
                let m = self.get(*m).as_array().expect("memory operand");
                m.select(&self.bv(*a))
            }
            Node::Store(m, a, v) => {
                let m = self.get(*m).as_array().expect("memory operand");
                m.store(&self.bv(*a), &self.bv(*v)).into()
            }
            Node::Apply { func, args, sort } => {
                let domain: Vec<VSort> = args.iter().map(|a| terms.sort(*a)).collect();
                let arg_values: Vec<Dynamic> = args.iter().map(|a| self.get(*a).clone()).collect();
                let arg_refs: Vec<&dyn Ast> = arg_values.iter().map(|a| a as &dyn Ast).collect();
                let _ = t;
                self.func(func, &domain, *sort).apply(&arg_refs)
            }
        }
    }
}
