//! Vetting PBN's deal, auction and play: the common forms read directly,
//! anything else through the reader's own grammar (`sections`), and the
//! rules applied as the words come.

use super::sections::{CallPiece, CardPiece, call, card_bit, pieces};
use crate::model::{AuctionItem, Contract};
use crate::notation::vet::{Calls, CardBit, Hands, Play, seat_index};

/// One word of the auction: calls and the marks after them.
pub fn auction_word(calls: &mut Calls, word: &str) -> Option<()> {
    // Most words are a call alone, taken without cutting them in pieces.
    if let Some(item) = call(word) {
        return make(calls, item);
    }
    for (_, piece) in pieces(word) {
        match CallPiece::of(piece) {
            CallPiece::Sign => {}
            CallPiece::Mark(_) if calls.made > 0 => {}
            CallPiece::Call(item) => make(calls, item)?,
            _ => return None,
        }
    }
    Some(())
}

fn make(calls: &mut Calls, item: AuctionItem) -> Option<()> {
    match item {
        AuctionItem::Call(c) => calls.make(c),
        AuctionItem::AllPass => calls.all_pass(),
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
        // Most words are a card alone, taken without cutting them in
        // pieces.
        if let Some(Some(card)) = card_bit(word.as_bytes()) {
            return self.take(card);
        }
        for (_, piece) in pieces(word) {
            match CardPiece::of(piece) {
                CardPiece::End => {}
                CardPiece::Mark(_) if self.cards > 0 => {}
                CardPiece::Card(Some(card)) => self.take(CardBit::new(card))?,
                _ => return None,
            }
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
