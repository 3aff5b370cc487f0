//! The game: areas, the hero, the tick, resets, signals, dialogs, pause and victory.

use torchlit_geom::{CardinalDirection, Point, Rect, Size};
use torchlit_rng::{Rng, Seed};

use super::MazeError;
use super::area::{Area, AreaId, occupancy};
use super::boss::{Boss, BossHit};
use super::collectable::{Heart, Key, Pickaxe, Treasure};
use super::dialog::Dialog;
use super::event::{Event, Pickup};
use super::geometry::{Side, from_seed};
use super::input::{Button, TickInput};
use super::interaction::{Reach, Visitor};
use super::level::{LevelKind, build};
use super::monster::{LogMonster, MonsterState};
use super::player::{Player, PlayerState};
use super::portal::{Link, Portal, PortalState};
use super::rock::Rock;
use super::rules::{
    BARRAGE_GAP, FORGET_TICKS, HEART_DROP_PERCENT, HEART_HEAL, KeyNumber, PICKAXE_DAMAGE,
    SPAWN_CLEARANCE,
};
use super::thing::{Pathing, Stage, Thing, UpdateCtx};
use crate::Tick;
use crate::engine::ActorId;

/// The rules a player may tune (ICMaze calls the heart drop configurable).
///
/// [`Rules::original`] is the source document's game exactly; [`Rules::default`] differs
/// in four rules: chasers forget a hero they lost ([`Rules::forget_ticks`]), no monster
/// starts next to where the hero arrives ([`Rules::spawn_clearance`]), the boss's
/// barrages leave a wider gap ([`Rules::barrage_gap`]), and generated levels grow their
/// mazes one size at a time ([`Rules::size_ramp`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// The chance, in percent (0 to 100), that a broken rock leaves a heart (seed §3.4).
    pub heart_drop_percent: u8,
    /// Ticks a chasing log monster goes without perceiving the hero (its 11x11 square)
    /// before it forgets it and wanders again; meanwhile it heads for where it last
    /// perceived it. `None` is ICMaze's rule: once it has a target, a chaser tracks the
    /// hero anywhere in the area ("in chase mode they can track the hero throughout the
    /// maze") until it falls asleep.
    pub forget_ticks: Option<u32>,
    /// No log monster of a maze area starts within this many steps (4-way, over the
    /// area's path cells) of a cell where the hero arrives, so an area that starts over
    /// after a death does not put the hero beside a monster; the placement skips the
    /// random cells that are too close (an area with no room left gets fewer monsters).
    /// `None` is ICMaze's rule: monsters on random path cells, only the cells just
    /// inside the portals kept free.
    pub spawn_clearance: Option<u32>,
    /// How many cells of a boss barrage's line are left free: the random safe cell and
    /// its neighbours along the line (a gap of this width, shifted inwards at an end of
    /// the line). 1 is ICMaze's rule (one safe cell).
    pub barrage_gap: u32,
    /// Whether a generated level's maze areas grow one size at a time: each is at most
    /// one size above the maze area before it, the first one small (the size drawn is
    /// capped; nothing else changes). `false` is ICMaze's `generateLine` draw, which can
    /// go from a small maze straight to a large one.
    pub size_ramp: bool,
}

impl Rules {
    /// The source document's rules: hearts from 50% of the rocks, chasers never forget,
    /// monsters anywhere but just inside a portal.
    pub const fn original() -> Rules {
        Rules {
            heart_drop_percent: HEART_DROP_PERCENT,
            forget_ticks: None,
            spawn_clearance: None,
            barrage_gap: 1,
            size_ramp: false,
        }
    }
}

impl Default for Rules {
    /// ICMaze's rules, except that a chaser forgets a hero it has not perceived for
    /// [`FORGET_TICKS`](super::rules::FORGET_TICKS) (3 s), no monster starts within
    /// [`SPAWN_CLEARANCE`](super::rules::SPAWN_CLEARANCE) steps of an arrival cell, a
    /// barrage leaves a gap of [`BARRAGE_GAP`](super::rules::BARRAGE_GAP) cells, and
    /// generated levels ramp their maze sizes.
    fn default() -> Rules {
        Rules {
            forget_ticks: Some(FORGET_TICKS),
            spawn_clearance: Some(SPAWN_CLEARANCE),
            barrage_gap: BARRAGE_GAP,
            size_ramp: true,
            ..Rules::original()
        }
    }
}

