//! The random generator: one seed gives one kernel. Statements are drawn from weighted
//! patterns that GPU kernels use and verifiers get wrong: thread-dependent and uniform
//! conditions around barriers, neighbour and strided indices, first/last-iteration guards,
//! loop-carried indices, atomics, and equal-value flag writes.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::ast::{
    Array, BinOp, Case, CmpOp, Cond, Expr, Kernel, Lang, Launch, LoopKind, Space, Stmt,
};
use crate::discipline::{rng_mutation, uniform_cond, uniform_expr, Role};

/// Knobs of the generator.
#[derive(Debug, Clone)]
pub struct Config {
    /// Upper bound on the statements of one kernel (nested ones included).
    pub max_stmts: usize,
    /// Deepest nesting of compound statements.
    pub max_depth: usize,
    /// Fraction of kernels verified as CUDA (the oracles always run the OpenCL form).
    pub cuda_fraction: f64,
    /// Fraction of kernels that follow array roles and keep barriers uniform (race- and
    /// divergence-free by construction, except for at most one wild statement).
    pub disciplined_fraction: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_stmts: 12,
            max_depth: 3,
            cuda_fraction: 0.3,
            disciplined_fraction: 0.6,
        }
    }
}

/// Generates the kernel of `seed`.
pub fn generate(seed: u64, config: &Config) -> Kernel {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let local_size = *[2u32, 4, 4, 8, 8, 16].choose(&mut rng).unwrap_or(&4);
    let num_groups = if rng.gen_bool(0.6) { 1 } else { 2 };
    let launch = Launch {
        local_size,
        num_groups,
    };
    let lang = if rng.gen_bool(config.cuda_fraction) {
        Lang::Cuda
    } else {
        Lang::OpenCl
    };
    let disciplined = rng.gen_bool(config.disciplined_fraction);
    let mut arrays = Vec::new();
    let mut roles = Vec::new();
    let globals = rng.gen_range(1..=if disciplined { 3 } else { 2 });
    for g in 0..globals {
        let role = if disciplined {
            *[
                Role::Owned,
                Role::Owned,
                Role::ReadOnly,
                Role::Flag,
                Role::Atomic,
            ]
            .choose(&mut rng)
            .unwrap_or(&Role::Owned)
        } else {
            Role::Any
        };
        roles.push(role);
        let mut len = *[launch.global_size(), launch.global_size() * 2, 8, 16]
            .choose(&mut rng)
            .unwrap_or(&8);
        if role == Role::Owned {
            len = len.max(launch.global_size());
        }
        let init = (0..len).map(|_| rng.gen_range(0..4)).collect();
        arrays.push(Array {
            name: format!("G{g}"),
            space: Space::Global,
            len,
            init,
        });
    }
    let locals = rng.gen_range(0..=2);
    for l in 0..locals {
        let role = if disciplined {
            *[
                Role::Owned,
                Role::Phased,
                Role::Phased,
                Role::Atomic,
                Role::Flag,
            ]
            .choose(&mut rng)
            .unwrap_or(&Role::Phased)
        } else {
            Role::Any
        };
        roles.push(role);
        let mut len = *[local_size, local_size * 2, 4, 16]
            .choose(&mut rng)
            .unwrap_or(&8);
        if matches!(role, Role::Owned | Role::Phased) {
            len = len.max(local_size);
        }
        arrays.push(Array {
            name: format!("L{l}"),
            space: Space::Local,
            len,
            init: Vec::new(),
        });
    }
    let mut g = Gen {
        rng,
        config: config.clone(),
        launch,
        arrays: arrays.len(),
        spaces: arrays.iter().map(|a| a.space).collect(),
        roles,
        disciplined,
        mutations_left: usize::from(disciplined && rng_mutation(seed)),
        vars: rng_vars(seed),
        counters: 0,
        budget: 4 + (seed % (config.max_stmts.max(5) as u64 - 3)) as usize,
        labels: 0,
        open_labels: Vec::new(),
    };
    let body = g.top_level();
    Kernel {
        name: format!("k{seed}"),
        seed,
        lang,
        launch,
        arrays,
        vars: g.vars,
        counters: g.counters,
        param_value: g.rng.gen_range(0..8),
        body,
    }
}

