//! The App's search: typed into from the list, each change moving to the
//! first match from the cursor, `n` and `N` to the next and previous.

use super::App;
use crate::archive::Found;
use crate::ui::action::Action;

impl App {
    /// A search is begun, typed into or given up: each change moves to
    /// the first match from the cursor on.
    pub(super) fn edit_search(&mut self, action: Action) {
        match action {
            Action::SearchInput(c) => self.query.push(c),
            Action::SearchErase => drop(self.query.pop()),
            // Begun afresh or given up.
            _ => return self.query.clear(),
        }
        self.message = None;
        self.find(true, 0);
    }

    /// Moves to the next (or previous) record matching the search,
    /// starting `skip` rows away from the cursor and wrapping around.
    pub(super) fn find(&mut self, forward: bool, skip: usize) {
        let query = self.query.to_lowercase();
        if query.is_empty() {
            return;
        }
        let from = self.record_at(self.selected);
        match self.catalog.search(&query, from, forward, skip == 0) {
            Found::At(item) => self.select(self.row_of(item)),
            Found::Nowhere => self.message = Some(format!("no match for {}", self.query)),
            Found::Stopped(item) => {
                self.select(self.row_of(item));
                self.message = Some(format!("no match up to record {}; n searches on", item + 1));
            }
        }
    }
}
