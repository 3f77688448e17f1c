//! A place in a replay that moves by card or by trick.

use super::{Position, Replay};

#[derive(Clone, Debug)]
pub struct Cursor {
    replay: Replay,
    at: usize,
}

impl Cursor {
    pub fn new(replay: Replay) -> Cursor {
        Cursor { replay, at: 0 }
    }

    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Cards played at the current position.
    pub fn at(&self) -> usize {
        self.at
    }

    pub fn position(&self) -> &Position {
        self.replay.position(self.at)
    }

    pub fn forward(&mut self) {
        self.at = (self.at + 1).min(self.replay.len());
    }

    pub fn back(&mut self) {
        self.at = self.at.saturating_sub(1);
    }

    pub fn start(&mut self) {
        self.at = 0;
    }

    pub fn end(&mut self) {
        self.at = self.replay.len();
    }

    /// To the end of the current trick, or of the next one when this one is
    /// complete.
    pub fn next_trick(&mut self) {
        self.forward();
        while self.at < self.replay.len() && !self.position().trick_complete {
            self.forward();
        }
    }

    /// To the end of the previous trick (the start of play before trick 1).
    pub fn previous_trick(&mut self) {
        self.back();
        while self.at > 0 && !self.position().trick_complete {
            self.back();
        }
    }

    /// To the end of trick `n` (1-based), or as far as the play goes.
    pub fn goto_trick(&mut self, n: usize) {
        self.start();
        for _ in 0..n {
            self.next_trick();
        }
    }
}