fn rng_vars(seed: u64) -> usize {
    2 + (seed % 2) as usize
}

/// What encloses the statement being generated.
#[derive(Debug, Clone, Default)]
struct Scope {
    depth: usize,
    /// Loop counters in scope, innermost last, with their first and last values.
    counters: Vec<(usize, u32, u32)>,
    /// `break` is allowed: the innermost breakable statement is a loop.
    can_break: bool,
    in_loop: bool,
    /// Under thread-dependent control flow: a disciplined kernel puts no barrier and no jump here.
    divergent: bool,
}

struct Gen {
    rng: ChaCha8Rng,
    config: Config,
    launch: Launch,
    arrays: usize,
    spaces: Vec<Space>,
    roles: Vec<Role>,
    /// The statement being generated follows the array roles and keeps barriers uniform.
    disciplined: bool,
    mutations_left: usize,
    vars: usize,
    counters: usize,
    budget: usize,
    labels: usize,
    /// Labels declared but not placed yet: a `goto` may jump to them.
    open_labels: Vec<usize>,
}

impl Gen {
    fn top_level(&mut self) -> Vec<Stmt> {
        let mut body = Vec::new();
        let scope = Scope::default();
        while self.budget > 0 {
            if self.open_labels.is_empty() && self.rng.gen_bool(0.3) {
                self.open_labels.push(self.labels);
                self.labels += 1;
            }
            self.stmt(&scope, &mut body);
            if !self.open_labels.is_empty() && self.rng.gen_bool(0.4) {
                body.push(Stmt::Label(self.open_labels.remove(0)));
            }
        }
        for l in std::mem::take(&mut self.open_labels) {
            body.push(Stmt::Label(l));
        }
        body
    }

    fn block(&mut self, scope: &Scope, max: usize) -> Vec<Stmt> {
        let n = self.rng.gen_range(1..=max);
        let mut out = Vec::new();
        for _ in 0..n {
            if self.budget == 0 {
                break;
            }
            self.stmt(scope, &mut out);
        }
        out
    }

    fn stmt(&mut self, scope: &Scope, out: &mut Vec<Stmt>) {
        if self.disciplined && self.mutations_left > 0 && self.rng.gen_bool(0.15) {
            // The one wild statement of a disciplined kernel.
            self.mutations_left -= 1;
            self.disciplined = false;
            self.stmt(scope, out);
            self.disciplined = true;
            return;
        }
        self.budget = self.budget.saturating_sub(1);
        let compound_ok = scope.depth < self.config.max_depth && self.budget > 1;
        // Barriers and jumps under thread-dependent control flow break a disciplined kernel.
        let sync_ok = !(self.disciplined && scope.divergent);
        let roll = self.rng.gen_range(0..100);
        let s = match roll {
            0..=17 => self.store(scope),
            18..=25 => self.assign(scope),
            26..=35 if sync_ok => Stmt::Barrier {
                global_fence: self.rng.gen_bool(0.85),
            },
            36..=41 => self.atomic(scope),
            42..=46 => self.flag_write(scope),
            47..=62 if compound_ok => self.if_stmt(scope),
            63..=75 if compound_ok => self.loop_stmt(scope),
            76..=80 if compound_ok => self.switch_stmt(scope),
            81..=86 if scope.in_loop && sync_ok => {
                if scope.can_break && self.rng.gen_bool(0.5) {
                    Stmt::Break
                } else {
                    Stmt::Continue
                }
            }
            87..=88 if scope.depth > 0 && sync_ok => Stmt::Return,
            89..=92 if !self.open_labels.is_empty() && scope.depth > 0 && sync_ok => {
                Stmt::Goto(self.open_labels[0])
            }
            93..=99 if sync_ok && self.disciplined => return self.phase(scope, out),
            _ => self.store(scope),
        };
        out.push(s);
    }

