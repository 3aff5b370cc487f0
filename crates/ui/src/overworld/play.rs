//! The play page: the world, the status line, the message log and the end panel.

use torchlit_sim::modes::overworld::combat::Hundredths;

use super::*;

impl Flow {
    pub(super) fn play(&mut self, input: Input, mut play: Box<Play>) -> (Page, Leave) {
        if !matches!(play.panel, Panel::None) {
            play_panel(&mut play, input);
            return (Page::Play(play), Leave::Stay);
        }
        // Esc closes what is open; on the map it leaves only when pressed twice in a row,
        // so one Esc too many after closing help or the inventory never leaves the world.
        let armed = std::mem::take(&mut play.esc_armed);
        match self.setup.keymap.get(input) {
            Some(OverworldCommand::Quit) if input == Input::Esc && !armed => {
                play.esc_armed = true;
                play.fresh = 0;
                let other = keys_of(&self.setup.keymap, OverworldCommand::Quit)
                    .into_iter()
                    .find(|&k| k != Input::Esc)
                    .map(|k| format!(" ({k} leaves at once)"))
                    .unwrap_or_default();
                play.say(format!("Press Esc again to save and leave the world{other}."));
            }
            Some(OverworldCommand::Move(d)) => self.act(&mut play, Action::Move(d)),
            Some(OverworldCommand::Rest) => self.act(&mut play, Action::Rest),
            Some(OverworldCommand::RestLong) => self.rest_long(&mut play),
            Some(OverworldCommand::Inventory) => play.panel = Panel::Inventory { note: None },
            Some(OverworldCommand::Help) => play.panel = Panel::Help { scroll: 0 },
            Some(OverworldCommand::Quit) => return self.leave(play),
            None => {
                play.fresh = 0;
                let help = keys_of(&self.setup.keymap, OverworldCommand::Help)
                    .into_iter()
                    .next()
                    .map_or_else(|| "?".to_string(), |k| k.to_string());
                play.say(format!("Unknown key; {help} for help."));
            }
        }
        (Page::Play(play), Leave::Stay)
    }

    /// Plays a step or a rest: its messages, the fight panel, the end of the game.
    pub(super) fn act(&mut self, play: &mut Play, action: Action) {
        self.act_told(play, action);
    }

    /// [`Flow::act`], saying whether the action was a plain step (nothing but the step
    /// and maybe a new region came of it): travel goes on only after those.
    pub(super) fn act_told(&mut self, play: &mut Play, action: Action) -> bool {
        // An action starts a new line of messages: all it brings is shown.
        play.fresh = 0;
        play.quit_armed = false;
        if said_over(play) {
            return false;
        }
        let before = gear_of(play.session.game().player());
        let events = play.session.apply(action);
        let plain =
            events.iter().all(|e| matches!(e, Event::Moved { .. } | Event::EnteredRegion { .. }));
        let mut texts: Vec<String> = events.iter().filter_map(message_of).collect();
        texts.extend(better_gear(&play.session, before, &events, &self.setup.keymap));
        self.show_events(play, events, texts);
        plain
    }

    /// Shows what an action brought: its `texts` at once, or the fight panel playing the
    /// fight among `events` first (the texts after it); the end panel when the game ended.
    fn show_events(&mut self, play: &mut Play, events: Vec<Event>, texts: Vec<String>) {
        if let Some(ending) = play.session.game().ending() {
            play.end = Some(self.record_end(&play.session, ending));
        }
        let fight = events.into_iter().find_map(|e| match e {
            Event::Fight(report) => Some(report),
            _ => None,
        });
        match fight {
            Some(report) => {
                let mut p = Playback {
                    report,
                    shown: 0,
                    wait: self.setup.turn_ticks,
                    after: texts,
                    scroll: 0,
                };
                if self.setup.turn_ticks == 0 {
                    p.shown = p.report.log.entries.len();
                } else {
                    p.reveal_next();
                }
                play.panel = Panel::Fight(p);
            }
            None => {
                texts.into_iter().for_each(|t| play.say(t));
                if play.end.is_some() {
                    play.panel = Panel::End;
                }
            }
        }
    }

