//! Vetting RBN's H, A, C, P and R labels in the forms the reader's
//! grammars take without a fault: the deal, the calls and cards followed by
//! the rules as they come.

use std::ops::RangeInclusive;

use super::auction::{AUCTION_NOTES, Header};
use super::hands::{self, Dealing, Fault, Held};
use super::marked::{Word, Words, Written, marks};
use super::play::PLAY_NOTES;
use super::vet::Notes;
use super::{Issue, contract as grammar};
use crate::model::{Annotation, AuctionItem, Contract, PlayItem, Seat, Suit};
use crate::notation::vet::{Calls, CardBit, Hands, Play, seat_index};

/// The vetter's deal: hands as bits, and whether all was written as the
/// vetter vouches for (no spot, no unknown card, no card twice, no fault).
/// A hand's cards are gathered and given at once, which is cheaper than
/// a card at a time.
struct Bits {
    hands: Hands,
    seat: usize,
    hand: u64,
    fine: bool,
}

impl Bits {
    /// Cards of the hand being given, none given before.
    fn take(&mut self, cards: u64) {
        self.fine &= self.hand & cards == 0;
        self.hand |= cards;
    }

    fn give(&mut self) {
        let hand = std::mem::take(&mut self.hand);
        self.fine &= self.hands.give(self.seat, hand);
    }
}

impl Dealing for Bits {
    fn hand(&mut self, seat: Seat, _hidden: bool, _at: usize) {
        self.give();
        self.seat = seat_index(seat).unwrap_or(0);
    }

    fn card(&mut self, suit: Suit, held: Held, _at: usize) {
        let Held::Card(rank) = held else {
            self.fine = false;
            return;
        };
        self.take(CardBit::of_rank(suit, rank).mask());
    }

    fn ranks(&mut self, _suit: Suit, _written: &[u8], bits: u64, _at: usize) {
        self.take(bits);
    }

    fn plain_hand(&mut self, _written: &[u8], cards: u64, _at: usize) {
        self.take(cards);
    }

    fn fault(&mut self, _fault: Fault, _at: usize) {
        self.fine = false;
    }
}

/// H data as bits; None for anything the reader would report, or a spot
/// or unknown card.
pub fn deal(data: &str) -> Option<Hands> {
    let mut bits = Bits {
        hands: Hands::default(),
        seat: 0,
        hand: 0,
        fine: true,
    };
    let written = hands::deal(data, &mut bits)?;
    bits.give();
    let Bits { mut hands, fine, .. } = bits;
    if !fine || (0..4).any(|s| hands.len(s) > 13) {
        return None;
    }
    if let Some(fourth) = written.rest_to().and_then(seat_index)
        && (0..4).filter(|&s| s != fourth).all(|s| hands.len(s) == 13)
    {
        hands.deal_rest(fourth);
    }
    Some(hands)
}

/// `C` data: level, strain, `X` or `R`, `:` and declarer. A contract with
/// no level, a goal or a leader of its own is the reader's.
pub fn contract(data: &str) -> Option<Contract> {
    let contract = grammar::read_contract(data).ok()?;
    (contract.level.is_some() && contract.goal.is_none() && contract.leader.is_none()).then_some(contract)
}

/// `R` data: tricks alone are read here, the rest by the reader's grammar.
pub fn result(data: &str) -> Option<()> {
    let tricks = data.len() <= 2 && data.bytes().all(|b| b.is_ascii_digit());
    if tricks && data.parse::<u8>().is_ok_and(|n| n <= 13) {
        return Some(());
    }
    let mut issues: Vec<Issue> = Vec::new();
    let result = grammar::parse_result(data, &mut issues);
    // A stated score is checked against the contract by the reader.
    (issues.is_empty() && result.is_some_and(|r| r.score.is_none())).then_some(())
}

/// The notes a word's marks refer to, added to `wanted`; None for a note
/// the label may not refer to (not in `numbers`).
fn notes<T>(data: &str, word: &Written<T>, wanted: &mut u16, numbers: RangeInclusive<u8>) -> Option<()> {
    if word.marks == word.end {
        return Some(());
    }
    for (_, mark) in marks(data, word.marks, word.end) {
        if let Annotation::Note(n) = mark {
            numbers.contains(&n).then_some(())?;
            *wanted |= 1 << n;
        }
    }
    Some(())
}

