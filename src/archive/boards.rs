//! Where the tables of each board lie, for the results of one board in an
//! archive of a million records: the board number is picked out of each
//! record's own bytes (PBN's Board tag, RBN's B label) without reading the
//! record, and only the records with the same number are read to compare.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use super::Catalog;
use crate::model::BoardKey;
use crate::notation::reading;

/// Each record's board number (hashed) by its place in the catalog, and
/// the places sorted by it: 12 bytes a record.
pub struct BoardIndex {
    keys: Vec<Option<u64>>,
    sorted: Vec<(u64, u32)>,
}

fn hash(number: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    number.hash(&mut hasher);
    hasher.finish()
}

impl Catalog {
    /// The board index of the records found so far. A record that gives no
    /// board number has the one before's (the second table of a board
    /// leaves it out); a file's first records without one have none.
    pub fn board_index(&self) -> BoardIndex {
        let mut keys = Vec::with_capacity(self.len());
        for shelf in &self.shelves {
            let notation = reading::of(shelf.format);
            let mut last = None;
            for k in 0..shelf.len() {
                let Some(span) = shelf.spans.get(k) else {
                    keys.push(None);
                    continue;
                };
                let text = &shelf.bytes[span.start..span.end];
                last = notation.board_number(text).map(hash).or(last);
                keys.push(last);
            }
        }
        let mut sorted: Vec<(u64, u32)> = keys
            .iter()
            .enumerate()
            .filter_map(|(i, k)| Some((((*k)?), i as u32)))
            .collect();
        sorted.sort_unstable();
        BoardIndex { keys, sorted }
    }

    /// The board number record `i`'s own bytes give, picked out without
    /// reading the record, for a board jump to pass over the records of
    /// other boards at the pace of a scan. None where the bytes give no
    /// number (the record must be read to know it).
    pub fn written_board_number(&self, i: usize) -> Option<u64> {
        let (s, k) = self.locate(i)?;
        let shelf = &self.shelves[s];
        let span = shelf.spans.get(k)?;
        let number = reading::of(shelf.format).board_number(&shelf.bytes[span.start..span.end])?;
        std::str::from_utf8(number).ok()?.parse().ok()
    }

    /// The places of the tables of record `i`'s board (`i` among them), in
    /// order: the records with its board number are read, and those with
    /// its deal kept.
    pub fn board_tables(&mut self, index: &BoardIndex, i: usize) -> Vec<usize> {
        let Some(Some(key)) = index.keys.get(i) else {
            return vec![i];
        };
        let from = index.sorted.partition_point(|&(k, _)| k < *key);
        let same_number: Vec<usize> = index.sorted[from..]
            .iter()
            .take_while(|&&(k, _)| k == *key)
            .map(|&(_, j)| j as usize)
            .collect();
        let Some(own) = self.load(i).map(|r| BoardKey::of(&r)) else {
            return Vec::new();
        };
        same_number
            .into_iter()
            .filter(|&j| j == i || self.load(j).is_some_and(|r| BoardKey::of(&r) == own))
            .collect()
    }
}
