//! Finding records by text: every word of the query in one of the record's
//! fields (the board, title, event, place, the players, the contract), in
//! either case; and the records a filter lets through.
//!
//! A large archive is not read record by record to search it. The bytes
//! are searched for the query's longest word, and a record it stands in is
//! read only if every word stands in it. A record that takes the matching
//! field from an earlier record does not hold the words itself; but the
//! earlier one does, and matches too, and so does every record between
//! them. So a search forward is exact if it also reads the record it
//! starts from, and a search back, having found such an earlier record,
//! halves its way to the last of that run. (Boards numbered on
//! automatically are the exception: a number not written in the file is not
//! found.)

use std::time::{Duration, Instant};

use regex::bytes::{Regex, RegexBuilder};

use super::{Catalog, indexed};
use crate::filter::{Filter, Subject};
use crate::model::{Record, Wanted};
use crate::notation::reading;
use crate::notation::source::Span;
use crate::notation::source::record_at;

/// How long one search may read before it says how far it has come.
const PATIENCE: Duration = Duration::from_secs(1);

/// What a search came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    At(usize),
    Nowhere,
    /// Out of patience at this record, with nothing found before it.
    Stopped(usize),
}

/// A search under way: the query, its words as they may stand in the
/// bytes (the longest first), and when patience runs out.
struct Search<'q> {
    query: &'q str,
    words: Vec<Regex>,
    until: Instant,
}

impl Search<'_> {
    /// Whether every word stands in these bytes.
    fn all_in(&self, bytes: &[u8]) -> bool {
        self.words.iter().all(|w| w.is_match(bytes))
    }
}

/// Whether one of the record's fields holds every word of the
/// (lowercased) query.
pub fn matches(r: &Record, query: &str) -> bool {
    let two = |p: &crate::model::TwoPart| {
        [Some(p.first.as_str()), p.second.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut fields: Vec<String> = Vec::new();
    fields.extend(r.board.as_ref().map(ToString::to_string));
    fields.extend([&r.title, &r.event, &r.location].into_iter().flatten().map(two));
    fields.extend(r.players.iter().map(|p| {
        let names = p.tables.iter().flat_map(|t| t.0.iter()).filter(|n| !n.is_empty());
        names.map(String::as_str).collect::<Vec<_>>().join(" ")
    }));
    // The contract as written both ways (3N, 3NT; G6, 250 as the other
    // games write theirs) with declarer's letter and name.
    fields.extend(r.contract_text().map(|short| {
        let declarer = r.declarer().map(|d| format!("{d} {}", d.name()));
        let both = format!("{short} {}", short.replacen('N', "NT", 1));
        format!("{both} {}", declarer.unwrap_or_default())
    }));
    fields.iter().any(|field| {
        let field = field.to_lowercase();
        query.split_whitespace().all(|word| field.contains(word))
    })
}

/// A word as it may stand in the bytes, in either case, as UTF-8 or (for
/// files that are not UTF-8) as Windows-1252, as the readers decode them.
pub fn word_finder(word: &str) -> Option<Regex> {
    let mut pattern = regex::escape(word);
    // A notrump contract written 3NT is written 3N as well.
    if let [level @ b'1'..=b'7', b'n' | b'N', b't' | b'T'] = word.as_bytes() {
        pattern = format!("{}nt?", *level as char);
    }
    let (windows, _, unmappable) = encoding_rs::WINDOWS_1252.encode(word);
    if !word.is_ascii() && !unmappable {
        let windows: String = windows.iter().map(|b| format!("\\x{b:02X}")).collect();
        pattern = format!("{pattern}|(?-u:{windows})");
    }
    RegexBuilder::new(&pattern).case_insensitive(true).build().ok()
}

/// The query's words as they may stand in the bytes, the longest first;
/// None for an empty query.
fn finders(query: &str) -> Option<Vec<Regex>> {
    let mut words: Vec<&str> = query.split_whitespace().collect();
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    let words: Option<Vec<Regex>> = words.into_iter().map(word_finder).collect();
    words.filter(|w| !w.is_empty())
}

/// The records (by their place on the shelf) in which the longest word
/// stands, going back from offset `end`, nearest first: the bytes are
/// searched a window at a time, the window doubling from a small one so
/// that a near find costs little and a far one no more than one pass.
fn records_back<'a>(
    word: &'a Regex,
    bytes: &'a [u8],
    spans: &'a [Span],
    end: usize,
) -> impl Iterator<Item = usize> + 'a {
    let mut end = end;
    let mut width = 1 << 12;
    let mut found: Vec<usize> = Vec::new();
    let mut last = None;
    std::iter::from_fn(move || {
        loop {
            while let Some(at) = found.pop() {
                let j = record_at(spans, at);
                if j.is_some() && j != last {
                    last = j;
                    return j;
                }
            }
            if end == 0 {
                return None;
            }
            let from = end.saturating_sub(width);
            // A word across the window's end starts inside it.
            let to = (end + 256).min(bytes.len());
            found = word
                .find_iter(&bytes[from..to])
                .map(|m| from + m.start())
                .filter(|&at| at < end)
                .collect();
            end = from;
            width = (width * 2).min(1 << 26);
        }
    })
}

