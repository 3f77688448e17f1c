//! The App's filter: typed on the filter line under the list, taken up
//! once typing rests, and counted a turn at a time (as the search's matches
//! are), so that the first matches show at once and a million records never
//! hold up the screen. Esc drops it, Enter keeps it.

use std::time::Duration;

use super::App;
use crate::filter::{Filter, grouped};
use crate::ui::action::Action;
use crate::ui::filter_line::Taken;

/// How long one turn of counting may take, as for the search.
const COUNT_TURN: Duration = Duration::from_millis(20);

/// The filter the list shows and how far its matches are counted.
#[derive(Debug)]
pub struct Counting {
    filter: Filter,
    /// The record to go on from, while not all have been counted.
    next: Option<usize>,
}

impl App {
    pub(super) fn edit_filter(&mut self, action: Action) {
        match action {
            Action::Filter => self.filter.begin(),
            Action::FilterInput(c) => self.filter.input(c),
            Action::FilterErase => self.filter.erase(),
            Action::FilterRecall(older) => self.filter.recall(older),
            Action::FilterDone => {
                self.take_filter(true);
                if let Some(e) = self.filter.error() {
                    self.message = Some(format!("not taken up: column {}: {}", e.column, e.message));
                }
                self.filter.keep();
            }
            _ => {
                let record = self.list.current();
                self.filter.drop_filter();
                self.filtering = None;
                self.list.show_only(None);
                self.select(self.list.row_of(record));
            }
        }
    }

    /// Takes up what was typed once typing rests (`now`: at once); whether
    /// the list changed.
    pub(super) fn take_filter(&mut self, now: bool) -> bool {
        match self.filter.take(now) {
            None => return false,
            Some(Taken::Everything) => {
                let record = self.list.current();
                self.filtering = None;
                self.list.show_only(None);
                self.select(self.list.row_of(record));
            }
            Some(Taken::Filter(filter)) => {
                self.filtering = Some(Counting {
                    filter,
                    next: Some(0),
                });
                self.list.show_only(Some(Vec::new()));
                self.select(0);
                self.filter_on();
            }
        }
        true
    }

    /// Whether matches wait to be counted among records already found:
    /// the loop then counts between keys without waiting for a tick.
    pub fn filtering(&self) -> bool {
        let next = self.filtering.as_ref().and_then(|c| c.next);
        next.is_some_and(|n| n < self.catalog.len())
    }

    /// Counts the filter's matches for a turn; whether any were counted.
    pub(super) fn filter_on(&mut self) -> bool {
        let Some(Counting {
            filter,
            next: Some(from),
        }) = &self.filtering
        else {
            return false;
        };
        let (found, next) = self.catalog.filtered_from(filter, *from, COUNT_TURN);
        // Records still being found will be counted when they are.
        let next = next.or_else(|| (!self.catalog.complete()).then_some(self.catalog.len()));
        if let Some(counting) = self.filtering.as_mut() {
            counting.next = next;
        }
        self.list.show_more(&found);
        self.select(self.list.selected());
        // Counting read records of its own: the screen's are read again.
        self.prepare();
        true
    }

    /// Whether the filter the list shows is still counted.
    pub(super) fn filter_counting(&self) -> bool {
        self.filtering.as_ref().is_some_and(|c| c.next.is_some())
    }

    /// What the title row says of the filter: its text and `1,204 of
    /// 1,000,000`, with how far counting has come while it goes on.
    pub(super) fn filter_status(&self) -> Option<String> {
        let counting = self.filtering.as_ref()?;
        let all = self.catalog.len();
        let shown = grouped(self.list.len(all));
        let status = match counting.next {
            Some(next) if all > 0 => format!("{shown} of {}  counting {}%", grouped(all), next * 100 / all),
            _ => format!("{shown} of {}", grouped(all)),
        };
        Some(status)
    }
}
