//! Games cut from the tag lexer, gathered and turned into records.

use std::collections::HashMap;

use crate::model::{
    Commentary, Game, Pinochle, Pos, Problem, Record, RichText, Segment, SegmentPoint, SourceFormat,
};
use crate::notation::source::lines;
use crate::notation::tags::{self, Games, Token};

use super::tags::{identification, seat};

/// A tag with the segment it is limited to, if any.
pub(crate) struct Tag {
    pub(crate) name: String,
    pub(crate) value: String,
    pub(crate) pos: Pos,
    pub(crate) span: Option<(Option<SegmentPoint>, Option<SegmentPoint>)>,
}

/// `D`, `A.3`, `P.19.3`.
pub fn point(text: &str) -> Option<SegmentPoint> {
    let mut parts = text.split('.');
    let segment = parts.next()?.chars().next().and_then(Segment::from_letter)?;
    let mut number = || parts.next().map(|n| n.parse::<u32>().ok());
    let (n, m) = (number(), number());
    if n == Some(None) || m == Some(None) {
        return None;
    }
    Some(SegmentPoint {
        segment,
        n: n.flatten(),
        m: m.flatten(),
    })
}

/// `@P.19.3-R=` as a start and an end.
fn prefix(word: &str) -> Option<(Option<SegmentPoint>, Option<SegmentPoint>)> {
    let body = word.strip_prefix('@')?.strip_suffix('=')?;
    let (start, end) = body.split_once('-').unwrap_or((body, ""));
    let end = if end.is_empty() { None } else { Some(point(end)?) };
    Some((Some(point(start)?), end))
}

pub struct Reader<'a> {
    games: Games<'a, Box<dyn Iterator<Item = crate::notation::source::Line<'a>> + 'a>>,
    previous: HashMap<String, String>,
    sticky: HashMap<String, String>,
    number: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        let lines: Box<dyn Iterator<Item = crate::notation::source::Line<'a>> + 'a> = Box::new(lines(bytes));
        Reader {
            games: Games::new(lines),
            previous: HashMap::new(),
            sticky: HashMap::new(),
            number: 0,
        }
    }
}

impl Iterator for Reader<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let game = self.games.next()?;
        self.number += 1;
        Some(read_hand(game, self.number, &mut self.previous, &mut self.sticky))
    }
}

/// What the walk over one hand's tokens gathers.
#[derive(Default)]
pub(crate) struct Gathered {
    pub(crate) tags: Vec<Tag>,
    auction: Vec<(String, Pos)>,
    play: Vec<(String, Pos)>,
    comments: Vec<(String, Pos)>,
}

impl Gathered {
    pub(crate) fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name && t.span.is_none())
            .map(|t| t.value.as_str())
    }

    pub(crate) fn pos(&self, name: &str) -> Pos {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map_or(Pos::default(), |t| t.pos)
    }
}

fn gather(tokens: Vec<Token>, problems: &mut Vec<Problem>) -> Gathered {
    let mut g = Gathered::default();
    let mut section = "";
    let mut span = None;
    for token in tokens {
        match token {
            Token::Word { text, pos } if text.starts_with('@') => match prefix(&text) {
                Some(s) => span = Some(s),
                None => problems.push(Problem::new(
                    pos,
                    format!("`{text}` is not a segmental prefix like @P.19.3-R="),
                )),
            },
            Token::Tag { name, value, pos } => {
                section = match name.as_str() {
                    "Auction" | "Play" => {
                        if name == "Auction" {
                            "A"
                        } else {
                            "P"
                        }
                    }
                    _ => "",
                };
                g.tags.push(Tag {
                    name,
                    value,
                    pos,
                    span: span.take(),
                });
            }
            Token::Word { text, pos } => match section {
                "A" => g.auction.push((text, pos)),
                "P" => g.play.push((text, pos)),
                _ => problems.push(Problem::new(
                    pos,
                    format!("`{text}` stands outside any tag or section"),
                )),
            },
            Token::Comment { text, pos } => g.comments.push((text, pos)),
        }
    }
    g
}

/// `#` takes the earlier hand's value, `##value` holds for every later hand.
fn inherit(g: &mut Gathered, previous: &mut HashMap<String, String>, sticky: &mut HashMap<String, String>) {
    for t in g.tags.iter_mut().filter(|t| t.span.is_none()) {
        if let Some(rest) = t.value.strip_prefix("##") {
            t.value = rest.to_string();
            sticky.insert(t.name.clone(), t.value.clone());
        } else if t.value == "#" {
            t.value = previous.get(&t.name).cloned().unwrap_or_default();
        }
    }
    for (name, value) in sticky.iter() {
        if !g.tags.iter().any(|t| &t.name == name) {
            g.tags.push(Tag {
                name: name.clone(),
                value: value.clone(),
                pos: Pos::default(),
                span: None,
            });
        }
    }
    for t in g.tags.iter().filter(|t| t.span.is_none()) {
        previous.insert(t.name.clone(), t.value.clone());
    }
}

fn read_hand(
    game: tags::Lexed,
    number: usize,
    previous: &mut HashMap<String, String>,
    sticky: &mut HashMap<String, String>,
) -> Record {
    let mut problems = game.problems;
    let mut g = gather(game.tokens, &mut problems);
    inherit(&mut g, previous, sticky);
    let seats = g.tag("Deal").map_or(0, |d| {
        d.split_once(':').map_or(0, |(_, h)| h.split_whitespace().count())
    });
    let mut info = Pinochle::of_competition(g.tag("Competition"), seats);
    let variant = info.rules();
    // The record knows its variant while it is read; its facts go in last.
    let blank = Game::Pinochle(Box::new(info.clone()));
    let mut r = Record::new(number, game.line, SourceFormat::PpnPinochle, blank);
    identification(&g, &mut r, &mut info, &mut problems);
    super::play::auction(&g.auction, &mut info, &mut problems);
    info.leader = g.tag("Play").and_then(seat);
    if info.leader.is_some() {
        r.play = Some(super::play::play(&g.play, variant, &mut info, &mut problems));
    }
    r.commentary = g
        .comments
        .iter()
        .map(|(text, pos)| {
            let mut rich = RichText::default();
            rich.push_text(text.trim(), false, false);
            Commentary {
                after: None,
                entry: None,
                text: rich,
                pos: *pos,
            }
        })
        .collect();
    r.game = Game::Pinochle(Box::new(info));
    r.problems.extend(problems);
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segmental_prefixes_read_start_and_end() {
        let (start, end) = prefix("@P.19.3-R=").unwrap();
        assert_eq!(start.unwrap().to_string(), "P.19.3");
        assert_eq!(end.unwrap().to_string(), "R");
        assert_eq!(prefix("@M-="), Some((point("M"), None)));
        assert!(prefix("@Z.1-R=").is_none());
    }
}
