//! The WebSocket protocol: JSON text messages, one object each, tagged by `"t"`.
//!
//! Browser to server ([`ClientMsg`]):
//! - `{"t":"down","k":"ArrowUp","c":false,"r":false}` — a key went down (`k` is the
//!   browser's `KeyboardEvent.key`, `c` Ctrl held, `r` an auto-repeat);
//! - `{"t":"up","k":"ArrowUp","c":false}` — a key went up;
//! - `{"t":"size","w":80,"h":30}` — the grid the page shows, in cells;
//! - `{"t":"watchable","on":false}` — whether spectators may watch this session.
//!
//! Server to browser:
//! - `{"t":"hello","role":"play","token":"…","id":"…","sprites":["none","brick_floor",…]}`;
//! - `{"t":"full","w":80,"h":30,"c":[[glyph,fg,bg,sprite,under,light,bold],…]}` — every
//!   cell, row by row, on (re)attach and after a resize;
//! - `{"t":"diff","c":[[index,glyph,fg,bg,sprite,under,light,bold],…]}` — only the
//!   cells that changed (`index = y * w + x`);
//! - `{"t":"end","why":"…"}` — the session is over (then the socket closes).
//!
//! Colours are `0xRRGGBB` integers; sprites are indexes into the hello's `sprites`
//! (0 is `none`); `light` is 0–255; `bold` is 0 or 1.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use torchlit_console::{Cell, Frame, Input, Rgb, Sprite};

/// A message from the browser. Anything else (unknown tags, unknown or missing fields,
/// wrong types) fails to parse ([`ClientMsg::parse`]) and closes the connection.
/// It serializes to the form it parses from (the fuzz target checks the round trip).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMsg {
    /// A key went down.
    Down {
        /// `KeyboardEvent.key`.
        k: String,
        /// Ctrl held.
        #[serde(default)]
        c: bool,
        /// An auto-repeat of a held key.
        #[serde(default)]
        r: bool,
    },
    /// A key went up.
    Up {
        /// `KeyboardEvent.key`.
        k: String,
        /// Ctrl held.
        #[serde(default)]
        c: bool,
    },
    /// The grid size the page shows, in cells.
    Size {
        /// Columns.
        w: u16,
        /// Rows.
        h: u16,
    },
    /// Whether spectators may watch.
    Watchable {
        /// On or off.
        on: bool,
    },
}

/// The smallest and largest grid a page may ask for, in cells.
pub const MIN_SIZE: (u16, u16) = (40, 16);
/// See [`MIN_SIZE`].
pub const MAX_SIZE: (u16, u16) = (200, 80);

impl ClientMsg {
    /// Parses one text message from the browser, as the server does.
    ///
    /// # Errors
    /// Why the message is refused: `malformed message: ` and what JSON or the protocol
    /// found wrong. The server closes the connection with [`close_reason`] of it.
    pub fn parse(text: &str) -> Result<ClientMsg, String> {
        serde_json::from_str(text).map_err(|e| format!("malformed message: {e}"))
    }
}

/// The grid a page asked for (`{"t":"size"}`), kept within [`MIN_SIZE`] and [`MAX_SIZE`].
pub fn clamp_size(w: u16, h: u16) -> (u16, u16) {
    (w.clamp(MIN_SIZE.0, MAX_SIZE.0), h.clamp(MIN_SIZE.1, MAX_SIZE.1))
}

/// The most bytes a WebSocket close reason may take: a control frame carries at most
/// 125 bytes, two of them the close code (RFC 6455, section 5.5).
pub const MAX_CLOSE_REASON_BYTES: usize = 123;

/// `why`, cut at a character boundary to at most [`MAX_CLOSE_REASON_BYTES`] bytes (a
/// longer close frame breaks the protocol, and browsers drop the connection without
/// its reason).
pub fn close_reason(why: &str) -> &str {
    if why.len() <= MAX_CLOSE_REASON_BYTES {
        return why;
    }
    let mut end = MAX_CLOSE_REASON_BYTES;
    while !why.is_char_boundary(end) {
        end -= 1;
    }
    &why[..end]
}

