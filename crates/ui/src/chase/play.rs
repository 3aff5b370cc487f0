//! A person plays one side of the chase: the keys step the hero or the monster (8 ways
//! in a room, 4 in a hallway: DM503 Rogue's rule, kept by the sim), the moves possible
//! now are shown, an illegal one is refused with the reason, and the solver's verdict
//! is given at the start and the game compared with perfect play at the end.

use torchlit_geom::Direction;
use torchlit_sim::modes::chase::{Illegal, Move, PERSON_LIMIT, Person, Review, Verdict};
use torchlit_sim::modes::chase::{Role, StrategyMaker};

use super::*;

/// The controls of a chase a person plays (and the book).
pub const PLAY_CONTROLS: [(&str, &str); 8] = [
    ("arrows / h j k l", "step the arrow's way (h west, j south, k north, l east)"),
    ("y u b n", "step north-west, north-east, south-west, south-east"),
    ("1-9 (keypad)", "step the keypad's way (5 stays)"),
    (". / 5 / space", "stay where you are"),
    ("r", "start again"),
    ("?", "show / hide this help"),
    ("q / Esc", "back (the game is kept as a recording)"),
    ("Ctrl-C", "quit at once"),
];

/// The rules, as the help page says them (paragraphs, wrapped to the screen).
pub(super) const RULES: [&str; 3] = [
    "Each turn the monster moves first, then the hero; each may stay or take one step. \
     From a room cell (.) a player may step 8 ways; from a hallway cell (+) only north, \
     south, east or west; a room may step diagonally onto a hallway, not back. Walls \
     block. A speed potion (s) gives one more step a turn from the next turn on.",
    "The monster wins by reaching the hero. When a person plays, the hero wins by \
     staying free for the turn limit (100 turns unless --max-turns says otherwise).",
    "The dots (∙) are the monster's shortest way to the hero. The line above the status \
     lists your moves now: the key, then the way (N, NE, ...).",
];

/// The person's side of a chase.
#[derive(Clone, Debug)]
pub(super) struct PersonPlay {
    /// The player the person moves.
    pub(super) role: Role,
    /// Every step the person took, in order (a copy of the screen replays them).
    pub(super) moves: Vec<Move>,
    /// The game's recording (none: a replay, or an opponent a recording can't keep).
    pub(super) recorder: Option<Recorder<u8>>,
}

/// The step a key asks for (`None`: not a step key).
pub fn key_move(input: Input) -> Option<Move> {
    use Direction::*;
    let d = match input {
        Input::Up | Input::Char('k') | Input::Char('8') => North,
        Input::Down | Input::Char('j') | Input::Char('2') => South,
        Input::Left | Input::Char('h') | Input::Char('4') => West,
        Input::Right | Input::Char('l') | Input::Char('6') => East,
        Input::Char('y') | Input::Char('7') => NorthWest,
        Input::Char('u') | Input::Char('9') => NorthEast,
        Input::Char('b') | Input::Char('1') => SouthWest,
        Input::Char('n') | Input::Char('3') => SouthEast,
        Input::Char('.') | Input::Char('5') | Input::Char(' ') => return Some(Move::Stay),
        _ => return None,
    };
    Some(Move::Step(d))
}

/// The key shown for a direction.
fn key_of(d: Direction) -> &'static str {
    match d {
        Direction::North => "k",
        Direction::NorthEast => "u",
        Direction::East => "l",
        Direction::SouthEast => "n",
        Direction::South => "j",
        Direction::SouthWest => "b",
        Direction::West => "h",
        Direction::NorthWest => "y",
    }
}

/// One line for a person's step (taken in turn `turn`) and the answer: the hero's
/// `You → 8,3. Turn 5: B → 7,3.` (the monster answers in the next turn), the monster's
/// `Turn 4: You → 3,4 · @ → 5,2.` (the hero answers in the same turn).
fn describe_play(turn: u64, events: &[Event], glyph: char, person: Option<Role>) -> String {
    let name = |who: Role| {
        if Some(who) == person {
            "You".to_string()
        } else if who == Role::Hero {
            "@".to_string()
        } else {
            glyph.to_string()
        }
    };
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for e in events {
        let (who, text) = match *e {
            Event::Moved { who, to, .. } => (who, format!("{} → {to}", name(who))),
            Event::Stayed { who, .. } if Some(who) == person => (who, "You stay".to_string()),
            Event::Stayed { who, .. } => (who, format!("{} stays", name(who))),
            Event::Refused { who, direction } => {
                (who, format!("{} refused {}", name(who), short_name(direction)))
            }
            Event::Drank { who, steps_per_turn, .. } => {
                (who, format!("{} drank a potion ({steps_per_turn} steps a turn)", name(who)))
            }
            Event::Ended(_) => continue,
        };
        if Some(who) == person { mine.push(text) } else { theirs.push(text) }
    }
    if person == Some(Role::Monster) || mine.is_empty() {
        mine.extend(theirs);
        return format!("Turn {turn}: {}.", mine.join(" · "));
    }
    let mut line = mine.join(" · ");
    if !theirs.is_empty() {
        line.push_str(&format!(". Turn {}: {}", turn + 1, theirs.join(" · ")));
    }
    line.push('.');
    line
}

