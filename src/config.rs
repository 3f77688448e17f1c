//! The config file, `$XDG_CONFIG_HOME/kibitzer/config.toml` (or
//! `~/.config/kibitzer/config.toml`): the look, the seat at the bottom,
//! HCP, auto-play's pace and keys moved. Every problem stops kibitzer with
//! one line, `FILE:LINE:COL: message`, naming the key.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::model::Seat;
use crate::ui::Theme;
use crate::ui::keys::Keymap;
use crate::ui::preferences::PACES;
use crate::ui::preferences::Preferences;

/// The file as written: every key optional, none other allowed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    theme: Option<Spanned<String>>,
    four_colour: Option<bool>,
    ascii: Option<bool>,
    seat: Option<Spanned<String>>,
    hcp: Option<bool>,
    pace: Option<Spanned<f64>>,
    #[serde(default)]
    keys: BTreeMap<Spanned<String>, Spanned<String>>,
}

/// The config read: the look, and the viewer's preferences.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// `dark`, `light` or `monochrome`; None leaves it to NO_COLOR.
    pub theme: Option<ThemeName>,
    pub four_colour: bool,
    pub ascii: bool,
    pub preferences: Preferences,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThemeName {
    Dark,
    Light,
    Monochrome,
}

/// A problem with the config file, where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub path: PathBuf,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        write!(f, "{path}:{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ConfigError {}

/// Where the config file is looked for when none is named.
pub fn default_path() -> Option<PathBuf> {
    Some(user_folder("XDG_CONFIG_HOME", ".config")?.join("config.toml"))
}

/// kibitzer's own folder of one of the user's XDG kinds: `$VAR/kibitzer`,
/// else `~/UNDER_HOME/kibitzer`; None without either.
pub fn user_folder(var: &str, under_home: &str) -> Option<PathBuf> {
    let nonempty = |name| std::env::var_os(name).filter(|v| !v.is_empty());
    let folder = nonempty(var)
        .map(PathBuf::from)
        .or_else(|| nonempty("HOME").map(|home| Path::new(&home).join(under_home)))?;
    Some(folder.join("kibitzer"))
}

impl Config {
    /// The file at `path`: named by the user (`--config`), it must be
    /// there; at the default place, a missing file is the defaults.
    pub fn load(path: &Path, named: bool) -> Result<Config, ConfigError> {
        match std::fs::read_to_string(path) {
            Ok(text) => Config::parse(&text, path),
            Err(e) if !named && e.kind() == std::io::ErrorKind::NotFound => Ok(Config::default()),
            Err(e) => Err(ConfigError {
                path: path.to_path_buf(),
                line: 1,
                col: 1,
                message: format!("can't read the config file: {e}"),
            }),
        }
    }

    /// The config in `text`, read from `path` (for messages).
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let at = |span: Range<usize>, message: String| {
            let (line, col) = line_col(text, span.start);
            ConfigError {
                path: path.to_path_buf(),
                line,
                col,
                message,
            }
        };
        let file: File = toml::from_str(text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            at(span.clone(), toml_message(text, span, e.message()))
        })?;
        let mut config = Config {
            four_colour: file.four_colour.unwrap_or(false),
            ascii: file.ascii.unwrap_or(false),
            ..Config::default()
        };
        let preferences = &mut config.preferences;
        preferences.hcp = file.hcp.unwrap_or(true);
        if let Some(theme) = &file.theme {
            config.theme = Some(theme_named(theme.get_ref()).map_err(|m| at(theme.span(), m))?);
        }
        if let Some(seat) = &file.seat {
            preferences.seat = seat_named(seat.get_ref()).map_err(|m| at(seat.span(), m))?;
        }
        if let Some(pace) = &file.pace {
            preferences.pace = pace_of(*pace.get_ref()).map_err(|m| at(pace.span(), m))?;
        }
        preferences.keys = keymap(&file.keys).map_err(|(span, m)| at(span, m))?;
        Ok(config)
    }

    /// The look: the theme asked for here, else monochrome where NO_COLOR
    /// is set (a config file is the user's word over the environment's),
    /// ASCII suits if here or on the command line.
    pub fn theme(&self, ascii: bool, no_color: bool) -> Theme {
        let name = self.theme.unwrap_or(if no_color {
            ThemeName::Monochrome
        } else {
            ThemeName::Dark
        });
        Theme {
            ascii: ascii || self.ascii,
            color: name != ThemeName::Monochrome,
            light: name == ThemeName::Light,
            four_colour: self.four_colour,
        }
    }
}

