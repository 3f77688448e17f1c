//! `kibitzer dump`: records as JSON Lines, in the game's own terms.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::model::{AuctionItem, Effective, NoteScope, Outcome, Record, Seat, Vulnerability};
use crate::replay::Timeline;

#[derive(Serialize)]
pub struct DumpRecord {
    record: usize,
    line: u32,
    format: &'static str,
    game: &'static str,
    board: Option<String>,
    event: Option<String>,
    title: Option<String>,
    dealer: Option<String>,
    vulnerable: Option<&'static str>,
    hands: BTreeMap<String, String>,
    hidden: Vec<String>,
    auction: Vec<String>,
    contract: Option<String>,
    declarer: Option<String>,
    play: Vec<String>,
    trick_winners: Vec<String>,
    result: Option<u8>,
    notes: Vec<DumpNote>,
    commentary: Vec<String>,
    problems: Vec<DumpProblem>,
    table: Option<u8>,
    date: Option<String>,
    location: Option<String>,
    scoring: Option<String>,
    players: BTreeMap<String, String>,
    score: Option<i32>,
    imps: Option<f64>,
    percent: Option<f64>,
    plain: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    talon: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    preferans: Option<DumpPreferans>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pinochle: Option<DumpPinochle>,
}

/// A Pinochle hand's own facts, seats by their letters.
#[derive(Serialize)]
struct DumpPinochle {
    dealer: Option<String>,
    rounds: Vec<Vec<Option<String>>>,
    contract: Option<String>,
    trump: Option<String>,
    kitty: Vec<String>,
    melds: BTreeMap<String, DumpMeld>,
    trick_points: Vec<Option<u32>>,
    game_scores: Vec<String>,
    meld_scores: Vec<String>,
    play_scores: Vec<String>,
    hand_scores: Vec<String>,
    result: Option<String>,
    termination: Option<String>,
    notes: Vec<DumpTimedNote>,
}

#[derive(Serialize)]
struct DumpMeld {
    cards: String,
    points: Option<u32>,
}

#[derive(Serialize)]
struct DumpTimedNote {
    kind: &'static str,
    text: String,
    start: Option<String>,
    end: Option<String>,
}

fn pinochle(r: &Record) -> Option<DumpPinochle> {
    let p = r.pinochle.as_ref()?;
    Some(DumpPinochle {
        dealer: p.dealer.map(|s| s.to_string()),
        rounds: p.rounds.clone(),
        contract: p.contract.clone(),
        trump: p.trump.map(|s| s.to_string()),
        kitty: p.kitty.iter().map(ToString::to_string).collect(),
        melds: p
            .melds
            .iter()
            .map(|m| {
                (
                    m.seat.to_string(),
                    DumpMeld {
                        cards: m.cards.to_suit_string(r.game),
                        points: m.points,
                    },
                )
            })
            .collect(),
        trick_points: p.trick_points.clone(),
        game_scores: p.game_scores.clone(),
        meld_scores: p.meld_scores.clone(),
        play_scores: p.play_scores.clone(),
        hand_scores: p.hand_scores.clone(),
        result: p.result.clone(),
        termination: p.termination.clone(),
        notes: p
            .notes
            .iter()
            .map(|n| DumpTimedNote {
                kind: if n.chat { "chat" } else { "note" },
                text: n.text.clone(),
                start: n.start.map(|s| s.to_string()),
                end: n.end.map(|s| s.to_string()),
            })
            .collect(),
    })
}

/// A Preferans deal's own facts, players by number.
#[derive(Serialize)]
struct DumpPreferans {
    deal_order: Vec<String>,
    bids: Vec<String>,
    main: Option<String>,
    discarded: Vec<String>,
    contract: Option<String>,
    contract_name: Option<String>,
    followers: Vec<String>,
    kontra: Option<String>,
    refa: bool,
    value: Option<u32>,
    summary: Vec<String>,
}

/// A seat as the game names it: a compass letter, or a player number.
fn seat_name(r: &Record, seat: Seat) -> String {
    match r.game {
        crate::model::Rules::Preferans => r
            .game
            .player_number(seat)
            .map_or(seat.to_string(), |n| n.to_string()),
        _ => seat.to_string(),
    }
}

fn preferans(r: &Record) -> Option<DumpPreferans> {
    let p = r.preferans.as_ref()?;
    let name = |s: Seat| seat_name(r, s);
    Some(DumpPreferans {
        deal_order: p.deal_order.iter().map(|&s| name(s)).collect(),
        bids: p.bids.clone(),
        main: p.main.map(name),
        discarded: p.discarded.iter().map(ToString::to_string).collect(),
        contract: p.contract.map(|c| c.to_string()),
        contract_name: p.contract.map(|c| c.name()),
        followers: p.followers.iter().map(name).collect(),
        kontra: p.kontra.map(|k| format!("{} by {}", k.name(), name(k.by))),
        refa: p.refa,
        value: p.value,
        summary: p.summary.clone(),
    })
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
    message: String,
}

fn joined(first: &str, second: Option<&String>) -> String {
    match second {
        Some(s) if !first.is_empty() => format!("{first}: {s}"),
        Some(s) => s.clone(),
        None => first.to_string(),
    }
}

