//! The parts of a PBN game as the writer gives them: tags, comments, the
//! auction with its calls four to a line, and the play in rows of one card
//! a seat, each seat in its own column from the opening leader.

use std::fmt::Write;

use crate::model::{
    Annotated, Annotation, Auction, AuctionItem, Call, Card, EntryRef, Play, PlayItem, Record, Rules, Seat,
    SeatMap, Strain, Suit,
};

pub(super) fn write_auction(out: &mut String, r: &Record, auction: &Auction) {
    tag(out, "Auction", &auction.dealer.to_string());
    let mut row: Vec<String> = Vec::new();
    let mut calls = 0;
    for (i, entry) in auction.entries.iter().enumerate() {
        let call = call_word(entry);
        row.push(marked(call, &entry.annotations, CALL_SUFFIXES));
        calls += 1;
        let commented = r.commentary.iter().any(|c| c.entry == Some(EntryRef::Call(i)));
        if calls % 4 == 0 || commented {
            end_row(out, &mut row);
            comments_on(out, r, EntryRef::Call(i));
        }
    }
    end_row(out, &mut row);
}

/// A call as PBN spells it, in lower case when the author flagged it; a
/// quiz point as teaching programs write it.
fn call_word(entry: &Annotated<AuctionItem>) -> String {
    let word = match entry.item {
        AuctionItem::Call(Call::Pass) => return "Pass".to_string(),
        AuctionItem::Call(Call::Bid(b)) if b.strain == Strain::NoTrump => format!("{}NT", b.level),
        AuctionItem::Call(c) => c.to_string(),
        AuctionItem::AllPass => return "AP".to_string(),
        AuctionItem::Skipped => return "^S".to_string(),
        AuctionItem::AnyCall => return "AC".to_string(),
        AuctionItem::Query => return "____".to_string(),
    };
    if entry.flagged { word.to_lowercase() } else { word }
}

/// The NAG before a call's first suffix glyph ($1 is `!`), and a card's.
const CALL_SUFFIXES: u8 = 0;
const CARD_SUFFIXES: u8 = 6;

/// A call or card with its marks: an irregularity before it, then in
/// export order (PBN 3.5.2) its marks in export order (PBN 3.5.2): the note
/// reference, then the NAGs in increasing order, a suffix (`!`, `?`...)
/// written as its NAG, `$1`-`$6` after a call and `$7`-`$12` after a card.
fn marked(word: String, annotations: &[Annotation], suffix_base: u8) -> String {
    let mut text = String::new();
    for a in annotations {
        if let Annotation::Irregular(c) = a {
            text.push_str(&format!("^{c} "));
        }
    }
    text.push_str(&word);
    for a in annotations {
        if let Annotation::Note(n) = a {
            text.push_str(&format!(" ={n}="));
        }
    }
    let mut nags: Vec<u8> = annotations.iter().filter_map(|&a| nag(a, suffix_base)).collect();
    nags.sort_unstable();
    for n in nags {
        text.push_str(&format!(" ${n}"));
    }
    text
}

/// The NAG a mark is written as; None for what is written otherwise or,
/// like `*` (which ends a section in PBN), cannot be said.
fn nag(a: Annotation, suffix_base: u8) -> Option<u8> {
    let suffix = match a {
        Annotation::Nag(n) => return Some(n),
        Annotation::Good => 1,
        Annotation::Poor => 2,
        Annotation::VeryGood => 3,
        Annotation::VeryPoor => 4,
        Annotation::Speculative => 5,
        Annotation::Questionable => 6,
        Annotation::Note(_) | Annotation::Irregular(_) | Annotation::Conventional => return None,
    };
    Some(suffix_base + suffix)
}

fn end_row(out: &mut String, row: &mut Vec<String>) {
    if !row.is_empty() {
        out.push_str(&row.join(" "));
        out.push('\n');
        row.clear();
    }
}

/// A card played, with its index among the play's entries.
struct Played<'a> {
    index: usize,
    card: Card,
    entry: &'a Annotated<PlayItem>,
}

/// Rows of cards under the seats' columns, the opening leader first; the
/// leader of each trick after is the winner of the one before.
pub(super) fn write_play(out: &mut String, r: &Record, play: &Play, trump: Option<Suit>, first: Seat) {
    tag(out, "Play", &first.to_string());
    comments_after(out, r, Some('P'));
    let mut leader = first;
    let mut index = 0;
    for trick in &play.tricks {
        let cards = played(&trick.plays, index);
        index += trick.plays.len();
        let mut by_seat: SeatMap<Option<&Played>> = SeatMap::default();
        let mut seat = leader;
        for p in &cards {
            by_seat[seat] = Some(p);
            seat = Rules::Bridge.next_seat(seat);
        }
        write_row(out, r, &by_seat, first);
        let in_order: Vec<Card> = cards.iter().map(|p| p.card).collect();
        let winner = Rules::Bridge.trick_winner(&in_order, trump);
        leader = (0..winner).fold(leader, |s, _| Rules::Bridge.next_seat(s));
    }
}

/// The cards of a trick, suits filled in from the card led; claims and
/// queries, which PBN writes otherwise or not at all, are left out.
fn played(plays: &[Annotated<PlayItem>], start: usize) -> Vec<Played<'_>> {
    let mut led: Option<Suit> = None;
    plays
        .iter()
        .enumerate()
        .filter_map(|(i, entry)| {
            let PlayItem::Card { suit, rank } = entry.item else {
                return None;
            };
            let suit = suit.or(led)?;
            led = led.or(Some(suit));
            Some(Played {
                index: start + i,
                card: Card::new(suit, rank),
                entry,
            })
        })
        .collect()
}

fn write_row(out: &mut String, r: &Record, by_seat: &SeatMap<Option<&Played>>, first: Seat) {
    let mut row = Vec::new();
    let mut column = first;
    for _ in 0..4 {
        match by_seat[column] {
            Some(p) => {
                row.push(marked(p.card.to_string(), &p.entry.annotations, CARD_SUFFIXES));
                let comments = EntryRef::Play(p.index);
                if r.commentary.iter().any(|c| c.entry == Some(comments)) {
                    out.push_str(&row.join(" "));
                    out.push(' ');
                    row.clear();
                    comments_on(out, r, comments);
                }
            }
            None => row.push("-".to_string()),
        }
        column = Rules::Bridge.next_seat(column);
    }
    end_row(out, &mut row);
}

/// `[Name "value"]`, with the quotes and backslashes in the value escaped.
pub(super) fn tag(out: &mut String, name: &str, value: &str) {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{value}\"]");
}

/// The record's comments placed after `label` and no call or card. PBN has
/// no place after labels of RBN's other than B's: those go with B's.
pub(super) fn comments_after(out: &mut String, r: &Record, label: Option<char>) {
    let place = |after: Option<char>| match after {
        Some('A' | 'H' | 'C' | 'R' | 'P') | None => after,
        Some(_) => Some('B'),
    };
    for c in r
        .commentary
        .iter()
        .filter(|c| place(c.after) == label && c.entry.is_none())
    {
        comment(out, &c.text.plain());
    }
}

/// The comments that follow a call or card.
pub(super) fn comments_on(out: &mut String, r: &Record, entry: EntryRef) {
    for c in r.commentary.iter().filter(|c| c.entry == Some(entry)) {
        comment(out, &c.text.plain());
    }
}

fn comment(out: &mut String, text: &str) {
    let _ = writeln!(out, "{{{text}}}");
}
