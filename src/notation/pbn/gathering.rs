//! The walk over a PBN game's tokens, taken one at a time as the lexer
//! hands them on: each tag, section word, note and comment goes where it
//! belongs in the game's [`Gathered`] sections, with no list of tokens
//! made in between.

use std::borrow::Cow;

use super::gathered::{Gathered, Item, is_table};
use super::known_tag::KnownTag;
use super::values::Told;
use crate::model::{NoteScope, PlayWanted, Pos, Problem, Wanted};
use crate::notation::tags::Tokens;

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Section {
    #[default]
    Identification,
    Auction,
    Play,
    Table(usize),
}

/// Room for the words of a whole auction and a whole play, with their
/// marks: taken when the section's tag comes, so that they are not moved
/// as they come.
const AUCTION_WORDS: usize = 32;
const PLAY_WORDS: usize = 64;

/// A game's sections being gathered.
pub struct Gathering<'a> {
    g: Gathered<'a>,
    /// What the caller wants read: the lexer passes over the lines of a
    /// section wanted none of.
    wants: Wanted,
    section: Section,
    /// The label comments outside sections are placed after.
    last_tag: Option<char>,
    /// Where the comments outside sections since the last tag or word
    /// start.
    run: usize,
    /// The note the comments since the last tag or word follow.
    on_note: Option<usize>,
    /// What does not belong where it stands, in file order: the reader
    /// gives them after the lexer's.
    problems: Vec<Problem>,
}

impl Default for Gathering<'_> {
    fn default() -> Self {
        Gathering::wanting(Wanted::ALL)
    }
}

impl Gathering<'_> {
    /// A gathering for a caller that `wants` only so much of the game.
    pub fn wanting(wants: Wanted) -> Self {
        Gathering {
            g: Gathered::new(),
            wants,
            section: Section::default(),
            last_tag: None,
            run: 0,
            on_note: None,
            problems: Vec::new(),
        }
    }
}

impl<'a> Tokens<'a> for Gathering<'a> {
    fn tag(&mut self, name: Cow<'a, str>, value: Cow<'a, str>, pos: Pos) -> Option<usize> {
        let since = self.after_comments();
        let known = KnownTag::of(&name);
        if matches!(known, Some(KnownTag::Auction | KnownTag::Play)) {
            before_section(&mut self.g, since, &name, self.section == Section::Play);
        }
        if name == "Note" {
            let scope = if self.section == Section::Play {
                NoteScope::Play
            } else {
                NoteScope::Auction
            };
            self.g.notes.push((scope, value, pos));
            self.on_note = Some(self.g.notes.len() - 1);
            return None;
        }
        self.last_tag = Some(label_of(known, &name));
        self.section = self.section_of(known, (&name, &value));
        match self.section {
            Section::Auction => self.g.auction.reserve(AUCTION_WORDS),
            Section::Play => self.g.play.reserve(PLAY_WORDS),
            _ => {}
        }
        let value = if self.passes_over(known) {
            Cow::Borrowed("")
        } else {
            value
        };
        self.g.add_tag((known, name), value, pos, &mut self.problems);
        self.lines_wanted(known)
    }

    /// A word of the section it stands in: most tokens are.
    #[inline]
    fn word(&mut self, text: Cow<'a, str>, pos: Pos) {
        self.after_comments();
        match self.section {
            Section::Auction => self.g.auction.push(Item::Word(text, pos)),
            Section::Play => self.g.play.push(Item::Word(text, pos)),
            Section::Table(i) => self.g.tables[i].2.push((text, pos)),
            Section::Identification => {
                self.problems.push(Problem::new(
                    pos,
                    format!("`{text}` stands outside any tag or section"),
                ));
            }
        }
    }

    fn comment(&mut self, text: Cow<'a, str>, pos: Pos) {
        let g = &mut self.g;
        match self.section {
            // The spec ties a comment to the tag before it: this one is
            // about the note, not the call or card last written.
            _ if self.on_note.is_some() => g.note_comments.extend(self.on_note.map(|n| (n, text, pos))),
            Section::Auction => g.auction.push(Item::Comment(text, pos)),
            Section::Play => g.play.push(Item::Comment(text, pos)),
            _ => g.comments.push((self.last_tag, text, pos)),
        }
    }
}

