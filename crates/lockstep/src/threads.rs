//! The map φ_t of the paper's Table 3: each private variable gets one copy per thread;
//! kernel parameters stay shared; group sizes become the launch's constants.

use kir::{Builtin, Expr, Kernel, Thread, Var, VarKind};

use crate::launch::Launch;

/// What a variable of the predicated kernel stands for in the two-thread program.
#[derive(Clone, Debug)]
enum Image {
    /// One copy per thread.
    Copies(Var, Var),
    /// The same in both threads (kernel parameters).
    Shared(Var),
    /// A constant of the launch (group size, number of groups).
    Constant(Expr),
}

pub struct ThreadMap {
    images: Vec<Image>,
}

impl ThreadMap {
    /// Adds the per-thread copies to `k` (whose variables are those of the predicated
    /// kernel) and returns the map.
    pub fn build(k: &mut Kernel, launch: &Launch) -> ThreadMap {
        let n = k.vars.len();
        let mut images = Vec::with_capacity(n);
        for i in 0..n {
            let v = Var::new(i);
            let data = k.var(v).clone();
            let image = match data.kind {
                VarKind::Param { .. } => Image::Shared(v),
                VarKind::Builtin(Builtin::LocalSize(d)) => {
                    Image::Constant(Expr::int(launch.local_size[d as usize] as u64, 32))
                }
                // An unfixed number of groups is one value both threads see.
                VarKind::Builtin(Builtin::NumGroups(d)) if launch.any_groups[d as usize] => {
                    Image::Shared(v)
                }
                VarKind::Builtin(Builtin::NumGroups(d)) => {
                    Image::Constant(Expr::int(launch.num_groups[d as usize] as u64, 32))
                }
                _ => {
                    let mut copy = |t: Thread, suffix: &str| {
                        k.add_var(
                            format!("{}{suffix}", data.name),
                            data.ty,
                            VarKind::ThreadCopy { of: v, thread: t },
                        )
                    };
                    let a = copy(Thread::T1, "$1");
                    let b = copy(Thread::T2, "$2");
                    Image::Copies(a, b)
                }
            };
            images.push(image);
        }
        ThreadMap { images }
    }

    /// φ_t(e): `e` as thread `t` evaluates it.
    pub fn expr(&self, t: Thread, e: &Expr) -> Expr {
        e.map_vars(&|v| self.var_expr(t, v))
    }

    fn var_expr(&self, t: Thread, v: Var) -> Expr {
        match self.images.get(v.index()) {
            Some(Image::Copies(a, b)) => Expr::Var(if t == Thread::T1 { *a } else { *b }),
            Some(Image::Shared(s)) => Expr::Var(*s),
            Some(Image::Constant(c)) => c.clone(),
            // Variables added after the map was built (instrumentation) are shared.
            None => Expr::Var(v),
        }
    }

    /// The copy of private variable `v` for thread `t`.
    pub fn var(&self, t: Thread, v: Var) -> Option<Var> {
        match self.images.get(v.index()) {
            Some(Image::Copies(a, b)) => Some(if t == Thread::T1 { *a } else { *b }),
            _ => None,
        }
    }
}
