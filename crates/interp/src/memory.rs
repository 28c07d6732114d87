//! Memory and the access log that finds races.
//!
//! Every region has one instance per owner: global and constant regions one for the
//! launch, local regions one per group, private arrays one per thread. An instance holds
//! the bytes written to it; a byte nobody wrote reads as a seeded pseudo-random fill.
//!
//! The log keeps, per byte of a global or local instance, the accesses made to it that no
//! barrier has yet ordered, each with the barrier epochs it was made in: a later access by
//! another thread conflicts with it unless a barrier whose fence orders the byte's memory
//! separates them (a group barrier for threads of one group, a grid barrier for all).

use std::collections::HashMap;

use kir::{AccessKind, Loc, Region};

use crate::rng::hash;
use crate::Fill;

/// Which instance of a region: the region and its owner (0, the group's or the thread's
/// index).
pub(crate) type InstanceKey = (Region, u32);

#[derive(Clone, Debug, Default)]
struct Instance {
    bytes: HashMap<u64, u8>,
    /// Which fill unwritten bytes read as (changes when the instance is havocked).
    generation: u64,
}

#[derive(Clone, Debug)]
pub(crate) struct Memory {
    seed: u64,
    fill: Fill,
    instances: HashMap<InstanceKey, Instance>,
}

impl Memory {
    pub(crate) fn new(seed: u64, fill: Fill) -> Memory {
        Memory {
            seed,
            fill,
            instances: HashMap::new(),
        }
    }

    fn fill(&self, key: InstanceKey, generation: u64, offset: u64) -> u8 {
        let h = hash(&[self.seed, key.0 .0 as u64, key.1 as u64, generation, offset]);
        match self.fill {
            Fill::Random => h as u8,
            Fill::Zero => 0,
            Fill::Small if offset.is_multiple_of(4) => (h % 8) as u8,
            Fill::Small => 0,
        }
    }

    fn byte(&self, key: InstanceKey, offset: u64) -> u8 {
        match self.instances.get(&key) {
            Some(i) => match i.bytes.get(&offset) {
                Some(b) => *b,
                None => self.fill(key, i.generation, offset),
            },
            None => self.fill(key, 0, offset),
        }
    }

    /// `bytes` bytes at `offset`, little-endian.
    pub(crate) fn read(&self, key: InstanceKey, offset: u64, bytes: u32) -> u64 {
        (0..bytes.min(8) as u64).fold(0, |v, i| {
            v | (self.byte(key, offset.wrapping_add(i)) as u64) << (8 * i)
        })
    }

    pub(crate) fn write(&mut self, key: InstanceKey, offset: u64, bytes: u32, value: u64) {
        let inst = self.instances.entry(key).or_default();
        for i in 0..bytes.min(8) as u64 {
            inst.bytes
                .insert(offset.wrapping_add(i), (value >> (8 * i)) as u8);
        }
    }

    /// Every byte of the instance takes a new arbitrary (seeded) value.
    pub(crate) fn havoc(&mut self, key: InstanceKey) {
        let inst = self.instances.entry(key).or_default();
        inst.bytes.clear();
        inst.generation += 1;
    }

    /// The instance `dst` holds what `src` holds, byte for byte.
    pub(crate) fn copy(&mut self, dst: InstanceKey, src: InstanceKey) {
        let from = self.instances.get(&src).cloned().unwrap_or_default();
        let mut bytes = from.bytes;
        // The unwritten bytes of `src` are its fill: copy a window of it that covers what
        // kernels index (the fill of other offsets differs, an approximation).
        for off in 0..4096u64 {
            bytes
                .entry(off)
                .or_insert_with(|| self.fill(src, from.generation, off));
        }
        self.instances.insert(
            dst,
            Instance {
                bytes,
                generation: from.generation + 1,
            },
        );
    }
}

/// One logged access.
#[derive(Clone, Debug)]
pub(crate) struct Record {
    pub thread: u32,
    pub group: u32,
    pub kind: AccessKind,
    pub loc: Option<Loc>,
    pub offset: u64,
    pub bytes: u32,
    pub value: u64,
    /// The group's barrier epoch for this memory, and the grid's, when it was made.
    pub epoch: u64,
    pub grid_epoch: u64,
}

