//! `kibitzer dump`: records as JSON Lines. Every game writes the same keys
//! (README.md lists them with their types); what only one game records
//! goes in an object named after it.

pub(super) mod dd;
mod games;
pub(super) mod json;

use std::borrow::Cow;
use std::io::Write as _;

use crate::model::{
    Card, Effective, Game, Goal, NoteScope, Outcome, PlayItem, QuizPoint, Record, Rules, Seat, TwoPart,
};
use crate::replay::Timeline;
use crate::scoring::TableResult;
use games::{DumpPinochle, DumpPreferans};
use json::{Object, list, plain, values};

/// Writes the record's keys into `line`: from its replay (the check's),
/// with how it compares with the other tables of its board.
pub fn write(line: &mut Object, r: &Record, timeline: &Timeline, compared: Option<&TableResult>) {
    about(line, r);
    seats(line, r);
    contract(line, r);
    cards(line, r, timeline);
    scores(line, r, compared);
    text(line, r);
    match &r.game {
        Game::Preferans(p) => line.field("preferans", DumpPreferans::new(r, p)),
        Game::Pinochle(p) => line.field("pinochle", DumpPinochle::new(r, p)),
        Game::Bridge(_) => {}
    }
}

/// Players by number, for Preferans's seat names.
const NUMBERS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];

/// A seat as the game names it: a compass letter, or a player number.
fn seat_name(r: &Record, seat: Seat) -> &'static str {
    match r.rules() {
        Rules::Preferans => r
            .rules()
            .player_number(seat)
            .map_or(seat.abbreviation(), |n| NUMBERS[n - 1]),
        _ => seat.abbreviation(),
    }
}

/// Which record, from where, of what.
fn about(o: &mut Object, r: &Record) {
    o.field("record", r.number);
    o.field("line", r.line);
    o.field("format", r.format.name());
    o.field("game", r.rules().name());
    o.field("board", r.board.as_ref().map(ToString::to_string));
    o.field("event", r.event.as_ref().map(joined));
    let title = r
        .title
        .as_ref()
        .map(|t| t.first.as_str())
        .filter(|t| !t.is_empty());
    o.field("title", title);
    o.field("table", r.table);
    o.field("date", r.date.as_ref().map(ToString::to_string));
    o.field("location", r.location.as_ref().map(joined));
    o.field("scoring", r.scoring.as_ref().map(|s| s.form.name()));
    o.field(
        "scoring_modifier",
        r.scoring.as_ref().and_then(|s| s.modifier.as_deref()),
    );
    o.field("session", r.session.as_ref().map(ToString::to_string));
    let teams = r.teams.iter().flat_map(|t| t.names.iter().zip(&t.carryovers));
    list(o.key("teams"), teams, |out, (name, carryover)| {
        let mut team = Object::new(out);
        team.field("name", name);
        // As written, penalties and all: `99-8`.
        team.field("carryover", carryover.as_ref().map(ToString::to_string));
        team.end();
    });
    list(o.key("items"), &r.items, |out, item| {
        let mut pair = Object::new(out);
        pair.field("key", &item.key);
        pair.field("value", &item.value);
        pair.end();
    });
}

fn joined(part: &TwoPart) -> Cow<'_, str> {
    match &part.second {
        Some(s) if !part.first.is_empty() => Cow::Owned(format!("{}: {s}", part.first)),
        Some(s) => Cow::Borrowed(s),
        None => Cow::Borrowed(&part.first),
    }
}

/// Who sits where and what they hold.
fn seats(o: &mut Object, r: &Record) {
    let deal = r.deal.as_ref();
    o.field("dealer", r.dealer().map(|s| seat_name(r, s)));
    o.field("vulnerable", r.vulnerability().map(|v| v.name()));
    // Players and hands are objects keyed by seat name, in the names'
    // order; no two seats share a name.
    let mut named: Vec<(&str, Seat)> = r.rules().seats().iter().map(|&s| (seat_name(r, s), s)).collect();
    named.sort_unstable();
    let mut players = Object::new(o.key("players"));
    for &(name, seat) in &named {
        if let Some(player) = r.player(seat) {
            players.field(name, player);
        }
    }
    players.end();
    // Null for a hand the record leaves unknown (PBN's `-` or `...`),
    // which is no hand void in every suit.
    let mut hands = Object::new(o.key("hands"));
    for &(name, seat) in &named {
        match deal.filter(|d| d.known(seat)) {
            Some(d) => {
                // Straight into the line: ranks and dots need no escaping.
                let out = hands.key(name);
                out.push(b'"');
                d.hands[seat].write_suits(d.game, out);
                out.push(b'"');
            }
            None => hands.field(name, ()),
        }
    }
    hands.end();
    let hidden = deal.iter().flat_map(|d| d.hidden.iter());
    list(o.key("hidden"), hidden, |out, s| {
        plain(out, seat_name(r, s).as_bytes())
    });
    list(o.key("talon"), deal.iter().flat_map(|d| &d.talon), |out, &c| {
        card(out, c)
    });
}

