//! The preview beside or under the list: the deal under the cursor, as
//! a compass diagram where there is room, else a line a hand.

use ratatui::buffer::Buffer;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::hands::HandDiagram;
use crate::model::{Deal, HandCard, Record, Rules, SeatMap, Suit};
use crate::ui::layout::ListAreas;
use crate::ui::seating::Seating;
use crate::ui::theme::{Theme, rank_text};

pub fn render_preview(r: &Record, areas: &ListAreas, theme: Theme, buf: &mut Buffer) {
    let block = Block::bordered().title(" Deal ");
    let inner = block.inner(areas.preview);
    block.render(areas.preview, buf);
    let Some(deal) = &r.deal else {
        Paragraph::new(Line::styled("no hands", theme.dim())).render(inner, buf);
        return;
    };
    if !areas.full_preview {
        Paragraph::new(compact_hands(deal, theme)).render(inner, buf);
        return;
    }
    let diagram = HandDiagram {
        deal: Some(deal),
        hands: &deal.hands,
        dealt: &deal.hands,
        spots: &SeatMap::default(),
        show_played: false,
        face_down: deal.hidden,
        names: SeatMap::default(),
        dealer: r.dealer(),
        first: None,
        vulnerability: r.vulnerability(),
        trick: &[],
        winner: None,
        to_play: None,
        talon: None,
        marks: None,
        hcp: true,
        seating: Seating::default(),
        theme,
    };
    (&diagram).render(inner, buf);
}

/// A line a hand, suit after suit, where the preview is too small for the
/// diagram.
fn compact_hands(deal: &Deal, theme: Theme) -> Vec<Line<'static>> {
    let seats = Rules::Bridge.seats().iter().filter(|&&s| deal.given.contains(s));
    seats
        .map(|&seat| {
            let mut spans = vec![Span::styled(format!("{:<6}", seat.name()), theme.strong())];
            if deal.hidden.contains(seat) {
                let count = format!("{} cards, hidden", deal.hands[seat].len());
                spans.push(Span::styled(count, theme.dim()));
                return Line::from(spans);
            }
            for suit in Suit::DESCENDING {
                let ranks: String = deal.hands[seat]
                    .suit_cards(suit, deal.game)
                    .iter()
                    .map(|c| match c {
                        HandCard::Known(card) => rank_text(card.rank),
                        other => other.rank_char().to_string(),
                    })
                    .collect();
                let ranks = if ranks.is_empty() {
                    "—".to_string()
                } else {
                    ranks
                };
                spans.push(Span::styled(
                    format!("{} ", theme.suit(suit)),
                    theme.suit_style(suit),
                ));
                spans.push(Span::raw(format!("{ranks:<9}")));
            }
            Line::from(spans)
        })
        .collect()
}
