//! Vetting: a quick pass over a bridge record written the common way, on
//! sets of bits rather than the model, that either vouches that the full
//! reader would find nothing wrong with the record or says it can't tell.
//!
//! `check` vets every record and reads in full only those it can't vouch
//! for, which is what lets it go through a million records a second. The
//! full reader alone says what is wrong; vetting never does. So a vetter
//! accepts only what it understands completely, and anything unusual (a
//! spot card, a claimed trick, an irregularity, a value given by `#`) is
//! left to the reader.

use crate::model::bidding::Bidding;
use crate::model::{Call, Card, Contract, Doubling, Rank, Seat, Suit};

/// The bridge seats clockwise, in the order the vetters count them.
pub const SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

/// A bridge seat's place in [`SEATS`].
pub fn seat_index(seat: Seat) -> Option<usize> {
    SEATS.iter().position(|&s| s == seat)
}

/// A card as the number of its bit in a hand: sixteen bits to a suit, the
/// rank's own number (2 to 14) within, so that within a suit the higher
/// number is the higher card. Never 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardBit(u8);

/// Rank and suit numbers by letter, 0 for none (suits are counted from 1),
/// from the model's own readings of letters.
pub static RANK_OF: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 128 {
        if let Some(rank) = Rank::from_letter(b as u8 as char) {
            table[b] = rank as u8;
        }
        b += 1;
    }
    table
};
static SUIT_OF: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 128 {
        if let Some(suit) = Suit::from_letter(b as u8 as char) {
            table[b] = suit as u8 + 1;
        }
        b += 1;
    }
    table
};

impl CardBit {
    pub fn new(card: Card) -> CardBit {
        CardBit(card.bit())
    }

    /// A suit letter and a rank letter, as the reader's grammars take them.
    pub fn from_letters(suit: u8, rank: u8) -> Option<CardBit> {
        let (suit, rank) = (SUIT_OF[suit as usize], RANK_OF[rank as usize]);
        (suit != 0 && rank != 0).then(|| CardBit((suit - 1) * 16 + rank))
    }

    /// A rank letter in a suit.
    pub fn of_suit(suit: Suit, rank: u8) -> Option<CardBit> {
        CardBit::in_suit(suit as u8, rank)
    }

    /// A card of the model's suits and ranks.
    pub fn of_rank(suit: Suit, rank: Rank) -> CardBit {
        CardBit(Card::new(suit, rank).bit())
    }

    /// The card in the model.
    pub fn card(self) -> Card {
        // Made from a suit and a rank, a card bit is always a card's.
        Card::from_bit(self.0).unwrap_or_else(|| unreachable!("bit {} stands for no card", self.0))
    }

    fn in_suit(suit: u8, rank: u8) -> Option<CardBit> {
        let rank = RANK_OF[rank as usize];
        (rank != 0).then(|| CardBit(suit * 16 + rank))
    }

    fn suit(self) -> u8 {
        self.0 >> 4
    }

    pub fn mask(self) -> u64 {
        1 << self.0
    }
}

fn suit_mask(suit: u8) -> u64 {
    0xFFFF << (suit * 16)
}

/// The four hands of a deal, one set of bits each, and how many cards each
/// holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hands {
    bits: [u64; 4],
    counts: [u8; 4],
}

impl Hands {
    /// Gives `seat` the card; false when it was dealt already.
    pub fn deal(&mut self, seat: usize, card: CardBit) -> bool {
        let [n, e, s, w] = self.bits;
        if (n | e | s | w) & card.mask() != 0 {
            return false;
        }
        self.bits[seat] |= card.mask();
        self.counts[seat] += 1;
        true
    }

    /// Gives `seat` a set of cards at once; false when one was dealt already.
    pub fn give(&mut self, seat: usize, cards: u64) -> bool {
        let [n, e, s, w] = self.bits;
        if (n | e | s | w) & cards != 0 {
            return false;
        }
        self.bits[seat] |= cards;
        self.counts[seat] += cards.count_ones() as u8;
        true
    }

