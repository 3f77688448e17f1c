//! The Deal tag's grammar, once for the reader and the vetter: `N:` (the
//! first seat), then four hands clockwise, each its four suits' ranks
//! between dots, spades first, `x` for a spot, `-` for a hand not given.
//! Each caller turns the hands into what it works on (the model's deal,
//! the vetter's bits) and chooses what a fault does: the reader reports
//! each and keeps what can be read, the vetter stops at the first.

use std::fmt;
use std::ops::ControlFlow;

use super::values;
use crate::model::{Card, CardSet, Deal, Hand, HandCard, Rank, Rules, Seat, Suit};
use crate::notation::vet::{RANK_OF, SEATS, seat_index};

/// A hand as written: its cards as bits (as [`Card::bit`] numbers them),
/// how many spots each suit holds, and the cards it names again.
#[derive(Debug, Default)]
pub struct Holding {
    pub cards: u64,
    /// By [`Suit`]'s number.
    pub spots: [u32; 4],
    pub again: Vec<Card>,
}

/// What is wrong with a deal, in the words the reader reports.
#[derive(Debug)]
pub enum Fault<'a> {
    NoFirstSeat,
    NotASeat(&'a str),
    Hands(usize),
    Suits(Seat, &'a str),
    NotARank(Seat, char),
    Twice(Card),
    Long(Seat, u32),
}

impl fmt::Display for Fault<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::NoFirstSeat => write!(f, "a deal starts with its first seat, like N:"),
            Fault::NotASeat(first) => write!(f, "`{first}` is not a seat"),
            Fault::Hands(n) => write!(f, "a deal has four hands, not {n}"),
            Fault::Suits(seat, hand) => {
                write!(
                    f,
                    "{}'s hand `{hand}` needs four suits separated by dots",
                    seat.name()
                )
            }
            Fault::NotARank(seat, c) => write!(f, "`{c}` in {}'s hand is not a rank", seat.name()),
            Fault::Twice(card) => write!(f, "{card} is dealt twice"),
            Fault::Long(seat, n) => write!(f, "{} has {n} cards; a hand holds at most 13", seat.name()),
        }
    }
}

/// The hands given, in [`SEATS`]' order; None for a seat whose hand is
/// not given.
pub type Hands = [Option<Holding>; 4];

/// Reads a deal, telling `fault` each fault in the order written; None
/// when it has no first seat, or `fault` breaks off.
pub fn deal<'a>(value: &'a str, fault: &mut impl FnMut(Fault<'a>) -> ControlFlow<()>) -> Option<Hands> {
    let value = value.trim();
    if value.is_empty() {
        return Some(Hands::default());
    }
    // Without its first seat the deal is not read, whatever the caller
    // does with the fault.
    let Some((first, hands)) = value.split_once(':') else {
        let _ = fault(Fault::NoFirstSeat);
        return None;
    };
    let Some(seat) = values::first_seat(first) else {
        let _ = fault(Fault::NotASeat(first));
        return None;
    };
    match plain_hands(hands) {
        Some(plain) => seated(seat, plain.map(Some)),
        None => written_hands(seat, hands, fault),
    }
}

/// The hands written from `first` round, each at its seat.
fn seated(mut seat: Seat, written: [Option<Holding>; 4]) -> Option<Hands> {
    let mut dealt = Hands::default();
    for held in written {
        dealt[seat_index(seat)?] = held;
        seat = Rules::Bridge.next_seat(seat);
    }
    Some(dealt)
}

/// The hands by the general rules: any white space between them, `-` for
/// a hand not given, spots, and each fault told.
fn written_hands<'a>(
    first: Seat,
    hands: &'a str,
    fault: &mut impl FnMut(Fault<'a>) -> ControlFlow<()>,
) -> Option<Hands> {
    let (written, more) = cut_hands(hands);
    if more > 0 {
        check(fault(Fault::Hands(4 + more)))?;
    }
    let mut seen = 0;
    let mut held: [Option<Holding>; 4] = Default::default();
    let mut seat = first;
    for (held, hand) in held.iter_mut().zip(written.into_iter().flatten()) {
        if hand != "-" {
            *held = Some(holding(seat, hand, &mut seen, fault)?);
        }
        seat = Rules::Bridge.next_seat(seat);
    }
    seated(first, held)
}

