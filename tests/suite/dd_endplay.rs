//! The double-dummy answers agree with endplay's DDS (the C++ solver) on
//! a few random deals: tables, whole plays and the value of every legal
//! card at positions in the middle of the play. The expected answers
//! were written by `scripts/dd-vs-endplay.py --fixture`, so this runs
//! offline.

use std::collections::BTreeMap;

use kibitzer::analysis::{FullDeal, PlayInput, analyse_play, card_values, solve_table};
use kibitzer::model::{Card, Hand, HandCard, Seat, SeatMap, Strain};
use kibitzer::replay::Position;
use serde::Deserialize;

const SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

#[derive(Clone, Deserialize)]
struct Expected {
    deal: String,
    declarer: String,
    strain: String,
    play: Vec<String>,
    played: usize,
    /// Strains C D H S NT, seats N E S W.
    table: Vec<Vec<u8>>,
    /// DDS leaves out the last trick's entries.
    play_tricks: Vec<u8>,
    values: BTreeMap<String, u8>,
}

fn hands(pbn: &str) -> SeatMap<Hand> {
    let mut hands: SeatMap<Hand> = SeatMap::default();
    for (&seat, hand) in SEATS.iter().zip(pbn[2..].split(' ')) {
        for (suit, ranks) in "SHDC".chars().zip(hand.split('.')) {
            for rank in ranks.chars() {
                let card: Card = format!("{suit}{rank}").parse().unwrap();
                hands[seat].push(HandCard::Known(card));
            }
        }
    }
    hands
}

fn seat(letter: &str) -> Seat {
    Seat::from_letter(letter.chars().next().unwrap()).unwrap()
}

fn index(seat: Seat) -> usize {
    SEATS.iter().position(|&s| s == seat).unwrap()
}

/// Who wins a full trick: the highest trump, else the highest card led.
fn winner(trick: &[(Seat, Option<Card>)], strain: Strain) -> Seat {
    let led = trick[0].1.unwrap().suit;
    let rank = |c: Card| {
        let suit = if Some(c.suit) == strain.trump() {
            2
        } else {
            u8::from(c.suit == led)
        };
        (suit, c.rank)
    };
    trick.iter().max_by_key(|(_, c)| rank(c.unwrap())).unwrap().0
}

/// The position after `played` cards, the leader being declarer's left.
fn position(e: &Expected, strain: Strain) -> (Position, Vec<(Seat, Card)>) {
    let mut at = Position {
        hands: hands(&e.deal),
        ..Position::default()
    };
    let mut leader = SEATS[(index(seat(&e.declarer)) + 1) % 4];
    let mut cards = Vec::new();
    for (k, text) in e.play.iter().enumerate() {
        if at.trick_complete {
            at.trick.clear();
            at.trick_complete = false;
        }
        let player = SEATS[(index(leader) + at.trick.len()) % 4];
        let card: Card = text.parse().unwrap();
        cards.push((player, card));
        if k == e.played {
            at.to_play = Some(player);
            return (at, cards);
        }
        at.hands[player].remove(card);
        at.trick.push((player, Some(card)));
        at.played += 1;
        if at.trick.len() == 4 {
            leader = winner(&at.trick, strain);
            at.winners.push(Some(leader));
            at.trick_complete = true;
        }
    }
    (at, cards)
}

#[test]
fn tables_plays_and_card_values_agree_with_endplay() {
    let text = include_str!("../fixtures/dd/endplay.json");
    let expected: Vec<Expected> = serde_json::from_str(text).unwrap();
    assert!(expected.len() >= 10);
    let mut tables_seen = Vec::new();
    for e in &expected {
        let strain = Strain::from_letter(e.strain.chars().next().unwrap()).unwrap();
        let deal = FullDeal::from_hands(&hands(&e.deal)).unwrap();
        if !tables_seen.contains(&e.deal) {
            tables_seen.push(e.deal.clone());
            let table = solve_table(&deal);
            let rows: Vec<Vec<u8>> = Strain::ALL
                .iter()
                .map(|&s| SEATS.iter().map(|&seat| table.tricks(seat, s)).collect())
                .collect();
            assert_eq!(rows, e.table, "table of {}", e.deal);
            let all = position(
                &Expected {
                    played: usize::MAX,
                    ..e.clone()
                },
                strain,
            )
            .1;
            let input = PlayInput {
                deal,
                strain,
                declarer: seat(&e.declarer),
                cards: all,
            };
            let tricks = analyse_play(&input).tricks;
            assert_eq!(
                tricks[..e.play_tricks.len()],
                e.play_tricks[..],
                "play of {}",
                e.deal
            );
        }
        let (at, _) = position(e, strain);
        let values = card_values(&at, strain, seat(&e.declarer)).unwrap();
        let found: BTreeMap<String, u8> = values.values.iter().map(|(c, v)| (c.to_string(), *v)).collect();
        assert_eq!(found, e.values, "{} after {} cards", e.deal, e.played);
    }
}
