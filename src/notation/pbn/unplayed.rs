//! The cards each seat has still to play, as the play section is put in
//! order: asked of every card whether its seat holds it, and every card
//! played taken out. A set of bits answers both at once where the hands,
//! kept sorted, would search and shift.

use crate::model::{Card, CardSet, Hand, HandCard, Seat, SeatMap};

/// One seat's cards not yet played.
#[derive(Default)]
struct Left {
    cards: CardSet,
    /// Second copies of a card the deal gives twice: a hand is a multiset,
    /// and a broken deal still reads as it did.
    again: Vec<Card>,
    /// Cards of a suit whose rank is not known, by the suit's number.
    unknown: [u8; 4],
}

/// Every seat's cards not yet played.
pub struct Unplayed(SeatMap<Left>);

impl Unplayed {
    /// The hands as dealt, their spots already placed.
    pub fn new(hands: &SeatMap<Hand>) -> Unplayed {
        let mut left = SeatMap::<Left>::default();
        for (seat, hand) in left.0.iter_mut().zip(&hands.0) {
            for &card in hand.cards() {
                match card {
                    HandCard::Known(c) if !seat.cards.insert(c) => seat.again.push(c),
                    HandCard::Known(_) => {}
                    HandCard::Spot(suit) | HandCard::Unknown(suit) => seat.unknown[suit as usize] += 1,
                }
            }
        }
        Unplayed(left)
    }

    /// Whether the seat may have played the card: it holds it, or its
    /// hand was not given at all.
    pub fn may_play(&self, seat: Seat, card: Card) -> bool {
        let left = &self.0[seat];
        left.cards.contains(card)
            || (left.cards.is_empty() && left.again.is_empty() && left.unknown == [0; 4])
    }

    /// Takes the card out; failing that, an unknown card of its suit,
    /// which is what a card from an unseen hand must have been.
    pub fn play(&mut self, seat: Seat, card: Card) {
        let left = &mut self.0[seat];
        if let Some(i) = left.again.iter().position(|&c| c == card) {
            left.again.swap_remove(i);
        } else if !left.cards.remove(card) {
            let unknown = &mut left.unknown[card.suit as usize];
            *unknown = unknown.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Rank, Suit};

    fn hand(cards: &[HandCard]) -> Hand {
        cards.iter().copied().collect()
    }

    #[test]
    fn cards_are_played_as_the_hands_hold_them() {
        let ace = Card::new(Suit::Spades, Rank::Ace);
        let two = Card::new(Suit::Hearts, Rank::Two);
        let mut hands = SeatMap::<Hand>::default();
        hands[Seat::North] = hand(&[HandCard::Known(ace), HandCard::Known(ace), HandCard::Known(two)]);
        hands[Seat::East] = hand(&[HandCard::Unknown(Suit::Hearts)]);
        let mut left = Unplayed::new(&hands);
        let king = Card::new(Suit::Spades, Rank::King);
        assert!(left.may_play(Seat::North, ace) && !left.may_play(Seat::North, king));
        // A card dealt twice is held until both copies are played.
        left.play(Seat::North, ace);
        assert!(left.may_play(Seat::North, ace));
        left.play(Seat::North, ace);
        assert!(!left.may_play(Seat::North, ace) && left.may_play(Seat::North, two));
        // A hand not given may play anything; an emptied one too.
        assert!(left.may_play(Seat::South, two));
        assert!(!left.may_play(Seat::East, two));
        left.play(Seat::East, two);
        assert!(left.may_play(Seat::East, ace));
    }
}
