//! What a cell shows, by meaning: the sprite a tile front end draws for it.
//!
//! A terminal draws a [`crate::Cell`]'s glyph; a tile front end draws its [`Sprite`]
//! (and the [`crate::Cell::under`] sprite beneath it), so it never guesses a creature
//! from a character.

/// A semantic sprite: a terrain kind, a creature, an item or an effect, named by the
/// game.
///
/// The toolkit knows no game's sprites: a [`Sprite`] is an open id, a stable snake_case
/// name the game chooses (`lava`, `player_north`, `orc`), which is also the key of a
/// tileset's index. A game declares its sprites as constants and keeps a list of them
/// for the front ends that number or check names (a tileset index, a wire protocol):
///
/// ```
/// use torchlit_console::Sprite;
///
/// /// My game's sprites.
/// mod sprites {
///     use torchlit_console::Sprite;
///     pub const FLOOR: Sprite = Sprite::new("floor");
///     pub const ORC: Sprite = Sprite::new("orc");
///     /// Every sprite of the game, for front ends that need the list.
///     pub const ALL: &[Sprite] = &[FLOOR, ORC];
/// }
///
/// assert_eq!(sprites::ORC.name(), "orc");
/// assert_eq!(Sprite::find(sprites::ALL, "orc"), Some(sprites::ORC));
/// assert_eq!(Sprite::find(sprites::ALL, "dragon"), None);
/// assert!(Sprite::default().is_none());
/// ```
///
/// Two sprites are equal when their names are. [`Sprite::NONE`] (named `none`, the
/// default) means "nothing to draw": text, blanks and borders, drawn as their glyph.
/// Sprites order by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sprite(&'static str);

impl Sprite {
    /// Nothing to draw: text, blanks and borders.
    pub const NONE: Sprite = Sprite("none");

    /// The sprite named `name`.
    ///
    /// # Panics
    /// When `name` is not a valid sprite name: 1 to 64 characters, lowercase ASCII
    /// letters, digits and `_`, starting with a letter (so a tileset key `NAME@M` is never
    /// ambiguous). Sprite names are constants of the game, so in a `const` this is a
    /// compile error; use [`Sprite::is_valid_name`] to check a name read at run time.
    pub const fn new(name: &'static str) -> Sprite {
        assert!(Sprite::is_valid_name(name), "a sprite name is [a-z][a-z0-9_]*, 1 to 64 bytes");
        Sprite(name)
    }

    /// Whether `name` may name a sprite: 1 to 64 characters, lowercase ASCII letters,
    /// digits and `_`, starting with a letter.
    pub const fn is_valid_name(name: &str) -> bool {
        let b = name.as_bytes();
        if b.is_empty() || b.len() > 64 || !b[0].is_ascii_lowercase() {
            return false;
        }
        let mut i = 1;
        while i < b.len() {
            if !(b[i].is_ascii_lowercase() || b[i].is_ascii_digit() || b[i] == b'_') {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The stable name, the key in tileset indexes (`"none"` for [`Sprite::NONE`]).
    pub const fn name(self) -> &'static str {
        self.0
    }

    /// Whether this is [`Sprite::NONE`].
    pub const fn is_none(self) -> bool {
        // `str` equality is not `const`: compare the bytes.
        let (a, b) = (self.0.as_bytes(), Sprite::NONE.0.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        let mut i = 0;
        while i < a.len() {
            if a[i] != b[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The sprite of `sprites` (a game's list) named `name`; [`Sprite::NONE`] for
    /// `"none"`; `None` when the game has no such sprite.
    pub fn find(sprites: &[Sprite], name: &str) -> Option<Sprite> {
        if name == Sprite::NONE.0 {
            return Some(Sprite::NONE);
        }
        sprites.iter().copied().find(|s| s.0 == name)
    }
}

impl Default for Sprite {
    /// [`Sprite::NONE`].
    fn default() -> Sprite {
        Sprite::NONE
    }
}

impl std::fmt::Display for Sprite {
    /// The name.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAVA: Sprite = Sprite::new("lava");

    #[test]
    fn names_are_checked() {
        for ok in ["lava", "player_north", "a", "orc2"] {
            assert!(Sprite::is_valid_name(ok), "{ok}");
        }
        for bad in ["", "Lava", "2orc", "_x", "wall@5", "bat ", "é", &"a".repeat(65)] {
            assert!(!Sprite::is_valid_name(bad), "{bad:?}");
        }
        assert!(std::panic::catch_unwind(|| Sprite::new("Bad")).is_err());
    }

    #[test]
    fn none_is_the_default_and_found_by_name() {
        assert_eq!(Sprite::default(), Sprite::NONE);
        assert!(Sprite::NONE.is_none() && !LAVA.is_none());
        assert!(!Sprite::new("nonf").is_none() && !Sprite::new("non").is_none());
        assert_eq!(Sprite::find(&[LAVA], "none"), Some(Sprite::NONE));
        assert_eq!(Sprite::find(&[LAVA], "lava"), Some(LAVA));
        assert_eq!(Sprite::find(&[LAVA], "water"), None);
        assert_eq!((LAVA.name(), LAVA.to_string()), ("lava", "lava".to_string()));
    }

    #[test]
    fn sprites_match_as_constants() {
        let what = |s: Sprite| match s {
            Sprite::NONE => 0,
            LAVA => 1,
            _ => 2,
        };
        assert_eq!((what(Sprite::NONE), what(LAVA), what(Sprite::new("water"))), (0, 1, 2));
    }
}
