//! Vetting RBN's H, A, C, P and R labels in the forms the reader's
//! grammars take without a fault: the deal, the calls and cards followed by
//! the rules as they come.

use std::ops::RangeInclusive;

use super::auction::AUCTION_NOTES;
use super::play::PLAY_NOTES;
use super::vet::Notes;
use super::{Issue, contract as grammar};
use crate::model::{Call, Contract, Doubling, Seat, Strain, Suit};
use crate::notation::vet::{Calls, CardBit, Hands, Play, seat_index};

fn seat(b: u8) -> Option<usize> {
    Seat::from_letter(b as char).and_then(seat_index)
}

/// `N:hand:hand:hand:hand`, suits between dots, a hand empty or left out;
/// an empty fourth hand after three full ones holds the rest. None for a
/// spot, an unknown card, a card twice, more than thirteen cards or any
/// fault.
pub fn deal(data: &str) -> Option<Hands> {
    let bytes = data.as_bytes();
    let (&first, rest) = bytes.split_first()?;
    let first = seat(first)?;
    let mut hands = Hands::default();
    let Some((&separator, written)) = rest.split_first() else {
        return Some(hands);
    };
    if !matches!(separator, b':' | b';') {
        return None;
    }
    let mut last = first;
    for (given, hand) in written.split(|b| matches!(b, b':' | b';')).enumerate() {
        if given == 4 {
            return None;
        }
        last = (first + given) % 4;
        let mut suits = hand.split(|&b| b == b'.');
        for (suit, ranks) in Suit::DESCENDING.into_iter().zip(suits.by_ref()) {
            hands.give(last, CardBit::suit_bits(suit, ranks)?).then_some(())?;
        }
        if suits.next().is_some() {
            return None;
        }
    }
    if (0..4).any(|s| hands.len(s) > 13) {
        return None;
    }
    let four = written.iter().filter(|b| matches!(b, b':' | b';')).count() == 3;
    let empty_last = bytes.last().is_some_and(|b| matches!(b, b':' | b';'));
    if four && empty_last && (0..4).filter(|&s| s != last).all(|s| hands.len(s) == 13) {
        hands.deal_rest(last);
    }
    Some(hands)
}

/// `C` data: level, strain, `X` or `R`, `:` and declarer. A goal or a
/// leader of its own is the reader's.
pub fn contract(data: &str) -> Option<Contract> {
    let bytes = data.as_bytes();
    let (&level, rest) = bytes.split_first()?;
    if !(b'1'..=b'7').contains(&level) {
        return None;
    }
    let (&strain, rest) = rest.split_first()?;
    let strain = Strain::from_letter(strain as char).filter(|_| strain.is_ascii_alphabetic())?;
    let (doubling, rest) = match rest.first().map(u8::to_ascii_uppercase) {
        Some(b'X') => (Doubling::Doubled, &rest[1..]),
        Some(b'R') => (Doubling::Redoubled, &rest[1..]),
        _ => (Doubling::Undoubled, rest),
    };
    let [b':', declarer] = rest else { return None };
    Some(Contract {
        level: Some(level - b'0'),
        strain,
        doubling,
        goal: None,
        declarer: Seat::from_letter(*declarer as char)?,
        leader: None,
    })
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

/// The marks after a call or card (`!`, `?`, `*`, `^` and a note's digit):
/// where they end, with the notes referred to added to `wanted`. None for
/// a note the label may not refer to (not in `numbers`).
fn marks(bytes: &[u8], mut at: usize, wanted: &mut u16, numbers: RangeInclusive<u8>) -> Option<usize> {
    loop {
        match bytes.get(at) {
            Some(b'!' | b'?' | b'*') => at += 1,
            Some(b'^') if bytes.get(at + 1).is_some_and(u8::is_ascii_digit) => {
                let n = bytes[at + 1] - b'0';
                numbers.contains(&n).then_some(())?;
                *wanted |= 1 << n;
                at += 2;
            }
            _ => return Some(at),
        }
    }
}

/// The A label's calls, followed by the rules from the dealer.
pub struct Auction;

impl Auction {
    pub fn read(data: &str, notes: &mut Notes) -> Option<()> {
        let bytes = data.as_bytes();
        let dealer = seat(*bytes.first()?)?;
        let vulnerable = bytes.get(1).is_some_and(|b| b"ZNEBXznebx".contains(b));
        if !vulnerable || bytes.get(2) != Some(&b':') {
            return None;
        }
        let mut calls = Calls::new(dealer);
        let mut at = 3;
        while at < bytes.len() {
            let b = bytes[at];
            at += 1;
            match b.to_ascii_uppercase() {
                b':' => continue,
                b'1'..=b'7' => {
                    let strain = *bytes.get(at).filter(|s| s.is_ascii_alphabetic())?;
                    let strain = Strain::from_letter(strain as char)?;
                    at += 1;
                    let level = b - b'0';
                    calls.make(Call::Bid(crate::model::Bid { level, strain }))?;
                }
                b'P' => calls.make(Call::Pass)?,
                b'X' => calls.make(Call::Double)?,
                b'R' => calls.make(Call::Redouble)?,
                b'A' => calls.all_pass()?,
                // A question to the reader makes no call.
                b'Y' => {}
                _ => return None,
            }
            at = marks(bytes, at, &mut notes.wanted[0], AUCTION_NOTES)?;
        }
        Some(())
    }
}

/// A trick written as most programs write it, four cards of two letters
/// each and nothing after them but a `:` or the end.
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

impl Tricks {
    pub fn read(data: &str, contract: Contract, hands: Hands, notes: &mut Notes) -> Option<()> {
        if !hands.full() {
            return None;
        }
        let leader = (seat_index(contract.declarer)? + 1) % 4;
        let mut play = Play::new(hands, contract.strain.trump(), leader);
        let bytes = data.as_bytes();
        // Cards in the trick as written, and whether one ended short.
        let (mut written, mut short) = (0, false);
        let mut at = 0;
        while at < bytes.len() {
            let b = bytes[at];
            if b == b':' {
                short |= written > 0 && written < 4;
                (written, at) = (0, at + 1);
                continue;
            }
            if written == 0
                && !short
                && let Some(cards) = whole_trick(bytes, at)
            {
                play.whole_trick(cards).then_some(())?;
                (written, at) = (4, at + 8);
                continue;
            }
            // A card is its suit and rank, or a rank in the suit led.
            let card = match bytes.get(at + 1) {
                Some(&rank) if matches!(b, b'S' | b'H' | b'D' | b'C' | b's' | b'h' | b'd' | b'c') => {
                    at += 2;
                    CardBit::from_letters(b, rank)?
                }
                _ => {
                    at += 1;
                    play.follow(b).filter(|_| b.is_ascii_alphanumeric())?
                }
            };
            written += 1;
            // A short trick before this one, or a fifth card, is the
            // reader's to report.
            if short || written > 4 {
                return None;
            }
            play.play(card).then_some(())?;
            at = marks(bytes, at, &mut notes.wanted[1], PLAY_NOTES)?;
        }
        Some(())
    }
}
