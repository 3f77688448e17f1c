//! Vetting PBN's deal, auction and play: the common forms read directly,
//! anything else through the reader's own grammar (`sections`), and the
//! rules applied as the words come.

use super::sections::{call, card, mark, pieces};
use crate::model::{AuctionItem, Bid, Call, Contract, Seat, Strain};
use crate::notation::source::first_of;
use crate::notation::vet::{Calls, CardBit, Hands, Play, RANK_OF, seat_index};

/// The seat a value starts with, as PBN's Dealer, Auction and Play do.
/// (White space before it other than spaces and tabs is the reader's to
/// judge.)
pub fn first_seat(value: &str) -> Option<usize> {
    let first = *value.as_bytes().iter().find(|b| !matches!(b, b' ' | b'\t'))?;
    Seat::from_letter(first as char).and_then(seat_index)
}

/// `N:hand hand hand hand`, each hand its four suits' ranks between dots;
/// empty hands for an empty value. None for anything else (a hand left
/// out, a spot, a card twice, more than thirteen cards).
pub fn deal(value: &str) -> Option<Hands> {
    let bytes = value.trim().as_bytes();
    let Some((&[first, colon], written)) = bytes.split_first_chunk() else {
        return bytes.is_empty().then(Hands::default);
    };
    let dealer = Seat::from_letter(first as char).and_then(seat_index)?;
    if colon != b':' {
        return None;
    }
    let (mut bits, mut cards, mut rest) = ([0u64; 4], 0, written);
    for (i, held) in bits.iter_mut().enumerate() {
        let end = if i < 3 {
            first_of(rest, 0, [b' ', b'\t'])?
        } else {
            rest.len()
        };
        let (hand, n) = hand(&rest[..end])?;
        (*held, cards) = (hand, cards + n);
        rest = rest[end..].trim_ascii_start();
    }
    let mut dealt = [0u64; 4];
    for (i, hand) in bits.into_iter().enumerate() {
        dealt[(dealer + i) % 4] = hand;
    }
    Hands::from_bits(dealt, cards)
}

/// What each byte is to a hand: a rank's bit, 1 for the dot after a suit,
/// 0 for anything else.
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
    table
};

/// One hand's four suits, spades first, and how many cards were written in
/// it. Every byte is taken the same way, without a branch on how long a
/// suit is (which no guess gets right), and a fault is looked at once.
fn hand(written: &[u8]) -> Option<(u64, u32)> {
    let (mut held, mut dots, mut cards, mut fault) = (0u64, 0u32, 0u32, false);
    for &b in written {
        let byte = HAND_BYTES[b as usize];
        fault |= byte == 0;
        held |= u64::from(byte & !1) << (48u32.wrapping_sub(16 * dots) & 63);
        dots += u32::from(byte == 1);
        cards += u32::from(byte > 1);
    }
    (!fault && dots == 3).then_some((held, cards))
}

/// One word of the auction: calls and the marks after them.
pub fn auction_word(calls: &mut Calls, word: &str) -> Option<()> {
    if let Some(call) = plain_call(word.as_bytes()) {
        return calls.make(call);
    }
    for (_, piece) in pieces(word) {
        if piece == "*" || piece == "+" {
            continue;
        }
        if piece == "-" || piece.starts_with('^') {
            return None;
        }
        if mark(piece).is_some() {
            if calls.made == 0 {
                return None;
            }
            continue;
        }
        match call(piece)? {
            AuctionItem::Call(c) => calls.make(c)?,
            AuctionItem::AllPass => calls.all_pass()?,
            _ => return None,
        }
    }
    Some(())
}

/// A call as most programs write it (`Pass`, `X`, `XX`, `1C` to `7NT`),
/// read without the general grammar.
fn plain_call(word: &[u8]) -> Option<Call> {
    let strain = |s: &[u8]| match s {
        b"C" => Some(Strain::Clubs),
        b"D" => Some(Strain::Diamonds),
        b"H" => Some(Strain::Hearts),
        b"S" => Some(Strain::Spades),
        b"NT" | b"N" => Some(Strain::NoTrump),
        _ => None,
    };
    match word {
        b"Pass" => Some(Call::Pass),
        b"X" => Some(Call::Double),
        b"XX" => Some(Call::Redouble),
        [level @ b'1'..=b'7', rest @ ..] => Some(Call::Bid(Bid {
            level: level - b'0',
            strain: strain(rest)?,
        })),
        _ => None,
    }
}

