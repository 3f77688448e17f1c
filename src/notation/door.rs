//! The one door between bytes and the model. Every notation answers the
//! same questions: where its records lie, what an earlier record hands on
//! to later ones, whether a record written the common way can be vouched
//! for without reading it, the record read in full, its board number, and
//! which records are the tables of one match. [`of`] is the one place that
//! asks which notation a file is in; everything above `notation/` goes
//! through the door.

use std::collections::VecDeque;

use super::source::Span;
use super::{pbn, rbn};
use crate::model::{Record, SourceFormat};

/// What earlier records hand on to the records after them, as each
/// notation keeps it. A notation read whole keeps none between spans.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Context {
    #[default]
    Whole,
    Pbn(pbn::Context),
    // Boxed: a carry holds ten labels' data, and contexts are moved about
    // (one per batch of records on each core).
    Rbn(Box<rbn::Carry>),
}

/// A notation: how its records are found, vetted and read.
pub trait Notation: Sync {
    /// The notation's name among the formats kibitzer reads.
    fn format(&self) -> SourceFormat;

    /// Whether records are found by a scan and read one at a time, as
    /// archives of a million records need. A notation read whole answers
    /// with one span, the file, whose reading gives every record.
    fn indexed(&self) -> bool;

    /// Where the records lie, in file order, for reading them all in order.
    fn scan<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a>;

    /// The same spans, each marked with what it may hand on, found as fast
    /// as the machine allows: the viewer's index.
    fn index<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a> {
        self.scan(bytes)
    }

    /// The context before the first record of a file.
    fn exact(&self) -> Context {
        Context::Whole
    }

    /// A context for records part way through a file, before the records
    /// before them are read: what it can't tell, it says so.
    fn partial(&self) -> Context {
        Context::Whole
    }

    /// Whether records vetted from partial contexts still hold after the
    /// exact one: what changes every record after it (PBN's `##`, RBN's
    /// fixed labels) is not in a partial context.
    fn still_holds(&self, _exact: &Context) -> bool {
        true
    }

    /// What a later stretch of records learned, laid over the context
    /// before it.
    fn overlay(&self, _exact: &mut Context, _later: &Context) {}

    /// Whether the record at `span` (its text) is vouched for: it reads
    /// with no problem, and leaves `context` as reading it would.
    fn vet(&self, _text: &str, _span: &Span, _context: &mut Context) -> bool {
        false
    }

    /// The records at `span`, the first numbered `number`, handed to `each`
    /// in file order: one for an indexed notation, all of the file for a
    /// notation read whole. Not yet checked against the rules of the game.
    fn read(
        &self,
        bytes: &[u8],
        span: &Span,
        number: usize,
        context: &mut Context,
        each: &mut dyn FnMut(Record),
    );

    /// Whether the two tables of a team match are found by reading
    /// neighbouring records ([`Notation::same_match`]), as PBN's are;
    /// other notations mark them as they read.
    fn pairs_by_reading(&self) -> bool {
        false
    }

    /// Whether two records read one after the other are the two tables of
    /// a team match, where the notation pairs by reading.
    fn same_match(&self, _first: &Record, _second: &Record) -> bool {
        false
    }

    /// The board number a record's bytes give, picked out without reading
    /// the record, where the notation can.
    fn board_number<'a>(&self, _text: &'a [u8]) -> Option<&'a [u8]> {
        None
    }

    /// A whole file vouched for at once, where the notation can: the number
    /// of records, with nothing to report. `done` hears how far it has
    /// come and says whether to go on.
    fn vouch_whole(&self, _bytes: &[u8], _done: &mut dyn FnMut(usize) -> bool) -> Option<usize> {
        None
    }
}

/// The notation of a file in `format`.
pub fn of(format: SourceFormat) -> &'static dyn Notation {
    match format {
        SourceFormat::Pbn => &pbn::Pbn,
        SourceFormat::Rbn => &rbn::Rbn(SourceFormat::Rbn),
        SourceFormat::Rbx => &rbn::Rbn(SourceFormat::Rbx),
        SourceFormat::Lin => &super::whole::Whole(SourceFormat::Lin),
        SourceFormat::PpnPreferans => &super::whole::Whole(SourceFormat::PpnPreferans),
        SourceFormat::PpnPreferansJson => &super::whole::Whole(SourceFormat::PpnPreferansJson),
        SourceFormat::PpnPinochle => &super::whole::Whole(SourceFormat::PpnPinochle),
    }
}

