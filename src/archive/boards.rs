//! Where the tables of each board lie, for the results of one board in an
//! archive of a million records: the board number is picked out of each
//! record's own bytes (PBN's Board tag, RBN's B label) without reading the
//! record, and only the records with the same number are read to compare.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use std::collections::HashSet;

use super::{Catalog, hand_on_span, lost};
use crate::model::{BoardKey, SourceFormat};
use crate::notation::door::read_one;
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

/// Whether no two records of a file have the same board number, when
/// nothing about a board's tables is there to find (a book's deals, a
/// generated archive): told in one pass at the pace of handing records
/// on, which gives the board number of every record it can hand on, the
/// rest read in full. A file read whole is not looked into (false). `done` hears how
/// far the pass has come, now and then.
pub fn every_board_alone(bytes: &[u8], format: SourceFormat, mut done: impl FnMut(usize)) -> bool {
    let n = reading::of(format);
    if !n.indexed() {
        return false;
    }
    let mut context = n.exact();
    let mut seen = HashSet::new();
    for (i, span) in n.scan(bytes).enumerate() {
        let number = if hand_on_span(n, bytes, &span, &mut context) {
            n.passed_board(&context)
        } else {
            read_one(n, bytes, &span, i + 1, &mut context)
                .board
                .map(|b| b.number)
        };
        if number.is_some_and(|number| !seen.insert(number)) {
            return false;
        }
        if i % 4096 == 0 {
            done(span.end);
        }
    }
    !lost(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HANDS: &str = "H N:AKQJT98765432...:.AKQJT98765432..:..AKQJT98765432.:\n";

    fn alone(text: &str, format: SourceFormat) -> bool {
        every_board_alone(text.as_bytes(), format, |_| {})
    }

    #[test]
    fn boards_numbered_on_are_each_alone() {
        let text = format!("B 1:+\n{HANDS}\nC 3N:S\n\nC 2H:N\n\nB 9\nC 1S:W\n");
        assert!(alone(&text, SourceFormat::Rbn));
    }

    #[test]
    fn a_pair_or_a_board_given_again_is_not_alone() {
        let pair = format!("B 1:+\n{HANDS}\nC 3N:S\n!\nC 4S:E\n");
        assert!(!alone(&pair, SourceFormat::Rbn));
        let again = format!("B 9\n{HANDS}\nC 1S:W\n\nC 1N:S\n");
        assert!(!alone(&again, SourceFormat::Rbn));
    }

    #[test]
    fn a_pbn_game_without_a_board_takes_the_one_before() {
        let game = |board: &str| format!("[Event \"e\"]\n{board}[Dealer \"N\"]\n\n");
        let two = format!("{}{}", game("[Board \"1\"]\n"), game("[Board \"2\"]\n"));
        assert!(alone(&two, SourceFormat::Pbn));
        let carried = format!("{}{}", game("[Board \"1\"]\n"), game(""));
        assert!(!alone(&carried, SourceFormat::Pbn));
    }

    /// A game vetting can't vouch for (a contract no auction could end
    /// in) is read in full, and its board counts the same.
    #[test]
    fn a_game_read_in_full_counts_its_board_too() {
        let games = "[Board \"1\"]\n[Contract \"9Z\"]\n\n[Board \"1\"]\n\n";
        assert!(!alone(games, SourceFormat::Pbn));
    }

    #[test]
    fn a_file_read_whole_is_not_looked_into() {
        assert!(!alone("qx|o1|\n", SourceFormat::Lin));
    }
}