impl Catalog {
    /// The next record matching the (lowercased) query, from record `from`
    /// forward (or back), wrapping round; `from` itself counts when
    /// `inclusive`.
    pub fn search(&mut self, query: &str, from: usize, forward: bool, inclusive: bool) -> Found {
        let n = self.len();
        let Some(words) = finders(query).filter(|_| n > 0) else {
            return Found::Nowhere;
        };
        let start = if inclusive {
            from
        } else if forward {
            from + 1
        } else {
            from + n - 1
        };
        let mut search = Search {
            query,
            words,
            until: Instant::now() + PATIENCE,
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
                self.search_forward(&mut search, from)
            } else {
                self.search_back(&mut search, from)
            };
            if found != Found::Nowhere {
                return found;
            }
        }
        Found::Nowhere
    }

    /// The records matching the (lowercased) query from record `from` on,
    /// without wrapping round, found in the time given (its words made
    /// ready first); and the record to go on from when time ran out.
    pub fn matches_from(
        &mut self,
        query: &str,
        mut from: usize,
        time: Duration,
    ) -> (Vec<usize>, Option<usize>) {
        let mut found = Vec::new();
        let Some(words) = finders(query) else {
            return (found, None);
        };
        let until = Instant::now() + time;
        let mut search = Search { query, words, until };
        while from < self.len() {
            match self.search_forward(&mut search, from) {
                Found::At(i) => {
                    found.push(i);
                    from = i + 1;
                }
                Found::Stopped(i) => return (found, Some(i)),
                Found::Nowhere => break,
            }
        }
        (found, None)
    }

    /// The records `filter` matches from record `from` on, found in the
    /// time given; and the record to go on from when time ran out. Records
    /// are read and let go, as a count of a search's matches reads them.
    pub fn filtered_from(
        &mut self,
        filter: &Filter,
        from: usize,
        time: Duration,
    ) -> (Vec<usize>, Option<usize>) {
        self.filtered_with(from, time, filter.wanted(), |subject| filter.matches(subject))
    }

    /// The same for a filter asked by `matches` (which may bring tables of
    /// its own), which reads as far as `wanted`.
    pub fn filtered_with(
        &mut self,
        mut from: usize,
        time: Duration,
        wanted: Wanted,
        mut matches: impl FnMut(Subject) -> bool,
    ) -> (Vec<usize>, Option<usize>) {
        let until = Instant::now() + time;
        let mut found = Vec::new();
        while from < self.len() {
            if Instant::now() > until {
                return (found, Some(from));
            }
            if self.asked(from, wanted, &mut matches) == Some(true) {
                found.push(from);
            }
            from += 1;
        }
        (found, None)
    }

    /// What `ask` makes of record `i` and its file's name: read as far as
    /// `wanted` and let go where it is not kept (None beyond the records
    /// found, or while its file is read again), which table of a match it
    /// is found only where asked (it takes reading its neighbours, in PBN).
    pub fn asked<T>(&mut self, i: usize, wanted: Wanted, ask: impl FnOnce(Subject) -> T) -> Option<T> {
        let (s, k) = self.locate(i)?;
        if self.get(i).is_none() {
            if self.shelves[s].bytes.changed() {
                return None;
            }
            // Tables found by reading neighbours are found on records read
            // in full, as `each_record` finds them.
            let pairs = wanted.tables && reading::of(self.shelves[s].format).pairs_by_reading();
            let mut record = self.read_wanting(s, k, if pairs { Wanted::ALL } else { wanted });
            if pairs {
                record.table = self.table_in_run(s, k, &record);
            }
            return Some(ask(Subject::new(&record, &self.shelves[s].name)));
        }
        let file = &self.shelves[s].name;
        self.get(i).map(|record| ask(Subject::new(record, file)))
    }

    /// Whether record `i` matches: Err when patience ran out first.
    fn matches(&mut self, search: &mut Search<'_>, i: usize) -> Result<bool, usize> {
        if Instant::now() > search.until {
            return Err(i);
        }
        if let Some(kept) = self.get(i) {
            return Ok(matches(kept, search.query));
        }
        // Read and let go: a search (or a count of matches) over many
        // records would push the screen's records out of those kept; and
        // neither a record's table (PBN finds it by reading neighbours)
        // nor its play's problems are searched.
        let Some((s, k)) = self.locate(i).filter(|&(s, _)| !self.shelves[s].bytes.changed()) else {
            return Ok(false);
        };
        Ok(matches(&self.read_unchecked(s, k), search.query))
    }

    /// What the search comes to at record `i`, if it stops there: a match,
    /// or patience run out.
    fn verdict(&mut self, search: &mut Search<'_>, i: usize) -> Option<Found> {
        match self.matches(search, i) {
            Ok(true) => Some(Found::At(i)),
            Err(at) => Some(Found::Stopped(at)),
            Ok(false) => None,
        }
    }

    fn search_forward(&mut self, search: &mut Search<'_>, from: usize) -> Found {
        if let Some(found) = self.verdict(search, from) {
            return found;
        }
        let mut i = from;
        loop {
            let Some((s, k)) = self.locate(i) else {
                return Found::Nowhere;
            };
            let shelf = &self.shelves[s];
            // The next record the longest word stands in, or the next
            // file's first.
            let next = if indexed(shelf.format) {
                let mut at = shelf.spans[k].end;
                loop {
                    let Some(m) = search.words[0].find_at(&shelf.bytes, at) else {
                        break None;
                    };
                    let j = shelf.spans.partition_point(|sp| sp.end <= m.start());
                    let Some(span) = shelf.spans.get(j) else {
                        break None;
                    };
                    if search.all_in(&shelf.bytes[span.start..span.end]) {
                        break Some(i + (j - k));
                    }
                    at = span.end;
                }
                .unwrap_or(i + (shelf.len() - k))
            } else {
                i + 1
            };
            if next >= self.len() {
                return Found::Nowhere;
            }
            i = next;
            if let Some(found) = self.verdict(search, i) {
                return found;
            }
        }
    }

    fn search_back(&mut self, search: &mut Search<'_>, from: usize) -> Found {
        if let Some(found) = self.verdict(search, from) {
            return found;
        }
        let mut above = from;
        while above > 0 {
            let Some((s, k)) = self.locate(above) else {
                return Found::Nowhere;
            };
            let shelf = &self.shelves[s];
            let j = if indexed(shelf.format) {
                let (bytes, spans) = (&shelf.bytes[..], &shelf.spans[..]);
                records_back(&search.words[0], bytes, spans, spans[k].start)
                    .find(|&j| search.all_in(&bytes[spans[j].start..spans[j].end]))
            } else {
                k.checked_sub(1)
            };
            // The record the words stand in, or else the last record of
            // the file before.
            let i = match j {
                Some(j) => above - (k - j),
                None if above > k => above - k - 1,
                None => return Found::Nowhere,
            };
            match self.matches(search, i) {
                Ok(true) => return Found::At(self.last_match(search, i, from)),
                Err(at) => return Found::Stopped(at),
                Ok(false) => above = i,
            }
        }
        Found::Nowhere
    }

    /// The records after one that matches may take the matching value
    /// from it, up to the first that gives its own (which does not match,
    /// or the search would have found its word): the last that matches
    /// before `above`, found by halving.
    fn last_match(&mut self, search: &Search<'_>, mut lo: usize, mut hi: usize) -> usize {
        // Records of another file take nothing from this one.
        let file_end = self
            .locate(lo)
            .map_or(hi, |(s, k)| lo - k + self.shelves[s].len());
        hi = hi.min(file_end);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.load(mid).is_some_and(|r| matches(&r, search.query)) {
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
    fn the_word_is_found_in_either_case_and_in_windows_1252() {
        let finder = word_finder("josé").unwrap();
        assert!(finder.is_match("N Ann+JOSÉ:x".as_bytes()));
        assert!(finder.is_match(b"N Ann+Jos\xe9:x"));
        assert!(word_finder("don’t").unwrap().is_match(b"{Don\x92t}"));
        assert!(!finder.is_match(b"N Ann+Jose"));
        assert!(word_finder("3NT").unwrap().is_match(b"C 3N:S"));
        let spans: Vec<Span> = [(0, 4), (4, 12), (12, 19)]
            .map(|(start, end)| Span {
                start,
                end,
                ..Span::default()
            })
            .to_vec();
        let bytes = b"Ann ... ann ... bob";
        let ann = word_finder("ANN").unwrap();
        let back: Vec<usize> = records_back(&ann, bytes, &spans, bytes.len()).collect();
        assert_eq!(back, [1, 0]);
        assert_eq!(records_back(&ann, bytes, &spans, 4).collect::<Vec<_>>(), [0]);
    }
}
