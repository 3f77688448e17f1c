//! PBN, the Portable Bridge Notation, in import format as real files
//! write it.
//!
//! The reader is an iterator: the shared tag lexer cuts games off the file,
//! inherited tag values (`#`, `##` and tags left out between the tables of
//! a board) are filled in, and each game becomes a record.

mod apply;
mod game;
mod sections;
mod table;
mod values;

use std::collections::HashMap;

use crate::model::Record;
use crate::notation::source::{Line, lines};
use crate::notation::tags::Games;

/// Tags whose value a game without them takes from the game before.
const CARRIED: [&str; 9] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Hidden",
];

pub struct Reader<'a> {
    games: Games<'a, Box<dyn Iterator<Item = Line<'a>> + 'a>>,
    /// The latest value of each tag, for `#`.
    previous: HashMap<String, String>,
    /// Values given with `##`, for every game after.
    sticky: HashMap<String, String>,
    number: usize,
    /// A record held back until the next shows whether the two are the
    /// tables of one board.
    pending: Option<Record>,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        let lines: Box<dyn Iterator<Item = Line<'a>>> = Box::new(lines(bytes));
        Reader {
            games: Games::new(lines),
            previous: HashMap::new(),
            sticky: HashMap::new(),
            number: 0,
            pending: None,
        }
    }
}

impl Iterator for Reader<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            let Some(game) = self.games.next() else {
                return self.pending.take();
            };
            self.number += 1;
            let mut record = game::read(game, self.number, &mut self.previous, &mut self.sticky);
            let Some(mut held) = self.pending.take() else {
                self.pending = Some(record);
                continue;
            };
            if same_board(&held, &record) {
                held.table = Some(1);
                record.table = Some(2);
            }
            self.pending = Some(record);
            return Some(held);
        }
    }
}

/// Two games in a row with the same board and deal are taken for the two
/// tables of a team match (the second usually leaves the repeated tags
/// out); a third with the same board stays on its own.
fn same_board(first: &Record, second: &Record) -> bool {
    first.table.is_none()
        && first.board.is_some()
        && first.board == second.board
        && first.deal.is_some()
        && first.deal == second.deal
}