/// Everything a game starts from: same config + same tick inputs = same game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MazeConfig {
    /// The seed of every random choice (mazes, placements, monsters, the boss).
    pub seed: Seed,
    /// Which level.
    pub level: LevelKind,
    /// Tunable rules.
    pub rules: Rules,
}

impl MazeConfig {
    /// A generated level of `length` maze areas for `seed`, default rules.
    pub fn generated(seed: Seed, length: u32) -> MazeConfig {
        MazeConfig { seed, level: LevelKind::Generated { length }, rules: Rules::default() }
    }

    /// The hard-coded level for `seed` (the seed still shapes the mazes), default rules.
    pub fn fixed(seed: Seed) -> MazeConfig {
        MazeConfig { seed, level: LevelKind::Fixed, rules: Rules::default() }
    }
}

/// What the victory screen shows (seed §6.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// Ticks played (the area advancing: not paused, no dialog open).
    pub ticks: u64,
    /// How often the hero died.
    pub deaths: u32,
    /// Log monsters and bosses killed.
    pub monsters_defeated: u32,
}

/// A game of `maze` (ICMaze, the CS-107 mini-project "Maze Games", EPFL): real time at 24 ticks per second, advanced one
/// tick at a time by [`Maze::tick`] with the input of that tick. Pure: it never reads a
/// clock, and same config + same inputs = same game (`Maze::state_hash`, with the `serde` feature).
///
/// Only the current area advances; the others wait as the hero left them.
#[derive(Clone, Debug)]
pub struct Maze {
    config: MazeConfig,
    rng: Rng,
    areas: Vec<Area>,
    initial: Vec<Area>,
    visited: Vec<bool>,
    current: AreaId,
    player: Player,
    start: Player,
    entry: Player,
    dialog: Option<Dialog>,
    paused: bool,
    victory: bool,
    show_paths: bool,
    stats: Stats,
    now: Tick,
    pathing: Pathing,
}

/// What the hero's interactions of one tick lead to, beyond the things they change.
#[derive(Default)]
struct Outcome {
    removed: Vec<ActorId>,
    crossing: Option<Link>,
    victory: bool,
    defeated: u32,
}

/// The hero's handler (ICMaze's `ICMazePlayerInteractionHandler`).
struct PlayerHandler<'a> {
    player: &'a mut Player,
    out: &'a mut Outcome,
    events: &'a mut Vec<Event>,
}

impl PlayerHandler<'_> {
    fn attacking(&self, reach: Reach) -> bool {
        reach == Reach::Distance && self.player.state() == PlayerState::AttackingWithPickaxe
    }

    fn collect(&mut self, id: ActorId, what: Pickup) {
        self.out.removed.push(id);
        self.events.push(Event::PickedUp(what));
    }
}