/// The `[keys]` table's moves, or the first problem in the file's order,
/// where it is.
fn keymap(keys: &BTreeMap<Spanned<String>, Spanned<String>>) -> Result<Keymap, (Range<usize>, String)> {
    let mut keys: Vec<_> = keys.iter().collect();
    keys.sort_by_key(|(name, _)| name.span().start);
    let entries: Vec<(&str, &str)> = keys
        .iter()
        .map(|(n, k)| (n.get_ref().as_str(), k.get_ref().as_str()))
        .collect();
    Keymap::moved(&entries).map_err(|(i, m)| {
        let name = keys[i].0;
        (name.span(), format!("keys.{}: {m}", name.get_ref()))
    })
}

fn theme_named(name: &str) -> Result<ThemeName, String> {
    match name {
        "dark" => Ok(ThemeName::Dark),
        "light" => Ok(ThemeName::Light),
        "monochrome" => Ok(ThemeName::Monochrome),
        _ => Err(format!(
            "theme: `{name}` is not a theme (dark, light or monochrome)"
        )),
    }
}

fn seat_named(name: &str) -> Result<Seat, String> {
    [Seat::North, Seat::East, Seat::South, Seat::West]
        .into_iter()
        .find(|s| s.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("seat: `{name}` is not a seat (north, east, south or west)"))
}

/// The pace of `seconds` a step, which must be one auto-play has.
fn pace_of(seconds: f64) -> Result<usize, String> {
    let millis = (seconds * 1000.0).round();
    PACES.iter().position(|&p| p as f64 == millis).ok_or_else(|| {
        let paces: Vec<String> = PACES.iter().map(|&p| (p as f64 / 1000.0).to_string()).collect();
        format!(
            "pace: {seconds} is not one of auto-play's paces ({} seconds a step)",
            paces.join(", ")
        )
    })
}

/// toml's message, with the key it is about named first where the
/// message does not name it (a value of the wrong type): `hcp:`, or
/// `keys.copy:` under `[keys]`.
fn toml_message(text: &str, span: Range<usize>, message: &str) -> String {
    let before = &text[..span.start.min(text.len())];
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next().unwrap_or("");
    let message = message
        .trim_end()
        .replace('\n', " ")
        .replace("unknown field", "unknown key");
    let table = before[..start]
        .lines()
        .rev()
        .map(str::trim)
        .find_map(|l| l.strip_prefix('[').and_then(|l| l.strip_suffix(']')));
    match line.split_once('=') {
        Some((key, _)) if span.start > start + key.len() && !message.contains(key.trim()) => {
            let table = table.map_or(String::new(), |t| format!("{}.", t.trim()));
            format!("{table}{}: {message}", key.trim())
        }
        _ => message,
    }
}

/// The line and column (both from 1, the column in characters) of a byte
/// offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<Config, String> {
        Config::parse(text, Path::new("config.toml")).map_err(|e| e.to_string())
    }

    #[test]
    fn an_empty_file_is_the_defaults() {
        assert_eq!(parsed(""), Ok(Config::default()));
        assert_eq!(Config::default().preferences, Preferences::default());
    }

    #[test]
    fn line_and_column_count_characters_from_one() {
        assert_eq!(line_col("a = 1\nbé = x", 0), (1, 1));
        assert_eq!(line_col("a = 1\nbé = x", 11), (2, 5));
    }

    #[test]
    fn paces_are_auto_plays_own() {
        assert_eq!(pace_of(0.8), Ok(3));
        assert_eq!(pace_of(2.0), Ok(5));
        let wrong = pace_of(0.7).unwrap_err();
        assert!(
            wrong.contains("(0.2, 0.3, 0.5, 0.8, 1.2, 2, 3 seconds a step)"),
            "{wrong}"
        );
    }

    #[test]
    fn no_color_gives_way_to_a_theme_named() {
        let light = Config {
            theme: Some(ThemeName::Light),
            ..Config::default()
        };
        assert!(light.theme(false, true).color && light.theme(false, true).light);
        assert!(!Config::default().theme(false, true).color);
        assert!(Config::default().theme(true, false).ascii);
    }
}
