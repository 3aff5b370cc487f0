//! Dev-only helpers shared by torchlit's tests.
//!
//! - [`ultima_text`]: the file of an Ultima world from rows of tile codes drawn as a
//!   picture (parse it with `torchlit_sim::formats::UltimaWorld::parse`: the game's
//!   formats live with the game, and this kit depends on no torchlit crate).
//! - [`assert_lines`]: compares a multi-line picture with expected rows and shows both
//!   when they differ.
//! - [`tmux::Tmux`]: a program in a real terminal, driven by key presses.
//! - [`WORLD_10X5`], [`WORLD_30X20`]: the sample Ultima worlds (Ultima 0's own `10x5.txt`).

pub mod tmux;

/// Ultima 0's `10x5.txt` (`light(3, 1, 4.0) = 23`).
pub const WORLD_10X5: &str = include_str!("../../../testdata/ultima/10x5.txt");
/// The shared 30x20 sample world.
pub const WORLD_30X20: &str = include_str!("../../../testdata/ultima/30x20.txt");

/// The file of an Ultima world from `rows` of tile codes (one character per tile, no
/// spaces, top row first) with the avatar at `avatar` given in Ultima coordinates
/// (`(0, 0)` bottom-left): `W H`, the avatar, then the rows with the codes apart.
pub fn ultima_text(rows: &[&str], avatar: (i32, i32)) -> String {
    let width = rows.first().map_or(0, |r| r.chars().count());
    let mut text = format!("{width} {}\n{} {}\n", rows.len(), avatar.0, avatar.1);
    for row in rows {
        let codes: Vec<String> = row.chars().map(String::from).collect();
        text += &codes.join(" ");
        text.push('\n');
    }
    text
}

/// Asserts that `picture` (lines separated by `\n`) equals `expected`, row for row,
/// ignoring trailing spaces; on failure prints both pictures.
///
/// # Panics
/// When they differ.
pub fn assert_lines(picture: &str, expected: &[&str]) {
    let got: Vec<&str> = picture.lines().map(str::trim_end).collect();
    let want: Vec<&str> = expected.iter().map(|l| l.trim_end()).collect();
    assert!(
        got == want,
        "picture differs\n--- got ---\n{}\n--- expected ---\n{}",
        got.join("\n"),
        want.join("\n")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ultima_text_spaces_the_codes_apart() {
        assert_eq!(ultima_text(&["GGG", "GBG"], (1, 0)), "3 2\n1 0\nG G G\nG B G\n");
    }
}