/// Four hands one space apart, each of four suits of ranks alone, no card
/// twice and none longer than thirteen cards, as nearly every program
/// writes a deal: read in one pass. None for anything else (spots too),
/// which the general rules below read and explain.
fn plain_hands(hands: &str) -> Option<[Holding; 4]> {
    let mut rest = hands.as_bytes();
    let mut four: [Holding; 4] = Default::default();
    let mut seen = 0;
    for (i, held) in four.iter_mut().enumerate() {
        // The last hand runs to the end: a space in it is no rank.
        let end = if i < 3 {
            memchr::memchr(b' ', rest)?
        } else {
            rest.len()
        };
        *held = sweep::<false>(&rest[..end])?;
        if held.cards & seen != 0 || held.cards.count_ones() > 13 {
            return None;
        }
        seen |= held.cards;
        rest = rest.get(end + 1..).unwrap_or_default();
    }
    Some(four)
}

/// The first four hands, cut at white space, and how many more there
/// are. Bytes are cut where all are ASCII, as nearly always (the vertical
/// tab, white space to `char` but not to `u8`, aside).
fn cut_hands(text: &str) -> ([Option<&str>; 4], usize) {
    fn four<'a>(mut hands: impl Iterator<Item = &'a str>) -> ([Option<&'a str>; 4], usize) {
        (std::array::from_fn(|_| hands.next()), hands.count())
    }
    if text.bytes().all(|b| b.is_ascii() && b != 0x0B) {
        four(text.split_ascii_whitespace())
    } else {
        four(text.split_whitespace())
    }
}

fn check(flow: ControlFlow<()>) -> Option<()> {
    flow.is_continue().then_some(())
}

/// What each byte is to a hand: a rank's bit (4 or more), 1 for the dot
/// after a suit, 2 for a spot, 0 for anything else.
static HAND_BYTES: [u16; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        if RANK_OF[b] != 0 {
            table[b] = 1 << RANK_OF[b];
        }
        b += 1;
    }
    table[b'.' as usize] = 1;
    table[b'x' as usize] = 2;
    table[b'X' as usize] = 2;
    table
};

/// One hand, `seen` the cards of the hands before it: a hand with a fault
/// is read again a character at a time to tell each.
fn holding<'a>(
    seat: Seat,
    hand: &'a str,
    seen: &mut u64,
    fault: &mut impl FnMut(Fault<'a>) -> ControlFlow<()>,
) -> Option<Holding> {
    let held = match sweep::<true>(hand.as_bytes()).filter(|h| h.cards & *seen == 0) {
        Some(held) => held,
        None => explained(seat, hand, seen, fault)?,
    };
    *seen |= held.cards;
    let len = held.len();
    if len > 13 {
        check(fault(Fault::Long(seat, len)))?;
    }
    Some(held)
}

/// A hand of four suits and nothing but ranks and spots (or ranks alone,
/// without `SPOTS`), each card once; None for anything else. Every byte is
/// taken the same way, without a branch on how long a suit is (which no
/// guess gets right).
fn sweep<const SPOTS: bool>(hand: &[u8]) -> Option<Holding> {
    // Spots are counted sixteen bits a suit, which a longer hand could
    // overflow.
    if hand.len() > usize::from(u16::MAX) {
        return None;
    }
    let (mut cards, mut spots, mut dots, mut count, mut odd) = (0u64, 0u64, 0u32, 0u32, false);
    for &b in hand {
        let byte = HAND_BYTES[b as usize];
        let shift = 48u32.wrapping_sub(16 * dots) & 63;
        odd |= byte == 0 || (!SPOTS && byte == 2);
        cards |= u64::from(byte & !3) << shift;
        if SPOTS {
            spots += u64::from(byte == 2) << shift;
        }
        dots += u32::from(byte == 1);
        count += u32::from(byte > 3);
    }
    (!odd && dots == 3 && cards.count_ones() == count).then(|| Holding {
        cards,
        spots: [0, 1, 2, 3].map(|suit| u32::from((spots >> (16 * suit)) as u16)),
        again: Vec::new(),
    })
}

