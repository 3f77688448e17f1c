//! The P label: tricks separated by `:` (or `;` when the plays from there on
//! are trivial), each play a card, a rank following the suit led, or a
//! pseudo play.
//!
//! ```text
//! play  = trick { (":" | ";") trick }
//! trick = { entry }
//! entry = ([suit] rank | "-" | "~" | "+" | "." | "Y") { annotation }
//! ```

use nom::branch::alt;
use nom::character::complete::{one_of, satisfy};
use nom::combinator::{map, map_opt, opt, value};
use nom::{IResult, Parser};

use super::Issue;
use super::auction::{annotated, note_fault, write_annotations};
use crate::model::{Play, PlayItem, Pos, Pseudo, Rank, Suit, WrittenTrick};

/// Notes a play may refer to: 0 is the play's general comment and 9 sums
/// up the plays left out.
pub const PLAY_NOTES: std::ops::RangeInclusive<u8> = 1..=8;

fn item(input: &str) -> IResult<&str, PlayItem> {
    let suit = map_opt(satisfy(|c| "SHDCshdc".contains(c)), Suit::from_letter);
    let rank = map_opt(satisfy(|c| c.is_ascii_alphanumeric()), Rank::from_letter);
    alt((
        map((opt(suit), rank), |(suit, rank)| PlayItem::Card { suit, rank }),
        map_opt(one_of("-~+."), |c| Pseudo::from_symbol(c).map(PlayItem::Pseudo)),
        value(PlayItem::Query, one_of("Yy")),
    ))
    .parse(input)
}

pub fn parse(data: &str, pos: &dyn Fn(usize) -> Pos, issues: &mut Vec<Issue>) -> Play {
    let mut play = Play::default();
    let mut trick = WrittenTrick::default();
    let mut rest = data;
    while let Some(c) = rest.chars().next() {
        let at = data.len() - rest.len();
        if c == ':' || c == ';' {
            let next = WrittenTrick {
                trivial: c == ';',
                ..WrittenTrick::default()
            };
            let done = std::mem::replace(&mut trick, next);
            if !done.plays.is_empty() {
                play.tricks.push(done);
            }
            rest = &rest[1..];
            continue;
        }
        match annotated(rest, item, pos(at)) {
            Some((after, entry)) => {
                let plays = trick.plays.iter().filter(|p| p.item != PlayItem::Query).count();
                if plays == 4 && entry.item != PlayItem::Query {
                    issues.push(Issue::new(at, "a trick has only four plays; is a `:` missing?"));
                }
                issues.extend(note_fault(&rest[..rest.len() - after.len()], at, PLAY_NOTES));
                trick.plays.push(entry);
                rest = after;
            }
            None => {
                issues.push(Issue::new(at, format!("`{c}` is not a card or pseudo play")));
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if !trick.plays.is_empty() {
        play.tricks.push(trick);
    }
    play
}

pub fn write(play: &Play) -> String {
    let mut out = String::new();
    for (i, trick) in play.tricks.iter().enumerate() {
        if i > 0 || trick.trivial {
            out.push(if trick.trivial { ';' } else { ':' });
        }
        for entry in &trick.plays {
            let text = entry.item.to_string();
            out.push_str(&if entry.flagged { text.to_lowercase() } else { text });
            write_annotations(&mut out, &entry.annotations);
        }
    }
    if out.is_empty() {
        // No plays: `:` keeps the label from reading as absent.
        out.push(':');
    }
    out
}
