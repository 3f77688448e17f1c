//! The bracket form: info tags that hold for every deal, and a deal line
//! per record.

use std::collections::HashMap;

use crate::model::{
    Annotated, Card, CardSet, Deal, Game, HandCard, Kontra, Players, Pos, PrefContract, Preferans, Problem,
    Record, Rules, Seat, SeatMap, SeatSet, SourceFormat, Suit, TwoPart, WrittenTrick,
};
use crate::model::{Board, Play, PlayItem};
use crate::notation::source::lines;
use crate::notation::tags::{Games, Token};

const GAME: Rules = Rules::Preferans;

/// A Preferans deal with nothing recorded yet.
pub(super) fn preferans() -> Game {
    Game::Preferans(Box::default())
}

/// The card a code stands for.
pub fn card(code: char) -> Option<Card> {
    const CODES: [&str; 4] = ["12345678", "9ABCDEFG", "HIJKLMNO", "PQRSTUVW"];
    const SUITS: [Suit; 4] = [Suit::Spades, Suit::Diamonds, Suit::Hearts, Suit::Clubs];
    let ranks = GAME.ranks();
    CODES
        .iter()
        .zip(SUITS)
        .find_map(|(codes, suit)| codes.find(code).map(|i| Card::new(suit, ranks[i])))
}

fn player(c: char) -> Option<Seat> {
    c.to_digit(10).and_then(|n| GAME.player_seat(n as usize))
}

/// A deal's fields, with where each starts.
struct Fields<'a> {
    items: Vec<(&'a str, Pos)>,
}

impl<'a> Fields<'a> {
    fn get(&self, i: usize) -> Option<(&'a str, Pos)> {
        self.items.get(i).copied()
    }
}

/// Reads every record of a bracket-form file.
pub fn read(bytes: &[u8]) -> Vec<Record> {
    let mut info: Vec<(String, String)> = Vec::new();
    let mut records = Vec::new();
    for game in Games::new(lines(bytes)) {
        let mut orphan_problems = game.problems;
        let mut words: HashMap<u32, Vec<(String, Pos)>> = HashMap::new();
        for token in game.tokens {
            match token {
                Token::Tag { name, value, pos } if name.chars().all(|c| c.is_ascii_digit()) => {
                    let text = format!("{name} {value}");
                    let mut record = deal(&text, pos, &info, records.len() + 1);
                    record.problems.append(&mut orphan_problems);
                    records.push(record);
                }
                Token::Tag { name, value, .. } => info.push((name, value)),
                Token::Word { text, pos } => words.entry(pos.line).or_default().push((text, pos)),
                Token::Comment { .. } => {}
            }
        }
        let mut lines: Vec<_> = words.into_iter().collect();
        lines.sort_by_key(|(line, _)| *line);
        for (_, words) in lines {
            records.extend(older_line(&words, records.len() + 1));
        }
    }
    records
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
    let message =
        "this deal line is in an older layout of PPN, whose fields kibitzer can't read without guessing";
    record.problem(*pos, message);
    Some(record)
}

/// One deal from its text (`1 231 cards bids ...`), with the file's info.
pub fn deal(text: &str, pos: Pos, info: &[(String, String)], number: usize) -> Record {
    let mut items = Vec::new();
    let mut offset = 0;
    for word in text.split(' ') {
        if !word.is_empty() {
            items.push((word, Pos::new(pos.line, pos.col + 1 + offset as u32)));
        }
        offset += word.chars().count() + 1;
    }
    let fields = Fields { items };
    let mut record = Record::new(number, pos.line, SourceFormat::PpnPreferans, preferans());
    apply_info(info, &mut record);
    let mut problems = Vec::new();
    read_fields(&fields, &mut record, &mut problems);
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
    if let (Some(bula), Some(refe)) = (tag("Bula"), tag("Refe")) {
        // The game's standing goes with every deal: results and places.
        let standing: Vec<String> = (1..=3)
            .filter_map(|n| {
                let result = tag(&format!("Result{n}"))?;
                let place = tag(&format!("Place{n}"))
                    .map(|p| format!(" (place {p})"))
                    .unwrap_or_default();
                Some(format!("{n} {result}{place}"))
            })
            .collect();
        let second = (!standing.is_empty()).then(|| format!("results {}", standing.join(", ")));
        r.title = Some(TwoPart {
            first: format!("Bula {bula}, refe {refe}"),
            second,
        });
    }
    r.players = Some(Players { tables: vec![names] });
}