    /// The arrays a statement of the current discipline may use in `role`.
    fn pick(&mut self, roles: &[Role]) -> Option<usize> {
        let candidates: Vec<usize> = (0..self.arrays)
            .filter(|&a| !self.disciplined || roles.contains(&self.roles[a]))
            .collect();
        candidates.choose(&mut self.rng).copied()
    }

    /// The index of the thread's own element of `array`.
    fn own(&self, array: usize) -> Expr {
        match self.spaces[array] {
            Space::Global => Expr::Gid,
            Space::Local => Expr::Tid,
        }
    }

    fn store(&mut self, scope: &Scope) -> Stmt {
        let Some(array) = self.pick(&[Role::Owned]) else {
            return self.assign(scope);
        };
        let index = if self.disciplined {
            self.own(array)
        } else {
            self.index(scope)
        };
        let value = self.value(scope, 1);
        Stmt::Store {
            array,
            index,
            value,
        }
    }

    /// A phase over a `Phased` array: own element written, barrier, a neighbour's read, barrier.
    fn phase(&mut self, scope: &Scope, out: &mut Vec<Stmt>) {
        let Some(array) = self.pick(&[Role::Phased]) else {
            out.push(self.store(scope));
            return;
        };
        let value = self.value(scope, 1);
        out.push(Stmt::Store {
            array,
            index: self.own(array),
            value,
        });
        out.push(Stmt::Barrier {
            global_fence: false,
        });
        let bin = |op, a, b| Expr::Bin(op, Box::new(a), Box::new(b));
        let index = match self.rng.gen_range(0..4) {
            0 => bin(BinOp::Add, Expr::Tid, Expr::Const(1)),
            1 => bin(BinOp::Mul, Expr::Tid, Expr::Const(2)),
            2 => Expr::Const(self.rng.gen_range(0..4)),
            _ => bin(BinOp::Sub, Expr::Tid, Expr::Const(1)),
        };
        let v = self.rng.gen_range(0..self.vars);
        out.push(Stmt::Assign(v, Expr::Read(array, Box::new(index))));
        out.push(Stmt::Barrier {
            global_fence: self.rng.gen_bool(0.5),
        });
    }

    /// Every thread writes the same constant to the same place (a benign write-write
    /// conflict, unless something else touches it).
    fn flag_write(&mut self, scope: &Scope) -> Stmt {
        let Some(array) = self.pick(&[Role::Flag]) else {
            return self.assign(scope);
        };
        Stmt::Store {
            array,
            index: Expr::Const(self.rng.gen_range(0..4)),
            value: Expr::Const(1),
        }
    }

    /// A read of memory the discipline allows, at an index it allows.
    fn read(&mut self, scope: &Scope) -> Option<Expr> {
        let array = self.pick(&[Role::ReadOnly, Role::Owned])?;
        let index = if self.disciplined && self.roles[array] == Role::Owned {
            self.own(array)
        } else {
            self.index(scope)
        };
        Some(Expr::Read(array, Box::new(index)))
    }

    fn assign(&mut self, scope: &Scope) -> Stmt {
        let v = self.rng.gen_range(0..self.vars);
        let read = if self.rng.gen_bool(0.4) {
            self.read(scope)
        } else {
            None
        };
        let e = if let Some(read) = read {
            read
        } else if self.rng.gen_bool(0.3) {
            // Loop-carried: the variable depends on its previous value.
            Expr::Bin(
                BinOp::Add,
                Box::new(Expr::Var(v)),
                Box::new(self.value(scope, 0)),
            )
        } else {
            self.value(scope, 1)
        };
        Stmt::Assign(v, e)
    }

    fn atomic(&mut self, scope: &Scope) -> Stmt {
        let Some(array) = self.pick(&[Role::Atomic]) else {
            return self.assign(scope);
        };
        let index = if self.rng.gen_bool(0.5) {
            Expr::Const(self.rng.gen_range(0..4))
        } else {
            self.index(scope)
        };
        let result = self
            .rng
            .gen_bool(0.2)
            .then(|| self.rng.gen_range(0..self.vars));
        Stmt::Atomic {
            array,
            index,
            value: Expr::Const(self.rng.gen_range(1..3)),
            result,
        }
    }

