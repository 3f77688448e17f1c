//! Hands and deals. A hand is a multiset: games with several decks hold equal
//! cards more than once, and a bridge diagram may show spots (`x`) or
//! unknown cards (`?`) that are not cards yet.

use std::cmp::{Ordering, Reverse};
use std::fmt;
use std::ops::Range;

use smallvec::SmallVec;

use super::card::{Card, CardSet, Rank, Suit};
use super::rules::Rules;
use super::seat::{Seat, SeatMap, SeatSet};

/// One entry of a hand as the diagram gives it. Ordered cards first, by
/// suit then rank, then spots, then unknown cards, each by suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandCard {
    Known(Card),
    /// `x`: one of the lowest cards of the suit not placed elsewhere.
    Spot(Suit),
    /// `?`: a card of the suit whose rank is not given.
    Unknown(Suit),
}

impl HandCard {
    pub fn suit(self) -> Suit {
        match self {
            HandCard::Known(card) => card.suit,
            HandCard::Spot(suit) | HandCard::Unknown(suit) => suit,
        }
    }

    /// The rank letter as written in a diagram.
    pub fn rank_char(self) -> char {
        match self {
            HandCard::Known(card) => card.rank.letter(),
            HandCard::Spot(_) => 'x',
            HandCard::Unknown(_) => '?',
        }
    }

    /// The entry as a byte of its own, in the canonical order: a card's
    /// bit (below 64), or a spot or unknown card of a suit above them.
    /// Compared as the enum, field by field, cost more than sorting.
    #[inline]
    pub fn byte(self) -> u8 {
        match self {
            HandCard::Known(card) => card.bit(),
            HandCard::Spot(suit) => 64 + suit as u8,
            HandCard::Unknown(suit) => 68 + suit as u8,
        }
    }
}

impl Ord for HandCard {
    #[inline]
    fn cmp(&self, other: &HandCard) -> Ordering {
        self.byte().cmp(&other.byte())
    }
}

impl PartialOrd for HandCard {
    #[inline]
    fn partial_cmp(&self, other: &HandCard) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Where an entry goes among its suit's, by the game's order of ranks:
/// the higher the stronger, spots and unknown cards below every rank.
fn strength(card: HandCard, game: Rules) -> i16 {
    match card {
        HandCard::Known(card) => game.rank_order(card.rank) as i16 + 2,
        HandCard::Unknown(_) => 1,
        HandCard::Spot(_) => 0,
    }
}

/// A hand's entries held in place: a bridge or Preferans hand, and most
/// Pinochle hands, need no allocation of their own, where a deal's four
/// hands were four allocations, and as many again for each copy.
type Entries = SmallVec<[HandCard; 13]>;

#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    cards: Entries,
    /// The real cards held, a bit each (see `Card::bit`) however many
    /// copies: whether a hand holds a card is asked three times of every
    /// card played, and a bit answers where a search took a hundred
    /// instructions.
    held: u64,
}

/// The bits of the real cards among `cards`.
fn held(cards: &[HandCard]) -> u64 {
    // A real card's byte is its bit.
    let known = cards.iter().map(|c| c.byte()).filter(|&b| b < 64);
    known.fold(0, |bits, b| bits | 1 << b)
}

// Copied as bytes: the derived copy took the entries one at a time, and
// a replay copies every seat's hand four times.
impl Clone for Hand {
    fn clone(&self) -> Hand {
        Hand {
            cards: Entries::from_slice(&self.cards),
            held: self.held,
        }
    }
}

impl Hand {
    pub fn new() -> Hand {
        Hand::default()
    }

