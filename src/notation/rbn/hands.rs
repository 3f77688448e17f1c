//! The H label: a starting seat, then hands clockwise, each after `:` (or
//! `;` when it is hidden), suits S.H.D.C separated by dots.
//!
//! ```text
//! hands = seat { (":" | ";") hand }
//! hand  = [suit] { "." [suit] }      at most four suits
//! suit  = { rank | "x" | "?" }
//! ```

use std::ops::Range;

use super::Issue;
use crate::model::{Card, CardSet, Deal, Hand, HandCard, Rank, Rules, Seat, Suit};
use crate::notation::vet::RANK_OF;

/// A card as a hand writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    Card(Rank),
    /// `x`: a low card of the suit.
    Spot,
    /// `?`: a card of the suit not known.
    Unknown,
}

/// What the H grammar can not read, at its byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    NoFirstSeat,
    FifthHand,
    FifthSuit,
    NotRank(char),
    /// Something other than `:` or `;` where a hand would begin.
    NoSeparator,
}

/// What H data gives, handed to its reader as it is read.
pub trait Dealing {
    /// A hand is given for `seat` (hidden when after `;`), from `at`.
    fn hand(&mut self, seat: Seat, hidden: bool, at: usize);
    /// A card of the hand last given.
    fn card(&mut self, suit: Suit, held: Held, at: usize);
    /// A suit of the hand last given written in rank letters alone, none
    /// twice (`written`, from `at`), with the cards' bits: a caller that
    /// wants only the bits takes them; by default, each card in turn.
    fn ranks(&mut self, suit: Suit, written: &[u8], _bits: u64, at: usize) {
        for (i, &b) in written.iter().enumerate() {
            if let Some(rank) = Rank::from_letter(char::from(b)) {
                self.card(suit, Held::Card(rank), at + i);
            }
        }
    }
    /// A hand of four suits in rank letters alone, none twice (`written`,
    /// from `at`), with its cards' bits: a caller that wants only the bits
    /// takes them; by default, a suit at a time, as [`Dealing::ranks`].
    fn plain_hand(&mut self, written: &[u8], cards: u64, at: usize) {
        by_suits(self, written, cards, at);
    }
    fn fault(&mut self, fault: Fault, at: usize);
}

/// A plain hand handed over a suit at a time, as [`Dealing::ranks`].
fn by_suits(dealing: &mut (impl Dealing + ?Sized), written: &[u8], cards: u64, at: usize) {
    let mut from = 0;
    for suit in Suit::DESCENDING {
        let end = memchr::memchr(b'.', &written[from..]).map_or(written.len(), |i| from + i);
        let bits = cards & (0xFFFF << (suit as u8 * 16));
        dealing.ranks(suit, &written[from..end], bits, at + from);
        from = end + 1;
    }
}

/// How the hands were written, for the rule that an empty fourth hand
/// after three holds the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub count: usize,
    pub last: Seat,
    pub last_empty: bool,
    pub last_hidden: bool,
}

impl Written {
    /// The seat given the cards the other three hands leave, should they
    /// hold thirteen each.
    pub fn rest_to(&self) -> Option<Seat> {
        (self.count == 4 && self.last_empty).then_some(self.last)
    }
}

/// Reads H data, handing what it gives to `dealing`; None when it does not
/// begin with a seat.
pub fn deal(data: &str, dealing: &mut impl Dealing) -> Option<Written> {
    let bytes = data.as_bytes();
    let Some(first) = bytes.first().and_then(|&b| Seat::from_letter(b as char)) else {
        dealing.fault(Fault::NoFirstSeat, 0);
        return None;
    };
    let (mut at, mut seat) = (1, first);
    let mut written = Written {
        count: 0,
        last: first,
        last_empty: false,
        last_hidden: false,
    };
    while let Some(&separator @ (b':' | b';')) = bytes.get(at) {
        if written.count == 4 {
            dealing.fault(Fault::FifthHand, at);
            break;
        }
        let hidden = separator == b';';
        dealing.hand(seat, hidden, at + 1);
        let end = hand(data, at + 1, dealing);
        written = Written {
            count: written.count + 1,
            last: seat,
            last_empty: end == at + 1,
            last_hidden: hidden,
        };
        (at, seat) = (end, Rules::Bridge.next_seat(seat));
    }
    if at < bytes.len() {
        dealing.fault(Fault::NoSeparator, at);
    }
    Some(written)
}