impl Visitor for PlayerHandler<'_> {
    fn pickaxe(&mut self, id: ActorId, _: &mut Pickaxe, reach: Reach) {
        if reach == Reach::Contact {
            self.player.collect_pickaxe();
            self.collect(id, Pickup::Pickaxe);
        }
    }

    fn heart(&mut self, id: ActorId, _: &mut Heart, reach: Reach) {
        if reach == Reach::Contact {
            self.player.heal(HEART_HEAL);
            self.collect(id, Pickup::Heart);
        }
    }

    fn key(&mut self, id: ActorId, key: &mut Key, reach: Reach) {
        if reach == Reach::Contact {
            self.player.collect_key(key.id);
            self.collect(id, Pickup::Key(key.id));
        }
    }

    fn treasure(&mut self, id: ActorId, _: &mut Treasure, reach: Reach) {
        if reach == Reach::Contact {
            self.out.victory = true;
            self.collect(id, Pickup::Treasure);
        }
    }

    fn portal(&mut self, _: ActorId, portal: &mut Portal, reach: Reach) {
        // Collectables are taken on contact at any time (walking over them); a portal is
        // crossed only by a hero that stands on it.
        let still = !self.player.is_moving();
        match reach {
            Reach::Distance if self.player.state() == PlayerState::Interacting => {
                if portal.unlock(self.player.keys()) {
                    self.events
                        .push(Event::PortalOpened { side: portal.side(), key: portal.key() });
                } else if portal.state() == PortalState::Locked && self.player.state_ticks() == 0 {
                    self.events
                        .push(Event::PortalLocked { side: portal.side(), key: portal.key() });
                }
            }
            Reach::Contact if still && portal.state() == PortalState::Open => {
                self.out.crossing = portal.link();
            }
            _ => {}
        }
    }

    fn rock(&mut self, _: ActorId, rock: &mut Rock, reach: Reach) {
        if self.attacking(reach) && rock.hit(PICKAXE_DAMAGE) {
            self.events.push(if rock.vanish().is_some() {
                Event::RockBroken { at: rock.at() }
            } else {
                Event::RockHit { at: rock.at(), life: rock.life().current() }
            });
        }
    }

    fn log_monster(&mut self, _: ActorId, monster: &mut LogMonster, reach: Reach) {
        if !self.attacking(reach) {
            return;
        }
        match monster.hit(PICKAXE_DAMAGE) {
            Some(true) => {
                self.out.defeated += 1;
                self.events.push(Event::MonsterDied { at: monster.at() });
            }
            Some(false) => self
                .events
                .push(Event::MonsterHurt { at: monster.at(), life: monster.life().current() }),
            None => {}
        }
    }

    fn boss(&mut self, _: ActorId, boss: &mut Boss, reach: Reach) {
        if !self.attacking(reach) {
            return;
        }
        match boss.hit(PICKAXE_DAMAGE) {
            BossHit::Woke => self.events.push(Event::BossWoke),
            BossHit::Hurt { life } => self.events.push(Event::BossHurt { life }),
            BossHit::Defeated => {
                self.out.defeated += 1;
                self.events.push(Event::BossDefeated);
            }
            BossHit::Ignored => {}
        }
    }
}

fn one_cell(p: Point) -> Rect {
    Rect::new(p, Size::new(1, 1))
}

impl Maze {
    /// A new game: the level built from `config`, the hero in `Spawn` at seed `(5, 7)`
    /// facing down. The welcome dialog opens on the first tick.
    ///
    /// # Errors
    /// [`MazeError::LevelTooLong`] for a generated level longer than
    /// [`MAX_LEVEL_LENGTH`](super::rules::MAX_LEVEL_LENGTH);
    /// [`MazeError::Generation`] if procgen refuses a maze.
    pub fn new(config: MazeConfig) -> Result<Maze, MazeError> {
        let areas = build(config.seed, config.level, &config.rules)?;
        let size = areas.first().map_or(8, Area::size);
        let player = Player::new(from_seed(5, 7, size), CardinalDirection::South);
        Ok(Maze {
            config,
            rng: Rng::new(config.seed.derive("maze/play", &[])),
            visited: vec![false; areas.len()],
            initial: areas.clone(),
            areas,
            current: AreaId(0),
            start: player.clone(),
            entry: player.clone(),
            player,
            dialog: None,
            paused: false,
            victory: false,
            show_paths: false,
            stats: Stats::default(),
            now: Tick(0),
            pathing: Pathing::default(),
        })
    }

    /// The config it was started with.
    pub fn config(&self) -> &MazeConfig {
        &self.config
    }

    /// Every area of the level, `Spawn` first, `BossArea` last.
    pub fn areas(&self) -> &[Area] {
        &self.areas
    }

    /// The area the hero is in.
    pub fn area(&self) -> &Area {
        &self.areas[self.current.index()]
    }

    /// Which area the hero is in.
    pub fn current(&self) -> AreaId {
        self.current
    }

    /// The hero.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The open dialog, if any (the area is frozen while one is).
    pub fn dialog(&self) -> Option<Dialog> {
        self.dialog
    }

    /// Whether the game is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whether the hero has taken the treasure (the game is over, won).
    pub fn is_won(&self) -> bool {
        self.victory
    }

