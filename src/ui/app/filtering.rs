//! The App's filter: typed on the filter line under the list, taken up
//! once typing rests, and counted a turn at a time (as the search's matches
//! are), so that the first matches show at once and a million records never
//! hold up the screen. Esc drops it, Enter keeps it.

use std::collections::HashSet;
use std::time::Duration;

use super::App;
use crate::analysis::{FullDeal, solving_time};
use crate::archive::{Reach, Sift};
use crate::filter::{Filter, grouped};
use crate::ui::action::Action;
use crate::ui::filter_line::Taken;
use crate::ui::filter_tables::Received;

/// How long one turn of counting may take, as for the search.
const COUNT_TURN: Duration = Duration::from_millis(20);

/// Archives from this many records are sifted in the background, on every
/// core: fewer are counted in a turn or two here.
const SIFT_FROM: usize = 20_000;

/// The filter the list shows and how far its matches are counted.
pub struct Counting {
    filter: Filter,
    /// The record to go on from (sifting: how many have been gone
    /// through), while not all have been counted.
    next: Option<usize>,
    /// The matches being found in the background, where every record has
    /// been found; else they are counted here a turn at a time.
    sift: Option<Sift>,
    /// Records counted whose answer a double-dummy table could change, the
    /// file giving none, and their deals (a board played at many tables
    /// is one deal).
    lacking: usize,
    unsolved: HashSet<FullDeal>,
    /// The record the cursor was on when the filter was counted again
    /// (its file changed, or its deals were solved): the cursor goes back
    /// to it, or to the match after it, once counting has come past it.
    follow: Option<usize>,
}

impl Counting {
    fn new(filter: Filter, sift: Option<Sift>, follow: Option<usize>) -> Counting {
        Counting {
            filter,
            next: Some(0),
            sift,
            lacking: 0,
            unsolved: HashSet::new(),
            follow,
        }
    }
}

