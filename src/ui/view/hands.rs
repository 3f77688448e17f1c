//! The hand diagram: North at the top, South at the bottom, West and East
//! at the sides, the trick on the table in the middle.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::analysis::CardValues;
use crate::model::{Card, Deal, Hand, HandCard, Rules, Seat, SeatMap, SeatSet, Suit, Vulnerability};
use crate::ui::suitwords;
use crate::ui::theme::{Theme, rank_text};

/// The narrowest column: a suit symbol, a space and thirteen ranks with
/// the ten written `10`.
const COLUMN: u16 = 16;

/// Where a seat sits in the 3x3 grid around the table: (row, column).
fn cell(seat: Seat) -> (u16, u16) {
    match seat {
        Seat::NorthWest => (0, 0),
        Seat::North => (0, 1),
        Seat::NorthEast => (0, 2),
        Seat::West => (1, 0),
        Seat::East => (1, 2),
        Seat::SouthWest => (2, 0),
        Seat::South => (2, 1),
        Seat::SouthEast => (2, 2),
    }
}

/// Column width and band height for an area: the diagram grows with the
/// room it is given, up to a size where it still reads as one table.
fn grid(area: Rect) -> (u16, u16) {
    let column = (area.width.saturating_sub(1) / 3).clamp(COLUMN, 24);
    let band = (area.height / 3).clamp(5, 7);
    (column, band)
}

/// What the diagram shows at one moment of the replay.
pub struct HandDiagram<'a> {
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
    pub theme: Theme,
}

/// The player on turn's cards' values, or None while they are solved.
pub struct CardMarks<'a> {
    pub seat: Seat,
    pub values: Option<&'a CardValues>,
}

/// The talon and what the main player laid aside.
pub struct Talon<'a> {
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

    fn name_line(&self, seat: Seat) -> Line<'static> {
        let mut spans = Vec::new();
        if self.to_play == Some(seat) {
            spans.push(Span::styled("▸", self.theme.accent()));
        }
        let style = if self.vulnerable(seat) {
            self.theme.suit_style(Suit::Hearts)
        } else {
            Style::new()
        };
        spans.push(Span::styled(
            seat.name().to_string(),
            style.patch(self.theme.strong()),
        ));
        if self.dealer == Some(seat) {
            spans.push(Span::styled(" (D)", self.theme.dim()));
        }
        if self.first == Some(seat) {
            spans.push(Span::styled(" (1st)", self.theme.dim()));
        }
        if self
            .marks
            .as_ref()
            .is_some_and(|m| m.seat == seat && m.values.is_none())
        {
            spans.push(Span::styled(" solving…", self.theme.dim()));
        }
        let name = &self.names[seat];
        if !name.is_empty() {
            spans.extend(suitwords::symbols(&format!(" {name}"), Style::new(), self.theme));
        }
        Line::from(spans)
    }

    /// The four suit lines of a seat, or its face-down back.
    fn suit_lines(&self, seat: Seat) -> Vec<Line<'static>> {
        let given = self.deal.is_some_and(|d| d.given.contains(seat));
        if !given {
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
        let game = self.deal.map_or(Rules::Bridge, |d| d.game);
        game.suit_order()
            .iter()
            .map(|&suit| self.suit_line(seat, suit))
            .collect()
    }

    fn suit_line(&self, seat: Seat, suit: Suit) -> Line<'static> {
        let game = self.deal.map_or(Rules::Bridge, |d| d.game);
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
                // Pinochle hands hold many tens: its own `T` reads better.
                HandCard::Known(c) if matches!(game, Rules::Pinochle { .. }) => c.rank.letter().to_string(),
                HandCard::Known(c) => rank_text(c.rank),
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

    fn draw_seat(&self, seat: Seat, x: u16, y: u16, area: Rect, buf: &mut Buffer) {
        let (column, _) = grid(area);
        let (row, col) = cell(seat);
        let name = self.name_line(seat);
        if col == 2 && y < area.bottom() {
            // A right-hand name ends at the right edge and grows leftward
            // into the free row beside it, so long names are not cut.
            let width = (name.width() as u16).min(area.width);
            let start = area.right().saturating_sub(width).min(x);
            buf.set_line(start, y, &name, area.right() - start);
        }
        // Lines stop where the next seat of the row begins.
        let next_taken = self
            .deal
            .is_some_and(|d| d.game.seats().iter().any(|&s| cell(s) == (row, col + 1)));
        let mut lines = vec![if col == 2 { Line::default() } else { name }];
        lines.extend(self.suit_lines(seat));
        for (i, line) in lines.iter().enumerate() {
            let line_row = y + i as u16;
            if line_row < area.bottom() && x < area.right() {
                let room = area.right() - x;
                let narrow = (i > 0 && col == 0 && row == 1) || next_taken;
                buf.set_line(x, line_row, line, if narrow { room.min(column) } else { room });
            }
        }
    }

    /// The cards on the table, each toward its player.
    fn draw_trick(&self, x: u16, y: u16, area: Rect, buf: &mut Buffer) {
        let (column, band) = grid(area);
        let (middle, right) = (column / 2 - 2, column - 4);
        let (side, bottom) = (1 + (band - 5) / 2, 2 + (band - 5));
        for &(seat, card) in self.trick {
            let (row, col) = cell(seat);
            let dx = [0, middle, right][col as usize];
            let dy = [0, side, bottom][row as usize];
            let mut span = card.map_or(Span::raw("··"), |c| self.theme.card(c.suit, c.rank));
            if self.winner == Some(seat) {
                span = span.patch_style(self.theme.highlight());
            }
            let (cx, cy) = (x + dx, y + dy);
            if cy < area.bottom() && cx < area.right() {
                buf.set_span(cx, cy, &span, area.right() - cx);
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
            lines.push(Line::from(cards(talon.cards)));
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
        let (x, y) = (area.x, area.y);
        let (column, band) = grid(area);
        let seats = self.deal.map_or(Rules::Bridge, |d| d.game).seats();
        for &seat in seats
            .iter()
            .filter(|&&s| !(s == Seat::South && self.talon.is_some()))
        {
            let (row, col) = cell(seat);
            let cx = x + column * col + u16::from(col == 2);
            self.draw_seat(seat, cx, y + band * row, area, buf);
        }
        if let Some(talon) = &self.talon {
            for (i, line) in self.talon_lines(talon).iter().enumerate() {
                let row = y + band * 2 + i as u16;
                if row < area.bottom() && x + column < area.right() {
                    buf.set_line(x + column, row, line, area.right() - x - column);
                }
            }
        }
        self.draw_trick(x + column, y + band + 1, area, buf);
    }
}