/// Every record of a file in order, as read (the rules of the game not yet
/// checked), a match's two tables marked: what reading a whole file, in
/// any notation, comes to.
pub struct Reading<'a> {
    notation: &'static dyn Notation,
    bytes: &'a [u8],
    scan: Box<dyn Iterator<Item = Span> + 'a>,
    context: Context,
    number: usize,
    offset: usize,
    /// Records read and not yet handed out (all of a file read whole).
    ready: VecDeque<Record>,
    /// The last record read, held until the next shows whether the two are
    /// the tables of one match.
    held: Option<Record>,
}

impl<'a> Reading<'a> {
    pub fn new(bytes: &'a [u8], format: SourceFormat) -> Reading<'a> {
        let notation = of(format);
        Reading {
            notation,
            bytes,
            scan: notation.scan(bytes),
            context: notation.exact(),
            number: 0,
            offset: 0,
            ready: VecDeque::new(),
            held: None,
        }
    }

    /// How many bytes of the file have been read, for progress.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The next record as read, before pairing.
    fn next_read(&mut self) -> Option<Record> {
        while self.ready.is_empty() {
            let span = self.scan.next()?;
            self.offset = span.end;
            let ready = &mut self.ready;
            let first = self.number + 1;
            self.notation
                .read(self.bytes, &span, first, &mut self.context, &mut |r| {
                    ready.push_back(r)
                });
            self.number += self.ready.len();
        }
        self.ready.pop_front()
    }
}

impl Iterator for Reading<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            let Some(mut next) = self.next_read() else {
                return self.held.take();
            };
            let Some(mut held) = self.held.take() else {
                self.held = Some(next);
                continue;
            };
            if self.notation.same_match(&held, &next) {
                (held.table, next.table) = (Some(1), Some(2));
            }
            self.held = Some(next);
            return Some(held);
        }
    }
}

/// The one record an indexed notation reads at `span`.
pub fn read_one(n: &dyn Notation, bytes: &[u8], span: &Span, number: usize, context: &mut Context) -> Record {
    let mut read = None;
    n.read(bytes, span, number, context, &mut |record| {
        read.get_or_insert(record);
    });
    // Every indexed notation reads one record from a span, an empty span
    // included; a record of nothing stands in should one ever not.
    read.unwrap_or_else(|| Record::new(number, span.line, n.format(), crate::model::Game::bridge()))
}

/// Marks the two tables of each match among records read in file order.
pub fn pair(n: &dyn Notation, records: &mut [Record]) {
    for i in 1..records.len() {
        if let [first, second] = &mut records[i - 1..=i]
            && n.same_match(first, second)
        {
            (first.table, second.table) = (Some(1), Some(2));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_number_is_found_without_reading_the_record() {
        let board = |format, text: &'static [u8]| of(format).board_number(text);
        let pbn = b"[Event \"x\"]\n[Board \" 12\"]\n[Deal \"N:...\"]\n";
        assert_eq!(board(SourceFormat::Pbn, pbn), Some(&b"12"[..]));
        let rbn = b"E Club\r\nB 7\r\nD N:...\n";
        assert_eq!(board(SourceFormat::Rbn, rbn), Some(&b"7"[..]));
        assert_eq!(board(SourceFormat::Rbn, b"B 3"), Some(&b"3"[..]));
        assert_eq!(board(SourceFormat::Pbn, b"[Deal \"N:...\"]"), None);
        assert_eq!(board(SourceFormat::Rbx, b"B 3}H N:AK"), None);
        assert_eq!(board(SourceFormat::Lin, b"ah|Board 3|"), None);
    }

    #[test]
    fn a_notation_read_whole_answers_with_one_span_and_every_record() {
        let text = b"[Bula \"50\"]\n[Refe \"3\"]\n";
        let n = of(SourceFormat::PpnPreferans);
        let spans: Vec<Span> = n.scan(text).collect();
        assert_eq!(spans.len(), 1);
        assert_eq!((spans[0].start, spans[0].end), (0, text.len()));
        assert!(!n.indexed());
        let lin = b"pn|a,b,c,d|md|3SAKQ,,,|\nmd|3SJT9,,,|\n";
        let mut read = 0;
        let n = of(SourceFormat::Lin);
        for span in n.scan(lin) {
            n.read(lin, &span, 1, &mut n.exact(), &mut |_| read += 1);
        }
        assert_eq!(read, 2, "both boards of the file from its one span");
    }
}