    /// Hands from their cards, `written` cards having been written in all;
    /// None when a card was written twice or a hand holds more than
    /// thirteen.
    pub fn from_bits(bits: [u64; 4], written: u32) -> Option<Hands> {
        let [n, e, s, w] = bits;
        let counts = bits.map(|hand| hand.count_ones() as u8);
        let once = (n | e | s | w).count_ones() == written;
        (once && counts.iter().all(|&c| c <= 13)).then_some(Hands { bits, counts })
    }

    pub fn len(&self, seat: usize) -> usize {
        self.counts[seat] as usize
    }

    /// Every hand holds thirteen cards.
    pub fn full(&self) -> bool {
        self.counts == [13; 4]
    }

    /// Gives `seat` every card no other hand holds.
    pub fn deal_rest(&mut self, seat: usize) {
        let [n, e, s, w] = self.bits;
        let rest = !(n | e | s | w) & (0..4).fold(0, |all, suit| all | (0x7FFC << (suit * 16)));
        self.bits[seat] |= rest;
        self.counts[seat] += rest.count_ones() as u8;
    }
}

/// An auction followed call by call with the model's bidding rules.
pub struct Calls {
    bidding: Bidding,
    seat: usize,
    /// Calls written so far.
    pub made: usize,
    /// For each side (North-South, East-West) and strain, the seat that
    /// named it first: declarer, should the contract be in it.
    named: [[Option<Seat>; 5]; 2],
}

impl Calls {
    pub fn new(dealer: usize) -> Calls {
        Calls {
            bidding: Bidding::default(),
            seat: dealer,
            made: 0,
            named: [[None; 5]; 2],
        }
    }

    /// The contract the auction ended in, None (inside) when it was passed
    /// out; None when it has not ended.
    pub fn contract(&self) -> Option<Option<Contract>> {
        if !self.bidding.ended() {
            return None;
        }
        Some(self.bidding.last_bid().map(|(seat, bid, doubled)| Contract {
            level: Some(bid.level),
            strain: bid.strain,
            doubling: [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled][doubled as usize],
            goal: None,
            declarer: self.named[seat_index(seat).unwrap_or(0) % 2][bid.strain as usize].unwrap_or(seat),
            leader: None,
        }))
    }

    /// A call; None when the rules forbid it.
    pub fn make(&mut self, call: Call) -> Option<()> {
        self.made += 1;
        if let Call::Bid(bid) = call {
            self.named[self.seat % 2][bid.strain as usize].get_or_insert(SEATS[self.seat]);
        }
        self.bidding.accept(SEATS[self.seat], call).ok()?;
        self.seat = (self.seat + 1) % 4;
        Some(())
    }

    /// "All pass": the passes that end the auction (at least one).
    pub fn all_pass(&mut self) -> Option<()> {
        for _ in 0..self.bidding.passes_to_end().max(1) {
            self.bidding.accept(SEATS[self.seat], Call::Pass).ok()?;
            self.seat = (self.seat + 1) % 4;
        }
        self.made += 1;
        Some(())
    }
}

/// A bridge play followed card by card from the opening lead: each card
/// must be in the hand whose turn it is and follow suit when it can, and
/// each trick goes to the card that wins it by the rules.
pub struct Play {
    hands: [u64; 4],
    trump: Option<u8>,
    /// The seat on lead, the cards played to the trick so far, the suit
    /// led, and the best card yet with the seat that played it.
    leader: usize,
    cards: usize,
    led: Option<u8>,
    best: (CardBit, usize),
}

impl Play {
    pub fn new(hands: Hands, trump: Option<Suit>, leader: usize) -> Play {
        Play {
            hands: hands.bits,
            trump: trump.map(|s| s as u8),
            leader,
            cards: 0,
            led: None,
            best: (CardBit(0), leader),
        }
    }

    /// The seat whose turn it is.
    pub fn turn(&self) -> usize {
        (self.leader + self.cards) % 4
    }

    /// Cards played to the trick in progress.
    pub fn in_trick(&self) -> usize {
        self.cards
    }

