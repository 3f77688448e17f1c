//! The card table in the middle of the diagram: a framed square with the
//! trick's cards on their players' sides, the leader marked and the winner
//! of a finished trick highlighted.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, BorderType, Widget};

use crate::model::{Card, Seat};
use crate::ui::compass::card_spot;
use crate::ui::seating::Seating;
use crate::ui::theme::Theme;

pub struct CardTable<'a> {
    /// The cards on the table in the order played; None for a card the
    /// record does not name.
    pub trick: &'a [(Seat, Option<Card>)],
    pub winner: Option<Seat>,
    pub seating: Seating,
    pub theme: Theme,
}

impl CardTable<'_> {
    /// The leader's mark and the card, as drawn.
    fn spans(&self, at: usize, seat: Seat, card: Option<Card>) -> [Span<'static>; 2] {
        let t = self.theme;
        let mark = match (at, t.ascii) {
            (0, false) => "▸",
            (0, true) => ">",
            _ => " ",
        };
        let mut card = card.map_or(Span::raw("··"), |c| t.card(c.suit, c.rank));
        if self.winner == Some(seat) {
            card = card.patch_style(t.highlight());
        }
        [Span::styled(mark, t.accent()), card]
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
            let [mark, card] = self.spans(at, seat, card);
            let width = (mark.width() + card.width()) as u16;
            let (x, y) = card_spot(area, self.seating.place(seat), width);
            let x = buf.set_span(x, y, &mark, 1).0;
            buf.set_span(x, y, &card, width - 1);
        }
    }
}
