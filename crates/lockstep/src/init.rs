//! The prologue of the two-thread program: the pair's thread ids within the launch, the
//! pair relation (same group, same warp, distinct), empty race logs and atomic logs.

use kir::{BinOp, Builtin, Expr, Stmt, StmtData, Thread, Var};

use crate::build::Builder;

impl Builder<'_> {
    /// The prologue: thread ids within the launch, the pair relation, empty logs.
    pub(crate) fn init(&mut self) -> Vec<StmtData> {
        let launch = self.opts.launch;
        let mut out: Vec<StmtData> = (self.counters.clear().into_iter())
            .map(|s| StmtData::new(s, None))
            .collect();
        let mut same_group = Expr::tt();
        let mut same_local = Expr::tt();
        let mut local_ids = [[None; 3]; 2];
        for d in 0..3u8 {
            let groups = self.group_count(d, &mut out);
            for (builtin, size) in [
                (
                    Builtin::LocalId(d),
                    Expr::int(launch.local_size[d as usize] as u64, 32),
                ),
                (Builtin::GroupId(d), groups),
            ] {
                let v = self.k.builtin(builtin);
                let copies = [Thread::T1, Thread::T2].map(|t| self.threads.map.var(t, v));
                let (a, b) = match copies {
                    [Some(a), Some(b)] => (a, b),
                    // A builtin first mentioned here: it has no per-thread copies, and
                    // the kernel does not read it; it only matters for distinctness.
                    _ => (self.fresh_copy(v, "$1"), self.fresh_copy(v, "$2")),
                };
                if let Builtin::LocalId(d) = builtin {
                    local_ids[0][d as usize] = Some(a);
                    local_ids[1][d as usize] = Some(b);
                }
                let eq = Self::bounds([a, b], size, &mut out);
                match builtin {
                    Builtin::GroupId(_) => same_group = Expr::and(same_group, eq),
                    _ => same_local = Expr::and(same_local, eq),
                }
            }
        }
        out.push(StmtData::new(
            Stmt::Assign {
                dst: self.inst.same_group,
                value: same_group.clone(),
            },
            None,
        ));
        if self.opts.only_intra_group {
            out.push(StmtData::new(
                Stmt::Assume {
                    cond: same_group.clone(),
                },
                None,
            ));
        }
        if let (Some(dst), Some(n)) = (self.inst.same_warp, self.opts.warp_size) {
            let value = match local_ids {
                [[Some(x1), Some(y1), Some(z1)], [Some(x2), Some(y2), Some(z2)]] => {
                    let warp = |ids| crate::warp::warp_of(ids, launch.local_size, n);
                    let same = Expr::eq(warp([x1, y1, z1]), warp([x2, y2, z2]));
                    Expr::and(same_group.clone(), same)
                }
                _ => Expr::ff(),
            };
            out.push(StmtData::new(Stmt::Assign { dst, value }, None));
        }
        if let Some(on) = self.inst.tolerate {
            // An input assumed true, not a constant, so that the VC can deny it.
            out.push(StmtData::new(Stmt::Havoc { dst: on }, None));
            out.push(StmtData::new(
                Stmt::Assume {
                    cond: Expr::Var(on),
                },
                None,
            ));
        }
        out.push(StmtData::new(
            Stmt::Assign {
                dst: self.inst.distinct,
                value: Expr::not(Expr::and(same_group, same_local)),
            },
            None,
        ));
        out.extend(
            self.inst
                .clear_all()
                .into_iter()
                .map(|s| StmtData::new(s, None)),
        );
        // Offsets and sizes start at 0, so that they only ever hold values accesses gave
        // them (or 0), which loop cuts use.
        for logs in self.inst.logs.iter().flatten() {
            for log in [logs.read, logs.write, logs.atomic] {
                for v in [log.offset, log.bytes] {
                    let value = Expr::int(0, kir::OFFSET_WIDTH);
                    out.push(StmtData::new(Stmt::Assign { dst: v, value }, None));
                }
            }
        }
        out
    }

    /// The number of groups in dimension `d`: the launch's constant, or (when it is not
    /// fixed) the shared `num_groups` variable, assumed between 1 and the launch's bound.
    fn group_count(&mut self, d: u8, out: &mut Vec<StmtData>) -> Expr {
        let max = Expr::int(self.opts.launch.num_groups[d as usize] as u64, 32);
        if !self.opts.launch.any_groups[d as usize] {
            return max;
        }
        let n = Expr::Var(self.k.builtin(Builtin::NumGroups(d)));
        let cond = Expr::and(
            Expr::not(Expr::eq(n.clone(), Expr::int(0, 32))),
            Expr::bin(BinOp::Ule, n.clone(), max),
        );
        out.push(StmtData::new(Stmt::Assume { cond }, None));
        n
    }

    /// Assumes both threads' copies `ids` of a thread id below `size`; returns that the
    /// two are equal.
    fn bounds(ids: [Var; 2], size: Expr, out: &mut Vec<StmtData>) -> Expr {
        for v in ids {
            out.push(StmtData::new(
                Stmt::Assume {
                    cond: Expr::bin(BinOp::Ult, Expr::Var(v), size.clone()),
                },
                None,
            ));
        }
        Expr::eq(Expr::Var(ids[0]), Expr::Var(ids[1]))
    }
}
