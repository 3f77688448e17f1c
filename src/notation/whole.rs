//! The notations read whole through the one door: LIN, both forms of
//! Preferans PPN and Pinochle PPN. Their files are small (a match, a
//! session, a game), so the file is one span and reading it gives every
//! record; LIN written a board to a line, as BBO's hand records are, is
//! vouched for line by line on every core.

use std::collections::HashSet;

use rayon::prelude::*;

use super::door::{Context, Notation};
use super::source::{Span, bom_len, is_blank};
use super::{lin, pinochle, preferans};
use crate::model::{Record, SourceFormat, Wanted};

/// A notation read whole, by its format.
pub struct Whole(pub SourceFormat);

impl Notation for Whole {
    fn format(&self) -> SourceFormat {
        self.0
    }
    fn indexed(&self) -> bool {
        false
    }
    fn scan<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a> {
        let file = Span {
            start: 0,
            end: bytes.len(),
            line: 1,
            ..Span::default()
        };
        Box::new(std::iter::once(file))
    }
    fn read_wanting(
        &self,
        bytes: &[u8],
        span: &Span,
        _: usize,
        _: &mut Context,
        _: Wanted,
        each: &mut dyn FnMut(Record),
    ) {
        let bytes = &bytes[..span.end];
        match self.0 {
            SourceFormat::Lin => lin::read(bytes).into_iter().for_each(each),
            SourceFormat::PpnPreferansJson => preferans::read_json(bytes).into_iter().for_each(each),
            SourceFormat::PpnPinochle => pinochle::Reader::new(bytes).for_each(each),
            _ => preferans::read(bytes).into_iter().for_each(each),
        }
    }
    fn vouch_whole(&self, bytes: &[u8], done: &mut dyn FnMut(usize) -> bool) -> Option<usize> {
        (self.0 == SourceFormat::Lin).then(|| lin_vouched(bytes, done))?
    }
}

/// LIN written a board to a line: every line vetted, a window of lines at
/// a time on every core. The count of boards when every line is vouched
/// for and no board comes twice, so that there is nothing to report; None
/// sends the file to the full reader.
fn lin_vouched(bytes: &[u8], done: &mut dyn FnMut(usize) -> bool) -> Option<usize> {
    const WINDOW: usize = 16 << 20;
    let body = &bytes[bom_len(bytes)..];
    let mut seen = HashSet::new();
    let (mut at, mut count) = (0, 0);
    while at < body.len() {
        let end = (at + WINDOW).min(body.len());
        let end = memchr::memchr(b'\n', &body[end..]).map_or(body.len(), |i| end + i + 1);
        let lines: Vec<&[u8]> = body[at..end]
            .split(|&b| b == b'\n')
            .filter(|l| !is_blank(l))
            .collect();
        let boards: Option<Vec<lin::Identity>> = lines.par_iter().map(|l| lin::vet_line(l)).collect();
        for board in boards? {
            seen.insert(board).then_some(())?;
            count += 1;
        }
        at = end;
        if !done(at) {
            break;
        }
    }
    Some(count)
}
