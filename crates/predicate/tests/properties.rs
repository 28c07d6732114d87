//! Property tests on random kernels:
//! - on loop-free CFGs, predication keeps every input statement exactly once, in its own
//!   block, in predicated form, and leaves no conditional control flow at all;
//! - on random reducible CFGs with loops, the predicated kernel behaves like the input
//!   (same final variables, same memory events in the same order, same failed assertion,
//!   or both infeasible), and every `Choice` has exactly one feasible target;
//! - the same for the structured predicator on random structured CFGs (nested if/else,
//!   if-without-else, while and do-while loops), which it must accept.

mod interp;

use std::collections::{HashMap, HashSet};

use interp::{Machine, Outcome};
use kir::*;
use predicate::{Predicator, Structured, Unstructured};

/// A small deterministic generator (64-bit LCG), so failures are reproducible by seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

struct Gen {
    rng: Rng,
    xs: Vec<Var>,
    flag: Var,
    region: Region,
    line: u32,
    havoc: bool,
}

impl Gen {
    fn x(&mut self) -> Var {
        self.xs[self.rng.below(self.xs.len())]
    }

    fn offset(&mut self) -> Expr {
        let x = Expr::var(self.x());
        Expr::cast(CastOp::ZExt, 64, Expr::bin(BinOp::And, x, Expr::int(3, 8)))
    }

    fn cond(&mut self) -> Expr {
        let ops = [BinOp::Ult, BinOp::Eq, BinOp::Sgt, BinOp::Ne];
        let op = ops[self.rng.below(ops.len())];
        let a = Expr::var(self.x());
        let b = if self.rng.chance(50) {
            Expr::var(self.x())
        } else {
            Expr::int(self.rng.next() % 256, 8)
        };
        Expr::bin(op, a, b)
    }

    fn stmt(&mut self) -> Stmt {
        let (dst, src) = (self.x(), self.x());
        let pred = if self.rng.chance(30) {
            Expr::var(self.flag)
        } else {
            Expr::tt()
        };
        let kinds = if self.havoc { 11 } else { 10 };
        match self.rng.below(kinds) {
            0 | 1 => {
                let ops = [BinOp::Add, BinOp::Xor, BinOp::Sub, BinOp::Mul];
                let op = ops[self.rng.below(ops.len())];
                let k = Expr::int((self.rng.next() % 256) | 1, 8);
                Stmt::Assign {
                    dst,
                    value: Expr::bin(op, Expr::var(src), k),
                }
            }
            2 => Stmt::Assign {
                dst: self.flag,
                value: self.cond(),
            },
            3 => Stmt::Assume {
                cond: Expr::ne(Expr::var(src), Expr::int(self.rng.next() % 256, 8)),
            },
            4 => Stmt::Assert {
                cond: Expr::ne(Expr::var(src), Expr::int(self.rng.next() % 256, 8)),
                origin: AssertOrigin::User,
            },
            5 => Stmt::Barrier {
                pred,
                fence: Fence {
                    local: true,
                    global: false,
                },
                scope: BarrierScope::Group,
                flags: FenceFlags::default(),
            },
            6 => Stmt::Read {
                pred,
                dst,
                region: self.region,
                offset: self.offset(),
                bytes: 1,
                thread: None,
            },
            7 => Stmt::Write {
                pred,
                region: self.region,
                offset: self.offset(),
                value: Expr::var(src),
                bytes: 1,
                thread: None,
            },
            8 => Stmt::Atomic {
                pred,
                dst: Some(dst),
                region: self.region,
                offset: self.offset(),
                bytes: 1,
                op: "inc".into(),
                thread: None,
            },
            9 => Stmt::HavocMemory {
                pred,
                region: self.region,
            },
            _ => Stmt::Havoc { dst },
        }
    }