/// A hand with a fault, read a character at a time: each fault told in
/// the order written, and what can be read kept. Only the first four
/// suits are read.
fn explained<'a>(
    seat: Seat,
    hand: &'a str,
    seen: &u64,
    fault: &mut impl FnMut(Fault<'a>) -> ControlFlow<()>,
) -> Option<Holding> {
    if hand.bytes().filter(|&b| b == b'.').count() != 3 {
        check(fault(Fault::Suits(seat, hand)))?;
    }
    let mut held = Holding::default();
    let mut suits = Suit::DESCENDING.into_iter();
    let mut suit = suits.next()?;
    for c in hand.chars() {
        let byte = if c.is_ascii() { HAND_BYTES[c as usize] } else { 0 };
        match byte {
            0 => check(fault(Fault::NotARank(seat, c)))?,
            1 => match suits.next() {
                Some(next) => suit = next,
                None => break,
            },
            2 => held.spots[suit as usize] += 1,
            _ => {
                let card = Card::new(suit, Rank::ALL[byte.trailing_zeros() as usize - 2]);
                let bit = 1u64 << card.bit();
                if (seen | held.cards) & bit != 0 {
                    check(fault(Fault::Twice(card)))?;
                }
                if held.cards & bit != 0 {
                    held.again.push(card);
                }
                held.cards |= bit;
            }
        }
    }
    Some(held)
}

impl Holding {
    /// The cards and spots written, repeats counted.
    fn len(&self) -> u32 {
        self.cards.count_ones() + self.spots.iter().sum::<u32>() + self.again.len() as u32
    }

    /// The hand in the model. Spots, then cards, highest first: the
    /// model's order turned round, which it takes without sorting, in a
    /// vector it keeps.
    pub fn hand(self) -> Hand {
        if self.spots == [0; 4] && self.again.is_empty() {
            return Hand::from(CardSet::of_bits(self.cards));
        }
        let mut cards = Vec::with_capacity(self.len() as usize);
        for suit in Suit::DESCENDING {
            cards.extend((0..self.spots[suit as usize]).map(|_| HandCard::Spot(suit)));
        }
        cards.extend(CardSet::of_bits(self.cards).descending().map(HandCard::Known));
        cards.extend(self.again.into_iter().map(HandCard::Known));
        cards.into_iter().collect()
    }
}