    /// Whether the log monsters' paths are shown.
    pub fn shows_paths(&self) -> bool {
        self.show_paths
    }

    /// Time, deaths and kills so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Ticks since the game started, counting every tick the area advanced (animations
    /// are timed from this).
    pub fn now(&self) -> Tick {
        self.now
    }

    /// Whether the hero could step into `p` in the current area now.
    pub fn can_enter(&self, p: Point) -> bool {
        self.area().is_free(p) && p != self.player.at()
    }

    /// A stable, portable hash of the whole game state: seahash over the postcard bytes
    /// of every field (the random generator's state included; the path cache is not
    /// state). postcard writes integers as fixed-meaning varints and enum variants as
    /// their index, so equal games hash equal on every machine.
    #[cfg(feature = "serde")]
    ///
    /// The config is hashed as it was before [`Rules::spawn_clearance`] existed, the
    /// clearance added after it only when there is one, and the barrage gap and the size
    /// ramp after that only when either differs from ICMaze's: a game with the rules of
    /// an older recording hashes as it always did.
    pub fn state_hash(&self) -> u64 {
        let c = &self.config;
        let config = (c.seed, c.level, c.rules.heart_drop_percent, c.rules.forget_ticks);
        let state = (
            config,
            &self.rng,
            &self.areas,
            &self.visited,
            self.current,
            &self.player,
            &self.entry,
            self.dialog,
            (self.paused, self.victory, self.show_paths),
            self.stats,
            self.now,
        );
        // postcard writes a pair as its two parts one after the other: the clearance's
        // bytes follow the state's, as they did before it was hashed here.
        let later = (c.rules.barrage_gap, c.rules.size_ramp);
        match (c.rules.spawn_clearance, later == (1, false)) {
            (Some(n), true) => crate::engine::state_hash(&(state, n)),
            (None, true) => crate::engine::state_hash(&state),
            (n, false) => crate::engine::state_hash(&(state, n, later)),
        }
    }

    /// Advances the game by one tick with `input` and returns what happened.
    ///
    /// Order within a tick: the game keys (reset game, pause, path display, dialog,
    /// reset area); the area's first update (it may open a dialog); the signals; the
    /// hero's state and step; interactions (the hero's contact and distance ones, then
    /// every interacting thing's); the things' updates; then crossing, death (the area
    /// restarts) and victory.
    pub fn tick(&mut self, input: &TickInput) -> Vec<Event> {
        let mut events = Vec::new();
        if input.is_pressed(Button::ResetGame) {
            self.reset_game();
            events.push(Event::GameReset);
            return events;
        }
        if self.victory {
            return events;
        }
        if input.is_pressed(Button::Pause) {
            self.paused = !self.paused;
            events.push(Event::Paused(self.paused));
            return events;
        }
        if self.paused {
            return events;
        }
        if input.is_pressed(Button::ShowPaths) {
            self.show_paths = !self.show_paths;
            events.push(Event::PathsShown(self.show_paths));
        }
        if let Some(dialog) = &mut self.dialog {
            if input.is_pressed(Button::NextDialog) && dialog.advance() {
                events.push(Event::DialogClosed(dialog.id()));
                self.dialog = None;
            }
            return events;
        }
        if input.is_pressed(Button::ResetArea) {
            self.reset_area();
            events.push(Event::AreaReset);
            return events;
        }
        let cur = self.current.index();
        if !self.visited[cur] {
            self.visited[cur] = true;
            self.areas[cur].first_update(&mut self.dialog);
            if let Some(d) = self.dialog {
                events.push(Event::DialogOpened(d.id()));
                return events;
            }
        }
        self.now.0 += 1;
        self.stats.ticks += 1;
        self.update_signals(&mut events);
        let out = self.step_area(input, &mut events);
        self.stats.monsters_defeated += out.defeated;
        if out.victory {
            self.victory = true;
            events.push(Event::Victory);
            return events;
        }
        if self.player.life().is_below_zero() {
            self.stats.deaths += 1;
            events.push(Event::PlayerDied);
            self.reset_area();
            return events;
        }
        if let Some(link) = out.crossing {
            self.cross(link, &mut events);
        }
        events
    }