impl DumpRecord {
    pub fn new(r: &Record) -> DumpRecord {
        let timeline = Timeline::new(r);
        let seats = r.game.seats();
        let deal = r.deal.as_ref();
        let result = r.result.as_ref();
        let effective = result.and_then(|r| r.effective);
        DumpRecord {
            record: r.number,
            line: r.line,
            format: r.format.name(),
            game: r.game.name(),
            board: r.board.as_ref().map(ToString::to_string),
            event: r.event.as_ref().map(|e| joined(&e.first, e.second.as_ref())),
            title: r
                .title
                .as_ref()
                .map(|t| t.first.clone())
                .filter(|t| !t.is_empty()),
            dealer: r.auction.as_ref().map(|a| a.dealer.to_string()),
            vulnerable: r
                .auction
                .as_ref()
                .map(|a| a.vulnerability)
                .map(Vulnerability::name),
            hands: seats
                .iter()
                .map(|&s| (seat_name(r, s), deal.map(|d| hand_text(d, s)).unwrap_or_default()))
                .collect(),
            hidden: deal
                .map(|d| d.hidden.iter().map(|s| seat_name(r, s)).collect())
                .unwrap_or_default(),
            auction: match &r.pinochle {
                // Pinochle's bids, round after round, seats out of the bidding left out.
                Some(p) => p.rounds.iter().flatten().flatten().cloned().collect(),
                None => r.auction.as_ref().map(auction_calls).unwrap_or_default(),
            },
            contract: match (&r.preferans, &r.pinochle) {
                (Some(p), _) => p.contract.map(|c| c.to_string()),
                (_, Some(p)) => p.contract.clone(),
                _ => r.contract.map(|c| c.short()),
            },
            declarer: r.contract.map(|c| seat_name(r, c.declarer)),
            play: play_cards(r, &timeline),
            // One entry per completed trick, `?` where the winner is unknown.
            trick_winners: timeline
                .steps
                .iter()
                .filter(|s| s.completes_trick)
                .map(|s| s.winner.map_or("?".to_string(), |w| seat_name(r, w)))
                .collect(),
            result: result.and_then(|r| match r.outcome {
                Some(Outcome::Tricks(n)) => Some(n),
                _ => None,
            }),
            notes: r
                .notes
                .iter()
                .map(|n| DumpNote {
                    label: n.number.to_string(),
                    scope: if n.scope == NoteScope::Auction {
                        "auction"
                    } else {
                        "play"
                    },
                    text: n.text.clone(),
                })
                .collect(),
            commentary: r.commentary.iter().map(|c| c.text.plain()).collect(),
            problems: r
                .problems
                .iter()
                .map(|p| DumpProblem {
                    line: p.pos.line,
                    column: p.pos.col,
                    message: p.message.clone(),
                })
                .collect(),
            table: r.table,
            date: r.date.as_ref().map(ToString::to_string),
            location: r.location.as_ref().map(|l| joined(&l.first, l.second.as_ref())),
            scoring: r.scoring.as_ref().map(|s| s.form.name().to_string()),
            players: players(r),
            score: result.and_then(|r| r.score),
            imps: match effective {
                Some(Effective::Imps(h)) => Some(h.0 as f64 / 100.0),
                Some(Effective::Push) => Some(0.0),
                _ => None,
            },
            percent: match effective {
                Some(Effective::Percent(h)) => Some(h.0 as f64 / 100.0),
                _ => None,
            },
            plain: r.plain.clone(),
            talon: deal
                .map(|d| d.talon.iter().map(ToString::to_string).collect())
                .unwrap_or_default(),
            preferans: preferans(r),
            pinochle: pinochle(r),
        }
    }
}

fn hand_text(deal: &crate::model::Deal, seat: Seat) -> String {
    let hand = &deal.hands[seat];
    if hand.is_empty() && !deal.given.contains(seat) {
        return String::new();
    }
    hand.to_suit_string(deal.game)
}

/// Calls in order, `A` spelled out as the passes it stands for, `Y` kept.
fn auction_calls(auction: &crate::model::Auction) -> Vec<String> {
    let (made, _) = auction.calls();
    let mut out = Vec::new();
    let mut made = made.iter().peekable();
    for (i, entry) in auction.entries.iter().enumerate() {
        if entry.item == AuctionItem::Query {
            out.push("Y".to_string());
        }
        while let Some(call) = made.next_if(|c| c.entry == i) {
            out.push(call.call.to_string());
        }
    }
    out
}

/// Cards in played order; pseudo plays resolved where the hand is known,
/// else left as written (as are plays past where the replay could follow);
/// `Y` kept where the record asks.
fn play_cards(r: &Record, timeline: &Timeline) -> Vec<String> {
    let Some(play) = &r.play else { return Vec::new() };
    let mut steps = timeline.steps.iter().peekable();
    let mut out = Vec::new();
    for (i, entry) in play.entries().enumerate() {
        let card = steps.next_if(|s| s.entry == i).and_then(|s| s.card);
        out.push(card.map_or_else(|| entry.item.to_string(), |c| c.to_string()));
    }
    out
}

fn players(r: &Record) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let Some(players) = &r.players else { return out };
    let table = usize::from(r.table == Some(2) && players.tables.len() > 1);
    for &seat in r.game.seats() {
        if let Some(name) = players.name(table, seat) {
            out.insert(seat_name(r, seat), name.to_string());
        }
    }
    out
}
