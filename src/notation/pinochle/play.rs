//! The Auction and Play sections of Portable Pinochle Notation: a line a
//! bidding round, a line a trick.
//!
//! ```text
//! round = { "Pass" | number | "-" } ["*"]
//! trick = { card } "(" seat points ")" | { card } "*"
//! ```

use std::collections::BTreeMap;

use crate::model::{
    Annotated, AuctionBid, Called, Card, Pinochle, Play, PlayItem, Pos, Problem, Rules, Seat, WrittenTrick,
};

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
            let bid = match word.as_str() {
                "*" => break,
                "-" => AuctionBid::Out,
                "?" => AuctionBid::Unknown,
                w if w.eq_ignore_ascii_case("pass") => AuctionBid::Pass,
                w => match w.parse::<u32>() {
                    Ok(n) => AuctionBid::Points(n),
                    Err(_) => {
                        let message = format!("`{w}` is not a bid (a number, Pass, - or ?)");
                        problems.push(Problem::new(pos, message));
                        continue;
                    }
                },
            };
            round.push(Called { bid, pos });
        }
        info.rounds.push(round);
    }
}

/// The auction held to itself and to the tags: each bid above the last, a
/// seat that passed stays out, and the highest bidder is Declarer at the
/// Contract. Where the tags are left out, the auction gives them.
pub fn hold_auction(info: &mut Pinochle, tag_pos: impl Fn(&str) -> Pos, problems: &mut Vec<Problem>) {
    let mut high = 0;
    let mut out: Vec<Seat> = Vec::new();
    for (seat, called) in info.bids() {
        let message = match called.bid {
            AuctionBid::Points(_) | AuctionBid::Pass if out.contains(&seat) => {
                format!("{} bids after passing", seat.name())
            }
            AuctionBid::Points(n) if n <= high => {
                format!("{} bids {n}, not above the {high} bid before", seat.name())
            }
            _ => String::new(),
        };
        match called.bid {
            AuctionBid::Points(n) => high = high.max(n),
            AuctionBid::Pass => out.push(seat),
            _ => {}
        }
        if !message.is_empty() {
            problems.push(Problem::new(called.pos, message));
        }
    }
    let Some((winner, bid)) = info.winning_bid() else {
        return;
    };
    match info.declarer {
        Some(d) if d != winner => problems.push(Problem::new(
            tag_pos("Declarer"),
            format!("Declarer is {}, but {} won the auction", d.name(), winner.name()),
        )),
        Some(_) => {}
        None => info.declarer = Some(winner),
    }
    match info.contract {
        Some(c) if c != bid => problems.push(Problem::new(
            tag_pos("Contract"),
            format!("the contract is {c}, but the auction was won at {bid}"),
        )),
        Some(_) => {}
        None => info.contract = Some(bid),
    }
}

/// A trick's winner and points, either of them `?` where the record does
/// not know it.
type Taken = (Option<Seat>, Option<u32>);

/// `(S2)`, `(?)`, `(S?)`, `(?2)`: the trick's winner and its points.
fn winner(word: &str, game: Rules) -> Option<Result<Taken, String>> {
    let body = word.strip_prefix('(')?.strip_suffix(')')?;
    // The seat is letters or a `?` of its own; the points follow it.
    let split = match body.strip_prefix('?') {
        Some(_) => 1,
        None => body
            .find(|c: char| c.is_ascii_digit() || c == '?')
            .unwrap_or(body.len()),
    };
    let (seat, points) = body.split_at(split);
    let seat = match seat {
        "?" => Ok(None),
        s => super::tags::game_seat(s, game).map(Some),
    };
    let points = match points {
        "" | "?" => Ok(None),
        p => p
            .parse()
            .map(Some)
            .map_err(|_| format!("`{p}` is not a trick's points")),
    };
    Some(seat.and_then(|s| points.map(|p| (s, p))))
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
            match winner(&word, game) {
                Some(Ok((seat, p))) => {
                    trick.winner = seat;
                    points = p;
                    continue;
                }
                Some(Err(m)) => {
                    problems.push(Problem::new(pos, m));
                    continue;
                }
                None => {}
            }
            let item = match word.parse::<Card>() {
                _ if word == "?" => PlayItem::Unknown,
                Ok(card) if game.ranks().contains(&card.rank) => PlayItem::Card {
                    suit: Some(card.suit),
                    rank: card.rank,
                },
                _ => {
                    let message = format!("`{word}` is not a Pinochle card, `?` or a (winner points)");
                    problems.push(Problem::new(pos, message));
                    continue;
                }
            };
            trick.plays.push(Annotated {
                item,
                annotations: Vec::new(),
                flagged: false,
                pos,
            });
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
    fn a_trick_s_winner_or_points_may_be_unknown() {
        let game = Rules::Pinochle {
            double_deck: true,
            players: 4,
        };
        let read = |w: &str| winner(w, game).unwrap();
        assert_eq!(read("(S2)"), Ok((Some(Seat::South), Some(2))));
        assert_eq!(read("(?)"), Ok((None, None)));
        assert_eq!(read("(S?)"), Ok((Some(Seat::South), None)));
        assert_eq!(read("(?2)"), Ok((None, Some(2))));
        assert_eq!(read("(S2x)"), Err("`2x` is not a trick's points".to_string()));
        assert!(read("()").is_err() && read("(2)").is_err());
        assert_eq!(winner("SA", game), None);
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
        assert_eq!(info.rounds[1][0].bid, AuctionBid::Out);
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
