//! A deal's fields, bracket or JSON alike, each read with its place in the
//! file: what each says, or a problem at the field that says why not.

use crate::model::{
    Annotated, Card, CardSet, Deal, Game, HandCard, HighBid, Kontra, KontraKind, Play, PlayItem, Pos,
    PrefContract, Preferans, Problem, Record, Rules, Seat, SeatSet, Tally, TrickPlays, WrittenTrick,
};
use crate::model::{Board, Suit};

use super::vet;

const GAME: Rules = Rules::Preferans;

/// One field's text and where it starts.
#[derive(Clone, Debug)]
pub struct Field {
    pub text: String,
    pub pos: Pos,
    /// Each character stands one column after the one before, as on a
    /// bracket line or in a JSON string; false for a JSON number or
    /// literal, whose characters are all placed at its start.
    pub exact: bool,
    /// Where each character stands, for a field put together from several
    /// JSON values (the cards of each hand, every throw); empty otherwise.
    pub spots: Vec<Pos>,
}

impl Field {
    /// Where the field's character `i` stands.
    pub fn at(&self, i: usize) -> Pos {
        if let Some(&spot) = self.spots.get(i) {
            spot
        } else if self.exact {
            Pos::new(self.pos.line, self.pos.col + i as u32)
        } else {
            self.pos
        }
    }
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

pub(super) fn player(c: char) -> Option<Seat> {
    c.to_digit(10).and_then(|n| GAME.player_seat(n as usize))
}

/// A field that is exactly one player's number.
fn one_player(text: &str) -> Option<Seat> {
    let mut chars = text.chars();
    let seat = chars.next().and_then(player);
    seat.filter(|_| chars.next().is_none())
}

pub(super) const OLDER: &str =
    "this deal line is in an older layout of PPN, whose fields kibitzer can't read without guessing";

/// Reads a deal's fields into the record: id, order, cards and bids, then
/// the play when there is one, then checks they agree.
pub(super) fn read_fields(f: &[Field], r: &mut Record, problems: &mut Vec<Problem>) {
    let [id, order, cards, ..] = f else {
        let pos = f.first().map_or(Pos::default(), |f| f.pos);
        problems.push(Problem::new(
            pos,
            "a deal needs at least its id, deal order, cards and bids",
        ));
        return;
    };
    r.board = Some(Board {
        number: id.text.clone(),
        description: None,
        auto: false,
    });
    if id.text.parse::<u32>().is_err() {
        problems.push(Problem::new(
            id.pos,
            format!("`{}` is not a deal number", id.text),
        ));
    }
    // The older revisions have a one-digit order or none: the cards then
    // stand where the order should.
    if order.text.chars().count() != 3 || cards.text.chars().count() < 30 {
        problems.push(Problem::new(order.pos, OLDER));
        return;
    }
    let Some(deal_order) = deal_order(order, problems) else {
        return;
    };
    let mut info = Preferans {
        deal_order,
        ..Preferans::default()
    };
    r.deal = Some(dealt(cards, &info.deal_order, problems));
    match f.get(3) {
        Some(bids) => info.bids = high_bids(bids, problems),
        None => problems.push(Problem::new(cards.pos, "the bids are missing after the cards")),
    }
    if f.len() > 4 {
        played(f, &mut info, r, problems);
    }
    vet::deal(&mut info, r, f, problems);
    r.game = Game::Preferans(Box::new(info));
}

/// The players in the order dealt to, each once; the cards go round the
/// table as the play does (1, 2, 3), which is told where they don't.
fn deal_order(order: &Field, problems: &mut Vec<Problem>) -> Option<Vec<Seat>> {
    let seats: Vec<Seat> = order.text.chars().filter_map(player).collect();
    let distinct: SeatSet = seats.iter().copied().collect();
    if seats.len() != 3 || distinct.iter().count() != 3 {
        let message = format!(
            "deal order `{}` should name players 1, 2 and 3, each once",
            order.text
        );
        problems.push(Problem::new(order.pos, message));
        return None;
    }
    let first = GAME.player_number(seats[0]).unwrap_or(1);
    let round: String = (0..3)
        .map(|i| char::from(b'1' + ((first - 1 + i) % 3) as u8))
        .collect();
    if order.text != round {
        let message = format!(
            "deal order `{}` goes against the table: the cards go round 1, 2, 3 (123, 231 or 312)",
            order.text
        );
        problems.push(Problem::new(order.pos, message));
    }
    Some(seats)
}

/// Ten cards to each player in deal order, then the talon; each card once.
pub(super) fn dealt(cards: &Field, order: &[Seat], problems: &mut Vec<Problem>) -> Deal {
    let mut deal = Deal::new(GAME);
    let mut seen = CardSet::default();
    for (i, code) in cards.text.chars().enumerate() {
        let Some(card) = card(code) else {
            problems.push(Problem::new(cards.at(i), format!("`{code}` is not a card code")));
            continue;
        };
        if !seen.insert(card) {
            problems.push(Problem::new(cards.at(i), format!("{card} is dealt twice")));
        }
        match order.get(i / 10) {
            Some(&seat) => deal.hands[seat].push(HandCard::Known(card)),
            None => deal.talon.push(card),
        }
    }
    let count = cards.text.chars().count();
    if count != 32 {
        problems.push(Problem::new(
            cards.pos,
            format!("a deal has 32 cards, not {count}"),
        ));
    }
    order.iter().for_each(|&s| deal.given.insert(s));
    deal
}

/// The three highest bids, in deal order.
fn high_bids(field: &Field, problems: &mut Vec<Problem>) -> Vec<HighBid> {
    let wrong = |bid: &str| {
        format!("`{bid}` is not a bid (P, 2 to 8, M and a number for mine, G or G and a number for a game)")
    };
    let count = |n: usize| format!("the bids name {n} players; a deal has 3");
    one_per_player(field, HighBid::parse, wrong, count, problems)
}

/// A field of three items split by commas, one for each player: each item
/// that can't be read is told at its own column, and a count other than
/// three at the field.
fn one_per_player<T>(
    field: &Field,
    parse: impl Fn(&str) -> Option<T>,
    wrong: impl Fn(&str) -> String,
    count: impl Fn(usize) -> String,
    problems: &mut Vec<Problem>,
) -> Vec<T> {
    let mut items = Vec::new();
    let mut offset = 0;
    let mut n = 0;
    for item in field.text.split(',') {
        match parse(item) {
            Some(t) => items.push(t),
            None => problems.push(Problem::new(field.at(offset), wrong(item))),
        }
        offset += item.chars().count() + 1;
        n += 1;
    }
    if n != 3 {
        problems.push(Problem::new(field.pos, count(n)));
    }
    items
}

/// The fields after the bids, main player to summary, by their names.
#[derive(Clone, Copy)]
pub(super) enum Name {
    Main,
    Discarded,
    Contract,
    Accepted,
    Kontra,
    Refa,
    Value,
    Starts,
    Throws,
    Summary,
}

/// Where a named field stands among a played deal's fields: the spec's
/// own example leaves out refa (13 fields); the field list has it (14).
pub(super) fn index(f: &[Field], name: Name) -> Option<usize> {
    let refa = usize::from(f.len() == 14);
    let i = name as usize + 4;
    match name {
        Name::Refa if refa == 0 => None,
        Name::Value | Name::Starts | Name::Throws | Name::Summary => Some(i + refa - 1),
        _ => Some(i),
    }
}

fn field(f: &[Field], name: Name) -> Option<&Field> {
    index(f, name).and_then(|i| f.get(i))
}

/// A named field; an empty one at the deal's last field where absent.
pub(super) fn get(f: &[Field], name: Name) -> Field {
    field(f, name).cloned().unwrap_or_else(|| Field {
        text: String::new(),
        pos: f.last().map_or(Pos::default(), |f| f.pos),
        exact: false,
        spots: Vec::new(),
    })
}

/// A named field as `parse` reads it, or a problem at the field saying
/// what it should be.
fn read<T>(
    f: &[Field],
    name: Name,
    what: &str,
    parse: impl FnOnce(&str) -> Option<T>,
    problems: &mut Vec<Problem>,
) -> Option<T> {
    let field = get(f, name);
    let read = parse(&field.text);
    if read.is_none() {
        problems.push(Problem::new(field.pos, format!("`{}` is not {what}", field.text)));
    }
    read
}

/// The fields after the bids; a field that can't be read is told at its
/// place and left out.
fn played(f: &[Field], info: &mut Preferans, r: &mut Record, problems: &mut Vec<Problem>) {
    if !(13..=14).contains(&f.len()) {
        let message = format!(
            "a played deal has 13 or 14 fields, not {}; the rest of it is not read",
            f.len()
        );
        problems.push(Problem::new(f[4].pos, message));
        return;
    }
    info.main = read(f, Name::Main, "a main player (1, 2 or 3)", one_player, problems);
    let discarded = read(
        f,
        Name::Discarded,
        "two card codes, nor XX for a game",
        discards,
        problems,
    );
    info.discarded = discarded.unwrap_or_default();
    let contract = "a contract (2 to 8, G before for a game)";
    info.contract = read(f, Name::Contract, contract, contract_code, problems);
    let (main, accepted) = (
        info.main,
        "who followed (0 nobody, a player's number, or 4 and up for both)",
    );
    let followed = read(f, Name::Accepted, accepted, |t| followers(t, main), problems);
    info.followers = followed.unwrap_or_default();
    let kontra = "a kontra (0, or I, K, R, S or M and the player who began)";
    info.kontra = read(f, Name::Kontra, kontra, kontra_code, problems).flatten();
    if field(f, Name::Refa).is_some() {
        let refa = |t: &str| ["0", "1"].iter().position(|&r| r == t).map(|i| i == 1);
        info.refa = read(f, Name::Refa, "a refa (0 or 1)", refa, problems).unwrap_or(false);
    }
    info.value = read(
        f,
        Name::Value,
        "a value (a whole number)",
        |t| t.parse().ok(),
        problems,
    );
    let starts = "the player who starts (1, 2 or 3)";
    info.leader = read(f, Name::Starts, starts, one_player, problems);
    info.summary = tallies(&get(f, Name::Summary), problems);
    r.play = Some(throws(&get(f, Name::Throws), problems));
}

fn discards(text: &str) -> Option<Vec<Card>> {
    if text == "XX" {
        return Some(Vec::new());
    }
    let cards: Vec<Card> = text.chars().map(card).collect::<Option<_>>()?;
    (cards.len() == 2).then_some(cards)
}

pub(super) fn contract_code(text: &str) -> Option<PrefContract> {
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
fn followers(text: &str, main: Option<Seat>) -> Option<SeatSet> {
    match text.parse::<usize>().ok()? {
        0 => Some(SeatSet::default()),
        n if n >= 4 => Some(
            GAME.seats()
                .iter()
                .copied()
                .filter(|&s| Some(s) != main)
                .collect(),
        ),
        n => GAME.player_seat(n).map(|s| [s].into_iter().collect()),
    }
}

/// `0`, or a kind and the player who began.
fn kontra_code(text: &str) -> Option<Option<Kontra>> {
    if text == "0" {
        return Some(None);
    }
    let mut chars = text.chars();
    let kind = chars.next().and_then(KontraKind::from_letter)?;
    let by = one_player(chars.as_str())?;
    Some(Some(Kontra { kind, by }))
}

/// The summary's three lines, each told where it can't be read.
fn tallies(field: &Field, problems: &mut Vec<Problem>) -> Vec<Tally> {
    let wrong =
        |line: &str| format!("`{line}` is not a summary line (0, M tricks:bula, or F tricks:L soup[:bula])");
    let count = |n: usize| format!("the summary has {n} lines; a deal has 3");
    one_per_player(field, Tally::parse, wrong, count, problems)
}

/// Throws: each trick's cards from its starter, then the winner's number.
pub(super) fn throws(field: &Field, problems: &mut Vec<Problem>) -> Play {
    let text = field.text.as_str();
    let mut play = Play::default();
    let mut offset = 0;
    for throw in text.split(',').filter(|_| !text.is_empty()) {
        let mut chars: Vec<char> = throw.chars().collect();
        let winner = chars.pop().and_then(player);
        if winner.is_none() || !(2..=3).contains(&chars.len()) {
            problems.push(Problem::new(
                field.at(offset),
                format!("`{throw}` is not a throw (two or three cards, then the winner)"),
            ));
        }
        let mut plays = TrickPlays::new();
        for (i, &c) in chars.iter().enumerate() {
            let Some(card) = card(c) else {
                problems.push(Problem::new(
                    field.at(offset + i),
                    format!("`{c}` is not a card code"),
                ));
                continue;
            };
            plays.push(Annotated {
                item: PlayItem::Card {
                    suit: Some(card.suit),
                    rank: card.rank,
                },
                annotations: Vec::new(),
                flagged: false,
                pos: field.at(offset + i),
            });
        }
        play.tricks.push(WrittenTrick {
            plays,
            trivial: false,
            winner,
        });
        offset += throw.chars().count() + 1;
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
    fn a_card_dealt_twice_is_told_where_its_second_copy_stands() {
        let order = [Seat::North, Seat::East, Seat::West];
        let mut problems = Vec::new();
        let cards = Field {
            text: "1231".to_string(),
            pos: Pos::new(4, 10),
            exact: true,
            spots: Vec::new(),
        };
        dealt(&cards, &order, &mut problems);
        let said: Vec<(u32, &str)> = problems.iter().map(|p| (p.pos.col, p.message.as_str())).collect();
        assert_eq!(
            said,
            [(13, "S7 is dealt twice"), (10, "a deal has 32 cards, not 4")]
        );
    }

    #[test]
    fn odd_fields_are_refused_not_dropped() {
        assert_eq!(kontra_code("Q2"), None);
        assert_eq!(kontra_code("K"), None);
        assert_eq!(kontra_code("K12"), None);
        assert_eq!(followers("x", None), None);
        assert_eq!(discards("9"), None);
        assert_eq!(discards("XX"), Some(Vec::new()));
        assert_eq!(contract_code("G9"), None);
    }
}
