//! Games cut from the tag lexer, gathered, and turned into records with
//! what earlier hands hand on.

use std::collections::HashMap;

use crate::model::{Commentary, Emphasis, Game, Pinochle, Pos, Record, RichText, SourceFormat};
use crate::notation::source::lines;
use crate::notation::tags::{self, Games};

use super::gathered::{Gathered, Tag, gather};
use super::tags::{identification, seat};

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
    // The hand's facts are gathered beside the record and go in last.
    let mut r = Record::new(
        number,
        game.line,
        SourceFormat::PpnPinochle,
        Game::Pinochle(Box::default()),
    );
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
            rich.push_text(text.trim(), Emphasis::PLAIN);
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
