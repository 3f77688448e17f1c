//! The rules that differ between games: who sits, which cards make the deck,
//! and how ranks compare.

use super::card::{Card, Rank, Suit};
use super::seat::Seat;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    Bridge,
    /// Three players, 32 cards (seven to ace).
    Preferans,
    /// Pinochle: single deck is 48 cards (nine to ace, two of each), double
    /// deck 80 (no nines, four of each); 2 to 8 players.
    Pinochle {
        double_deck: bool,
        players: u8,
    },
}

const BRIDGE_SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];
const THREE_SEATS: [Seat; 3] = [Seat::North, Seat::SouthEast, Seat::SouthWest];
/// Preferans players 1, 2 and 3 sit West, North and East, clockwise, so
/// that the compass diagram has room for the talon at the bottom.
const PREFERANS_SEATS: [Seat; 3] = [Seat::West, Seat::North, Seat::East];

impl Rules {
    pub fn name(self) -> &'static str {
        match self {
            Rules::Bridge => "bridge",
            Rules::Preferans => "preferans",
            Rules::Pinochle { .. } => "pinochle",
        }
    }

    /// The seats in play, clockwise.
    pub fn seats(self) -> &'static [Seat] {
        use Seat::*;
        match self {
            Rules::Bridge => &BRIDGE_SEATS,
            Rules::Preferans => &PREFERANS_SEATS,
            Rules::Pinochle { players, .. } => match players {
                2 => &[North, South],
                3 => &THREE_SEATS,
                5 => &[North, NorthEast, SouthEast, SouthWest, NorthWest],
                6 => &[North, NorthEast, SouthEast, South, SouthWest, NorthWest],
                7 => &[North, NorthEast, East, SouthEast, SouthWest, West, NorthWest],
                8 => &Seat::ALL,
                _ => &BRIDGE_SEATS,
            },
        }
    }

    /// The order suits are written in a hand: S H D C, but C D S H in
    /// Pinochle (alphabetical and alternating colours).
    pub fn suit_order(self) -> [Suit; 4] {
        match self {
            Rules::Pinochle { .. } => [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts],
            _ => Suit::DESCENDING,
        }
    }

    /// The seat of player `n` (1-based), for games that number their players.
    pub fn player_seat(self, n: usize) -> Option<Seat> {
        n.checked_sub(1).and_then(|i| self.seats().get(i).copied())
    }

    /// The number (1-based) of the player in a seat.
    pub fn player_number(self, seat: Seat) -> Option<usize> {
        self.seats().iter().position(|&s| s == seat).map(|i| i + 1)
    }

    /// The seat after `seat` clockwise, among this game's seats.
    pub fn next_seat(self, seat: Seat) -> Seat {
        let seats = self.seats();
        let at = seats.iter().position(|&s| s == seat).unwrap_or(0);
        seats[(at + 1) % seats.len()]
    }

    pub fn ranks(self) -> &'static [Rank] {
        use Rank::*;
        match self {
            Rules::Bridge => &Rank::ALL,
            Rules::Preferans => &[Seven, Eight, Nine, Ten, Jack, Queen, King, Ace],
            Rules::Pinochle {
                double_deck: true, ..
            } => &[Jack, Queen, King, Ten, Ace],
            Rules::Pinochle { .. } => &[Nine, Jack, Queen, King, Ten, Ace],
        }
    }

    /// Whether a higher rank is never the weaker: the deck's ranks run up
    /// to the ace in their own order, any rank outside it below them
    /// (bridge, Preferans; Pinochle puts the ten above the king).
    pub fn ranks_ascend(self) -> bool {
        Rank::ALL.ends_with(self.ranks())
    }

    /// Trick-taking strength of a rank: higher wins. Ranks outside the
    /// game's deck get 0.
    pub fn rank_order(self, rank: Rank) -> u8 {
        // Bridge's deck is every rank in the ranks' own order: asked of
        // every card of every trick, it needs no search.
        if self == Rules::Bridge {
            return rank as u8 - 1;
        }
        self.ranks()
            .iter()
            .position(|&r| r == rank)
            .map_or(0, |i| i as u8 + 1)
    }

    /// How many copies of each card the deck holds.
    pub fn copies(self) -> usize {
        match self {
            Rules::Pinochle {
                double_deck: true, ..
            } => 4,
            Rules::Pinochle { .. } => 2,
            _ => 1,
        }
    }

    /// The whole deck, suit by suit, each rank as often as the game has it.
    pub fn deck(self) -> Vec<Card> {
        let mut deck = Vec::new();
        for suit in Suit::DESCENDING {
            for &rank in self.ranks() {
                deck.extend(std::iter::repeat_n(Card::new(suit, rank), self.copies()));
            }
        }
        deck
    }

    /// The winner's index among the cards of a complete trick: the highest
    /// trump, else the highest card of the suit led; of equal cards the first.
    /// The best card so far is always of the suit led or a trump, so a card
    /// beats it only in the same suit or by trumping it.
    pub fn trick_winner(self, cards: &[Card], trump: Option<Suit>) -> usize {
        let mut best = 0;
        for (i, c) in cards.iter().enumerate().skip(1) {
            let b = cards[best];
            let beats = match (Some(c.suit) == trump, Some(b.suit) == trump) {
                (true, false) => true,
                (false, true) => false,
                _ => c.suit == b.suit && self.rank_order(c.rank) > self.rank_order(b.rank),
            };
            if beats {
                best = i;
            }
        }
        best
    }

    /// Cards each seat is dealt in a full deal.
    pub fn hand_size(self) -> usize {
        match self {
            Rules::Preferans => 10,
            _ => self.deck().len() / self.seats().len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bridge's order without the search is the order the search gives.
    #[test]
    fn bridge_ranks_in_their_deck_order() {
        for (i, &rank) in Rules::Bridge.ranks().iter().enumerate() {
            assert_eq!(Rules::Bridge.rank_order(rank), i as u8 + 1, "{rank:?}");
        }
    }

    #[test]
    fn decks_have_the_sizes_the_rules_give() {
        assert_eq!(Rules::Bridge.deck().len(), 52);
        assert_eq!(Rules::Preferans.deck().len(), 32);
        let single = Rules::Pinochle {
            double_deck: false,
            players: 4,
        };
        let double = Rules::Pinochle {
            double_deck: true,
            players: 4,
        };
        assert_eq!(single.deck().len(), 48);
        assert_eq!(double.deck().len(), 80);
        assert_eq!(double.hand_size(), 20);
        assert_eq!(Rules::Bridge.hand_size(), 13);
    }

    #[test]
    fn pinochle_ten_outranks_king() {
        let game = Rules::Pinochle {
            double_deck: false,
            players: 4,
        };
        assert!(game.rank_order(Rank::Ten) > game.rank_order(Rank::King));
        assert!(Rules::Bridge.rank_order(Rank::Ten) < Rules::Bridge.rank_order(Rank::King));
    }

    #[test]
    fn seats_go_clockwise() {
        assert_eq!(Rules::Bridge.next_seat(Seat::West), Seat::North);
        assert_eq!(Rules::Preferans.next_seat(Seat::East), Seat::West);
    }
}
