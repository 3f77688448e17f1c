//! What a Preferans deal records beyond cards and play: the order of
//! dealing, the highest bids, the main player, discards, the contract, who
//! followed, kontras and refa, and the summary.

mod auction;
mod kontra;
mod settle;

use std::fmt;

pub use auction::{HighBid, PrefCall, PrefCalled, Rebuilt, rebuild};
pub use kontra::{Kontra, KontraKind};
pub use settle::{Tally, decided_after, made, tallies, value};

use super::card::Card;
use super::play::Play;
use super::seat::{Seat, SeatMap, SeatSet};
use super::strain::Strain;

/// A contract's name by its number: 2 spades .. 8 preferans.
pub fn contract_name(code: u8) -> &'static str {
    match code {
        2 => "Spades",
        3 => "Diamonds",
        4 => "Hearts",
        5 => "Clubs",
        6 => "Betl",
        7 => "Sans",
        8 => "Preferans",
        _ => "?",
    }
}

/// The contract by its number (2 spades .. 8 preferans), possibly a game
/// played without taking the talon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PrefContract {
    pub code: u8,
    pub game: bool,
}

impl PrefContract {
    pub fn name(self) -> String {
        let name = contract_name(self.code);
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

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Preferans {
    /// Seats in the order they were dealt to; the last is the dealer, the
    /// first bids first.
    pub deal_order: Vec<Seat>,
    /// Each player's highest bid, in deal order.
    pub bids: Vec<HighBid>,
    /// The calls the highest bids stand for, in bidding order; empty
    /// where they make no auction.
    pub calls: Vec<PrefCalled>,
    pub main: Option<Seat>,
    /// Who led to the first trick, where the record says.
    pub leader: Option<Seat>,
    /// The two cards the main player laid aside; none for a game.
    pub discarded: Vec<Card>,
    pub contract: Option<PrefContract>,
    /// The followers who played.
    pub followers: SeatSet,
    pub kontra: Option<Kontra>,
    pub refa: bool,
    /// The value as written.
    pub value: Option<u32>,
    /// Each player's line of the summary, in deal order, as written.
    pub summary: Vec<Tally>,
}

impl Preferans {
    /// The seats that play the cards: the main player and the followers.
    pub fn players(&self, all: &[Seat]) -> Vec<Seat> {
        all.iter()
            .copied()
            .filter(|&s| Some(s) == self.main || self.followers.contains(s))
            .collect()
    }

    /// The value the contract, kontra and refa make.
    pub fn worked_value(&self) -> Option<u32> {
        self.contract.map(|c| value(c, self.kontra, self.refa))
    }

    /// The value as the table knows it once the first `said` words of the
    /// kontra are out (the main player's kontra-words answer `main`'s
    /// follower): the value as written once every word is. None where the
    /// record writes no value.
    pub fn value_said(&self, main: Seat, said: usize) -> Option<u32> {
        let words = self.kontra.map(|k| k.said(main)).unwrap_or_default();
        if said >= words.len() {
            return self.value;
        }
        let kontra = self
            .kontra
            .zip(said.checked_sub(1).map(|last| words[last].1))
            .map(|(k, kind)| Kontra { kind, ..k });
        let contract = self.contract?;
        self.value.map(|_| value(contract, kontra, self.refa))
    }

    /// How the value is made: `hearts 8, kontra ×2, refa ×2`.
    pub fn value_words(&self) -> String {
        let Some(c) = self.contract else {
            return String::new();
        };
        let mut parts = vec![format!("{} {}", c.name().to_lowercase(), value(c, None, false))];
        let kontra = self.kontra.filter(|k| k.kind.factor() > 1);
        parts.extend(kontra.map(|k| format!("{} ×{}", k.kind.name(), k.kind.factor())));
        if self.refa {
            parts.push("refa ×2".to_string());
        }
        parts.join(", ")
    }

    /// What the deal comes to from its throws; where nobody followed, the
    /// main player passes without a card played, with the tricks his
    /// summary gives him.
    pub fn settle_play(&self, play: Option<&Play>) -> Option<Settled> {
        let mut won = tricks_won(play);
        if self.followers.is_empty() {
            let written = self.summary.iter().find_map(|t| match t {
                Tally::Main { tricks, .. } => Some(*tricks),
                _ => None,
            });
            won[self.main?] = written.unwrap_or(10);
        }
        self.settle(&won)
    }

    /// What the deal comes to from the tricks each player took: whether
    /// the main player made it, and each player's line in deal order.
    /// None for a deal passed out or not read as far as its contract.
    pub fn settle(&self, won: &SeatMap<u8>) -> Option<Settled> {
        let (main, contract, value) = (self.main?, self.contract?, self.worked_value()?);
        let followers: Vec<Seat> = self
            .deal_order
            .iter()
            .copied()
            .filter(|&s| self.followers.contains(s))
            .collect();
        // A follower who plays alone plays the other's hand open, and its
        // tricks are his (the spec's example gives the defence's tricks to
        // the one who followed).
        let idle: u8 = self
            .deal_order
            .iter()
            .filter(|&&s| s != main && !self.followers.contains(s))
            .map(|&s| won[s])
            .sum();
        let alone = followers.len() == 1;
        let tricks: Vec<u8> = followers
            .iter()
            .map(|&s| won[s] + if alone { idle } else { 0 })
            .collect();
        let (main_line, lines) = tallies(contract, value, won[main], &tricks);
        let line = |seat: Seat| {
            if seat == main {
                return main_line;
            }
            followers
                .iter()
                .position(|&f| f == seat)
                .map_or(Tally::Out, |i| lines[i])
        };
        Some(Settled {
            value,
            made: made(contract, won[main]),
            tallies: self.deal_order.iter().map(|&s| line(s)).collect(),
        })
    }
}

/// Tricks each player took, as the throws write their winners.
pub fn tricks_won(play: Option<&Play>) -> SeatMap<u8> {
    let mut won = SeatMap::<u8>::default();
    for trick in play.iter().flat_map(|p| &p.tricks) {
        if let Some(w) = trick.winner {
            won[w] += 1;
        }
    }
    won
}

/// A played deal worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settled {
    pub value: u32,
    pub made: bool,
    /// Each player's line, in deal order.
    pub tallies: Vec<Tally>,
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

    #[test]
    fn the_value_grows_with_each_word_of_the_kontra_as_it_is_said() {
        let mut p = Preferans {
            contract: Some(PrefContract { code: 4, game: false }),
            kontra: Some(Kontra {
                kind: KontraKind::Rekontra,
                by: Seat::East,
            }),
            value: Some(32),
            ..Preferans::default()
        };
        let said: Vec<Option<u32>> = (0..4).map(|n| p.value_said(Seat::South, n)).collect();
        assert_eq!(said, [Some(8), Some(16), Some(32), Some(32)]);
        p.value = None;
        assert_eq!(p.value_said(Seat::South, 1), None, "no value written, none shown");
    }
}