    /// Adds a card. Cards are kept in one canonical order, so that two
    /// hands holding the same cards are equal however they were written.
    pub fn push(&mut self, card: HandCard) {
        let at = self.cards.partition_point(|&c| c <= card);
        self.cards.insert(at, card);
        if let HandCard::Known(card) = card {
            self.held |= 1 << card.bit();
        }
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn cards(&self) -> &[HandCard] {
        &self.cards
    }

    /// The real cards: the canonical order puts them before every spot
    /// and unknown card.
    fn known(&self) -> &[HandCard] {
        if self.is_known() {
            return &self.cards;
        }
        let end = self.cards.partition_point(|c| matches!(c, HandCard::Known(_)));
        &self.cards[..end]
    }

    /// Where the real cards of each suit lie, by suit: together, weakest
    /// first, clubs to spades.
    fn suit_runs(&self) -> [Range<usize>; 4] {
        let known = self.known();
        let mut counts = [0; 4];
        if known.len() == self.held.count_ones() as usize {
            // Each card held once, as in nearly every hand: counted by bits.
            for (suit, count) in counts.iter_mut().enumerate() {
                *count = (self.held >> (suit * 16) & 0xFFFF).count_ones() as usize;
            }
        } else {
            known.iter().for_each(|c| counts[c.suit() as usize] += 1);
        }
        let mut from = 0;
        counts.map(|count| {
            from += count;
            from - count..from
        })
    }

    /// Whether every entry is a real card: then the last one is.
    pub fn is_known(&self) -> bool {
        self.cards.last().is_none_or(|c| matches!(c, HandCard::Known(_)))
    }

    pub fn known_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards.iter().map_while(|c| match c {
            HandCard::Known(card) => Some(*card),
            _ => None,
        })
    }

    pub fn contains(&self, card: Card) -> bool {
        self.held & 1 << card.bit() != 0
    }

    /// High-card points, the bridge count (ace 4, king 3, queen 2, jack 1)
    /// of the cards the hand names.
    pub fn high_card_points(&self) -> u32 {
        self.known_cards()
            .map(|c| match c.rank {
                Rank::Ace => 4,
                Rank::King => 3,
                Rank::Queen => 2,
                Rank::Jack => 1,
                _ => 0,
            })
            .sum()
    }

    pub fn has_suit(&self, suit: Suit) -> bool {
        self.cards.iter().any(|c| c.suit() == suit)
    }

    /// Takes one copy of `card` out; failing that, one unknown card of its
    /// suit, which is what a card from an unseen hand must have been.
    pub fn remove(&mut self, card: Card) -> bool {
        let bit = 1u64 << card.bit();
        if self.held & bit == 0 {
            let unknown = HandCard::Unknown(card.suit);
            let found = self.cards.binary_search_by_key(&unknown.byte(), |c| c.byte());
            return found.map(|i| self.cards.remove(i)).is_ok();
        }
        // Every card below it is held once at least, so its first copy
        // lies no earlier than their count: with no card held twice, there.
        let entry = HandCard::Known(card);
        let mut at = (self.held & (bit - 1)).count_ones() as usize;
        while self.cards[at] != entry {
            at += 1;
        }
        self.cards.remove(at);
        if self.cards.get(at) != Some(&entry) {
            self.held &= !bit;
        }
        true
    }

    /// Entries of one suit, strongest first by the game's order, spots and
    /// unknown cards last.
    pub fn suit_cards(&self, suit: Suit, game: Rules) -> Vec<HandCard> {
        self.strongest_first(suit, game).into_vec()
    }

    /// What `suit_cards` gives, in place. The suit's real cards lie
    /// together, and taken from their strongest end they are nearly always
    /// in the game's order already, which the sort only confirms; unknown
    /// cards and then spots follow them, weaker than every rank.
    fn strongest_first(&self, suit: Suit, game: Rules) -> Entries {
        let run = self.suit_runs()[suit as usize].clone();
        let mut cards: Entries = self.cards[run].iter().rev().copied().collect();
        if !cards.is_sorted_by_key(|&c| Reverse(strength(c, game))) {
            cards.sort_by_key(|&c| Reverse(strength(c, game)));
        }
        let rest = &self.cards[self.known().len()..];
        for entry in [HandCard::Unknown(suit), HandCard::Spot(suit)] {
            cards.extend(rest.iter().copied().filter(|&c| c == entry));
        }
        cards
    }

    /// The hand as `S.H.D.C`, strongest rank first, `T` for the ten.
    pub fn to_suit_string(&self, game: Rules) -> String {
        let mut text = Vec::with_capacity(self.cards.len() + 3);
        self.write_suits(game, &mut text);
        String::from_utf8(text).expect("ranks, spots and unknown cards are written in ASCII")
    }

    /// What `to_suit_string` gives, written onto the end of `out`: dump
    /// writes four hands for each of a million records.
    pub fn write_suits(&self, game: Rules, out: &mut Vec<u8>) {
        // Nearly every hand holds real cards, each once, of a game whose
        // higher ranks are the stronger: then a suit is its cards' bits
        // read from the top, and no entry need be looked at.
        let by_bits =
            game.ranks_ascend() && self.is_known() && self.cards.len() == self.held.count_ones() as usize;
        for (i, &suit) in game.suit_order().iter().enumerate() {
            if i > 0 {
                out.push(b'.');
            }
            // Letters and digits, `x` and `?`: a char is its byte.
            if by_bits {
                let suit_bits = self.held & 0xFFFF << (suit as u32 * 16);
                let cards = CardSet::of_bits(suit_bits).descending();
                out.extend(cards.map(|c| c.rank.letter() as u8));
            } else {
                let cards = self.strongest_first(suit, game);
                out.extend(cards.iter().map(|c| c.rank_char() as u8));
            }
        }
    }
}

