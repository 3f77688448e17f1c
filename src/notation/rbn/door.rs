//! RBN and RBX through the one door: records found by the scan (RBN's on
//! every core for the index), repeating labels carried, common records
//! vetted; the scan marks a match's two tables itself.

use super::{Carry, Resuming, Scan, hand_on, read_span_wanting, vet};
use crate::model::{Record, SourceFormat, Stated, Wanted};
use crate::notation::chunked::Chunked;
use crate::notation::door::{self, Notation};
use crate::notation::source::Span;

/// RBN or its one-line form RBX.
pub struct Rbn(pub SourceFormat);

impl Notation for Rbn {
    fn format(&self) -> SourceFormat {
        self.0
    }
    /// The R label holds the score, the IMPs and the percentage.
    fn stated_tag(&self, _stated: Stated) -> Option<&'static str> {
        Some("R")
    }
    fn indexed(&self) -> bool {
        true
    }
    fn scan<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a> {
        Box::new(Scan::new(bytes, self.0))
    }
    fn index<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a> {
        match self.0 {
            // On every core, which brings the last record of a large
            // archive within a few times the time to read the file.
            SourceFormat::Rbn => Box::new(Chunked::new(bytes, Resuming)),
            format => Box::new(Scan::new(bytes, format)),
        }
    }
    fn exact(&self) -> door::Context {
        door::Context::new(Carry::default())
    }
    fn partial(&self) -> door::Context {
        door::Context::new(Carry::partial())
    }
    fn still_holds(&self, exact: &door::Context) -> bool {
        !exact.get::<Carry>().is_some_and(Carry::has_fixed)
    }
    fn overlay(&self, exact: &mut door::Context, later: &door::Context) {
        if let Some(later) = later.get::<Carry>() {
            exact.own::<Carry>().overlay(later);
        }
    }
    fn vet(&self, text: &str, span: &Span, context: &mut door::Context) -> bool {
        vet(text, self.0, span.table, context.own::<Carry>())
    }
    fn hand_on(&self, text: &str, span: &Span, context: &mut door::Context) -> bool {
        hand_on(text, self.0, span.table, context.own::<Carry>())
    }
    fn passed_board(&self, context: &door::Context) -> Option<String> {
        context.get::<Carry>()?.board().map(|b| b.number)
    }
    fn read_wanting(
        &self,
        bytes: &[u8],
        span: &Span,
        number: usize,
        context: &mut door::Context,
        wants: Wanted,
        each: &mut dyn FnMut(Record),
    ) {
        let carry = context.own::<Carry>();
        each(read_span_wanting(bytes, span, number, self.0, carry, wants));
    }
}
