//! The one place where the model's cards, seats and strains meet the
//! solver's.

use contract_bridge::hand::Rank as SolverRank;
use contract_bridge::{Seat as SolverSeat, Strain as SolverStrain, Suit as SolverSuit};

use crate::model::{Card, Rank, Seat, Strain, Suit};

/// The bridge seats in the solver's order (its tables index them so).
pub const SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

pub fn seat(seat: Seat) -> Option<SolverSeat> {
    match seat {
        Seat::North => Some(SolverSeat::North),
        Seat::East => Some(SolverSeat::East),
        Seat::South => Some(SolverSeat::South),
        Seat::West => Some(SolverSeat::West),
        _ => None,
    }
}

pub fn seat_back(seat: SolverSeat) -> Seat {
    SEATS[seat as usize]
}

pub fn strain(strain: Strain) -> SolverStrain {
    match strain {
        Strain::Clubs => SolverStrain::Clubs,
        Strain::Diamonds => SolverStrain::Diamonds,
        Strain::Hearts => SolverStrain::Hearts,
        Strain::Spades => SolverStrain::Spades,
        Strain::NoTrump => SolverStrain::Notrump,
    }
}

pub fn strain_back(strain: SolverStrain) -> Strain {
    match strain {
        SolverStrain::Clubs => Strain::Clubs,
        SolverStrain::Diamonds => Strain::Diamonds,
        SolverStrain::Hearts => Strain::Hearts,
        SolverStrain::Spades => Strain::Spades,
        SolverStrain::Notrump => Strain::NoTrump,
    }
}

fn suit(suit: Suit) -> SolverSuit {
    match suit {
        Suit::Clubs => SolverSuit::Clubs,
        Suit::Diamonds => SolverSuit::Diamonds,
        Suit::Hearts => SolverSuit::Hearts,
        Suit::Spades => SolverSuit::Spades,
    }
}

fn suit_back(suit: SolverSuit) -> Suit {
    match suit {
        SolverSuit::Clubs => Suit::Clubs,
        SolverSuit::Diamonds => Suit::Diamonds,
        SolverSuit::Hearts => Suit::Hearts,
        SolverSuit::Spades => Suit::Spades,
    }
}

pub fn card(card: Card) -> contract_bridge::Card {
    contract_bridge::Card {
        suit: suit(card.suit),
        rank: SolverRank::new(card.rank as u8),
    }
}

pub fn card_back(card: contract_bridge::Card) -> Card {
    // The solver's ranks are 2 to 14 like ours.
    let rank = Rank::ALL[usize::from(card.rank.get()) - 2];
    Card::new(suit_back(card.suit), rank)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_seats_and_strains_go_there_and_back() {
        for s in Suit::DESCENDING {
            for r in Rank::ALL {
                let c = Card::new(s, r);
                assert_eq!(card_back(card(c)), c);
            }
        }
        for s in SEATS {
            assert_eq!(seat(s).map(seat_back), Some(s));
        }
        for s in Strain::ALL {
            assert_eq!(strain_back(strain(s)), s);
        }
        assert_eq!(seat(Seat::NorthEast), None);
    }
}
