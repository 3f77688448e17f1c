//! Richard Pavlicek's RBN and its one-line form RBX.
//!
//! The reader is an iterator: it cuts records off the file as it goes,
//! carrying the labels that repeat from one record to the next.

mod auction;
mod carry;
mod chunk;
mod contract;
mod date;
mod freetext;
mod hands;
mod labels;
mod makes;
mod play;
mod record;
mod writer;

pub use writer::{write_rbn, write_rbx};

use crate::model::{Record, SourceFormat};
use crate::notation::source::{Line, lines};
use carry::Carry;
use chunk::Chunk;

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
    chunks: Box<dyn Iterator<Item = Chunk<'a>> + 'a>,
    carry: Carry,
    format: SourceFormat,
    number: usize,
    /// The previous record ended with `!`: this one is its table 2.
    pairing: bool,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8], format: SourceFormat) -> Reader<'a> {
        let chunks: Box<dyn Iterator<Item = Chunk<'a>>> = match format {
            SourceFormat::Rbn => Box::new(chunk::RbnChunks::new(lines(bytes))),
            _ => Box::new(lines(bytes).flat_map(rbx_chunks)),
        };
        Reader {
            chunks,
            carry: Carry::default(),
            format,
            number: 0,
            pairing: false,
        }
    }
}

/// One RBX line is a record, or two when a `!` piece pairs them. Outside
/// free text, `%` pieces are extraneous and blank ones nothing.
fn rbx_chunks<'a>(line: Line<'a>) -> Vec<Chunk<'a>> {
    let mut chunks = vec![Chunk::default()];
    for (piece, in_text) in chunk::split_rbx(&line) {
        let trimmed = piece.text.trim();
        if !in_text && (trimmed.is_empty() || trimmed.starts_with('%')) {
            continue;
        }
        if !in_text && trimmed == "!" {
            if let Some(c) = chunks.last_mut() {
                c.paired_with_next = true;
            }
            chunks.push(Chunk::default());
        } else if let Some(c) = chunks.last_mut() {
            c.lines.push(piece);
        }
    }
    chunks.retain(|c| !c.lines.is_empty() || c.paired_with_next);
    chunks
}

impl Iterator for Reader<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            let chunk = self.chunks.next()?;
            if chunk.lines.is_empty() {
                // A lone `!` line between RBX records pairs them.
                self.pairing = self.pairing || chunk.paired_with_next;
                continue;
            }
            self.number += 1;
            let table = match (self.pairing, chunk.paired_with_next) {
                (true, _) => Some(2),
                (false, true) => Some(1),
                _ => None,
            };
            self.pairing = chunk.paired_with_next;
            return Some(record::read(
                &chunk,
                self.number,
                self.format,
                table,
                &mut self.carry,
            ));
        }
    }
}
