//! The App's search: typed into from the list, each change moving to the
//! first match from the cursor, `n` and `N` to the next and previous, Esc
//! back to where the search began. The matches are counted a turn at a
//! time (as the search is typed, and between keys after), so that a
//! million records never hold up the screen.

use std::time::Duration;

use super::App;
use crate::archive::Found;
use crate::ui::action::Action;

/// How long one turn of counting may take: well under a tick, so that
/// keys are answered while a big archive is counted.
const COUNT_TURN: Duration = Duration::from_millis(20);

/// The records matching the search, counted in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchCount {
    /// Matching records found so far, in order.
    found: Vec<usize>,
    /// The record to go on from, while not all have been counted.
    next: Option<usize>,
}

impl MatchCount {
    /// `match 3 of 17` on a matching record, `17 matches` elsewhere; a `+`
    /// while counting goes on.
    pub fn place(&self, record: usize) -> String {
        let more = if self.next.is_some() { "+" } else { "" };
        let total = self.found.len();
        match self.found.binary_search(&record) {
            Ok(k) => format!("match {} of {total}{more}", k + 1),
            Err(_) if more.is_empty() && total < 2 => ["no match", "1 match"][total].to_string(),
            Err(_) => format!("{total}{more} matches"),
        }
    }

    /// Whether every record has been counted.
    pub fn done(&self) -> bool {
        self.next.is_none()
    }
}

impl App {
    /// A search is begun, typed into or given up: each change moves to
    /// the first match from the cursor on; giving up goes back to where
    /// the search began.
    pub(super) fn edit_search(&mut self, action: Action) {
        match action {
            Action::SearchInput(c) => self.query.push(c),
            Action::SearchErase(erase) => erase.apply(&mut self.query),
            Action::Search => {
                self.began_at = self.list.selected();
                self.count = None;
                return self.query.clear();
            }
            _ => {
                self.query.clear();
                self.count = None;
                return self.select(self.began_at);
            }
        }
        self.message = None;
        if self.query.trim().is_empty() {
            self.count = None;
            return self.select(self.began_at);
        }
        self.find(true, 0);
        self.count = Some(MatchCount {
            found: Vec::new(),
            next: Some(0),
        });
        self.count_on();
    }

    /// Whether records already found wait to be counted: the loop then
    /// counts between keys without waiting for a tick. (Records still
    /// being found are counted as they come, at the tick's pace.)
    pub fn counting(&self) -> bool {
        let next = self.count.as_ref().and_then(|c| c.next);
        next.is_some_and(|n| n < self.catalog.len())
    }

    /// Counts the search's matches again, from the first record: the
    /// list's filter changed what it shows.
    pub(super) fn recount_search(&mut self) {
        if let Some(count) = self.count.as_mut() {
            *count = MatchCount {
                found: Vec::new(),
                next: Some(0),
            };
        }
    }

    /// Counts matches for a turn; whether any were counted.
    pub(super) fn count_on(&mut self) -> bool {
        let Some(from) = self.count.as_ref().and_then(|c| c.next) else {
            return false;
        };
        let query = self.query.to_lowercase();
        let (found, next) = self.catalog.matches_from(&query, from, COUNT_TURN);
        // Records still being found will be counted when they are.
        let next = next.or_else(|| (!self.catalog.complete()).then_some(self.catalog.len()));
        if let Some(count) = self.count.as_mut() {
            count
                .found
                .extend(found.into_iter().filter(|&i| self.list.shows(i)));
            count.next = next;
        }
        // Counting read records of its own: the screen's are read again.
        self.prepare();
        true
    }

    /// Moves to the next (or previous) record matching the search,
    /// starting `skip` rows away from the cursor and wrapping around.
    pub(super) fn find(&mut self, forward: bool, skip: usize) {
        let query = self.query.to_lowercase();
        if query.is_empty() {
            return;
        }
        let (mut from, mut inclusive) = (self.list.current(), skip == 0);
        // In a filtered list, a match the filter hides is passed over,
        // until the search comes round to the first of those again.
        let mut first_hidden = None;
        let found = loop {
            match self.catalog.search(&query, from, forward, inclusive) {
                Found::At(item) if !self.list.shows(item) && first_hidden != Some(item) => {
                    first_hidden.get_or_insert(item);
                    (from, inclusive) = (item, false);
                }
                Found::At(item) if !self.list.shows(item) => break Found::Nowhere,
                found => break found,
            }
        };
        match found {
            Found::At(item) => self.select(self.list.row_of(item)),
            Found::Nowhere => self.message = Some(format!("no match for {}", self.query)),
            Found::Stopped(item) => {
                self.select(self.list.row_of(item));
                self.message = Some(format!("no match up to record {}; n searches on", item + 1));
            }
        }
    }
}
