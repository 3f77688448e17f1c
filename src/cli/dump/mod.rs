//! `kibitzer dump`: records as JSON Lines. Every game writes the same keys
//! (README.md lists them with their types); what only one game records
//! goes in an object named after it.

pub(super) mod dd;
mod games;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::model::{
    Card, Effective, Game, Goal, NoteScope, Outcome, PlayItem, QuizPoint, Record, Rules, Seat,
};
use crate::replay::Timeline;
use crate::scoring::TableResult;
use games::{DumpPinochle, DumpPreferans};

#[derive(Serialize)]
pub struct DumpRecord {
    #[serde(flatten)]
    about: About,
    #[serde(flatten)]
    seats: Seats,
    auction: Vec<String>,
    contract: Option<String>,
    goal: Option<String>,
    declarer: Option<String>,
    trump: Option<String>,
    #[serde(flatten)]
    cards: Cards,
    #[serde(flatten)]
    outcome: Scores,
    #[serde(flatten)]
    text: Text,
    #[serde(skip_serializing_if = "Option::is_none")]
    preferans: Option<DumpPreferans>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pinochle: Option<DumpPinochle>,
}

impl DumpRecord {
    /// The record on its own.
    pub fn new(r: &Record) -> DumpRecord {
        DumpRecord::replayed(r, &Timeline::new(r), None)
    }

    /// The record from its replay (the check's), with how it compares with
    /// the other tables of its board.
    pub fn replayed(r: &Record, timeline: &Timeline, compared: Option<&TableResult>) -> DumpRecord {
        DumpRecord {
            about: About::new(r),
            seats: Seats::new(r),
            auction: r.calls(),
            contract: r.contract_text(),
            goal: r.contract().and_then(|c| c.goal).map(|g| match g {
                Goal::Tricks(n) => n.to_string(),
                Goal::Maximum => "M".to_string(),
            }),
            declarer: r.declarer().map(|s| seat_name(r, s)),
            trump: r.trump().map(|s| s.letter().to_string()),
            cards: Cards::new(r, timeline),
            outcome: Scores::new(r, compared),
            text: Text::new(r),
            preferans: match &r.game {
                Game::Preferans(p) => Some(DumpPreferans::new(r, p)),
                _ => None,
            },
            pinochle: match &r.game {
                Game::Pinochle(p) => Some(DumpPinochle::new(r, p)),
                _ => None,
            },
        }
    }
}

/// A seat as the game names it: a compass letter, or a player number.
fn seat_name(r: &Record, seat: Seat) -> String {
    match r.rules() {
        Rules::Preferans => r
            .rules()
            .player_number(seat)
            .map_or(seat.to_string(), |n| n.to_string()),
        // Taken as it is, not formatted: a seat name for every hand of
        // every record.
        _ => seat.abbreviation().to_string(),
    }
}

/// Which record, from where, of what.
#[derive(Serialize)]
struct About {
    record: usize,
    line: u32,
    format: &'static str,
    game: &'static str,
    board: Option<String>,
    event: Option<String>,
    title: Option<String>,
    table: Option<u8>,
    date: Option<String>,
    location: Option<String>,
    scoring: Option<String>,
    scoring_modifier: Option<String>,
    session: Option<String>,
    teams: Vec<DumpTeam>,
    items: Vec<DumpItem>,
}

#[derive(Serialize)]
struct DumpTeam {
    name: String,
    /// As written, penalties and all: `99-8`.
    carryover: Option<String>,
}

#[derive(Serialize)]
struct DumpItem {
    key: String,
    value: Option<String>,
}

fn joined(part: &crate::model::TwoPart) -> String {
    match &part.second {
        Some(s) if !part.first.is_empty() => format!("{}: {s}", part.first),
        Some(s) => s.clone(),
        None => part.first.clone(),
    }
}

impl About {
    fn new(r: &Record) -> About {
        About {
            record: r.number,
            line: r.line,
            format: r.format.name(),
            game: r.rules().name(),
            board: r.board.as_ref().map(ToString::to_string),
            event: r.event.as_ref().map(joined),
            title: r
                .title
                .as_ref()
                .map(|t| t.first.clone())
                .filter(|t| !t.is_empty()),
            table: r.table,
            date: r.date.as_ref().map(ToString::to_string),
            location: r.location.as_ref().map(joined),
            scoring: r.scoring.as_ref().map(|s| s.form.name().to_string()),
            scoring_modifier: r.scoring.as_ref().and_then(|s| s.modifier.clone()),
            session: r.session.as_ref().map(ToString::to_string),
            teams: r.teams.as_ref().map_or_else(Vec::new, |t| {
                t.names
                    .iter()
                    .zip(&t.carryovers)
                    .map(|(name, c)| DumpTeam {
                        name: name.clone(),
                        carryover: c.as_ref().map(ToString::to_string),
                    })
                    .collect()
            }),
            items: r
                .items
                .iter()
                .map(|i| DumpItem {
                    key: i.key.clone(),
                    value: i.value.clone(),
                })
                .collect(),
        }
    }
}

/// Who sits where and what they hold.
#[derive(Serialize)]
struct Seats {
    dealer: Option<String>,
    vulnerable: Option<&'static str>,
    players: BTreeMap<String, String>,
    /// Null for a hand the record leaves unknown.
    hands: BTreeMap<String, Option<String>>,
    hidden: Vec<String>,
    talon: Vec<String>,
}

