//! The config file as written: its TOML tables, and how they are applied with error
//! positions (file, line, column).

use super::*;

/// The file being applied, for error positions.
pub(super) struct Cx<'a> {
    pub(super) text: &'a str,
    /// The file as errors name it (the built-in defaults have a made-up name).
    pub(super) path: &'a Path,
    /// The file as [`Origin`]s name it (`None` for the built-in defaults).
    pub(super) file: Option<&'a Path>,
}

impl Cx<'_> {
    pub(super) fn line_column(&self, span: Range<usize>) -> (usize, usize) {
        line_column(self.text, span.start)
    }

    pub(super) fn out_of_range(
        &self,
        span: Range<usize>,
        key: &str,
        reason: String,
    ) -> ConfigError {
        let (line, column) = self.line_column(span);
        ConfigError::Value {
            path: self.path.to_path_buf(),
            line,
            column,
            key: key.to_owned(),
            reason,
        }
    }

    pub(super) fn origin(&self, span: Range<usize>) -> Origin {
        let (line, column) = self.line_column(span);
        Origin { file: self.file.map(Path::to_path_buf), line, column }
    }
}

/// The `[caves] autopickup` list, each name checked against
/// [`CavesConfig::PICKUP_CLASSES`].
pub(super) fn pickup_classes(
    classes: Vec<Spanned<String>>,
    cx: &Cx<'_>,
) -> Result<Vec<String>, ConfigError> {
    let mut chosen = Vec::new();
    for class in classes {
        let span = class.span();
        let name = class.into_inner();
        if !CavesConfig::PICKUP_CLASSES.contains(&name.as_str()) {
            let known = CavesConfig::PICKUP_CLASSES.join(", ");
            let reason = format!("{name:?} is no item class: use any of {known}");
            return Err(cx.out_of_range(span, "caves.autopickup", reason));
        }
        chosen.push(name);
    }
    Ok(chosen)
}

