//! Records written as LIN the way BBO writes its hand records: a board to
//! a line, names, deal, label and vulnerability first, then the calls with
//! their alerts and explanations, the cards, the claim, and the pauses and
//! commentary where the record has them.

use std::fmt::Write;

use super::hands::LIN_SEATS;
use crate::model::{
    Annotation, AuctionItem, Call, EntryRef, HandCard, NoteScope, Outcome, PlayEntry, PlayItem, Record,
    Rules, Seat, Suit, Vulnerability,
};

/// Why a record cannot be written as LIN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    #[error("record {number} is not a bridge deal; LIN holds only bridge")]
    NotBridge { number: usize },
}

/// The records as LIN, one line each.
pub fn write_lin(records: &[Record]) -> Result<String, WriteError> {
    let mut out = String::new();
    for r in records {
        write_line(r, &mut out)?;
    }
    Ok(out)
}

/// One record as its line of LIN.
pub fn write_line(r: &Record, out: &mut String) -> Result<(), WriteError> {
    if r.bridge().is_none() {
        return Err(WriteError::NotBridge { number: r.number });
    }
    write_record(r, out);
    out.push('\n');
    Ok(())
}

/// The cards played in order as `Record::plays` gives them, each with the
/// suit led to its trick.
fn cards_played(r: &Record) -> impl Iterator<Item = (Option<Suit>, &PlayEntry)> {
    let tricks = r.play.iter().flat_map(|p| p.tricks.iter());
    tricks.flat_map(|t| {
        let led = t.plays.iter().find_map(|e| match e.item {
            PlayItem::Card { suit, .. } => suit,
            _ => None,
        });
        t.plays
            .iter()
            .filter(|e| e.item != PlayItem::Query)
            .map(move |e| (led, e))
    })
}

/// What the reader says of a claim, so that the writer knows it for the
/// claim's own words and does not write them again as commentary.
pub fn claim_text(declarer: Option<Seat>, tricks: u8) -> String {
    let who = declarer.map_or("Declarer", Seat::name);
    format!(
        "{who} claims {tricks} {}",
        if tricks == 1 { "trick" } else { "tricks" }
    )
}

fn write_record(r: &Record, out: &mut String) {
    // Even with no names known: BBO opens every board with `pn`, and
    // readers such as endplay's take it for the start of a board.
    let names: Vec<&str> = LIN_SEATS.iter().map(|&s| r.player(s).unwrap_or("")).collect();
    pair(out, "pn", &names.join(","));
    pair(out, "st", "");
    pair(out, "md", &deal_value(r));
    pair(out, "rh", "");
    if let Some(board) = &r.board {
        let label = match &board.description {
            Some(d) => format!("{d} {}", board.number),
            None => format!("Board {}", board.number),
        };
        pair(out, "ah", label.trim());
    }
    let vulnerability = match r.vulnerability() {
        Some(Vulnerability::NorthSouth) => "n",
        Some(Vulnerability::EastWest) => "e",
        Some(Vulnerability::Both) => "b",
        _ => "o",
    };
    pair(out, "sv", vulnerability);
    let events = Events::new(r);
    events.at(out, 0, 0, None);
    let calls = r.auction().map_or(&[][..], |a| &a.entries[..]);
    for (i, entry) in calls.iter().enumerate() {
        // LIN has no "all pass": RBN's `A` is written as the passes it
        // stands for.
        let (call, times) = match entry.item {
            AuctionItem::Call(call) => (Some(call), 1),
            AuctionItem::AllPass => (Some(Call::Pass), r.auction().map_or(1, |a| a.all_pass_count(i))),
            _ => (None, 0),
        };
        if let Some(call) = call {
            let alert = if entry.annotations.contains(&Annotation::Conventional) {
                "!"
            } else {
                ""
            };
            pair(out, "mb", &format!("{}{alert}", call_text(call)));
            notes(r, &entry.annotations, NoteScope::Auction, out);
            (1..times).for_each(|_| pair(out, "mb", "p"));
        }
        events.at(out, i + 1, 0, Some(EntryRef::Call(i)));
    }
    for (i, (led, entry)) in cards_played(r).enumerate() {
        // A bare rank (RBN's `9` after a club lead) is of the suit led.
        if let PlayItem::Card { suit, rank } = entry.item
            && let Some(suit) = suit.or(led)
        {
            pair(out, "pc", &format!("{}{}", suit.letter(), rank.letter()));
            notes(r, &entry.annotations, NoteScope::Play, out);
        }
        events.at(out, calls.len(), i + 1, Some(EntryRef::Play(i)));
    }
    if let Some(n) = events.claim {
        pair(out, "mc", &n.to_string());
    }
}

/// Pauses and commentary, written as the calls and cards they follow are.
struct Events<'r> {
    record: &'r Record,
    claim: Option<u8>,
    claim_text: Option<String>,
}

impl<'r> Events<'r> {
    fn new(record: &'r Record) -> Events<'r> {
        let played = record.plays().count();
        let claim = match record.result().and_then(|r| r.outcome) {
            Some(Outcome::Tricks(n)) if played < 52 && record.contract().is_some() => Some(n),
            _ => None,
        };
        let claim_text = claim.map(|n| claim_text(record.declarer(), n));
        Events {
            record,
            claim,
            claim_text,
        }
    }

    /// Commentary on `entry` (or before everything), then a pause after
    /// `calls` calls and `cards` cards.
    fn at(&self, out: &mut String, calls: usize, cards: usize, entry: Option<EntryRef>) {
        for c in self.record.commentary.iter().filter(|c| c.entry == entry) {
            let text = c.text.plain();
            if self.claim_text.as_deref() != Some(text.as_str()) {
                pair(out, "nt", &clean(&text.replace('\n', " ")));
            }
        }
        let pauses = self.record.bridge().map_or(&[][..], |b| &b.pauses[..]);
        if pauses.iter().any(|p| p.calls == calls && p.cards == cards) {
            pair(out, "pg", "");
        }
    }
}

fn notes(r: &Record, annotations: &[Annotation], scope: NoteScope, out: &mut String) {
    for a in annotations {
        if let Annotation::Note(n) = a
            && let Some(note) = r.note(scope, *n)
        {
            pair(out, "an", &clean(&note.text));
        }
    }
}

fn pair(out: &mut String, tag: &str, value: &str) {
    let _ = write!(out, "{tag}|{value}|");
}

/// A value cannot hold the bar that ends it.
fn clean(text: &str) -> String {
    text.replace('|', "/")
}

fn call_text(call: Call) -> String {
    match call {
        Call::Pass => "p".into(),
        Call::Double => "d".into(),
        Call::Redouble => "r".into(),
        Call::Bid(bid) => format!("{}{}", bid.level, bid.strain),
    }
}

/// The dealer digit and the four hands.
fn deal_value(r: &Record) -> String {
    let dealer = r
        .dealer()
        .and_then(|d| LIN_SEATS.iter().position(|&s| s == d))
        .unwrap_or(0);
    let mut out = (dealer + 1).to_string();
    let Some(deal) = &r.deal else { return out };
    for (i, &seat) in LIN_SEATS.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        for suit in Suit::DESCENDING {
            out.push(suit.letter());
            for card in deal.hands[seat].suit_cards(suit, Rules::Bridge) {
                if let HandCard::Known(c) = card {
                    out.push(c.rank.letter());
                }
            }
        }
    }
    out
}