    /// Rests until healed (`Z`): turn after turn while health is not full, no monster is
    /// within its notice range and nothing else happens, at most [`REST_TURNS`] turns;
    /// says why it stopped.
    fn rest_long(&mut self, play: &mut Play) {
        play.fresh = 0;
        if said_over(play) {
            return;
        }
        let game = play.session.game();
        let Some(notice) = game.quest().map(|q| q.notice) else {
            return self.act(play, Action::Rest);
        };
        if is_full(game.health()) {
            return play.say("You are already at full health.".to_string());
        }
        let near = |game: &Overworld| {
            let at = game.player().at();
            let r = i32::try_from(notice).unwrap_or(i32::MAX);
            let area = torchlit_geom::Rect::new(
                torchlit_geom::Point::new(at.x.saturating_sub(r), at.y.saturating_sub(r)),
                torchlit_geom::Size::new(2 * notice + 1, 2 * notice + 1),
            );
            game.monsters_near(area).into_iter().find(|m| {
                let (dx, dy) = (i64::from(m.at.x - at.x), i64::from(m.at.y - at.y));
                dx * dx + dy * dy <= i64::from(notice) * i64::from(notice)
            })
        };
        if let Some(m) = near(game) {
            return play.say(format!("You cannot rest with a {} this close.", m.kind));
        }
        let start = game.health();
        let gained = |game: &Overworld| {
            let hp = Hundredths(game.health().0.saturating_sub(start.0));
            hp_number(hp)
        };
        for turn in 1..=REST_TURNS {
            let events = play.session.apply(Action::Rest);
            let quiet = events.iter().all(|e| matches!(e, Event::Rested));
            let game = play.session.game();
            if !quiet || game.ending().is_some() {
                // A fight or anything else: shown as a single step would show it.
                let mut texts: Vec<String> = events.iter().filter_map(message_of).collect();
                texts.insert(0, format!("You rest {turn} turns, then:"));
                return self.show_events(play, events, texts);
            }
            let stop = if is_full(game.health()) {
                Some("You are fully healed.".to_string())
            } else {
                near(game).map(|m| format!("A {} comes near.", m.kind))
            };
            if let Some(why) = stop {
                return play
                    .say(format!("You rest {turn} turns (+{} health). {why}", gained(game)));
            }
        }
        let gained = gained(play.session.game());
        play.say(format!("You rest {REST_TURNS} turns (+{gained} health)."));
    }

    /// Enters a finished game in the high-score table; the end panel's lines.
    fn record_end(&self, session: &OverworldSession, ending: Ending) -> Vec<String> {
        let game = session.game();
        let p = game.player();
        let mut lines = vec![
            match ending {
                Ending::Victory => "You took the artefact: you have won!".to_string(),
                Ending::Slain(kind) => format!("You were slain by a {kind}."),
            },
            format!(
                "Score {}: {} gold, {} kills, {} chests, {} regions out, {} turns.",
                game.score(),
                p.gold(),
                p.kills(),
                p.chests(),
                p.vitals().farthest,
                p.moves().0
            ),
        ];
        let Some(worlds) = &self.setup.worlds else { return lines };
        let when = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let score = Score {
            mode: MODE.to_string(),
            name: display_name(&session.info().name),
            score: game.score(),
            ending: ending.to_string(),
            turns: p.moves().0,
            when,
        };
        match worlds.store().add_score(score) {
            Ok(Some(rank)) => lines.push(format!("It is number {rank} in the high scores.")),
            Ok(None) => lines.push("It did not make the high scores.".to_string()),
            Err(e) => lines.push(format!("The high scores can't be kept: {e}")),
        }
        lines
    }

