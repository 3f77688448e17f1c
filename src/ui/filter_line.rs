//! The filter line under the list: what is typed, its mistake found as it
//! is typed, the filter taken up after a short pause (so that a million
//! records are not counted again at every key), and the filters used
//! before, kept in a file in the user's data folder for ↑ and ↓.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::action::Erase;
use crate::filter::{Filter, FilterError};

/// How long typing rests before the list follows it.
pub const PAUSE: Duration = Duration::from_millis(300);

/// How many earlier filters are kept.
const HISTORY: usize = 100;

/// What the list should do now that typing has rested.
#[derive(Debug)]
pub enum Taken {
    /// Show the records this filter lets through.
    Filter(Filter),
    /// Show every record.
    Everything,
}

#[derive(Debug, Default)]
pub struct FilterLine {
    text: String,
    error: Option<FilterError>,
    /// When the text last changed, until the list follows it.
    typed_at: Option<Instant>,
    /// The text of the filter the list shows.
    applied: Option<String>,
    /// Filters used before, the newest last.
    history: Vec<String>,
    /// The file they are kept in, when there is one.
    file: Option<PathBuf>,
    /// The earlier filter recalled, counted back from the newest.
    recalled: Option<usize>,
}

impl FilterLine {
    /// A filter line whose history is kept in `file`.
    pub fn kept_in(file: PathBuf) -> FilterLine {
        let history = std::fs::read_to_string(&file)
            .map(|text| {
                text.lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        FilterLine {
            history,
            file: Some(file),
            ..FilterLine::default()
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The mistake in what is typed, if any.
    pub fn error(&self) -> Option<&FilterError> {
        self.error.as_ref()
    }

    /// The text of the filter the list shows.
    pub fn applied(&self) -> Option<&str> {
        self.applied.as_deref()
    }

    /// Typing begins again on the filter the list shows.
    pub fn begin(&mut self) {
        self.text = self.applied.clone().unwrap_or_default();
        self.error = None;
        self.recalled = None;
    }

    pub fn input(&mut self, c: char) {
        self.text.push(c);
        self.typed();
    }

    pub fn erase(&mut self, erase: Erase) {
        erase.apply(&mut self.text);
        self.typed();
    }

    /// An earlier filter (`back` 1 the one before), or nearer the newest;
    /// past the newest, the line is empty.
    pub fn recall(&mut self, older: bool) {
        let at = match (self.recalled, older) {
            (None, true) => Some(0),
            (None, false) => return,
            (Some(n), true) => Some((n + 1).min(self.history.len().saturating_sub(1))),
            (Some(0), false) => None,
            (Some(n), false) => Some(n - 1),
        };
        let Some(text) = at.and_then(|n| self.history.iter().rev().nth(n)) else {
            self.recalled = None;
            self.text.clear();
            return self.typed();
        };
        self.text = text.clone();
        self.recalled = at;
        self.typed();
    }

    fn typed(&mut self) {
        self.error = Filter::parse(&self.text)
            .err()
            .filter(|_| !self.text.trim().is_empty());
        self.typed_at = Some(Instant::now());
    }

    /// What the list should take up, once typing has rested for the pause
    /// (or at once, `now`): nothing while the text has a mistake.
    pub fn take(&mut self, now: bool) -> Option<Taken> {
        let rested = self.typed_at.is_some_and(|t| now || t.elapsed() >= PAUSE);
        if !rested {
            return None;
        }
        self.typed_at = None;
        if self.text.trim().is_empty() {
            self.applied = None;
            return Some(Taken::Everything);
        }
        let filter = Filter::parse(&self.text).ok()?;
        if self.applied.as_deref() == Some(self.text.as_str()) {
            return None;
        }
        self.applied = Some(self.text.clone());
        Some(Taken::Filter(filter))
    }

    /// Whether typing waits for the pause to end.
    pub fn waiting(&self) -> bool {
        self.typed_at.is_some()
    }

    /// The filter is dropped: the list shows every record.
    pub fn drop_filter(&mut self) {
        *self = FilterLine {
            history: std::mem::take(&mut self.history),
            file: self.file.take(),
            ..FilterLine::default()
        };
    }

    /// The filter the list shows is kept among the earlier ones, and in
    /// the file (a failure to write it loses only the history).
    pub fn keep(&mut self) {
        let Some(text) = self.applied.clone() else { return };
        self.history.retain(|t| *t != text);
        self.history.push(text);
        let over = self.history.len().saturating_sub(HISTORY);
        self.history.drain(..over);
        if let Some(file) = &self.file {
            let _ = write_history(file, &self.history);
        }
    }
}

fn write_history(file: &Path, history: &[String]) -> std::io::Result<()> {
    if let Some(folder) = file.parent() {
        std::fs::create_dir_all(folder)?;
    }
    std::fs::write(file, history.join("\n") + "\n")
}

/// Where the filters used before are kept: the user's data folder.
pub fn history_file() -> PathBuf {
    let folder = crate::config::user_folder("XDG_DATA_HOME", ".local/share");
    folder
        .unwrap_or_else(|| std::env::temp_dir().join("kibitzer"))
        .join("filters")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(line: &mut FilterLine, text: &str) {
        text.chars().for_each(|c| line.input(c));
    }

    #[test]
    fn a_mistake_is_found_as_it_is_typed_and_nothing_is_taken_up() {
        let mut line = FilterLine::default();
        typed(&mut line, "hcp(nort");
        assert_eq!(line.error().map(|e| e.column), Some(5));
        assert!(line.take(true).is_none());
        typed(&mut line, "h) > 10");
        assert!(line.error().is_none());
        assert!(line.take(false).is_none(), "the pause has not ended");
        assert!(matches!(line.take(true), Some(Taken::Filter(_))));
        assert_eq!(line.applied(), Some("hcp(north) > 10"));
        assert!(line.take(true).is_none(), "taken up once");
    }

    #[test]
    fn an_empty_line_shows_everything() {
        let mut line = FilterLine::default();
        typed(&mut line, "x");
        line.erase(Erase::Char);
        assert!(matches!(line.take(true), Some(Taken::Everything)));
    }

    #[test]
    fn earlier_filters_come_back_and_are_kept_in_the_file() {
        let dir = std::env::temp_dir().join(format!("kibitzer-filters-{}", std::process::id()));
        let file = dir.join("filters");
        let mut line = FilterLine::kept_in(file.clone());
        for text in ["board == 1", "board == 2", "board == 1"] {
            line.begin();
            line.text.clear();
            typed(&mut line, text);
            line.take(true);
            line.keep();
        }
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "board == 2\nboard == 1\n"
        );
        let mut again = FilterLine::kept_in(file);
        again.recall(true);
        assert_eq!(again.text(), "board == 1");
        again.recall(true);
        again.recall(true);
        assert_eq!(again.text(), "board == 2", "no further back than the oldest");
        again.recall(false);
        again.recall(false);
        assert_eq!(again.text(), "", "past the newest, the line is empty");
        let _ = std::fs::remove_dir_all(dir);
    }
}
