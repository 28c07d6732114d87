//! The launch: every thread's state, memory, the access log and the barrier epochs, and
//! the schedules that interleave the threads.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap, HashSet};

use kir::{AccessKind, Builtin, Kernel, Loc, Phase, Region, Space, VarKind};

use crate::exec::{Slot, Status, ThreadState};
use crate::memory::{Log, Memory, Now, Record};
use crate::params::parameters;
use crate::rng::{hash, Rng};
use crate::{AccessInfo, Config, Cut, Defect, InterpError, ScheduleResult, ThreadIds};

/// A kernel and a configuration, ready to run schedules.
pub struct Interpreter<'k> {
    k: &'k Kernel,
    cfg: Config,
    groups: Vec<[u32; 3]>,
    group_size: u32,
    /// Initial values of parameter and builtin-independent variables.
    scalars: Vec<(kir::Var, u64)>,
    buffers: Vec<(Region, Vec<u8>)>,
    unchecked: RefCell<BTreeSet<String>>,
}

/// One schedule's state.
pub(crate) struct Machine<'a> {
    pub k: &'a Kernel,
    pub seed: u64,
    pub functions: &'a HashMap<String, u64>,
    pub threads: Vec<ThreadState>,
    pub mem: Memory,
    log: Log,
    /// Per group, the barrier epochs of local and global memory; the grid's.
    epochs: Vec<[u64; 2]>,
    grid_epochs: [u64; 2],
    defects: Vec<Defect>,
    equal: Vec<Defect>,
    /// Where the run first drew a warp collective's result (`Kernel::collective_results`),
    /// and the defects recorded after it (see `ScheduleResult::collective`).
    pub collective_at: Option<Option<Loc>>,
    collective: Vec<Defect>,
    seen: HashSet<String>,
    max_defects: usize,
    pub steps: u64,
    pub max_steps: u64,
    pub deadline: Option<std::time::Instant>,
    pub stopped: bool,
    cut: Option<Cut>,
    unchecked: &'a RefCell<BTreeSet<String>>,
}

fn unlinear(mut i: u64, size: [u32; 3]) -> [u32; 3] {
    let x = (i % size[0] as u64) as u32;
    i /= size[0] as u64;
    let y = (i % size[1] as u64) as u32;
    [x, y, (i / size[1] as u64) as u32]
}

