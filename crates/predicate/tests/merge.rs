//! The `.kir` files of `tests/merge`: each predicated kernel goes through
//! `predicate::merge_accesses`, and the result (which must verify) is what the file's
//! `; expect:` section shows (`KIR_BLESS=1` rewrites it; read the diff).

use std::path::Path;

fn merge(case: &kir::filetest::Case) -> Result<String, Vec<String>> {
    let one = |e: String| vec![e];
    let mut k = kir::parse::kernel(&case.input).map_err(|e| one(e.to_string()))?;
    predicate::merge_accesses(&mut k);
    kir::verify(&k).map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>())?;
    Ok(k.to_string())
}

#[test]
fn merge_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/merge");
    match kir::filetest::run_dir(&dir, merge) {
        Ok(n) => assert!(n >= 5, "only {n} files"),
        Err(report) => panic!("{report}"),
    }
}

mod interp;

mod random {
    //! Random straight-line predicated blocks full of contiguous runs (of reads and
    //! writes, bytes and halves, under one of three predicates, at offsets from a
    //! parameter, from a variable the run may read, or constant), interleaved with other
    //! statements and with accesses to other regions.

    use kir::*;

    /// A small deterministic generator (64-bit LCG), so failures are reproducible by seed.
    pub struct Rng(pub u64);

    impl Rng {
        pub fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 >> 33
        }
        pub fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    pub struct Gen {
        pub rng: Rng,
        /// Variables by width: 8, 16, 32 bits.
        xs: [Vec<Var>; 3],
        p: Var,
        flag: Var,
        regions: Vec<Region>,
    }

    fn slot(bytes: u32) -> usize {
        match bytes {
            1 => 0,
            2 => 1,
            _ => 2,
        }
    }

    impl Gen {
        pub fn kernel(seed: u64) -> Kernel {
            let mut k = Kernel::new("k");
            k.phase = Phase::Predicated;
            let mut regions = Vec::new();
            for (i, space) in [Space::Global, Space::Local, Space::Private]
                .into_iter()
                .enumerate()
            {
                regions.push(k.add_region(RegionData {
                    name: format!("R{i}"),
                    space,
                    elem_bytes: 1,
                    size_bytes: None,
                    origin: RegionOrigin::Param { index: i as u32 },
                    dims: Vec::new(),
                }));
            }
            let p = k.add_var("p", Ty::Bv(64), VarKind::Private);
            let flag = k.add_var("flag", Ty::Bool, VarKind::Private);
            let xs = [8, 16, 32].map(|w| {
                (0..3)
                    .map(|i| k.add_var(format!("x{w}_{i}"), Ty::Bv(w), VarKind::Private))
                    .collect()
            });
            let mut g = Gen {
                rng: Rng(seed),
                xs,
                p,
                flag,
                regions,
            };
            let mut stmts = Vec::new();
            for _ in 0..2 + g.rng.below(6) {
                g.piece(&mut stmts);
            }
            let exit = k.add_block("exit", Terminator::Return);
            let entry = k.add_block("entry", Terminator::Goto(exit));
            k.block_mut(entry).stmts = stmts.into_iter().map(|s| StmtData::new(s, None)).collect();
            k.layout = vec![entry, exit];
            k
        }

        fn x(&mut self, bytes: u32) -> Var {
            let pool = &self.xs[slot(bytes)];
            pool[self.rng.below(pool.len())]
        }

        fn pred(&mut self) -> Expr {
            match self.rng.below(3) {
                0 => Expr::tt(),
                1 => Expr::var(self.flag),
                _ => Expr::not(Expr::var(self.flag)),
            }
        }

        fn base(&mut self) -> Option<Expr> {
            match self.rng.below(3) {
                0 => Some(Expr::var(self.p)),
                1 => Some(Expr::cast(CastOp::ZExt, 64, Expr::var(self.x(1)))),
                _ => None,
            }
        }

