//! Finding records by text: the board, title, event, place, players and
//! contract, any of them, in either case.
//!
//! A large archive is not read record by record to search it: the bytes are
//! searched for the query's longest word, and only the records it stands in
//! are read to see whether they match. A record that takes its players or
//! event from the records before it holds no such word itself, so the one
//! record a search starts from is always read: any record after it that
//! matches without holding the word takes the matching value from a record
//! that does, or from the same place the first one does. (Boards numbered
//! on automatically are the exception: a number not written in the file is
//! not found.)

use regex::bytes::{Regex, RegexBuilder};

use super::access::record_at;
use super::{Catalog, indexed};
use crate::model::Record;

/// Whether the record's text holds the (lowercased) query.
pub fn matches(r: &Record, query: &str) -> bool {
    let mut text = Vec::new();
    text.extend(r.board.as_ref().map(ToString::to_string));
    for part in [&r.title, &r.event, &r.location].into_iter().flatten() {
        text.push(part.first.clone());
        text.extend(part.second.clone());
    }
    text.extend(
        r.players
            .iter()
            .flat_map(|p| p.tables.iter().flat_map(|t| t.0.iter().cloned())),
    );
    text.extend(r.contract.map(|c| format!("{} {}", c.short(), c.declarer)));
    text.join(" ").to_lowercase().contains(query)
}

/// The bytes a matching record must hold somewhere: the query's longest
/// word, in either case, as UTF-8 or (for files in Latin-1) as Latin-1.
pub fn word_finder(query: &str) -> Option<Regex> {
    let word = query.split_whitespace().max_by_key(|w| w.len())?;
    let mut pattern = regex::escape(word);
    if !word.is_ascii() && word.chars().all(|c| (c as u32) < 256) {
        let latin1: String = word.chars().map(|c| format!("\\x{:02X}", c as u32)).collect();
        pattern = format!("{pattern}|(?-u:{latin1})");
    }
    RegexBuilder::new(&pattern).case_insensitive(true).build().ok()
}

/// Where the word stands last before `end`, looking back a widening window
/// at a time, so that a near find costs little in a large file.
pub fn find_before(finder: &Regex, bytes: &[u8], end: usize) -> Option<usize> {
    let mut width = 1 << 20;
    let mut start = end;
    while start > 0 {
        let from = start.saturating_sub(width);
        // Overlap the window after it by a word's length so that a word
        // across the seam is found.
        let to = (start + 256).min(end);
        if let Some(found) = finder
            .find_iter(&bytes[from..to])
            .map(|m| from + m.start())
            .last()
        {
            return Some(found);
        }
        start = from;
        width *= 2;
    }
    None
}

impl Catalog {
    /// The next record matching the (lowercased) query, from record `from`
    /// forward (or back), wrapping round; `from` itself counts when
    /// `inclusive`.
    pub fn search(&mut self, query: &str, from: usize, forward: bool, inclusive: bool) -> Option<usize> {
        let n = self.len();
        if n == 0 || query.is_empty() {
            return None;
        }
        let finder = word_finder(query)?;
        let start = if inclusive {
            from
        } else if forward {
            from + 1
        } else {
            from + n - 1
        };
        for round in 0..2 {
            // The first round from the start point, the second from the far
            // end of the list, to wrap round.
            let from = match (round, forward) {
                (0, _) => start % n,
                (_, true) => 0,
                (_, false) => n - 1,
            };
            let found = if forward {
                self.search_forward(query, &finder, from)
            } else {
                self.search_back(query, &finder, from)
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }

    fn matches(&mut self, i: usize, query: &str) -> bool {
        self.load(i).is_some_and(|r| matches(&r, query))
    }

    fn search_forward(&mut self, query: &str, finder: &regex::bytes::Regex, from: usize) -> Option<usize> {
        if self.matches(from, query) {
            return Some(from);
        }
        let mut i = from;
        loop {
            let (s, k) = self.locate(i)?;
            let shelf = &self.shelves[s];
            if !indexed(shelf.format) {
                i += 1;
                if self.matches(i, query) {
                    return Some(i);
                }
                continue;
            }
            let end = shelf.spans[k].end;
            let Some(at) = finder.find_at(&shelf.bytes, end).map(|m| m.start()) else {
                // Nothing more in this file: on to the next one's first.
                i += shelf.len() - k;
                if i >= self.len() || self.matches(i, query) {
                    return (i < self.len()).then_some(i);
                }
                continue;
            };
            let j = shelf.spans.partition_point(|sp| sp.end <= at);
            if j >= shelf.spans.len() {
                i += shelf.len() - k;
                continue;
            }
            i += j - k;
            if self.matches(i, query) {
                return Some(i);
            }
        }
    }

    fn search_back(&mut self, query: &str, finder: &Regex, from: usize) -> Option<usize> {
        if self.matches(from, query) {
            return Some(from);
        }
        let mut above = from;
        while above > 0 {
            let (s, k) = self.locate(above)?;
            let shelf = &self.shelves[s];
            let j = if indexed(shelf.format) {
                let mut end = shelf.spans[k].start;
                loop {
                    let Some(at) = find_before(finder, &shelf.bytes, end) else {
                        break None;
                    };
                    match record_at(&shelf.spans, at) {
                        Some(j) => break Some(j),
                        None => end = at,
                    }
                }
            } else {
                k.checked_sub(1)
            };
            // The record the word stands in, or else the last record of
            // the file before.
            let i = match j {
                Some(j) => above - (k - j),
                None => (above - k).checked_sub(1)?,
            };
            if self.matches(i, query) {
                return Some(self.last_match(query, i, above));
            }
            above = i;
        }
        None
    }

    /// The records after one that matches may take the matching value
    /// from it, up to the first that gives its own (which does not match,
    /// or the search would have found its word): the last that matches
    /// before `above`, found by halving.
    fn last_match(&mut self, query: &str, mut lo: usize, mut hi: usize) -> usize {
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.matches(mid, query) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_is_found_in_either_case_and_in_latin1() {
        let finder = word_finder("  josé  a").unwrap();
        assert!(finder.is_match("N Ann+JOSÉ:x".as_bytes()));
        assert!(finder.is_match(b"N Ann+Jos\xe9:x"));
        assert!(!finder.is_match(b"N Ann+Jose"));
        let bytes = b"Ann ... ann ... bob";
        let ann = word_finder("ANN").unwrap();
        assert_eq!(find_before(&ann, bytes, bytes.len()), Some(8));
        assert_eq!(find_before(&ann, bytes, 8), Some(0));
        assert_eq!(find_before(&ann, bytes, 2), None);
    }
}
