//! The inventory and the pick lists (what to drop, eat, wear or wield): a box pushed over
//! the map, holding a copy of the pack as it was when opened; the choice goes back to the
//! game as a [`PackAnswer`].

use torchlit_console::Mouse;
use torchlit_console::widgets::fit;
use torchlit_geom::Size;
use torchlit_geom::{Point, Rect};
use torchlit_sim::modes::caves::{Action, Item, Slot};

use super::{CavesScreen, Verb, item_details, item_look};
use crate::{Cell, Frame, Input, Rgb, Screen, Transition, palette};

/// What the inventory answers the game with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PackAnswer {
    /// Play this (drop, eat, wear or wield an item).
    Act(Action),
    /// Say why nothing was done ("You can't eat the sword.").
    Say(String),
}

/// The inventory (no verb: Up/Down and `d`/`e`/`w` on the selected item) or a question
/// (a verb: a letter picks the item).
pub(super) struct PackOverlay {
    /// The pack, in slot order.
    items: Vec<(Slot, Item)>,
    weapon: Option<Slot>,
    armor: Option<Slot>,
    /// Food lying where the hero stands (eaten with `-` from the eat question).
    floor: Option<Item>,
    verb: Option<Verb>,
    selected: usize,
    /// Why the last letter picked nothing.
    note: Option<String>,
    /// The frame's size as last told: where a click's lines are.
    size: Option<Size>,
}

impl CavesScreen {
    /// The inventory (`verb` none) or the question for `verb`, over the pack as it is.
    pub(super) fn pack(&self, verb: Option<Verb>) -> PackOverlay {
        let hero = self.game.hero();
        PackOverlay {
            items: hero.inventory().iter().map(|(s, i)| (s, *i)).collect(),
            weapon: hero.weapon(),
            armor: hero.armor(),
            floor: if verb == Some(Verb::Eat) { self.food_here() } else { None },
            verb,
            selected: 0,
            note: None,
            size: None,
        }
    }

    /// Asks what to `verb`, or says there is nothing to.
    pub(super) fn open_choice(&mut self, verb: Verb) -> Transition {
        let inv = self.game.hero().inventory();
        let floor = verb == Verb::Eat && self.food_here().is_some();
        if inv.is_empty() && !floor {
            self.say("You are not carrying anything.");
        } else if !inv.iter().any(|(_, i)| verb.accepts(i)) && !floor {
            self.say(format!("You have nothing to {}.", verb.word()));
        } else {
            return Transition::Push(Box::new(self.pack(Some(verb))));
        }
        Transition::Stay
    }
}

impl PackOverlay {
    /// The items listed: those the question can take (DCSS's prompts do the same).
    fn listed(&self) -> Vec<(Slot, Item)> {
        self.items.iter().copied().filter(|(_, i)| self.verb.is_none_or(|v| v.accepts(i))).collect()
    }

    fn answer(answer: PackAnswer) -> Transition {
        Transition::PopWith(Box::new(answer))
    }

    fn inventory_key(&mut self, input: Input) -> Transition {
        let last = self.items.len().saturating_sub(1);
        let chosen = self.items.get(self.selected.min(last)).copied();
        let verb = match input {
            Input::Up | Input::Char('k') => {
                self.selected = self.selected.saturating_sub(1);
                return Transition::Stay;
            }
            Input::Down | Input::Char('j') => {
                self.selected = (self.selected + 1).min(last);
                return Transition::Stay;
            }
            Input::Char('d') => Verb::Drop,
            Input::Char('e') => Verb::Eat,
            Input::Char('w') => Verb::Wear,
            _ => return Transition::Pop,
        };
        let Some((slot, item)) = chosen else {
            return Self::answer(PackAnswer::Say("You are not carrying anything.".to_string()));
        };
        if verb.accepts(&item) {
            Self::answer(PackAnswer::Act(verb.action(slot)))
        } else {
            Self::answer(PackAnswer::Say(format!("You can't {} the {}.", verb.word(), item.name())))
        }
    }