impl FromIterator<HandCard> for Hand {
    fn from_iter<I: IntoIterator<Item = HandCard>>(iter: I) -> Hand {
        let mut cards: Entries = iter.into_iter().collect();
        // Diagrams write a hand from its highest card down, the reverse of
        // the canonical order: turned round, nearly every hand is in order.
        if cards.iter().map(|c| c.byte()).is_sorted_by(|a, b| a >= b) {
            cards.reverse();
        } else {
            cards.sort_unstable();
        }
        Hand {
            held: held(&cards),
            cards,
        }
    }
}

impl From<CardSet> for Hand {
    /// A hand of real cards, each once: put in order as its bits are
    /// read, where gathering them and sorting cost a hand a few hundred
    /// instructions more, four times a deal.
    fn from(set: CardSet) -> Hand {
        let cards: Entries = set.ascending().map(HandCard::Known).collect();
        Hand {
            held: held(&cards),
            cards,
        }
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_suit_string(Rules::Bridge))
    }
}

/// The cards dealt: a hand per seat (absent seats hold nothing) and the
/// seats whose hands are hidden, as in a quiz.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    pub game: Rules,
    pub hands: SeatMap<Hand>,
    pub hidden: SeatSet,
    /// Seats whose hand the record gives at all, even as a void.
    pub given: SeatSet,
    /// Cards dealt to no one (Preferans's talon); empty in bridge.
    pub talon: Vec<Card>,
}

impl Deal {
    pub fn new(game: Rules) -> Deal {
        Deal {
            game,
            hands: SeatMap::default(),
            hidden: SeatSet::default(),
            given: SeatSet::default(),
            talon: Vec::new(),
        }
    }

    /// Whether the record gives `seat`'s hand: a hand given with no card
    /// at all (PBN's `...`) is one the record leaves unknown, never a
    /// hand void in every suit.
    pub fn known(&self, seat: Seat) -> bool {
        self.given.contains(seat) && !self.hands[seat].is_empty()
    }

    /// Whether the record gives `seat`'s holding in `suit`, even as a void.
    /// A short hand (a suit combination, an ending) shows only the suits
    /// the author put in the diagram: a suit no hand of the deal holds is
    /// one the record leaves out, not a void. A full hand's void is real.
    pub fn suit_known(&self, seat: Seat, suit: Suit) -> bool {
        self.known(seat)
            && (self.hands[seat].len() >= self.game.hand_size()
                || self.game.seats().iter().any(|&s| self.hands[s].has_suit(suit)))
    }

    /// The seats whose hands the record gives (see `known`).
    pub fn known_seats(&self) -> SeatSet {
        self.game
            .seats()
            .iter()
            .copied()
            .filter(|&s| self.known(s))
            .collect()
    }

    /// Whether any hand holds a spot (`x`), a card of no given rank.
    pub fn has_spots(&self) -> bool {
        // A hand's spots lie after its real cards: only its last entries
        // are looked at.
        let spot = |c: &HandCard| matches!(c, HandCard::Spot(_));
        let last = |s: Seat| {
            let cards = self.hands[s].cards.iter().rev();
            cards.take_while(|c| !matches!(c, HandCard::Known(_))).any(spot)
        };
        self.game.seats().iter().any(|&s| last(s))
    }

    /// The hands with every `x` replaced by a real card: the lowest card of
    /// its suit that no hand holds, handed out lowest first.
    pub fn with_spots_resolved(&self) -> SeatMap<Hand> {
        let mut hands = self.hands.clone();
        if !self.has_spots() {
            // Nearly every deal: nothing to hand out.
            return hands;
        }
        let placed: Vec<Card> = self
            .game
            .seats()
            .iter()
            .flat_map(|&s| self.hands[s].known_cards())
            .collect();
        for suit in Suit::DESCENDING {
            let mut free = self
                .game
                .ranks()
                .iter()
                .map(|&rank| Card::new(suit, rank))
                .filter(|card| !placed.contains(card));
            for &seat in self.game.seats() {
                for entry in hands[seat].cards.iter_mut() {
                    if *entry == HandCard::Spot(suit) {
                        *entry = free.next().map_or(HandCard::Unknown(suit), HandCard::Known);
                    }
                }
            }
        }
        for &seat in self.game.seats() {
            let hand = &mut hands[seat];
            hand.cards.sort_unstable();
            hand.held = held(&hand.cards);
        }
        hands
    }

