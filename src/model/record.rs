//! One record of a file: a deal with everything said about it.

use super::game::Game;
use super::hand::Deal;
use super::meta::{Board, Date, Item, Players, Scoring, Session, Teams, TwoPart};
use super::play::Play;
use super::pos::{Pos, Problem, ProblemKind};
use super::text::RichText;

/// The notation a record was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SourceFormat {
    Rbn,
    Rbx,
    Pbn,
    /// Portable Preferans Notation, brackets or JSON.
    PpnPreferans,
    PpnPreferansJson,
    /// Portable Pinochle Notation.
    PpnPinochle,
    /// BBO's LIN: hand records, vugraph matches, handviewer links.
    Lin,
}

impl SourceFormat {
    pub fn name(self) -> &'static str {
        match self {
            SourceFormat::Rbn => "rbn",
            SourceFormat::Rbx => "rbx",
            SourceFormat::Pbn => "pbn",
            SourceFormat::PpnPreferans => "ppn-preferans",
            SourceFormat::PpnPreferansJson => "ppn-preferans-json",
            SourceFormat::PpnPinochle => "ppn-pinochle",
            SourceFormat::Lin => "lin",
        }
    }
}

/// A call or play a comment follows, by its index among the entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EntryRef {
    Call(usize),
    Play(usize),
}

/// A table of values under a tag (PBN's OptimumResultTable and the like):
/// its column names as the tag gives them, and its rows of cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TagTable {
    pub name: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Which part of the record a numbered note belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoteScope {
    Auction,
    Play,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Note {
    /// 0 is a general comment, 1-9 answer `^n` references (9 after the
    /// play summarises the plays left out).
    pub number: u8,
    pub scope: NoteScope,
    pub text: String,
    pub pos: Pos,
}

/// Free text with the place the author gave it: after which label (None
/// when it opens the record).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Commentary {
    pub after: Option<char>,
    /// The call or play it follows, when it stands among them.
    pub entry: Option<EntryRef>,
    pub text: RichText,
    pub pos: Pos,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// 1-based position in its file.
    pub number: usize,
    /// First line of the record.
    pub line: u32,
    pub format: SourceFormat,
    /// The game, with what it alone records.
    pub game: Game,
    pub date: Option<Date>,
    pub title: Option<TwoPart>,
    pub location: Option<TwoPart>,
    pub event: Option<TwoPart>,
    pub scoring: Option<Scoring>,
    pub teams: Option<Teams>,
    pub session: Option<Session>,
    pub players: Option<Players>,
    pub board: Option<Board>,
    pub deal: Option<Deal>,
    pub play: Option<Play>,
    pub items: Vec<Item>,
    pub notes: Vec<Note>,
    pub commentary: Vec<Commentary>,
    /// Lines of plain data after the labels.
    pub plain: Vec<String>,
    /// Tags the model has no place for, in file order (name, value).
    pub tags: Vec<(String, String)>,
    pub tables: Vec<TagTable>,
    /// 1 or 2 when the record is one table of a team-match pair: table 1's
    /// partner is the next record, table 2's the previous one.
    pub table: Option<u8>,
    pub problems: Vec<Problem>,
}

impl Record {
    pub fn new(number: usize, line: u32, format: SourceFormat, game: Game) -> Record {
        Record {
            number,
            line,
            format,
            game,
            date: None,
            title: None,
            location: None,
            event: None,
            scoring: None,
            teams: None,
            session: None,
            players: None,
            board: None,
            deal: None,
            play: None,
            items: Vec::new(),
            notes: Vec::new(),
            commentary: Vec::new(),
            plain: Vec::new(),
            tags: Vec::new(),
            tables: Vec::new(),
            table: None,
            problems: Vec::new(),
        }
    }

    pub fn problem(&mut self, pos: Pos, message: impl Into<String>) {
        self.problems.push(Problem::new(pos, message));
    }

    /// Notes that the record contradicts itself at `pos`.
    pub fn disagreement(&mut self, pos: Pos, message: impl Into<String>) {
        self.problems
            .push(Problem::of(ProblemKind::Disagreement, pos, message));
    }

    pub fn note(&self, scope: NoteScope, number: u8) -> Option<&Note> {
        self.notes.iter().find(|n| n.scope == scope && n.number == number)
    }
}
