//! Typing a board number on the list: each digit looks for the next record
//! after where typing began with the number typed so far, round the whole
//! list; Enter opens what was found, Esc goes back. The look goes a turn at
//! a time between keys, so that a large file never holds up the screen,
//! and says how far it has come until it finds the board or knows there is
//! none.

use std::time::{Duration, Instant};

use super::App;
use crate::ui::action::Action;
use crate::ui::keys::Mode;

/// How long one turn of looking may take: well under a tick, so that keys
/// are answered while a million records are looked through.
const TURN: Duration = Duration::from_millis(20);

/// A board number being looked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunt {
    /// The number as typed, for messages.
    typed: String,
    wanted: u64,
    /// Rows after where typing began looked at so far.
    looked: usize,
    /// Enter was pressed before the board was found: open it when it is.
    open: bool,
    /// Every row has been looked at: there is no such board, and Enter
    /// opens nothing.
    nowhere: bool,
}

impl App {
    /// A digit typed, taken back, or the number given up (Esc).
    pub(super) fn type_board(&mut self, action: Action) {
        match action {
            Action::TypeBoardDigit(digit) => self.type_board_digit(digit),
            Action::EraseBoardDigit => self.erase_board_digit(),
            _ if matches!(self.mode, Mode::BoardNumber(_)) => {
                self.hunt = None;
                self.select(self.began_at);
            }
            _ => {}
        }
    }

    fn type_board_digit(&mut self, digit: u8) {
        if !matches!(self.mode, Mode::BoardNumber(_)) {
            self.began_at = self.list.selected();
        }
        let typed = format!("{}{digit}", self.mode.board_typed());
        self.jump_to_board(&typed);
    }

    fn erase_board_digit(&mut self) {
        let mut typed = self.mode.board_typed().to_string();
        typed.pop();
        if typed.is_empty() {
            self.hunt = None;
            self.select(self.began_at);
        } else {
            self.jump_to_board(&typed);
        }
    }

    /// Starts looking for the first row after where typing began whose
    /// board has this number; the cursor stays where it is until it is
    /// found.
    fn jump_to_board(&mut self, typed: &str) {
        let Ok(wanted) = typed.parse::<u64>() else {
            self.hunt = None;
            self.message = Some(format!("no board {typed}"));
            return;
        };
        self.hunt = Some(Hunt {
            typed: typed.to_string(),
            wanted,
            looked: 0,
            open: false,
            nowhere: false,
        });
        self.hunt_on();
    }

    /// Enter while the board is still being looked for: open it once
    /// found; when there is none, say so again.
    pub(super) fn open_when_found(&mut self) {
        if let Some(hunt) = self.hunt.as_mut() {
            hunt.open = true;
            if hunt.nowhere {
                self.message = Some(format!("no board {}", hunt.typed));
            }
        }
    }

    /// Whether a board is being looked for with rows left to look at now:
    /// the loop then looks between keys without waiting for a tick.
    pub fn hunting(&self) -> bool {
        self.hunt.as_ref().is_some_and(|h| {
            !h.nowhere
                && (self.catalog.complete()
                    || self.began_at + 1 + h.looked < self.list.len(self.catalog.len()))
        })
    }

    /// Looks for the board for a turn; whether the screen changed.
    pub(super) fn hunt_on(&mut self) -> bool {
        let Some(mut hunt) = self.hunt.take_if(|h| !h.nowhere) else {
            return false;
        };
        let until = Instant::now() + TURN;
        while Instant::now() < until {
            let rows = self.list.len(self.catalog.len());
            if hunt.looked >= rows && self.catalog.complete() {
                self.message = Some(format!("no board {}", hunt.typed));
                hunt.nowhere = true;
                self.hunt = Some(hunt);
                return true;
            }
            // Round to the top only once every record has been found.
            let mut row = self.began_at + 1 + hunt.looked;
            if row >= rows {
                if !self.catalog.complete() {
                    break;
                }
                row -= rows;
            }
            hunt.looked += 1;
            if self.board_at(row) == Some(hunt.wanted) {
                self.message = None;
                self.select(row);
                if hunt.open {
                    self.open(self.list.record_at(row));
                }
                return true;
            }
        }
        let rows = self.list.len(self.catalog.len()).max(1);
        let more = if self.catalog.complete() { "" } else { "+" };
        self.message = Some(format!(
            "looking for board {}: {} of {rows}{more} records",
            hunt.typed, hunt.looked
        ));
        self.hunt = Some(hunt);
        // Looking read records of its own: the screen's are read again.
        self.prepare();
        true
    }

    /// The board number of the record on this row: as its bytes give it
    /// where they do, else as the record read says.
    fn board_at(&mut self, row: usize) -> Option<u64> {
        let record = self.list.record_at(row);
        if let Some(number) = self.catalog.written_board_number(record) {
            return Some(number);
        }
        let record = self.catalog.load(record)?;
        record.board.as_ref()?.number.trim().parse().ok()
    }
}
