//! The setup page: pick a dungeon, then start the chase.

use torchlit_sim::modes::chase::PERSON_LIMIT;

use super::*;
use crate::record::Recordings;
use torchlit_sim::formats::ParseError;

/// Why a [`DungeonChoice`] gives no dungeon (or the chase on it can't start).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DungeonError {
    /// A bundled dungeon number past the list.
    #[error("no such dungeon")]
    NoSuchDungeon,
    /// A bundled dungeon that does not parse.
    #[error("{name}: {source}")]
    Parse {
        /// The dungeon's name.
        name: String,
        /// What the parser said.
        #[source]
        source: ParseError,
    },
    /// The generator's or the chase's refusal (not exactly one monster, too large).
    #[error(transparent)]
    Chase(#[from] ChaseError),
}
use torchlit_geom::Point;

impl DungeonChoice {
    fn label(self) -> String {
        match self {
            DungeonChoice::Bundled(i) => BUNDLED.get(i).map_or("?", |b| b.0).to_string(),
            DungeonChoice::Generated(s) => format!("generated, seed {s}"),
        }
    }

    /// The dungeon and its name.
    ///
    /// # Errors
    /// Why it cannot be had: no bundled dungeon of that number, one that does not parse,
    /// or the generator's refusal.
    pub fn dungeon(self) -> Result<(String, Dungeon), DungeonError> {
        match self {
            DungeonChoice::Bundled(i) => {
                let (name, text) = BUNDLED.get(i).ok_or(DungeonError::NoSuchDungeon)?;
                let d = Dungeon::parse_chase(text.as_bytes())
                    .map_err(|source| DungeonError::Parse { name: name.to_string(), source })?;
                Ok((name.to_string(), d))
            }
            DungeonChoice::Generated(s) => {
                let d = generate(Seed(s), GENERATED_SIDE)?;
                Ok((format!("generated {s}"), d))
            }
        }
    }
}

impl Default for ChaseSetup {
    fn default() -> ChaseSetup {
        ChaseSetup {
            row: 0,
            dungeon: DungeonChoice::Bundled(0),
            hero: HeroKind::Rogue,
            monster: MonsterKind::Monster,
            play: None,
            note: None,
            height: 24,
            recordings: None,
        }
    }
}

fn cycle<T: Copy + PartialEq>(all: &[T], now: T, forward: bool) -> T {
    let i = all.iter().position(|&x| x == now).unwrap_or(0);
    let n = all.len().max(1);
    let j = if forward { (i + 1) % n } else { (i + n - 1) % n };
    all.get(j).copied().unwrap_or(now)
}

impl ChaseSetup {
    /// The setup screen with `dungeon` chosen and the default strategies (a deep link's
    /// `/?play=chase&seed=S` picks a generated dungeon this way).
    pub fn with_dungeon(dungeon: DungeonChoice) -> ChaseSetup {
        ChaseSetup { dungeon, ..ChaseSetup::default() }
    }

    /// The setup with the recordings of the chases it starts going to `sink` (none:
    /// dropped).
    #[must_use]
    pub fn with_recordings(mut self, sink: Option<Recordings>) -> ChaseSetup {
        self.recordings = sink;
        self
    }

    /// Handles a key: moves among the choices, starts the chase (pushed over the setup)
    /// or leaves.
    pub(super) fn on_key(&mut self, input: Input) -> Transition {
        const ROWS: usize = 5;
        match input {
            Input::Up | Input::Char('k') | Input::Char('w') => {
                self.row = (self.row + ROWS - 1) % ROWS
            }
            Input::Down | Input::Char('j') | Input::Char('s') | Input::Tab => {
                self.row = (self.row + 1) % ROWS;
            }
            Input::Left | Input::Right | Input::Char('h') | Input::Char('l') => {
                let forward = matches!(input, Input::Right | Input::Char('l'));
                match self.row {
                    0 => self.dungeon = self.next_dungeon(forward),
                    1 if self.play != Some(Role::Hero) => {
                        self.hero = cycle(&HeroKind::ALL, self.hero, forward)
                    }
                    2 if self.play != Some(Role::Monster) => {
                        self.monster = cycle(&MonsterKind::ALL, self.monster, forward)
                    }
                    3 => self.cycle_play(forward),
                    _ => {}
                }
            }
            // On a bundled dungeon, the first generated one.
            Input::Char('n') => {
                self.dungeon = match self.dungeon {
                    DungeonChoice::Generated(s) => DungeonChoice::Generated(s.wrapping_add(1)),
                    DungeonChoice::Bundled(_) => DungeonChoice::Generated(1),
                };
            }
            Input::Enter | Input::Char(' ') => return self.start(),
            Input::Char('q') | Input::Esc | Input::Ctrl('c') => return Transition::Pop,
            _ => {}
        }
        Transition::Stay
    }

