//! Reading a file in any notation through the door: which notation a
//! format is, and every record of a file in order. Apart from the door
//! itself, which names no notation, so that no notation's door imports
//! back what imports it.

use std::collections::VecDeque;

use super::door::{Context, Notation};
use super::source::Span;
use super::whole::Whole;
use super::{pbn, rbn};
use crate::model::{Record, SourceFormat};

/// The notation of a file in `format`.
pub fn of(format: SourceFormat) -> &'static dyn Notation {
    match format {
        SourceFormat::Pbn => &pbn::Pbn,
        SourceFormat::Rbn => &rbn::Rbn(SourceFormat::Rbn),
        SourceFormat::Rbx => &rbn::Rbn(SourceFormat::Rbx),
        SourceFormat::Lin => &Whole(SourceFormat::Lin),
        SourceFormat::PpnPreferans => &Whole(SourceFormat::PpnPreferans),
        SourceFormat::PpnPreferansJson => &Whole(SourceFormat::PpnPreferansJson),
        SourceFormat::PpnPinochle => &Whole(SourceFormat::PpnPinochle),
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
    /// Records read and not yet handed out (all of a file read whole):
    /// the first is held until the next shows whether the two are the
    /// tables of one match. Records stay in this one place until handed
    /// out, where holding one apart moved each twice more.
    ready: VecDeque<Record>,
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
        }
    }

    /// How many bytes of the file have been read, for progress.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Reads on until a record stands behind the first, or the file ends;
    /// whether there is a first.
    fn read_ahead(&mut self) -> bool {
        while self.ready.len() < 2 {
            let Some(span) = self.scan.next() else {
                break;
            };
            self.offset = span.end;
            let ready = &mut self.ready;
            let first = self.number + 1;
            let before = ready.len();
            self.notation
                .read(self.bytes, &span, first, &mut self.context, &mut |r| {
                    ready.push_back(r)
                });
            self.number += self.ready.len() - before;
        }
        !self.ready.is_empty()
    }
}

impl Iterator for Reading<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        if !self.read_ahead() {
            return None;
        }
        if let (Some(held), Some(next)) = (self.ready.front(), self.ready.get(1))
            && self.notation.same_match(held, next)
        {
            self.ready[0].table = Some(1);
            self.ready[1].table = Some(2);
        }
        self.ready.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board a record states, through the notation's own rules: the
    /// first record of each file, as the scan finds it.
    fn stated(format: SourceFormat, text: &str) -> Option<String> {
        let n = of(format);
        let span = n.scan(text.as_bytes()).next()?;
        n.stated_board(&text.as_bytes()[span.start..span.end], &span)
    }

    #[test]
    fn a_record_states_its_board_through_the_notations_rules() {
        let pbn = "[Event \"x\"]\n[Board \" 12\"]\n[Dealer \"N\"]\n";
        assert_eq!(stated(SourceFormat::Pbn, pbn).as_deref(), Some("12"));
        assert_eq!(
            stated(SourceFormat::Rbn, "E Club\r\nB 7\r\n").as_deref(),
            Some("7")
        );
        assert_eq!(stated(SourceFormat::Rbn, "B 3").as_deref(), Some("3"));
        assert_eq!(
            stated(SourceFormat::Rbx, "E Club}B 3}C 3N:S").as_deref(),
            Some("3")
        );
        // An RBN board numbered on from here states its own number.
        assert_eq!(stated(SourceFormat::Rbn, "B 5:+\n").as_deref(), Some("5"));
        // No board of its own, one handed on from before, or one only in
        // a comment: none to state.
        assert_eq!(stated(SourceFormat::Pbn, "[Dealer \"N\"]\n"), None);
        assert_eq!(stated(SourceFormat::Pbn, "[Board \"#\"]\n[Dealer \"N\"]\n"), None);
        assert_eq!(stated(SourceFormat::Rbn, "E Club\nC 3N:S\n"), None);
        assert_eq!(
            stated(SourceFormat::Pbn, "{[Board \"4\"]}\n[Dealer \"N\"]\n"),
            None
        );
        assert_eq!(stated(SourceFormat::Lin, "ah|Board 3|"), None);
    }

    /// A match's two tables are marked as the records come; a third
    /// table of the board stays on its own, and a notation read whole
    /// pairs its records in the same queue.
    #[test]
    fn the_two_tables_of_a_match_are_marked_in_order() {
        let game = |room: &str| {
            format!(
                "[Board \"1\"]\n[Room \"{room}\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n\n"
            )
        };
        let text = ["Open", "Closed", "Open"].map(game).concat();
        let tables: Vec<_> = Reading::new(text.as_bytes(), SourceFormat::Pbn)
            .map(|r| r.table)
            .collect();
        assert_eq!(tables, [Some(1), Some(2), None]);
        let numbers: Vec<_> = Reading::new(text.as_bytes(), SourceFormat::Pbn)
            .map(|r| r.number)
            .collect();
        assert_eq!(numbers, [1, 2, 3]);
        let lin = b"pn|a,b,c,d|md|3SAKQ,,,|\nmd|3SJT9,,,|\n";
        assert_eq!(Reading::new(lin, SourceFormat::Lin).count(), 2);
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