    /// A kernel of `n` blocks, laid out in a random order after the entry. Edges go
    /// forward only, unless `back` is the percentage of edges allowed to go backwards.
    fn kernel(&mut self, n: usize, back: u64) -> Kernel {
        let mut k = Kernel::new("random");
        k.files.push("random.cl".into());
        self.xs = (0..3)
            .map(|i| k.add_var(format!("x{i}"), Ty::Bv(8), VarKind::Private))
            .collect();
        self.flag = k.add_var("flag", Ty::Bool, VarKind::Private);
        self.region = k.add_region(RegionData {
            name: "A".into(),
            space: Space::Global,
            elem_bytes: 1,
            size_bytes: Some(4),
            origin: RegionOrigin::Param { index: 0 },
            dims: Vec::new(),
        });
        let blocks: Vec<Block> = (0..n)
            .map(|i| k.add_block(format!("n{i}"), Terminator::Return))
            .collect();
        for i in 0..n {
            for _ in 0..self.rng.below(4) {
                self.line += 1;
                let loc = Some(Loc {
                    file: 0,
                    line: self.line,
                    col: 1,
                });
                let s = StmtData::new(self.stmt(), loc);
                k.block_mut(blocks[i]).stmts.push(s);
            }
            let target = |g: &mut Self| {
                if i + 1 < n && !g.rng.chance(back) {
                    blocks[i + 1 + g.rng.below(n - i - 1)]
                } else {
                    blocks[g.rng.below(i + 1)]
                }
            };
            let forward_only = back == 0 && i + 1 == n;
            let term = match if forward_only { 0 } else { self.rng.below(10) } {
                0 if i + 1 == n || self.rng.chance(50) => Terminator::Return,
                0 => Terminator::Unreachable,
                1..=4 => Terminator::Goto(target(self)),
                5..=8 => Terminator::Branch {
                    cond: self.cond(),
                    then_to: target(self),
                    else_to: target(self),
                },
                _ => Terminator::Switch {
                    value: Expr::var(self.x()),
                    cases: vec![(self.rng.next() % 4, target(self)), (1, target(self))],
                    default: target(self),
                },
            };
            k.block_mut(blocks[i]).term = term;
        }
        let mut rest = blocks[1..].to_vec();
        for i in (1..rest.len()).rev() {
            rest.swap(i, self.rng.below(i + 1));
        }
        k.layout = std::iter::once(blocks[0]).chain(rest).collect();
        k
    }
}

/// Random structured kernels: nested sequences of statements, if/else diamonds (an arm
/// may be empty), `while` and `do`-`while` loops, each loop bounded by a counter of its own.
impl Gen {
    fn structured(&mut self, size: usize) -> Kernel {
        let mut k = self.kernel(1, 0);
        let entry = k.layout[0];
        k.block_mut(entry).term = Terminator::Unreachable;
        let mut budget = size;
        let end = self.region(&mut k, entry, 0, &mut budget);
        k.block_mut(end).term = Terminator::Return;
        let mut rest: Vec<Block> = (1..k.blocks.len()).map(Block::new).collect();
        for i in (1..rest.len()).rev() {
            rest.swap(i, self.rng.below(i + 1));
        }
        k.layout = std::iter::once(entry).chain(rest).collect();
        k
    }

    fn block(&mut self, k: &mut Kernel) -> Block {
        let b = k.add_block(format!("n{}", k.blocks.len()), Terminator::Unreachable);
        for _ in 0..self.rng.below(3) {
            self.line += 1;
            let loc = Some(Loc {
                file: 0,
                line: self.line,
                col: 1,
            });
            let s = StmtData::new(self.stmt(), loc);
            k.block_mut(b).stmts.push(s);
        }
        b
    }

