//! What the App does with the whole file at once: its results screen and
//! the list in order of score. Both read every record, so both wait until
//! all are found and leave files too large to `kibitzer results`.

use super::App;
use crate::archive::Catalog;
use crate::model::Record;
use crate::ui::action::Screen;
use crate::ui::order::ListOrder;
use crate::ui::results::{MOST_RECORDS, Reached, ResultsState};

impl App {
    /// Every record of the file, or a message saying why not.
    fn every_record(&mut self) -> Option<Vec<Record>> {
        let len = self.catalog.len();
        let why = if !self.catalog.complete() {
            "still finding records: the file's results wait for all of them".to_string()
        } else if len > MOST_RECORDS {
            format!("{len} records are too many to score here: kibitzer results FILE prints them")
        } else {
            // Records given whole (tests) are not in any file's bytes.
            let each = |c: &mut Catalog| (0..len).map(|i| c.load(i).map(|r| (*r).clone())).collect();
            return self.catalog.read_all().or_else(|| each(&mut self.catalog));
        };
        self.message = Some(why);
        None
    }

    pub(super) fn open_results(&mut self) {
        let Some(records) = self.every_record() else {
            return;
        };
        // Opened from a record, the results go no further than it: its own
        // once its end is reached, so that nothing still to come is given
        // away (a quiz's answer, a Pinochle hand's score, a Preferans
        // deal's entries on the sheet).
        let viewed = self.deal.as_ref().filter(|_| self.screen == Screen::Deal);
        let reached = viewed.map(|deal| Reached {
            record: deal.record(),
            end: deal.record() + usize::from(deal.at_end()),
        });
        self.results = Some(ResultsState::of(&records, reached));
        self.screen = Screen::Results;
    }

    /// Sorts the list by score, or puts it back in file order; the cursor
    /// stays on its record.
    pub(super) fn sort_by_score(&mut self) {
        let record = self.list.current();
        if !self.list.reorder(None) {
            let Some(records) = self.every_record() else {
                return;
            };
            // A filtered list is sorted among the records it shows.
            let refs: Vec<&Record> = match self.list.shown() {
                Some(shown) => shown.iter().filter_map(|&i| records.get(i)).collect(),
                None => records.iter().collect(),
            };
            self.list.reorder(Some(ListOrder::by_score(&refs)));
        }
        self.select(self.list.row_of(record));
    }
}
