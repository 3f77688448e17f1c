//! The walk over a PBN game's tokens: tags, section words, notes and
//! comments gathered, each kept where it stands.

use std::borrow::Cow;

use super::known_tag::KnownTag;
use crate::model::{NoteScope, Pos, Problem};
use crate::notation::tags::Token;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Identification,
    Auction,
    Play,
    Table(usize),
}

/// A word or comment of a section, in file order.
pub enum Item<'a> {
    Word(Cow<'a, str>, Pos),
    Comment(Cow<'a, str>, Pos),
}

/// A table tag: its name, its column spec and the cells after it.
pub type TableTag<'a> = (Cow<'a, str>, Cow<'a, str>, Vec<(Cow<'a, str>, Pos)>);

/// A tag's name, value and where it stands.
pub type Tag<'a> = (Cow<'a, str>, Cow<'a, str>, Pos);

/// What the walk over a game's tokens gathers, its text borrowed from
/// the file as the tokens' is.
#[derive(Default)]
pub struct Gathered<'a> {
    /// Tags in file order with where they stand; a repeat is reported.
    /// Only added to through `push_tag`, which keeps `known` in step.
    tags: Vec<Tag<'a>>,
    /// Where each tag the reader knows stands in `tags`.
    known: [Option<u32>; KnownTag::COUNT],
    pub auction: Vec<Item<'a>>,
    pub play: Vec<Item<'a>>,
    pub notes: Vec<(NoteScope, Cow<'a, str>, Pos)>,
    /// Comments outside the sections, with the label they follow.
    pub comments: Vec<(Option<char>, Cow<'a, str>, Pos)>,
    /// Comments on a Note tag (those right after it): the index of the
    /// note in `notes`, the text.
    pub note_comments: Vec<(usize, Cow<'a, str>, Pos)>,
    /// Table tags with their cells.
    pub tables: Vec<TableTag<'a>>,
}

impl<'a> Gathered<'a> {
    /// A word of the section it stands in.
    fn word(&mut self, section: Section, text: Cow<'a, str>, pos: Pos, problems: &mut Vec<Problem>) {
        match section {
            Section::Auction => self.auction.push(Item::Word(text, pos)),
            Section::Play => self.play.push(Item::Word(text, pos)),
            Section::Table(i) => self.tables[i].2.push((text, pos)),
            Section::Identification => {
                problems.push(Problem::new(
                    pos,
                    format!("`{text}` stands outside any tag or section"),
                ));
            }
        }
    }

    /// The tags in file order.
    pub fn tags(&self) -> &[Tag<'a>] {
        &self.tags
    }

    /// The tags in file order, to change their values.
    pub fn tags_mut(&mut self) -> &mut [Tag<'a>] {
        &mut self.tags
    }

    fn find(&self, tag: KnownTag) -> Option<&Tag<'a>> {
        self.known[tag as usize].map(|i| &self.tags[i as usize])
    }

    pub fn tag(&self, tag: KnownTag) -> Option<&str> {
        self.find(tag).map(|(_, v, _)| v.as_ref())
    }

    /// A tag by its name, which may be one the reader does not know.
    pub fn tag_named(&self, name: &str) -> Option<&str> {
        match KnownTag::of(name) {
            Some(tag) => self.tag(tag),
            None => self
                .tags
                .iter()
                .find(|(n, _, _)| n == name)
                .map(|(_, v, _)| v.as_ref()),
        }
    }

    pub fn tag_pos(&self, tag: KnownTag) -> Pos {
        self.find(tag).map_or(Pos::default(), |(_, _, p)| *p)
    }

    /// A tag not given yet, at the end.
    pub fn push_tag(&mut self, name: Cow<'a, str>, value: Cow<'a, str>, pos: Pos) {
        self.push((KnownTag::of(&name), name), value, pos);
    }

    fn push(&mut self, (known, name): (Option<KnownTag>, Cow<'a, str>), value: Cow<'a, str>, pos: Pos) {
        if let Some(tag) = known {
            self.known[tag as usize] = u32::try_from(self.tags.len()).ok();
        }
        self.tags.push((name, value, pos));
    }

    /// A tag given again is reported; the first one counts.
    fn add_tag(&mut self, name: Cow<'a, str>, value: Cow<'a, str>, pos: Pos, problems: &mut Vec<Problem>) {
        let known = KnownTag::of(&name);
        let given = match known {
            Some(tag) => self.known[tag as usize].is_some(),
            None => self.tags.iter().any(|(n, _, _)| *n == name),
        };
        if given {
            let message = format!("tag {name} is given twice in this game; the first one counts");
            problems.push(Problem::new(pos, message));
        } else {
            self.push((known, name), value, pos);
        }
    }

    /// The section a tag opens; a table tag's cells go with it. Given the
    /// tag's own text (not `&str`), so that a table's name and columns
    /// stay borrowed from the file.
    fn section_of(&mut self, (name, value): (&Cow<'a, str>, &Cow<'a, str>)) -> Section {
        match name.as_ref() {
            "Auction" => Section::Auction,
            "Play" => Section::Play,
            n if is_table(n) => {
                self.tables.push((name.clone(), value.clone(), Vec::new()));
                Section::Table(self.tables.len() - 1)
            }
            _ => Section::Identification,
        }
    }
}

/// Tags followed by rows of cells: OptimumResultTable, ScoreTable and the
/// like (but not the plain Table tag, a table number).
pub fn is_table(name: &str) -> bool {
    name.len() > 5 && name.ends_with("Table")
}

/// The label a comment after a tag is placed after, as RBN would place it.
fn label_of(tag: &str) -> Option<char> {
    Some(match tag {
        "Deal" | "Hidden" => 'H',
        "Auction" | "Dealer" | "Vulnerable" => 'A',
        "Contract" | "Declarer" => 'C',
        "Play" => 'P',
        "Result" | "Score" | "ScoreIMP" | "ScorePercentage" | "ScoreMP" => 'R',
        t if t.ends_with("Table")
            || t == "DoubleDummyTricks"
            || t == "OptimumScore"
            || t == "ParContract" =>
        {
            'M'
        }
        _ => 'B',
    })
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

pub fn gather<'a>(tokens: Vec<Token<'a>>, problems: &mut Vec<Problem>) -> Gathered<'a> {
    // Room for the tags a game mostly has, so that they are not moved
    // three times as they come.
    let mut g = Gathered {
        tags: Vec::with_capacity(16),
        ..Gathered::default()
    };
    let mut section = Section::Identification;
    let mut last_tag: Option<char> = None;
    // The comments outside sections since the last tag or word.
    let mut run = 0;
    // The note the comments since the last tag or word follow.
    let mut on_note = None;
    let mut tokens = tokens.into_iter();
    while let Some(token) = tokens.next() {
        let since = run;
        if !matches!(token, Token::Comment { .. }) {
            run = g.comments.len();
            on_note = None;
        }
        match token {
            Token::Tag { name, value, pos } => {
                if name == "Auction" || name == "Play" {
                    before_section(&mut g, since, &name, section == Section::Play);
                }
                if name == "Note" {
                    let scope = if section == Section::Play {
                        NoteScope::Play
                    } else {
                        NoteScope::Auction
                    };
                    g.notes.push((scope, value, pos));
                    on_note = Some(g.notes.len() - 1);
                    continue;
                }
                last_tag = label_of(&name);
                section = g.section_of((&name, &value));
                // A section's words are most of what is left.
                match section {
                    Section::Auction => g.auction.reserve(tokens.len()),
                    Section::Play => g.play.reserve(tokens.len()),
                    _ => {}
                }
                g.add_tag(name, value, pos, problems);
            }
            Token::Word { text, pos } => g.word(section, text, pos, problems),
            Token::Comment { text, pos } => match section {
                // The spec ties a comment to the tag before it: this one
                // is about the note, not the call or card last written.
                _ if on_note.is_some() => g.note_comments.extend(on_note.map(|n| (n, text, pos))),
                Section::Auction => g.auction.push(Item::Comment(text, pos)),
                Section::Play => g.play.push(Item::Comment(text, pos)),
                _ => g.comments.push((last_tag, text, pos)),
            },
        }
    }
    g
}
