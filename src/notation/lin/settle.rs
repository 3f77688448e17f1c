//! What a record learns from the file around it: the match and teams of
//! the vugraph header, the names of its room, its partner in the other
//! room, its result (claimed, stated by `rs`, or counted from the play),
//! and boards given twice.

use std::collections::HashMap;

use super::board::Read;
use super::boards::Header;
use super::hands::seat_names;
use super::lex::{Lines, Token};
use super::results::{self, MatchLine, Stated};
use crate::model::{
    Card, DealResult, Hand, Outcome, Players, Pos, Record, Rules, SeatMap, Session, Stage, TwoPart,
};

pub fn settle(reads: &mut [Read], headers: &[&Header], lines: &Lines<'_>) {
    let mut seen: HashMap<Identity, u32> = HashMap::new();
    for (read, header) in reads.iter_mut().zip(headers) {
        let match_line = header.match_line.as_ref().map(|t| results::match_line(&t.value));
        if let Some(m) = &match_line {
            describe_match(&mut read.record, m);
        }
        let first = match_line.as_ref().and_then(|m| m.first);
        let stated = header
            .results
            .as_ref()
            .and_then(|t| stated_for(read, t, first, lines));
        settle_result(read, stated);
        if let Some(key) = identity(read) {
            match seen.get(&key) {
                Some(line) => {
                    let message = format!("this board is given again (first at line {line})");
                    read.record.problem(Pos::new(read.record.line, 1), message);
                }
                None => {
                    seen.insert(key, read.record.line);
                }
            }
        }
    }
    for (i, header) in headers.iter().enumerate() {
        let names = room_names(&reads[i], header);
        reads[i].record.players = names.map(|n| Players { tables: vec![n] });
    }
    pair(reads);
}

fn describe_match(record: &mut Record, m: &MatchLine) {
    if !m.title.is_empty() {
        record.event = Some(TwoPart {
            first: m.title.clone(),
            second: None,
        });
    }
    if !m.segment.is_empty() {
        record.session = Some(Session {
            stage: Stage::Other(m.segment.clone()),
            detail: None,
        });
    }
    record.scoring.clone_from(&m.scoring);
    record.teams.clone_from(&m.teams);
}

/// The names at this record's table: its own `pn`, else its room's half of
/// the header's eight.
fn room_names(read: &Read, header: &Header) -> Option<crate::model::SeatMap<String>> {
    let closed = read.room.is_some_and(|r| r.closed);
    let half = |names: &[String]| {
        let from = if names.len() > 4 && closed { 4 } else { 0 };
        seat_names(names.get(from..).unwrap_or(&[]))
    };
    if let Some(names) = &read.names {
        return Some(half(names));
    }
    let names: Vec<String> = header
        .names
        .as_ref()?
        .value
        .split(',')
        .map(|n| n.trim().to_string())
        .collect();
    Some(half(&names))
}

/// The open and closed rooms of one board, one after the other, are the
/// two tables of a team match.
fn pair(reads: &mut [Read]) {
    let mut i = 0;
    while i + 1 < reads.len() {
        let (a, b) = (reads[i].room, reads[i + 1].room);
        let paired = matches!((a, b), (Some(a), Some(b)) if !a.closed && b.closed && a.board.is_some() && a.board == b.board);
        if !paired {
            i += 1;
            continue;
        }
        let open = reads[i]
            .record
            .players
            .as_ref()
            .and_then(|p| p.tables.first().cloned());
        let closed = reads[i + 1]
            .record
            .players
            .as_ref()
            .and_then(|p| p.tables.first().cloned());
        let players = Players {
            tables: vec![open.unwrap_or_default(), closed.unwrap_or_default()],
        };
        for (k, table) in [(i, 1), (i + 1, 2)] {
            reads[k].record.table = Some(table);
            reads[k].record.players = Some(players.clone());
        }
        i += 2;
    }
}

/// What makes two boards the same board given twice: the room and number
/// where the file names rooms, else the number and the hands.
#[derive(PartialEq, Eq, Hash)]
enum Identity {
    Room {
        closed: bool,
        board: String,
    },
    Deal {
        board: String,
        hands: Box<SeatMap<Hand>>,
    },
}

fn identity(read: &Read) -> Option<Identity> {
    let board = read
        .record
        .board
        .as_ref()
        .map(|b| b.number.clone())
        .unwrap_or_default();
    match read.room {
        Some(room) => Some(Identity::Room {
            closed: room.closed,
            board,
        }),
        None => {
            let hands = Box::new(read.record.deal.as_ref()?.hands.clone());
            Some(Identity::Deal { board, hands })
        }
    }
}

