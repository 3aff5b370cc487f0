//! The config file as written: its TOML tables, and how they are applied with error
//! positions (file, line, column).

use super::*;

/// One file of a config, as a [`Section`] reads it: its text and name, for the places
/// of values and errors (file, line, column).
pub struct Place<'a> {
    pub(super) text: &'a str,
    /// The file as errors name it (the built-in defaults have a made-up name).
    pub(super) path: &'a Path,
    /// The file as [`Origin`]s name it (`None` for the built-in defaults).
    pub(super) file: Option<&'a Path>,
}

impl Place<'_> {
    pub(super) fn line_column(&self, span: Range<usize>) -> (usize, usize) {
        line_column(self.text, span.start)
    }

    /// The error for the value at `span` (a [`Spanned`] value's) that its owner refuses:
    /// `key` is the setting (`"maze.heart_drop_percent"`), `reason` says what is allowed;
    /// it reads `FILE:LINE:COLUMN: KEY: REASON`.
    pub fn out_of_range(&self, span: Range<usize>, key: &str, reason: String) -> ConfigError {
        let (line, column) = self.line_column(span);
        ConfigError::Value {
            path: self.path.to_path_buf(),
            line,
            column,
            key: key.to_owned(),
            reason,
        }
    }

    /// Where the value at `span` was written.
    pub fn origin(&self, span: Range<usize>) -> Origin {
        let (line, column) = self.line_column(span);
        Origin { file: self.file.map(Path::to_path_buf), line, column }
    }

    /// A whole number written for `key`, checked against `range` (`None` when the key is
    /// not written).
    ///
    /// # Errors
    /// [`ConfigError::Value`] "`V` is out of range: use a whole number from `A` to `B`".
    pub fn whole_number(
        &self,
        value: Option<Spanned<i64>>,
        key: &str,
        range: RangeInclusive<u32>,
    ) -> Result<Option<u32>, ConfigError> {
        let Some(value) = value else { return Ok(None) };
        let span = value.span();
        let v = value.into_inner();
        match u32::try_from(v) {
            Ok(v) if range.contains(&v) => Ok(Some(v)),
            _ => {
                let (start, end) = (range.start(), range.end());
                let reason =
                    format!("{v} is out of range: use a whole number from {start} to {end}");
                Err(self.out_of_range(span, key, reason))
            }
        }
    }

    /// A number written for `key` (`1` or `1.0`), checked against `range` (`None` when
    /// the key is not written); `-0.0` is read as `0.0`.
    ///
    /// # Errors
    /// [`ConfigError::Value`] "`V` is out of range: use a number from `A` to `B`" (also
    /// for `nan` and `inf`).
    pub fn number(
        &self,
        value: Option<Spanned<Number>>,
        key: &str,
        range: RangeInclusive<f64>,
    ) -> Result<Option<f64>, ConfigError> {
        let Some(value) = value else { return Ok(None) };
        let span = value.span();
        let v = value.into_inner().0;
        if v.is_finite() && range.contains(&v) {
            Ok(Some(if v == 0.0 { 0.0 } else { v }))
        } else {
            let (start, end) = (range.start(), range.end());
            let reason = format!("{v} is out of range: use a number from {start} to {end}");
            Err(self.out_of_range(span, key, reason))
        }
    }

    /// TOML's error as a [`ConfigError::Syntax`] at its place in this file.
    fn syntax(&self, e: &toml::de::Error) -> ConfigError {
        let (line, column) = e.span().map_or((1, 1), |span| line_column(self.text, span.start));
        ConfigError::Syntax {
            path: self.path.to_path_buf(),
            line,
            column,
            message: shorten_tokens(e.message().trim()),
        }
    }

    /// Checks that the file is TOML.
    pub(super) fn check_toml(&self) -> Result<(), ConfigError> {
        toml::Deserializer::parse(self.text).map(|_| ()).map_err(|e| self.syntax(&e))
    }

    /// The top-level table `name` as `T`, or `None` when the file has none.
    pub(super) fn table<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, ConfigError> {
        let pick = Pick { name, table: std::marker::PhantomData::<T> };
        toml::Deserializer::parse(self.text)
            .and_then(|de| serde::de::DeserializeSeed::deserialize(pick, de))
            .map_err(|e| self.syntax(&e))
    }

    /// Refuses the first top-level name (in the file's order) not in `known`.
    pub(super) fn check_tables(&self, known: &'static [&'static str]) -> Result<(), ConfigError> {
        let names: BTreeMap<Spanned<String>, serde::de::IgnoredAny> =
            toml::from_str(self.text).map_err(|e| self.syntax(&e))?;
        let unknown = names.keys().filter(|n| !known.contains(&n.get_ref().as_str()));
        match unknown.min_by_key(|n| n.span().start) {
            None => Ok(()),
            Some(name) => {
                let e = <toml::de::Error as serde::de::Error>::unknown_field(name.get_ref(), known);
                let (line, column) = self.line_column(name.span());
                Err(ConfigError::Syntax {
                    path: self.path.to_path_buf(),
                    line,
                    column,
                    message: shorten_tokens(e.message().trim()),
                })
            }
        }
    }
}

