//! The inventory panel: what the player carries and wears.

use super::*;

pub(super) fn render_inventory(frame: &mut Frame, session: &OverworldSession, note: Option<&str>) {
    let player = session.game().player();
    let pack = player.pack();
    let fh = i32::from(frame.height());
    let rows = pack.kinds() as i32;
    let title = format!("Inventory · {} gold", player.gold());
    let (x, y, w, h) = draw::panel(frame, 64, (rows + 7).min(fh), &title, TITLE);
    for (i, (item, count)) in pack.iter().enumerate() {
        let letter = (b'a' + (i as u8).min(25)) as char;
        let times = if count > 1 { format!(" ×{count}") } else { String::new() };
        let worn = match item {
            Item::Sword(_) if player.is_equipped(item) => "  wielded",
            Item::Armour(_) if player.is_equipped(item) => "  worn",
            _ => "",
        };
        // On a narrow panel the name gives way: `wielded` and `worn` always show.
        let cols = (w.max(0) as usize).saturating_sub(draw::width(worn));
        let line = draw::fit(&format!("{letter}) {}. {item}{times}", i + 1), cols) + worn;
        let fg = if worn.is_empty() { Rgb::WHITE } else { palette::HIGHLIGHT };
        draw::text(frame, x, y + i as i32, &line, fg, Rgb::BLACK, false);
    }
    if pack.kinds() == 0 {
        draw::text(frame, x, y, "You carry nothing.", Rgb::GREY, Rgb::BLACK, false);
    }
    let fists = player.weapon().is_none().then_some("bare hands (1 damage)");
    let bare = player.armour().is_none().then_some("no armour");
    let extra: Vec<&str> = [fists, bare].into_iter().flatten().collect();
    if !extra.is_empty() {
        draw::text(
            frame,
            x,
            y + h - 4,
            &draw::fit(&format!("You fight with {}.", extra.join(" and ")), w.max(0) as usize),
            Rgb::GREY,
            Rgb::BLACK,
            false,
        );
    }
    if let Some(note) = note {
        draw::text(
            frame,
            x,
            y + h - 3,
            &draw::fit(note, w.max(0) as usize),
            palette::GOOD_NEWS,
            Rgb::BLACK,
            false,
        );
    }
    let hint = "letter or number: wield or wear   Esc: close";
    draw::text(
        frame,
        x,
        y + h - 1,
        &draw::fit(hint, w.max(0) as usize),
        Rgb::GREY,
        Rgb::BLACK,
        false,
    );
}
