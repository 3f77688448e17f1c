//! PBN through the one door: games found by the scan, carried tags and
//! `##` handed on, common games vetted, and a match's two tables found by
//! reading neighbours.

use super::{Context, Scan, hand_on, read_span_wanting, same_match, values, vet};
use crate::model::{Record, SourceFormat, Stated, Wanted};
use crate::notation::door::{self, Notation};
use crate::notation::source::Span;

pub struct Pbn;

impl Notation for Pbn {
    fn format(&self) -> SourceFormat {
        SourceFormat::Pbn
    }
    fn stated_tag(&self, stated: Stated) -> Option<&'static str> {
        Some(match stated {
            Stated::Score => "Score",
            Stated::Imps => "ScoreIMP",
            Stated::Percentage => "ScorePercentage",
        })
    }
    fn indexed(&self) -> bool {
        true
    }
    fn scan<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a> {
        Box::new(Scan::new(bytes))
    }
    fn index<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a> {
        Box::new(Scan::marking(bytes))
    }
    fn exact(&self) -> door::Context {
        door::Context::new(Context::default())
    }
    fn partial(&self) -> door::Context {
        door::Context::new(Context::partial())
    }
    fn still_holds(&self, exact: &door::Context) -> bool {
        !exact.get::<Context>().is_some_and(Context::has_sticky)
    }
    fn overlay(&self, exact: &mut door::Context, later: &door::Context) {
        if let Some(later) = later.get::<Context>() {
            exact.own::<Context>().overlay(later);
        }
    }
    fn vet(&self, text: &str, span: &Span, c: &mut door::Context) -> bool {
        // A game run on after another has a fault to report.
        !span.run_on && vet(text, c.own::<Context>())
    }
    fn hand_on(&self, text: &str, span: &Span, c: &mut door::Context) -> bool {
        !span.run_on && hand_on(text, c.own::<Context>())
    }
    fn passed_board(&self, c: &door::Context) -> Option<String> {
        // Vetting sets every tag of the game in the context, and a game
        // that leaves out its board carries the one before, as the reader
        // does.
        let board = c.get::<Context>()?.get("Board")?;
        values::known(board).map(str::to_string)
    }
    fn read_wanting(
        &self,
        bytes: &[u8],
        span: &Span,
        number: usize,
        c: &mut door::Context,
        wants: Wanted,
        each: &mut dyn FnMut(Record),
    ) {
        each(read_span_wanting(bytes, span, number, c.own::<Context>(), wants));
    }
    fn pairs_by_reading(&self) -> bool {
        true
    }
    fn same_match(&self, first: &Record, second: &Record) -> bool {
        same_match(first, second)
    }
}