    /// Appends constructs after `cur` (whose terminator is still open); returns the
    /// block the region ends in, its terminator open.
    fn region(&mut self, k: &mut Kernel, mut cur: Block, depth: u32, budget: &mut usize) -> Block {
        while *budget > 0 && !self.rng.chance(20) {
            *budget -= 1;
            let deep = depth < 3;
            let next = self.block(k);
            match self.rng.below(4) {
                1 | 2 if deep => {
                    let then_to = self.block(k);
                    let t = self.region(k, then_to, depth + 1, budget);
                    k.block_mut(t).term = Terminator::Goto(next);
                    let else_to = if self.rng.chance(40) {
                        next
                    } else {
                        let e = self.block(k);
                        let end = self.region(k, e, depth + 1, budget);
                        k.block_mut(end).term = Terminator::Goto(next);
                        e
                    };
                    let cond = self.cond();
                    k.block_mut(cur).term = Terminator::Branch {
                        cond,
                        then_to,
                        else_to,
                    };
                }
                3 if deep => {
                    let n = k.add_var(format!("c{}", k.vars.len()), Ty::Bv(8), VarKind::Private);
                    let zero = Stmt::Assign {
                        dst: n,
                        value: Expr::int(0, 8),
                    };
                    k.block_mut(cur).stmts.push(StmtData::new(zero, None));
                    let body = self.block(k);
                    let step = Stmt::Assign {
                        dst: n,
                        value: Expr::bin(BinOp::Add, Expr::var(n), Expr::int(1, 8)),
                    };
                    k.block_mut(body).stmts.push(StmtData::new(step, None));
                    let bound = Expr::bin(BinOp::Ult, Expr::var(n), Expr::int(3, 8));
                    let cond = Expr::and(bound, self.cond());
                    let end = self.region(k, body, depth + 1, budget);
                    if self.rng.chance(50) {
                        // while: the head tests, the body's end goes back.
                        let head = self.block(k);
                        k.block_mut(cur).term = Terminator::Goto(head);
                        k.block_mut(head).term = Terminator::Branch {
                            cond,
                            then_to: body,
                            else_to: next,
                        };
                        k.block_mut(end).term = Terminator::Goto(head);
                    } else {
                        // do-while: the body's end tests.
                        k.block_mut(cur).term = Terminator::Goto(body);
                        k.block_mut(end).term = Terminator::Branch {
                            cond,
                            then_to: body,
                            else_to: next,
                        };
                    }
                }
                _ => k.block_mut(cur).term = Terminator::Goto(next),
            }
            cur = next;
        }
        cur
    }
}

fn gen(seed: u64, havoc: bool) -> Gen {
    Gen {
        rng: Rng(seed),
        xs: Vec::new(),
        flag: Var(0),
        region: Region(0),
        line: 0,
        havoc,
    }
}

/// Undoes Table 1 for the statements predicated from one input statement, under `act`.
fn unpredicate(group: &[&StmtData], act: &Expr, locals: &HashSet<Var>) -> Option<Stmt> {
    let strip = |e: &Expr| match e {
        Expr::Binary(BinOp::Implies, a, c) if **a == *act => Some((**c).clone()),
        _ => None,
    };
    let unguard = |p: &Expr| match p {
        p if p == act => Some(Expr::tt()),
        Expr::Binary(BinOp::And, a, p) if **a == *act => Some((**p).clone()),
        _ => None,
    };
    let only = |s: &Stmt| -> Option<Stmt> {
        let mut s = s.clone();
        match &mut s {
            // A block-local temporary is assigned unguarded.
            Stmt::Assign { dst, .. } if locals.contains(dst) => {}
            Stmt::Assign { dst, value } => match value {
                Expr::Ite(c, e, keep) if **c == *act && **keep == Expr::var(*dst) => {
                    *value = (**e).clone()
                }
                _ => return None,
            },
            Stmt::Assume { cond } | Stmt::Assert { cond, .. } => *cond = strip(cond)?,
            Stmt::Barrier { pred, .. }
            | Stmt::Read { pred, .. }
            | Stmt::Write { pred, .. }
            | Stmt::Atomic { pred, .. }
            | Stmt::HavocMemory { pred, .. } => *pred = unguard(pred)?,
            Stmt::Havoc { dst } if locals.contains(dst) => {}
            Stmt::Havoc { .. } => return None,
        }
        Some(s)
    };
    match group {
        [one] => only(&one.stmt),
        [first, second] => match (&first.stmt, &second.stmt) {
            (Stmt::Havoc { dst: h }, Stmt::Assign { dst, value }) => {
                let want = Expr::ite(act.clone(), Expr::var(*h), Expr::var(*dst));
                (*value == want).then_some(Stmt::Havoc { dst: *dst })
            }
            _ => None,
        },
        _ => None,
    }
}