    /// An index pattern (reduced modulo the array's length when printed).
    fn index(&mut self, scope: &Scope) -> Expr {
        let counter = scope.counters.last().map(|c| c.0);
        let tid = if self.rng.gen_bool(0.25) {
            Expr::Gid
        } else {
            Expr::Tid
        };
        let roll = self.rng.gen_range(0..100);
        let bin = |op, a, b| Expr::Bin(op, Box::new(a), Box::new(b));
        match (roll, counter) {
            (0..=29, _) => tid,
            (30..=39, _) => bin(BinOp::Add, tid, Expr::Const(1)),
            (40..=47, _) => bin(BinOp::Mul, tid, Expr::Const(2)),
            (48..=57, _) => Expr::Const(self.rng.gen_range(0..4)),
            (58..=67, Some(c)) => bin(
                BinOp::Add,
                bin(
                    BinOp::Mul,
                    Expr::Counter(c),
                    Expr::Const(self.launch.local_size),
                ),
                tid,
            ),
            (68..=74, Some(c)) => bin(BinOp::Add, tid, Expr::Counter(c)),
            (75..=79, Some(c)) => Expr::Counter(c),
            (80..=87, _) => Expr::Var(self.rng.gen_range(0..self.vars)),
            (88..=91, _) => bin(
                BinOp::Add,
                Expr::Group,
                Expr::Const(self.rng.gen_range(0..3)),
            ),
            (92..=95, _) => bin(BinOp::Sub, tid, Expr::Const(1)),
            _ => self.value(scope, 1),
        }
    }

    /// A value expression of at most `depth` nested operators.
    fn value(&mut self, scope: &Scope, depth: usize) -> Expr {
        let roll = self.rng.gen_range(0..100);
        match roll {
            0..=19 => Expr::Const(self.rng.gen_range(0..8)),
            20..=34 => Expr::Tid,
            35..=41 => Expr::Gid,
            42..=46 => Expr::Param,
            47..=61 => Expr::Var(self.rng.gen_range(0..self.vars)),
            62..=69 if !scope.counters.is_empty() => {
                let c = scope.counters[self.rng.gen_range(0..scope.counters.len())].0;
                Expr::Counter(c)
            }
            70..=77 => match self.read(&Scope::default()) {
                Some(read) => read,
                None => Expr::Tid,
            },
            _ if depth > 0 => {
                let op = *[
                    BinOp::Add,
                    BinOp::Sub,
                    BinOp::Mul,
                    BinOp::And,
                    BinOp::Or,
                    BinOp::Xor,
                ]
                .choose(&mut self.rng)
                .unwrap_or(&BinOp::Add);
                let a = self.value(scope, depth - 1);
                let b = self.value(scope, depth - 1);
                Expr::Bin(op, Box::new(a), Box::new(b))
            }
            _ => Expr::Tid,
        }
    }