impl Seats {
    fn new(r: &Record) -> Seats {
        let seats = r.rules().seats();
        let deal = r.deal.as_ref();
        let hand = |seat: Seat| deal.and_then(|d| hand_text(d, seat));
        let player = |&seat: &Seat| Some((seat_name(r, seat), r.player(seat)?.to_string()));
        Seats {
            dealer: r.dealer().map(|s| seat_name(r, s)),
            vulnerable: r.vulnerability().map(|v| v.name()),
            players: seats.iter().filter_map(player).collect(),
            hands: seats.iter().map(|&s| (seat_name(r, s), hand(s))).collect(),
            hidden: deal.map_or_else(Vec::new, |d| d.hidden.iter().map(|s| seat_name(r, s)).collect()),
            talon: deal.map_or_else(Vec::new, |d| d.talon.iter().map(ToString::to_string).collect()),
        }
    }
}

/// The hand as dealt; None where the record leaves it unknown (PBN's `-`
/// or `...`), which is no hand void in every suit.
fn hand_text(deal: &crate::model::Deal, seat: Seat) -> Option<String> {
    deal.known(seat)
        .then(|| deal.hands[seat].to_suit_string(deal.game))
}

/// The play: the cards as far as they are known, every play as written,
/// where the author asks, and who won each trick.
#[derive(Serialize)]
struct Cards {
    play: Vec<Shown<Card>>,
    play_written: Vec<Shown<PlayItem>>,
    quiz: Vec<DumpQuiz>,
    trick_winners: Vec<String>,
}

#[derive(Serialize)]
struct DumpQuiz {
    before: &'static str,
    index: usize,
}

impl Cards {
    fn new(r: &Record, timeline: &Timeline) -> Cards {
        let quiz = |q: QuizPoint| match q {
            QuizPoint::BeforeCall(index) => DumpQuiz {
                before: "call",
                index,
            },
            QuizPoint::BeforeCard(index) => DumpQuiz {
                before: "card",
                index,
            },
        };
        Cards {
            // A card the record leaves unknown (a pseudo play from an unseen
            // hand) ends the list: the cards after it would be misplaced.
            play: timeline.steps.iter().map_while(|s| s.card).map(Shown).collect(),
            play_written: r.plays().map(|e| Shown(e.item)).collect(),
            quiz: r.quiz_points().into_iter().map(quiz).collect(),
            // One entry per completed trick, `?` where the winner is unknown.
            trick_winners: timeline
                .steps
                .iter()
                .filter(|s| s.completes_trick)
                .map(|s| s.winner.map_or("?".to_string(), |w| seat_name(r, w)))
                .collect(),
        }
    }
}

/// A value written as its text, with no string made for it on the way:
/// a card or a play, a hundred of them in each record.
struct Shown<T>(T);

impl<T: std::fmt::Display> Serialize for Shown<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// Tricks taken and what they scored, as the record gives them.
#[derive(Serialize)]
struct Scores {
    result: Option<u8>,
    score: Option<i32>,
    score_stated: Option<i32>,
    matchpoints: Option<u32>,
    percent: Option<f64>,
    imps: Option<i32>,
    percent_stated: Option<f64>,
    imps_stated: Option<f64>,
}

impl Scores {
    /// `compared`: the record among the other tables of its board, when
    /// there are others.
    fn new(r: &Record, compared: Option<&TableResult>) -> Scores {
        let result = r.result();
        let effective = result.and_then(|r| r.effective);
        Scores {
            result: result.and_then(|r| match r.outcome {
                Some(Outcome::Tricks(n)) => Some(n),
                _ => None,
            }),
            score: r.score(),
            score_stated: r.score_stated(),
            matchpoints: compared.and_then(|t| t.matchpoints),
            percent: compared.and_then(|t| t.percent),
            imps: compared.and_then(|t| t.imps),
            imps_stated: match effective {
                Some(Effective::Imps(h)) => Some(h.0 as f64 / 100.0),
                Some(Effective::Push) => Some(0.0),
                _ => None,
            },
            percent_stated: r.percent_stated(),
        }
    }
}

/// What was written about the deal, and what is wrong with the record.
#[derive(Serialize)]
struct Text {
    notes: Vec<DumpNote>,
    commentary: Vec<String>,
    plain: Vec<String>,
    problems: Vec<DumpProblem>,
}

#[derive(Serialize)]
struct DumpNote {
    label: String,
    scope: &'static str,
    text: String,
}

#[derive(Serialize)]
struct DumpProblem {
    line: u32,
    column: u32,
    kind: &'static str,
    message: String,
}

impl Text {
    fn new(r: &Record) -> Text {
        let note = |n: &crate::model::Note| DumpNote {
            label: n.number.to_string(),
            scope: match n.scope {
                NoteScope::Auction => "auction",
                NoteScope::Play => "play",
            },
            text: n.text.clone(),
        };
        let problem = |p: &crate::model::Problem| DumpProblem {
            line: p.pos.line,
            column: p.pos.col,
            kind: p.kind.name(),
            message: p.message.clone(),
        };
        Text {
            notes: r.notes.iter().map(note).collect(),
            commentary: r.commentary.iter().map(|c| c.text.plain()).collect(),
            plain: r.plain.clone(),
            problems: r.problems.iter().map(problem).collect(),
        }
    }
}
