//! What the App does with the whole file at once: its results screen and
//! the list in order of score. Both read every record, so both wait until
//! all are found and leave files too large to `kibitzer results`.

use std::sync::Arc;

use super::App;
use crate::model::Record;
use crate::ui::action::Screen;
use crate::ui::order::ListOrder;
use crate::ui::results::{MOST_RECORDS, ResultsState};

impl App {
    /// Every record of the file, or a message saying why not.
    fn every_record(&mut self) -> Option<Vec<Arc<Record>>> {
        let len = self.catalog.len();
        let why = if !self.catalog.complete() {
            "still finding records: the file's results wait for all of them".to_string()
        } else if len > MOST_RECORDS {
            format!("{len} records are too many to score here: kibitzer results FILE prints them")
        } else {
            return (0..len).map(|i| self.catalog.load(i)).collect();
        };
        self.message = Some(why);
        None
    }

    pub(super) fn open_results(&mut self) {
        let Some(records) = self.every_record() else {
            return;
        };
        let records: Vec<Record> = records.iter().map(|r| (**r).clone()).collect();
        self.results = Some(ResultsState::of(&records));
        self.screen = Screen::Results;
    }

    /// Sorts the list by score, or puts it back in file order; the cursor
    /// stays on its record.
    pub(super) fn sort_by_score(&mut self) {
        let record = self.record_at(self.selected);
        if self.order.take().is_none() {
            let Some(records) = self.every_record() else {
                return;
            };
            let refs: Vec<&Record> = records.iter().map(|r| r.as_ref()).collect();
            self.order = Some(ListOrder::by_score(&refs));
        }
        self.select(self.row_of(record));
    }
}