    fn step_area(&mut self, input: &TickInput, events: &mut Vec<Event>) -> Outcome {
        let cur = self.current.index();
        let area = &mut self.areas[cur];
        let size = area.size();
        let hardness = area.difficulty().map_or(1.0, |d| d.hardness());
        let mut blocked = area.occupancy(self.player.at());
        if let Some((from, to)) = self.player.act(input, |p| blocked.get(p).is_some_and(|b| !b)) {
            blocked[from] = false;
            blocked[to] = true;
        }
        let mut out = Outcome::default();
        let (cells, things, graph, solved) = area.parts_mut();
        {
            let mut stage = Stage { cells, things: &mut *things, player: None, solved };
            let here = self.player.at();
            let front = self.player.in_front();
            let view = self.player.wants_view_interaction();
            let mut handler = PlayerHandler { player: &mut self.player, out: &mut out, events };
            // Contact every tick, moving or not: items are taken by walking over them
            // (seed §3.1), the moment the hero enters their cell.
            stage.offer(one_cell(here), Reach::Contact, None, &mut handler);
            if view {
                stage.offer(one_cell(front), Reach::Distance, None, &mut handler);
            }
        }
        for &id in &out.removed {
            things.remove(id);
        }
        for id in things.ids() {
            let Some(me) = things.get(id).filter(|t| t.is_interactor()) else { continue };
            let mut me = me.clone();
            let mut stage =
                Stage { cells, things: &mut *things, player: Some(&mut self.player), solved };
            me.interact(id, &mut stage, events);
            if let Some(slot) = things.get_mut(id) {
                *slot = me;
            }
        }
        let mut spawned = Vec::new();
        {
            // Interactions may have killed things: occupancy as it is now.
            let _ = blocked;
            let mut blocked = occupancy(cells, things, solved, self.player.at());
            let mut ctx = UpdateCtx {
                size,
                cells,
                blocked: &mut blocked,
                graph,
                player_at: self.player.at(),
                solved,
                hardness,
                heart_drop_percent: self.config.rules.heart_drop_percent,
                forget_ticks: self.config.rules.forget_ticks,
                barrage_gap: self.config.rules.barrage_gap,
                rng: &mut self.rng,
                events,
                spawned: &mut spawned,
                pathing: &mut self.pathing,
            };
            for id in things.ids() {
                if let Some(t) = things.get_mut(id) {
                    t.update(&mut ctx);
                }
            }
        }
        for id in things.ids() {
            if things.get(id).is_some_and(Thing::is_gone) {
                things.remove(id);
            }
        }
        for t in spawned {
            things.insert(t);
        }
        out
    }