/// A browser key (`KeyboardEvent.key`, Ctrl held or not) as a screen [`Input`]; `None`
/// for keys no screen uses (function keys, Shift alone...).
pub fn key_input(key: &str, ctrl: bool) -> Option<Input> {
    let mut chars = key.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(if ctrl { Input::Ctrl(c.to_ascii_lowercase()) } else { Input::Char(c) });
    }
    Some(match key {
        "ArrowUp" => Input::Up,
        "ArrowDown" => Input::Down,
        "ArrowLeft" => Input::Left,
        "ArrowRight" => Input::Right,
        "Enter" => Input::Enter,
        "Escape" => Input::Esc,
        "Backspace" => Input::Backspace,
        "Tab" => Input::Tab,
        _ => return None,
    })
}

/// Every sprite name, index 0 being `none`: what cells' sprite numbers refer to.
pub fn sprite_names() -> Vec<&'static str> {
    std::iter::once(Sprite::None).chain(Sprite::ALL.iter().copied()).map(Sprite::name).collect()
}

static SPRITE_INDEX: LazyLock<HashMap<Sprite, u16>> = LazyLock::new(|| {
    std::iter::once(Sprite::None)
        .chain(Sprite::ALL.iter().copied())
        .enumerate()
        .map(|(i, s)| (s, u16::try_from(i).unwrap_or(0)))
        .collect()
});

fn sprite_index(s: Sprite) -> u16 {
    SPRITE_INDEX.get(&s).copied().unwrap_or(0)
}

fn rgb(c: Rgb) -> u32 {
    (u32::from(c.0) << 16) | (u32::from(c.1) << 8) | u32::from(c.2)
}

type CellTuple = (char, u32, u32, u16, u16, u8, u8);
/// A changed cell: its index, then as [`CellTuple`].
type IndexedCell = (u32, char, u32, u32, u16, u16, u8, u8);

fn cell_tuple(c: &Cell) -> CellTuple {
    (
        c.glyph,
        rgb(c.fg),
        rgb(c.bg),
        sprite_index(c.sprite),
        sprite_index(c.under),
        c.light,
        u8::from(c.bold),
    )
}

#[derive(Serialize)]
struct Hello<'a> {
    t: &'static str,
    role: &'a str,
    token: &'a str,
    id: &'a str,
    sprites: Vec<&'static str>,
}

/// The hello message: the role (`play` or `watch`), the session's secret token (empty
/// for spectators), its public id and the sprite names.
pub fn hello(role: &str, token: &str, id: &str) -> String {
    let msg = Hello { t: "hello", role, token, id, sprites: sprite_names() };
    serde_json::to_string(&msg).unwrap_or_default()
}

#[derive(Serialize)]
struct Full {
    t: &'static str,
    w: u16,
    h: u16,
    c: Vec<CellTuple>,
}

/// Every cell of `frame`.
pub fn full(frame: &Frame) -> String {
    let msg = Full {
        t: "full",
        w: frame.width(),
        h: frame.height(),
        c: frame.cells().iter().map(cell_tuple).collect(),
    };
    serde_json::to_string(&msg).unwrap_or_default()
}

#[derive(Serialize)]
struct Diff {
    t: &'static str,
    c: Vec<IndexedCell>,
}

/// The cells of `now` that differ from `before` (same size), or `None` when nothing
/// changed.
pub fn diff(before: &Frame, now: &Frame) -> Option<String> {
    let c: Vec<_> = before
        .cells()
        .iter()
        .zip(now.cells())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (_, b))| {
            let (g, fg, bg, s, u, l, bold) = cell_tuple(b);
            (u32::try_from(i).unwrap_or(u32::MAX), g, fg, bg, s, u, l, bold)
        })
        .collect();
    if c.is_empty() {
        return None;
    }
    serde_json::to_string(&Diff { t: "diff", c }).ok()
}

