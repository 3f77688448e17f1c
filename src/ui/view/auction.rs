//! The auction grid: a column per seat from the reader's left, the dealer's first call
//! under the dealer, marks and note numbers on the calls.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::model::{Annotation, Auction, AuctionItem, Call};
use crate::ui::seating::Seating;
use crate::ui::theme::Theme;

pub struct AuctionGrid<'a> {
    pub auction: Option<&'a Auction>,
    /// Entries reached so far.
    pub shown: usize,
    /// The replay waits at "Your call?".
    pub quiz: bool,
    /// Columns from the reader's left-hand opponent, the reader last.
    pub seating: Seating,
    pub theme: Theme,
}

/// `¹` for note 1: the number raised so it reads as a reference.
fn superscript(n: u8) -> char {
    ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'][n as usize % 10]
}

impl AuctionGrid<'_> {
    fn call_span(&self, call: Call, annotations: &[Annotation]) -> Span<'static> {
        let t = self.theme;
        let (mut text, style) = match call {
            Call::Pass => ("Pass".to_string(), Style::new()),
            Call::Double => ("Dbl".to_string(), Style::new()),
            Call::Redouble => ("Rdbl".to_string(), Style::new()),
            Call::Bid(bid) => (
                format!("{}{}", bid.level, t.strain(bid.strain)),
                t.strain_style(bid.strain),
            ),
        };
        let mut alerted = false;
        for a in annotations {
            match a {
                Annotation::Note(n) if !t.ascii && *n < 10 => text.push(superscript(*n)),
                Annotation::Note(n) => text.push_str(&n.to_string()),
                other => text.push_str(&other.symbol()),
            }
            alerted |= matches!(a, Annotation::Note(_) | Annotation::Conventional);
        }
        let style = if alerted { style.patch(t.accent()) } else { style };
        Span::styled(text, style)
    }

    /// The cells in turn order, from the dealer.
    fn cells(&self, auction: &Auction) -> Vec<Span<'static>> {
        let mut cells = Vec::new();
        for entry in auction.entries.iter().take(self.shown) {
            match entry.item {
                AuctionItem::Call(call) => cells.push(self.call_span(call, &entry.annotations)),
                AuctionItem::AllPass => cells.push(Span::raw("All pass")),
                AuctionItem::Query => {}
                AuctionItem::Skipped => cells.push(Span::styled("—", self.theme.dim())),
            }
        }
        if self.quiz {
            cells.push(Span::styled("?", self.theme.highlight()));
        }
        cells
    }
}

impl Widget for &AuctionGrid<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::bordered().title(" Auction ");
        let inner = block.inner(area);
        block.render(area, buf);
        let Some(auction) = self.auction else {
            Paragraph::new(Line::styled("no auction", self.theme.dim())).render(inner, buf);
            return;
        };
        // Four cells share the width; "All pass" may run past its own.
        let cell = (inner.width as usize / 4).clamp(6, 10);
        let order = self.seating.columns();
        let header: String = order.iter().map(|s| format!("{:<cell$}", s.name())).collect();
        let mut lines = vec![Line::styled(header, self.theme.strong())];
        let skip = order.iter().position(|&s| s == auction.dealer).unwrap_or(0);
        let mut row: Vec<Span> = (0..skip)
            .flat_map(|_| [Span::raw(" ".repeat(cell)), Span::raw("")])
            .collect();
        for span in self.cells(auction) {
            let pad = cell.saturating_sub(unicode_width::UnicodeWidthStr::width(span.content.as_ref()));
            row.push(span);
            row.push(Span::raw(" ".repeat(pad)));
            if row.len() == 8 {
                lines.push(Line::from(std::mem::take(&mut row)));
            }
        }
        if !row.is_empty() {
            lines.push(Line::from(row));
        }
        // Long auctions keep their latest rounds in view.
        let overflow = lines.len().saturating_sub(inner.height as usize);
        lines.drain(1..1 + overflow.min(lines.len() - 1));
        Paragraph::new(lines).render(inner, buf);
    }
}