/// `N`, `NE`, ... .
fn short_name(d: Direction) -> &'static str {
    match d {
        Direction::North => "N",
        Direction::NorthEast => "NE",
        Direction::East => "E",
        Direction::SouthEast => "SE",
        Direction::South => "S",
        Direction::SouthWest => "SW",
        Direction::West => "W",
        Direction::NorthWest => "NW",
    }
}

/// The verdict at the start, said to the person playing `role`.
pub fn verdict_sentence(role: Role, verdict: Option<Verdict>) -> String {
    match (role, verdict) {
        (_, None) => "The dungeon is too large to solve: no verdict.".to_string(),
        (Role::Hero, Some(Verdict::MonsterWins { turns })) => {
            format!("With perfect play the monster catches you in turn {turns}.")
        }
        (Role::Hero, Some(Verdict::HeroEscapes)) => {
            "With perfect play you escape forever.".to_string()
        }
        (Role::Monster, Some(Verdict::MonsterWins { turns })) => {
            format!("With perfect play you catch the hero in turn {turns}.")
        }
        (Role::Monster, Some(Verdict::HeroEscapes)) => {
            "With perfect play the hero escapes you forever.".to_string()
        }
    }
}

/// How the person's game compared with perfect play, in a sentence.
pub fn review_sentence(review: &Review) -> String {
    let mut text =
        format!("{} of your {} steps were as good as perfect play", review.perfect, review.steps);
    if review.judged < review.steps {
        text.push_str(&format!(" ({} not judged)", review.steps - review.judged));
    }
    match review.lost_win {
        Some(turn) => text.push_str(&format!("; in turn {} a step gave away the win.", turn.0)),
        None => text.push('.'),
    }
    text
}

impl ChaseScreen {
    /// A screen on which a person plays `person` on `dungeon` (shown as `name`) against
    /// `opponent`, ending after [`PERSON_LIMIT`] turns; recorded as mode `chase-play`
    /// when the opponent is built in.
    ///
    /// # Errors
    /// The chase's refusal (not exactly one monster, too large).
    pub fn play(
        name: String,
        dungeon: &Dungeon,
        person: Role,
        opponent: impl Into<StrategyMaker>,
        back_quits: bool,
    ) -> Result<ChaseScreen, ChaseError> {
        let you = StrategyMaker::new("you", || Box::new(Person));
        let opponent = opponent.into();
        let players = match person {
            Role::Hero => (you, opponent),
            Role::Monster => (opponent, you),
        };
        let start = Start { seed: 0, limit: Some(PERSON_LIMIT), person: Some(person) };
        ChaseScreen::starting(name, dungeon, players, back_quits, start)
    }

    /// The side a person plays on this screen, if any.
    pub fn person(&self) -> Option<Role> {
        self.person.as_ref().map(|p| p.role)
    }

    /// [`ChaseScreen::starting`] for a person playing `role`: the game is played up to
    /// the person's first step.
    pub(super) fn starting_play(
        name: String,
        dungeon: &Dungeon,
        (hero, monster): (StrategyMaker, StrategyMaker),
        back_quits: bool,
        start: Start,
        role: Role,
    ) -> Result<ChaseScreen, ChaseError> {
        let opponent = if role == Role::Hero { &monster } else { &hero };
        let mut game = Chase::for_person(dungeon, role, opponent.make())?.with_limit(start.limit);
        let first = game.play_turn();
        let recorder =
            record::chase_play_recorder(&name, dungeon, role, opponent, start.seed, start.limit);
        let verdict = verdict_sentence(role, game.review().start);
        let glyph = game.board().monster_glyph();
        let message = match (&recorder, first.is_empty()) {
            (Err(e), _) => format!("{verdict} Not recorded: {e}."),
            (Ok(_), true) => format!("{verdict} Your step (? for help)."),
            (Ok(_), false) => {
                format!("{verdict} {}", describe_play(1, &first, glyph, Some(role)))
            }
        };
        let mut screen =
            ChaseScreen::fresh(name, dungeon, (hero, monster), game, back_quits, start);
        screen.log = vec![message.clone()];
        screen.message = message;
        screen.person = Some(PersonPlay { role, moves: Vec::new(), recorder: recorder.ok() });
        Ok(screen)
    }

