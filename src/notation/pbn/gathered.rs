//! What the walk over a PBN game's tokens gathers: tags, section words,
//! notes and comments, each kept where it stands.

use std::borrow::Cow;
use std::collections::HashMap;

use super::known_tag::KnownTag;
use crate::model::{NoteScope, Pos, Problem};

/// A word or comment of a section, in file order.
pub enum Item<'a> {
    Word(Cow<'a, str>, Pos),
    Comment(Cow<'a, str>, Pos),
}

/// A table tag: its name, its column spec and the cells after it.
pub type TableTag<'a> = (Cow<'a, str>, Cow<'a, str>, Vec<(Cow<'a, str>, Pos)>);

/// How many tags a game has before those the reader does not know are
/// indexed by name: more than nearly any game has.
const MANY_TAGS: usize = 64;

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
    /// Where each tag it does not know stands, once a game has more than
    /// a few: each name is then found at once, where comparing it with
    /// every name before it made a game of thousands of tags take time
    /// growing with the square of its size.
    unknown: Option<HashMap<Cow<'a, str>, usize>>,
    /// Room is made for a section's words when its tag comes.
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
    /// Room for the tags a game mostly has, so that they are not moved
    /// three times as they come.
    pub fn new() -> Gathered<'a> {
        Gathered {
            tags: Vec::with_capacity(16),
            ..Gathered::default()
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
            None => self.find_unknown(name).map(|i| self.tags[i].1.as_ref()),
        }
    }

    /// Where a tag the reader does not know stands.
    fn find_unknown(&self, name: &str) -> Option<usize> {
        match &self.unknown {
            Some(unknown) => unknown.get(name).copied(),
            None => self.tags.iter().position(|(n, _, _)| n == name),
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
        let at = self.tags.len();
        match (known, &mut self.unknown) {
            (Some(tag), _) => self.known[tag as usize] = u32::try_from(at).ok(),
            (None, Some(unknown)) => {
                unknown.entry(name.clone()).or_insert(at);
            }
            (None, None) => {}
        }
        self.tags.push((name, value, pos));
        if self.tags.len() == MANY_TAGS {
            self.unknown = Some(self.index_unknown());
        }
    }

    /// Where each tag the reader does not know stands, the first of a
    /// name given twice.
    fn index_unknown(&self) -> HashMap<Cow<'a, str>, usize> {
        let mut unknown = HashMap::new();
        for (i, (name, _, _)) in self.tags.iter().enumerate() {
            if KnownTag::of(name).is_none() {
                unknown.entry(name.clone()).or_insert(i);
            }
        }
        unknown
    }

    /// A tag given again is reported; the first one counts. Given with
    /// the tag the name is, if the reader knows it.
    pub fn add_tag(
        &mut self,
        (known, name): (Option<KnownTag>, Cow<'a, str>),
        value: Cow<'a, str>,
        pos: Pos,
        problems: &mut Vec<Problem>,
    ) {
        let given = match known {
            Some(tag) => self.known[tag as usize].is_some(),
            None => self.find_unknown(&name).is_some(),
        };
        if given {
            let message = format!("tag {name} is given twice in this game; the first one counts");
            problems.push(Problem::new(pos, message));
        } else {
            self.push((known, name), value, pos);
        }
    }
}

/// Tags followed by rows of cells: OptimumResultTable, ScoreTable and the
/// like (but not the plain Table tag, a table number).
pub fn is_table(name: &str) -> bool {
    name.len() > 5 && name.ends_with("Table")
}
