//! The Auction and Play sections of Portable Pinochle Notation: a line a
//! bidding round, a line a trick.
//!
//! ```text
//! round = { "Pass" | number | "-" } ["*"]
//! trick = { card } "(" seat points ")" | { card } "*"
//! ```

use std::collections::BTreeMap;

use crate::model::{Annotated, Card, Pinochle, Play, PlayItem, Pos, Problem, Rules, WrittenTrick};

/// Words grouped by the line they stand on, in order.
fn by_line(words: &[(String, Pos)]) -> Vec<Vec<(String, Pos)>> {
    let mut lines: BTreeMap<u32, Vec<(String, Pos)>> = BTreeMap::new();
    for (w, p) in words {
        lines.entry(p.line).or_default().push((w.clone(), *p));
    }
    lines.into_values().collect()
}

pub fn auction(words: &[(String, Pos)], info: &mut Pinochle, problems: &mut Vec<Problem>) {
    for line in by_line(words) {
        let mut round = Vec::new();
        for (word, pos) in line {
            match word.as_str() {
                "*" => break,
                "-" => round.push(None),
                w if w.eq_ignore_ascii_case("pass") => round.push(Some("Pass".to_string())),
                w if w.parse::<u32>().is_ok() => round.push(Some(w.to_string())),
                w => problems.push(Problem::new(
                    pos,
                    format!("`{w}` is not a bid (a number, Pass or -)"),
                )),
            }
        }
        info.rounds.push(round);
    }
}

/// `(S2)`: the trick's winner and its points.
fn winner(word: &str) -> Option<(crate::model::Seat, Option<u32>)> {
    let body = word.strip_prefix('(')?.strip_suffix(')')?;
    let split = body.find(|c: char| c.is_ascii_digit()).unwrap_or(body.len());
    let seat = super::tags::seat(&body[..split])?;
    Some((seat, body[split..].parse().ok()))
}

pub fn play(words: &[(String, Pos)], game: Rules, info: &mut Pinochle, problems: &mut Vec<Problem>) -> Play {
    let mut play = Play::default();
    for line in by_line(words) {
        let mut trick = WrittenTrick::default();
        let mut points = None;
        for (word, pos) in line {
            if word == "*" {
                break;
            }
            if let Some((seat, p)) = winner(&word) {
                trick.winner = Some(seat);
                points = p;
                continue;
            }
            match word.parse::<Card>() {
                Ok(card) if game.ranks().contains(&card.rank) => {
                    let item = PlayItem::Card {
                        suit: Some(card.suit),
                        rank: card.rank,
                    };
                    trick.plays.push(Annotated {
                        item,
                        annotations: Vec::new(),
                        flagged: false,
                        pos,
                    });
                }
                _ => problems.push(Problem::new(
                    pos,
                    format!("`{word}` is not a Pinochle card or a (winner points)"),
                )),
            }
        }
        if !trick.plays.is_empty() {
            info.trick_points.push(points);
            play.tricks.push(trick);
        }
    }
    play
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Seat;

    fn words(lines: &[&str]) -> Vec<(String, Pos)> {
        lines
            .iter()
            .enumerate()
            .flat_map(|(i, l)| {
                l.split_whitespace()
                    .map(move |w| (w.to_string(), Pos::new(i as u32 + 1, 1)))
            })
            .collect()
    }

    #[test]
    fn rounds_and_tricks_read_line_by_line() {
        let mut info = Pinochle::default();
        let mut problems = Vec::new();
        auction(
            &words(&["Pass 52 59 60", "- Pass 65 70", "- - Pass"]),
            &mut info,
            &mut problems,
        );
        assert_eq!(info.rounds.len(), 3);
        assert_eq!(info.rounds[1][0], None);
        let game = Rules::Pinochle {
            double_deck: true,
            players: 4,
        };
        let p = play(
            &words(&["CA CJ CK CJ (S2)", "DQ DT *"]),
            game,
            &mut info,
            &mut problems,
        );
        assert_eq!(p.tricks.len(), 2);
        assert_eq!(p.tricks[0].winner, Some(Seat::South));
        assert_eq!(info.trick_points, [Some(2), None]);
        assert!(problems.is_empty(), "{problems:?}");
    }
}