    /// Watch, play the hero, play the monster; the opponent of a person starts as the
    /// optimal player.
    fn cycle_play(&mut self, forward: bool) {
        let all = [None, Some(Role::Hero), Some(Role::Monster)];
        self.play = cycle(&all, self.play, forward);
        match self.play {
            Some(Role::Hero) => self.monster = MonsterKind::Optimal,
            Some(Role::Monster) => self.hero = HeroKind::Optimal,
            None => {}
        }
    }

    fn next_dungeon(&self, forward: bool) -> DungeonChoice {
        let n = BUNDLED.len();
        match (self.dungeon, forward) {
            (DungeonChoice::Bundled(i), true) if i + 1 < n => DungeonChoice::Bundled(i + 1),
            (DungeonChoice::Bundled(_), true) => DungeonChoice::Generated(1),
            (DungeonChoice::Bundled(0), false) => DungeonChoice::Generated(1),
            (DungeonChoice::Bundled(i), false) => DungeonChoice::Bundled(i - 1),
            (DungeonChoice::Generated(_), true) => DungeonChoice::Bundled(0),
            (DungeonChoice::Generated(_), false) => DungeonChoice::Bundled(n - 1),
        }
    }

    fn start(&mut self) -> Transition {
        let seed = match self.dungeon {
            DungeonChoice::Generated(s) => s,
            DungeonChoice::Bundled(_) => 0,
        };
        let screen = self.dungeon.dungeon().and_then(|(name, d)| {
            let screen = match self.play {
                Some(Role::Hero) => ChaseScreen::play(name, &d, Role::Hero, self.monster, false)?
                    .with_start(seed, Some(PERSON_LIMIT)),
                Some(Role::Monster) => {
                    ChaseScreen::play(name, &d, Role::Monster, self.hero, false)?
                        .with_start(seed, Some(PERSON_LIMIT))
                }
                None => ChaseScreen::new(name, &d, self.hero, self.monster, false)?
                    .with_start(seed, Some(Chase::DEFAULT_LIMIT)),
            };
            Ok(screen?)
        });
        match screen {
            Ok(screen) => {
                Transition::Push(Box::new(screen.with_recordings(self.recordings.clone())))
            }
            Err(e) => {
                self.note = Some(e.to_string());
                Transition::Stay
            }
        }
    }

    /// Draws the setup menu centred in `frame`.
    pub(super) fn draw(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let (x, top) = ((w - 56).max(0) / 2, (h - 12).max(0) / 2);
        let heading = "chase: pursuit and evasion in a dungeon (the DM503 Rogue project)";
        let heading = if w - x >= 66 { heading } else { "chase: pursuit and evasion" };
        frame.print_bold_at(
            Point::new(x, top),
            &fit(heading, (w - x).max(0) as usize),
            palette::HEADING,
        );
        let side = |role: Role, name: &str| {
            if self.play == Some(role) { "you".to_string() } else { name.to_string() }
        };
        let play = match self.play {
            None => "nobody: watch",
            Some(Role::Hero) => "the hero",
            Some(Role::Monster) => "the monster",
        };
        let rows = [
            ("dungeon", self.dungeon.label()),
            ("hero", side(Role::Hero, self.hero.strategy().name())),
            ("monster", side(Role::Monster, self.monster.strategy().name())),
            ("you play", play.to_string()),
            ("", "start".to_string()),
        ];
        for (i, (label, value)) in rows.iter().enumerate() {
            let y = top + 2 + i as i32;
            let text =
                if label.is_empty() { value.clone() } else { format!("{label:<9}◀ {value} ▶") };
            if i == self.row {
                frame.print_bold_at(Point::new(x, y), "▶ ", palette::HIGHLIGHT);
                frame.print_bold_at(Point::new(x + 2, y), &text, palette::HIGHLIGHT);
            } else {
                frame.print_at(Point::new(x + 2, y), &text, palette::TEXT, palette::BACKGROUND);
            }
        }
        // At 40 columns the hints take four lines and a note the rest of the screen.
        let width = (w - x).max(1) as usize;
        let hints = ["↑/↓ choose · ←/→ change · n next generated seed", "Enter start · q back"];
        let hints: Vec<String> = hints.iter().flat_map(|hint| wrap(hint, width)).collect();
        // A blank line before the hints when there is room for it.
        let hint_y = top + 7 + i32::from(h > 12);
        for (i, hint) in hints.iter().enumerate() {
            frame.print_at(
                Point::new(x, hint_y + i as i32),
                hint,
                palette::HINT,
                palette::BACKGROUND,
            );
        }
        if let Some(note) = &self.note {
            for (i, line) in wrap(note, width).iter().enumerate() {
                let gap = i32::from(h > 12);
                let y = hint_y + gap + hints.len() as i32 + i as i32;
                frame.print_at(Point::new(x, y), line, palette::WARNING, palette::BACKGROUND);
            }
        }
    }
}