/// One hand's cards from `at`, suits S.H.D.C between dots; where it ends.
fn hand(data: &str, at: usize, dealing: &mut impl Dealing) -> usize {
    let bytes = data.as_bytes();
    let hand_end = memchr::memchr2(b':', b';', &bytes[at..]).map_or(bytes.len(), |i| at + i);
    if plain_hand(data, at..hand_end, dealing) {
        return hand_end;
    }
    suits(data, at, dealing)
}

/// A hand by the general rules: each suit to its dot, any characters.
fn suits(data: &str, mut at: usize, dealing: &mut impl Dealing) -> usize {
    let bytes = data.as_bytes();
    let mut suits = Suit::DESCENDING.into_iter();
    let mut suit = suits.next();
    loop {
        let end = (bytes[at..].iter())
            .position(|b| matches!(b, b'.' | b':' | b';'))
            .map_or(bytes.len(), |i| at + i);
        // What follows a fifth suit's dot is no card.
        if let Some(suit) = suit {
            suit_cards(data, suit, at..end, dealing);
        }
        if bytes.get(end) != Some(&b'.') {
            return end;
        }
        suit = suits.next();
        if suit.is_none() {
            dealing.fault(Fault::FifthSuit, end);
        }
        at = end + 1;
    }
}

/// A hand of four suits in rank letters alone, no card twice, as nearly
/// every deal is written: swept in one pass, with no branch on where a suit
/// ends (which no guess gets right), and handed over whole. False, having
/// handed nothing, for any other hand, which the general rules read.
fn plain_hand(data: &str, written: Range<usize>, dealing: &mut impl Dealing) -> bool {
    let bytes = &data.as_bytes()[written.clone()];
    let (mut cards, mut ranks, mut dots, mut odd) = (0u64, 0u32, 0u32, false);
    for &b in bytes {
        let dot = b == b'.';
        let bit = (1u64 << RANK_OF[usize::from(b)]) & !1;
        odd |= bit == 0 && !dot;
        cards |= bit << (48u32.wrapping_sub(16 * dots) & 63);
        ranks += u32::from(bit != 0);
        dots += u32::from(dot);
    }
    if odd || dots != 3 || cards.count_ones() != ranks {
        return false;
    }
    dealing.plain_hand(bytes, cards, written.start);
    true
}

/// One suit's cards. Most suits are rank letters alone, none twice: they
/// go to the caller at once, as bits of a hand (a card's bit as `CardBit` has it).
fn suit_cards(data: &str, suit: Suit, written: Range<usize>, dealing: &mut impl Dealing) {
    let bytes = &data.as_bytes()[written.clone()];
    let (mut ranks, mut plain) = (0u64, true);
    for &b in bytes {
        let bit = 1u64 << RANK_OF[usize::from(b)];
        plain &= bit != 1 && ranks & bit == 0;
        ranks |= bit;
    }
    if plain {
        dealing.ranks(suit, bytes, ranks << (suit as u8 * 16), written.start);
        return;
    }
    let mut at = written.start;
    while at < written.end {
        // A character beyond ASCII is no rank; it is decoded only to be named.
        let c = data[at..].chars().next().unwrap_or(' ');
        match (c, Rank::from_letter(c)) {
            ('x' | 'X', _) => dealing.card(suit, Held::Spot, at),
            ('?', _) => dealing.card(suit, Held::Unknown, at),
            (_, Some(rank)) => dealing.card(suit, Held::Card(rank), at),
            (_, None) => dealing.fault(Fault::NotRank(c), at),
        }
        at += c.len_utf8();
    }
}