fn read_fields(f: &Fields<'_>, r: &mut Record, problems: &mut Vec<Problem>) {
    let (Some((id, _)), Some((order, order_pos)), Some((cards, cards_pos))) = (f.get(0), f.get(1), f.get(2))
    else {
        let pos = f.get(0).map_or(Pos::default(), |(_, p)| p);
        problems.push(Problem::new(
            pos,
            "a deal needs at least its id, deal order, cards and bids",
        ));
        return;
    };
    r.board = Some(Board {
        number: id.to_string(),
        description: None,
        auto: false,
    });
    if order.chars().count() != 3 || cards.chars().count() != 32 {
        let message =
            "this deal line is in an older layout of PPN, whose fields kibitzer can't read without guessing";
        problems.push(Problem::new(order_pos, message));
        return;
    }
    let order: Vec<Seat> = order.chars().filter_map(player).collect();
    if order.len() != 3 {
        problems.push(Problem::new(
            order_pos,
            format!("deal order `{order:?}` should name players 1, 2 and 3"),
        ));
        return;
    }
    let mut info = Preferans {
        deal_order: order.clone(),
        ..Preferans::default()
    };
    r.deal = Some(dealt(cards, cards_pos, &order, problems));
    if let Some((bids, _)) = f.get(3) {
        info.bids = bids.split(',').map(str::to_string).collect();
    }
    if f.items.len() > 4 {
        played(f, &mut info, r, problems);
    }
    r.game = Game::Preferans(Box::new(info));
}

/// Ten cards to each player in deal order, then the talon; each card once.
fn dealt(cards: &str, pos: Pos, order: &[Seat], problems: &mut Vec<Problem>) -> Deal {
    let mut deal = Deal::new(GAME);
    let mut seen = CardSet::default();
    for (i, code) in cards.chars().enumerate() {
        let at = Pos::new(pos.line, pos.col + i as u32);
        let Some(card) = card(code) else {
            problems.push(Problem::new(at, format!("`{code}` is not a card code")));
            continue;
        };
        if !seen.insert(card) {
            problems.push(Problem::new(at, format!("{card} is dealt twice")));
        }
        match order.get(i / 10) {
            Some(&seat) => deal.hands[seat].push(HandCard::Known(card)),
            None => deal.talon.push(card),
        }
    }
    if cards.chars().count() != 32 {
        problems.push(Problem::new(
            pos,
            format!("a deal has 32 cards, not {}", cards.chars().count()),
        ));
    }
    order.iter().for_each(|&s| deal.given.insert(s));
    deal
}

/// The fields after the bids: main player to summary. The spec's own
/// example leaves out refa (13 fields); the field list has it (14).
fn played(f: &Fields<'_>, info: &mut Preferans, r: &mut Record, problems: &mut Vec<Problem>) {
    let refa_given = match f.items.len() {
        14 => 1,
        13 => 0,
        n => {
            let pos = f.get(4).map_or(Pos::default(), |(_, p)| p);
            let message = format!("a played deal has 13 or 14 fields, not {n}; the rest of it is not read");
            problems.push(Problem::new(pos, message));
            return;
        }
    };
    let at = |i: usize| if i > 9 { i + refa_given - 1 } else { i };
    let field = |i: usize| f.get(at(i)).map_or("", |(v, _)| v);
    let pos = |i: usize| f.get(at(i)).map_or(Pos::default(), |(_, p)| p);
    info.main = field(4).chars().next().and_then(player);
    info.discarded = if field(5) == "XX" {
        Vec::new()
    } else {
        field(5).chars().filter_map(card).collect()
    };
    info.contract = contract(field(6));
    info.followers = followers(field(7), info.main);
    info.kontra = kontra(field(8));
    info.refa = refa_given == 1 && field(9) == "1";
    info.value = field(10).parse().ok();
    info.summary = field(13).split(',').map(str::to_string).collect();
    info.leader = field(11).chars().next().and_then(player);
    if info.contract.is_none() || info.main.is_none() {
        problems.push(Problem::new(
            pos(6),
            format!("`{}` is not a contract (2 to 8, G before for a game)", field(6)),
        ));
    }
    r.play = Some(throws(field(12), pos(12), problems));
}

