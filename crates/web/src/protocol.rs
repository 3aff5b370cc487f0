//! The WebSocket protocol: JSON text messages, one object each, tagged by `"t"`.
//!
//! Browser to server ([`ClientMsg`]):
//! - `{"t":"down","k":"ArrowUp","c":false,"r":false}` — a key went down (`k` is the
//!   browser's `KeyboardEvent.key`, `c` Ctrl held, `r` an auto-repeat);
//! - `{"t":"up","k":"ArrowUp","c":false}` — a key went up;
//! - `{"t":"size","w":80,"h":30}` — the grid the page shows, in cells;
//! - `{"t":"watchable","on":false}` — whether spectators may watch this session;
//! - `{"t":"view","w":40,"h":25}` — how many map cells fit the page's map area at its
//!   tile size (the screen's [`Scene`](torchlit_console::Scene) is asked for that view);
//! - `{"t":"mouse","k":"hover","x":12,"y":7}` — the mouse over the scene's map (`k` is
//!   `hover`, `leave`, `click` or `inspect`, `x`/`y` a map cell; `leave` sends 0, 0) or
//!   on a text page (`k` `text`, `x`/`y` its column and row).
//!
//! Server to browser:
//! - `{"t":"hello","role":"play","token":"…","id":"…","sprites":["none","brick_floor",…]}`;
//! - `{"t":"full","w":80,"h":30,"c":[[glyph,fg,bg,sprite,under,light,bold],…]}` — every
//!   cell, row by row, on (re)attach and after a resize;
//! - `{"t":"diff","c":[[index,glyph,fg,bg,sprite,under,light,bold],…]}` — only the
//!   cells that changed (`index = y * w + x`);
//! - `{"t":"scene",…}` — the screen's scene, as changes against the last one this page
//!   got (see [`crate::wire`]), sent instead of `full`/`diff` while the screen has one;
//! - `{"t":"notice","text":"…"}` — a line for the page's status bar (a deep link that
//!   could not be followed);
//! - `{"t":"end","why":"…"}` — the session is over (then the socket closes).
//!
//! Colours are `0xRRGGBB` integers; sprites are indexes into the hello's `sprites`
//! (0 is `none`); `light` is 0–255; `bold` is 0 or 1.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use torchlit_console::scene::Point;
use torchlit_console::{Cell, Frame, Input, Mouse, Rgb, Sprite};

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
    /// How many map cells fit the page's map area (the scene's view).
    View {
        /// Columns of map cells.
        w: u16,
        /// Rows of map cells.
        h: u16,
    },
    /// The mouse: over the scene's map (map cells) or on a text page (column, row).
    Mouse {
        /// What the mouse did.
        k: MouseKind,
        /// Map cell x, or text column.
        x: i32,
        /// Map cell y, or text row.
        y: i32,
    },
}

/// What a `mouse` message reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MouseKind {
    /// The pointer entered map cell (x, y).
    Hover,
    /// The pointer left the map.
    Leave,
    /// Map cell (x, y) was clicked with the main button.
    Click,
    /// Map cell (x, y) was right-clicked or long-pressed.
    Inspect,
    /// Text page cell (column x, row y) was clicked.
    Text,
}

/// The smallest and largest map view a page may ask for, in map cells.
pub const MIN_VIEW: (u16, u16) = (4, 4);
/// See [`MIN_VIEW`].
pub const MAX_VIEW: (u16, u16) = (160, 100);

/// The view a page asked for (`{"t":"view"}`), kept within [`MIN_VIEW`] and [`MAX_VIEW`].
pub fn clamp_view(w: u16, h: u16) -> (u16, u16) {
    (w.clamp(MIN_VIEW.0, MAX_VIEW.0), h.clamp(MIN_VIEW.1, MAX_VIEW.1))
}

/// A `mouse` message as a screen's [`Mouse`] event; `None` for a text cell outside
/// the largest grid (nothing to click there).
pub fn mouse_event(k: MouseKind, x: i32, y: i32) -> Option<Mouse> {
    let p = Point::new(x, y);
    Some(match k {
        MouseKind::Hover => Mouse::Hover(p),
        MouseKind::Leave => Mouse::Leave,
        MouseKind::Click => Mouse::Click(p),
        MouseKind::Inspect => Mouse::Inspect(p),
        MouseKind::Text => {
            let (col, row) = (u16::try_from(x).ok()?, u16::try_from(y).ok()?);
            if col >= MAX_SIZE.0 || row >= MAX_SIZE.1 {
                return None;
            }
            Mouse::Text(col, row)
        }
    })
}