/// The A label's calls, followed by the rules from the dealer.
pub struct Auction;

impl Auction {
    pub fn read(data: &str, notes: &mut Notes) -> Option<()> {
        let (Header::Given { dealer, .. }, start) = Header::read(data) else {
            return None;
        };
        let mut calls = Calls::new(seat_index(dealer)?);
        for word in Words::<AuctionItem>::new(data, start) {
            let Word::Item(written) = word else {
                matches!(word, Word::Break { .. }).then_some(())?;
                continue;
            };
            match written.item {
                AuctionItem::Call(call) => calls.make(call)?,
                AuctionItem::AllPass => calls.all_pass()?,
                // A question to the reader makes no call.
                AuctionItem::Query => {}
                _ => return None,
            }
            self::notes(data, &written, &mut notes.wanted[0], AUCTION_NOTES)?;
        }
        Some(())
    }
}

/// A trick as most programs write it, four cards of two letters each and
/// nothing after them but a `:` or the end: read at once, a fast path on
/// the letters the words' grammar reads (`CardBit` takes them from the
/// model), held to the reader by vetting's tests.
fn whole_trick(bytes: &[u8], at: usize) -> Option<[CardBit; 4]> {
    let trick = bytes.get(at..at + 8)?;
    if !matches!(bytes.get(at + 8), None | Some(b':')) {
        return None;
    }
    let card = |i: usize| CardBit::from_letters(trick[i], trick[i + 1]);
    Some([card(0)?, card(2)?, card(4)?, card(6)?])
}

/// The P label's tricks, `:` between them, each from its leader round.
pub struct Tricks;

/// The cards of the trick in progress that name their suit, held back to
/// be played as a whole trick, which is cheaper than four plays.
#[derive(Default)]
struct Trick {
    cards: [Option<CardBit>; 4],
    count: usize,
}

impl Trick {
    fn play_out(&mut self, play: &mut Play) -> Option<()> {
        let trick = std::mem::take(self);
        if let (4, [Some(a), Some(b), Some(c), Some(d)]) = (trick.count, trick.cards) {
            return play.whole_trick([a, b, c, d]).then_some(());
        }
        for card in trick.cards.into_iter().flatten() {
            play.play(card).then_some(())?;
        }
        Some(())
    }
}

impl Tricks {
    pub fn read(data: &str, contract: Contract, hands: Hands, notes: &mut Notes) -> Option<()> {
        if !hands.full() {
            return None;
        }
        let leader = (seat_index(contract.declarer)? + 1) % 4;
        let mut play = Play::new(hands, contract.strain.trump(), leader);
        let mut trick = Trick::default();
        // Cards in the trick as written, and whether one ended short.
        let (mut written, mut short) = (0, false);
        let mut words = Words::<PlayItem>::new(data, 0);
        loop {
            if written == 0
                && !short
                && let Some(cards) = whole_trick(data.as_bytes(), words.at())
            {
                play.whole_trick(cards).then_some(())?;
                // The `:` after it ends a trick already played: taken here,
                // it leaves nothing to count or play out.
                let ended = data.as_bytes().get(words.at() + 8) == Some(&b':');
                written = if ended { 0 } else { 4 };
                words.pass(8 + usize::from(ended));
                continue;
            }
            let Some(word) = words.next() else { break };
            let word = match word {
                Word::Break { byte: b':', .. } => {
                    short |= written > 0 && written < 4;
                    written = 0;
                    trick.play_out(&mut play)?;
                    continue;
                }
                Word::Item(word) => word,
                // `;`, pseudo plays and faults are the reader's.
                _ => return None,
            };
            written += 1;
            // A short trick before this one, or a fifth card, is the
            // reader's to report.
            if short || written > 4 {
                return None;
            }
            match word.item {
                PlayItem::Card {
                    suit: Some(suit),
                    rank,
                } => {
                    trick.cards[trick.count] = Some(CardBit::of_rank(suit, rank));
                    trick.count += 1;
                }
                // A rank alone follows the suit led.
                PlayItem::Card { suit: None, rank } => {
                    trick.play_out(&mut play)?;
                    play.play(play.follow_rank(rank)?).then_some(())?;
                }
                _ => return None,
            }
            self::notes(data, &word, &mut notes.wanted[1], PLAY_NOTES)?;
        }
        trick.play_out(&mut play)
    }
}