    /// Every area's signal (seed §5.2), evaluated until stable (a signal may follow
    /// another), then applied.
    fn update_signals(&mut self, events: &mut Vec<Event>) {
        let n = self.areas.len();
        let mut on = vec![false; n];
        for _ in 0..=n {
            let mut changed = false;
            for i in 0..n {
                let v = self.areas[i].signal(&on);
                if v != on[i] {
                    on[i] = v;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (i, &v) in on.iter().enumerate() {
            if v && !self.areas[i].is_solved() {
                events.push(Event::AreaSolved { area: AreaId(i as u32) });
            }
            if v != self.areas[i].is_solved() && i == self.current.index() {
                self.pathing.invalidate();
            }
            self.areas[i].apply_signal(v, events);
        }
    }

    fn cross(&mut self, link: Link, events: &mut Vec<Event>) {
        let Some(target) = self.areas.get(link.area.index()) else { return };
        if !target.is_free(link.arrival) {
            return; // Someone stands on the arrival cell: try again next tick.
        }
        let from = self.current;
        self.current = link.area;
        self.player.arrive(link.arrival);
        self.entry = self.player.clone();
        self.pathing.invalidate();
        events.push(Event::Crossed { from, to: link.area });
    }

    /// Restarts the game exactly as at first launch (seed §2.7): every area as built, the
    /// hero back in `Spawn`, the welcome dialog again.
    fn reset_game(&mut self) {
        self.areas = self.initial.clone();
        self.visited.iter_mut().for_each(|v| *v = false);
        self.current = AreaId(0);
        self.player = self.start.clone();
        self.entry = self.start.clone();
        self.rng = Rng::new(self.config.seed.derive("maze/play", &[]));
        self.dialog = None;
        self.paused = false;
        self.victory = false;
        self.stats = Stats::default();
        self.now = Tick(0);
        self.pathing.invalidate();
    }

    /// Restarts the current area (seed §4.2): every actor in it as first built, the hero
    /// as it entered, with full life and no immunity. Dialogs already seen stay seen.
    fn reset_area(&mut self) {
        let i = self.current.index();
        let solved = self.areas[i].is_solved();
        self.areas[i] = self.initial[i].clone();
        let mut ignored = Vec::new();
        self.areas[i].apply_signal(solved, &mut ignored);
        self.player = self.entry.clone();
        self.player.refresh();
        self.pathing.invalidate();
    }

    /// Debugging and test commands that bypass the rules ("wizard mode"): not reachable
    /// from the game's keys, never part of a replay.
    pub fn wizard(&mut self) -> Wizard<'_> {
        Wizard { game: self }
    }
}

/// Commands that bypass the rules, for tests, benchmarks and debugging (see
/// [`Maze::wizard`]).
pub struct Wizard<'a> {
    game: &'a mut Maze,
}

impl Wizard<'_> {
    /// Puts the hero in `area` on the cell where it arrives through `side`, as if it had
    /// crossed a portal; `false` if there is no such area or the cell is taken.
    pub fn enter(&mut self, area: AreaId, side: Side) -> bool {
        let g = &mut *self.game;
        let Some(a) = g.areas.get(area.index()) else { return false };
        let at = a.arrival(side);
        if !a.is_free(at) {
            return false;
        }
        g.visited[area.index()] = true;
        g.current = area;
        g.player.arrive(at);
        g.entry = g.player.clone();
        g.pathing.invalidate();
        true
    }

    /// Moves the hero to `at` in its area if the cell is free.
    pub fn place(&mut self, at: Point) -> bool {
        if !self.game.can_enter(at) {
            return false;
        }
        self.game.player.arrive(at);
        true
    }

    /// Turns the hero.
    pub fn face(&mut self, d: CardinalDirection) {
        self.game.player.turn(d);
    }

    /// Gives the hero the pickaxe.
    pub fn give_pickaxe(&mut self) {
        self.game.player.collect_pickaxe();
    }

    /// Gives the hero a key.
    pub fn give_key(&mut self, id: KeyNumber) {
        self.game.player.collect_key(id);
    }

    /// Closes any dialog and marks every area visited (no welcome dialog).
    pub fn skip_dialogs(&mut self) {
        self.game.dialog = None;
        self.game.visited.iter_mut().for_each(|v| *v = true);
    }

    /// Sets every log monster of the current area to `state` and makes it remember the
    /// hero (so `Chasing` chases).
    pub fn set_monsters(&mut self, state: MonsterState) {
        let i = self.game.current.index();
        for (_, t) in self.game.areas[i].things_mut().iter_mut() {
            if let Thing::LogMonster(m) = t {
                m.set_state(state);
                m.remember_target();
            }
        }
    }

    /// Sets the log monster standing on `at` in the current area to `state`, remembering
    /// the hero; `false` if there is none.
    pub fn wake_monster_at(&mut self, at: Point, state: MonsterState) -> bool {
        let i = self.game.current.index();
        for (_, t) in self.game.areas[i].things_mut().iter_mut() {
            if let Thing::LogMonster(m) = t
                && m.at() == at
            {
                m.set_state(state);
                m.remember_target();
                return true;
            }
        }
        false
    }

    /// Adds a log monster at `at` in the current area (if the cell is free).
    pub fn add_monster(&mut self, at: Point, state: MonsterState) -> bool {
        if !self.game.can_enter(at) {
            return false;
        }
        let i = self.game.current.index();
        self.game.areas[i].things_mut().insert(Thing::LogMonster(LogMonster::new(at, state)));
        true
    }
}
