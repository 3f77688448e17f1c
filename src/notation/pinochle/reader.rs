//! Games cut from the tag lexer, gathered, and turned into records with
//! what earlier hands hand on.

use std::collections::HashMap;

use crate::model::{
    Commentary, Emphasis, Game, Pinochle, Pos, Problem, Record, RichText, Rules, SourceFormat,
};
use crate::notation::source::lines;
use crate::notation::tags::{self, Games};

use super::gathered::{Gathered, Tag, gather};
use super::tags::identification;

pub struct Reader<'a> {
    games: Games<'a, Box<dyn Iterator<Item = crate::notation::source::Line<'a>> + 'a>>,
    previous: HashMap<String, String>,
    sticky: HashMap<String, String>,
    number: usize,
    /// The file's Format header says EXPORT: every hand carries the
    /// mandatory tags.
    export: bool,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        let lines: Box<dyn Iterator<Item = crate::notation::source::Line<'a>> + 'a> = Box::new(lines(bytes));
        Reader {
            games: Games::new(lines),
            previous: HashMap::new(),
            sticky: HashMap::new(),
            number: 0,
            export: false,
        }
    }
}

impl Iterator for Reader<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let mut game = self.games.next()?;
        self.number += 1;
        headers(&game.headers, &mut self.export, &mut game.problems);
        let (previous, sticky) = (&mut self.previous, &mut self.sticky);
        Some(read_hand(game, self.number, self.export, previous, sticky))
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

/// `% PPN 1.0`, the version this reader knows, and `% EXPORT` or
/// `% IMPORT`, which holds until another says otherwise.
fn headers(lines: &[(String, Pos)], export: &mut bool, problems: &mut Vec<Problem>) {
    for (line, pos) in lines {
        let words: Vec<&str> = line.trim_start_matches('%').split_whitespace().collect();
        match words.as_slice() {
            ["PPN", "1.0"] | ["ID", ..] | [] => {}
            ["PPN", version] => problems.push(Problem::new(
                *pos,
                format!("PPN {version} is not a version this reader knows (1.0)"),
            )),
            ["EXPORT"] => *export = true,
            ["IMPORT"] => *export = false,
            _ => {}
        }
    }
}

/// The tags an EXPORT hand of Double-deck Four-handed Pinochle must carry,
/// in the spec's order; the spec names no roster for other variants yet.
const ROSTER: [&str; 20] = [
    "Site",
    "Date",
    "North",
    "East",
    "South",
    "West",
    "Hand",
    "GameScores",
    "Dealer",
    "Deal",
    "Declarer",
    "Contract",
    "Trump",
    "Melds",
    "MeldScores",
    "PlayScores",
    "Result",
    "HandScores",
    "Auction",
    "Play",
];

fn roster(g: &Gathered, info: &Pinochle, line: u32, problems: &mut Vec<Problem>) {
    let four = Rules::Pinochle {
        double_deck: true,
        players: 4,
    };
    if info.rules() != four {
        return;
    }
    let missing: Vec<&str> = ROSTER
        .iter()
        .copied()
        .filter(|&name| !g.tags.iter().any(|t| t.name == name))
        .collect();
    if !missing.is_empty() {
        let message = format!("an EXPORT hand must carry {}", missing.join(", "));
        problems.push(Problem::new(Pos::new(line, 1), message));
    }
}

fn read_hand(
    game: tags::Lexed,
    number: usize,
    export: bool,
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
    if export {
        roster(&g, &info, game.line, &mut problems);
    }
    identification(&g, &mut r, &mut info, &mut problems);
    super::play::auction(&g.auction, &mut info, &mut problems);
    super::play::hold_auction(&mut info, |name| g.pos(name), &mut problems);
    // A leader the record does not know (`?`) is found from the hand
    // holding the first card, where the hands are known.
    if g.tag("Play").is_some() {
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