#[test]
fn loop_free_predication_keeps_every_statement_once() {
    let mut checked = 0;
    for seed in 0..300 {
        let mut g = gen(seed, true);
        let input = g.kernel(2 + (seed as usize % 9), 0);
        let sorted = cfg::sort(input.clone()).expect("loop-free CFGs are reducible");
        let locals = predicate::block_locals(&sorted);
        let p = Unstructured.predicate(sorted).expect("predicates");
        kir::verify(&p).expect("verifies");
        assert!(cfg::loops_of(&p).is_empty(), "seed {seed}: loops appeared");
        let mut by_line: HashMap<u32, (Block, Vec<&StmtData>)> = HashMap::new();
        for (b, d) in p.laid_out() {
            assert!(
                matches!(d.term, Terminator::Goto(_) | Terminator::Return),
                "seed {seed}: {} ends in {:?}",
                d.name,
                d.term
            );
            for s in &d.stmts {
                if let Some(l) = s.loc {
                    let entry = by_line.entry(l.line).or_insert((b, Vec::new()));
                    assert_eq!(entry.0, b, "seed {seed}: line {} split over blocks", l.line);
                    entry.1.push(s);
                }
            }
        }
        let active = Var::new(
            p.vars
                .iter()
                .position(|v| v.name == "v_active")
                .expect("v_active"),
        );
        for (b, d) in input.laid_out().filter(|(b, _)| p.layout.contains(b)) {
            for s in &d.stmts {
                let line = s.loc.map(|l| l.line).expect("generated with a line");
                let (at, group) = by_line.remove(&line).expect("statement kept");
                assert_eq!(at, b, "seed {seed}: line {line} moved");
                let act = Expr::eq(Expr::var(active), Expr::int(u64::from(b.0), 32));
                assert_eq!(
                    unpredicate(&group, &act, &locals),
                    Some(s.stmt.clone()),
                    "seed {seed}"
                );
                checked += 1;
            }
        }
        assert!(
            by_line.is_empty(),
            "seed {seed}: statements appeared: {by_line:?}"
        );
    }
    assert!(checked > 1000, "only {checked} statements checked");
}

#[test]
fn predicated_kernels_behave_like_their_input() {
    let (mut compared, mut looped, mut irreducible, mut accepted) = (0, 0, 0, 0);
    let mut outcomes: HashMap<&str, usize> = HashMap::new();
    for seed in 0..4000u64 {
        let mut g = gen(seed, false);
        let input = g.kernel(2 + (seed as usize % 8), 25);
        let sorted = match cfg::sort(input.clone()) {
            Ok(k) => k,
            Err(cfg::CfgError::Irreducible { .. }) => {
                irreducible += 1;
                continue;
            }
            Err(e) => panic!("seed {seed}: {e}"),
        };
        let has_loops = !cfg::loops_of(&sorted).is_empty();
        // The structured predicator takes the structured ones among these graphs.
        let s = match Structured.predicate(sorted.clone()) {
            Ok(s) => Some(s),
            Err(predicate::PredicateError::Unstructured { .. }) => None,
            Err(e) => panic!("seed {seed}: {e}"),
        };
        accepted += usize::from(s.is_some());
        let locals = predicate::block_locals(&sorted);
        let p = Unstructured.predicate(sorted).expect("predicates");
        for run in 0..4u64 {
            let init: Vec<u64> = (0..input.vars.len() as u64)
                .map(|i| ((seed * 31 + run * 7 + i * 13) * 2654435761) >> 7)
                .collect();
            let want = Machine::new(&input, &init).run(400).expect("input runs");
            let want = own_vars(want, input.vars.len(), &locals);
            if want == Outcome::OutOfFuel {
                continue;
            }
            let fuel = 402 * 3 * p.layout.len();
            let got = Machine::new(&p, &init)
                .run(fuel)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let got = own_vars(got, input.vars.len(), &locals);
            assert_eq!(got, want, "seed {seed} run {run}\n{input}\n{p}");
            if let Some(s) = &s {
                let got = Machine::new(s, &init).run(fuel);
                let got = got.unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                let got = own_vars(got, input.vars.len(), &locals);
                assert_eq!(got, want, "structured, seed {seed} run {run}\n{input}\n{s}");
            }
            compared += 1;
            looped += usize::from(has_loops);
            let kind = kind_of(&want);
            *outcomes.entry(kind).or_default() += 1;
        }
    }
    eprintln!("compared {compared}, with loops {looped}, irreducible {irreducible}, structured {accepted}: {outcomes:?}");
    assert!(
        accepted > 300,
        "the structured predicator took only {accepted} graphs"
    );
    assert!(compared > 3000, "only {compared} runs compared");
    assert!(
        looped > 1000,
        "only {looped} runs with loops ({irreducible} irreducible)"
    );
    for kind in ["done", "assert", "infeasible"] {
        assert!(
            outcomes.get(kind).copied().unwrap_or(0) > 100,
            "few {kind}: {outcomes:?}"
        );
    }
}