fn contract(text: &str) -> Option<PrefContract> {
    let (game, code) = match text.strip_prefix('G') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    code.parse()
        .ok()
        .filter(|c| (2..=8).contains(c))
        .map(|code| PrefContract { code, game })
}

/// `0` none, a player number for one follower, 4 and up for both.
fn followers(text: &str, main: Option<Seat>) -> SeatSet {
    match text.parse::<usize>() {
        Ok(n) if n >= 4 => GAME
            .seats()
            .iter()
            .copied()
            .filter(|&s| Some(s) != main)
            .collect(),
        Ok(n) => GAME.player_seat(n).into_iter().collect(),
        Err(_) => SeatSet::default(),
    }
}

fn kontra(text: &str) -> Option<Kontra> {
    let mut chars = text.chars();
    let kind = chars.next().filter(|c| "IKRSM".contains(*c))?;
    Some(Kontra {
        kind,
        by: chars.next().and_then(player)?,
    })
}

/// Throws: each trick's cards from its starter, then the winner's number.
fn throws(text: &str, pos: Pos, problems: &mut Vec<Problem>) -> Play {
    let mut play = Play::default();
    let mut offset = 0u32;
    for throw in text.split(',') {
        let mut chars: Vec<char> = throw.chars().collect();
        let winner = chars.pop().and_then(player);
        if winner.is_none() || !(2..=3).contains(&chars.len()) {
            problems.push(Problem::new(
                Pos::new(pos.line, pos.col + offset),
                format!("`{throw}` is not a throw (two or three cards, then the winner)"),
            ));
        }
        let plays = chars
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| {
                let card = card(c)?;
                let item = PlayItem::Card {
                    suit: Some(card.suit),
                    rank: card.rank,
                };
                let at = Pos::new(pos.line, pos.col + offset + i as u32);
                Some(Annotated {
                    item,
                    annotations: Vec::new(),
                    flagged: false,
                    pos: at,
                })
            })
            .collect();
        play.tricks.push(WrittenTrick {
            plays,
            trivial: false,
            winner,
        });
        offset += throw.chars().count() as u32 + 1;
    }
    play
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Rank;

    #[test]
    fn card_codes_cover_the_deck() {
        assert_eq!(card('1'), Some(Card::new(Suit::Spades, Rank::Seven)));
        assert_eq!(card('4'), Some(Card::new(Suit::Spades, Rank::Ten)));
        assert_eq!(card('9'), Some(Card::new(Suit::Diamonds, Rank::Seven)));
        assert_eq!(card('G'), Some(Card::new(Suit::Diamonds, Rank::Ace)));
        assert_eq!(card('W'), Some(Card::new(Suit::Clubs, Rank::Ace)));
        assert_eq!(card('X'), None);
    }

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
        assert_eq!(info.kontra.unwrap().name(), "invitation");
        let deal = r.deal.as_ref().unwrap();
        assert_eq!(deal.talon, [card('T').unwrap(), card('9').unwrap()]);
        assert_eq!(deal.hands[Seat::North].len(), 10);
        let play = r.play.as_ref().unwrap();
        assert_eq!(play.tricks.len(), 10);
        assert_eq!(play.tricks[7].winner, Some(Seat::East));
    }

    #[test]
    fn a_card_dealt_twice_is_told_where_its_second_copy_stands() {
        let order = [Seat::North, Seat::East, Seat::West];
        let mut problems = Vec::new();
        dealt("1231", Pos::new(4, 10), &order, &mut problems);
        let said: Vec<(u32, &str)> = problems.iter().map(|p| (p.pos.col, p.message.as_str())).collect();
        assert_eq!(
            said,
            [(13, "S7 is dealt twice"), (10, "a deal has 32 cards, not 4")]
        );
    }
}
