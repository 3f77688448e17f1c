//! Suits, ranks and cards. A rank has no order of its own: the game decides
//! it (Pinochle puts the ten above the king), so comparisons go through
//! [`crate::model::Rules::rank_order`].

use std::fmt::{self, Write as _};
use std::str::FromStr;

use thiserror::Error;

/// The four French suits, shared by every game kibitzer reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// Bridge order from highest to lowest, the order hands are written in.
    pub const DESCENDING: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    pub const fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// A suit symbol, black or white (`♠` or `♤`).
    pub fn from_symbol(c: char) -> Option<Suit> {
        match c {
            '♠' | '♤' => Some(Suit::Spades),
            '♥' | '♡' => Some(Suit::Hearts),
            '♦' | '♢' => Some(Suit::Diamonds),
            '♣' | '♧' => Some(Suit::Clubs),
            _ => None,
        }
    }

    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }
}

// Written a character at a time, not through `write!`: dump writes a
// card for every play of a million records. Neither way pads.
impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.letter())
    }
}

/// Card ranks from two to ace. The numeric value is only an identity;
/// strength is the game's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// Every rank, lowest pip first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    pub fn letter(self) -> char {
        b"23456789TJQKA"[self as usize - 2] as char
    }

    pub const fn from_letter(c: char) -> Option<Rank> {
        Some(match c.to_ascii_uppercase() {
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' => Rank::Ten,
            'J' => Rank::Jack,
            'Q' => Rank::Queen,
            'K' => Rank::King,
            'A' => Rank::Ace,
            _ => return None,
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.letter())
    }
}

/// One physical card. Games with several decks hold equal cards more than
/// once; a hand is therefore a multiset of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// A number below 64 for the card, a suit's cards 16 apart: the bit
    /// that stands for it in a set of cards.
    pub const fn bit(self) -> u8 {
        self.suit as u8 * 16 + self.rank as u8
    }

    /// The card whose bit (see [`Card::bit`]) is `bit`; None for a bit
    /// that stands for no card.
    pub fn from_bit(bit: u8) -> Option<Card> {
        let rank = *Rank::ALL.get(usize::from(bit % 16).checked_sub(2)?)?;
        let suit = Suit::DESCENDING.get(3usize.checked_sub(usize::from(bit / 16))?)?;
        Some(Card::new(*suit, rank))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.suit.letter())?;
        f.write_char(self.rank.letter())
    }
}

/// Cards of one deck, a bit each: the readers ask of every card dealt
/// whether it was dealt already, and a list searched through cost a
/// sixth of reading a whole RBN record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardSet(u64);

impl CardSet {
    /// Adds the card; whether it was not there already.
    pub fn insert(&mut self, card: Card) -> bool {
        let bit = 1u64 << card.bit();
        let new = self.0 & bit == 0;
        self.0 |= bit;
        new
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 & 1u64 << card.bit() != 0
    }

    /// Takes the card out; whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let held = self.contains(card);
        self.0 &= !(1u64 << card.bit());
        held
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards whose bits (see [`Card::bit`]) are set in `bits`, as the
    /// readers' sweeps over a written hand gather them.
    pub const fn of_bits(bits: u64) -> CardSet {
        CardSet(bits)
    }

    /// Whether the two hold a card in common.
    pub fn meets(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Adds every card of `other`.
    pub fn insert_all(&mut self, other: CardSet) {
        self.0 |= other.0;
    }

    /// The cards from the lowest bit up: clubs to spades, each suit from
    /// its two, a hand's canonical order.
    pub fn ascending(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            loop {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                if let Some(card) = Card::from_bit(bit as u8) {
                    return Some(card);
                }
            }
        })
    }

    /// The cards from the highest bit down: spades to clubs, each suit
    /// from its ace, the order a diagram writes them in.
    pub fn descending(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            loop {
                let bit = bits.checked_ilog2()?;
                bits &= !(1u64 << bit);
                if let Some(card) = Card::from_bit(bit as u8) {
                    return Some(card);
                }
            }
        })
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
#[error("`{0}` is not a card (expected suit then rank, like SA or HT)")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let mut chars = s.chars();
        let card = match (chars.next(), chars.next(), chars.next()) {
            (Some(s), Some(r), None) => Suit::from_letter(s).zip(Rank::from_letter(r)),
            _ => None,
        };
        card.map(|(suit, rank)| Card::new(suit, rank))
            .ok_or_else(|| ParseCardError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_set_tells_a_card_seen_before_and_no_other() {
        let mut set = CardSet::default();
        for suit in Suit::DESCENDING {
            for rank in Rank::ALL {
                assert!(set.insert(Card::new(suit, rank)), "{suit}{rank} is new");
            }
        }
        assert!(!set.insert(Card::new(Suit::Clubs, Rank::Two)));
        assert!(!set.insert(Card::new(Suit::Spades, Rank::Ace)));
    }

    #[test]
    fn a_card_set_gives_its_cards_back_from_the_highest_bit_down() {
        let deck: Vec<Card> = Suit::DESCENDING
            .into_iter()
            .flat_map(|suit| Rank::ALL.into_iter().rev().map(move |rank| Card::new(suit, rank)))
            .collect();
        for card in &deck {
            assert_eq!(Card::from_bit(card.bit()), Some(*card));
        }
        let mut all = CardSet::default();
        deck.iter().for_each(|&c| _ = all.insert(c));
        assert_eq!(all.descending().collect::<Vec<_>>(), deck);
        // Bits that stand for no card are passed over.
        assert_eq!(CardSet::of_bits(0b11 | 1 << 15 | 1 << 63).descending().count(), 0);
        let one = CardSet::of_bits(1 << Card::new(Suit::Hearts, Rank::Ten).bit());
        assert!(all.meets(one) && !CardSet::default().meets(one));
    }

    #[test]
    fn card_text_round_trips() {
        for suit in Suit::DESCENDING {
            for rank in Rank::ALL {
                let card = Card::new(suit, rank);
                assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            }
        }
    }

    #[test]
    fn lowercase_is_accepted_and_junk_rejected() {
        assert_eq!("ht".parse::<Card>(), Ok(Card::new(Suit::Hearts, Rank::Ten)));
        assert!("H10".parse::<Card>().is_err());
        assert!("X2".parse::<Card>().is_err());
    }
}