impl App {
    pub(super) fn edit_filter(&mut self, action: Action) {
        match action {
            Action::Filter => self.filter.begin(),
            Action::FilterInput(c) => self.filter.input(c),
            Action::FilterErase(erase) => self.filter.erase(erase),
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
                self.recount_search();
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
                self.recount_search();
            }
            Some(Taken::Filter(filter)) => self.count_filter(filter, None),
        }
        true
    }

    /// Counts the filter's matches from the first record: a large archive
    /// is sifted in the background, unless a double-dummy word is asked
    /// (the tables solved here answer it).
    fn count_filter(&mut self, filter: Filter, follow: Option<usize>) {
        let sifted = self.catalog.len() >= SIFT_FROM && !filter.asks_double_dummy();
        let sift = sifted.then(|| self.catalog.sift(&filter)).flatten();
        self.filtering = Some(Counting::new(filter, sift, follow));
        self.list.show_only(Some(Vec::new()));
        self.select(0);
        self.recount_search();
        self.filter_on();
    }

    /// Counts the filter the list shows again from the first record: the
    /// records changed, or what answers them did.
    pub(super) fn recount_filter(&mut self) {
        let shown = self.list.len(self.catalog.len()) > 0;
        let follow = shown.then(|| self.list.current());
        if let Some(counting) = self.filtering.take() {
            self.count_filter(counting.filter, follow);
        }
    }

    /// Whether matches wait to be counted among records already found:
    /// the loop then counts between keys without waiting for a tick.
    pub fn filtering(&self) -> bool {
        let next = self.filtering.as_ref().and_then(|c| c.next);
        next.is_some_and(|n| n < self.catalog.len())
    }

    /// Counts the filter's matches for a turn (or takes what the sift
    /// found in one); whether a filter was being counted.
    pub(super) fn filter_on(&mut self) -> bool {
        let Some(counting) = &mut self.filtering else {
            return false;
        };
        let Some(from) = counting.next else {
            return false;
        };
        if let Some(sift) = &mut counting.sift {
            let turn = sift.turn(COUNT_TURN);
            counting.next = match turn.reach {
                Reach::Going(reached) => Some(reached),
                Reach::Done => None,
                // What the sift did not reach is asked here, a turn at a
                // time, as a smaller archive's records are.
                Reach::Stopped(reached) => {
                    counting.sift = None;
                    Some(reached)
                }
            };
            self.list.show_more(&turn.found);
        } else {
            let (filter, tables) = (&counting.filter, &self.filter_tables);
            let mut lacking = Vec::new();
            let (found, next) = self
                .catalog
                .filtered_with(from, COUNT_TURN, filter.wanted(), |s| {
                    let (matched, unsolved) = tables.ask(filter, s);
                    lacking.extend(unsolved);
                    matched
                });
            // Records still being found will be counted when they are.
            counting.next = next.or_else(|| (!self.catalog.complete()).then_some(self.catalog.len()));
            counting.lacking += lacking.len();
            counting.unsolved.extend(lacking);
            self.list.show_more(&found);
        }
        self.follow_cursor();
        self.select(self.list.selected());
        // A search counted while the filter was can count only what it
        // showed then.
        if !self.filter_counting() {
            self.recount_search();
        }
        // Counting read records of its own: the screen's are read again.
        self.prepare();
        true
    }

    /// Puts the cursor back on the record it was on before the filter was
    /// counted again, once counting has come past it; not where it has
    /// been moved since.
    fn follow_cursor(&mut self) {
        let Some(counting) = &mut self.filtering else {
            return;
        };
        let Some(record) = counting.follow else {
            return;
        };
        if counting.next.is_some_and(|next| next <= record) {
            return;
        }
        counting.follow = None;
        if self.list.selected() == 0 {
            self.select(self.list.row_of(record));
        }
    }

    /// Whether the filter the list shows is still counted.
    pub(super) fn filter_counting(&self) -> bool {
        self.filtering.as_ref().is_some_and(|c| c.next.is_some())
    }

    /// What the title row says of the filter: its text and `1,204 of
    /// 1,000,000`, with how far counting has come while it goes on, and
    /// solving while deals are solved.
    pub(super) fn filter_status(&self) -> Option<String> {
        let counting = self.filtering.as_ref()?;
        let all = self.catalog.len();
        let shown = grouped(self.list.len(all));
        let mut status = match counting.next {
            Some(next) if all > 0 => format!("{shown} of {}  counting {}%", grouped(all), next * 100 / all),
            _ => format!("{shown} of {}", grouped(all)),
        };
        if let Some((done, deals)) = self.filter_tables.progress() {
            status.push_str(&format!(
                "  solving {} of {} deals",
                grouped(done),
                grouped(deals)
            ));
        }
        Some(status)
    }

    /// Records the filter met without a double-dummy table, and the key
    /// that solves them with about how long it takes.
    pub(super) fn filter_notice(&self) -> Option<String> {
        let counting = self.filtering.as_ref()?;
        if counting.lacking == 0 || self.filter_tables.progress().is_some() {
            return None;
        }
        let records = match counting.lacking {
            1 => "1 record lacks".to_string(),
            n => format!("{} records lack", grouped(n)),
        };
        let time = solving_time(counting.unsolved.len());
        Some(format!(
            "{records} a double-dummy table; Ctrl-S solves them ({time})"
        ))
    }

    /// Ctrl-S on the filter line: the deals found without a table are
    /// solved in the background, and the filter counted again after.
    pub(super) fn solve_filtered(&mut self) {
        let Some(counting) = &self.filtering else { return };
        if counting.unsolved.is_empty() || self.filter_tables.progress().is_some() {
            return;
        }
        self.filter_tables
            .solve(counting.unsolved.iter().copied().collect());
    }

    /// Takes in the deals solved; once the last is, counts the filter
    /// again with their tables. Whether the screen changed.
    pub(super) fn receive_filter_tables(&mut self) -> bool {
        match self.filter_tables.receive() {
            Received::Nothing => false,
            Received::More => true,
            Received::Finished => {
                self.recount_filter();
                true
            }
        }
    }
}