/// Applies one `[keys.MODE]` table: each action written replaces that action's keys.
pub(super) fn apply_keys(
    keys: &mut KeyBindings,
    mode: Spanned<String>,
    actions: FileKeys,
    cx: &Cx<'_>,
) -> Result<(), ConfigError> {
    let mode_span = mode.span();
    let mode = mode.into_inner();
    if !KEY_MODES.contains(&mode.as_str()) {
        let (line, column) = cx.line_column(mode_span);
        return Err(ConfigError::UnknownMode {
            path: cx.path.to_path_buf(),
            line,
            column,
            mode: shorten(&mode),
        });
    }
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
                    mode: mode.clone(),
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

pub(super) fn set_int(
    out: &mut u32,
    value: Option<Spanned<i64>>,
    key: &str,
    range: RangeInclusive<u32>,
    cx: &Cx<'_>,
) -> Result<(), ConfigError> {
    let Some(value) = value else { return Ok(()) };
    let span = value.span();
    let v = value.into_inner();
    match u32::try_from(v) {
        Ok(v) if range.contains(&v) => {
            *out = v;
            Ok(())
        }
        _ => Err(cx.out_of_range(
            span,
            key,
            format!(
                "{v} is out of range: use a whole number from {} to {}",
                range.start(),
                range.end()
            ),
        )),
    }
}

pub(super) fn set_float(
    out: &mut f64,
    value: Option<Spanned<Number>>,
    key: &str,
    range: RangeInclusive<f64>,
    cx: &Cx<'_>,
) -> Result<(), ConfigError> {
    let Some(value) = value else { return Ok(()) };
    let span = value.span();
    let v = value.into_inner().0;
    if v.is_finite() && range.contains(&v) {
        *out = if v == 0.0 { 0.0 } else { v };
        Ok(())
    } else {
        Err(cx.out_of_range(
            span,
            key,
            format!("{v} is out of range: use a number from {} to {}", range.start(), range.end()),
        ))
    }
}

/// A number whose owner checks it: its value and where it was written.
pub(super) fn set_written(out: &mut Written<f64>, value: Option<Spanned<Number>>, cx: &Cx<'_>) {
    if let Some(value) = value {
        let origin = cx.origin(value.span());
        *out = Written { value: value.into_inner().0, origin };
    }
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

/// What one config file may hold: every setting optional, unknown keys refused.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct FileConfig {
    pub(super) generation: Option<FileGeneration>,
    pub(super) play: Option<FilePlay>,
    pub(super) maze: Option<FileMaze>,
    pub(super) log: Option<FileLog>,
    pub(super) caves: Option<FileCaves>,
    pub(super) web: Option<FileWeb>,
    pub(super) ui: Option<FileUi>,
    pub(super) keys: Option<BTreeMap<Spanned<String>, FileKeys>>,
}

/// One `[keys.MODE]` table: action -> key names, with their places in the file.
type FileKeys = BTreeMap<Spanned<String>, Spanned<Vec<Spanned<String>>>>;

/// The modes that may have a `[keys.MODE]` table.
pub(crate) const KEY_MODES: [&str; 5] = ["ultima", "maze", "caves", "overworld", "chase"];

/// The most characters of a name or token an error message quotes.
pub(crate) const QUOTE_MAX: usize = 24;

/// `text` cut to [`QUOTE_MAX`] characters, with `…` when cut.
pub(crate) fn shorten(text: &str) -> String {
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileGeneration {
    pub(super) region_size: Option<Spanned<i64>>,
    pub(super) iterations: Option<Spanned<i64>>,
    pub(super) death_threshold: Option<Spanned<i64>>,
    pub(super) rock_probability: Option<Spanned<Number>>,
    pub(super) chest_probability: Option<Spanned<Number>>,
    pub(super) chest_max_items: Option<Spanned<i64>>,
}

impl FileGeneration {
    /// Checks and applies the settings written in `[generation]`.
    pub(super) fn apply(self, out: &mut GenerationConfig, cx: &Cx<'_>) -> Result<(), ConfigError> {
        set_int(&mut out.region_size, self.region_size, "generation.region_size", 8..=1024, cx)?;
        set_int(&mut out.iterations, self.iterations, "generation.iterations", 0..=100, cx)?;
        let death = self.death_threshold;
        set_int(&mut out.death_threshold, death, "generation.death_threshold", 0..=8, cx)?;
        let (rock, chest) = (self.rock_probability, self.chest_probability);
        set_float(&mut out.rock_probability, rock, "generation.rock_probability", 0.0..=1.0, cx)?;
        let key = "generation.chest_probability";
        set_float(&mut out.chest_probability, chest, key, 0.0..=1.0, cx)?;
        let items = self.chest_max_items;
        set_int(&mut out.chest_max_items, items, "generation.chest_max_items", 0..=64, cx)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FilePlay {
    pub(super) region_cache_size: Option<Spanned<i64>>,
    pub(super) save_frequency: Option<Spanned<i64>>,
    pub(super) armour_protection: Option<Spanned<Number>>,
    pub(super) damage_multiplier: Option<Spanned<Number>>,
    pub(super) stun_probability: Option<Spanned<Number>>,
    pub(super) turn_delay_ms: Option<Spanned<i64>>,
    pub(super) debug_info: Option<Spanned<bool>>,
    pub(super) death_loses_item: Option<Spanned<bool>>,
}

impl FilePlay {
    /// Checks and applies the settings written in `[play]`.
    pub(super) fn apply(self, out: &mut PlayConfig, cx: &Cx<'_>) -> Result<(), ConfigError> {
        if let Some(v) = self.region_cache_size {
            let mut n = 0;
            set_int(&mut n, Some(v), "play.region_cache_size", 1..=4096, cx)?;
            out.region_cache_size = NonZeroUsize::new(n as usize).unwrap_or(NonZeroUsize::MIN);
        }
        if let Some(v) = self.save_frequency {
            let mut n = 0;
            set_int(&mut n, Some(v), "play.save_frequency", 1..=10_000, cx)?;
            out.save_frequency = NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
        }
        // The overworld's: kept as written, with their places; the overworld checks them.
        let combat = &mut out.combat;
        set_written(&mut combat.armour_protection, self.armour_protection, cx);
        set_written(&mut combat.damage_multiplier, self.damage_multiplier, cx);
        set_written(&mut combat.stun_probability, self.stun_probability, cx);
        if let Some(v) = self.turn_delay_ms {
            let mut ms = 0;
            set_int(&mut ms, Some(v), "play.turn_delay_ms", 0..=10_000, cx)?;
            out.turn_delay = Duration::from_millis(u64::from(ms));
        }
        if let Some(v) = self.debug_info {
            out.debug_info = v.into_inner();
        }
        if let Some(v) = self.death_loses_item {
            out.death_loses_item = v.into_inner();
        }
        Ok(())
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileMaze {
    pub(super) heart_drop_percent: Option<Spanned<i64>>,
}

/// A number written either way (`1` or `1.0`) where a fraction is expected.
pub(super) struct Number(f64);

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
pub(super) struct FileCaves {
    pub(super) autopickup: Option<Vec<Spanned<String>>>,
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
