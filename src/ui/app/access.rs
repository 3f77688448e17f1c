//! What the App holds, read by drawing (as a Scene), the terminal loop and
//! tests.

use super::App;
use super::search;
use crate::archive::Catalog;
use crate::ui::action::{Overlay, Screen};
use crate::ui::copy_format::CopyFormat;
use crate::ui::deal::DealState;
use crate::ui::keys::Mode;
use crate::ui::list::ListState;
use crate::ui::results::ResultsState;
use crate::ui::view::Scene;

impl App {
    /// What the screen draws now, for the views.
    pub fn scene(&self) -> Scene<'_> {
        let matches = (self.count.as_ref())
            .filter(|_| !self.query.is_empty())
            .map(|count| count.place(self.list.current()));
        Scene {
            catalog: &self.catalog,
            title: &self.title,
            theme: self.theme,
            screen: self.screen,
            mode: &self.mode,
            keys: &self.keys,
            message: self.message.as_deref(),
            auto_play: self.auto_play(),
            list: &self.list,
            query: &self.query,
            matches,
            filter: &self.filter,
            filtered: self.filter_status(),
            filter_counting: self.filter_counting(),
            filter_notice: self.filter_notice(),
            deal: self.deal.as_ref(),
            board: &self.board,
            show_played: self.show_played,
            show_hcp: self.show_hcp,
            size: self.size,
            results: self.results.as_ref(),
            statistics: self.statistics.as_ref(),
            laid: self.laid.as_ref(),
        }
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The list's cursor, screen and order.
    pub fn list(&self) -> &ListState {
        &self.list
    }

    /// The search typed last, or being typed.
    pub fn query(&self) -> &str {
        &self.query
    }

    /// How many records match the search, and which the cursor is on.
    pub fn match_count(&self) -> Option<&search::MatchCount> {
        self.count.as_ref()
    }

    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    pub fn overlay(&self) -> Option<Overlay> {
        self.mode.overlay()
    }

    /// The deal open, if one is.
    pub fn deal(&self) -> Option<&DealState> {
        self.deal.as_ref()
    }

    /// The whole file's results, while their screen is open.
    pub fn results(&self) -> Option<&ResultsState> {
        self.results.as_ref()
    }

    /// The records of the open deal's board, one a table (the deal's own
    /// among them).
    pub fn board(&self) -> &[usize] {
        &self.board
    }

    pub fn show_played(&self) -> bool {
        self.show_played
    }

    pub fn show_hcp(&self) -> bool {
        self.show_hcp
    }

    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Says something on the status line (until the next key clears it).
    pub fn notice(&mut self, text: &str) {
        self.message = Some(text.to_string());
    }

    /// The copy asked for since the last call, now the caller's to make
    /// (the terminal, with OSC 52).
    pub fn take_copy(&mut self) -> Option<CopyFormat> {
        self.copy.take()
    }

    /// Quit was asked for.
    pub fn quitting(&self) -> bool {
        self.quit
    }
}
