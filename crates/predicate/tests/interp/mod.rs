//! A tiny concrete interpreter of one thread's KIR, for comparing a kernel with its
//! predicated form. Memory is byte-addressed per region (a byte nobody wrote holds a fixed
//! function of its place); every effective memory access and barrier is recorded as an
//! event, and every byte read or written in a byte trace. `Choice` is resolved by the `assume`s its targets
//! start with, and the interpreter insists that exactly one target survives.

// Shared by two test binaries (`properties`, `merge`), each using part of it.
#![allow(dead_code)]

use std::collections::HashMap;

use kir::*;

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    Barrier(u32),
    Read(u32, u64, u64),
    Write(u32, u64, u64),
    Atomic(u32, u64, u64),
    HavocMemory(u32),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The thread returned: the values of the variables and the events, in order.
    Done(Vec<u64>, Vec<Event>),
    /// An assertion (by source line) failed after these events.
    AssertFailed(u32, Vec<Event>),
    /// An `assume` failed or `unreachable` was reached.
    Infeasible,
    /// The step budget ran out.
    OutOfFuel,
}

pub struct Machine<'k> {
    k: &'k Kernel,
    pub vars: Vec<u64>,
    memory: HashMap<(u32, u64), u8>,
    events: Vec<Event>,
    /// Every byte read or written: (write, region, offset, value), in order.
    bytes: Vec<(bool, u32, u64, u8)>,
}

/// What a run did byte by byte: every byte read or written (write, region, offset,
/// value) in order, and the final memory, sorted.
pub type ByteTrace = (Vec<(bool, u32, u64, u8)>, Vec<((u32, u64), u8)>);

impl<'k> Machine<'k> {
    pub fn new(k: &'k Kernel, init: &[u64]) -> Self {
        let mut vars = vec![0; k.vars.len()];
        for (i, v) in init.iter().enumerate().take(vars.len()) {
            vars[i] = *v & width_mask(k.vars[i].ty);
        }
        Machine {
            k,
            vars,
            memory: HashMap::new(),
            events: Vec::new(),
            bytes: Vec::new(),
        }
    }

    /// Runs from the entry for at most `fuel` blocks. `Err` means the predicated form broke
    /// a rule (a `Choice` with no or several feasible targets, a `havoc`).
    pub fn run(mut self, fuel: usize) -> Result<Outcome, String> {
        self.go(fuel)
    }

    /// [`Machine::run`], with what the run did byte by byte.
    pub fn run_bytes(mut self, fuel: usize) -> Result<(Outcome, ByteTrace), String> {
        let outcome = self.go(fuel)?;
        let mut memory: Vec<((u32, u64), u8)> = self.memory.into_iter().collect();
        memory.sort();
        Ok((outcome, (self.bytes, memory)))
    }

    fn go(&mut self, fuel: usize) -> Result<Outcome, String> {
        let mut b = self.k.entry();
        for _ in 0..fuel {
            let data = self.k.block(b);
            for s in &data.stmts {
                match self.stmt(s)? {
                    Flow::Go => {}
                    Flow::Stop(o) => return Ok(o),
                }
            }
            b = match &data.term {
                Terminator::Goto(t) => *t,
                Terminator::Branch {
                    cond,
                    then_to,
                    else_to,
                } => {
                    if self.eval(cond) != 0 {
                        *then_to
                    } else {
                        *else_to
                    }
                }
                Terminator::Switch {
                    value,
                    cases,
                    default,
                } => {
                    let v = self.eval(value);
                    cases
                        .iter()
                        .find(|(c, _)| *c == v)
                        .map_or(*default, |(_, t)| *t)
                }
                Terminator::Choice(ts) => {
                    let open: Vec<Block> = ts.iter().copied().filter(|&t| self.enters(t)).collect();
                    match open.as_slice() {
                        [t] => *t,
                        _ => return Err(format!("{}: {} feasible targets", data.name, open.len())),
                    }
                }
                Terminator::Return => {
                    let (vars, events) = (self.vars.clone(), std::mem::take(&mut self.events));
                    return Ok(Outcome::Done(vars, events));
                }
                Terminator::Unreachable => return Ok(Outcome::Infeasible),
            };
        }
        Ok(Outcome::OutOfFuel)
    }

    /// Whether the leading `assume`s of `b` hold.
    fn enters(&self, b: Block) -> bool {
        self.k.block(b).stmts.iter().all(|s| match &s.stmt {
            Stmt::Assume { cond } => self.eval(cond) != 0,
            _ => true,
        })
    }

