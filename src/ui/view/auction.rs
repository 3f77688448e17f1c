//! The auction grid: a column per seat from the reader's left, the dealer's first call
//! under the dealer, marks and note numbers on the calls.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::scroll::PaneText;

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

/// A note number raised so it reads as a reference (`¹`, `¹⁰`), or in
/// brackets where the theme keeps to ASCII, never run into the call.
pub fn note_mark(n: u8, ascii: bool) -> String {
    const RAISED: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    if ascii {
        return format!("[{n}]");
    }
    n.to_string()
        .chars()
        .map(|d| RAISED[d.to_digit(10).unwrap_or(0) as usize])
        .collect()
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
                Annotation::Note(n) => text.push_str(&note_mark(*n, t.ascii)),
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
                AuctionItem::AnyCall => cells.push(Span::styled("any", self.theme.dim())),
            }
        }
        if self.quiz {
            cells.push(Span::styled("?", self.theme.highlight()));
        }
        cells
    }
}

impl AuctionGrid<'_> {
    /// The grid: a heading of seats, a row per round.
    pub fn text(&self) -> PaneText {
        let Some(auction) = self.auction else {
            return PaneText::rows(vec![Line::styled("no auction", self.theme.dim())]);
        };
        let cells = self.cells(auction);
        // "All pass" may run past its own cell.
        let widest = cells
            .iter()
            .filter(|c| c.content != "All pass")
            .map(Span::width)
            .max()
            .unwrap_or(0);
        let cell = (widest + 1).max(6);
        let order = self.seating.columns();
        let header: String = order.iter().map(|s| format!("{:<cell$}", s.name())).collect();
        let skip = order.iter().position(|&s| s == auction.dealer).unwrap_or(0);
        let mut row: Vec<Span> = (0..skip)
            .flat_map(|_| [Span::raw(" ".repeat(cell)), Span::raw("")])
            .collect();
        let mut rows = Vec::new();
        for span in cells {
            let pad = cell.saturating_sub(span.width());
            row.push(span);
            row.push(Span::raw(" ".repeat(pad)));
            if row.len() == 8 {
                rows.push(Line::from(std::mem::take(&mut row)));
            }
        }
        if !row.is_empty() {
            rows.push(Line::from(row));
        }
        PaneText {
            head: vec![Line::styled(header.trim_end().to_string(), self.theme.strong())],
            body: rows,
            ..PaneText::default()
        }
    }
}
