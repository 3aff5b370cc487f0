//! Dev-only helpers shared by torchlit's tests.
//!
//! - [`ultima`]: an Ultima world from rows of tile codes drawn as a picture.
//! - [`ascii`]: an ASCII map (and its `@` start) from rows.
//! - [`assert_lines`]: compares a multi-line picture with expected rows and shows both
//!   when they differ.
//! - [`tmux::Tmux`]: a program in a real terminal, driven by key presses.
//! - [`WORLD_10X5`], [`WORLD_30X20`]: the sample Ultima worlds (Ultima 0's own `10x5.txt`).

use torchlit_map::{AsciiMap, UltimaWorld};

pub mod tmux;

/// Ultima 0's `10x5.txt` (`light(3, 1, 4.0) = 23`).
pub const WORLD_10X5: &str = include_str!("../../../testdata/ultima/10x5.txt");
/// The shared 30x20 sample world.
pub const WORLD_30X20: &str = include_str!("../../../testdata/ultima/30x20.txt");

/// An Ultima world from `rows` of tile codes (one character per tile, no spaces, top row
/// first) with the avatar at `avatar` given in Ultima coordinates (`(0, 0)` bottom-left).
///
/// # Panics
/// If the rows do not make a valid world (this is test code: the message says why).
pub fn ultima(rows: &[&str], avatar: (i32, i32)) -> UltimaWorld {
    let width = rows.first().map_or(0, |r| r.chars().count());
    let mut text = format!("{width} {}\n{} {}\n", rows.len(), avatar.0, avatar.1);
    for row in rows {
        let codes: Vec<String> = row.chars().map(String::from).collect();
        text += &codes.join(" ");
        text.push('\n');
    }
    match UltimaWorld::parse(text.as_bytes()) {
        Ok(world) => world,
        Err(e) => panic!("bad Ultima fixture: {e}\n{text}"),
    }
}

/// An ASCII map from `rows` (see `torchlit_map::AsciiMap` for the legend).
///
/// # Panics
/// If the rows do not parse.
pub fn ascii(rows: &[&str]) -> AsciiMap {
    let text = rows.join("\n");
    match AsciiMap::parse(text.as_bytes()) {
        Ok(map) => map,
        Err(e) => panic!("bad ASCII fixture: {e}\n{text}"),
    }
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
    use torchlit_geom::Point;

    #[test]
    fn ultima_fixture_converts_the_avatar() {
        let w = ultima(&["GGG", "GBG"], (1, 0));
        assert_eq!(w.avatar, Point::new(1, 1));
    }

    #[test]
    fn ascii_fixture_finds_the_start() {
        let m = ascii(&["###", "#@#", "###"]);
        assert_eq!(m.start, Some(Point::new(1, 1)));
    }
}
