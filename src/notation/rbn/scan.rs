//! Where each record of an RBN or RBX file lies, found without reading
//! the records, so that an archive of a million deals can be listed at once
//! and read a record at a time.
//!
//! RBN: a blank line ends a record, and a line holding only `!` ends the
//! first table of a pair; `%` lines outside free text are no part of any
//! record. RBX: a line is a record, or two when a `!` piece pairs them.
//! Lines are looked at no more closely than it takes to tell which kind
//! they are; the rules are the reader's own (`chunk`), so the two agree.

use std::borrow::Cow;
use std::collections::VecDeque;

use memchr::memchr2;

use super::chunk::{CharCount, Cutting, Kind, rbx_pieces};
use super::scan_quick;
use crate::model::SourceFormat;
use crate::notation::chunked::Resume;
use crate::notation::source::{Span, bom_len, decode, first_of};

pub struct Scan<'a> {
    bytes: &'a [u8],
    rbx: bool,
    /// Start of the next line to look at, and its number.
    at: usize,
    line: u32,
    /// RBN: the record being gathered (start, line, end) and whether the
    /// scan is inside its free text.
    current: Option<(usize, u32, usize)>,
    /// The repeating labels the record being gathered may give.
    labels: u16,
    cutting: Cutting,
    top: Top,
    /// A finished record held back until what follows shows whether a `!`
    /// pairs it with the next one.
    pending: Option<(Span, bool)>,
    /// The record handed out last is the first table of a pair.
    pairing: bool,
    ready: VecDeque<Span>,
    /// Whether common records are found in one pass ([`scan_quick`]);
    /// off only where tests hold that pass to the exact rules.
    quick: bool,
}

impl<'a> Scan<'a> {
    pub fn new(bytes: &'a [u8], format: SourceFormat) -> Scan<'a> {
        Scan {
            bytes,
            rbx: format == SourceFormat::Rbx,
            at: bom_len(bytes),
            line: 1,
            current: None,
            labels: 0,
            cutting: Cutting::default(),
            top: Top::Start,
            pending: None,
            pairing: false,
            ready: VecDeque::new(),
            quick: true,
        }
    }

    /// An RBN scan from the line at `at`, numbered `line`, past the `%`
    /// lines that open a file, as if a record ended just before it:
    /// `pairing` when that record is the first table of a pair.
    pub fn at(bytes: &'a [u8], at: usize, line: u32, pairing: bool) -> Scan<'a> {
        Scan {
            at,
            line,
            top: Top::Past,
            pairing,
            ..Scan::new(bytes, SourceFormat::Rbn)
        }
    }

    /// The same scan with every record found by the exact rules alone.
    #[cfg(any(test, feature = "testing"))]
    pub fn exact(self) -> Scan<'a> {
        Scan { quick: false, ..self }
    }

    /// Takes the next record in one pass, when the scan stands between
    /// records of RBN and the record is of the common kind [`scan_quick`]
    /// takes; the scan is left as it was otherwise.
    fn quick_record(&mut self) -> bool {
        let between = self.current.is_none() && !self.cutting.in_text && self.top == Top::Past;
        if !self.quick || self.rbx || !between || self.at >= self.bytes.len() {
            return false;
        }
        let Some(found) = scan_quick::record(self.bytes, self.at) else {
            return false;
        };
        self.release();
        let span = Span {
            start: self.at,
            end: found.end,
            line: self.line,
            hands_on: self.labels | found.labels,
            ..Span::default()
        };
        self.labels = 0;
        self.pending = Some((span, false));
        self.at = found.after;
        self.line += found.lines;
        true
    }

    /// How many bytes the scan has passed, for progress.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// The next line: where it starts and ends (before its line end), and
    /// its number.
    fn next_line(&mut self) -> Option<(usize, usize, u32)> {
        if self.at >= self.bytes.len() {
            return None;
        }
        let start = self.at;
        // Lines are short: a search eight bytes at a time beats a call to
        // the vectorised one.
        let mut end = first_of(self.bytes, start, [b'\n']).unwrap_or(self.bytes.len());
        self.at = (end + 1).min(self.bytes.len());
        if end > start && self.bytes[end - 1] == b'\r' {
            end -= 1;
        }
        self.line += 1;
        Some((start, end, self.line - 1))
    }

    fn rbn_line(&mut self, start: usize, end: usize, number: u32) {
        let text = &self.bytes[start..end];
        let top = std::mem::replace(&mut self.top, Top::Past);
        match self.cutting.kind(text) {
            Kind::Blank => {
                if top == Top::Extraneous {
                    // The `%` lines were the start of a record the blank
                    // line ends: one with every label null.
                    self.extend(start, start, number);
                }
                self.finish(false);
            }
            Kind::Extraneous if top != Top::Past => self.top = Top::Extraneous,
            Kind::Extraneous => {}
            Kind::Pairing => self.finish(true),
            Kind::Text => {
                self.labels |= given_bit(text);
                self.extend(start, end, number);
            }
            Kind::Opening | Kind::Data => {
                if self.current.is_none() {
                    self.release();
                }
                self.labels |= given_bit(text);
                self.extend(start, end, number);
            }
        }
    }

    fn extend(&mut self, start: usize, end: usize, number: u32) {
        self.current.get_or_insert((start, number, end)).2 = end;
    }

    /// The record being gathered is complete: it waits until what follows
    /// shows whether it is the first table of a pair. A `!` with no record
    /// gathered pairs the one before.
    fn finish(&mut self, paired: bool) {
        match self.current.take() {
            None => {
                if let Some((_, p)) = self.pending.as_mut() {
                    *p |= paired;
                }
            }
            Some((start, line, end)) => {
                self.release();
                let span = Span {
                    start,
                    end,
                    line,
                    hands_on: std::mem::take(&mut self.labels),
                    ..Span::default()
                };
                self.pending = Some((span, paired));
            }
        }
    }

    fn release(&mut self) {
        if let Some((span, paired)) = self.pending.take() {
            self.hand_out(span, paired);
        }
    }

    /// A record is ready, with its table: 2 after one paired with it, 1
    /// when paired with the next.
    fn hand_out(&mut self, span: Span, paired: bool) {
        let table = match (self.pairing, paired) {
            (true, _) => Some(2),
            (false, true) => Some(1),
            _ => None,
        };
        self.pairing = paired;
        self.ready.push_back(Span { table, ..span });
    }

    /// One RBX line: a record, none, or several when `!` pieces pair them.
    fn rbx_line(&mut self, start: usize, end: usize, number: u32) {
        let text = &self.bytes[start..end];
        let span = |a: usize, b: usize| {
            let piece = &text[a..b];
            // A label stands at the start of a piece, after a `}`.
            let labels = piece.split(|&b| b == b'}').fold(0, |bits, p| bits | given_bit(p));
            Span {
                start: start + a,
                end: start + b,
                line: number,
                hands_on: labels,
                ..Span::default()
            }
        };
        let simple = memchr2(b'!', b'%', text).is_none() && text.iter().all(|&b| b < 0x80 && b != 0x0B);
        if simple {
            // Pieces of nothing but `}` and spaces make no record.
            if text.iter().any(|b| !b.is_ascii_whitespace() && *b != b'}') {
                self.hand_out(span(0, text.len()), false);
            }
            return;
        }
        let decoded = decode(text);
        // Offsets in the decoded text back to the file's: a line read as
        // Windows-1252 has a byte per character.
        let mut chars = CharCount::new(&decoded);
        let mut in_file = |at: usize| match &decoded {
            Cow::Borrowed(_) => at,
            Cow::Owned(_) => chars.before(at),
        };
        let mut record: Option<(usize, usize)> = None;
        for (a, b, in_text) in rbx_pieces(&decoded) {
            let trimmed = decoded[a..b].trim();
            if !in_text && (trimmed.is_empty() || trimmed.starts_with('%')) {
                continue;
            }
            if !in_text && trimmed == "!" {
                match record.take() {
                    Some((a, b)) => self.hand_out(span(a, b), true),
                    // A `!` with no record before it on the line pairs
                    // whatever comes before and after.
                    None => self.pairing = true,
                }
                continue;
            }
            record = Some((record.map_or(in_file(a), |r| r.0), in_file(b)));
        }
        if let Some((a, b)) = record {
            self.hand_out(span(a, b), false);
        }
    }
}

/// The RBN scan started part way through a file, for [`Chunked`]. A
/// record starts where a line does; at the start of a record, a scan
/// holds nothing but the place and whether the record before pairs with
/// it, which the record's table tells.
///
/// [`Chunked`]: crate::notation::chunked::Chunked
pub struct Resuming;

impl Resume for Resuming {
    type Scan<'a> = Scan<'a>;