    /// Saves and closes the world; on failure stays (a second quit leaves anyway).
    fn leave(&mut self, mut play: Box<Play>) -> (Page, Leave) {
        let name = display_name(&play.session.info().name);
        if play.quit_armed {
            drop(play);
            let note = format!("Left {name} without saving the last moves.");
            return (Page::Menu { note: Some(note) }, Leave::Stay);
        }
        let kept = play.session.keep_recording();
        match sync(&mut play.session) {
            Ok(()) => {
                let saved = play.session.close();
                let mut note = match saved {
                    Ok(()) => format!("{name} was saved."),
                    Err(e) => format!("{name}: the last save failed: {e}"),
                };
                match kept {
                    Some(Ok(place)) => note.push_str(&format!(" Recording: {place}")),
                    Some(Err(e)) => note.push_str(&format!(" The recording was not kept: {e}")),
                    None => {}
                }
                (Page::Menu { note: Some(note) }, Leave::Stay)
            }
            Err(e) => {
                play.quit_armed = true;
                play.say(format!("Saving failed: {e}. Press quit again to leave anyway."));
                (Page::Play(play), Leave::Stay)
            }
        }
    }

    /// The end panel: how the game ended, its score, and the high scores.
    fn render_end(&self, frame: &mut Frame, play: &Play) {
        let fh = i32::from(frame.height());
        let (x, y, w, h) = draw::panel(frame, 70, (fh - 2).min(20), "The end", TITLE);
        let mut lines: Vec<String> = Vec::new();
        for line in play.end.iter().flatten() {
            lines.extend(draw::wrap(line, w.max(1) as usize));
        }
        lines.push(String::new());
        lines.extend(self.score_lines(w.max(1) as usize));
        let body = (h - 1).max(0) as usize;
        for (i, line) in lines.iter().take(body).enumerate() {
            draw::text(frame, x, y + i as i32, line, Rgb::WHITE, Rgb::BLACK, i == 0);
        }
        draw::text(
            frame,
            x,
            y + h - 1,
            "any key: close, then q to leave",
            Rgb::GREY,
            Rgb::BLACK,
            false,
        );
    }

    pub(super) fn render_play(&self, frame: &mut Frame, play: &Play) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if w < i32::from(MIN_SIZE.0) || h < i32::from(MIN_SIZE.1) {
            let lines = [
                "terminal too small".to_string(),
                format!("(needs {}x{})", MIN_SIZE.0, MIN_SIZE.1),
            ];
            for (i, line) in lines.iter().enumerate() {
                draw::text(
                    frame,
                    0,
                    i as i32,
                    &draw::fit(line, w.max(0) as usize),
                    NOTE,
                    Rgb::BLACK,
                    false,
                );
            }
            return;
        }
        let game = play.session.game();
        // What the latest key brought, wrapped: up to three lines over the map.
        let message = play.latest();
        let message = if self.setup.debug { debug_line(&play.session) } else { message };
        let mut lines = draw::wrap(&message, w.max(1) as usize);
        lines.truncate(3);
        let message_h = lines.len().max(1) as i32;
        let map_h = (h - 1 - message_h).max(0);
        draw::draw_world(game, frame, (0, 0, w, map_h));
        for (i, line) in lines.iter().enumerate() {
            draw::text(frame, 0, map_h + i as i32, line, Rgb::WHITE, Rgb::BLACK, false);
        }
        let fight = match &play.panel {
            Panel::Fight(p) if !p.done() => Some(&*p.report),
            _ => None,
        };
        draw::text(
            frame,
            0,
            h - 1,
            &status_line(&play.session, fight, w.max(0) as usize),
            palette::STATUS_TEXT,
            Rgb::BLACK,
            false,
        );
        match &play.panel {
            Panel::None => {}
            Panel::Fight(p) => play.scroll_max.set(render_fight(frame, p)),
            Panel::Inventory { note } => render_inventory(frame, &play.session, note.as_deref()),
            Panel::Help { scroll } => {
                let max = render_help(frame, &self.setup.keymap, play.session.game(), *scroll);
                play.scroll_max.set(max);
            }
            Panel::End => self.render_end(frame, play),
        }
    }
}

