//! Realistic archives for benchmarks and the peer comparison: random legal
//! deals with legal auctions, complete legal plays, notes, commentary and
//! varied metadata, the same for the same seed.

use crate::model::{
    Annotated, Annotation, Auction, AuctionItem, Bid, Board, Call, Card, Commentary, Deal, DealResult,
    Emphasis, Game, HandCard, Note, NoteScope, Outcome, Play, PlayItem, Players, Pos, Record, RichText,
    Rules, Seat, SeatMap, SourceFormat, Strain, Suit, TwoPart, Vulnerability, WrittenTrick,
};
use crate::notation::{lin, pbn, rbn};

/// A small, fast, seedable generator (splitmix64): good enough to deal
/// cards, and free of a dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

const NAMES: [&str; 12] = [
    "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou",
];
const EVENTS: [&str; 4] = ["Club Pairs", "Spring Teams", "Robot Practice", "Regional Swiss"];
const SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

/// One record: a shuffled deal, an auction, and the whole play.
pub fn record(rng: &mut Rng, number: usize) -> Record {
    let mut r = Record::new(number, 0, SourceFormat::Rbn, Game::bridge());
    let deal = deal(rng);
    let auction = Auction {
        dealer: SEATS[(number - 1) % 4],
        vulnerability: VULNERABILITIES[rng.below(4)],
        entries: calls(rng),
    };
    r.bridge_mut().contract = auction.final_contract();
    r.play = r
        .contract()
        .map(|c| play(rng, &deal, c.strain.trump(), Rules::Bridge.next_seat(c.declarer)));
    r.bridge_mut().auction = Some(auction);
    r.deal = Some(deal);
    r.bridge_mut().result = Some(DealResult {
        outcome: Some(outcome(&r)),
        score: None,
        effective: None,
    });
    said_about(&mut r, number);
    names(rng, &mut r, number);
    r
}

const VULNERABILITIES: [Vulnerability; 4] = [
    Vulnerability::None,
    Vulnerability::NorthSouth,
    Vulnerability::EastWest,
    Vulnerability::Both,
];

/// Thirteen cards to each seat from a shuffled deck.
fn deal(rng: &mut Rng) -> Deal {
    let mut cards = Rules::Bridge.deck();
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.below(i + 1));
    }
    let mut deal = Deal::new(Rules::Bridge);
    for (i, &seat) in SEATS.iter().enumerate() {
        deal.hands[seat] = cards[i * 13..(i + 1) * 13]
            .iter()
            .map(|&c| HandCard::Known(c))
            .collect();
        deal.given.insert(seat);
    }
    deal
}

/// The note to the opening bid, and a comment opening the record.
fn said_about(r: &mut Record, number: usize) {
    r.notes.push(Note {
        number: 1,
        scope: NoteScope::Auction,
        text: "natural, 11-15".into(),
        pos: Pos::default(),
    });
    let mut text = RichText::default();
    text.push_text(
        &format!("Board {number}: a hand worth a second look."),
        Emphasis::PLAIN,
    );
    r.commentary.push(Commentary {
        after: None,
        entry: None,
        text,
        pos: Pos::default(),
    });
}

/// The board, the event and the players.
fn names(rng: &mut Rng, r: &mut Record, number: usize) {
    r.board = Some(Board {
        number: number.to_string(),
        description: None,
        auto: false,
    });
    r.event = Some(TwoPart {
        first: EVENTS[rng.below(4)].into(),
        second: None,
    });
    let mut names = SeatMap::<String>::default();
    SEATS
        .iter()
        .for_each(|&s| names[s] = NAMES[rng.below(NAMES.len())].to_string());
    r.players = Some(Players { tables: vec![names] });
}

/// Tricks declarer's side took in the generated play.
fn outcome(r: &Record) -> Outcome {
    let Some(c) = r.contract() else {
        return Outcome::PassedOut;
    };
    let side = |s: Seat| matches!(s, Seat::North | Seat::South);
    let won = crate::replay::Replay::new(r)
        .trick_winners()
        .iter()
        .flatten()
        .filter(|&&w| side(w) == side(c.declarer))
        .count();
    Outcome::Tricks(won as u8)
}

/// A legal auction: rising bids with the odd double, ending in passes;
/// the opening bid carries a note.
fn calls(rng: &mut Rng) -> Vec<Annotated<AuctionItem>> {
    let mut entries = Vec::new();
    let mut step = 0u8;
    let mut passes = 0;
    let mut turn = 0;
    while passes < if step == 0 { 4 } else { 3 } {
        let bid = step < 30 && rng.below(3) == 0;
        let call = if bid {
            step += 1 + rng.below(3) as u8;
            step = step.min(35);
            passes = 0;
            Call::Bid(Bid {
                level: (step - 1) / 5 + 1,
                strain: Strain::ALL[((step - 1) % 5) as usize],
            })
        } else {
            passes += 1;
            Call::Pass
        };
        let annotations = if bid
            && entries
                .iter()
                .all(|e: &Annotated<AuctionItem>| e.annotations.is_empty())
        {
            vec![Annotation::Note(1)]
        } else {
            Vec::new()
        };
        entries.push(Annotated {
            item: AuctionItem::Call(call),
            annotations,
            flagged: false,
            pos: Pos::default(),
        });
        turn += 1;
        if turn > 60 {
            break;
        }
    }
    entries
}