/// The `rs` entry for this record's board and room, where it says
/// anything; an entry that cannot be read is a problem at it.
fn stated_for(read: &mut Read, rs: &Token, first: Option<u32>, lines: &Lines<'_>) -> Option<(Stated, Pos)> {
    let room = read.room?;
    let index = results::entry_index(first, room.board, room.closed)?;
    let entry = rs.value.split(',').nth(index)?;
    let chars: usize = rs
        .value
        .split(',')
        .take(index)
        .map(|e| e.chars().count() + 1)
        .sum();
    let pos = lines.pos_in(rs.value_at, &rs.value, chars);
    match results::stated(entry) {
        Ok(stated) => stated.map(|s| (s, pos)),
        Err(message) => {
            read.record.problem(pos, message);
            None
        }
    }
}

/// The result: the claim, else what `rs` states, else the tricks counted
/// from a complete play; `rs` is checked against the contract and tricks
/// read.
fn settle_result(read: &mut Read, stated: Option<(Stated, Pos)>) {
    let record = &mut read.record;
    let passed_out = record.auction().is_some_and(|a| a.is_complete()) && record.contract().is_none();
    let played = counted_tricks(record);
    let tricks = read.claim.map(|(n, _)| n).or(played);
    if let Some((n, pos)) = read.claim {
        let text = super::writer::claim_text(record.declarer(), n);
        record.commentary.push(crate::model::Commentary {
            after: Some('P'),
            entry: record
                .play
                .as_ref()
                .map(|p| crate::model::EntryRef::Play(p.entries().count().saturating_sub(1))),
            text: crate::notation::markup::rich(&text),
            pos,
        });
    }
    if let Some((s, pos)) = stated {
        let source = if read.claim.is_some() {
            "the claim"
        } else {
            "the play"
        };
        check_stated(record, s, pos, passed_out, tricks.map(|t| (t, source)));
    }
    let outcome = match (tricks, stated) {
        _ if passed_out => Some(Outcome::PassedOut),
        (Some(n), _) => Some(Outcome::Tricks(n)),
        (None, Some((Stated::Played { tricks, .. }, _))) => Some(Outcome::Tricks(tricks)),
        (None, Some((Stated::PassedOut, _))) => Some(Outcome::PassedOut),
        (None, None) => None,
    };
    if outcome.is_some() {
        record.bridge_mut().result = Some(DealResult {
            outcome,
            ..DealResult::default()
        });
    }
}

fn check_stated(record: &mut Record, s: Stated, pos: Pos, passed_out: bool, tricks: Option<(u8, &str)>) {
    let read = if passed_out {
        "passed out".to_string()
    } else {
        let Some(c) = record.contract() else { return };
        let x = ["", "X", "XX"][c.doubling as usize];
        format!("{}{}{x} by {}", c.level.unwrap_or(0), c.strain, c.declarer.name())
    };
    let stated = s.contract_text();
    if stated != read {
        let message = format!("the results line (`rs`) gives {stated}, but the auction ends in {read}");
        record.disagreement(pos, message);
        return;
    }
    if let (Stated::Played { tricks: said, .. }, Some((took, source))) = (s, tricks)
        && said != took
    {
        let message =
            format!("the results line (`rs`) gives declarer {said} tricks, but {source} gives {took}");
        record.disagreement(pos, message);
    }
}

/// Declarer's tricks when all thirteen are played out.
fn counted_tricks(record: &Record) -> Option<u8> {
    let contract = record.contract()?;
    let cards: Vec<Card> = record
        .plays()
        .filter_map(|e| match e.item {
            crate::model::PlayItem::Card { suit: Some(s), rank } => Some(Card::new(s, rank)),
            _ => None,
        })
        .collect();
    if cards.len() != 52 {
        return None;
    }
    let deal = record.deal.as_ref()?;
    let holder = |card: Card| {
        Rules::Bridge
            .seats()
            .iter()
            .copied()
            .find(|&s| deal.hands[s].contains(card))
    };
    let mut won = 0;
    for trick in cards.chunks(4) {
        let winner = holder(trick[Rules::Bridge.trick_winner(trick, contract.strain.trump())])?;
        won += u8::from(
            winner == contract.declarer
                || Rules::Bridge.next_seat(Rules::Bridge.next_seat(winner)) == contract.declarer,
        );
    }
    Some(won)
}
