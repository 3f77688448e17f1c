//! A record scan on every core: a window of the file is cut into chunks,
//! each scanned at once from the first line that starts in it, as if a
//! record started there. That guess is wrong when the chunk starts inside
//! a record or its free text, so the chunks are joined in order to the
//! exact scan: once the exact scan reaches the start of a record that a
//! chunk's scan also started, in the same state (what the notation's
//! [`Resume::meets`] asks), the chunk's records from there on are the exact
//! ones, their line numbers shifted. A chunk whose scan never meets the
//! exact one is scanned again from where the exact scan stands.
//!
//! A notation comes in through [`Resume`]: how its scan starts part way
//! and when two scans agree. RBN's is the one here; any scan that starts
//! at a line and forgets everything between records fits.

use memchr::memchr;
use rayon::prelude::*;

use super::source::Span;

/// Bytes a chunk covers; a window is this many chunks per core.
const CHUNK: usize = 1 << 20;
const PER_CORE: usize = 8;
/// The first window is small and scanned on one core, so that the first
/// records come as soon as with the plain scan.
const FIRST: usize = 256 << 10;

/// How a notation's scan starts part way through a file.
pub trait Resume: Sync {
    type Scan<'a>: Iterator<Item = Span>;

    /// The exact scan from the file's start.
    fn start<'a>(&self, bytes: &'a [u8]) -> Self::Scan<'a>;

    /// A scan from the line at `at` (numbered 1) as if a record started
    /// there, and nothing came before it.
    fn guess<'a>(&self, bytes: &'a [u8], at: usize) -> Self::Scan<'a>;

    /// The exact scan from `next`, the record it found after others.
    fn resume<'a>(&self, bytes: &'a [u8], next: &Span) -> Self::Scan<'a>;

    /// Whether a guessing scan that found `guessed` where the exact scan
    /// found `exact` (at the same place) goes on as the exact scan does.
    fn meets(&self, guessed: &Span, exact: &Span) -> bool;
}

pub struct Chunked<'a, R: Resume> {
    bytes: &'a [u8],
    notation: R,
    chunk: usize,
    /// The first record of the next window, exact (None before the first
    /// window); done at the end.
    next: Option<Span>,
    done: bool,
    /// The window's exact records, handed out from `handed` on.
    ready: Vec<Span>,
    handed: usize,
    spare: Vec<Vec<Span>>,
}