    /// A rank letter in the suit led, for a play that names only its rank.
    pub fn follow(&self, rank: u8) -> Option<CardBit> {
        CardBit::in_suit(self.led?, rank)
    }

    /// A rank in the suit led, for a play that names only its rank.
    pub fn follow_rank(&self, rank: Rank) -> Option<CardBit> {
        Some(CardBit(self.led? * 16 + rank as u8))
    }

    /// Whether `seat` holds the card now.
    pub fn holds(&self, seat: usize, card: CardBit) -> bool {
        self.hands[seat] & card.mask() != 0
    }

    /// A whole trick from its lead, the cards in the order played: false
    /// when a seat does not hold its card or must follow suit with another.
    /// Cheaper than four plays, as most tricks are written whole.
    pub fn whole_trick(&mut self, cards: [CardBit; 4]) -> bool {
        if self.cards > 0 {
            return cards.into_iter().all(|card| self.play(card));
        }
        let led = cards[0].suit();
        let trump = self.trump.unwrap_or(u8::MAX);
        // Who wins a trick is data no guess gets right: it is worked out
        // without branches, as is whether all is well.
        let (mut fine, mut best) = (true, 0);
        for (i, card) in cards.into_iter().enumerate() {
            let seat = (self.leader + i) % 4;
            let hand = self.hands[seat];
            let suit = card.suit();
            fine &= (hand & card.mask() != 0) & ((suit == led) | (hand & suit_mask(led) == 0));
            // Trumps above the suit led, the suit led above the rest; the
            // rank within; the seat below that.
            let rank = u16::from(card.0 & 15) | u16::from(suit == led) << 4 | u16::from(suit == trump) << 5;
            best = best.max(rank << 2 | seat as u16);
            self.hands[seat] = hand & !card.mask();
        }
        self.leader = usize::from(best & 3);
        fine
    }

    /// Plays the card for the seat whose turn it is; false when that seat
    /// does not hold it or must follow suit with another.
    pub fn play(&mut self, card: CardBit) -> bool {
        let seat = self.turn();
        let hand = self.hands[seat];
        let suit = card.suit();
        let revoke = self
            .led
            .is_some_and(|led| led != suit && hand & suit_mask(led) != 0);
        if hand & card.mask() == 0 || revoke {
            return false;
        }
        self.hands[seat] = hand & !card.mask();
        let best = self.best.0;
        let beats = match self.led {
            None => true,
            // Within a suit the higher bit is the higher card.
            Some(_) if suit == best.suit() => card.0 > best.0,
            Some(_) => Some(suit) == self.trump,
        };
        if beats {
            self.best = (card, seat);
        }
        self.led.get_or_insert(suit);
        self.cards += 1;
        if self.cards == 4 {
            self.leader = self.best.1;
            self.cards = 0;
            self.led = None;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> CardBit {
        CardBit::new(text.parse().unwrap())
    }

    #[test]
    fn a_card_is_dealt_once() {
        let mut hands = Hands::default();
        assert!(hands.deal(0, card("SA")));
        assert!(!hands.deal(2, card("SA")));
        assert_eq!((hands.len(0), hands.len(2)), (1, 0));
        assert!(!hands.full());
    }

    #[test]
    fn follow_suit_and_the_trick_goes_to_the_winner() {
        let mut hands = Hands::default();
        let held = [["SA", "H2"], ["S2", "C3"], ["H5", "D4"], ["S3", "C5"]];
        for (seat, cards) in held.iter().enumerate() {
            for c in cards {
                hands.deal(seat, card(c));
            }
        }
        // Hearts are trumps; East leads a spade and South, out of spades,
        // ruffs.
        let mut play = Play::new(hands, Some(Suit::Hearts), 1);
        assert!(play.play(card("S2")));
        assert!(play.play(card("H5")));
        assert!(!play.play(card("C5")), "West must follow with S3");
        assert!(!play.play(card("SK")), "West does not hold SK");
        assert!(play.play(card("S3")));
        assert!(play.play(card("SA")));
        assert_eq!((play.turn(), play.in_trick()), (2, 0), "South's ruff won");
    }
}