/// The deal in the model: the hands given, each a seat's.
pub fn model(hands: Hands) -> Deal {
    let mut deal = Deal::new(Rules::Bridge);
    for (seat, held) in SEATS.into_iter().zip(hands) {
        if let Some(held) = held {
            deal.given.insert(seat);
            deal.hands[seat] = held.hand();
        }
    }
    deal
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:QT4.AQ98765.9.T6 A3.32.AQJ865.QJ7 K876.J.K72.AK952 J952.KT4.T43.843";

    /// The deal as the reader takes it, with its faults' messages.
    fn read(value: &str) -> (Option<Deal>, Vec<String>) {
        let mut faults = Vec::new();
        let hands = deal(value, &mut |f| {
            faults.push(f.to_string());
            ControlFlow::Continue(())
        });
        (hands.map(model), faults)
    }

    /// Whether a caller that stops at the first fault reads the deal.
    fn read_clean(value: &str) -> bool {
        deal(value, &mut |_| ControlFlow::Break(())).is_some()
    }

    #[test]
    fn deals_read_in_any_rank_order_with_absent_hands_and_spots() {
        let (d, faults) = read("W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -");
        let d = d.unwrap();
        assert_eq!(
            d.hands[Seat::West].to_suit_string(Rules::Bridge),
            "KQT2.AT.J6542.85"
        );
        assert!(!d.given.contains(Seat::North) && d.given.contains(Seat::East));
        let (any_order, more) = read("N:2TQK.TA.2456J.58 x.x.xx. - -");
        let any_order = any_order.unwrap();
        assert_eq!(
            any_order.hands[Seat::North].to_suit_string(Rules::Bridge),
            "KQT2.AT.J6542.85"
        );
        assert_eq!(
            any_order.hands[Seat::East].to_suit_string(Rules::Bridge),
            "x.x.xx."
        );
        assert!(faults.is_empty() && more.is_empty());
        assert!(read_clean(DEAL) && read_clean("  "));
    }

    #[test]
    fn each_fault_is_told_in_the_order_written_and_the_rest_kept() {
        let (d, faults) = read("N:AA.K?.. AQ.2.3 - - - J...");
        assert_eq!(
            faults,
            [
                "a deal has four hands, not 6",
                "SA is dealt twice",
                "`?` in North's hand is not a rank",
                "East's hand `AQ.2.3` needs four suits separated by dots",
                "SA is dealt twice",
            ]
        );
        let d = d.unwrap();
        assert_eq!(d.hands[Seat::North].len(), 3, "SA twice and HK");
        let gaps = "N:AK...\u{b}QJ...\u{a0}T9... 87...";
        assert!(read(gaps).1.is_empty(), "white space of every kind");
        assert_eq!(read("N AKQ").1, ["a deal starts with its first seat, like N:"]);
        assert_eq!(read("Z:AKQ...").1, ["`Z` is not a seat"]);
        let long = "N:AKQJT98765432.A.. - - -";
        assert_eq!(read(long).1, ["North has 14 cards; a hand holds at most 13"]);
        let spots = format!("N:{}... - - -", "x".repeat(70_000));
        assert_eq!(read(&spots).1, ["North has 70000 cards; a hand holds at most 13"]);
    }

    #[test]
    fn a_caller_that_stops_at_a_fault_reads_no_faulty_deal() {
        let refused = [
            DEAL.replacen("QT4", "QQ4", 1),    // a card twice
            DEAL.replacen(" A3", " S3", 1),    // no rank
            DEAL.replacen(".9.T6", ".9T6", 1), // three suits
            DEAL.replacen(".9.", ".9..", 1),   // five suits
            format!("{DEAL} AKQ..."),          // five hands
            DEAL.replacen("N:", "N", 1),
            DEAL.replacen("N:", "Z:", 1),
            DEAL.replacen("J952.KT4.T43.843", "AKQJT98765432.A..", 1),
        ];
        for value in refused {
            assert!(!read_clean(&value), "{value}");
        }
        assert!(read_clean(&DEAL.replacen(' ', "  \t", 1)), "gaps of any width");
    }

    #[test]
    fn the_one_pass_reads_plain_deals_as_the_general_rules_do_and_only_those() {
        let hands = &DEAL[2..];
        let general = |h: &str| written_hands(Seat::North, h, &mut |_| ControlFlow::Break(()));
        let plain = |h: &str| plain_hands(h).and_then(|p| seated(Seat::North, p.map(Some)));
        let sorted = hands.replacen("QT4", "4TQ", 1).replacen("843", "384", 1);
        for h in [
            hands.to_string(),
            sorted,
            hands.to_lowercase(),
            "- - - -".replace('-', "..."),
        ] {
            assert!(plain(&h).is_some(), "{h}");
            assert_eq!(format!("{:?}", plain(&h)), format!("{:?}", general(&h)), "{h}");
        }
        let general_only = [
            hands.replacen("QT4", "QTx", 1), // a spot
            hands.replacen(" A3.32.AQJ865.QJ7", " -", 1),
            hands.replacen(' ', "  ", 1),
            hands.replacen(' ', "\t", 1),
            format!(" {hands}"),
            hands.replacen("QT4", "QQ4", 1), // a card twice
            hands.replacen("J952.KT4.T43.843", "AKQJT98765432.A..", 1),
        ];
        for h in general_only {
            assert!(plain_hands(&h).is_none(), "{h}");
        }
    }
}
