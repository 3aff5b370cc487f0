//! Levels: the hard-coded one (seed §3.1) and `generateLine` chains (seed §4.3), built
//! into areas with their portals wired both ways.

use torchlit_procgen::{AreaKind, Difficulty, level_chain, maze};
use torchlit_rng::Seed;

use super::MazeError;
use super::area::{Area, AreaId, SignalId, side_of};
use super::geometry::{Side, arrival};
use super::portal::{Link, PortalState};
use super::rules::{BOSS_KEY_ID, KeyNumber, MAX_LEVEL_LENGTH, SPAWN_KEY_ID};

/// Which level to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LevelKind {
    /// ICMaze's `generateHardCodedLevel()`: `Spawn`, `SmallArea`, `MediumArea`,
    /// `LargeArea` (all `HARDEST`), `BossArea`, joined east to west.
    Fixed,
    /// `generateLine` (procgen's [`level_chain`]) with `length` maze areas between
    /// `Spawn` and `BossArea` (0 goes straight to the boss).
    Generated {
        /// Maze areas, 0 to [`MAX_LEVEL_LENGTH`].
        length: u32,
    },
}

/// One area to build.
struct Spec {
    kind: AreaKind,
    difficulty: Option<Difficulty>,
    entry: Option<Side>,
    exit: Option<Side>,
    seed: Seed,
}

/// Caps each maze area's kind at one size above the maze area before it (the first at
/// small): [`Rules::size_ramp`](super::Rules::size_ramp).
fn ramp(specs: &mut [Spec]) {
    let mut cap = AreaKind::Small;
    for spec in specs.iter_mut().filter(|s| s.kind.is_maze()) {
        if spec.kind.side() > cap.side() {
            spec.kind = cap;
        }
        cap = match spec.kind {
            AreaKind::Small => AreaKind::Medium,
            _ => AreaKind::Large,
        };
    }
}

fn specs(seed: Seed, level: LevelKind) -> Result<Vec<Spec>, MazeError> {
    match level {
        LevelKind::Fixed => {
            let kinds = [
                AreaKind::Spawn,
                AreaKind::Small,
                AreaKind::Medium,
                AreaKind::Large,
                AreaKind::Boss,
            ];
            let last = kinds.len() - 1;
            Ok(kinds
                .iter()
                .enumerate()
                .map(|(i, &kind)| Spec {
                    kind,
                    difficulty: kind.is_maze().then_some(Difficulty::HARDEST),
                    entry: (i > 0).then_some(Side::W),
                    exit: (i < last).then_some(Side::E),
                    seed: seed.derive("maze/fixed-level/area", &[i as i64]),
                })
                .collect())
        }
        LevelKind::Generated { length } => {
            if length > MAX_LEVEL_LENGTH {
                return Err(MazeError::LevelTooLong { length, max: MAX_LEVEL_LENGTH });
            }
            let chain = level_chain(seed, length).map_err(MazeError::Generation)?;
            Ok(chain
                .areas()
                .iter()
                .map(|a| Spec {
                    kind: a.kind,
                    difficulty: a.difficulty,
                    entry: a.entry.map(side_of),
                    exit: a.exit.map(side_of),
                    seed: a.seed,
                })
                .collect())
        }
    }
}

/// The key identifier that opens the exit of the `index`-th area (`Spawn`'s is
/// `Integer.MAX_VALUE`; maze areas are numbered 1, 2, 3... along the level).
fn exit_key(index: usize) -> KeyNumber {
    if index == 0 { SPAWN_KEY_ID } else { index as KeyNumber }
}

/// Builds every area of `level` for `seed`, portals wired: each exit is locked with its
/// area's key (`Spawn`'s with `Integer.MAX_VALUE`), each maze entry is open, the boss's
/// entry is locked with key -1 (seed §5.1: the hero is trapped once inside), every other
/// portal stays invisible.
pub(crate) fn build(
    seed: Seed,
    level: LevelKind,
    rules: &super::Rules,
) -> Result<Vec<Area>, MazeError> {
    let clearance = rules.spawn_clearance;
    let mut specs = specs(seed, level)?;
    if rules.size_ramp && matches!(level, LevelKind::Generated { .. }) {
        ramp(&mut specs);
    }
    let boss_signal = SignalId(specs.len().saturating_sub(1) as u32);
    let mut areas = Vec::with_capacity(specs.len());
    for (i, spec) in specs.iter().enumerate() {
        let area = match spec.kind {
            AreaKind::Spawn => Area::spawn(boss_signal),
            AreaKind::Boss => Area::boss(),
            kind => {
                let difficulty = spec.difficulty.unwrap_or(Difficulty::HARDEST);
                let side = kind.side();
                let grid =
                    maze(spec.seed, side, side, difficulty).map_err(MazeError::Generation)?;
                Area::maze(
                    kind,
                    difficulty,
                    exit_key(i),
                    &grid,
                    [spec.entry, spec.exit],
                    spec.seed,
                    boss_signal,
                    clearance,
                )
            }
        };
        areas.push(area);
    }
    for i in 0..specs.len().saturating_sub(1) {
        let Some(side) = specs[i].exit else { continue };
        let back = side.opposite();
        let (here, next) = (areas[i].size(), areas[i + 1].size());
        let exit_state = PortalState::Locked;
        let link = Link { area: AreaId(i as u32 + 1), arrival: arrival(back, next) };
        areas[i].set_portal(side, exit_state, exit_key(i), link);
        let (entry_state, entry_key) = if specs[i + 1].kind == AreaKind::Boss {
            (PortalState::Locked, BOSS_KEY_ID)
        } else {
            (PortalState::Open, super::rules::NO_KEY_ID)
        };
        let link_back = Link { area: AreaId(i as u32), arrival: arrival(side, here) };
        areas[i + 1].set_portal(back, entry_state, entry_key, link_back);
    }
    Ok(areas)
}