/// The full reader's deal: the model's hands, and an issue for each fault.
struct Reading<'i> {
    deal: Deal,
    /// The hand being read, gathered and put in order once it ends.
    seat: Option<(Seat, usize)>,
    cards: Vec<HandCard>,
    /// A plain hand, taken whole from its bits.
    whole: Option<CardSet>,
    /// The cards of the hands before, so that a card dealt twice is
    /// reported where its second copy stands.
    placed: CardSet,
    issues: &'i mut Vec<Issue>,
}

impl Reading<'_> {
    fn end_hand(&mut self) {
        let Some((seat, at)) = self.seat.take() else {
            return;
        };
        // The list the cards are gathered in is kept for the next hand.
        self.deal.hands[seat] = match self.whole.take() {
            Some(set) => Hand::from(set),
            None => self.cards.drain(..).collect(),
        };
        let held = self.deal.hands[seat].len();
        if held > 13 {
            let message = format!("{} has {held} cards; a hand holds at most 13", seat.name());
            self.issues.push(Issue::new(at, message));
        }
    }
}

impl Dealing for Reading<'_> {
    fn hand(&mut self, seat: Seat, hidden: bool, at: usize) {
        self.end_hand();
        self.deal.given.insert(seat);
        if hidden {
            self.deal.hidden.insert(seat);
        }
        self.seat = Some((seat, at));
    }

    fn card(&mut self, suit: Suit, held: Held, at: usize) {
        self.cards.push(match held {
            Held::Spot => HandCard::Spot(suit),
            Held::Unknown => HandCard::Unknown(suit),
            Held::Card(rank) => {
                let card = Card::new(suit, rank);
                if !self.placed.insert(card) {
                    self.issues.push(Issue::new(at, format!("{card} is dealt twice")));
                }
                HandCard::Known(card)
            }
        });
    }

    /// A plain hand none of whose cards was dealt before is taken whole;
    /// one that deals a card again is read card by card, to say where.
    fn plain_hand(&mut self, written: &[u8], cards: u64, at: usize) {
        let set = CardSet::of_bits(cards);
        if self.placed.meets(set) {
            return by_suits(self, written, cards, at);
        }
        self.placed.insert_all(set);
        self.whole = Some(set);
    }

    fn fault(&mut self, fault: Fault, at: usize) {
        // Faults between hands come after what the hand before held.
        if matches!(fault, Fault::FifthHand | Fault::NoSeparator) {
            self.end_hand();
        }
        let message = match fault {
            Fault::NoFirstSeat => "hands must start with the seat of the first hand (N, E, S or W)".into(),
            Fault::FifthHand => "more than four hands".into(),
            Fault::FifthSuit => "a hand has only four suits".into(),
            Fault::NotRank(c) => format!("`{c}` is not a card rank"),
            Fault::NoSeparator => "expected `:` or `;` before a hand".into(),
        };
        self.issues.push(Issue::new(at, message));
    }
}

pub fn parse(data: &str, issues: &mut Vec<Issue>) -> Option<Deal> {
    let mut reading = Reading {
        deal: Deal::new(Rules::Bridge),
        seat: None,
        cards: Vec::new(),
        whole: None,
        placed: CardSet::default(),
        issues,
    };
    let written = deal(data, &mut reading)?;
    reading.end_hand();
    let mut deal = reading.deal;
    if let Some(fourth) = written.rest_to() {
        give_rest(&mut deal, fourth, written.last_hidden);
    }
    check_suit_lengths(&deal, reading.issues);
    Some(deal)
}

