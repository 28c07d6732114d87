//! A run replaying one failed check can show another defect than the one it looks for:
//! that defect is the kernel's all the same (the run is an execution of the verified
//! launch, or a valid prefix of one), so it confirms any failed check it is the defect of.
//! (PPCG syr2k's twin: a run for a possible race on a `__local` tile stopped at the
//! barrier divergence of a diagonal tile, whose own check's replay had shown nothing.)

use kir::SourcePos;

use super::messages::{fill_name, ran};
use super::{shows, Expect, Replay, ReplayOutcome, Seen};

/// What each check's replay must show, and where (`None`: the interpreter cannot judge it).
pub(super) type Wanted = Option<(Expect, Option<SourcePos>)>;

/// Marks confirmed each replay of `replays` (aligned with `wanted`) that did not show its
/// check's defect when a run of another replay showed it.
pub(super) fn confirm(wanted: &[Wanted], replays: &mut [Option<Replay>]) {
    for (i, want) in wanted.iter().enumerate() {
        let Some((expect, pos)) = want else { continue };
        match &replays[i] {
            Some(r) if r.outcome != ReplayOutcome::Confirmed => {}
            _ => continue,
        }
        let donor = (replays.iter().enumerate())
            .filter(|(j, _)| *j != i)
            .filter_map(|(_, d)| d.as_ref())
            .find_map(|d| {
                let seen = d.seen.iter().find(|s| shows(expect, pos, &s.defect))?;
                Some(by(d, seen))
            });
        if let Some(confirmed) = donor {
            replays[i] = Some(confirmed);
        }
    }
}

/// The replay that `donor`'s run `seen` makes of another check.
fn by(donor: &Replay, seen: &Seen) -> Replay {
    let (seed, fill) = seen.at;
    let values = match seen.values.as_str() {
        "" => "no parameters".to_string(),
        v => format!("parameter values {v}"),
    };
    let message = format!(
        "confirmed by execution (a run replaying another failed check: {} with {values}, {} memory, seed {seed}, schedule {})",
        ran(donor),
        fill_name(fill),
        seen.schedule,
    );
    Replay {
        outcome: ReplayOutcome::Confirmed,
        message,
        launch: donor.launch,
        groups: donor.groups.clone(),
        defect: Some(seen.defect.clone()),
        runs: 1,
        seen: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32) -> Option<SourcePos> {
        Some(SourcePos {
            file: "k.cl".into(),
            line,
            col: 3,
        })
    }

    /// A write-write race check on `array`.
    fn race(array: &str) -> Expect {
        Expect::Race {
            array: array.into(),
            first: kir::AccessKind::Write,
            second: kir::AccessKind::Write,
        }
    }

    /// An execution's race on `tile` between a `first` access at line `a` and a `second`
    /// at line `b`.
    fn ran_race(
        (first, a): (kir::AccessKind, u32),
        (second, b): (kir::AccessKind, u32),
    ) -> interp::Defect {
        let access = |kind, line, x| interp::AccessInfo {
            kind,
            thread: interp::ThreadIds {
                local: [x, 0, 0],
                group: [0; 3],
            },
            pos: at(line),
            offset: 4,
            bytes: 4,
            value: 0,
        };
        interp::Defect::Race {
            array: "tile".into(),
            byte: 4,
            first: access(first, a, 0),
            second: access(second, b, 1),
            equal_values: false,
        }
    }

    #[test]
    fn a_race_confirms_a_check_of_its_own_kinds_only() {
        use kir::AccessKind::{Read, Write};
        let pos = at(10);
        // A write-write check at line 10.
        assert!(shows(
            &race("tile"),
            &pos,
            &ran_race((Write, 10), (Write, 10))
        ));
        assert!(shows(
            &race("tile"),
            &pos,
            &ran_race((Write, 12), (Write, 10))
        ));
        // A read at line 12 racing with the write at line 10 is another defect.
        assert!(!shows(
            &race("tile"),
            &pos,
            &ran_race((Read, 12), (Write, 10))
        ));
        assert!(!shows(
            &race("tile"),
            &pos,
            &ran_race((Write, 10), (Read, 12))
        ));
        // A read-write check at line 10 (thread 2's write there): either order.
        let read_write = Expect::Race {
            array: "tile".into(),
            first: Read,
            second: Write,
        };
        assert!(shows(&read_write, &pos, &ran_race((Read, 12), (Write, 10))));
        assert!(shows(&read_write, &pos, &ran_race((Write, 10), (Read, 12))));
        // The write is not at the check's line.
        assert!(!shows(
            &read_write,
            &pos,
            &ran_race((Read, 10), (Write, 12))
        ));
        // Another array.
        assert!(!shows(
            &race("other"),
            &pos,
            &ran_race((Write, 10), (Write, 10))
        ));
    }

    fn divergence(line: u32) -> interp::Defect {
        interp::Defect::BarrierDivergence {
            message: "barrier reached by some threads".into(),
            pos: at(line),
            threads: Vec::new(),
        }
    }

    fn not_reproduced(seen: Vec<interp::Defect>) -> Option<Replay> {
        let seen = (seen.into_iter())
            .map(|defect| Seen {
                defect,
                at: (1, interp::Fill::Random),
                schedule: 2,
                values: "n = 4".into(),
            })
            .collect();
        Some(Replay {
            outcome: ReplayOutcome::NotReproduced,
            message: "not reproduced".into(),
            launch: interp::Launch {
                local_size: [8, 1, 1],
                num_groups: [4, 1, 1],
            },
            groups: vec![[3, 0, 0]],
            defect: None,
            runs: 4,
            seen,
        })
    }

    #[test]
    fn a_defect_another_replay_showed_confirms_its_check() {
        let wanted = vec![
            Some((race("tile"), at(10))),
            Some((Expect::Divergence, at(20))),
            Some((Expect::Assertion, at(30))),
        ];
        let mut replays = vec![
            not_reproduced(vec![divergence(20)]),
            not_reproduced(Vec::new()),
            not_reproduced(Vec::new()),
        ];
        confirm(&wanted, &mut replays);
        let [race, barrier, assertion] = &replays[..] else {
            panic!("three replays")
        };
        let barrier = barrier.as_ref().expect("replayed");
        assert_eq!(barrier.outcome, ReplayOutcome::Confirmed);
        assert_eq!(barrier.defect, Some(divergence(20)));
        assert_eq!(barrier.groups, vec![[3, 0, 0]]);
        assert!(
            barrier.message.contains("another failed check"),
            "{}",
            barrier.message
        );
        assert!(
            barrier.message.contains("parameter values n = 4"),
            "{}",
            barrier.message
        );
        // The run showed neither the race it looked for nor the assertion.
        for r in [race, assertion] {
            assert_eq!(
                r.as_ref().map(|r| r.outcome),
                Some(ReplayOutcome::NotReproduced)
            );
        }
    }

    #[test]
    fn a_check_without_a_replay_is_not_confirmed() {
        let wanted = vec![
            Some((race("tile"), at(10))),
            Some((Expect::Divergence, at(20))),
        ];
        // The divergence check did not fail (no replay): nothing to confirm.
        let mut replays = vec![not_reproduced(vec![divergence(20)]), None];
        confirm(&wanted, &mut replays);
        assert!(replays[1].is_none());
    }
}