impl<'a, R: Resume> Chunked<'a, R> {
    /// The same records as `notation`'s plain scan, in the same order.
    pub fn new(bytes: &'a [u8], notation: R) -> Chunked<'a, R> {
        Chunked::with_chunk(bytes, notation, CHUNK)
    }

    /// With chunks of `chunk` bytes, so that tests can make many joins.
    pub fn with_chunk(bytes: &'a [u8], notation: R, chunk: usize) -> Chunked<'a, R> {
        Chunked {
            bytes,
            notation,
            chunk: chunk.max(1),
            next: None,
            done: false,
            ready: Vec::new(),
            handed: 0,
            spare: Vec::new(),
        }
    }

    /// The records of the next window, exact, and the first record after
    /// it.
    fn window(&mut self) {
        let (bounds, count) = self.bounds();
        let chunks = bounds.len().min(count);
        // Buffers of the windows before, used again: fresh ones would fault
        // their pages in at every window.
        let buffers: Vec<Vec<Span>> = (0..chunks)
            .map(|_| self.spare.pop().unwrap_or_default())
            .collect();
        let (bytes, notation, next) = (self.bytes, &self.notation, self.next);
        let pieces = buffers.into_par_iter().enumerate().map(|(k, spans)| {
            let scan = match (k, next) {
                (0, None) => notation.start(bytes),
                (0, Some(next)) => notation.resume(bytes, &next),
                _ => notation.guess(bytes, bounds[k]),
            };
            piece(scan, bounds.get(k + 1).copied(), spans)
        });
        let pieces: Vec<Piece> = pieces.collect();
        let mut stop = None;
        for (k, guess) in pieces.into_iter().enumerate() {
            stop = match (k, stop) {
                (0, _) => self.take(guess.spans, 0, guess.stop),
                (_, Some(exact)) => self.join(guess, exact, bounds.get(k + 1).copied()),
                (_, None) => None,
            };
        }
        self.done = stop.is_none();
        self.next = stop;
    }

    /// Where each chunk's scan starts: the first line starting at or
    /// after its share of the window; the last is the window's end.
    fn bounds(&self) -> (Vec<usize>, usize) {
        let from = self.next.map_or(0, |s| s.start);
        let (chunk, count) = match self.next {
            None => (FIRST.min(self.chunk), 1),
            Some(_) => (self.chunk, PER_CORE * rayon::current_num_threads()),
        };
        let mut bounds = vec![from];
        for k in 1..=count {
            let at = line_start(self.bytes, from + k * chunk);
            if at >= self.bytes.len() || Some(&at) == bounds.last() {
                break;
            }
            bounds.push(at);
        }
        (bounds, count)
    }

    /// A chunk's guess joined to the exact records before it: `exact` is
    /// the exact scan's next record, and `limit` the end of the chunk.
    /// The exact scan's next record after the chunk comes back.
    fn join(&mut self, guess: Piece, exact: Span, limit: Option<usize>) -> Option<Span> {
        if limit.is_some_and(|l| exact.start >= l) {
            // The exact scan has passed the whole chunk.
            self.spare.push(guess.spans);
            return Some(exact);
        }
        let met = guess
            .spans
            .binary_search_by_key(&(exact.start, false), |s| (s.start, s.run_on))
            .ok()
            .filter(|&i| self.notation.meets(&guess.spans[i], &exact));
        match met {
            Some(i) => {
                let shift = i64::from(exact.line) - i64::from(guess.spans[i].line);
                let mut spans = guess.spans;
                spans.drain(..i);
                self.take(spans, shift, guess.stop)
            }
            None => {
                let scan = self.notation.resume(self.bytes, &exact);
                let again = piece(scan, limit, guess.spans);
                self.take(again.spans, 0, again.stop)
            }
        }
    }

    /// Exact records, their lines moved by `shift`, handed out; the buffer
    /// is kept for the next window. The record after them comes back.
    fn take(&mut self, mut spans: Vec<Span>, shift: i64, stop: Option<Span>) -> Option<Span> {
        let moved = |s: &Span| Span {
            line: (i64::from(s.line) + shift) as u32,
            ..*s
        };
        match shift {
            0 => self.ready.extend_from_slice(&spans),
            _ => self.ready.extend(spans.iter().map(moved)),
        }
        spans.clear();
        self.spare.push(spans);
        stop.as_ref().map(moved)
    }
}

/// The records a scan found, and the first record it reached at or past
/// its limit, not among them.
struct Piece {
    spans: Vec<Span>,
    stop: Option<Span>,
}

/// The records of `scan` until one starts at or past `limit`, in `spans`
/// (emptied first).
fn piece(scan: impl Iterator<Item = Span>, limit: Option<usize>, mut spans: Vec<Span>) -> Piece {
    spans.clear();
    for span in scan {
        if !span.run_on && limit.is_some_and(|l| span.start >= l) {
            return Piece {
                spans,
                stop: Some(span),
            };
        }
        spans.push(span);
    }
    Piece { spans, stop: None }
}

/// The start of the first line that starts at or after `at`.
fn line_start(bytes: &[u8], at: usize) -> usize {
    if at == 0 || at > bytes.len() {
        return at.min(bytes.len());
    }
    memchr(b'\n', &bytes[at - 1..]).map_or(bytes.len(), |i| at + i)
}

impl<R: Resume> Iterator for Chunked<'_, R> {
    type Item = Span;

    fn next(&mut self) -> Option<Span> {
        loop {
            if let Some(&span) = self.ready.get(self.handed) {
                self.handed += 1;
                return Some(span);
            }
            self.ready.clear();
            self.handed = 0;
            if self.done {
                return None;
            }
            self.window();
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::model::SourceFormat;
    use crate::notation::rbn::{Resuming, Scan};

    /// Lines that move the RBN scan about: records, blank lines of every
    /// kind, `%` lines (at the top and later), free text closed on its line
    /// or open over blank lines, `!` lines pairing tables, lines starting
    /// with white space or beyond ASCII.
    const LINES: [&str; 22] = [
        "% RBN",
        "E Club Pairs",
        "B 1",
        "N Ann+Bob:Cy+Di",
        "H N:AKQ.J.T.9:-:-:-",
        "A NN:P1H^1P2C:PP2SP:P3C3SP:PP",
        "R 9",
        "{Board 1: a hand worth a second look.}",
        "{ free text left open",
        "that closes }",
        "{ closed }  \t",
        "!",
        " !",
        "D!",
        "",
        "",
        "  ",
        "\r",
        "\u{a0}",
        " L indented",
        "\u{e9}t\u{e9}",
        "{ caf\u{e9} }",
    ];

    /// An archive of those lines, ended by `\n` or `\r\n`, perhaps after a
    /// byte-order mark and perhaps without a line end at the end.
    fn archive() -> impl Strategy<Value = String> {
        let lines = prop::collection::vec(0..LINES.len(), 0..120);
        (lines, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(picks, crlf, bom, last)| {
            let end = if crlf { "\r\n" } else { "\n" };
            let lines: Vec<&str> = picks.iter().map(|&i| LINES[i]).collect();
            let mut text = format!("{}{}", if bom { "\u{feff}" } else { "" }, lines.join(end));
            if last {
                text.push_str(end);
            }
            text
        })
    }

    proptest! {
        #[test]
        fn chunks_joined_are_the_exact_scan(text in archive(), chunk in 1usize..300) {
            let bytes = text.as_bytes();
            let exact: Vec<Span> = Scan::new(bytes, SourceFormat::Rbn).exact().collect();
            let chunked: Vec<Span> = Chunked::with_chunk(bytes, Resuming, chunk).collect();
            prop_assert_eq!(chunked, exact);
        }
    }

    #[test]
    fn a_chunk_starting_in_free_text_joins_after_it() {
        let mut text = String::from("B 1\n{ open\n");
        text.push_str(&"B 2\nR 9\n".repeat(20));
        text.push_str("}\n\nB 3\n!\nB 4\n");
        let bytes = text.as_bytes();
        let exact: Vec<Span> = Scan::new(bytes, SourceFormat::Rbn).exact().collect();
        assert_eq!(exact.len(), 3);
        assert_eq!(exact[2].table, Some(2));
        for chunk in [1, 16, 64] {
            assert_eq!(
                Chunked::with_chunk(bytes, Resuming, chunk).collect::<Vec<_>>(),
                exact
            );
        }
    }

    #[test]
    fn a_chunk_starting_after_a_pairing_line_keeps_the_table() {
        let text = "B 1\nR 9\n!\nB 2\nR 9\n\nB 3\nR 9\n";
        let exact: Vec<Span> = Scan::new(text.as_bytes(), SourceFormat::Rbn).exact().collect();
        let tables: Vec<_> = exact.iter().map(|s| s.table).collect();
        assert_eq!(tables, [Some(1), Some(2), None]);
        for chunk in 1..text.len() {
            let chunked: Vec<Span> = Chunked::with_chunk(text.as_bytes(), Resuming, chunk).collect();
            assert_eq!(chunked, exact, "chunks of {chunk}");
        }
    }
}
