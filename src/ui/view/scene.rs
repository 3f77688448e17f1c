//! What the screen draws, read from the App's state: the views are given
//! this rather than the App, so that the App may ask the deal view how its
//! panes are laid out (how far each scrolls) without the views leaning back
//! on the App.

use std::time::Duration;

use crate::archive::Catalog;
use crate::ui::action::Screen;
use crate::ui::deal::DealState;
use crate::ui::filter_line::FilterLine;
use crate::ui::keys::{Keymap, Mode};
use crate::ui::list::ListState;
use crate::ui::results::ResultsState;
use crate::ui::statistics::StatisticsState;
use crate::ui::theme::Theme;

use super::panes::Laid;

pub struct Scene<'a> {
    /// The records, as far as they are read.
    pub catalog: &'a Catalog,
    /// The files' names, for the title row.
    pub title: &'a str,
    pub theme: Theme,
    pub screen: Screen,
    /// What keys mean now: the footer says what a key half typed waits
    /// for, and an overlay is drawn over the screen.
    pub mode: &'a Mode,
    /// The keys the user moved, as the footer and the help name them.
    pub keys: &'a Keymap,
    pub message: Option<&'a str>,
    /// Auto-play's pace, while it runs.
    pub auto_play: Option<Duration>,
    /// The list's cursor, screen and order.
    pub list: &'a ListState,
    /// The search typed last, or being typed.
    pub query: &'a str,
    /// Where the cursor is among the search's matches (`match 3 of 17`),
    /// while there is a search.
    pub matches: Option<String>,
    /// The filter line: what is typed, with its mistake.
    pub filter: &'a FilterLine,
    /// How many records the filter lets through, while the list shows a
    /// filter: `1,204 of 1,000,000`.
    pub filtered: Option<String>,
    /// The filter's matches are still being counted.
    pub filter_counting: bool,
    /// What the filter line tells besides a mistake: records found
    /// without a double-dummy table, and the key that solves them.
    pub filter_notice: Option<String>,
    /// The deal open, if one is.
    pub deal: Option<&'a DealState>,
    /// The records of the open deal's board, one a table (the deal's own
    /// among them).
    pub board: &'a [usize],
    pub show_played: bool,
    pub show_hcp: bool,
    /// The terminal's size.
    pub size: (u16, u16),
    /// The statistics, while their screen is open.
    pub statistics: Option<&'a StatisticsState>,
    /// The whole file's results, while their screen is open.
    pub results: Option<&'a ResultsState>,
    /// The deal open, as laid out for the screen the App knows.
    pub laid: Option<&'a Laid>,
}
