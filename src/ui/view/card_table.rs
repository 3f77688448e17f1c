//! The card table in the middle of the diagram: a framed square with the
//! trick's cards on their players' sides, the leader marked and the winner
//! of a finished trick highlighted and marked `*` (seen without colour and
//! in `show`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, BorderType, Widget};

use crate::model::{Card, Seat};
use crate::ui::compass::card_spot;
use crate::ui::seating::Seating;
use crate::ui::theme::Theme;

/// After the card that won the trick, in the card table and the trick
/// table alike: colour alone would not show it without colour, nor in
/// plain text.
pub const WON: &str = "*";

pub struct CardTable<'a> {
    /// The cards on the table in the order played; None for a card the
    /// record does not name.
    pub trick: &'a [(Seat, Option<Card>)],
    pub winner: Option<Seat>,
    /// Whether the winner is marked `*` too (bridge so far: the other
    /// games' screens are their owners' to change).
    pub marks_winner: bool,
    pub seating: Seating,
    pub theme: Theme,
}

impl CardTable<'_> {
    /// The leader's mark, the card and the winner's mark, as drawn.
    fn spans(&self, at: usize, seat: Seat, card: Option<Card>) -> [Span<'static>; 3] {
        let t = self.theme;
        let mark = match (at, t.ascii) {
            (0, false) => "▸",
            (0, true) => ">",
            _ => " ",
        };
        let mut card = card.map_or(Span::raw("··"), |c| t.card(c.suit, c.rank));
        let mut won = Span::raw("");
        if self.winner == Some(seat) {
            card = card.patch_style(t.highlight());
            won = Span::styled(if self.marks_winner { WON } else { "" }, t.strong());
        }
        [Span::styled(mark, t.accent()), card, won]
    }
}

impl Widget for &CardTable<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < 8 || area.height < 3 {
            return;
        }
        let border = if self.theme.ascii {
            BorderType::Plain
        } else {
            BorderType::Rounded
        };
        Block::bordered()
            .border_type(border)
            .border_style(self.theme.dim())
            .render(area, buf);
        for (at, &(seat, card)) in self.trick.iter().enumerate() {
            let spans = self.spans(at, seat, card);
            let width = spans.iter().map(Span::width).sum::<usize>() as u16;
            let (mut x, y) = card_spot(area, self.seating.place(seat), width);
            for span in &spans {
                x = buf.set_span(x, y, span, span.width() as u16).0;
            }
        }
    }
}