    /// The cards of the deck that no hand holds: what "the fourth hand
    /// gets the rest" gives it.
    pub fn missing_cards(&self) -> Vec<Card> {
        let mut missing = self.game.deck();
        for &seat in self.game.seats() {
            for card in self.hands[seat].known_cards() {
                if let Some(i) = missing.iter().position(|&c| c == card) {
                    missing.remove(i);
                }
            }
        }
        missing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Seat;
    use proptest::prelude::*;

    proptest! {
        /// A hand made from a set of cards is the hand gathered from them
        /// one by one, in the order a diagram writes them.
        #[test]
        fn a_hand_from_its_bits_is_the_hand_gathered(bits in any::<u64>()) {
            let set = CardSet::of_bits(bits);
            let gathered: Hand = set.descending().map(HandCard::Known).collect();
            prop_assert_eq!(Hand::from(set), gathered);
        }
    }

    fn hand(cards: &[&str]) -> Hand {
        cards
            .iter()
            .map(|c| HandCard::Known(c.parse().unwrap()))
            .collect()
    }

    #[test]
    fn high_card_points_count_the_honours_named() {
        assert_eq!(hand(&["SA", "SK", "HQ", "DJ", "CT", "C2"]).high_card_points(), 10);
        let mut spots = hand(&["SA"]);
        spots.push(HandCard::Spot(Suit::Hearts));
        assert_eq!(spots.high_card_points(), 4);
    }

    #[test]
    fn suit_string_orders_by_rank() {
        let h = hand(&["S2", "SA", "HT", "C3", "CK"]);
        assert_eq!(h.to_suit_string(Rules::Bridge), "A2.T..K3");
    }

    #[test]
    fn order_of_writing_does_not_matter() {
        assert_eq!(hand(&["SA", "H2", "SK"]), hand(&["SK", "SA", "H2"]));
        let mut h = hand(&["H2"]);
        h.push(HandCard::Known("SA".parse().unwrap()));
        assert_eq!(h, hand(&["SA", "H2"]));
    }

    #[test]
    fn duplicates_are_kept_and_removed_one_at_a_time() {
        let mut h = hand(&["SA", "SA"]);
        assert!(h.remove("SA".parse().unwrap()));
        assert_eq!(h.len(), 1);
        assert!(h.remove("SA".parse().unwrap()));
        assert!(!h.remove("SA".parse().unwrap()));
    }

    #[test]
    fn a_suit_no_hand_holds_is_unknown_in_a_short_hand_but_void_in_a_full_one() {
        let mut deal = Deal::new(Rules::Bridge);
        deal.hands[Seat::North] = hand(&["S8"]);
        deal.hands[Seat::South] = hand(&["SA", "S4", "H2"]);
        deal.given = [Seat::North, Seat::South, Seat::East].into_iter().collect();
        assert!(deal.suit_known(Seat::North, Suit::Spades));
        assert!(
            deal.suit_known(Seat::North, Suit::Hearts),
            "South holds a heart: North's are void"
        );
        assert!(!deal.suit_known(Seat::North, Suit::Clubs));
        assert!(
            !deal.suit_known(Seat::East, Suit::Spades),
            "East's hand is not given"
        );
        let full = hand(&[
            "SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2",
        ]);
        deal.hands[Seat::North] = full;
        assert!(
            deal.suit_known(Seat::North, Suit::Clubs),
            "a thirteen-card hand's void is real"
        );
    }

    #[test]
    fn spots_take_the_lowest_free_cards() {
        let mut deal = Deal::new(Rules::Bridge);
        deal.hands[Seat::North] = hand(&["S2"]);
        deal.hands[Seat::South].push(HandCard::Spot(Suit::Spades));
        deal.hands[Seat::South].push(HandCard::Spot(Suit::Spades));
        let resolved = deal.with_spots_resolved();
        assert_eq!(resolved[Seat::South].to_suit_string(Rules::Bridge), "43...");
    }
}