    fn choose_key(&mut self, verb: Verb, input: Input) -> Transition {
        if verb == Verb::Eat && matches!(input, Input::Char('-')) && self.floor.is_some() {
            return Self::answer(PackAnswer::Act(Action::EatHere));
        }
        let slot = match input {
            Input::Char(c) => Slot::from_letter(c),
            _ => None,
        };
        let Some(slot) = slot else {
            if matches!(input, Input::Esc | Input::Enter | Input::Char(' ')) {
                return Transition::Pop;
            }
            return Transition::Stay;
        };
        let Some(item) = self.items.iter().find(|(s, _)| *s == slot).map(|(_, i)| *i) else {
            self.note = Some(format!("You have nothing in slot {}.", slot.letter()));
            return Transition::Stay;
        };
        if !verb.accepts(&item) {
            self.note = Some(format!("You can't {} the {}.", verb.word(), item.name()));
            return Transition::Stay;
        }
        Self::answer(PackAnswer::Act(verb.action(slot)))
    }

    /// The box for a `w` x `h` frame: left column, top row, width, height, and the rows
    /// of items that fit.
    fn layout(&self, w: i32, h: i32) -> (i32, i32, i32, i32, usize) {
        let rows = (self.listed().len() + usize::from(self.floor.is_some())).max(1) as i32;
        let bw = 64.min(w);
        let bh = (rows + 4).min(h - 1);
        let (x, y) = (2.min(w - bw).max(0), (h - 1 - bh).max(0));
        (x, y, bw, bh, (bh - 4).max(1) as usize)
    }

    /// The first item shown: scrolled so that the selected item shows.
    fn first(&self, fitting: usize) -> usize {
        match self.verb {
            None => (self.selected.min(self.listed().len().saturating_sub(1)) + 1)
                .saturating_sub(fitting),
            Some(_) => 0,
        }
    }

    /// Which line of the box (as `render` lays it out in a frame of the size last told)
    /// is on frame row `row`: the index among the listed items, `usize::MAX` for the food
    /// lying here, `None` for no item's line.
    fn row_at(&self, row: u16) -> Option<usize> {
        let size = self.size?;
        let (_, y, _, _, fitting) = self.layout(size.width as i32, size.height as i32);
        let line = i32::from(row) - (y + 2);
        if line < 0 || line as usize >= fitting {
            return None;
        }
        let line = line as usize;
        let floor = self.floor.is_some();
        if floor && line == 0 {
            return Some(usize::MAX);
        }
        let i = self.first(fitting) + line - usize::from(floor);
        (i < self.listed().len()).then_some(i)
    }

    fn title(&self, bw: i32) -> String {
        match self.verb {
            Some(v) if bw < 44 => format!("What to {}?", v.word()),
            Some(v) => format!("What would you like to {}?", v.word()),
            None => format!("You are carrying {} of 20 items", self.listed().len()),
        }
    }

    fn hint(&self, bw: i32) -> String {
        match (&self.note, self.verb) {
            (Some(n), _) => n.clone(),
            (None, Some(_)) if self.floor.is_some() => {
                "A letter, or - for what lies here.".to_string()
            }
            (None, Some(_)) => "Press a letter; Esc cancels.".to_string(),
            (None, None) if bw < 56 => "Up/Down; d drop, e eat, w wear".to_string(),
            (None, None) => "Up/Down; d drop, e eat, w wear or wield; other keys close".to_string(),
        }
    }

