//! The play screen's status line: health, the nearest monster, the way to the
//! artefact, gold, gear, kills and the save state, the least important dropped first on
//! a narrow screen; and the debug line.

use torchlit_sim::modes::overworld::combat::Hundredths;
use torchlit_sim::modes::overworld::{FightOutcome, FightReport, Reward};

use super::*;

/// The play screen's bottom line, at most `width` columns: whole fields, the least
/// important dropped first (the region, the world's name, the cell, the way to the
/// artefact, sword and armour, gold), so kills, the save state and health stay. While `fight` is being played back, its
/// kill and gold are not counted yet (the panel tells the end after the last blow).
pub(super) fn status_line(
    session: &OverworldSession,
    fight: Option<&FightReport>,
    width: usize,
) -> String {
    fit_status(&status_fields(session, fight), width)
}

/// The fields of the status line ([`status_line`]): each text with its importance
/// (higher stays longer), in the order shown.
pub(super) type StatusFields = [(String, u8); 10];

/// The status line's fields now; while `fight` is being played back, its kill and gold
/// are not counted yet, and health is the health before it.
pub(super) fn status_fields(
    session: &OverworldSession,
    fight: Option<&FightReport>,
) -> StatusFields {
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
    [
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
    ]
}

/// The status line of `fields` in at most `width` columns: whole fields, the least
/// important dropped first.
pub(super) fn fit_status(fields: &StatusFields, width: usize) -> String {
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
pub(super) fn is_full(health: Hundredths) -> bool {
    health >= Hundredths::from_hp(PLAYER_HEALTH)
}

/// A health amount as the status line writes it: `7`, `6.80`.
pub(super) fn hp_number(hp: Hundredths) -> String {
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

pub(super) fn debug_line(session: &OverworldSession) -> String {
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
        assert_eq!(health_text(almost, PLAYER_HEALTH), "hp 49/50");
        assert_eq!(
            (hp_number(Hundredths(680)), hp_number(Hundredths(700))),
            ("6.80".into(), "7".into())
        );
    }
}
