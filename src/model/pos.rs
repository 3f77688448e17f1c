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

/// Something wrong with a record: where, what kind of fault, and in plain
/// words what.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    pub pos: Pos,
    pub kind: ProblemKind,
    pub message: String,
}

/// The kind of fault a problem is, apart from its words, so that a caller
/// can tell a file that does not follow its notation from a game that
/// breaks its rules, as a chess reader tells syntax errors from illegal
/// moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProblemKind {
    /// The text does not follow the notation: a tag or comment not closed,
    /// a word that is no call or card, a value in no form the notation
    /// allows.
    Notation,
    /// The auction or the play breaks the game's rules: a call out of turn
    /// or insufficient, a revoke, a card not held or played twice.
    Rule,
    /// The record contradicts itself: a contract its auction did not reach,
    /// a stated score, trick count or trick winner that the law, the play or
    /// the double-dummy solver gives otherwise.
    Disagreement,
}

impl ProblemKind {
    /// The kind's name, as `dump` writes it.
    pub fn name(self) -> &'static str {
        match self {
            ProblemKind::Notation => "notation",
            ProblemKind::Rule => "rule",
            ProblemKind::Disagreement => "disagreement",
        }
    }
}

impl Problem {
    /// Text that does not follow the notation: what the readers find.
    pub fn new(pos: Pos, message: impl Into<String>) -> Problem {
        Problem::of(ProblemKind::Notation, pos, message)
    }

    pub fn of(kind: ProblemKind, pos: Pos, message: impl Into<String>) -> Problem {
        Problem {
            pos,
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}
