//! What the hand words measure in one hand: points, controls, losers, top
//! honours, lengths. A card the record leaves unknown (`?`) leaves every
//! measure unknown; a spot (`x`) is a small card of its suit, so lengths
//! are known but not which cards are held.

use super::expr::Measure;
use crate::model::{Card, Hand, HandCard, Rank, Suit};

/// The honours from the top, for `top2` to `top5` and losers.
const HONOURS: [Rank; 5] = [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten];

/// Lengths, spades first; None while a card is unknown.
pub fn lengths(hand: &Hand) -> Option<[u8; 4]> {
    let mut lengths = [0; 4];
    for card in hand.cards() {
        if matches!(card, HandCard::Unknown(_)) {
            return None;
        }
        lengths[3 - card.suit() as usize] += 1;
    }
    Some(lengths)
}

/// The measure of the hand, in one suit or all four.
pub fn measure(hand: &Hand, measure: Measure, suit: Option<Suit>) -> Option<i64> {
    if let Measure::Length(suit) = measure {
        return lengths(hand).map(|l| i64::from(l[3 - suit as usize]));
    }
    // Which honours a spot stands for is unknown, so nothing but length
    // is measured of a hand holding spots.
    if !hand.is_known() {
        return None;
    }
    let suits = suit.map_or(Suit::DESCENDING.to_vec(), |s| vec![s]);
    Some(suits.into_iter().map(|s| in_suit(hand, measure, s)).sum())
}

fn in_suit(hand: &Hand, measure: Measure, suit: Suit) -> i64 {
    // Each card counts, so that a double deck's two aces are 8 points.
    let places = hand
        .known_cards()
        .filter(|c| c.suit == suit)
        .filter_map(|c| HONOURS.iter().position(|&h| h == c.rank));
    match measure {
        Measure::Hcp => places.map(|i| [4, 3, 2, 1, 0][i]).sum(),
        Measure::Controls => places.map(|i| [2, 1, 0, 0, 0][i]).sum(),
        Measure::Top(n) => places.filter(|&i| i < usize::from(n)).count() as i64,
        Measure::Losers => {
            let held = |rank| hand.contains(Card::new(suit, rank));
            let length = hand.cards().iter().filter(|c| c.suit() == suit).count().min(3);
            length as i64 - HONOURS[..length].iter().filter(|&&r| held(r)).count() as i64
        }
        Measure::Length(_) => unreachable!("lengths are measured above"),
    }
}

/// Whether the hand holds the card; unknown where a spot or unknown card
/// of its suit might be it.
pub fn holds(hand: &Hand, card: Card) -> Option<bool> {
    if hand.contains(card) {
        return Some(true);
    }
    let unsure = hand.cards().iter().any(|c| match c {
        HandCard::Unknown(s) => *s == card.suit,
        HandCard::Spot(s) => *s == card.suit && !HONOURS.contains(&card.rank),
        HandCard::Known(_) => false,
    });
    (!unsure).then_some(false)
}

/// 4333, 4432, 5332; with `semi`, 5422 and 6322 too.
pub fn balanced(lengths: [u8; 4], semi: bool) -> bool {
    let mut sorted = lengths;
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let shapes: &[[u8; 4]] = if semi {
        &[
            [4, 3, 3, 3],
            [4, 4, 3, 2],
            [5, 3, 3, 2],
            [5, 4, 2, 2],
            [6, 3, 2, 2],
        ]
    } else {
        &[[4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2]]
    };
    shapes.contains(&sorted)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand written spades first, suits split by dots.
    fn hand(text: &str) -> Hand {
        let mut hand = Hand::new();
        for (suit, ranks) in Suit::DESCENDING.into_iter().zip(text.split('.')) {
            for c in ranks.chars() {
                hand.push(match (c, Rank::from_letter(c)) {
                    ('x', _) => HandCard::Spot(suit),
                    ('?', _) => HandCard::Unknown(suit),
                    (_, rank) => HandCard::Known(Card::new(suit, rank.expect("a rank"))),
                });
            }
        }
        hand
    }

    #[test]
    fn points_controls_top_honours_and_losers() {
        let h = hand("AKQ2.K53.Q7.J862");
        assert_eq!(measure(&h, Measure::Hcp, None), Some(4 + 3 + 2 + 3 + 2 + 1));
        assert_eq!(measure(&h, Measure::Controls, None), Some(3 + 1));
        assert_eq!(measure(&h, Measure::Top(3), Some(Suit::Spades)), Some(3));
        // Spades none, hearts two, the doubleton queen two, clubs three.
        assert_eq!(measure(&h, Measure::Losers, None), Some(7));
        assert_eq!(
            measure(&hand("A.Kx.QJT.x"), Measure::Losers, Some(Suit::Hearts)),
            None
        );
        assert_eq!(
            measure(&hand("A.K2.QJT.2"), Measure::Losers, None),
            Some(1 + 2 + 1)
        );
    }

    #[test]
    fn spots_give_lengths_but_not_honours() {
        let h = hand("Axx.xxx.xxx.xxxx");
        assert_eq!(measure(&h, Measure::Length(Suit::Clubs), None), Some(4));
        assert_eq!(measure(&h, Measure::Hcp, None), None);
        assert_eq!(holds(&h, Card::new(Suit::Spades, Rank::Ace)), Some(true));
        assert_eq!(holds(&h, Card::new(Suit::Spades, Rank::King)), Some(false));
        assert_eq!(holds(&h, Card::new(Suit::Spades, Rank::Two)), None);
        assert_eq!(lengths(&hand("A?.K.Q.J")), None);
    }

    #[test]
    fn balanced_and_semibalanced_shapes() {
        assert!(balanced([3, 5, 3, 2], false));
        assert!(!balanced([2, 5, 4, 2], false));
        assert!(balanced([2, 5, 4, 2], true));
        assert!(!balanced([4, 4, 4, 1], true));
    }
}