    /// Draws item `i` of the list (`item` in `slot`) on row `row` of the box at `x`.
    fn draw_item(
        &self,
        frame: &mut Frame,
        (x, row, bw): (i32, i32, i32),
        i: usize,
        slot: Slot,
        item: &Item,
    ) {
        let ok = self.verb.is_none_or(|v| v.accepts(item));
        let fg = if ok { Rgb::WHITE } else { Rgb::GREY };
        let chosen = self.verb.is_none() && self.selected.min(self.listed().len() - 1) == i;
        let bg = if chosen { palette::SELECTED_ROW } else { palette::PANEL };
        if chosen {
            frame.fill_rect(
                Rect::new(Point::new(x + 1, row), Size::new((bw - 2).max(0) as u32, 1)),
                Cell { bg, ..Cell::BLANK },
            );
        }
        let (glyph, colour) = item_look(item.kind);
        frame.print_at(Point::new(x + 2, row), &format!("{} - ", slot.letter()), fg, bg);
        frame.set(
            Point::new(x + 6, row),
            Cell::with_bg(glyph, if ok { colour } else { Rgb::GREY }, bg),
        );
        let mark = if self.weapon == Some(slot) {
            " (wielded)"
        } else if self.armor == Some(slot) {
            " (worn)"
        } else {
            ""
        };
        // On a narrow screen the details are cut, never whether it is in use.
        let room = ((bw - 9).max(0) as usize).saturating_sub(mark.len());
        frame.print_at(
            Point::new(x + 8, row),
            &format!("{}{mark}", fit(&item_details(item), room)),
            fg,
            bg,
        );
    }
}

impl Screen for PackOverlay {
    /// The box over the map, where the messages were.
    fn render(&self, frame: &mut Frame) {
        let (w, h) = (i32::from(frame.width()), i32::from(frame.height()));
        if w < super::MIN_SIZE.0 as i32 || h < super::MIN_SIZE.1 as i32 {
            return;
        }
        super::clear_message_rows(frame);
        let items = self.listed();
        let (x, y, bw, bh, fitting) = self.layout(w, h);
        let bg = palette::PANEL;
        frame.fill_rect(
            Rect::new(Point::new(x, y), Size::new(bw.max(0) as u32, bh.max(0) as u32)),
            Cell { bg, ..Cell::BLANK },
        );
        frame.border_rect(
            Rect::new(Point::new(x, y), Size::new(bw.max(0) as u32, bh.max(0) as u32)),
            palette::HEADING,
        );
        let inner = (bw - 5).max(0) as usize;
        frame.print_bold_at(
            Point::new(x + 2, y),
            &format!(" {} ", fit(&self.title(bw), inner)),
            palette::HEADING,
        );
        if items.is_empty() && self.floor.is_none() {
            frame.print_at(Point::new(x + 2, y + 2), "Nothing.", Rgb::GREY, bg);
        }
        let mut row = y + 2;
        if let Some(item) = self.floor {
            let line = format!("- - {} (lying here)", item_details(&item));
            frame.print_at(Point::new(x + 2, row), &fit(&line, inner + 1), Rgb::WHITE, bg);
            row += 1;
        }
        let shown = fitting.saturating_sub(usize::from(self.floor.is_some()));
        for (i, (slot, item)) in items.iter().enumerate().skip(self.first(fitting)).take(shown) {
            self.draw_item(frame, (x, row, bw), i, *slot, item);
            row += 1;
        }
        let hint = self.hint(bw);
        frame.print_at(
            Point::new(x + 2, y + bh - 1),
            &format!(" {} ", fit(&hint, inner)),
            palette::HIGHLIGHT,
            bg,
        );
    }

    fn handle(&mut self, input: Input) -> Transition {
        match self.verb {
            None => self.inventory_key(input),
            Some(verb) => self.choose_key(verb, input),
        }
    }

    /// A click on an item's line: on the inventory it selects it, on a question it
    /// chooses it (as its letter does).
    fn mouse(&mut self, event: Mouse) -> Transition {
        let Mouse::Text(_, row) = event else { return Transition::Stay };
        let hit = self.row_at(row);
        match (self.verb, hit) {
            (None, Some(i)) if i != usize::MAX => self.selected = i,
            (Some(verb), Some(usize::MAX)) if self.floor.is_some() => {
                return self.choose_key(verb, Input::Char('-'));
            }
            (Some(verb), Some(i)) => {
                if let Some((slot, _)) = self.listed().get(i) {
                    return self.choose_key(verb, Input::Char(slot.letter()));
                }
            }
            _ => {}
        }
        Transition::Stay
    }

    fn resize(&mut self, size: Size) {
        self.size = Some(size);
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