impl<'k> Interpreter<'k> {
    pub fn new(k: &'k Kernel, cfg: &Config) -> Result<Interpreter<'k>, InterpError> {
        if !matches!(k.phase, Phase::Lifted | Phase::Sorted) {
            return Err(InterpError::Unsupported {
                construct: format!(
                    "a kernel in phase {:?} (only Lifted and Sorted kernels run)",
                    k.phase
                ),
                pos: None,
            });
        }
        let launch = cfg.launch;
        if launch.local_size.contains(&0) || launch.num_groups.contains(&0) {
            return Err(InterpError::Config(
                "the launch must have at least one thread and one group in every dimension".into(),
            ));
        }
        let groups = match &cfg.groups {
            Some(gs) => {
                let mut gs = gs.clone();
                gs.dedup();
                if let Some(g) = gs
                    .iter()
                    .find(|g| (0..3).any(|d| g[d] >= launch.num_groups[d]))
                {
                    return Err(InterpError::Config(format!(
                        "group {g:?} is outside the launch's {:?} groups",
                        launch.num_groups
                    )));
                }
                gs
            }
            None => {
                let n = launch.num_groups.iter().map(|&g| g as u64).product::<u64>();
                if n > cfg.max_threads {
                    return Err(InterpError::Config(format!(
                        "{n} groups are too many to run"
                    )));
                }
                (0..n).map(|i| unlinear(i, launch.num_groups)).collect()
            }
        };
        let group_size = launch.local_size.iter().map(|&s| s as u64).product::<u64>();
        let threads = group_size * groups.len() as u64;
        if threads > cfg.max_threads {
            return Err(InterpError::Config(format!(
                "{threads} threads are too many to run (at most {})",
                cfg.max_threads
            )));
        }
        let (scalars, buffers) = parameters(k, cfg)?;
        Ok(Interpreter {
            k,
            cfg: cfg.clone(),
            groups,
            group_size: group_size as u32,
            scalars,
            buffers,
            unchecked: RefCell::new(BTreeSet::new()),
        })
    }

    /// The groups that run.
    pub fn groups(&self) -> Vec<[u32; 3]> {
        self.groups.clone()
    }

    /// The scalar parameter values used, by variable name.
    pub fn scalars(&self) -> Vec<(String, u64)> {
        self.scalars
            .iter()
            .map(|(v, x)| (self.k.var(*v).name.clone(), *x))
            .collect()
    }

    /// Lowers (or raises) the statements each later schedule may execute
    /// ([`Config::max_steps`]): a caller's budget shared over several schedules.
    pub fn set_max_steps(&mut self, steps: u64) {
        self.cfg.max_steps = steps;
    }

    /// What was reached but not checked, so far.
    pub fn unchecked(&self) -> Vec<String> {
        self.unchecked.borrow().iter().cloned().collect()
    }

    fn thread(&self, index: usize) -> ThreadState {
        let gi = index as u64 / self.group_size as u64;
        let group = self.groups[gi as usize];
        let local = unlinear(
            index as u64 % self.group_size as u64,
            self.cfg.launch.local_size,
        );
        let mut vars = vec![Slot::Unset; self.k.vars.len()];
        for (v, x) in &self.scalars {
            vars[v.index()] = Slot::Val(*x);
        }
        for (i, var) in self.k.vars.iter().enumerate() {
            if let VarKind::Builtin(b) = var.kind {
                vars[i] = Slot::Val(match b {
                    Builtin::LocalId(d) => local[d as usize],
                    Builtin::GroupId(d) => group[d as usize],
                    Builtin::LocalSize(d) => self.cfg.launch.local_size[d as usize],
                    Builtin::NumGroups(d) => self.cfg.launch.num_groups[d as usize],
                } as u64);
            }
        }
        ThreadState {
            ids: ThreadIds { local, group },
            group: gi as u32,
            vars,
            block: self.k.entry(),
            index: 0,
            status: Status::Running,
            draws: 0,
        }
    }

    /// Runs schedule `i`: 0 runs each thread to its next barrier in turn, the others pick
    /// a random thread at every access.
    pub fn schedule(&self, i: usize) -> Result<ScheduleResult, InterpError> {
        let picker = match i {
            0 => Picker::InTurn,
            _ => Picker::Random(Rng::new(hash(&[self.cfg.seed, i as u64]))),
        };
        self.schedule_with(i, picker).map(|(r, _)| r)
    }

    /// Runs schedule `i` as `prefix` says: at the n-th point where more than one thread
    /// could run (at every memory access), the `prefix[n]`-th of them (the first beyond
    /// the prefix). Returns, besides the result, how many threads could run at each of
    /// those points: with it, [`crate::run`] enumerates every schedule.
    pub fn schedule_choosing(
        &self,
        i: usize,
        prefix: Vec<usize>,
    ) -> Result<(ScheduleResult, Vec<usize>), InterpError> {
        let picker = Picker::Choices {
            prefix,
            options: Vec::new(),
        };
        self.schedule_with(i, picker)
    }

    fn schedule_with(
        &self,
        i: usize,
        mut picker: Picker,
    ) -> Result<(ScheduleResult, Vec<usize>), InterpError> {
        if self.k.layout.is_empty() {
            return Err(InterpError::Unsupported {
                construct: "a kernel without blocks".into(),
                pos: None,
            });
        }
        let n = self.group_size as usize * self.groups.len();
        let mut mem = Memory::new(self.cfg.seed, self.cfg.fill);
        for (region, bytes) in &self.buffers {
            for (off, b) in bytes.iter().enumerate() {
                mem.write((*region, 0), off as u64, 1, *b as u64);
            }
        }
        let mut m = Machine {
            k: self.k,
            seed: self.cfg.seed,
            functions: &self.cfg.functions,
            threads: (0..n).map(|t| self.thread(t)).collect(),
            mem,
            log: Log::default(),
            epochs: vec![[0; 2]; self.groups.len()],
            grid_epochs: [0; 2],
            defects: Vec::new(),
            equal: Vec::new(),
            collective_at: None,
            collective: Vec::new(),
            seen: HashSet::new(),
            max_defects: self.cfg.max_defects.max(1),
            steps: 0,
            max_steps: self.cfg.max_steps,
            deadline: self.cfg.deadline,
            stopped: false,
            cut: None,
            unchecked: &self.unchecked,
        };
        let mut runnable: Vec<usize> = (0..n).collect();
        let interleave = !matches!(picker, Picker::InTurn);
        while !m.stopped {
            if runnable.is_empty() {
                if m.threads.iter().all(|t| t.status == Status::Done) {
                    break;
                }
                runnable = m.release(self.group_size as usize);
                continue;
            }
            let pick = picker.pick(runnable.len());
            let t = runnable[pick];
            m.run_thread(t, interleave)?;
            if m.threads[t].status != Status::Running {
                runnable.remove(pick);
            }
        }
        let mut defects = m.defects;
        defects.extend(m.equal);
        let result = ScheduleResult {
            schedule: i,
            defects,
            collective: m.collective,
            collective_at: m.collective_at.map(|l| l.map(|l| self.k.pos(l))),
            cut: m.cut,
            steps: m.steps,
        };
        let options = match picker {
            Picker::Choices { options, .. } => options,
            _ => Vec::new(),
        };
        Ok((result, options))
    }
}

/// How a schedule picks the next thread to run among the runnable ones.
enum Picker {
    /// Each thread to its next barrier in turn.
    InTurn,
    /// A random runnable thread at every memory access.
    Random(Rng),
    /// The given choices at the first choice points, then the first runnable thread;
    /// records how many threads could run at each choice point.
    Choices {
        prefix: Vec<usize>,
        options: Vec<usize>,
    },
}

impl Picker {
    fn pick(&mut self, runnable: usize) -> usize {
        match self {
            Picker::InTurn => 0,
            Picker::Random(rng) => rng.below(runnable),
            Picker::Choices { .. } if runnable < 2 => 0,
            Picker::Choices { prefix, options } => {
                let at = options.len();
                options.push(runnable);
                prefix.get(at).copied().unwrap_or(0).min(runnable - 1)
            }
        }
    }
}

impl Machine<'_> {
    pub(crate) fn unsupported(&self, construct: String, loc: Option<Loc>) -> InterpError {
        InterpError::Unsupported {
            construct,
            pos: loc.map(|l| self.k.pos(l)),
        }
    }

