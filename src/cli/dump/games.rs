//! What only Preferans or only Pinochle records, as `dump` writes it: the
//! objects `preferans` and `pinochle` beside the keys every game shares.

use std::collections::BTreeMap;

use serde::Serialize;

use super::seat_name;
use crate::model::{Pinochle, Preferans, Record};

/// A Preferans deal's own facts, players by number: the written fields
/// and what kibitzer works out from them.
#[derive(Serialize)]
pub struct DumpPreferans {
    deal_order: Vec<String>,
    bids: Vec<String>,
    calls: Vec<DumpCall>,
    main: Option<String>,
    leader: Option<String>,
    talon: Vec<String>,
    discarded: Vec<String>,
    contract_name: Option<String>,
    followers: Vec<String>,
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
    player: String,
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

/// A Pinochle hand's own facts, seats by their letters.
#[derive(Serialize)]
pub struct DumpPinochle {
    rounds: Vec<Vec<Option<String>>>,
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

impl DumpPinochle {
    pub fn new(r: &Record, p: &Pinochle) -> DumpPinochle {
        let meld = |m: &crate::model::Meld| DumpMeld {
            cards: m.cards.to_suit_string(r.rules()),
            points: m.points,
        };
        let note = |n: &crate::model::TimedNote| DumpTimedNote {
            kind: if n.chat { "chat" } else { "note" },
            text: n.text.clone(),
            start: n.start.map(|s| s.to_string()),
            end: n.end.map(|s| s.to_string()),
        };
        DumpPinochle {
            rounds: p.rounds.clone(),
            kitty: p.kitty.iter().map(ToString::to_string).collect(),
            melds: p.melds.iter().map(|m| (m.seat.to_string(), meld(m))).collect(),
            trick_points: p.trick_points.clone(),
            game_scores: p.game_scores.clone(),
            meld_scores: p.meld_scores.clone(),
            play_scores: p.play_scores.clone(),
            hand_scores: p.hand_scores.clone(),
            result: p.result.clone(),
            termination: p.termination.clone(),
            notes: p.notes.iter().map(note).collect(),
        }
    }
}