/// The game a page asked to start (a deep link: `/?play=caves&seed=42`, passed on as
/// `/ws?play=caves&seed=42`), checked: the session's [`crate::Factory`] gets it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Launch {
    /// The mode to start at once (one of [`MODES`]); `None` opens the title menu.
    pub play: Option<String>,
    /// The seed, as the command line's `--seed` takes it (a number, or text hashed).
    pub seed: Option<String>,
    /// `maze`'s level kind: `fixed` (ICMaze's own level) or `generated`.
    pub level: Option<String>,
    /// The account playing, on a public server (`None` on a personal one): its games
    /// keep their files in its own directory.
    pub player: Option<Player>,
}

/// The account a session of a public server plays for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The account's number.
    pub id: i64,
    /// The account's name (shown to spectators; never a path).
    pub name: String,
    /// The account's own data directory (`<data dir>/players/<id>`): its saves,
    /// recordings, morgues and scores, and nobody else's.
    pub dir: std::path::PathBuf,
}

/// The modes a deep link may start.
pub const MODES: [&str; 5] = ["caves", "overworld", "maze", "chase", "ultima"];

/// The longest seed a deep link may carry, in characters.
pub const MAX_SEED_CHARS: usize = 40;

impl Launch {
    /// Checks what a page asked for: a known mode, a seed of at most
    /// [`MAX_SEED_CHARS`] letters, digits, `-` and `_`, a level of `fixed` or
    /// `generated`.
    ///
    /// # Errors
    /// A one-line notice for the page saying what was wrong (the title menu opens).
    pub fn checked(
        play: Option<&str>,
        seed: Option<&str>,
        level: Option<&str>,
    ) -> Result<Launch, String> {
        let Some(mode) = play.filter(|p| !p.is_empty()) else { return Ok(Launch::default()) };
        let Some(mode) = MODES.iter().find(|m| **m == mode) else {
            return Err(format!(
                "there is no mode called {:?}; the modes are {}",
                mode.chars().take(20).collect::<String>(),
                MODES.join(", ")
            ));
        };
        let seed = seed.filter(|s| !s.is_empty());
        if let Some(s) = seed
            && (s.chars().count() > MAX_SEED_CHARS
                || !s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        {
            return Err(format!(
                "a seed is a number or up to {MAX_SEED_CHARS} letters, digits, - and _"
            ));
        }
        let level = level.filter(|l| !l.is_empty());
        if let Some(l) = level
            && l != "fixed"
            && l != "generated"
        {
            return Err("level is fixed or generated".to_string());
        }
        Ok(Launch {
            play: Some((*mode).to_string()),
            seed: seed.map(str::to_string),
            level: level.map(str::to_string),
            player: None,
        })
    }
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
/// for keys no screen uses (Shift alone, F13...).
pub fn key_input(key: &str, ctrl: bool) -> Option<Input> {
    let mut chars = key.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(if ctrl { Input::ctrl(c) } else { Input::Char(c) });
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
        "Home" => Input::Home,
        "End" => Input::End,
        "PageUp" => Input::PageUp,
        "PageDown" => Input::PageDown,
        "Insert" => Input::Insert,
        "Delete" => Input::Delete,
        _ => return function_key(key),
    })
}

/// `F1` to `F12` as [`Input::F`].
fn function_key(key: &str) -> Option<Input> {
    let n: u8 = key.strip_prefix('F')?.parse().ok()?;
    (1..=12).contains(&n).then_some(Input::F(n))
}

/// The game's sprites numbered for the wire: index 0 is `none`, then the game's list in
/// its order (the hello's `sprites`). Cells carry these numbers instead of names.
///
/// ```
/// use torchlit_console::Sprite;
/// use torchlit_web::protocol::SpriteTable;
///
/// const LAVA: Sprite = Sprite::new("lava");
/// let table = SpriteTable::new(&[LAVA]);
/// assert_eq!(table.names(), ["none", "lava"]);
/// assert_eq!((table.index(LAVA), table.index(Sprite::new("orc"))), (1, 0));
/// ```
#[derive(Clone, Debug)]
pub struct SpriteTable {
    names: Vec<&'static str>,
    index: HashMap<Sprite, u16>,
}

impl SpriteTable {
    /// The table of `sprites` (a game's list; [`Sprite::NONE`] and repeats are skipped,
    /// and sprites past the 65,535th are sent as `none`).
    pub fn new(sprites: &[Sprite]) -> SpriteTable {
        let mut names = vec![Sprite::NONE.name()];
        let mut index = HashMap::from([(Sprite::NONE, 0)]);
        for &s in sprites {
            let Ok(i) = u16::try_from(names.len()) else { break };
            if let std::collections::hash_map::Entry::Vacant(e) = index.entry(s) {
                e.insert(i);
                names.push(s.name());
            }
        }
        SpriteTable { names, index }
    }

