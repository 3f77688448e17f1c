//! Where something was read, so that a problem can point at it.

use std::fmt;

/// 1-based line and column (in characters) of a place in the source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl Pos {
    pub fn new(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Something wrong with a record: where, and in plain words what.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    pub pos: Pos,
    pub message: String,
}

impl Problem {
    pub fn new(pos: Pos, message: impl Into<String>) -> Problem {
        Problem {
            pos,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}
