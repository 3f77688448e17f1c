//! What only Preferans or only Pinochle records, as `dump` writes it: the
//! objects `preferans` and `pinochle` beside the keys every game shares.

use std::collections::BTreeMap;

use serde::Serialize;

use super::seat_name;
use crate::model::{Pinochle, Preferans, Record};
use crate::replay::Timeline;
use crate::scoring::pinochle::{self, Combination, Worked};

/// A Preferans deal's own facts, players by number: the written fields
/// and what kibitzer works out from them.
#[derive(Serialize)]
pub struct DumpPreferans {
    deal_order: Vec<&'static str>,
    bids: Vec<String>,
    calls: Vec<DumpCall>,
    main: Option<&'static str>,
    leader: Option<&'static str>,
    talon: Vec<String>,
    discarded: Vec<String>,
    contract_name: Option<String>,
    followers: Vec<&'static str>,
    kontras: Vec<DumpCall>,
    refa: bool,
    value: Option<u32>,
    value_worked: Option<u32>,
    made: Option<bool>,
    summary: Vec<String>,
    summary_worked: Vec<String>,
}

/// A call of the auction or of the kontras, and who said it.
#[derive(Serialize)]
struct DumpCall {
    player: &'static str,
    call: String,
}

impl DumpPreferans {
    pub fn new(r: &Record, p: &Preferans) -> DumpPreferans {
        let name = |s| seat_name(r, s);
        let settled = p.settle_play(r.play.as_ref());
        let kontras = match (p.kontra, p.main) {
            (Some(k), Some(main)) => k.said(main),
            _ => Vec::new(),
        };
        DumpPreferans {
            deal_order: p.deal_order.iter().map(|&s| name(s)).collect(),
            bids: p.bids.iter().map(ToString::to_string).collect(),
            calls: p
                .calls
                .iter()
                .map(|c| DumpCall {
                    player: name(c.player),
                    call: c.call.words(),
                })
                .collect(),
            main: p.main.map(name),
            leader: p.leader.map(name),
            talon: r
                .deal
                .iter()
                .flat_map(|d| &d.talon)
                .map(ToString::to_string)
                .collect(),
            discarded: p.discarded.iter().map(ToString::to_string).collect(),
            contract_name: p.contract.map(|c| c.name()),
            followers: p.followers.iter().map(name).collect(),
            kontras: kontras
                .into_iter()
                .map(|(s, k)| DumpCall {
                    player: name(s),
                    call: k.name().to_string(),
                })
                .collect(),
            refa: p.refa,
            value: p.value,
            value_worked: p.worked_value(),
            made: settled.as_ref().map(|s| s.made),
            summary: p.summary.iter().map(ToString::to_string).collect(),
            summary_worked: settled
                .iter()
                .flat_map(|s| &s.tallies)
                .map(ToString::to_string)
                .collect(),
        }
    }
}

/// A Pinochle hand's own facts, seats by their letters, each score as
/// written beside the one kibitzer works out.
#[derive(Serialize)]
pub struct DumpPinochle {
    teams: Vec<Vec<String>>,
    rounds: Vec<Vec<String>>,
    dealt: BTreeMap<String, String>,
    kitty: Vec<String>,
    discard: Option<DumpHand>,
    passed: Vec<DumpPassed>,
    partner: Option<String>,
    melds: BTreeMap<String, DumpMeld>,
    trick_points: Vec<Option<u32>>,
    counters: Option<Vec<u32>>,
    scores: BTreeMap<&'static str, DumpScores>,
    result: DumpResult,
    termination: Option<String>,
    seat_changes: Vec<DumpSeatChange>,
    notes: Vec<DumpTimedNote>,
}

#[derive(Serialize)]
struct DumpHand {
    cards: String,
    points: Option<u32>,
}

#[derive(Serialize)]
struct DumpPassed {
    from: String,
    to: String,
    cards: String,
}

#[derive(Serialize)]
struct DumpMeld {
    cards: String,
    points: Option<u32>,
    /// The combinations by the chart, where kibitzer knows it.
    combinations: Option<Vec<DumpCombination>>,
}

#[derive(Serialize)]
struct DumpCombination {
    name: String,
    /// A plain marriage's suit.
    suit: Option<String>,
    points: u32,
}

/// A score by team as the record writes it (None for `?`) and as worked out.
#[derive(Serialize)]
struct DumpScores {
    written: Option<Vec<Option<i32>>>,
    worked: Option<Vec<i32>>,
}

#[derive(Serialize)]
struct DumpResult {
    written: Option<&'static str>,
    worked: Option<&'static str>,
}