/// Spots and unknown cards are cards too: a suit cannot hold more than the
/// deck has of it.
fn check_suit_lengths(deal: &Deal, issues: &mut Vec<Issue>) {
    let mut counts = [0usize; 4];
    for &seat in Rules::Bridge.seats() {
        deal.hands[seat]
            .cards()
            .iter()
            .for_each(|c| counts[c.suit() as usize] += 1);
    }
    for suit in Suit::DESCENDING {
        let count = counts[suit as usize];
        if count > 13 {
            let name = format!("{suit:?}").to_lowercase();
            issues.push(Issue::new(
                0,
                format!("the hands hold {count} {name}; a suit has 13 cards"),
            ));
        }
    }
}

/// Three full hands and an empty fourth: the fourth holds the rest.
/// Spots (`x`) in the other hands are the lowest cards of their suits, so
/// they are placed before the rest is counted.
fn give_rest(deal: &mut Deal, fourth: Seat, hidden: bool) {
    let others = Rules::Bridge.seats().iter().filter(|&&s| s != fourth);
    if others.clone().all(|&s| deal.hands[s].len() == 13) {
        let placed = Deal {
            hands: deal.with_spots_resolved(),
            ..deal.clone()
        };
        deal.hands[fourth] = placed.missing_cards().into_iter().map(HandCard::Known).collect();
        if hidden {
            deal.hidden.insert(fourth);
        }
    }
}

/// Writes a deal back as H data: from the first given seat that follows
/// a seat not given (North when all are), clockwise to the last given one.
pub fn write(deal: &Deal) -> String {
    let seats = Rules::Bridge.seats();
    // A hidden hand is written even when it has no cards: `;` alone says
    // the seat is hidden.
    let written = |i: usize| deal.given.contains(seats[i % 4]) || deal.hidden.contains(seats[i % 4]);
    let start = (0..4).find(|&i| written(i) && !written(i + 3)).unwrap_or(0);
    let len = (1..=4).rev().find(|&n| written(start + n - 1)).unwrap_or(0);
    let mut out = String::from(seats[start].abbreviation());
    for i in start..start + len {
        let seat = seats[i % 4];
        out.push(if deal.hidden.contains(seat) { ';' } else { ':' });
        out.push_str(
            deal.hands[seat]
                .to_suit_string(Rules::Bridge)
                .trim_end_matches('.'),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every call a hand's reading makes, in order.
    #[derive(Default)]
    struct Calls(Vec<String>);

    impl Dealing for Calls {
        fn hand(&mut self, seat: Seat, hidden: bool, at: usize) {
            self.0.push(format!("hand {seat:?} {hidden} {at}"));
        }
        fn card(&mut self, suit: Suit, held: Held, at: usize) {
            self.0.push(format!("card {suit:?} {held:?} {at}"));
        }
        fn ranks(&mut self, suit: Suit, written: &[u8], bits: u64, at: usize) {
            let written = String::from_utf8_lossy(written);
            self.0.push(format!("ranks {suit:?} {written} {bits:x} {at}"));
        }
        fn fault(&mut self, fault: Fault, at: usize) {
            self.0.push(format!("fault {fault:?} {at}"));
        }
    }

    #[test]
    fn the_one_pass_hands_over_plain_hands_as_the_general_rules_do_and_only_those() {
        for hand in ["AKQ.JT9.876.5432", "...", "2.A.KQ.akqjt98765", "T98765432..AK.Q"] {
            let data = format!("N:{hand}:");
            let (mut plain, mut general) = (Calls::default(), Calls::default());
            assert!(plain_hand(&data, 2..data.len() - 1, &mut plain), "{hand}");
            assert_eq!(suits(&data, 2, &mut general), data.len() - 1);
            assert_eq!(plain.0, general.0, "{hand}");
        }
        for hand in [
            "AKQ.JT9.876",
            "AKQ.JT9.876.54.3",
            "AAK.Q.J.T",
            "AKx.Q.J.T",
            "AK?.Q.J.T",
            "AK .Q.J.T",
            "",
        ] {
            let mut calls = Calls::default();
            assert!(!plain_hand(hand, 0..hand.len(), &mut calls), "{hand}");
            assert!(calls.0.is_empty(), "{hand}");
        }
    }
}
