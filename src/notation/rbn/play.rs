//! The P label: tricks separated by `:` (or `;` when the plays from there on
//! are trivial), each play a card, a rank following the suit led, or a
//! pseudo play.
//!
//! ```text
//! play  = trick { (":" | ";") trick }
//! trick = { entry }
//! entry = ([suit] rank | "-" | "~" | "+" | "." | "Y") { annotation }
//! ```

use super::Issue;
use super::auction::write_annotations;
use super::marked::{Word, Words, entry};
use crate::model::{Play, PlayItem, Pos, TrickPlays, WrittenTrick};

/// Notes a play may refer to: 0 is the play's general comment and 9 sums
/// up the plays left out.
pub const PLAY_NOTES: std::ops::RangeInclusive<u8> = 1..=8;

pub fn parse(data: &str, pos: &impl Fn(usize) -> Pos, issues: &mut Vec<Issue>) -> Play {
    // A deal's thirteen tricks of four plays each, allocated once.
    let mut play = Play {
        tricks: Vec::with_capacity(13),
    };
    let begun = |trivial: bool| WrittenTrick {
        plays: TrickPlays::new(),
        trivial,
        ..WrittenTrick::default()
    };
    let mut trick = begun(false);
    // The trick's plays so far, query points left out.
    let mut plays = 0;
    for word in Words::<PlayItem>::new(data, 0) {
        match word {
            Word::Break { byte, .. } => {
                let next = begun(byte == b';');
                let done = std::mem::replace(&mut trick, next);
                plays = 0;
                if !done.plays.is_empty() {
                    play.tricks.push(done);
                }
            }
            Word::Item(written) => {
                if written.item != PlayItem::Query {
                    if plays == 4 {
                        let message = "a trick has only four plays; is a `:` missing?";
                        issues.push(Issue::new(written.at, message));
                    }
                    plays += 1;
                }
                trick
                    .plays
                    .push(entry(data, written, pos(written.at), PLAY_NOTES, issues));
            }
            Word::Fault { at, found } => {
                issues.push(Issue::new(at, format!("`{found}` is not a card or pseudo play")));
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
