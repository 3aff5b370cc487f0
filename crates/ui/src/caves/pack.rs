//! The inventory page and the pick lists (what to eat, drink, wear, ...).

use super::*;

impl CavesScreen {
    pub(super) fn open_choice(&mut self, verb: Verb) {
        let inv = self.game.hero().inventory();
        let floor = verb == Verb::Eat && self.food_here().is_some();
        if inv.is_empty() && !floor {
            self.say("You are not carrying anything.");
        } else if !inv.iter().any(|(_, i)| verb.accepts(i)) && !floor {
            self.say(format!("You have nothing to {}.", verb.word()));
        } else {
            self.mode = Mode::Choose { verb, note: None };
        }
    }

    pub(super) fn inventory_key(&mut self, selected: usize, input: Input) {
        let items: Vec<(Slot, Item)> =
            self.game.hero().inventory().iter().map(|(s, i)| (s, *i)).collect();
        let last = items.len().saturating_sub(1);
        let chosen = items.get(selected.min(last)).copied();
        let verb = match input {
            Input::Up | Input::Char('k') => {
                self.mode = Mode::Inventory { selected: selected.saturating_sub(1) };
                return;
            }
            Input::Down | Input::Char('j') => {
                self.mode = Mode::Inventory { selected: (selected + 1).min(last) };
                return;
            }
            Input::Char('d') => Verb::Drop,
            Input::Char('e') => Verb::Eat,
            Input::Char('w') => Verb::Wear,
            _ => {
                self.mode = Mode::Play;
                return;
            }
        };
        self.mode = Mode::Play;
        let Some((slot, item)) = chosen else {
            self.say("You are not carrying anything.");
            return;
        };
        if verb.accepts(&item) {
            self.act(verb.action(slot));
        } else {
            self.say(format!("You can't {} the {}.", verb.word(), item.name()));
        }
    }

    pub(super) fn choose_key(&mut self, verb: Verb, input: Input) {
        if verb == Verb::Eat && matches!(input, Input::Char('-')) && self.food_here().is_some() {
            self.mode = Mode::Play;
            self.act(Action::EatHere);
            return;
        }
        let slot = match input {
            Input::Char(c) => Slot::from_letter(c),
            _ => None,
        };
        let Some(slot) = slot else {
            if matches!(input, Input::Esc | Input::Enter | Input::Char(' ')) {
                self.mode = Mode::Play;
            }
            return;
        };
        let Some(item) = self.game.hero().inventory().get(slot).copied() else {
            let note = format!("You have nothing in slot {}.", slot.letter());
            self.mode = Mode::Choose { verb, note: Some(note) };
            return;
        };
        if !verb.accepts(&item) {
            let note = format!("You can't {} the {}.", verb.word(), item.name());
            self.mode = Mode::Choose { verb, note: Some(note) };
            return;
        }
        self.mode = Mode::Play;
        self.act(verb.action(slot));
    }

    pub(super) fn render_pack(
        &self,
        frame: &mut Frame,
        verb: Option<Verb>,
        note: Option<&str>,
        selected: Option<usize>,
    ) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        let hero = self.game.hero();
        // A question lists only what it can take (DCSS's prompts do the same).
        let items: Vec<(Slot, &Item)> =
            hero.inventory().iter().filter(|(_, i)| verb.is_none_or(|v| v.accepts(i))).collect();
        let floor = if verb == Some(Verb::Eat) { self.food_here() } else { None };
        let rows = (items.len() + usize::from(floor.is_some())).max(1) as i32;
        let bw = 64.min(w);
        let bh = (rows + 4).min(h - 1);
        let (x, y) = (2.min(w - bw).max(0), (h - 1 - bh).max(0));
        // The rows that fit, scrolled so that the selected item shows.
        let fitting = (bh - 4).max(1) as usize;
        let first = selected
            .map_or(0, |s| s.min(items.len().saturating_sub(1)) + 1)
            .saturating_sub(fitting);
        let bg = palette::PANEL;
        frame.fill(x, y, bw, bh, Cell { bg, ..Cell::BLANK });
        frame.border(x, y, bw, bh, palette::HEADING);
        let title = match verb {
            Some(v) if bw < 44 => format!("What to {}?", v.word()),
            Some(v) => format!("What would you like to {}?", v.word()),
            None => format!("You are carrying {} of 20 items", items.len()),
        };
        let inner = (bw - 5).max(0) as usize;
        frame.print_bold(x + 2, y, &format!(" {} ", fit(&title, inner)), palette::HEADING);
        if items.is_empty() && floor.is_none() {
            frame.print(x + 2, y + 2, "Nothing.", Rgb::GREY, bg);
        }
        let mut row = y + 2;
        if let Some(item) = floor {
            let line = format!("- - {} (lying here)", item_details(&item));
            frame.print(x + 2, row, &fit(&line, inner + 1), Rgb::WHITE, bg);
            row += 1;
        }
        let shown = items
            .iter()
            .enumerate()
            .skip(first)
            .take(fitting.saturating_sub(usize::from(floor.is_some())));
        for (i, (slot, item)) in shown {
            let ok = verb.is_none_or(|v| v.accepts(item));
            let fg = if ok { Rgb::WHITE } else { Rgb::GREY };
            let here = row;
            row += 1;
            let row = here;
            let chosen = selected.is_some_and(|s| s.min(items.len() - 1) == i);
            let bg = if chosen { palette::SELECTED_ROW } else { bg };
            if chosen {
                frame.fill(x + 1, row, bw - 2, 1, Cell { bg, ..Cell::BLANK });
            }
            let (glyph, colour) = item_look(item.kind);
            frame.print(x + 2, row, &format!("{} - ", slot.letter()), fg, bg);
            frame.put(x + 6, row, Cell::with_bg(glyph, if ok { colour } else { Rgb::GREY }, bg));
            let mark = if hero.weapon() == Some(*slot) {
                " (wielded)"
            } else if hero.armor() == Some(*slot) {
                " (worn)"
            } else {
                ""
            };
            // On a narrow screen the details are cut, never whether it is in use.
            let room = ((bw - 9).max(0) as usize).saturating_sub(mark.len());
            frame.print(x + 8, row, &format!("{}{mark}", fit(&item_details(item), room)), fg, bg);
        }
        let hint = match (note, verb) {
            (Some(n), _) => n.to_string(),
            (None, Some(_)) if floor.is_some() => "A letter, or - for what lies here.".to_string(),
            (None, Some(_)) => "Press a letter; Esc cancels.".to_string(),
            (None, None) if bw < 56 => "Up/Down; d drop, e eat, w wear".to_string(),
            (None, None) => "Up/Down; d drop, e eat, w wear or wield; other keys close".to_string(),
        };
        frame.print(x + 2, y + bh - 1, &format!(" {} ", fit(&hint, inner)), palette::HIGHLIGHT, bg);
    }
}
