//! Turning what the record says about a play into a card: the suit led for
//! a bare rank, and the card a pseudo play stands for.

use crate::model::{Card, Hand, HandCard, Pseudo, Rules, Suit};

/// The card a pseudo play means for a hand whose cards are all known.
/// Following suit, `-` `~` `.` take the lowest card of the suit led and `+`
/// the highest. Leading or void, `-` `~` `.` take the lowest card outside
/// the trump suit when there is one, and `+` the highest trump (a ruff) or
/// else the highest card.
pub fn pseudo_card(
    hand: &Hand,
    pseudo: Pseudo,
    led: Option<Suit>,
    trump: Option<Suit>,
    game: Rules,
) -> Option<Card> {
    let cards: Vec<Card> = hand.known_cards().collect();
    let strength = |c: &Card| game.rank_order(c.rank);
    let lowest = |cards: &[Card]| cards.iter().copied().min_by_key(|c| (strength(c), c.suit));
    let highest = |cards: &[Card]| cards.iter().copied().max_by_key(|c| (strength(c), c.suit));
    let of_suit = |suit: Suit| {
        cards
            .iter()
            .copied()
            .filter(|c| c.suit == suit)
            .collect::<Vec<_>>()
    };
    let following = led.map(of_suit).filter(|c| !c.is_empty());
    match (pseudo, following) {
        (Pseudo::Highest, Some(suit_cards)) => highest(&suit_cards),
        (_, Some(suit_cards)) => lowest(&suit_cards),
        (Pseudo::Highest, None) => {
            let trumps = trump.filter(|_| led.is_some()).map(of_suit).unwrap_or_default();
            highest(&trumps).or_else(|| highest(&cards))
        }
        (_, None) => {
            let side: Vec<Card> = cards.iter().copied().filter(|c| Some(c.suit) != trump).collect();
            lowest(&side).or_else(|| lowest(&cards))
        }
    }
}

/// Whether a hand that is fully known could have followed to `led`.
pub fn could_follow(hand: &Hand, led: Suit) -> bool {
    hand.cards()
        .iter()
        .any(|c| matches!(c, HandCard::Known(card) if card.suit == led))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(cards: &[&str]) -> Hand {
        cards
            .iter()
            .map(|c| HandCard::Known(c.parse().unwrap()))
            .collect()
    }

    fn cards(cards: &[&str]) -> Vec<Card> {
        cards.iter().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn winner_is_high_trump_or_high_card_of_suit_led() {
        let g = Rules::Bridge;
        assert_eq!(
            g.trick_winner(&cards(&["CK", "C9", "C7", "C2"]), Some(Suit::Hearts)),
            0
        );
        assert_eq!(
            g.trick_winner(&cards(&["CQ", "H4", "C8", "C3"]), Some(Suit::Hearts)),
            1
        );
        assert_eq!(g.trick_winner(&cards(&["D2", "SA", "DK", "D3"]), None), 2);
    }

    #[test]
    fn pseudo_plays_pick_low_and_high() {
        let h = hand(&["SA", "S4", "H2", "DK"]);
        let g = Rules::Bridge;
        assert_eq!(
            pseudo_card(&h, Pseudo::Lowest, Some(Suit::Spades), None, g),
            Some("S4".parse().unwrap())
        );
        assert_eq!(
            pseudo_card(&h, Pseudo::Highest, Some(Suit::Spades), None, g),
            Some("SA".parse().unwrap())
        );
        let void = pseudo_card(&h, Pseudo::Discard, Some(Suit::Clubs), Some(Suit::Hearts), g);
        assert_eq!(void, Some("S4".parse().unwrap()));
        let ruff = pseudo_card(&h, Pseudo::Highest, Some(Suit::Clubs), Some(Suit::Hearts), g);
        assert_eq!(ruff, Some("H2".parse().unwrap()));
    }
}
