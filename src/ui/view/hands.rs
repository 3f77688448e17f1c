//! The hand diagram: the four hands around the card table, each under its
//! label, turned so that the reader's seat is at the bottom.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::card_table::CardTable;
use super::seat_label::SeatLabel;
use crate::analysis::CardValues;
use crate::model::{Card, Deal, Hand, HandCard, Rules, Seat, SeatMap, SeatSet, Suit, Vulnerability};
use crate::ui::compass::{self, COLUMN, SeatPlace};
use crate::ui::seating::Seating;
use crate::ui::theme::{Theme, rank_in_hand};

/// What the diagram shows at one moment of the replay.
pub struct HandDiagram<'a> {
    /// The game, which seats it draws: the record's, dealt or not.
    pub game: Rules,
    pub deal: Option<&'a Deal>,
    /// Cards still held.
    pub hands: &'a SeatMap<Hand>,
    /// Cards as dealt, for showing played cards greyed in place.
    pub dealt: &'a SeatMap<Hand>,
    /// Cards that the diagram gave as spots, drawn as `x`.
    pub spots: &'a SeatMap<Vec<Card>>,
    pub show_played: bool,
    pub face_down: SeatSet,
    pub names: SeatMap<String>,
    pub dealer: Option<Seat>,
    /// Who bids (and is dealt to) first, where the game marks it.
    pub first: Option<Seat>,
    pub vulnerability: Option<Vulnerability>,
    pub trick: &'a [(Seat, Option<Card>)],
    pub winner: Option<Seat>,
    pub to_play: Option<Seat>,
    /// Preferans's talon, drawn where South would sit.
    pub talon: Option<Talon<'a>>,
    /// Double-dummy numbers beside the cards of the player on turn.
    pub marks: Option<CardMarks<'a>>,
    /// HCP beside the hands shown (bridge only).
    pub hcp: bool,
    pub seating: Seating,
    pub theme: Theme,
}

/// The player on turn's cards' values, or None while they are solved.
pub struct CardMarks<'a> {
    pub seat: Seat,
    pub values: Option<&'a CardValues>,
}

/// The talon and what the main player laid aside.
pub struct Talon<'a> {
    /// The talon's cards; none once the main player has taken them up.
    pub cards: &'a [Card],
    /// Face up once the bidding is over.
    pub open: bool,
    pub discarded: &'a [Card],
}

impl HandDiagram<'_> {
    fn vulnerable(&self, seat: Seat) -> bool {
        let ns = matches!(seat, Seat::North | Seat::South);
        match self.vulnerability {
            Some(Vulnerability::Both) => true,
            Some(Vulnerability::NorthSouth) => ns,
            Some(Vulnerability::EastWest) => !ns,
            _ => false,
        }
    }

    fn label(&self, seat: Seat) -> SeatLabel<'_> {
        let bridge = self.game == Rules::Bridge;
        let shown = self.deal.is_some_and(|d| d.known(seat)) && !self.face_down.contains(seat);
        SeatLabel {
            seat,
            game: self.game,
            name: &self.names[seat],
            to_play: self.to_play == Some(seat),
            dealer: self.dealer == Some(seat),
            first: self.first == Some(seat),
            vulnerable: self.vulnerable(seat),
            solving: self
                .marks
                .as_ref()
                .is_some_and(|m| m.seat == seat && m.values.is_none()),
            hcp: (self.hcp && bridge && shown && self.whole(seat))
                .then(|| self.dealt[seat].high_card_points()),
        }
    }

    /// The four suit lines of a seat, or its face-down back.
    fn suit_lines(&self, seat: Seat) -> Vec<Line<'static>> {
        // A hand the record leaves unknown is left blank, not drawn void.
        if !self.deal.is_some_and(|d| d.known(seat)) {
            return Vec::new();
        }
        if self.face_down.contains(seat) {
            let n = self.hands[seat].len();
            let back = if self.theme.ascii { "#" } else { "▒" };
            let word = if n == 1 { "card" } else { "cards" };
            return vec![
                Line::styled(back.repeat(n.min(COLUMN as usize - 3)), self.theme.dim()),
                Line::styled(format!("{n} {word}"), self.theme.dim()),
                Line::styled("face down", self.theme.dim()),
            ];
        }
        let game = self.game;
        game.suit_order()
            .iter()
            .map(|&suit| self.suit_line(seat, suit))
            .collect()
    }

    /// Whether the record gives every suit of `seat`'s hand: HCP count
    /// only a whole hand.
    fn whole(&self, seat: Seat) -> bool {
        let game = self.game;
        let known = |suit| self.deal.is_some_and(|d| d.suit_known(seat, suit));
        game.suit_order().into_iter().all(known)
    }

    fn suit_line(&self, seat: Seat, suit: Suit) -> Line<'static> {
        // A suit the record leaves out is left blank, never drawn void.
        if !self.deal.is_some_and(|d| d.suit_known(seat, suit)) {
            return Line::default();
        }
        let game = self.game;
        let theme = self.theme;
        let mut spans = vec![Span::styled(
            format!("{} ", theme.suit(suit)),
            theme.suit_style(suit),
        )];
        let held = self.hands[seat].suit_cards(suit, game);
        let shown = if self.show_played {
            self.dealt[seat].suit_cards(suit, game)
        } else {
            held.clone()
        };
        if shown.is_empty() {
            spans.push(Span::styled("—", theme.dim()));
        }
        let marks = self.marks.as_ref().filter(|m| m.seat == seat);
        let values = marks.and_then(|m| m.values);
        let value = |c: &HandCard| match (values, c) {
            (Some(v), HandCard::Known(c)) => v.value(*c),
            _ => None,
        };
        let mut still = held;
        for (i, card) in shown.iter().copied().enumerate() {
            let text = match card {
                // Spots are the lowest cards of their suit, whoever holds
                // them after a trade.
                HandCard::Known(c) if self.spots.0.iter().any(|s| s.contains(&c)) => "x".to_string(),
                HandCard::Known(c) => rank_in_hand(c.rank, game),
                other => other.rank_char().to_string(),
            };
            match still.iter().position(|&c| c == card) {
                Some(at) => {
                    still.remove(at);
                    let next = shown.get(i + 1).and_then(value);
                    spans.extend(self.marked(text, value(&card), next, values));
                }
                None => spans.push(Span::styled(
                    text,
                    theme.dim().add_modifier(Modifier::CROSSED_OUT),
                )),
            }
        }
        if marks.is_some() && values.is_none() && !shown.is_empty() {
            // Where the numbers will be, while they are solved.
            spans.push(Span::styled("…", theme.dim()));
        }
        Line::from(spans)
    }

    /// A held card, and after the last of equal neighbours its
    /// double-dummy number; the best cards highlighted.
    fn marked(
        &self,
        text: String,
        value: Option<u8>,
        next: Option<u8>,
        values: Option<&CardValues>,
    ) -> Vec<Span<'static>> {
        let Some(n) = value else {
            return vec![Span::raw(text)];
        };
        let theme = self.theme;
        let best = values.is_some_and(|v| v.now() == n);
        let style = if best { theme.highlight() } else { Style::new() };
        let mut spans = vec![Span::styled(text, style)];
        if next != Some(n) {
            let number = if best { theme.highlight() } else { theme.dim() };
            spans.push(Span::styled(format!("{} ", small_number(n, theme)), number));
        }
        spans
    }

    fn draw_seat(&self, seat: Seat, at: &SeatPlace, buf: &mut Buffer) {
        let label = self.label(seat).line(at.label.width, self.theme);
        buf.set_line(at.label.x, at.label.y, &label, at.label.width);
        for (i, line) in self.suit_lines(seat).iter().enumerate() {
            let row = at.hand.y + i as u16;
            if row < at.hand.bottom() {
                buf.set_line(at.hand.x, row, line, at.hand.width);
            }
        }
    }
}

