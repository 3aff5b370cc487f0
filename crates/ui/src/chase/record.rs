//! Recordings of chases a person plays: mode `chase-play`, one input per step of the
//! person's (the opponent's steps follow from its strategy), so they replay like every
//! game. Chases watched between two strategies are recorded as mode `chase` (see
//! `crate::replay`).

use serde::{Deserialize, Serialize};
use torchlit_geom::Direction;
use torchlit_save::recording::{Header, StartFile};
use torchlit_sim::Turn;
use torchlit_sim::formats::Dungeon;
use torchlit_sim::modes::chase::{HeroKind, MonsterKind, Move, Role, StrategyMaker};

use super::ChaseScreen;
use crate::record::{CHECKPOINT_TURNS, Recorder};
use crate::replay::{Replayable, StartError};
use crate::{Frame, Screen};

/// The mode name of a chase a person plays, in recordings.
pub const MODE: &str = "chase-play";

/// The layout version of [`PlayStart`].
const PLAY_START_VERSION: u32 = 1;

/// A `chase-play` recording's options: the person's side, the opponent and the limit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct PlayStart {
    version: u32,
    /// Whether the person plays the hero (else the monster).
    hero: bool,
    /// The opponent: its index in `MonsterKind::ALL` (the person is the hero) or in
    /// `HeroKind::ALL`.
    opponent: u8,
    /// Turns after which the hero has survived (`None`: no limit).
    limit: Option<u64>,
}

/// A step as recorded: 0 stays, 1 to 8 step in [`Direction::ALL`] order.
pub fn move_code(mv: Move) -> u8 {
    match mv {
        Move::Stay => 0,
        Move::Step(d) => Direction::ALL.iter().position(|&x| x == d).map_or(0, |i| i as u8 + 1),
    }
}

/// The step a recorded code stands for (an unknown code stays).
pub fn code_move(code: u8) -> Move {
    match usize::from(code).checked_sub(1).and_then(|i| Direction::ALL.get(i)) {
        Some(&d) => Move::Step(d),
        None => Move::Stay,
    }
}

/// The recorder of a chase in which a person plays `role` against `opponent` on
/// `dungeon` (made from `seed`, else 0), ending at `limit`.
///
/// # Errors
/// An opponent that is not built in (a script: such a recording is not made).
pub fn chase_play_recorder(
    name: &str,
    dungeon: &Dungeon,
    role: Role,
    opponent: &StrategyMaker,
    seed: u64,
    limit: Option<Turn>,
) -> Result<Recorder<u8>, String> {
    let index = match role {
        Role::Hero => MonsterKind::ALL.iter().position(|k| k.strategy().name() == opponent.name()),
        Role::Monster => HeroKind::ALL.iter().position(|k| k.strategy().name() == opponent.name()),
    };
    let opponent = index
        .and_then(|i| u8::try_from(i).ok())
        .ok_or_else(|| format!("the opponent {} is not built in", opponent.name()))?;
    let start = PlayStart {
        version: PLAY_START_VERSION,
        hero: role == Role::Hero,
        opponent,
        limit: limit.map(|t| t.0),
    };
    let options = postcard::to_allocvec(&start).map_err(|e| format!("the chase options: {e}"))?;
    let file =
        StartFile::Contents { name: name.to_string(), bytes: dungeon.to_text().into_bytes() };
    Ok(Recorder::new(MODE, seed, file, options, CHECKPOINT_TURNS))
}

/// `chase-play`: the person's steps.
pub(crate) struct ChasePlayReplay;

impl Replayable for ChasePlayReplay {
    type Input = u8;
    type Game = ChaseScreen;
    // A chase screen clones by replaying its steps: seeking back starts over instead.
    const SNAPSHOT_EVERY: u64 = u64::MAX;

    fn start(header: &Header) -> Result<ChaseScreen, StartError> {
        let StartFile::Contents { name, bytes } = &header.file else {
            return Err(StartError::NoDungeon);
        };
        let dungeon = Dungeon::parse(bytes)?;
        let start: PlayStart = postcard::from_bytes(&header.options)
            .map_err(|source| StartError::Options { mode: "chase", source })?;
        if start.version != PLAY_START_VERSION {
            let version = start.version;
            return Err(StartError::UnknownVersion { mode: "chase-play", version });
        }
        let i = usize::from(start.opponent);
        let (role, opponent): (Role, Option<StrategyMaker>) = if start.hero {
            (Role::Hero, MonsterKind::ALL.get(i).map(|&k| k.into()))
        } else {
            (Role::Monster, HeroKind::ALL.get(i).map(|&k| k.into()))
        };
        let opponent = opponent.ok_or(StartError::UnknownOpponent(i))?;
        let screen = ChaseScreen::play(name.clone(), &dungeon, role, opponent, false)?;
        let mut screen = screen.with_start(header.seed, start.limit.map(Turn))?;
        screen.replay = true;
        if let Some(p) = &mut screen.person {
            p.recorder = None;
        }
        Ok(screen)
    }

    fn step(game: &mut ChaseScreen, input: &u8) -> Vec<String> {
        game.play_step(code_move(*input));
        Vec::new()
    }

    fn hash(game: &ChaseScreen) -> u64 {
        game.game().state_hash()
    }

    fn turns(game: &ChaseScreen) -> u64 {
        game.game().turn().0
    }

    fn render(game: &ChaseScreen, _: &[String], frame: &mut Frame) {
        game.render(frame);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_has_its_own_code() {
        let mut moves = vec![Move::Stay];
        moves.extend(Direction::ALL.map(Move::Step));
        for mv in moves {
            assert_eq!(code_move(move_code(mv)), mv);
        }
        assert_eq!(code_move(200), Move::Stay);
    }
}
