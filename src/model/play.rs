//! The play as the record writes it: tricks of plays, some of them pseudo
//! plays that the replay resolves against the hands.

use std::fmt;

use super::auction::Annotated;
use super::card::{Rank, Suit};

/// A play that names no card but says how to choose one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pseudo {
    /// `-`: the lowest card, a trivial play.
    Lowest,
    /// `~`: the lowest card, where the choice of suit matters.
    LowestSignificant,
    /// `+`: the highest card.
    Highest,
    /// `.`: an immaterial discard.
    Discard,
}

impl Pseudo {
    pub fn symbol(self) -> char {
        match self {
            Pseudo::Lowest => '-',
            Pseudo::LowestSignificant => '~',
            Pseudo::Highest => '+',
            Pseudo::Discard => '.',
        }
    }

    pub fn from_symbol(c: char) -> Option<Pseudo> {
        match c {
            '-' => Some(Pseudo::Lowest),
            '~' => Some(Pseudo::LowestSignificant),
            '+' => Some(Pseudo::Highest),
            '.' => Some(Pseudo::Discard),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayItem {
    /// A card; the suit is left out when it follows the suit led.
    Card {
        suit: Option<Suit>,
        rank: Rank,
    },
    Pseudo(Pseudo),
    /// `Y`: the reader is asked for the next play; takes no turn.
    Query,
}

impl fmt::Display for PlayItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayItem::Card { suit: Some(s), rank } => write!(f, "{s}{rank}"),
            PlayItem::Card { suit: None, rank } => write!(f, "{rank}"),
            PlayItem::Pseudo(p) => write!(f, "{}", p.symbol()),
            PlayItem::Query => f.write_str("Y"),
        }
    }
}

pub type PlayEntry = Annotated<PlayItem>;

/// One trick as written: up to four plays, the lead first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct WrittenTrick {
    pub plays: Vec<PlayEntry>,
    /// Begun after `;`: from here on the plays are trivial.
    pub trivial: bool,
    /// The winner the record states, where it states one (Preferans).
    pub winner: Option<super::seat::Seat>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Play {
    pub tricks: Vec<WrittenTrick>,
}

impl Play {
    /// Every play in order, query points included.
    pub fn entries(&self) -> impl Iterator<Item = &PlayEntry> {
        self.tricks.iter().flat_map(|t| t.plays.iter())
    }
}
