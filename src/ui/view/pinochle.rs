//! A Pinochle hand's bidding and contract: the rounds as a grid, declarer,
//! contract and trump, the exchange, melds with points, the scores by team,
//! and the result.

use ratatui::text::{Line, Span};

use super::scroll::PaneText;
use crate::model::{Hand, Pinochle, Record, Seat};
use crate::ui::theme::{Theme, sanitize};

pub struct PinochleBox<'a> {
    pub record: &'a Record,
    pub info: &'a Pinochle,
    /// The play has begun: melds and the exchange are on the table.
    pub melded: bool,
    pub at_end: bool,
    pub theme: Theme,
}

fn seat_short(seat: Seat) -> &'static str {
    seat.abbreviation()
}

impl PinochleBox<'_> {
    fn hand_spans(&self, hand: &Hand) -> Vec<Span<'static>> {
        let game = self.record.rules();
        let mut spans = Vec::new();
        for suit in game.suit_order() {
            let ranks: String = hand
                .suit_cards(suit, game)
                .iter()
                .map(|c| c.rank_char())
                .collect();
            if !ranks.is_empty() {
                spans.push(Span::styled(self.theme.suit(suit), self.theme.suit_style(suit)));
                spans.push(Span::raw(format!("{ranks} ")));
            }
        }
        spans
    }

    /// The bidding rounds, a column per seat from the Auction tag's seat,
    /// as narrow as the bids allow; passes shortened to `P` where the
    /// grid would not fit `width` otherwise.
    fn rounds(&self, width: u16) -> Vec<Line<'static>> {
        let (game, p) = (self.record.rules(), self.info);
        let Some(first) = p.auction_seat else {
            return Vec::new();
        };
        let mut order = vec![first];
        while order.len() < game.seats().len() {
            order.push(game.next_seat(*order.last().unwrap_or(&first)));
        }
        let bid = |b: &Option<String>, short: bool| match b.as_deref() {
            Some(pass) if short && pass.eq_ignore_ascii_case("pass") => "P".to_string(),
            Some(b) => sanitize(b),
            None => "-".to_string(),
        };
        let grid = |short: bool| {
            let texts: Vec<Vec<String>> = p
                .rounds
                .iter()
                .map(|r| r.iter().map(|b| bid(b, short)).collect())
                .collect();
            let heads = order.iter().map(|s| seat_short(*s).len());
            let widest = texts
                .iter()
                .flatten()
                .map(|t| t.chars().count())
                .chain(heads)
                .max();
            (texts, widest.unwrap_or(0) + 1)
        };
        let (mut texts, mut cell) = grid(false);
        if cell * order.len() > width as usize + 1 {
            (texts, cell) = grid(true);
        }
        let row = |cells: Vec<String>| {
            let padded: String = cells.iter().map(|c| format!("{c:<cell$}")).collect();
            padded.trim_end().to_string()
        };
        let head = row(order.iter().map(|s| seat_short(*s).to_string()).collect());
        let mut lines = vec![Line::styled(head, self.theme.strong())];
        lines.extend(texts.into_iter().map(|t| Line::raw(row(t))));
        lines
    }

    /// Everything of the hand so far, as rows that wrap at `width`.
    pub fn text(&self, width: u16) -> PaneText {
        let mut lines = self.rounds(width);
        lines.push(self.contract_line());
        if self.melded {
            lines.extend(self.exchange_and_meld());
        }
        lines.extend(self.scores());
        PaneText {
            body: lines,
            wrap: true,
            ..PaneText::default()
        }
    }

    fn contract_line(&self) -> Line<'static> {
        let (t, p) = (self.theme, self.info);
        let trump = match p.trump {
            Some(suit) => Span::styled(t.suit(suit), t.suit_style(suit)),
            None => Span::raw("none"),
        };
        let declarer = p
            .declarer
            .map(|d| format!(" by {}", d.name()))
            .unwrap_or_default();
        let contract = p.contract.clone().unwrap_or_else(|| "?".into());
        Line::from(vec![
            Span::styled(format!("Contract {contract}{declarer}, trump "), t.strong()),
            trump,
        ])
    }

    /// The kitty, declarer's discards, cards passed and every meld.
    fn exchange_and_meld(&self) -> Vec<Line<'static>> {
        let (t, p) = (self.theme, self.info);
        let mut lines = Vec::new();
        if !p.kitty.is_empty() {
            let kitty: Vec<String> = p.kitty.iter().map(ToString::to_string).collect();
            lines.push(Line::raw(format!("kitty {}", kitty.join(" "))));
        }
        if let Some((hand, points)) = &p.discard {
            let mut spans = vec![Span::raw("discarded ")];
            spans.extend(self.hand_spans(hand));
            spans.extend(points.map(|n| Span::raw(format!("({n})"))));
            lines.push(Line::from(spans));
        }
        for (from, to, hand) in &p.passed {
            let mut spans = vec![Span::raw(format!("{}→{} ", seat_short(*from), seat_short(*to)))];
            spans.extend(self.hand_spans(hand));
            lines.push(Line::from(spans));
        }
        for meld in &p.melds {
            let mut spans = vec![Span::styled(
                format!("meld {:<3}", seat_short(meld.seat)),
                t.dim(),
            )];
            spans.extend(self.hand_spans(&meld.cards));
            spans.extend(meld.points.map(|n| Span::styled(format!("{n}"), t.strong())));
            lines.push(Line::from(spans));
        }
        lines
    }

    /// The scores by team as far as the hand has gone, and its outcome at
    /// the end.
    fn scores(&self) -> Vec<Line<'static>> {
        let p = self.info;
        let scores = |name: &str, v: &[String]| {
            (!v.is_empty()).then(|| Line::raw(format!("{name} {}", v.join(" : "))))
        };
        let mut lines: Vec<Line<'static>> = scores("game before", &p.game_scores).into_iter().collect();
        if self.melded {
            lines.extend(scores("meld", &p.meld_scores));
        }
        if self.at_end {
            lines.extend(scores("play", &p.play_scores));
            lines.extend(scores("hand", &p.hand_scores));
            let victor = p.victor.as_ref().map(|v| format!("victor team {v}"));
            let outcome: Vec<String> = [&p.result, &p.termination, &victor]
                .into_iter()
                .flatten()
                .map(|s| sanitize(s))
                .collect();
            if !outcome.is_empty() {
                lines.push(Line::styled(outcome.join(" · "), self.theme.strong()));
            }
        }
        lines
    }
}

/// The header's second line for a Pinochle hand.
pub fn header(r: &Record, p: &Pinochle, theme: Theme) -> Line<'static> {
    let mut parts = Vec::new();
    let deck = if p.double_deck { "double" } else { "single" };
    parts.push(format!("{deck}-deck, {} hands", p.players));
    parts.extend(r.dealer().map(|d| format!("Dealer {}", d.name())));
    if let (Some(c), Some(d)) = (&p.contract, p.declarer) {
        parts.push(format!("{c} by {}", d.name()));
    }
    Line::styled(sanitize(&parts.join(" · ")), theme.strong())
}