/// Thirteen legal tricks: each player follows suit when able.
fn play(rng: &mut Rng, deal: &Deal, trump: Option<Suit>, mut leader: Seat) -> Play {
    let mut hands: SeatMap<Vec<Card>> = SeatMap::default();
    SEATS
        .iter()
        .for_each(|&s| hands[s] = deal.hands[s].known_cards().collect());
    let mut play = Play::default();
    for _ in 0..13 {
        let mut trick = WrittenTrick::default();
        let mut cards = Vec::new();
        let mut seat = leader;
        for _ in 0..4 {
            let hand = &mut hands[seat];
            let led = cards.first().map(|c: &Card| c.suit);
            let legal: Vec<usize> = (0..hand.len())
                .filter(|&i| led.is_none_or(|l| hand[i].suit == l))
                .collect();
            let pick = if legal.is_empty() {
                rng.below(hand.len())
            } else {
                legal[rng.below(legal.len())]
            };
            let card = hand.remove(pick);
            cards.push(card);
            trick.plays.push(Annotated {
                item: PlayItem::Card {
                    suit: Some(card.suit),
                    rank: card.rank,
                },
                annotations: Vec::new(),
                flagged: false,
                pos: Pos::default(),
            });
            seat = Rules::Bridge.next_seat(seat);
        }
        let winner = Rules::Bridge.trick_winner(&cards, trump);
        leader = (0..winner).fold(leader, |s, _| Rules::Bridge.next_seat(s));
        play.tricks.push(trick);
    }
    play
}

/// A record as BBO writes a hand record: the pause after the auction and
/// after each trick, and the opening bid's note as an alert.
fn as_hand_record(mut r: Record) -> Record {
    let calls = r.auction().map_or(0, |a| a.entries.len());
    let cards = r.plays().count();
    r.bridge_mut().pauses = (0..=cards)
        .step_by(4)
        .map(|cards| crate::model::Pause { calls, cards })
        .collect();
    if let Some(a) = r.bridge_mut().auction.as_mut() {
        for entry in &mut a.entries {
            if entry.annotations.contains(&Annotation::Note(1)) {
                entry.annotations.insert(0, Annotation::Conventional);
            }
        }
    }
    r
}

/// An archive of `records` generated records in PBN, RBN or LIN, the same for
/// the same seed, written a batch at a time so that memory stays small
/// for a million records.
pub fn write_archive(
    format: SourceFormat,
    records: usize,
    seed: u64,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let mut rng = Rng::new(seed);
    let mut number = 0;
    while number < records {
        let batch: Vec<_> = (0..10_000.min(records - number))
            .map(|i| record(&mut rng, number + i + 1))
            .collect();
        let made = batch.len();
        let text = match format {
            SourceFormat::Pbn => pbn::write_pbn(&batch).map_err(std::io::Error::other)?,
            SourceFormat::Lin => {
                let boards: Vec<Record> = batch.into_iter().map(as_hand_record).collect();
                lin::write_lin(&boards).map_err(std::io::Error::other)?
            }
            _ => rbn::write_rbn(&batch),
        };
        if format == SourceFormat::Lin {
            out.write_all(text.as_bytes())?;
            number += made;
            continue;
        }
        // Each batch is written with the file's signature: only the first
        // keeps it. An RBN batch ends without the blank line the next needs.
        let signature = if format == SourceFormat::Pbn { 2 } else { 1 };
        let skip = if number == 0 { 0 } else { signature };
        let body: String = text.split_inclusive('\n').skip(skip).collect();
        out.write_all(body.as_bytes())?;
        if format != SourceFormat::Pbn {
            out.write_all(b"\n")?;
        }
        number += made;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::read_checked;
    use crate::notation::pbn::write_pbn;
    use crate::notation::rbn::write_rbn;

    #[test]
    fn generated_archives_read_back_without_problems() {
        let mut rng = Rng::new(7);
        let records: Vec<Record> = (1..=30).map(|n| record(&mut rng, n)).collect();
        for (text, format) in [
            (write_pbn(&records).unwrap(), SourceFormat::Pbn),
            (write_rbn(&records), SourceFormat::Rbn),
        ] {
            let read: Vec<Record> = read_checked(text.as_bytes(), format).collect();
            assert_eq!(read.len(), 30);
            for r in &read {
                assert!(
                    r.problems.is_empty(),
                    "{format:?} record {}: {:?}",
                    r.number,
                    r.problems
                );
            }
            let plays: usize = read
                .iter()
                .filter_map(|r| r.play.as_ref())
                .map(|p| p.entries().count())
                .sum();
            assert!(plays > 0);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_archive() {
        let make = |seed| {
            let mut rng = Rng::new(seed);
            write_pbn(&(1..=3).map(|n| record(&mut rng, n)).collect::<Vec<_>>()).unwrap()
        };
        assert_eq!(make(1), make(1));
        assert_ne!(make(1), make(2));
    }
}