        /// A run of contiguous accesses, or one other statement.
        fn piece(&mut self, out: &mut Vec<Stmt>) {
            if self.rng.below(4) == 0 {
                let (dst, a, b) = (self.x(4), self.x(4), self.x(2));
                let b = Expr::cast(CastOp::ZExt, 32, Expr::var(b));
                out.push(match self.rng.below(2) {
                    0 => Stmt::Assign {
                        dst,
                        value: Expr::bin(BinOp::Add, Expr::var(a), b),
                    },
                    _ => Stmt::Assign {
                        dst: self.flag,
                        value: Expr::bin(BinOp::Ult, Expr::var(a), b),
                    },
                });
                return;
            }
            let region = self.regions[self.rng.below(self.regions.len())];
            let write = self.rng.below(2) == 0;
            let pred = self.pred();
            let base = self.base();
            let mut at = self.rng.below(8) as u64;
            for _ in 0..1 + self.rng.below(8) {
                let bytes = [1, 1, 2, 4][self.rng.below(4)];
                let offset = match &base {
                    Some(b) if at > 0 => Expr::bin(BinOp::Add, b.clone(), Expr::int(at, 64)),
                    Some(b) => b.clone(),
                    None => Expr::int(at, 64),
                };
                let stmt = if write {
                    let value = Expr::var(self.x(bytes));
                    Stmt::Write {
                        pred: pred.clone(),
                        region,
                        offset,
                        value,
                        bytes,
                        thread: None,
                    }
                } else {
                    Stmt::Read {
                        pred: pred.clone(),
                        dst: self.x(bytes),
                        region,
                        offset,
                        bytes,
                        thread: None,
                    }
                };
                out.push(stmt);
                at += u64::from(bytes);
                // Now and then an access of another region in between.
                if self.rng.below(5) == 0 {
                    let other = self.regions[self.rng.below(self.regions.len())];
                    let (dst, offset) = (self.x(1), Expr::int(self.rng.below(16) as u64, 64));
                    out.push(Stmt::Read {
                        pred: self.pred(),
                        dst,
                        region: other,
                        offset,
                        bytes: 1,
                        thread: None,
                    });
                }
            }
        }
    }
}

/// Merging keeps one thread's effect: the same final variables (of the input), the same
/// bytes read and written in each region in the same order with the same values, and the
/// same final memory. The merged kernel verifies, and merges happen.
#[test]
fn merging_keeps_what_one_thread_does() {
    let mut merged_total = 0;
    for seed in 0..3000u64 {
        let k = random::Gen::kernel(seed);
        let mut m = k.clone();
        merged_total += predicate::merge_accesses(&mut m);
        if let Err(e) = kir::verify(&m) {
            panic!("seed {seed}: merged kernel broken: {e:?}\n{m}");
        }
        let mut rng = random::Rng(seed ^ 0xabcdef);
        let init: Vec<u64> = (0..k.vars.len())
            .map(|_| rng.next() ^ (rng.next() << 31))
            .collect();
        let run = |k: &kir::Kernel| {
            interp::Machine::new(k, &init)
                .run_bytes(10)
                .expect("straight-line code runs")
        };
        let ((before, (bytes_before, mem_before)), (after, (bytes_after, mem_after))) =
            (run(&k), run(&m));
        let vars = |o: &interp::Outcome| match o {
            interp::Outcome::Done(vars, _) => vars[..k.vars.len()].to_vec(),
            other => panic!("seed {seed}: {other:?}"),
        };
        let context = || format!("seed {seed}\n{k}\nmerged:\n{m}");
        assert_eq!(vars(&before), vars(&after), "variables: {}", context());
        for r in 0..k.regions.len() as u32 {
            let of = |t: &[(bool, u32, u64, u8)]| -> Vec<(bool, u64, u8)> {
                t.iter()
                    .filter(|e| e.1 == r)
                    .map(|&(w, _, at, v)| (w, at, v))
                    .collect()
            };
            assert_eq!(
                of(&bytes_before),
                of(&bytes_after),
                "region {r}: {}",
                context()
            );
        }
        assert_eq!(mem_before, mem_after, "memory: {}", context());
    }
    assert!(merged_total > 3000, "only {merged_total} accesses merged");
}
