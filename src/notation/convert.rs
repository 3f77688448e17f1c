//! Records written in another notation, one at a time, and what the target
//! has no place for. What is lost is found by reading the written record
//! back and comparing it with the original field by field, so the list is
//! exactly what a round trip would lose, never a guess kept beside the
//! writers.

use std::fmt;
use std::str::FromStr;

use super::reading::Reading;
use super::{lin, pbn, rbn};
use crate::model::{
    Auction, AuctionEntry, AuctionItem, Call, EntryRef, Game, Pause, PlayItem, Players, Pos, Record,
    RichText, SourceFormat, TwoPart, Vulnerability,
};

/// A notation records can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Rbn,
    Rbx,
    Pbn,
    Lin,
}

impl Target {
    pub const ALL: [Target; 4] = [Target::Rbn, Target::Rbx, Target::Pbn, Target::Lin];

    pub fn format(self) -> SourceFormat {
        match self {
            Target::Rbn => SourceFormat::Rbn,
            Target::Rbx => SourceFormat::Rbx,
            Target::Pbn => SourceFormat::Pbn,
            Target::Lin => SourceFormat::Lin,
        }
    }

    /// The name as users write it, and as messages say it.
    pub fn name(self) -> &'static str {
        match self {
            Target::Rbn => "RBN",
            Target::Rbx => "RBX",
            Target::Pbn => "PBN",
            Target::Lin => "LIN",
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Target {
    type Err = String;

    fn from_str(s: &str) -> Result<Target, String> {
        Target::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("`{s}` is not a notation kibitzer writes (rbn, rbx, pbn or lin)"))
    }
}

/// Writes records one after another in the target notation, keeping what
/// the notation hands on from one record to the next.
pub struct Writer {
    target: Target,
    rbn: rbn::RbnWriter,
    /// PBN leaves unsaid what the game before gave.
    before: Option<Record>,
}

impl Writer {
    pub fn new(target: Target) -> Writer {
        Writer {
            target,
            rbn: rbn::RbnWriter::new(target == Target::Rbx),
            before: None,
        }
    }

    /// The file's opening lines.
    pub fn start(&self, out: &mut String) {
        match self.target {
            Target::Rbn | Target::Rbx => out.push_str(self.rbn.signature()),
            Target::Pbn => out.push_str(pbn::PBN_SIGNATURE),
            Target::Lin => {}
        }
    }

    /// Writes the record, or says why the target can't take it at all.
    pub fn record(&mut self, r: &Record, out: &mut String) -> Result<(), String> {
        // A record refused halfway leaves nothing of itself behind.
        let mark = out.len();
        let written = self.write(r, out);
        if written.is_err() {
            out.truncate(mark);
        }
        written
    }

    fn write(&mut self, r: &Record, out: &mut String) -> Result<(), String> {
        if r.bridge().is_none() {
            let game = r.rules().name();
            return Err(format!(
                "record {} is not a bridge deal but {game}; {} holds only bridge",
                r.number, self.target
            ));
        }
        match self.target {
            Target::Rbn | Target::Rbx => {
                self.rbn.record(r, out);
                Ok(())
            }
            Target::Pbn => {
                pbn::write_game_after(out, r, self.before.as_ref()).map_err(|e| e.to_string())?;
                self.before = Some(r.clone());
                Ok(())
            }
            Target::Lin => lin::write_line(r, out).map_err(|e| e.to_string()),
        }
    }