/// A key while a panel is open: the fight panel skips or scrolls, then closes (and the
/// end panel follows a fight that ended the game); help scrolls; the inventory equips.
fn play_panel(play: &mut Play, input: Input) {
    let max = play.scroll_max.get();
    match &mut play.panel {
        Panel::Fight(p) if !p.done() => p.shown = p.report.log.entries.len(),
        Panel::Fight(p) => match input {
            Input::Up => p.scroll = p.scroll.saturating_sub(1),
            Input::Down => p.scroll = (p.scroll + 1).min(max),
            _ => {
                let after = std::mem::take(&mut p.after);
                play.panel = if play.end.is_some() { Panel::End } else { Panel::None };
                for text in after {
                    play.say(text);
                }
            }
        },
        Panel::Help { scroll } => match input {
            Input::Up => *scroll = scroll.saturating_sub(1),
            Input::Down => *scroll = (*scroll + 1).min(max),
            _ => play.panel = Panel::None,
        },
        Panel::Inventory { .. } => {
            // A letter or number uses the item; a capital letter drops it.
            let (chosen, drop) = match input {
                Input::Char(c @ 'a'..='z') => (Some(c as usize - 'a' as usize), false),
                Input::Char(c @ '1'..='9') => (Some(c as usize - '1' as usize), false),
                Input::Char(c @ 'A'..='Z') => (Some(c as usize - 'A' as usize), true),
                _ => (None, false),
            };
            let Some(i) = chosen else {
                play.panel = Panel::None;
                return;
            };
            let note = match play.session.game().player().pack().nth(i) {
                Some(item) => {
                    let action = if drop { Action::Drop(item) } else { Action::Equip(item) };
                    let events = play.session.apply(action);
                    forget_hints(play, &events);
                    events.iter().filter_map(message_of).next_back()
                }
                None => Some("No item has that letter or number.".to_string()),
            };
            play.panel = Panel::Inventory { note };
        }
        Panel::End | Panel::None => play.panel = Panel::None,
    }
}

/// After an equip or a drop, forgets the latest key's "better item" hints it made stale:
/// the hint about the item equipped, and every hint naming the letters of the pack
/// (a drop moves them).
fn forget_hints(play: &mut Play, events: &[Event]) {
    let stale = |text: &str| {
        events.iter().any(|e| match e {
            Event::Equipped(item) => text.starts_with(&format!("The {} is better", item.name())),
            Event::Dropped(_) => text.contains(" is better than your "),
            _ => false,
        })
    };
    let start = play.messages.len() - play.fresh;
    let before = play.messages.len();
    let mut i = start;
    play.messages.retain(|m| {
        let keep = i < start || !stale(m);
        i += 1;
        keep
    });
    play.fresh -= before - play.messages.len();
}