/// The play section's rows of four cards under the seats' columns from
/// `first`, each row a trick led by the winner of the one before.
pub struct Rows {
    play: Play,
    first: usize,
    row: [Option<CardBit>; 4],
    in_row: usize,
    cards: usize,
}

impl Rows {
    /// None when the play can't be followed: without a full deal and a
    /// contract, the reader decides what the cards mean.
    pub fn new(first: usize, contract: Contract, hands: Hands) -> Option<Rows> {
        let leader = (seat_index(contract.declarer)? + 1) % 4;
        hands.full().then(|| Rows {
            play: Play::new(hands, contract.strain.trump(), leader),
            first,
            row: [None; 4],
            in_row: 0,
            cards: 0,
        })
    }

    /// One word of the play: cards and the marks after them.
    pub fn word(&mut self, word: &str) -> Option<()> {
        // A card as most programs write it, read without the grammar.
        if let [suit, rank] = word.as_bytes()
            && let Some(card) = CardBit::from_letters(*suit, *rank)
        {
            return self.take(card);
        }
        for (_, piece) in pieces(word) {
            if piece == "*" {
                continue;
            }
            if mark(piece).is_some() {
                if self.cards == 0 {
                    return None;
                }
                continue;
            }
            self.take(CardBit::new(card(piece)??))?;
        }
        Some(())
    }

    /// A whole row of four cards, as most tricks are written.
    pub fn row(&mut self, cards: [CardBit; 4]) -> Option<()> {
        if self.in_row > 0 {
            return cards.into_iter().try_for_each(|c| self.take(c));
        }
        self.cards += 4;
        self.whole_row(cards)
    }

    /// Four cards under the seats' columns, played from the leader round.
    fn whole_row(&mut self, row: [CardBit; 4]) -> Option<()> {
        let lead = (self.play.turn() + 4 - self.first) % 4;
        self.play
            .whole_trick([0, 1, 2, 3].map(|i| row[(lead + i) % 4]))
            .then_some(())
    }

    pub fn take(&mut self, card: CardBit) -> Option<()> {
        self.row[self.in_row] = Some(card);
        self.in_row += 1;
        self.cards += 1;
        if self.in_row == 4 {
            self.trick()?;
            self.in_row = 0;
            self.row = [None; 4];
        }
        Some(())
    }

    /// The play is over: a last trick played part way must start under
    /// its leader's column.
    pub fn finish(mut self) -> Option<()> {
        if self.in_row > 0 && self.play.turn() != self.first {
            return None;
        }
        self.trick()
    }

    /// One row: every card in the hand of its column's seat, played from
    /// the leader round.
    fn trick(&mut self) -> Option<()> {
        if let [Some(a), Some(b), Some(c), Some(d)] = self.row {
            return self.whole_row([a, b, c, d]);
        }
        let lead = (self.play.turn() + 4 - self.first) % 4;
        for (column, card) in self.row.iter().enumerate() {
            if card.is_some_and(|c| !self.play.holds((self.first + column) % 4, c)) {
                return None;
            }
        }
        for i in 0..4 {
            if let Some(card) = self.row[(lead + i) % 4] {
                self.play.play(card).then_some(())?;
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:QT4.AQ98765.9.T6 A3.32.AQJ865.QJ7 K876.J.K72.AK952 J952.KT4.T43.843";

    #[test]
    fn a_full_deal_is_read_from_its_first_seat() {
        let hands = deal(DEAL).expect("a deal");
        assert!(hands.full());
        let from_east = deal(&DEAL.replacen('N', "E", 1)).expect("a deal");
        assert_ne!(hands, from_east);
        assert_eq!(deal("  "), Some(Hands::default()));
    }

    #[test]
    fn deals_vetting_cannot_vouch_for_go_to_the_reader() {
        let refused = [
            DEAL.replacen("QT4", "QQ4", 1),               // a card twice
            DEAL.replacen(" A3", " S3", 1),               // no rank
            DEAL.replacen(".9.T6", ".9T6", 1),            // three suits
            DEAL.replacen(".9.", ".9..", 1),              // five suits
            format!("{DEAL} AKQ..."),                     // five hands
            DEAL.rsplit_once(' ').unwrap().0.to_string(), // three hands
            DEAL.replacen("N:", "N", 1),
            DEAL.replacen("N:", "Z:", 1),
            DEAL.replacen("J952.KT4.T43.843", "J952.KT4.T43.8432", 1),
        ];
        for value in refused {
            assert_eq!(deal(&value), None, "{value}");
        }
        assert!(
            deal(&DEAL.replacen(' ', "  \t", 1)).is_some(),
            "gaps of any width"
        );
    }
}