    fn stmt(&mut self, s: &StmtData) -> Result<Flow, String> {
        let line = s.loc.map_or(0, |l| l.line);
        let on = |m: &Self, p: &Expr| m.eval(p) != 0;
        match &s.stmt {
            Stmt::Assign { dst, value } => self.vars[dst.index()] = self.eval(value),
            Stmt::Havoc { .. } => return Err("havoc is not deterministic".into()),
            Stmt::Assume { cond } => {
                if self.eval(cond) == 0 {
                    return Ok(Flow::Stop(Outcome::Infeasible));
                }
            }
            Stmt::Assert { cond, .. } => {
                if self.eval(cond) == 0 {
                    let events = std::mem::take(&mut self.events);
                    return Ok(Flow::Stop(Outcome::AssertFailed(line, events)));
                }
            }
            Stmt::Barrier { pred, .. } => {
                if on(self, pred) {
                    self.events.push(Event::Barrier(line));
                }
            }
            Stmt::Read {
                pred,
                dst,
                region,
                offset,
                bytes,
                ..
            } => {
                if on(self, pred) {
                    let at = self.eval(offset);
                    let v = self.load(region.0, at, *bytes);
                    self.log(false, region.0, at, *bytes, v);
                    self.vars[dst.index()] = v;
                    self.events.push(Event::Read(region.0, at, v));
                }
            }
            Stmt::Write {
                pred,
                region,
                offset,
                value,
                bytes,
                ..
            } => {
                if on(self, pred) {
                    let (at, v) = (self.eval(offset), self.eval(value));
                    self.store(region.0, at, *bytes, v);
                    self.log(true, region.0, at, *bytes, v);
                    self.events.push(Event::Write(region.0, at, v));
                }
            }
            Stmt::Atomic {
                pred,
                dst,
                region,
                offset,
                bytes,
                ..
            } => {
                if on(self, pred) {
                    let at = self.eval(offset);
                    let old = self.load(region.0, at, *bytes);
                    self.store(region.0, at, *bytes, old.wrapping_add(1));
                    if let Some(d) = dst {
                        self.vars[d.index()] = old;
                    }
                    self.events.push(Event::Atomic(region.0, at, old));
                }
            }
            Stmt::HavocMemory { pred, region } => {
                if on(self, pred) {
                    self.memory.retain(|(r, _), _| *r != region.0);
                    self.events.push(Event::HavocMemory(region.0));
                }
            }
        }
        Ok(Flow::Go)
    }

    fn log(&mut self, write: bool, r: u32, at: u64, bytes: u32, v: u64) {
        for i in 0..u64::from(bytes) {
            let byte = (v >> (8 * i)) as u8;
            self.bytes.push((write, r, at.wrapping_add(i), byte));
        }
    }

    /// Reads `bytes` bytes; a byte nobody wrote holds a fixed function of its place.
    fn load(&self, r: u32, at: u64, bytes: u32) -> u64 {
        (0..bytes as u64).fold(0, |acc, i| {
            let place = at.wrapping_add(i);
            let unwritten = (u64::from(r) * 31 + place).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56;
            let byte = self
                .memory
                .get(&(r, place))
                .copied()
                .unwrap_or(unwritten as u8);
            acc | (u64::from(byte) << (8 * i))
        })
    }

    fn store(&mut self, r: u32, at: u64, bytes: u32, v: u64) {
        for i in 0..bytes as u64 {
            self.memory
                .insert((r, at.wrapping_add(i)), (v >> (8 * i)) as u8);
        }
    }

    /// The value of `e`: bit-vectors as their low bits, Booleans as 0 or 1.
    pub fn eval(&self, e: &Expr) -> u64 {
        match e {
            Expr::Var(v) => self.vars[v.index()],
            Expr::Bool(b) => u64::from(*b),
            Expr::Int { value, .. } => *value,
            Expr::Unary(op, a) => {
                let w = self.width(a);
                let x = self.eval(a);
                match op {
                    UnOp::Not => u64::from(x == 0),
                    UnOp::BvNot => !x & mask(w),
                    UnOp::Neg => x.wrapping_neg() & mask(w),
                }
            }
            Expr::Binary(op, a, b) => binary(*op, self.width(a), self.eval(a), self.eval(b)),
            Expr::Ite(c, a, b) => {
                if self.eval(c) != 0 {
                    self.eval(a)
                } else {
                    self.eval(b)
                }
            }
            Expr::Cast(op, w, a) => {
                let from = self.width(a);
                let x = self.eval(a);
                match op {
                    CastOp::ZExt => x,
                    CastOp::SExt => (sign_extend(x, from) as u64) & mask(*w),
                    CastOp::Trunc => x & mask(*w),
                }
            }
            Expr::Apply { .. } => 0,
        }
    }

    fn width(&self, e: &Expr) -> u32 {
        match e.ty(self.k) {
            Ty::Bool => 1,
            Ty::Bv(w) => w,
        }
    }
}

enum Flow {
    Go,
    Stop(Outcome),
}

fn width_mask(t: Ty) -> u64 {
    match t {
        Ty::Bool => 1,
        Ty::Bv(w) => mask(w),
    }
}

fn binary(op: BinOp, w: u32, x: u64, y: u64) -> u64 {
    use BinOp::*;
    let m = mask(w);
    let (sx, sy) = (sign_extend(x, w), sign_extend(y, w));
    let b = |c: bool| u64::from(c);
    match op {
        Add => x.wrapping_add(y) & m,
        Sub => x.wrapping_sub(y) & m,
        Mul => x.wrapping_mul(y) & m,
        UDiv => x.checked_div(y).unwrap_or(m),
        URem => x.checked_rem(y).unwrap_or(x),
        SDiv => sx.checked_div(sy).map_or(m, |v| v as u64 & m),
        SRem => sx.checked_rem(sy).map_or(x, |v| v as u64 & m),
        Shl => x.checked_shl(y as u32).unwrap_or(0) & m,
        LShr => x.checked_shr(y as u32).unwrap_or(0),
        AShr => (sx >> y.min(63)) as u64 & m,
        And => x & y,
        Or => x | y,
        Xor => x ^ y,
        Implies => b(x == 0 || y != 0),
        Eq => b(x == y),
        Ne => b(x != y),
        Ult => b(x < y),
        Ule => b(x <= y),
        Ugt => b(x > y),
        Uge => b(x >= y),
        Slt => b(sx < sy),
        Sle => b(sx <= sy),
        Sgt => b(sx > sy),
        Sge => b(sx >= sy),
    }
}