/// The play screen's bottom line, at most `width` columns: whole fields, the least
/// important dropped first (the region, the world's name, the cell, the way to the
/// artefact, sword and armour, gold), so kills, the save state and health stay. While `fight` is being played back, its
/// kill and gold are not counted yet (the panel tells the end after the last blow).
fn status_line(session: &OverworldSession, fight: Option<&FightReport>, width: usize) -> String {
    let game = session.game();
    let p = game.player();
    let at = p.at();
    let region = game.region_of(at);
    let sword = p.weapon().map_or(1, |t| t.damage());
    let armour = p.armour().map_or(0, |t| t.shielding());
    let (mut kills, mut gold) = (p.kills(), p.gold());
    if let Some(FightReport { outcome: FightOutcome::Won { rewards }, .. }) = fight {
        kills = kills.saturating_sub(1);
        let won: u64 =
            rewards.iter().map(|r| if let Reward::Gold(g) = r { u64::from(*g) } else { 0 }).sum();
        gold = gold.saturating_sub(won);
    }
    let status = session.status();
    let saved = match (&status.error, status.pending, session.unsaved_moves()) {
        (Some(_), _, _) => "SAVE FAILED".to_string(),
        (None, 0, 0) => "saved".to_string(),
        (None, 0, n) => format!("unsaved {n}"),
        (None, _, _) => "saving".to_string(),
    };
    // As wide as `unsaved N`, so the line keeps its layout from step to step.
    let saved = format!("{saved:<9}");
    let health = match fight {
        // While a fight plays back, the health before it.
        Some(f) if game.quest().is_some() => health_text(f.player.health, PLAYER_HEALTH),
        _ if game.quest().is_some() => health_text(game.health(), PLAYER_HEALTH),
        _ => String::new(),
    };
    // (text, importance: higher stays longer), in the order shown.
    let fields = [
        (health, 10),
        (nearest_monster(game).unwrap_or_default(), 9),
        (draw::fit(&display_name(&session.info().name), 20), 2),
        (format!("({}, {})", at.x, at.y), 3),
        (format!("region ({}, {})", region.x, region.y), 1),
        (compass(game), 8),
        (format!("gold {gold}"), 5),
        (format!("sword {sword} armour {armour}"), 4),
        (format!("kills {kills}"), 6),
        (saved, 7),
    ];
    let mut keep = fields.clone().map(|(t, _)| !t.is_empty());
    let line = |keep: &[bool; 10]| {
        let shown: Vec<&str> =
            fields.iter().zip(keep).filter(|(_, k)| **k).map(|((t, _), _)| t.as_str()).collect();
        shown.join("  ")
    };
    let mut order: Vec<usize> = (0..fields.len()).collect();
    order.sort_by_key(|&i| fields[i].1);
    for i in order {
        if draw::width(&line(&keep)) <= width {
            break;
        }
        keep[i] = false;
    }
    draw::fit(&line(&keep), width)
}

/// How far (Euclidean, in cells) the status line looks for a monster to tell the
/// strength of: as far as a monster notices the player in the default game.
const NEAR: i64 = 12;

/// The nearest monster within [`NEAR`] cells, its strength and the player's odds, for
/// the status line: `goblin L1 31hp win 97%`, `hunting troll L2 62hp win 0%` (`None`:
/// none that near).
fn nearest_monster(game: &Overworld) -> Option<String> {
    let at = game.player().at();
    let r = NEAR as i32;
    let area = torchlit_geom::Rect::new(
        torchlit_geom::Point::new(at.x.saturating_sub(r), at.y.saturating_sub(r)),
        torchlit_geom::Size::new(2 * NEAR as u32 + 1, 2 * NEAR as u32 + 1),
    );
    let d2 = |m: &torchlit_sim::modes::overworld::Monster| {
        let (dx, dy) = (i64::from(m.at.x) - i64::from(at.x), i64::from(m.at.y) - i64::from(at.y));
        dx * dx + dy * dy
    };
    let m = game.monsters_near(area).into_iter().filter(|m| d2(m) <= NEAR * NEAR).min_by_key(d2)?;
    let odds = game.odds(&m);
    let hunting = if game.is_hunting(&m) { "hunting " } else { "" };
    Some(format!(
        "{hunting}{} L{} {}hp win {}%",
        m.kind,
        odds.level,
        whole_hp(odds.foe.health),
        odds.win_percent
    ))
}

/// Whether `health` is full: exactly [`PLAYER_HEALTH`] (49.20 of 50 is not, though a
/// rounding up would show 50).
fn is_full(health: Hundredths) -> bool {
    health >= Hundredths::from_hp(PLAYER_HEALTH)
}

/// A health amount as the status line writes it: `7`, `6.80`.
fn hp_number(hp: Hundredths) -> String {
    if hp.0.is_multiple_of(100) { (hp.0 / 100).to_string() } else { hp.to_string() }
}