    /// Handles a key while a person plays; `true` when they leave.
    pub(super) fn handle_play(&mut self, input: Input) -> bool {
        match input {
            Input::Char('q') | Input::Esc | Input::Ctrl('c') => {
                self.end_recording();
                return true;
            }
            Input::Char('r') => {
                self.end_recording();
                if let Ok(fresh) = self.restarted() {
                    *self = fresh;
                }
            }
            _ => {
                if let Some(mv) = key_move(input) {
                    self.play_step(mv);
                } else if self.game.outcome().is_none() {
                    self.message = "Not a step key: ? shows the keys.".to_string();
                }
            }
        }
        false
    }

    /// Sends the person's step to the game: refused with the reason, or played, recorded
    /// and told (with the review at the end).
    pub(crate) fn play_step(&mut self, mv: Move) {
        let turn = self.game.turn().0;
        let events = match self.game.play_person(mv) {
            Ok(events) => events,
            Err(Illegal::Over) => {
                self.message = format!("The game is over: {}", self.ending_with_review());
                return;
            }
            Err(why) => {
                self.message = format!("You can't: {why}.");
                return;
            }
        };
        let code = record::move_code(mv);
        if let Some(person) = &mut self.person {
            person.moves.push(mv);
            if let Some(r) = &mut person.recorder {
                let game = &self.game;
                r.record(code, || game.state_hash());
            }
        }
        let glyph = self.game.board().monster_glyph();
        self.message = describe_play(turn, &events, glyph, self.person());
        if let Some(outcome) = self.game.outcome() {
            let (turns, hash) = (self.game.turn().0, self.game.state_hash());
            let recorder = self.person.as_mut().and_then(|p| p.recorder.as_mut());
            if let Some(Err(e)) =
                recorder.and_then(|r| r.finish(outcome_word(outcome), turns, hash))
            {
                tracing::warn!("chase recording not kept: {e}");
            }
            self.message = self.ending_with_review();
        }
        self.keep_log();
    }

    /// How the game ended, said to the person, and how it compared with perfect play.
    fn ending_with_review(&self) -> String {
        let Some(outcome) = self.game.outcome() else { return String::new() };
        let role = self.person().unwrap_or(Role::Hero);
        let ended = match (outcome, role) {
            (Outcome::Caught { turn, .. }, Role::Hero) => {
                format!("The monster catches you in turn {}.", turn.0)
            }
            (Outcome::Caught { turn, .. }, Role::Monster) => {
                format!("You catch the hero in turn {}.", turn.0)
            }
            (Outcome::TurnLimit { turns }, Role::Hero) => {
                format!("You stay free for {} turns: you win.", turns.0)
            }
            (Outcome::TurnLimit { turns }, Role::Monster) => {
                format!("The hero stays free for {} turns: you lose.", turns.0)
            }
            (other, _) => self.ending(other),
        };
        let review = self.game.review();
        let perfect = verdict_sentence(role, review.start);
        format!("{ended} {perfect} {}", review_sentence(&review))
    }

    /// The line of the moves the person has now (none: no person, or the game is over).
    pub(super) fn moves_line(&self) -> Option<String> {
        self.person.as_ref()?;
        let a = self.game.awaiting()?;
        let board = self.game.board();
        let at = board.player(a.role).at;
        let place = if board.map().tile(at) == Some(torchlit_sim::Tile::Hallway) {
            "hallway, 4 ways"
        } else {
            "room, 8 ways"
        };
        let steps: Vec<String> = board
            .legal_moves(a.role)
            .into_iter()
            .filter_map(|mv| match mv {
                Move::Stay => None,
                Move::Step(d) => Some(format!("{} {}", key_of(d), short_name(d))),
            })
            .collect();
        let more = if a.remaining > 0 {
            format!(" ({} more this turn)", a.remaining)
        } else {
            String::new()
        };
        Some(format!("Your moves ({place}){more}: . stay  {}", steps.join("  ")))
    }
}