/// The calls, the contract they reach, and who plays it in what.
fn contract(o: &mut Object, r: &Record) {
    auction(o.key("auction"), r);
    o.field("contract", r.contract_text());
    let goal = r.contract().and_then(|c| c.goal).map(|g| match g {
        Goal::Tricks(n) => n.to_string(),
        Goal::Maximum => "M".to_string(),
    });
    o.field("goal", goal);
    o.field("declarer", r.declarer().map(|s| seat_name(r, s)));
    o.field("trump", r.trump().map(|s| s.letter().to_string()));
}

/// The calls in order. A bridge call is a digit and a letter, or letters,
/// written as they are: a string made for each and handed to serde cost
/// more than working the auction out. Other games' words go to serde.
fn auction(out: &mut Vec<u8>, r: &Record) {
    match r.auction() {
        Some(a) => list(out, a.calls().0, |out, made| {
            out.push(b'"');
            write!(out, "{}", made.call).expect("JSON is written into memory");
            out.push(b'"');
        }),
        None => values(out, r.calls()),
    }
}

/// Letters that need no escaping, quoted: a card or a play as written.
fn letters(out: &mut Vec<u8>, letters: impl Iterator<Item = char>) {
    out.push(b'"');
    // Cards and plays are written in ASCII: a char is its byte.
    out.extend(letters.map(|c| c as u8));
    out.push(b'"');
}

fn card(out: &mut Vec<u8>, card: Card) {
    // Four bytes at once: dump writes a card for every play.
    let (suit, rank) = (card.suit.letter() as u8, card.rank.letter() as u8);
    out.extend_from_slice(&[b'"', suit, rank, b'"']);
}

/// The play: the cards as far as they are known, every play as written,
/// where the author asks, and who won each trick.
fn cards(o: &mut Object, r: &Record, timeline: &Timeline) {
    // A card the record leaves unknown (a pseudo play from an unseen
    // hand) ends the list: the cards after it would be misplaced.
    let known = timeline.steps.iter().map_while(|s| s.card);
    list(o.key("play"), known, card);
    list(o.key("play_written"), r.plays(), |out, e| match e.item {
        PlayItem::Card {
            suit: Some(suit),
            rank,
        } => card(out, Card::new(suit, rank)),
        item => letters(out, item.letters()),
    });
    list(o.key("quiz"), r.quiz_points(), |out, q| {
        let (before, index) = match q {
            QuizPoint::BeforeCall(index) => ("call", index),
            QuizPoint::BeforeCard(index) => ("card", index),
        };
        let mut quiz = Object::new(out);
        quiz.field("before", before);
        quiz.field("index", index);
        quiz.end();
    });
    // One entry per completed trick, `?` where the winner is unknown.
    let tricks = timeline.steps.iter().filter(|s| s.completes_trick);
    let winners = tricks.map(|s| s.winner.map_or("?", |w| seat_name(r, w)));
    list(o.key("trick_winners"), winners, |out, w| plain(out, w.as_bytes()));
}

/// Tricks taken and what they scored, as the record gives them;
/// `compared`: the record among the other tables of its board, when
/// there are others.
fn scores(o: &mut Object, r: &Record, compared: Option<&TableResult>) {
    let result = r.result();
    let tricks = result.and_then(|r| match r.outcome {
        Some(Outcome::Tricks(n)) => Some(n),
        _ => None,
    });
    o.field("result", tricks);
    o.field("score", r.score());
    o.field("score_stated", r.score_stated());
    o.field("matchpoints", compared.and_then(|t| t.matchpoints));
    o.field("percent", compared.and_then(|t| t.percent));
    o.field("imps", compared.and_then(|t| t.imps));
    o.field("percent_stated", r.percent_stated());
    let imps_stated = match result.and_then(|r| r.effective) {
        Some(Effective::Imps(h)) => Some(h.0 as f64 / 100.0),
        Some(Effective::Push) => Some(0.0),
        _ => None,
    };
    o.field("imps_stated", imps_stated);
}

/// What was written about the deal, and what is wrong with the record.
fn text(o: &mut Object, r: &Record) {
    list(o.key("notes"), &r.notes, |out, n| {
        let mut note = Object::new(out);
        note.field("label", n.number.to_string());
        let scope = match n.scope {
            NoteScope::Auction => "auction",
            NoteScope::Play => "play",
        };
        note.field("scope", scope);
        note.field("text", &n.text);
        note.end();
    });
    values(o.key("commentary"), r.commentary.iter().map(|c| c.text.plain()));
    values(o.key("plain"), &r.plain);
    list(o.key("problems"), &r.problems, |out, p| {
        let mut problem = Object::new(out);
        problem.field("line", p.pos.line);
        problem.field("column", p.pos.col);
        problem.field("kind", p.kind.name());
        problem.field("message", &p.message);
        problem.end();
    });
}
