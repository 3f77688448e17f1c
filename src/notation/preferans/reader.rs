//! The bracket form: info tags that hold for every deal, and a deal line
//! per record.

use std::collections::HashMap;

use crate::model::{Game, Players, Pos, Record, Rules, SeatMap, SourceFormat, TwoPart};
use crate::notation::source::lines;

use super::fields::{Field, OLDER, read_fields};
use super::paper;
use crate::notation::tags::{Games, Token};

const GAME: Rules = Rules::Preferans;

/// A Preferans deal with nothing recorded yet.
pub(super) fn preferans() -> Game {
    Game::Preferans(Box::default())
}

/// The tags PPN requires of every game.
const REQUIRED: [&str; 8] = [
    "Bula", "Refe", "Player1", "Player2", "Player3", "Result1", "Result2", "Result3",
];

/// Reads every record of a bracket-form file. Tags hold for the deals
/// after them, up to the next game's tags.
pub fn read(bytes: &[u8]) -> Vec<Record> {
    let mut info: Vec<(String, String)> = Vec::new();
    // Where each game's tags are, by the index of its first deal.
    let mut placed: Vec<(usize, Vec<(String, Pos)>)> = vec![(0, Vec::new())];
    let mut dealt_since_tags = false;
    let mut records = Vec::new();
    for game in Games::new(lines(bytes)) {
        let mut orphan_problems = game.problems;
        let mut words: HashMap<u32, Vec<(String, Pos)>> = HashMap::new();
        for token in game.tokens {
            match token {
                Token::Tag { name, value, pos } if name.chars().all(|c| c.is_ascii_digit()) => {
                    let text = format!("{name} {value}");
                    let mut record = deal(&text, pos, &info, records.len() + 1);
                    if !dealt_since_tags {
                        missing_tags(&info, pos, &mut record);
                    }
                    dealt_since_tags = true;
                    record.problems.append(&mut orphan_problems);
                    records.push(record);
                }
                Token::Tag { name, value, pos } => {
                    if std::mem::take(&mut dealt_since_tags) {
                        info.clear();
                        placed.push((records.len(), Vec::new()));
                    }
                    if let Some((_, tags)) = placed.last_mut() {
                        tags.push((name.to_string(), pos));
                    }
                    info.push((name.into_owned(), value.into_owned()));
                }
                Token::Word { text, pos } => {
                    words.entry(pos.line).or_default().push((text.into_owned(), pos))
                }
                Token::Comment { .. } => {}
            }
        }
        let mut lines: Vec<_> = words.into_iter().collect();
        lines.sort_by_key(|(line, _)| *line);
        for (_, words) in lines {
            records.extend(older_line(&words, records.len() + 1));
        }
    }
    paper::check(&mut records, |record, tag| {
        let (_, tags) = placed.iter().rev().find(|(first, _)| *first <= record)?;
        tags.iter().find(|(name, _)| name == tag).map(|(_, pos)| *pos)
    });
    records
}

/// The first deal of a game tells which required tags its game lacks.
fn missing_tags(info: &[(String, String)], pos: Pos, record: &mut Record) {
    let missing: Vec<&str> = REQUIRED
        .iter()
        .copied()
        .filter(|&t| !info.iter().any(|(name, _)| name == t))
        .collect();
    if !missing.is_empty() {
        let message = format!("this game lacks the required tags {}", missing.join(", "));
        record.problem(pos, message);
    }
}

/// Lines of the spec's older revisions, `1. ...` outside brackets: their
/// fields differ from today's, so they are reported, not guessed at. The
/// `...` that ends the spec's example is nothing.
fn older_line(words: &[(String, Pos)], number: usize) -> Option<Record> {
    let (first, pos) = words.first()?;
    if first == "..." {
        return None;
    }
    let mut record = Record::new(number, pos.line, SourceFormat::PpnPreferans, preferans());
    record.problem(*pos, OLDER);
    Some(record)
}

/// One deal from its text (`1 231 cards bids ...`), with the file's info.
pub fn deal(text: &str, pos: Pos, info: &[(String, String)], number: usize) -> Record {
    let mut items: Vec<Field> = Vec::new();
    let mut offset = 0;
    for word in text.split(' ') {
        if !word.is_empty() {
            items.push(Field {
                text: word.to_string(),
                pos: Pos::new(pos.line, pos.col + 1 + offset as u32),
                exact: true,
                spots: Vec::new(),
            });
        }
        offset += word.chars().count() + 1;
    }
    let mut record = Record::new(number, pos.line, SourceFormat::PpnPreferans, preferans());
    apply_info(info, &mut record);
    let mut problems = Vec::new();
    read_fields(&items, &mut record, &mut problems);
    record.problems.extend(problems);
    record
}

fn apply_info(info: &[(String, String)], r: &mut Record) {
    let mut names = SeatMap::<String>::default();
    for (name, value) in info {
        match name
            .strip_prefix("Player")
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| GAME.player_seat(n))
        {
            Some(seat) => names[seat] = value.clone(),
            None => r.tags.push((name.clone(), value.clone())),
        }
    }
    let tag = |n: &str| info.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_str());
    // The game's results are its end: they wait on the score sheet, not
    // in every deal's title.
    if let (Some(bula), Some(refe)) = (tag("Bula"), tag("Refe")) {
        r.title = Some(TwoPart {
            first: format!("Bula {bula}, refe {refe}"),
            second: None,
        });
    }
    r.players = Some(Players { tables: vec![names] });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{KontraKind, Seat};
    use crate::notation::preferans::card;

    #[test]
    fn the_spec_example_deal_reads() {
        let text = "1 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 2 AR 4 3 I3 8 2 2A12,M9B2,2A12,M9B2,2A12,M9B2,2A12,G9B3,2A13,G9B3 M7:-8,F3:L24,0";
        let r = deal(text, Pos::new(13, 1), &[], 1);
        let Game::Preferans(info) = &r.game else {
            panic!("a Preferans deal")
        };
        assert_eq!(info.deal_order, [Seat::North, Seat::East, Seat::West]);
        assert_eq!(info.main, Some(Seat::North));
        assert_eq!(info.contract.unwrap().name(), "Hearts");
        assert_eq!(info.kontra.unwrap().kind, KontraKind::Invitation);
        assert_eq!(info.calls.len(), 5, "2, pass, 3, mine 3, pass");
        let deal = r.deal.as_ref().unwrap();
        assert_eq!(deal.talon, [card('T').unwrap(), card('9').unwrap()]);
        assert_eq!(deal.hands[Seat::North].len(), 10);
        let play = r.play.as_ref().unwrap();
        assert_eq!(play.tricks.len(), 10);
        assert_eq!(play.tricks[7].winner, Some(Seat::East));
    }
}