    /// Every sprite name by number, 0 being `none`: what cells' sprite numbers refer to.
    pub fn names(&self) -> &[&'static str] {
        &self.names
    }

    /// The number of `s` in [`SpriteTable::names`] (0 for a sprite not in the game's list).
    pub fn index(&self, s: Sprite) -> u16 {
        self.index.get(&s).copied().unwrap_or(0)
    }
}

/// `c` as a `0xRRGGBB` integer.
pub(crate) fn rgb(c: Rgb) -> u32 {
    (u32::from(c.0) << 16) | (u32::from(c.1) << 8) | u32::from(c.2)
}

type CellTuple = (char, u32, u32, u16, u16, u8, u8);
/// A changed cell: its index, then as [`CellTuple`].
type IndexedCell = (u32, char, u32, u32, u16, u16, u8, u8);

fn cell_tuple(c: &Cell, sprites: &SpriteTable) -> CellTuple {
    (
        c.glyph,
        rgb(c.fg),
        rgb(c.bg),
        sprites.index(c.sprite),
        sprites.index(c.under),
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
    sprites: &'a [&'static str],
}

/// The hello message: the role (`play` or `watch`), the session's secret token (empty
/// for spectators), its public id and the names of `sprites`.
pub fn hello(role: &str, token: &str, id: &str, sprites: &SpriteTable) -> String {
    let msg = Hello { t: "hello", role, token, id, sprites: sprites.names() };
    serde_json::to_string(&msg).unwrap_or_default()
}

#[derive(Serialize)]
struct Full {
    t: &'static str,
    w: u16,
    h: u16,
    c: Vec<CellTuple>,
}

/// Every cell of `frame`, sprites numbered by `sprites`.
pub fn full(frame: &Frame, sprites: &SpriteTable) -> String {
    let msg = Full {
        t: "full",
        w: frame.width(),
        h: frame.height(),
        c: frame.cells().iter().map(|c| cell_tuple(c, sprites)).collect(),
    };
    serde_json::to_string(&msg).unwrap_or_default()
}

#[derive(Serialize)]
struct Diff {
    t: &'static str,
    c: Vec<IndexedCell>,
}

/// Whether two cells look the same: `==`, but a sprite is the same first by its name's
/// address (the same constant), which spares an unchanged cell two string compares:
/// the diff of an idle 200x60 frame took 84 µs with `==`, see `benches/diff.rs`.
fn same(a: &Cell, b: &Cell) -> bool {
    let same_sprite = |x: Sprite, y: Sprite| std::ptr::eq(x.name(), y.name()) || x == y;
    // Every field, named: a field added to `Cell` must be added here.
    let Cell { glyph, fg, bg, bold, sprite, under, light } = *a;
    glyph == b.glyph
        && fg == b.fg
        && bg == b.bg
        && bold == b.bold
        && light == b.light
        && same_sprite(sprite, b.sprite)
        && same_sprite(under, b.under)
}

/// The cells of `now` that differ from `before` (same size), or `None` when nothing
/// changed; sprites numbered by `sprites`.
pub fn diff(before: &Frame, now: &Frame, sprites: &SpriteTable) -> Option<String> {
    let c: Vec<_> = before
        .cells()
        .iter()
        .zip(now.cells())
        .enumerate()
        .filter(|(_, (a, b))| !same(a, b))
        .map(|(i, (_, b))| {
            let (g, fg, bg, s, u, l, bold) = cell_tuple(b, sprites);
            (u32::try_from(i).unwrap_or(u32::MAX), g, fg, bg, s, u, l, bold)
        })
        .collect();
    if c.is_empty() {
        return None;
    }
    serde_json::to_string(&Diff { t: "diff", c }).ok()
}

#[derive(Serialize)]
struct Notice<'a> {
    t: &'static str,
    text: &'a str,
}