/// The epochs an access is made in, to judge the logged ones.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Now {
    pub group: u32,
    pub epoch: u64,
    pub grid_epoch: u64,
    /// The memory is per group (only threads of one group share it).
    pub local: bool,
}

impl Now {
    fn ordered(&self, r: &Record) -> bool {
        r.grid_epoch < self.grid_epoch || (r.group == self.group && r.epoch < self.epoch)
    }

    /// Ordered before every access any thread can still make.
    fn stale(&self, r: &Record) -> bool {
        r.grid_epoch < self.grid_epoch
            || (self.local && r.group == self.group && r.epoch < self.epoch)
    }
}

/// A conflict of a new access with a logged one.
#[derive(Clone, Debug)]
pub(crate) struct Conflict {
    pub earlier: Record,
    pub byte: u64,
    /// Both plain writes, of equal bytes wherever they conflict.
    pub equal_values: bool,
}

fn conflicts(a: AccessKind, b: AccessKind) -> bool {
    use AccessKind::*;
    !matches!((a, b), (Read, Read) | (Atomic, Atomic))
}

fn byte_of(r: &Record, byte: u64) -> u8 {
    (r.value >> (8 * byte.wrapping_sub(r.offset).min(7))) as u8
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Log {
    cells: HashMap<(InstanceKey, u64), Vec<Record>>,
}

impl Log {
    /// Logs `new` against `key`'s bytes; the conflict it makes with an access another
    /// thread logged, if any (one that is not an equal-value write-write conflict first).
    pub(crate) fn access(&mut self, key: InstanceKey, new: Record, now: Now) -> Option<Conflict> {
        let mut found: Option<Conflict> = None;
        for i in 0..new.bytes.min(8) as u64 {
            let byte = new.offset.wrapping_add(i);
            let cell = self.cells.entry((key, byte)).or_default();
            cell.retain(|r| !now.stale(r));
            for r in cell.iter() {
                if r.thread == new.thread || !conflicts(r.kind, new.kind) || now.ordered(r) {
                    continue;
                }
                let equal = r.kind == AccessKind::Write
                    && new.kind == AccessKind::Write
                    && byte_of(r, byte) == byte_of(&new, byte);
                // A conflict that is not an equal-value write-write one first; then one
                // with an access of the new one's kind (a store that races with another
                // thread's load and store of the same vector shows the write-write race).
                let better = match &found {
                    None => true,
                    Some(f) => {
                        (f.equal_values && !equal)
                            || (f.equal_values == equal
                                && f.earlier.kind != new.kind
                                && r.kind == new.kind)
                    }
                };
                if better {
                    found = Some(Conflict {
                        earlier: r.clone(),
                        byte,
                        equal_values: equal,
                    });
                }
            }
            cell.retain(|r| {
                !(r.thread == new.thread
                    && r.kind == new.kind
                    && r.epoch == new.epoch
                    && r.grid_epoch == new.grid_epoch)
            });
            cell.push(new.clone());
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(thread: u32, kind: AccessKind, value: u64) -> Record {
        Record {
            thread,
            group: 0,
            kind,
            loc: None,
            offset: 0,
            bytes: 4,
            value,
            epoch: 0,
            grid_epoch: 0,
        }
    }

    #[test]
    fn a_store_shows_its_conflict_with_a_store_before_one_with_a_load() {
        // Thread 0 loads and stores a word (a vector lane update as compiled); thread 1
        // then stores it: the write-write race, not only the read-write one.
        let now = Now {
            group: 0,
            epoch: 0,
            grid_epoch: 0,
            local: true,
        };
        let key = (kir::Region::new(0), 0);
        let mut log = Log::default();
        assert!(log
            .access(key, record(0, AccessKind::Read, 5), now)
            .is_none());
        assert!(log
            .access(key, record(0, AccessKind::Write, 6), now)
            .is_none());
        let c = log.access(key, record(1, AccessKind::Write, 7), now);
        let c = c.expect("a conflict");
        assert_eq!(c.earlier.kind, AccessKind::Write);
        assert!(!c.equal_values);
        // A load after them conflicts with the store (the only kind it races with).
        let c = log.access(key, record(2, AccessKind::Read, 0), now);
        assert_eq!(c.map(|c| c.earlier.kind), Some(AccessKind::Write));
    }
}
