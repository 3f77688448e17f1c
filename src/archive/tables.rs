//! Which table of a match each record is, where the notation leaves that to
//! be found by reading (PBN writes the games of a board's two rooms one
//! after the other, with nothing that numbers them): a record is paired
//! with the one before or after it, by the notation's own rule.

use super::Catalog;
use crate::model::Record;
use crate::notation::reading;

/// The longest run of games of one board looked back over to pair them.
const LONGEST_RUN: usize = 64;

impl Catalog {
    /// Two records in a row of one match are paired (the notation's
    /// `same_match`); in a run
    /// of more, the first two, the next two and so on.
    pub(super) fn table_in_run(&mut self, s: usize, k: usize, record: &Record) -> Option<u8> {
        if self.second_of_pair(s, k, record) {
            return Some(2);
        }
        if k + 1 >= self.shelves[s].spans.len() {
            return None;
        }
        // Not the second of a pair, so the first of one if the next game
        // is of the same match: no need to walk the run back again.
        let next = self.read_unchecked(s, k + 1);
        reading::of(self.shelves[s].format)
            .same_match(record, &next)
            .then_some(1)
    }

    /// Whether game `k` (`record`) is the second of a pair. Pairing looks
    /// only at the tags and the deal, so the games before it are read
    /// without the rules' check, which would cost more than the reading.
    fn second_of_pair(&mut self, s: usize, k: usize, record: &Record) -> bool {
        let Some(mut j) = k.checked_sub(1) else {
            return false;
        };
        let mut later = self.read_unchecked(s, j);
        if !reading::of(self.shelves[s].format).same_match(&later, record) {
            return false;
        }
        let mut run = 1;
        // Real runs are a few records long; a file changed under its index
        // may read as one long run, and each record costs a read.
        while j > 0 && run < LONGEST_RUN {
            let earlier = self.read_unchecked(s, j - 1);
            if !reading::of(self.shelves[s].format).same_match(&earlier, &later) {
                break;
            }
            (run, j, later) = (run + 1, j - 1, earlier);
        }
        run % 2 == 1
    }

    /// The other table of record `i`'s board, if it was played at two.
    pub fn partner(&mut self, i: usize) -> Option<usize> {
        match self.load(i)?.table? {
            1 => Some(i + 1).filter(|&p| p < self.len()),
            _ => i.checked_sub(1),
        }
    }
}