/// A trick count written small, to sit after a card.
fn small_number(n: u8, theme: Theme) -> String {
    if theme.ascii {
        return format!(":{n}");
    }
    const SUBSCRIPT: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
    n.to_string()
        .chars()
        .map(|d| SUBSCRIPT[d.to_digit(10).unwrap_or(0) as usize])
        .collect()
}

impl HandDiagram<'_> {
    fn talon_lines(&self, talon: &Talon<'_>) -> Vec<Line<'static>> {
        let t = self.theme;
        let cards = |cards: &[Card]| {
            let mut spans: Vec<Span<'static>> = Vec::new();
            for c in cards {
                spans.push(t.card(c.suit, c.rank));
                spans.push(Span::raw(" "));
            }
            spans
        };
        let mut lines = vec![Line::styled("Talon", t.strong())];
        if talon.open {
            if talon.cards.is_empty() {
                lines.push(Line::styled("taken up", t.dim()));
            } else {
                lines.push(Line::from(cards(talon.cards)));
            }
            if !talon.discarded.is_empty() {
                let mut spans = vec![Span::styled("laid aside ", t.dim())];
                spans.extend(cards(talon.discarded));
                lines.push(Line::from(spans));
            }
        } else {
            let back = if t.ascii { "#" } else { "▒" };
            lines.push(Line::styled(
                format!("{} face down", back.repeat(talon.cards.len())),
                t.dim(),
            ));
        }
        lines
    }
}

impl Widget for &HandDiagram<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let game = self.game;
        let places = compass::places(
            area,
            &compass::seats_drawn(game, self.talon.is_some()),
            self.seating,
        );
        for at in &places.seats {
            self.draw_seat(at.seat, at, buf);
        }
        if let Some(talon) = &self.talon {
            // The talon lies where South's hand would, lined up with North's.
            let (x, y) = (places.table.x + 2, places.table.bottom());
            for (i, line) in self.talon_lines(talon).iter().enumerate() {
                let row = y + i as u16;
                if row < area.bottom() && x < area.right() {
                    buf.set_line(x, row, line, area.right() - x);
                }
            }
        }
        (&CardTable {
            trick: self.trick,
            winner: self.winner,
            marks_winner: game == Rules::Bridge,
            seating: self.seating,
            theme: self.theme,
        })
            .render(places.table, buf);
    }
}

#[cfg(test)]
mod tests;
