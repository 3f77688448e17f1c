//! A Preferans deal as far as the replay has come: the auction call by
//! call with who made each, the talon taken and two cards laid aside, the
//! contract, each follower's answer, the kontras word by word, and at the
//! end whether the main player made it and what each player writes.

use ratatui::text::{Line, Span};

use super::scroll::PaneText;

use crate::model::{Preferans, Record, Seat, Settled, Tally};
use crate::replay::{PrefStep, answering, kontra_said};
use crate::ui::theme::{Theme, sanitize};

pub struct PrefBidding<'a> {
    pub record: &'a Record,
    pub info: &'a Preferans,
    /// The step the replay stands at; None once the play is reached (or
    /// to size the pane for the whole deal).
    pub step: Option<PrefStep>,
    pub at_end: bool,
    pub theme: Theme,
}

/// A Preferans player as the game calls them: number, then name.
pub fn player_label(record: &Record, seat: Seat) -> String {
    let number = record.rules().player_number(seat).unwrap_or(0);
    let name = record.player(seat).unwrap_or("");
    sanitize(format!("{number} {name}").trim_end())
}

/// A player by name where the record gives one, else by number.
pub fn player_name(record: &Record, seat: Seat) -> String {
    match record.player(seat).filter(|n| !n.is_empty()) {
        Some(name) => sanitize(name),
        None => format!("player {}", record.rules().player_number(seat).unwrap_or(0)),
    }
}

impl PrefBidding<'_> {
    fn reached(&self, step: PrefStep) -> bool {
        self.step.is_none_or(|s| s >= step)
    }

    fn row(&self, seat: Seat, words: String) -> Line<'static> {
        Line::from(vec![
            Span::raw(format!("{:<12}", player_label(self.record, seat))),
            Span::raw(words),
        ])
    }

    fn lines(&self) -> Vec<Line<'static>> {
        let (t, p) = (self.theme, self.info);
        if p.bids.is_empty() {
            return vec![Line::styled("no bidding", t.dim())];
        }
        let mut lines = vec![Line::styled("Auction", t.dim())];
        let shown = match self.step {
            Some(PrefStep::Dealt) => 0,
            Some(PrefStep::Call(n)) => n,
            _ => p.calls.len(),
        };
        if p.calls.is_empty() {
            // Bids that make no auction: each player's highest, as written.
            for (&seat, bid) in p.deal_order.iter().zip(&p.bids) {
                lines.push(self.row(seat, format!("highest bid {bid}")));
            }
        }
        for call in &p.calls[..shown] {
            lines.push(self.row(call.player, call.call.words()));
        }
        let Some(main) = p.main else {
            if self.reached(PrefStep::Talon) && p.contract.is_none() {
                lines.push(Line::styled("all passed", t.strong()));
            }
            return lines;
        };
        self.declared(main, &mut lines);
        if self.at_end {
            lines.extend(result_lines(self.record, p, t));
        }
        lines
    }

    /// The talon taken, the contract, the followers and the kontras, as
    /// far as they have been said.
    fn declared(&self, main: Seat, lines: &mut Vec<Line<'static>>) {
        let (t, p) = (self.theme, self.info);
        let name = |s| player_name(self.record, s);
        if self.reached(PrefStep::Discard) && !p.discarded.is_empty() {
            lines.push(Line::raw(format!(
                "{} takes the talon and lays two cards aside",
                name(main)
            )));
        }
        let Some(c) = p.contract.filter(|_| self.reached(PrefStep::Contract)) else {
            return;
        };
        let said = kontra_said(self.step);
        let value = (p.value_said(main, said))
            .map(|v| format!(", value {v}"))
            .unwrap_or_default();
        let refa = if p.refa { ", refa" } else { "" };
        lines.push(Line::from(vec![
            Span::styled(c.name(), t.strong()),
            Span::raw(format!(" by {}{value}{refa}", player_label(self.record, main))),
        ]));
        let answered = match self.step {
            Some(PrefStep::Follow(n)) => n,
            Some(s) if s < PrefStep::Follow(0) => 0,
            _ => 2,
        };
        for seat in answering(p, main).into_iter().take(answered) {
            let word = if p.followers.contains(seat) {
                "follows"
            } else {
                "passes"
            };
            lines.push(self.row(seat, word.to_string()));
        }
        for (seat, kind) in p
            .kontra
            .map(|k| k.said(main))
            .unwrap_or_default()
            .into_iter()
            .take(said)
        {
            lines.push(Line::from(vec![
                Span::raw(format!("{:<12}", player_label(self.record, seat))),
                Span::styled(kind.name(), t.warning()),
            ]));
        }
    }
}

/// The deal's outcome in the players' words: made or failed and the bula,
/// each follower's tricks and soup, and where the written record differs.
pub fn result_lines(record: &Record, p: &Preferans, t: Theme) -> Vec<Line<'static>> {
    let (Some(main), Some(settled)) = (p.main, p.settle_play(record.play.as_ref())) else {
        return Vec::new();
    };
    let name = |s| player_name(record, s);
    let mut lines = vec![Line::styled(outcome(record, p, main, &settled), t.strong())];
    for (&seat, tally) in p.deal_order.iter().zip(&settled.tallies) {
        if let Tally::Follower { tricks, soup, bula } = *tally {
            let fell = bula.map(|b| format!("; fell: bula +{b}")).unwrap_or_default();
            lines.push(Line::raw(format!(
                "{} followed, {tricks} {}: {soup} in the soup on {}{fell}",
                name(seat),
                tricks_word(tricks),
                name(main)
            )));
        }
    }
    if p.value.is_some_and(|v| v != settled.value) {
        let written = p.value.unwrap_or(0);
        let message = format!(
            "the record says value {written}; {} make {}",
            p.value_words(),
            settled.value
        );
        lines.push(Line::styled(message, t.warning()));
    }
    if !p.summary.is_empty() && p.summary != settled.tallies {
        let written: Vec<String> = p.summary.iter().map(ToString::to_string).collect();
        let message = format!("the record's summary {} differs", written.join(","));
        lines.push(Line::styled(message, t.warning()));
    }
    lines
}

/// `cveta plays hearts: made, 8 tricks · bula −8`.
fn outcome(record: &Record, p: &Preferans, main: Seat, settled: &Settled) -> String {
    let contract = p.contract.map(|c| c.name().to_lowercase()).unwrap_or_default();
    let tricks = settled.tallies.iter().find_map(|t| match t {
        Tally::Main { tricks, .. } => Some(*tricks),
        _ => None,
    });
    let tricks = tricks.unwrap_or(0);
    let (word, sign) = if settled.made {
        ("made", '−')
    } else {
        ("failed", '+')
    };
    format!(
        "{} plays {contract}: {word}, {tricks} {} · bula {sign}{}",
        player_name(record, main),
        tricks_word(tricks),
        settled.value
    )
}

fn tricks_word(n: u8) -> &'static str {
    if n == 1 { "trick" } else { "tricks" }
}

impl PrefBidding<'_> {
    /// The bidding as rows that wrap at the pane's width.
    pub fn text(&self) -> PaneText {
        PaneText {
            body: self.lines(),
            wrap: true,
            ..PaneText::default()
        }
    }
}
