//! Typing a board number on the list: each digit moves the cursor to the
//! next record after where typing began with the number typed so far,
//! wrapping round; Enter opens it, Esc goes back.

use std::time::{Duration, Instant};

use super::App;
use crate::ui::action::Action;
use crate::ui::keys::Mode;

/// How long one digit may look for its board: boards are numbered in
/// runs, so the next one is near, and a key must be answered at once.
const PATIENCE: Duration = Duration::from_millis(100);

impl App {
    /// A digit typed, taken back, or the number given up (Esc).
    pub(super) fn type_board(&mut self, action: Action) {
        match action {
            Action::TypeBoardDigit(digit) => self.type_board_digit(digit),
            Action::EraseBoardDigit => self.erase_board_digit(),
            _ if matches!(self.mode, Mode::BoardNumber(_)) => self.select(self.began_at),
            _ => {}
        }
    }

    fn type_board_digit(&mut self, digit: u8) {
        if !matches!(self.mode, Mode::BoardNumber(_)) {
            self.began_at = self.selected;
        }
        let typed = format!("{}{digit}", self.mode.board_typed());
        self.jump_to_board(&typed);
    }

    fn erase_board_digit(&mut self) {
        let mut typed = self.mode.board_typed().to_string();
        typed.pop();
        if typed.is_empty() {
            self.select(self.began_at);
        } else {
            self.jump_to_board(&typed);
        }
    }

    /// To the first row after where typing began whose board has this
    /// number; the cursor stays where it is when there is none near.
    fn jump_to_board(&mut self, typed: &str) {
        let Ok(wanted) = typed.parse::<u64>() else {
            return;
        };
        let rows = self.catalog.len();
        let until = Instant::now() + PATIENCE;
        for step in 1..=rows {
            if Instant::now() > until {
                self.message = Some(format!("no board {typed} near here"));
                return;
            }
            let row = (self.began_at + step) % rows;
            let record = self.catalog.load(self.record_at(row));
            let number = record.and_then(|r| r.board.as_ref()?.number.trim().parse::<u64>().ok());
            if number == Some(wanted) {
                self.message = None;
                return self.select(row);
            }
        }
        self.message = Some(format!("no board {typed}"));
    }
}