impl<'a> Gathering<'a> {
    /// How many lines of the section a tag opens the caller wants: the
    /// play's first (which holds the lead) or none; the auction's none
    /// where the Contract tag before it tells the contract (else the
    /// auction tells it).
    fn lines_wanted(&self, known: Option<KnownTag>) -> Option<usize> {
        match known {
            Some(KnownTag::Play) => match self.wants.play {
                PlayWanted::All => None,
                PlayWanted::Lead => Some(1),
                PlayWanted::Nothing => Some(0),
            },
            Some(KnownTag::Auction) if !self.wants.calls && self.contract_told() => Some(0),
            _ => None,
        }
    }

    /// Whether the caller wants none of a tag's value: the hands' where it
    /// wants neither them nor the play (which the hands place), the names'
    /// where it wants no names. The value is then gathered empty, and so
    /// handed on empty, which nobody reading that far asks for.
    fn passes_over(&self, known: Option<KnownTag>) -> bool {
        use KnownTag::*;
        match known {
            Some(Deal) => !self.wants.deal && self.wants.play == PlayWanted::Nothing,
            Some(Event | Site | North | East | South | West | HomeTeam | VisitTeam) => !self.wants.names,
            _ => false,
        }
    }

    /// Whether the Contract tag tells the contract: a value the reader
    /// takes as a contract or a pass, not one handed on (`#`) or left
    /// unknown.
    fn contract_told(&self) -> bool {
        self.g
            .tag(KnownTag::Contract)
            .is_some_and(|v| !v.trim_start().starts_with('#') && Told::of(Some(v)) != Told::Untold)
    }

    /// The sections, and what did not belong where it stood.
    pub fn finish(self) -> (Gathered<'a>, Vec<Problem>) {
        (self.g, self.problems)
    }

    /// A tag or word ends the run of comments outside sections before it
    /// and what a note is said about: where the run started.
    fn after_comments(&mut self) -> usize {
        self.on_note = None;
        std::mem::replace(&mut self.run, self.g.comments.len())
    }

    /// The section a tag opens; a table tag's cells go with it. Given the
    /// tag's own text (not `&str`), so that a table's name and columns
    /// stay borrowed from the file.
    fn section_of(
        &mut self,
        known: Option<KnownTag>,
        (name, value): (&Cow<'a, str>, &Cow<'a, str>),
    ) -> Section {
        match known {
            Some(KnownTag::Auction) => Section::Auction,
            Some(KnownTag::Play) => Section::Play,
            None if is_table(name) => {
                self.g.tables.push((name.clone(), value.clone(), Vec::new()));
                Section::Table(self.g.tables.len() - 1)
            }
            _ => Section::Identification,
        }
    }
}

/// The label a comment after a tag is placed after, as RBN would place
/// it: by the tag the reader knows, else by the name.
fn label_of(known: Option<KnownTag>, name: &str) -> char {
    use KnownTag::*;
    match known {
        Some(Deal | Hidden) => 'H',
        Some(Auction | Dealer | Vulnerable) => 'A',
        Some(Contract | Declarer) => 'C',
        Some(Play) => 'P',
        Some(Result | Score | ScoreImp | ScorePercentage) => 'R',
        Some(DoubleDummyTricks | OptimumScore) => 'M',
        Some(_) => 'B',
        None if name == "ScoreMP" => 'R',
        None if name.ends_with("Table") || name == "ParContract" => 'M',
        None => 'B',
    }
}

/// Comments written just before a section tag are shown where it starts:
/// before the auction with the text before it, before the play once the
/// auction is over. Those left at the end of a play section written
/// before the auction go with them.
fn before_section(g: &mut Gathered<'_>, run: usize, name: &str, in_play: bool) {
    let label = if name == "Auction" { 'B' } else { 'A' };
    let mut moved = Vec::new();
    while let (true, Some(Item::Comment(..))) = (in_play && name == "Auction", g.play.last()) {
        if let Some(Item::Comment(text, pos)) = g.play.pop() {
            moved.push((Some(label), text, pos));
        }
    }
    for comment in &mut g.comments[run..] {
        comment.0 = Some(label);
    }
    g.comments.extend(moved.into_iter().rev());
}