    pub fn finish(&self, out: &mut String) {
        if matches!(self.target, Target::Rbn | Target::Rbx) {
            self.rbn.finish(out);
        }
    }
}

/// The record alone, as a whole file of the target notation.
pub fn written_alone(r: &Record, target: Target) -> Result<String, String> {
    let mut writer = Writer::new(target);
    let mut text = String::new();
    writer.start(&mut text);
    writer.record(r, &mut text)?;
    writer.finish(&mut text);
    Ok(text)
}

/// The record written alone in the target and read back.
pub fn written_and_read(r: &Record, target: Target) -> Result<Record, String> {
    let text = written_alone(r, target)?;
    Reading::new(text.as_bytes(), target.format())
        .next()
        .ok_or_else(|| format!("{target} written for record {} reads back as nothing", r.number))
}

/// RBN's closing `A` (all pass) is the passes that end the auction, as
/// LIN and PBN write them.
fn passes_spelled_out(a: &mut Auction) {
    let at = a.entries.len().saturating_sub(1);
    if a.entries.last().is_none_or(|e| e.item != AuctionItem::AllPass) {
        return;
    }
    let passes = a.all_pass_count(at);
    let last = &mut a.entries[at];
    last.item = AuctionItem::Call(Call::Pass);
    let pass = AuctionEntry {
        annotations: Vec::new(),
        ..last.clone()
    };
    a.entries.extend(std::iter::repeat_n(pass, passes - 1));
}

/// A field of a record and whether two records agree on it.
type Field = (&'static str, fn(&Record, &Record) -> bool);

/// The fields a conversion keeps, in the order a record gives them.
const FIELDS: &[Field] = &[
    ("the date", |a, b| a.date == b.date),
    ("the title", |a, b| a.title == b.title),
    // Where a notation splits the words at a colon (RBN), the parts are
    // its reading of them: the words are what is kept or lost.
    ("the place", |a, b| words(&a.location) == words(&b.location)),
    ("the event", |a, b| words(&a.event) == words(&b.event)),
    ("the scoring", |a, b| a.scoring == b.scoring),
    ("the teams", |a, b| a.teams == b.teams),
    ("the session", |a, b| a.session == b.session),
    ("the players", |a, b| named(a) == named(b)),
    ("the board", |a, b| a.board == b.board),
    ("the deal", |a, b| {
        a.deal.as_ref().map(|d| &d.hands) == b.deal.as_ref().map(|d| &d.hands)
    }),
    ("the hidden hands", |a, b| {
        a.deal.as_ref().map(|d| d.hidden) == b.deal.as_ref().map(|d| d.hidden)
    }),
    ("the dealer", |a, b| a.dealer() == b.dealer()),
    ("the vulnerability", |a, b| vulnerability(a) == vulnerability(b)),
    ("the calls", |a, b| calls(a) == calls(b)),
    ("the calls' alerts, notes and marks", |a, b| {
        call_marks(a) == call_marks(b)
    }),
    ("the contract", |a, b| a.contract() == b.contract()),
    ("the result", |a, b| a.result() == b.result()),
    ("the double-dummy tricks", |a, b| a.makes() == b.makes()),
    ("the author's pauses", |a, b| pauses(a) == pauses(b)),
    // The same cards led from another seat are another play: LIN takes
    // the leader from the auction, whatever declarer the record named.
    ("the play", |a, b| {
        a.play == b.play && (a.play.is_none() || a.leader() == b.leader())
    }),
    ("the notes", |a, b| a.notes == b.notes),
    ("the commentary", |a, b| said(a) == said(b)),
    ("the commentary's bold and italics", |a, b| texts(a) == texts(b)),
    ("the commentary's place", |a, b| places(a) == places(b)),
    ("the other items", |a, b| a.items == b.items),
    ("lines it could not read", |a, b| a.plain == b.plain),
    ("other tags", |a, b| a.tags == b.tags),
    ("tag tables", |a, b| a.tables == b.tables),
];

fn words(part: &Option<TwoPart>) -> Option<String> {
    part.as_ref().map(TwoPart::text)
}

fn calls(r: &Record) -> Option<Vec<(AuctionItem, bool)>> {
    r.auction()
        .map(|a| a.entries.iter().map(|e| (e.item, e.flagged)).collect())
}

/// Each call's marks in no order: PBN's export writes the note first.
fn call_marks(r: &Record) -> Option<Vec<Vec<String>>> {
    r.auction().map(|a| {
        a.entries
            .iter()
            .map(|e| {
                let mut marks: Vec<String> = e.annotations.iter().map(|m| m.symbol()).collect();
                marks.sort();
                marks
            })
            .collect()
    })
}

/// The players as names: a notation that names every seat (LIN's `pn`,
/// PBN's four tags) says with empty names what another leaves out.
fn named(r: &Record) -> Option<&Players> {
    r.players
        .as_ref()
        .filter(|p| p.tables.iter().any(|t| t.0.iter().any(|n| !n.is_empty())))
}

fn said(r: &Record) -> Vec<String> {
    r.commentary.iter().map(|c| c.text.plain()).collect()
}

fn texts(r: &Record) -> Vec<&RichText> {
    r.commentary.iter().map(|c| &c.text).collect()
}

fn places(r: &Record) -> Vec<(Option<char>, Option<EntryRef>)> {
    r.commentary.iter().map(|c| (c.after, c.entry)).collect()
}

fn vulnerability(r: &Record) -> Option<Vulnerability> {
    r.auction().map(|a| a.vulnerability)
}

fn pauses(r: &Record) -> Option<&[Pause]> {
    r.bridge().map(|b| b.pauses.as_slice())
}

/// What the target notation has no place for in this record: the fields
/// that read back otherwise than they were, each named as a user would.
pub fn losses(r: &Record, target: Target) -> Result<Vec<&'static str>, String> {
    Ok(differing(r, &written_and_read(r, target)?))
}

/// The fields on which two records differ, where they stood in their
/// files and how a notation spells the same thing aside.
pub fn differing(a: &Record, b: &Record) -> Vec<&'static str> {
    let (mut a, mut b) = (a.clone(), b.clone());
    unplace(&mut a);
    unplace(&mut b);
    FIELDS
        .iter()
        .filter(|(_, same)| !same(&a, &b))
        .map(|(name, _)| *name)
        .collect()
}

/// Forgets where things stood in the file read, which no conversion keeps,
/// and spells each card in full: a bare rank (RBN's `9` after a club lead)
/// is the card of the suit led, however a notation writes it.
fn unplace(r: &mut Record) {
    if let Game::Bridge(bridge) = &mut r.game
        && let Some(a) = bridge.auction.as_mut()
    {
        a.entries.iter_mut().for_each(|e| e.pos = Pos::default());
        passes_spelled_out(a);
    }
    if let Some(p) = r.play.as_mut() {
        for trick in &mut p.tricks {
            let led = trick.plays.iter().find_map(|e| match e.item {
                PlayItem::Card { suit, .. } => suit,
                _ => None,
            });
            for entry in &mut trick.plays {
                entry.pos = Pos::default();
                if let PlayItem::Card {
                    suit: suit @ None, ..
                } = &mut entry.item
                {
                    *suit = led;
                }
            }
        }
    }
    r.notes.iter_mut().for_each(|n| n.pos = Pos::default());
    r.commentary.iter_mut().for_each(|c| c.pos = Pos::default());
}

#[cfg(test)]
mod tests {
    use super::Target;

    #[test]
    fn a_target_is_named_either_case_and_said_in_capitals() {
        assert_eq!("lin".parse::<Target>(), Ok(Target::Lin));
        assert_eq!("RBX".parse::<Target>(), Ok(Target::Rbx));
        assert_eq!(Target::Pbn.to_string(), "PBN");
        let wrong = "dup".parse::<Target>().unwrap_err();
        assert!(wrong.contains("`dup` is not a notation"), "{wrong}");
    }
}
