//! What a Preferans deal records beyond cards and play: the order of
//! dealing, the highest bids, the main player, discards, the contract, who
//! followed, kontras and refa, and the summary.

use std::fmt;

use super::card::Card;
use super::seat::{Seat, SeatSet};
use super::strain::Strain;

/// The contract by its number (2 spades .. 8 preferans), possibly a game
/// played without taking the talon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PrefContract {
    pub code: u8,
    pub game: bool,
}

impl PrefContract {
    pub fn name(self) -> String {
        let name = match self.code {
            2 => "Spades",
            3 => "Diamonds",
            4 => "Hearts",
            5 => "Clubs",
            6 => "Betl",
            7 => "Sans",
            8 => "Preferans",
            _ => "?",
        };
        if self.game {
            format!("Game {name}")
        } else {
            name.to_string()
        }
    }

    /// The strain the cards are played in: a suit for 2 to 5, no trump for
    /// betl, sans and preferans.
    pub fn strain(self) -> Strain {
        match self.code {
            2 => Strain::Spades,
            3 => Strain::Diamonds,
            4 => Strain::Hearts,
            5 => Strain::Clubs,
            _ => Strain::NoTrump,
        }
    }
}

impl fmt::Display for PrefContract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.game {
            f.write_str("G")?;
        }
        write!(f, "{}", self.code)
    }
}

/// A kontra or invitation: its kind (`I`, `K`, `R`, `S`, `M`) and the
/// player who began it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kontra {
    pub kind: char,
    pub by: Seat,
}

impl Kontra {
    pub fn name(self) -> &'static str {
        match self.kind {
            'I' => "invitation",
            'K' => "kontra",
            'R' => "rekontra",
            'S' => "subkontra",
            'M' => "mortkontra",
            _ => "kontra",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Preferans {
    /// Seats in the order they were dealt to; the last is the dealer, the
    /// first bids first.
    pub deal_order: Vec<Seat>,
    /// Each player's highest bid, in deal order, as written (`P`, `2`,
    /// `M3`, `G`, `G4`).
    pub bids: Vec<String>,
    pub main: Option<Seat>,
    /// Who led to the first trick, where the record says.
    pub leader: Option<Seat>,
    pub discarded: Vec<Card>,
    pub contract: Option<PrefContract>,
    /// The followers who played.
    pub followers: SeatSet,
    pub kontra: Option<Kontra>,
    pub refa: bool,
    pub value: Option<u32>,
    /// Each player's summary, in deal order, as written.
    pub summary: Vec<String>,
}

impl Preferans {
    /// The seats that play the cards: the main player and the followers.
    pub fn players(&self, all: &[Seat]) -> Vec<Seat> {
        all.iter()
            .copied()
            .filter(|&s| Some(s) == self.main || self.followers.contains(s))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contracts_are_named() {
        assert_eq!(PrefContract { code: 4, game: false }.name(), "Hearts");
        assert_eq!(PrefContract { code: 6, game: true }.name(), "Game Betl");
        assert_eq!(PrefContract { code: 6, game: true }.to_string(), "G6");
    }
}