#[derive(Serialize)]
struct DumpSeatChange {
    seat: String,
    name: String,
    from: String,
}

impl DumpPassed {
    fn of(p: &crate::model::Passed, game: crate::model::Rules) -> DumpPassed {
        DumpPassed {
            from: p.from.to_string(),
            to: p.to.to_string(),
            cards: p.cards.to_suit_string(game),
        }
    }
}

impl DumpSeatChange {
    fn of(c: &crate::model::SeatChange) -> DumpSeatChange {
        DumpSeatChange {
            seat: c.seat.to_string(),
            name: c.name.clone(),
            from: c.from.to_string(),
        }
    }
}

#[derive(Serialize)]
struct DumpTimedNote {
    kind: &'static str,
    text: String,
    start: Option<String>,
    end: Option<String>,
}

impl DumpPinochle {
    pub fn new(r: &Record, p: &Pinochle) -> DumpPinochle {
        let game = r.rules();
        let worked = pinochle::work_out(r, &Timeline::new(r));
        let note = |n: &crate::model::TimedNote| DumpTimedNote {
            kind: if n.chat { "chat" } else { "note" },
            text: n.text.clone(),
            start: n.start.map(|s| s.to_string()),
            end: n.end.map(|s| s.to_string()),
        };
        let dealt = r.deal.iter().flat_map(|d| {
            d.given
                .iter()
                .map(|s| (s.to_string(), d.hands[s].to_suit_string(game)))
        });
        DumpPinochle {
            teams: p
                .teams()
                .iter()
                .map(|t| t.iter().map(ToString::to_string).collect())
                .collect(),
            rounds: p
                .rounds
                .iter()
                .map(|round| round.iter().map(|c| c.bid.to_string()).collect())
                .collect(),
            dealt: dealt.collect(),
            kitty: p.kitty.iter().map(ToString::to_string).collect(),
            discard: p.discard.as_ref().map(|d| DumpHand {
                cards: d.cards.to_suit_string(game),
                points: d.points,
            }),
            passed: p.passed.iter().map(|x| DumpPassed::of(x, game)).collect(),
            partner: p.partner.map(|x| x.seat.to_string()),
            melds: melds(r, p, worked.as_ref()),
            trick_points: p.trick_points.clone(),
            counters: worked.as_ref().map(|w| w.counters.clone()),
            scores: scores(p, worked.as_ref()),
            result: DumpResult {
                written: p.result.map(|(o, _)| o.name()),
                worked: worked.as_ref().and_then(|w| w.outcome).map(|o| o.name()),
            },
            termination: p.termination.clone(),
            seat_changes: p.seat_changes.iter().map(DumpSeatChange::of).collect(),
            notes: p.notes.iter().map(note).collect(),
        }
    }
}

fn melds(r: &Record, p: &Pinochle, worked: Option<&Worked>) -> BTreeMap<String, DumpMeld> {
    p.melds
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let combinations = worked.and_then(|w| w.melds.get(i)).map(|(_, counted)| {
                counted
                    .iter()
                    .map(|c| DumpCombination {
                        name: c.name(),
                        suit: match c.combination {
                            Combination::Marriage(suit) => Some(suit.to_string()),
                            _ => None,
                        },
                        points: c.points,
                    })
                    .collect()
            });
            let meld = DumpMeld {
                cards: m.cards.to_suit_string(r.rules()),
                points: m.points,
                combinations,
            };
            (m.seat.to_string(), meld)
        })
        .collect()
}

fn scores(p: &Pinochle, worked: Option<&Worked>) -> BTreeMap<&'static str, DumpScores> {
    let written = |s: &Option<crate::model::TeamScores>| s.as_ref().map(|s| s.values.clone());
    let signed = |v: &Vec<u32>| v.iter().map(|&n| n as i32).collect();
    let pick = |f: fn(&Worked) -> Option<Vec<i32>>| worked.and_then(f);
    [
        ("game", written(&p.game_scores), None),
        (
            "meld",
            written(&p.meld_scores),
            pick(|w| Some(w.meld_kept.iter().map(|&n| n as i32).collect())),
        ),
        (
            "play",
            written(&p.play_scores),
            worked.map(|w| signed(&w.counters)),
        ),
        (
            "hand",
            written(&p.hand_scores),
            pick(|w| Some(w.hand.clone()).filter(|h| !h.is_empty())),
        ),
        ("game_after", None, pick(|w| w.game_after.clone())),
    ]
    .into_iter()
    .map(|(name, written, worked)| (name, DumpScores { written, worked }))
    .collect()
}