/// Reads one top-level table of a file as `T`, skipping the others.
struct Pick<'n, T> {
    name: &'n str,
    table: std::marker::PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> serde::de::DeserializeSeed<'de> for Pick<'_, T> {
    type Value = Option<T>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Pick<'_, T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tables")
    }

    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Option<T>, M::Error> {
        let mut found = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == self.name {
                found = Some(map.next_value::<T>()?);
            } else {
                map.next_value::<serde::de::IgnoredAny>()?;
            }
        }
        Ok(found)
    }
}

/// Applies one `[keys.MODE]` table: each action written replaces that action's keys.
pub(super) fn apply_keys(
    keys: &mut KeyBindings,
    mode: Spanned<String>,
    actions: FileKeys,
    cx: &Place<'_>,
) -> Result<(), ConfigError> {
    let table = cx.origin(mode.span());
    let mode = mode.into_inner();
    keys.tables.entry(mode.clone()).or_insert(table);
    for (action, names) in actions {
        let origin = cx.origin(action.span());
        let action = action.into_inner();
        let mut specs = Vec::new();
        let mut key_origins = Vec::new();
        for key in names.into_inner() {
            let span = key.span();
            let spec = key.into_inner().parse::<Input>().map_err(|error| {
                let (line, column) = cx.line_column(span.clone());
                ConfigError::Key {
                    path: cx.path.to_path_buf(),
                    line,
                    column,
                    mode: shorten(&mode),
                    action: shorten(&action),
                    error,
                }
            })?;
            specs.push(spec);
            key_origins.push(cx.origin(span));
        }
        let binding = Binding { keys: specs, origin, key_origins };
        keys.modes.entry(mode.clone()).or_default().insert(action, binding);
    }
    Ok(())
}

/// 1-based line and column (in characters) of byte `offset` in `text`.
pub(super) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The `[keys]` table: one `[keys.MODE]` table per mode.
pub(super) type FileKeyTables = BTreeMap<Spanned<String>, FileKeys>;

/// One `[keys.MODE]` table: action -> key names, with their places in the file.
pub(super) type FileKeys = BTreeMap<Spanned<String>, Spanned<Vec<Spanned<String>>>>;

/// The most characters of a name or token an error message quotes.
pub(crate) const QUOTE_MAX: usize = 24;

/// `text` cut to 24 characters, with `…` when cut: what an error message
/// quotes of a name written in a config file (which may be a megabyte long).
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(QUOTE_MAX) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

/// A parser's message with every word longer than [`QUOTE_MAX`] characters cut (TOML's
/// "unknown field `…`" quotes the whole key, which may be a megabyte long).
pub(super) fn shorten_tokens(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut word = String::new();
    for c in message.chars().chain(std::iter::once(' ')) {
        if c.is_whitespace() || c == ',' {
            out.push_str(&shorten(&word));
            word.clear();
            out.push(c);
        } else {
            word.push(c);
        }
    }
    out.pop();
    out
}

/// A number written either way (`1` or `1.0`) where a fraction is expected.
///
/// A [`Section`]'s `Written` table holds it as `Option<Spanned<Number>>` and reads it with
/// [`Place::number`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Number(pub f64);

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Number;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number")
            }
            fn visit_f64<E>(self, v: f64) -> Result<Number, E> {
                Ok(Number(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Number, E> {
                Ok(Number(v as f64))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Number, E> {
                Ok(Number(v as f64))
            }
        }
        d.deserialize_any(Visit)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileWeb {
    pub(super) max_sessions: Option<Spanned<i64>>,
    pub(super) public: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileUi {
    pub(super) front_end: Option<Spanned<FrontEnd>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileLog {
    pub(super) level: Option<Spanned<LogLevel>>,
}
