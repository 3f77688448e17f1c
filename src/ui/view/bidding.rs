//! A Preferans deal's bidding and contract: each player's highest bid in
//! the order they bid, the main player, the contract by name, who
//! followed, kontra and refa, the value, and the summary once played.

use ratatui::text::{Line, Span};

use super::scroll::PaneText;

use crate::model::{Preferans, Record, Seat};
use crate::ui::theme::{Theme, sanitize};

pub struct PrefBidding<'a> {
    pub record: &'a Record,
    pub info: &'a Preferans,
    /// The bidding is over (the talon has been turned).
    pub open: bool,
    pub at_end: bool,
    pub theme: Theme,
}

/// A bid as words: `P` pass, `2`..`7`, `M3` mine 3, `G` game, `G4`.
fn bid_words(bid: &str) -> String {
    match bid {
        "P" => "pass".to_string(),
        "G" => "game".to_string(),
        b if b.starts_with('M') => format!("mine {}", &b[1..]),
        b if b.starts_with('G') => format!("game {}", &b[1..]),
        b => b.to_string(),
    }
}

/// A Preferans player as the game calls them: number, then name.
pub fn player_label(record: &Record, seat: Seat) -> String {
    let number = record.rules().player_number(seat).unwrap_or(0);
    let name = record.player(seat).unwrap_or("");
    sanitize(&format!("{number} {name}"))
}

impl PrefBidding<'_> {
    fn name(&self, seat: Seat) -> String {
        player_label(self.record, seat)
    }

    fn lines(&self) -> Vec<Line<'static>> {
        let (t, p) = (self.theme, self.info);
        if p.bids.is_empty() {
            return vec![Line::styled("no bidding", t.dim())];
        }
        let mut lines = vec![Line::styled("Highest bids, in bidding order", t.dim())];
        for (seat, bid) in p.deal_order.iter().zip(&p.bids) {
            lines.push(Line::from(vec![
                Span::raw(format!("{:<14}", self.name(*seat))),
                Span::raw(bid_words(bid)),
            ]));
        }
        if !self.open {
            return lines;
        }
        if let (Some(main), Some(c)) = (p.main, p.contract) {
            let value = p.value.map(|v| format!(", value {v}")).unwrap_or_default();
            lines.push(Line::from(vec![
                Span::styled(c.name(), t.strong()),
                Span::raw(format!(" by {}{value}", self.name(main))),
            ]));
            let followers: Vec<String> = p.followers.iter().map(|s| self.name(s)).collect();
            let followed = if followers.is_empty() {
                "nobody".to_string()
            } else {
                followers.join(", ")
            };
            lines.push(Line::raw(format!("followed: {followed}")));
        }
        let mut extras = Vec::new();
        extras.extend(p.kontra.map(|k| format!("{} by {}", k.name(), self.name(k.by))));
        if p.refa {
            extras.push("refa".to_string());
        }
        if !extras.is_empty() {
            lines.push(Line::styled(extras.join(", "), t.warning()));
        }
        if self.at_end && !p.summary.is_empty() {
            let summary: Vec<String> = p
                .deal_order
                .iter()
                .zip(&p.summary)
                .map(|(s, v)| format!("{} {}", self.name(*s), v))
                .collect();
            lines.push(Line::styled(
                format!("Summary: {}", summary.join("; ")),
                t.strong(),
            ));
        }
        lines
    }
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