    pub(crate) fn note_unchecked(&self, loc: Option<Loc>, what: &str) {
        let at = loc
            .map(|l| format!("{}: ", self.k.pos(l)))
            .unwrap_or_default();
        self.unchecked.borrow_mut().insert(format!("{at}{what}"));
    }

    pub(crate) fn cut(&mut self, c: Cut) {
        if self.cut.is_none() {
            self.cut = Some(c);
        }
        self.stopped = true;
    }

    /// Records a defect once per kind and source positions (a race: and its two kinds of
    /// access, so that a write-write race between the threads of one statement is not
    /// taken for the read-write race it also has); stops after enough of them.
    pub(crate) fn defect(&mut self, d: Defect, locs: Vec<Option<Loc>>) {
        let kind = match &d {
            Defect::Race {
                equal_values,
                first,
                second,
                ..
            } => {
                let mut kinds = [format!("{:?}", first.kind), format!("{:?}", second.kind)];
                kinds.sort();
                format!("race {equal_values} {kinds:?}")
            }
            Defect::BarrierDivergence { .. } => "divergence".into(),
            Defect::Assertion { .. } => "assertion".into(),
            Defect::ConstantWrite { .. } => "constant".into(),
        };
        let mut locs: Vec<String> = locs.iter().map(|l| format!("{l:?}")).collect();
        locs.sort();
        if !self.seen.insert(format!("{kind} {locs:?}")) {
            return;
        }
        if self.collective_at.is_some() {
            self.collective.push(d);
            return;
        }
        if d.is_equal_value_race() {
            self.equal.push(d);
            return;
        }
        self.defects.push(d);
        if self.defects.len() >= self.max_defects {
            self.stopped = true;
        }
    }

    /// Logs an access of a global or local region and reports the race it makes.
    pub(crate) fn log(
        &mut self,
        t: usize,
        region: Region,
        (offset, bytes): (u64, u32),
        kind: AccessKind,
        value: u64,
        loc: Option<Loc>,
    ) {
        let space = self.k.region(region).space;
        let fence = match space {
            Space::Local => 0,
            Space::Global | Space::Constant => 1,
            Space::Private => return,
        };
        let g = self.threads[t].group;
        let now = Now {
            group: g,
            epoch: self.epochs[g as usize][fence],
            grid_epoch: self.grid_epochs[fence],
            local: space == Space::Local,
        };
        let record = Record {
            thread: t as u32,
            group: g,
            kind,
            loc,
            offset,
            bytes,
            value: value & kir::mask(bytes * 8),
            epoch: now.epoch,
            grid_epoch: now.grid_epoch,
        };
        let key = crate::exec::instance(self.k, region, g, t as u32);
        let Some(c) = self.log.access(key, record.clone(), now) else {
            return;
        };
        let info = |r: &Record, m: &Machine| AccessInfo {
            kind: r.kind,
            thread: m.threads[r.thread as usize].ids,
            pos: r.loc.map(|l| m.k.pos(l)),
            offset: r.offset,
            bytes: r.bytes,
            value: r.value,
        };
        let d = Defect::Race {
            array: self.k.region(region).name.clone(),
            byte: c.byte,
            first: info(&c.earlier, self),
            second: info(&record, self),
            equal_values: c.equal_values,
        };
        self.defect(d, vec![c.earlier.loc, loc]);
    }

