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

pub use values::date as date_value;

use std::collections::HashMap;

use crate::model::Problem;
use crate::model::Record;
use crate::notation::source::{Line, lines};
use crate::notation::tags::{Game, Games, Token};

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
    /// Games cut from one stretch of text, next last.
    queue: Vec<Game>,
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
            queue: Vec::new(),
        }
    }
}

impl Iterator for Reader<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            let game = match self.queue.pop() {
                Some(game) => game,
                None => match self.games.next() {
                    Some(game) => {
                        self.queue = split_run_on(game);
                        self.queue.reverse();
                        continue;
                    }
                    None => return self.pending.take(),
                },
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

/// Some programs leave out the blank line between games. A second Event
/// tag in one stretch starts a new game there, and says so.
fn split_run_on(game: Game) -> Vec<Game> {
    let mut games = vec![Game {
        line: game.line,
        tokens: Vec::new(),
        problems: game.problems,
    }];
    let mut seen_event = false;
    for token in game.tokens {
        if let Token::Tag { name, pos, .. } = &token
            && name == "Event"
        {
            if seen_event {
                let message = "a new game starts here without the blank line that should come before it";
                let problems = vec![Problem::new(*pos, message)];
                games.push(Game {
                    line: pos.line,
                    tokens: Vec::new(),
                    problems,
                });
            }
            seen_event = true;
        }
        if let Some(current) = games.last_mut() {
            current.tokens.push(token);
        }
    }
    games
}
