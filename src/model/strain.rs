//! The strain of a bid or contract: a trump suit or notrump.

use std::fmt::{self, Write as _};

use super::card::Suit;

/// The denomination of a bid or contract, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strain {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    NoTrump,
}

impl Strain {
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    pub fn trump(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    pub fn of_suit(suit: Suit) -> Strain {
        Strain::ALL[suit as usize]
    }

    /// RBN's letter; notrump is `N`.
    pub fn letter(self) -> char {
        self.trump().map_or('N', Suit::letter)
    }

    pub fn from_letter(c: char) -> Option<Strain> {
        match c.to_ascii_uppercase() {
            'N' => Some(Strain::NoTrump),
            other => Suit::from_letter(other).map(Strain::of_suit),
        }
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.letter())
    }
}