    /// A condition: thread-dependent, uniform, first/last iteration, or data-dependent.
    fn cond(&mut self, scope: &Scope) -> Cond {
        let ls = self.launch.local_size;
        let roll = self.rng.gen_range(0..100);
        let c = match (roll, scope.counters.last()) {
            (0..=17, _) => Cond::Cmp(
                CmpOp::Lt,
                Expr::Tid,
                Expr::Const(self.rng.gen_range(0..=ls)),
            ),
            (18..=25, _) => Cond::ModEq(Expr::Tid, 2, self.rng.gen_range(0..2)),
            (26..=31, _) => Cond::Cmp(CmpOp::Eq, Expr::Tid, Expr::Const(self.rng.gen_range(0..ls))),
            (32..=36, _) => Cond::Cmp(CmpOp::Gt, Expr::Gid, Expr::Const(self.rng.gen_range(0..ls))),
            (37..=46, _) => Cond::Cmp(
                CmpOp::Gt,
                Expr::Param,
                Expr::Const(self.rng.gen_range(0..5)),
            ),
            (47..=52, _) => Cond::Cmp(CmpOp::Eq, Expr::Group, Expr::Const(0)),
            (53..=57, _) => Cond::Cmp(CmpOp::Lt, Expr::Tid, Expr::Const(ls + 4)),
            (58..=67, Some(&(c, first, _))) => {
                Cond::Cmp(CmpOp::Eq, Expr::Counter(c), Expr::Const(first))
            }
            (68..=75, Some(&(c, _, last))) => {
                Cond::Cmp(CmpOp::Eq, Expr::Counter(c), Expr::Const(last))
            }
            (76..=81, Some(&(c, _, _))) => Cond::Cmp(CmpOp::Lt, Expr::Tid, Expr::Counter(c)),
            (82..=89, _) => Cond::Cmp(
                CmpOp::Gt,
                Expr::Var(self.rng.gen_range(0..self.vars)),
                Expr::Const(self.rng.gen_range(0..6)),
            ),
            (90..=94, _) => match self.read(scope) {
                Some(read) => Cond::Cmp(CmpOp::Ne, read, Expr::Const(0)),
                None => Cond::Cmp(CmpOp::Gt, Expr::Param, Expr::Const(1)),
            },
            _ => Cond::Cmp(CmpOp::Le, Expr::Tid, Expr::Const(self.rng.gen_range(0..ls))),
        };
        match self.rng.gen_range(0..20) {
            0 => Cond::Not(Box::new(c)),
            1 => Cond::And(Box::new(c), Box::new(self.simple_cond())),
            2 => Cond::Or(Box::new(c), Box::new(self.simple_cond())),
            _ => c,
        }
    }

    fn simple_cond(&mut self) -> Cond {
        if self.rng.gen_bool(0.5) {
            Cond::Cmp(
                CmpOp::Gt,
                Expr::Param,
                Expr::Const(self.rng.gen_range(0..4)),
            )
        } else {
            Cond::ModEq(Expr::Tid, 2, self.rng.gen_range(0..2))
        }
    }

    fn inner(scope: &Scope) -> Scope {
        Scope {
            depth: scope.depth + 1,
            ..scope.clone()
        }
    }

    fn if_stmt(&mut self, scope: &Scope) -> Stmt {
        let cond = self.cond(scope);
        let mut inner = Self::inner(scope);
        inner.divergent |= !uniform_cond(&cond);
        let then = self.block(&inner, 3);
        let els = if self.rng.gen_bool(0.35) && self.budget > 0 {
            self.block(&inner, 2)
        } else {
            Vec::new()
        };
        Stmt::If { cond, then, els }
    }

    fn loop_stmt(&mut self, scope: &Scope) -> Stmt {
        let kind = *[
            LoopKind::For,
            LoopKind::For,
            LoopKind::While,
            LoopKind::DoWhile,
        ]
        .choose(&mut self.rng)
        .unwrap_or(&LoopKind::For);
        let trips = self.rng.gen_range(1..=4);
        let counter = self.counters;
        self.counters += 1;
        let (first, last) = match kind {
            LoopKind::For => (0, trips - 1),
            LoopKind::While | LoopKind::DoWhile => (1, trips),
        };
        let mut inner = Self::inner(scope);
        inner.counters.push((counter, first, last));
        inner.can_break = true;
        inner.in_loop = true;
        let body = self.block(&inner, 4);
        Stmt::Loop {
            kind,
            counter,
            trips,
            body,
        }
    }

    fn switch_stmt(&mut self, scope: &Scope) -> Stmt {
        let scrutinee = if self.rng.gen_bool(0.6) {
            Expr::Tid
        } else {
            self.value(scope, 0)
        };
        let modulus = self.rng.gen_range(2..=4);
        let mut inner = Self::inner(scope);
        inner.can_break = false;
        inner.divergent |= !uniform_expr(&scrutinee);
        let arms = self.rng.gen_range(1..modulus);
        let mut cases = Vec::new();
        for value in 0..arms {
            let body = self.block(&inner, 2);
            cases.push(Case {
                value,
                body,
                fallthrough: self.rng.gen_bool(0.25),
            });
        }
        let default = if self.rng.gen_bool(0.5) && self.budget > 0 {
            self.block(&inner, 2)
        } else {
            Vec::new()
        };
        Stmt::Switch {
            scrutinee,
            modulus,
            cases,
            default,
        }
    }
}
