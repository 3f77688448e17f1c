//! Richard Pavlicek's RBN and its one-line form RBX.
//!
//! The reader is an iterator: it cuts records off the file as it goes,
//! carrying the labels that repeat from one record to the next.

mod auction;
mod carry;
mod chunk;
mod contract;
mod date;
mod door;
mod freetext;
mod hands;
mod labels;
mod makes;
mod marked;
mod play;
mod record;
mod scan;
mod scan_quick;
mod vet;
mod vet_labels;
mod writer;

pub use writer::{RbnWriter, write_rbn, write_rbx};

use std::borrow::Cow;

use crate::model::{PlayWanted, Record, SourceFormat, Wanted};
use crate::notation::source::{Span, span_lines};
pub use carry::{Carry, repeating_bit};
use chunk::{Chunk, Cutting, Kind, RbnChunks, split_rbx};
pub use door::Rbn;
pub use scan::{Resuming, Scan};
pub use vet::{hand_on, vet};

/// Every label RBN defines: first the ten that repeat from record to
/// record, in the order the carry keeps them, then the rest.
const LABELS: &[u8; 26] = b"DTLEFKSNBHACPRMI0123456789";

/// A byte's bit by its place in [`LABELS`] (0 for a byte that is no label),
/// looked up once a line by the scan and vetting.
fn label_bit(byte: u8) -> u32 {
    LABEL_BITS[byte as usize]
}

static LABEL_BITS: [u32; 256] = {
    let mut bits = [0; 256];
    let mut i = 0;
    while i < LABELS.len() {
        bits[LABELS[i] as usize] = 1 << i;
        i += 1;
    }
    bits
};

/// A problem found inside one label's data, at a byte offset of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    pub at: usize,
    pub message: String,
}

impl Issue {
    pub fn new(at: usize, message: impl Into<String>) -> Issue {
        Issue {
            at,
            message: message.into(),
        }
    }
}

/// Runs a label's grammar over all of its data. Where it fails, one issue
/// points at the first character it could not read and says what it wanted.
fn parse_all<'d, T>(
    data: &'d str,
    grammar: impl nom::Parser<&'d str, Output = T, Error = nom::error::Error<&'d str>>,
    expected: &str,
    issues: &mut Vec<Issue>,
) -> Option<T> {
    use nom::Parser;
    match nom::combinator::all_consuming(grammar).parse(data) {
        Ok((_, value)) => Some(value),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            issues.push(Issue::new(data.len() - e.input.len(), expected));
            None
        }
        Err(nom::Err::Incomplete(_)) => None,
    }
}

/// Reads the records of an RBN or RBX file one at a time.
pub struct Reader<'a> {
    bytes: &'a [u8],
    scan: Scan<'a>,
    carry: Carry,
    format: SourceFormat,
    number: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8], format: SourceFormat) -> Reader<'a> {
        Reader {
            bytes,
            scan: Scan::new(bytes, format),
            carry: Carry::default(),
            format,
            number: 0,
        }
    }
}

/// Reads the record at `span`, numbered `number`, after the records that
/// left `carry`.
pub fn read_span(
    bytes: &[u8],
    span: &Span,
    number: usize,
    format: SourceFormat,
    carry: &mut Carry,
) -> Record {
    read_span_wanting(bytes, span, number, format, carry, Wanted::ALL)
}

/// The same, passing over what the caller `wants` none of: the P label cut
/// to the first trick (which holds the lead) or left out, the A label cut
/// to its dealer and vulnerability.
pub fn read_span_wanting(
    bytes: &[u8],
    span: &Span,
    number: usize,
    format: SourceFormat,
    carry: &mut Carry,
    wants: Wanted,
) -> Record {
    let lines = span_lines(bytes, span);
    let chunk = if format == SourceFormat::Rbx {
        let pieces = lines
            .flat_map(|line| split_rbx(&line))
            .filter(|(piece, in_text)| {
                let trimmed = piece.text.trim();
                *in_text || !(trimmed.is_empty() || trimmed.starts_with('%'))
            });
        Chunk {
            lines: pieces.map(|(piece, _)| piece).collect(),
            paired_with_next: false,
        }
    } else {
        RbnChunks::new(lines).next().unwrap_or_default()
    };
    let mut chunk = chunk;
    if wants != Wanted::ALL {
        pass_over(&mut chunk, wants);
    }
    let mut record = record::read(&chunk, number, format, span.table, carry);
    if chunk.lines.is_empty() {
        // A record of no lines, ended by the blank line after the `%` lines
        // that open the file: it stands at that blank line.
        record.line = span.line;
    }
    record
}

/// What the caller wants none of passed over: the P label's tricks after
/// the first (`Lead`) or the label itself (`Nothing`), the A label's calls
/// (its first part, before a `:`, is the dealer and vulnerability), and
/// the hands and names, their labels left bare (ending what they carried,
/// which nobody asks for).
fn pass_over(chunk: &mut Chunk<'_>, wants: Wanted) {
    // Only label lines are passed over: free text may run over lines that
    // begin with a label's letter, and one of them may close it.
    if wants.play == PlayWanted::Nothing {
        let mut cutting = Cutting::default();
        chunk
            .lines
            .retain(|l| !(cutting.kind(l.text.as_bytes()) == Kind::Data && l.text.starts_with("P ")));
    }
    let mut cutting = Cutting::default();
    for line in chunk.lines.iter_mut() {
        if cutting.kind(line.text.as_bytes()) != Kind::Data {
            continue;
        }
        // The first trick ends at a `:`; the auction's dealer and
        // vulnerability are read as such only with the `:` after them.
        let keep = match line.text.get(..2) {
            Some("P ") if wants.play == PlayWanted::Lead => line.text.find(':'),
            Some("A ") if !wants.calls => line.text.find(':').map(|at| at + 1),
            Some("H ") if !wants.deal => Some(1),
            Some("N " | "E " | "L " | "T " | "S " | "K ") if !wants.names => Some(1),
            _ => continue,
        };
        if let Some(at) = keep {
            line.text = match std::mem::take(&mut line.text) {
                Cow::Borrowed(text) => Cow::Borrowed(&text[..at]),
                Cow::Owned(mut text) => {
                    text.truncate(at);
                    Cow::Owned(text)
                }
            };
        }
    }
}

impl Reader<'_> {
    /// How many bytes the reader has passed, for progress.
    pub fn offset(&self) -> usize {
        self.scan.offset()
    }
}

impl Iterator for Reader<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let span = self.scan.next()?;
        self.number += 1;
        Some(read_span(
            self.bytes,
            &span,
            self.number,
            self.format,
            &mut self.carry,
        ))
    }
}
