//! The inventory panel: what the player carries and wears.

use torchlit_sim::modes::overworld::{Item, Player};

use super::*;
use crate::{Input, Transition};

/// The inventory panel's answer: use (wield or wear) or drop `item`.
#[derive(Debug)]
pub(super) struct InventoryChoice {
    pub(super) item: Item,
    pub(super) drop: bool,
}

/// The inventory over the play screen: a letter or number uses the item (the panel
/// closes with an [`InventoryChoice`] and the play screen opens it again with what came
/// of it), Shift+letter drops it, any other key closes it.
#[derive(Debug)]
pub(super) struct InventoryPanel {
    /// The player as it was when the panel opened.
    player: Player,
    /// What the last choice brought.
    note: Option<String>,
}

impl InventoryPanel {
    pub(super) fn new(player: Player, note: Option<String>) -> InventoryPanel {
        InventoryPanel { player, note }
    }
}

impl Screen for InventoryPanel {
    fn render(&self, frame: &mut Frame) {
        if !too_small(frame) {
            render_inventory(frame, &self.player, self.note.as_deref());
        }
    }

    fn handle(&mut self, input: Input) -> Transition {
        // A letter or number uses the item; a capital letter drops it.
        let (chosen, drop) = match input {
            Input::Char(c @ 'a'..='z') => (Some(c as usize - 'a' as usize), false),
            Input::Char(c @ '1'..='9') => (Some(c as usize - '1' as usize), false),
            Input::Char(c @ 'A'..='Z') => (Some(c as usize - 'A' as usize), true),
            _ => (None, false),
        };
        let Some(i) = chosen else { return Transition::Pop };
        match self.player.pack().nth(i) {
            Some(item) => Transition::PopWith(Box::new(InventoryChoice { item, drop })),
            None => {
                self.note = Some("No item has that letter or number.".to_string());
                Transition::Stay
            }
        }
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

fn render_inventory(frame: &mut Frame, player: &Player, note: Option<&str>) {
    let pack = player.pack();
    let fh = i32::from(frame.height());
    let rows = pack.kinds().max(1) as i32;
    let title = format!("Inventory · {} gold", player.gold());
    let fists = player.weapon().is_none().then_some("bare hands (1 damage)");
    let bare = player.armour().is_none().then_some("no armour");
    let extra: Vec<&str> = [fists, bare].into_iter().flatten().collect();
    // Below the items: what the player fights with when bare, the last answer, the keys.
    let mut foot: Vec<(String, Rgb)> = Vec::new();
    if !extra.is_empty() {
        foot.push((format!("You fight with {}.", extra.join(" and ")), Rgb::GREY));
    }
    if let Some(note) = note {
        foot.push((note.to_string(), palette::GOOD_NEWS));
    }
    foot.push(("letter or number: wield or wear".to_string(), Rgb::GREY));
    foot.push(("Shift+letter: drop for good   Esc: close".to_string(), Rgb::GREY));
    let (x, y, w, h) = panel(frame, 64, (rows + 3 + foot.len() as i32).min(fh), &title, TITLE);
    // On a short panel the items keep at least one line; the key lines give way first.
    while foot.len() > 1 && h - (foot.len() as i32) < 2 {
        foot.remove(foot.len() - 2);
    }
    let room = (h - foot.len() as i32 - 1).max(1) as usize;
    for (i, (item, count)) in pack.iter().enumerate().take(room) {
        let letter = (b'a' + (i as u8).min(25)) as char;
        let times = if count > 1 { format!(" ×{count}") } else { String::new() };
        let worn = match item {
            Item::Sword(_) if player.is_equipped(item) => "  wielded",
            Item::Armour(_) if player.is_equipped(item) => "  worn",
            _ => "",
        };
        // On a narrow panel the name gives way: `wielded` and `worn` always show.
        let cols = (w.max(0) as usize).saturating_sub(draw::width(worn));
        let more = if i + 1 == room && pack.kinds() > room { " …" } else { "" };
        let name = format!("{letter}) {}. {item}{times}{more}", i + 1);
        let line = draw::fit(&name, cols) + worn;
        let fg = if worn.is_empty() { Rgb::WHITE } else { palette::HIGHLIGHT };
        draw::text(frame, x, y + i as i32, &line, fg, Rgb::BLACK, false);
    }
    if pack.kinds() == 0 {
        draw::text(frame, x, y, "You carry nothing.", Rgb::GREY, Rgb::BLACK, false);
    }
    let top = y + h - foot.len() as i32;
    for (i, (line, fg)) in foot.iter().enumerate() {
        let line = draw::fit(line, w.max(0) as usize);
        draw::text(frame, x, top + i as i32, &line, *fg, Rgb::BLACK, false);
    }
}