/// Where the artefact lies from the player (the default game): `artefact NE 212`, the
/// compass point and the distance in cells (the larger of east-west and north-south).
pub(super) fn compass(game: &Overworld) -> String {
    let Some(art) = game.artefact() else { return String::new() };
    let at = game.player().at();
    let (dx, dy) = (i64::from(art.x) - i64::from(at.x), i64::from(art.y) - i64::from(at.y));
    let (ax, ay) = (dx.abs(), dy.abs());
    // A diagonal point when neither axis is less than half the other.
    let ns = if ay * 2 >= ax {
        if dy < 0 {
            "N"
        } else if dy > 0 {
            "S"
        } else {
            ""
        }
    } else {
        ""
    };
    let ew = if ax * 2 >= ay {
        if dx < 0 {
            "W"
        } else if dx > 0 {
            "E"
        } else {
            ""
        }
    } else {
        ""
    };
    let point =
        if ns.is_empty() && ew.is_empty() { "here".to_string() } else { format!("{ns}{ew}") };
    format!("artefact {point} {}", ax.max(ay))
}

/// What the player wields and wears: `(sword damage, armour points)`.
pub(super) fn gear_of(p: &torchlit_sim::modes::overworld::Player) -> (u32, u32) {
    (p.weapon().map_or(1, |t| t.damage()), p.armour().map_or(0, |t| t.shielding()))
}

/// For each sword or armour the events gave that beats what was wielded or worn before,
/// a line saying so and how to equip it (the inventory key, then the item's letter).
fn better_gear(
    session: &OverworldSession,
    (sword, armour): (u32, u32),
    events: &[Event],
    keymap: &Keymap<OverworldCommand>,
) -> Vec<String> {
    let inventory = keys_of(keymap, OverworldCommand::Inventory)
        .into_iter()
        .next()
        .map_or_else(|| "the inventory key".to_string(), |k| k.to_string());
    let mut found: Vec<Item> = Vec::new();
    for event in events {
        let rewards: &[Reward] = match event {
            Event::ChestOpened { rewards, .. } => rewards,
            Event::Fight(report) => match &report.outcome {
                FightOutcome::Won { rewards } => rewards,
                _ => &[],
            },
            _ => &[],
        };
        for r in rewards {
            if let Reward::Item(item) = r {
                let better = match item {
                    Item::Sword(t) => t.damage() > sword,
                    Item::Armour(t) => t.shielding() > armour,
                };
                if better && !found.contains(item) {
                    found.push(*item);
                }
            }
        }
    }
    let pack = session.game().player().pack();
    found
        .into_iter()
        .filter_map(|item| {
            let i = pack.iter().position(|(it, _)| it == item)?;
            let letter = (b'a' + (i as u8).min(25)) as char;
            let (verb, what) = match item {
                Item::Sword(_) => ("wield", "sword"),
                Item::Armour(_) => ("wear", "armour"),
            };
            Some(format!(
                "The {} is better than your {what}: {inventory}, then {letter}, to {verb} it.",
                item.name()
            ))
        })
        .collect()
}

fn debug_line(session: &OverworldSession) -> String {
    let times = session.save_times();
    let ms = |q: f64| times.quantile(q).map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    format!(
        "autosaves {} stall p50 {:.3} ms p99 {:.3} ms  regions generated {} cached {}  next save in {}",
        times.count(),
        ms(0.5),
        ms(0.99),
        session.game().regions_generated(),
        session.game().regions_cached(),
        session.steps_to_autosave(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn health_rounds_one_way_everywhere_and_full_means_full() {
        let almost = Hundredths(4920);
        assert!(!is_full(almost), "49.20 of 50 is not fully healed");
        assert!(is_full(Hundredths::from_hp(PLAYER_HEALTH)));
        assert_eq!(whole_hp(almost), 49, "whole hit points round down");
        assert_eq!(health_text(almost, PLAYER_HEALTH), "hp 49.20/50");
        assert_eq!(
            (hp_number(Hundredths(680)), hp_number(Hundredths(700))),
            ("6.80".into(), "7".into())
        );
    }
}
