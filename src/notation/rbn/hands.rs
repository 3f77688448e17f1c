//! The H label: a starting seat, then hands clockwise, each after `:` (or
//! `;` when it is hidden), suits S.H.D.C separated by dots.
//!
//! ```text
//! hands = seat { (":" | ";") hand }
//! hand  = [suit] { "." [suit] }      at most four suits
//! suit  = { rank | "x" | "?" }
//! ```

use nom::Parser;
use nom::bytes::complete::take_till;
use nom::character::complete::{one_of, satisfy};

use super::Issue;
use crate::model::{Card, CardSet, Deal, Hand, HandCard, Rank, Rules, Seat, Suit};

pub fn parse(data: &str, issues: &mut Vec<Issue>) -> Option<Deal> {
    let seat = satisfy::<_, _, nom::error::Error<&str>>(|c| Seat::from_letter(c).is_some()).parse(data);
    let Ok((mut rest, first)) = seat else {
        issues.push(Issue::new(
            0,
            "hands must start with the seat of the first hand (N, E, S or W)",
        ));
        return None;
    };
    let mut deal = Deal::new(Rules::Bridge);
    let mut seat = Seat::from_letter(first)?;
    let mut count = 0;
    let mut last_empty = false;
    let mut fourth_hidden = false;
    let mut last_seat = seat;
    let mut placed = CardSet::default();
    while let Ok((after_sep, sep)) = one_of::<_, _, nom::error::Error<&str>>(":;").parse(rest) {
        let (after, text) = take_till::<_, _, nom::error::Error<&str>>(|c| c == ':' || c == ';')
            .parse(after_sep)
            .unwrap_or((after_sep, ""));
        let at = data.len() - after_sep.len();
        count += 1;
        if count > 4 {
            issues.push(Issue::new(at - 1, "more than four hands"));
            break;
        }
        deal.given.insert(seat);
        if sep == ';' {
            deal.hidden.insert(seat);
        }
        deal.hands[seat] = parse_hand(text, at, &mut placed, issues);
        if deal.hands[seat].len() > 13 {
            let message = format!(
                "{} has {} cards; a hand holds at most 13",
                seat.name(),
                deal.hands[seat].len()
            );
            issues.push(Issue::new(at, message));
        }
        last_empty = text.is_empty();
        fourth_hidden = sep == ';';
        rest = after;
        last_seat = seat;
        seat = Rules::Bridge.next_seat(seat);
    }
    if !rest.is_empty() {
        issues.push(Issue::new(
            data.len() - rest.len(),
            "expected `:` or `;` before a hand",
        ));
    }
    if count == 4 && last_empty {
        give_rest(&mut deal, last_seat, fourth_hidden);
    }
    check_suit_lengths(&deal, issues);
    Some(deal)
}

/// Spots and unknown cards are cards too: a suit cannot hold more than the
/// deck has of it.
fn check_suit_lengths(deal: &Deal, issues: &mut Vec<Issue>) {
    for suit in Suit::DESCENDING {
        let count: usize = Rules::Bridge
            .seats()
            .iter()
            .map(|&s| deal.hands[s].cards().iter().filter(|c| c.suit() == suit).count())
            .sum();
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

/// Reads one hand; `placed` holds the cards of the hands before it, so a
/// card dealt twice is reported where its second copy stands.
fn parse_hand(text: &str, offset: usize, placed: &mut CardSet, issues: &mut Vec<Issue>) -> Hand {
    // Gathered, then put in order once rather than card by card.
    let mut hand = Vec::with_capacity(13);
    let mut suits = Suit::DESCENDING.iter();
    let mut suit = suits.next().copied();
    for (i, c) in text.char_indices() {
        let at = offset + i;
        if c == '.' {
            suit = suits.next().copied();
            if suit.is_none() {
                issues.push(Issue::new(at, "a hand has only four suits"));
            }
            continue;
        }
        let Some(s) = suit else { continue };
        match c {
            'x' | 'X' => hand.push(HandCard::Spot(s)),
            '?' => hand.push(HandCard::Unknown(s)),
            _ => match Rank::from_letter(c) {
                Some(rank) => {
                    let card = Card::new(s, rank);
                    if !placed.insert(card) {
                        issues.push(Issue::new(at, format!("{card} is dealt twice")));
                    }
                    hand.push(HandCard::Known(card));
                }
                None => issues.push(Issue::new(at, format!("`{c}` is not a card rank"))),
            },
        }
    }
    hand.into_iter().collect()
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