#[derive(Serialize)]
struct End<'a> {
    t: &'static str,
    why: &'a str,
}

/// The session is over, and why.
pub fn end(why: &str) -> String {
    serde_json::to_string(&End { t: "end", why }).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_parse_strictly() {
        let m: ClientMsg =
            serde_json::from_str(r#"{"t":"down","k":"a","c":false,"r":true}"#).expect("a key");
        assert_eq!(m, ClientMsg::Down { k: "a".into(), c: false, r: true });
        for bad in [
            r#"{"t":"down"}"#,
            r#"{"t":"down","k":5}"#,
            r#"{"t":"fly","k":"a"}"#,
            r#"{"t":"size","w":-1,"h":3}"#,
            r#"{"t":"up","k":"a","extra":1}"#,
            "[1,2]",
            "not json",
        ] {
            assert!(serde_json::from_str::<ClientMsg>(bad).is_err(), "{bad} accepted");
            let why = ClientMsg::parse(bad).expect_err(bad);
            assert!(why.starts_with("malformed message: "), "{why}");
        }
    }

    #[test]
    fn messages_serialize_to_what_they_parse_from() {
        for text in [
            r#"{"t":"down","k":"ArrowUp","c":true,"r":false}"#,
            r#"{"t":"up","k":"a","c":false}"#,
            r#"{"t":"size","w":80,"h":30}"#,
            r#"{"t":"watchable","on":false}"#,
        ] {
            let m = ClientMsg::parse(text).expect(text);
            assert_eq!(serde_json::to_string(&m).ok().as_deref(), Some(text));
        }
    }

    #[test]
    fn close_reasons_fit_a_control_frame_and_cut_at_characters() {
        assert_eq!(close_reason("short"), "short");
        let wide = "é".repeat(100);
        let cut = close_reason(&wide);
        assert!(cut.len() <= MAX_CLOSE_REASON_BYTES && cut.len() >= MAX_CLOSE_REASON_BYTES - 1);
        assert!(cut.chars().all(|c| c == 'é'));
        let long = ClientMsg::parse(&format!(r#"{{"t":"{}"}}"#, "€".repeat(60))).expect_err("tag");
        assert!(long.len() > MAX_CLOSE_REASON_BYTES, "the case needs a long reason: {long}");
        assert!(close_reason(&long).len() <= MAX_CLOSE_REASON_BYTES);
    }

    #[test]
    fn sizes_are_clamped() {
        assert_eq!(clamp_size(0, u16::MAX), (MIN_SIZE.0, MAX_SIZE.1));
        assert_eq!(clamp_size(80, 30), (80, 30));
    }

    #[test]
    fn browser_keys_become_inputs() {
        assert_eq!(key_input("a", false), Some(Input::Char('a')));
        assert_eq!(key_input("C", true), Some(Input::Ctrl('c')));
        assert_eq!(key_input("ArrowLeft", false), Some(Input::Left));
        assert_eq!(key_input("Escape", false), Some(Input::Esc));
        assert_eq!(key_input("F5", false), None);
        assert_eq!(key_input("Shift", false), None);
    }

    #[test]
    fn diffs_carry_only_changed_cells() {
        let a = Frame::new(3, 2);
        let mut b = a.clone();
        assert_eq!(diff(&a, &b), None);
        b.put(1, 1, Cell::new('"', Rgb(255, 0, 1)).sprite(Sprite::Lava));
        let d = diff(&a, &b).expect("one change");
        let lava = sprite_names().iter().position(|n| *n == "lava").expect("lava");
        assert_eq!(d, format!(r#"{{"t":"diff","c":[[4,"\"",16711681,0,{lava},0,255,0]]}}"#));
        let f: serde_json::Value = serde_json::from_str(&full(&b)).expect("json");
        assert_eq!(f["c"].as_array().map(Vec::len), Some(6));
    }
}
