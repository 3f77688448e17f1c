//! What only Preferans or only Pinochle records, as `dump` writes it: the
//! objects `preferans` and `pinochle` beside the keys every game shares.

use std::collections::BTreeMap;

use serde::Serialize;

use super::seat_name;
use crate::model::{Pinochle, Preferans, Record};

/// A Preferans deal's own facts, players by number.
#[derive(Serialize)]
pub struct DumpPreferans {
    deal_order: Vec<String>,
    bids: Vec<String>,
    main: Option<String>,
    leader: Option<String>,
    discarded: Vec<String>,
    contract_name: Option<String>,
    followers: Vec<String>,
    kontra: Option<String>,
    refa: bool,
    value: Option<u32>,
    summary: Vec<String>,
}

impl DumpPreferans {
    pub fn new(r: &Record, p: &Preferans) -> DumpPreferans {
        let name = |s| seat_name(r, s);
        DumpPreferans {
            deal_order: p.deal_order.iter().map(|&s| name(s)).collect(),
            bids: p.bids.clone(),
            main: p.main.map(name),
            leader: p.leader.map(name),
            discarded: p.discarded.iter().map(ToString::to_string).collect(),
            contract_name: p.contract.map(|c| c.name()),
            followers: p.followers.iter().map(name).collect(),
            kontra: p.kontra.map(|k| format!("{} by {}", k.name(), name(k.by))),
            refa: p.refa,
            value: p.value,
            summary: p.summary.clone(),
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