#[test]
fn structured_predication_behaves_like_its_input() {
    let (mut compared, mut looped) = (0, 0);
    let mut outcomes: HashMap<&str, usize> = HashMap::new();
    for seed in 0..2000u64 {
        let mut g = gen(seed, false);
        let input = g.structured(2 + (seed as usize % 10));
        let sorted = cfg::sort(input.clone()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let has_loops = !cfg::loops_of(&sorted).is_empty();
        let locals = predicate::block_locals(&sorted);
        let p = Structured
            .predicate(sorted)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{input}"));
        kir::verify(&p).unwrap_or_else(|e| panic!("seed {seed}: {e:?}\n{p}"));
        for run in 0..4u64 {
            let init: Vec<u64> = (0..input.vars.len() as u64)
                .map(|i| ((seed * 31 + run * 7 + i * 13) * 2654435761) >> 7)
                .collect();
            let want = Machine::new(&input, &init).run(400).expect("input runs");
            let want = own_vars(want, input.vars.len(), &locals);
            if want == Outcome::OutOfFuel {
                continue;
            }
            let got = Machine::new(&p, &init)
                .run(402 * 3 * p.layout.len())
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let got = own_vars(got, input.vars.len(), &locals);
            assert_eq!(got, want, "seed {seed} run {run}\n{input}\n{p}");
            compared += 1;
            looped += usize::from(has_loops);
            let kind = kind_of(&want);
            *outcomes.entry(kind).or_default() += 1;
        }
    }
    eprintln!("structured: compared {compared}, with loops {looped}: {outcomes:?}");
    assert!(compared > 4000, "only {compared} runs compared");
    assert!(looped > 1500, "only {looped} runs with loops");
    // Assertions and assumptions fail rarely here (no `unreachable`): a few of each.
    for (kind, least) in [("done", 1000), ("assert", 10), ("infeasible", 10)] {
        assert!(
            outcomes.get(kind).copied().unwrap_or(0) > least,
            "few {kind}: {outcomes:?}"
        );
    }
}

/// Random kernels in every phase up to predication print as KIR text that parses back to
/// a kernel printing the same, whose inferred variable types are consistent (it verifies;
/// a variable the text only havocs or switches on has no width to infer).
#[test]
fn random_kernels_round_trip_through_text() {
    let mut checked = 0;
    for seed in 0..600u64 {
        let mut g = gen(seed, seed % 2 == 0);
        let input = g.kernel(2 + (seed as usize % 8), 25);
        let mut stages = vec![input.clone()];
        if let Ok(sorted) = cfg::sort(input) {
            stages.push(sorted.clone());
            stages.push(Unstructured.predicate(sorted).expect("predicates"));
        }
        let structured = g.structured(2 + (seed as usize % 8));
        if let Ok(sorted) = cfg::sort(structured) {
            stages.push(
                Structured
                    .predicate(sorted)
                    .expect("structured predication"),
            );
        }
        for k in stages {
            let text = k.to_string();
            let parsed = kir::parse::kernel(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(parsed.to_string(), text, "seed {seed}");
            kir::verify(&parsed).unwrap_or_else(|e| panic!("seed {seed}: {e:?}\n{text}"));
            checked += 1;
        }
    }
    assert!(checked > 1200, "only {checked} kernels");
}

/// `outcome` with only the input's first `n` variables (predication adds its own).
/// `outcome` with the variables of the input kernel only (`n` of them), the block-local
/// ones (`predicate::block_locals`) cleared: what a block-local variable holds at the end
/// is whatever its block last computed, active or not, and nothing reads it.
fn own_vars(outcome: Outcome, n: usize, locals: &HashSet<Var>) -> Outcome {
    match outcome {
        Outcome::Done(mut vars, events) => {
            vars.truncate(n);
            for v in locals {
                vars[v.index()] = 0;
            }
            Outcome::Done(vars, events)
        }
        other => other,
    }
}

/// A name for the kind of `outcome`, for the tests' tallies.
fn kind_of(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Done(..) => "done",
        Outcome::AssertFailed(..) => "assert",
        Outcome::Infeasible => "infeasible",
        Outcome::OutOfFuel => "fuel",
    }
}