/// A line for the page's status bar.
pub fn notice(text: &str) -> String {
    serde_json::to_string(&Notice { t: "notice", text }).unwrap_or_default()
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
    use torchlit_console::Size;

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
            r#"{"t":"mouse","k":"wiggle","x":1,"y":1}"#,
            r#"{"t":"mouse","k":"click","x":1}"#,
            r#"{"t":"mouse","k":"click","x":1,"y":2,"z":3}"#,
            r#"{"t":"view","w":70000,"h":3}"#,
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
            r#"{"t":"view","w":40,"h":25}"#,
            r#"{"t":"mouse","k":"hover","x":-3,"y":7}"#,
            r#"{"t":"mouse","k":"text","x":3,"y":7}"#,
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
    fn views_are_clamped_and_mouse_messages_become_events() {
        assert_eq!(clamp_view(0, u16::MAX), (MIN_VIEW.0, MAX_VIEW.1));
        assert_eq!(clamp_view(40, 25), (40, 25));
        let p = Point::new(-2, 5);
        assert_eq!(mouse_event(MouseKind::Hover, -2, 5), Some(Mouse::Hover(p)));
        assert_eq!(mouse_event(MouseKind::Click, -2, 5), Some(Mouse::Click(p)));
        assert_eq!(mouse_event(MouseKind::Inspect, -2, 5), Some(Mouse::Inspect(p)));
        assert_eq!(mouse_event(MouseKind::Leave, 0, 0), Some(Mouse::Leave));
        assert_eq!(mouse_event(MouseKind::Text, 3, 4), Some(Mouse::Text(3, 4)));
        assert_eq!(mouse_event(MouseKind::Text, -1, 4), None);
        assert_eq!(mouse_event(MouseKind::Text, 3, 9999), None);
    }

    #[test]
    fn deep_links_are_checked() {
        assert_eq!(Launch::checked(None, Some("5"), None), Ok(Launch::default()));
        let caves = Launch::checked(Some("caves"), Some("42"), None).expect("fine");
        assert_eq!((caves.play.as_deref(), caves.seed.as_deref()), (Some("caves"), Some("42")));
        let maze = Launch::checked(Some("maze"), Some("a-b_C"), Some("fixed")).expect("fine");
        assert_eq!(maze.level.as_deref(), Some("fixed"));
        let no = Launch::checked(Some("tetris"), None, None).expect_err("no such mode");
        assert!(no.contains("tetris") && no.contains("caves"), "{no}");
        for seed in ["<script>", "a b", &"9".repeat(41)] {
            let bad = Launch::checked(Some("caves"), Some(seed), None).expect_err(seed);
            assert!(bad.contains("seed"), "{bad}");
        }
        assert!(Launch::checked(Some("maze"), None, Some("hard")).is_err());
    }

    #[test]
    fn browser_keys_become_inputs() {
        assert_eq!(key_input("a", false), Some(Input::Char('a')));
        assert_eq!(key_input("C", true), Some(Input::Ctrl('c')));
        assert_eq!(key_input("ArrowLeft", false), Some(Input::Left));
        assert_eq!(key_input("Escape", false), Some(Input::Esc));
        assert_eq!(key_input("F12", false), Some(Input::F(12)));
        assert_eq!(key_input("F13", false), None);
        assert_eq!(key_input("PageUp", false), Some(Input::PageUp));
        assert_eq!(key_input("Shift", false), None);
    }

    #[test]
    fn diffs_carry_only_changed_cells() {
        let lava = Sprite::new("lava");
        let table = SpriteTable::new(&[Sprite::new("water"), lava]);
        let a = Frame::with_size(Size::new(3, 2));
        let mut b = a.clone();
        assert_eq!(diff(&a, &b, &table), None);
        b.set(torchlit_console::Point::new(1, 1), Cell::new('"', Rgb(255, 0, 1)).sprite(lava));
        let d = diff(&a, &b, &table).expect("one change");
        assert_eq!(d, r#"{"t":"diff","c":[[4,"\"",16711681,0,2,0,255,0]]}"#);
        let f: serde_json::Value = serde_json::from_str(&full(&b, &table)).expect("json");
        assert_eq!(f["c"].as_array().map(Vec::len), Some(6));
    }

    #[test]
    fn a_cell_is_the_same_by_every_field_and_by_sprite_name_not_address() {
        let at = torchlit_console::Point::new(0, 0);
        let lava = Sprite::new("lava");
        let copy = Sprite::new(Box::leak(String::from("lava").into_boxed_str()));
        assert!(!std::ptr::eq(copy.name(), lava.name()));
        let table = SpriteTable::new(&[lava, Sprite::new("lavb")]);
        let base = Cell::new('x', Rgb(1, 2, 3)).sprite(lava);
        let mut a = Frame::with_size(Size::new(1, 1));
        a.set(at, base);
        let changed = [
            Cell { glyph: 'y', ..base },
            Cell { fg: Rgb(1, 2, 4), ..base },
            Cell { bg: Rgb(0, 0, 1), ..base },
            Cell { bold: true, ..base },
            Cell { light: 7, ..base },
            Cell { sprite: Sprite::new("lavb"), ..base },
            Cell { under: lava, ..base },
        ];
        for cell in changed {
            let mut b = a.clone();
            b.set(at, cell);
            assert!(diff(&a, &b, &table).is_some(), "{cell:?}");
        }
        let mut b = a.clone();
        b.set(at, Cell { sprite: copy, ..base });
        assert_eq!(diff(&a, &b, &table), None, "the same name elsewhere");
    }
}