    fn divergence(&mut self, message: &str, loc: Option<Loc>, threads: Vec<ThreadIds>) {
        let d = Defect::BarrierDivergence {
            message: message.into(),
            pos: loc.map(|l| self.k.pos(l)),
            threads,
        };
        self.defect(d, vec![loc]);
        self.stopped = true;
    }

    /// Releases the barriers every thread of a group (or, for a grid barrier, of the
    /// launch) waits at; reports divergence. The threads that run again.
    fn release(&mut self, group_size: usize) -> Vec<usize> {
        // Votes first: a thread at one is at no barrier yet.
        let voted = self.release_votes(group_size);
        if !voted.is_empty() {
            return voted;
        }
        let mut resumed = Vec::new();
        let mut grid_ready = true;
        let mut grid_waiting = None;
        for (g, start) in (0..self.threads.len()).step_by(group_size).enumerate() {
            let members = start..start + group_size;
            let waits: Vec<(usize, crate::exec::Wait)> = members
                .clone()
                .filter_map(|t| match self.threads[t].status {
                    Status::AtBarrier(w) => Some((t, w)),
                    _ => None,
                })
                .collect();
            let done = members
                .clone()
                .find(|&t| self.threads[t].status == Status::Done);
            let Some(&(first, w)) = waits.first() else {
                continue;
            };
            if let Some(d) = done {
                let threads = vec![self.threads[first].ids, self.threads[d].ids];
                self.divergence(
                    "barrier reached by some threads of a group while others have finished",
                    w.loc,
                    threads,
                );
                return Vec::new();
            }
            if let Some(&(other, v)) = waits
                .iter()
                .find(|(_, v)| (v.block, v.index) != (w.block, w.index))
            {
                let threads = vec![self.threads[first].ids, self.threads[other].ids];
                let msg = "threads of a group wait at different barriers";
                self.divergence(msg, w.loc.or(v.loc), threads);
                return Vec::new();
            }
            if w.grid {
                grid_waiting.get_or_insert((first, w));
                continue;
            }
            let local = waits.iter().all(|(_, v)| v.local);
            let global = waits.iter().all(|(_, v)| v.global);
            self.epochs[g][0] += local as u64;
            self.epochs[g][1] += global as u64;
            for &(t, _) in &waits {
                self.resume(t);
                resumed.push(t);
            }
            grid_ready = false;
        }
        if let (true, Some((first, w))) = (grid_ready && resumed.is_empty(), grid_waiting) {
            // Every thread waits at a grid barrier, or has finished.
            let all: Vec<usize> = (0..self.threads.len()).collect();
            if let Some(&d) = all
                .iter()
                .find(|&&t| self.threads[t].status == Status::Done)
            {
                let threads = vec![self.threads[first].ids, self.threads[d].ids];
                self.divergence(
                    "grid barrier reached by some threads while others have finished",
                    w.loc,
                    threads,
                );
                return Vec::new();
            }
            let mut local = true;
            let mut global = true;
            for t in &all {
                if let Status::AtBarrier(v) = self.threads[*t].status {
                    if (v.block, v.index) != (w.block, w.index) {
                        let threads = vec![self.threads[first].ids, self.threads[*t].ids];
                        self.divergence("threads wait at different grid barriers", w.loc, threads);
                        return Vec::new();
                    }
                    local &= v.local;
                    global &= v.global;
                }
            }
            self.grid_epochs[0] += local as u64;
            self.grid_epochs[1] += global as u64;
            for t in all {
                self.resume(t);
                resumed.push(t);
            }
        }
        if resumed.is_empty() && !self.stopped {
            self.divergence(
                "no thread can continue: the barriers waited at never release",
                None,
                Vec::new(),
            );
        }
        resumed
    }

    fn resume(&mut self, t: usize) {
        let th = &mut self.threads[t];
        th.status = Status::Running;
        th.index += 1;
    }
}