    fn start<'a>(&self, bytes: &'a [u8]) -> Scan<'a> {
        Scan::new(bytes, SourceFormat::Rbn)
    }

    fn guess<'a>(&self, bytes: &'a [u8], at: usize) -> Scan<'a> {
        Scan::at(bytes, at, 1, false)
    }

    fn resume<'a>(&self, bytes: &'a [u8], next: &Span) -> Scan<'a> {
        // An empty record is the `%` lines that open the file, ended by a
        // blank line: only a scan from the start sees them.
        match next.start == next.end {
            true => self.start(bytes),
            false => Scan::at(bytes, next.start, next.line, next.table == Some(2)),
        }
    }

    fn meets(&self, guessed: &Span, exact: &Span) -> bool {
        guessed.table == exact.table
    }
}

/// How far the scan is into the `%` lines that open a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Top {
    Start,
    /// Only `%` lines so far.
    Extraneous,
    Past,
}

/// The bit of the repeating label a line (or RBX piece) may give.
pub(super) fn given_bit(line: &[u8]) -> u16 {
    let given = matches!(line.get(1), None | Some(b' ' | b'!' | b'\r'));
    match line.first() {
        // A label in lower case is read as its upper case, with a problem.
        Some(&label) if given => super::carry::repeating_bit(label.to_ascii_uppercase()),
        _ => 0,
    }
}

impl Iterator for Scan<'_> {
    type Item = Span;

    fn next(&mut self) -> Option<Span> {
        loop {
            if let Some(span) = self.ready.pop_front() {
                return Some(span);
            }
            if self.quick_record() {
                continue;
            }
            let Some((start, end, number)) = self.next_line() else {
                self.finish(false);
                self.release();
                return self.ready.pop_front();
            };
            if self.rbx {
                self.rbx_line(start, end, number);
            } else {
                self.rbn_line(start, end, number);
            }
        }
    }
}
