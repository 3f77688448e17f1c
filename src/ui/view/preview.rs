//! The preview beside or under the list: the deal under the cursor, as
//! a compass diagram where there is room, else a line a hand.

use ratatui::buffer::Buffer;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::hands::HandDiagram;
use super::seat_label::seat_word;
use crate::model::{Deal, HandCard, Record, Seat, SeatMap, Suit};
use crate::ui::layout::ListAreas;
use crate::ui::seating::Seating;
use crate::ui::theme::{Theme, rank_in_hand};

pub fn render_preview(r: &Record, areas: &ListAreas, theme: Theme, buf: &mut Buffer) {
    let block = Block::bordered().title(" Deal ");
    let inner = block.inner(areas.preview);
    block.render(areas.preview, buf);
    let Some(deal) = &r.deal else {
        Paragraph::new(Line::styled("no hands", theme.dim())).render(inner, buf);
        return;
    };
    if !areas.full_preview {
        Paragraph::new(compact_hands(deal, inner.height, theme)).render(inner, buf);
        return;
    }
    let diagram = HandDiagram {
        game: deal.game,
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
/// diagram: every hand of the game's seats, in columns as wide as the
/// longest suit, two or more hands to a line where there are more hands
/// than rows (six-handed Pinochle).
fn compact_hands(deal: &Deal, rows: u16, theme: Theme) -> Vec<Line<'static>> {
    let seats: Vec<Seat> = (deal.game.seats().iter().copied())
        .filter(|&s| deal.known(s))
        .collect();
    let ranks: Vec<[String; 4]> = seats.iter().map(|&s| suit_ranks(deal, s)).collect();
    let per_line = seats.len().div_ceil(usize::from(rows.max(1)));
    // A hand a line keeps a bridge hand's usual columns; hands side by
    // side are as narrow as they can be.
    let (short, least) = if per_line > 1 { (true, 0) } else { (false, 8) };
    let name = |s: Seat| seat_word(deal.game, s, short);
    let name_width = seats
        .iter()
        .map(|&s| name(s).len() + 1)
        .fold(least.min(6), usize::max);
    let widths: [usize; 4] = std::array::from_fn(|i| {
        let widest = ranks.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
        widest.max(least) + 1
    });
    let hand_width = widths.iter().map(|w| w + 2).sum::<usize>();
    let hands: Vec<Vec<Span<'static>>> = (seats.iter().zip(&ranks))
        .map(|(&seat, ranks)| {
            let mut spans = vec![Span::styled(
                format!("{:<name_width$}", name(seat)),
                theme.strong(),
            )];
            if deal.hidden.contains(seat) {
                let count = format!("{} cards, hidden", deal.hands[seat].len());
                spans.push(Span::styled(format!("{count:<hand_width$}"), theme.dim()));
                return spans;
            }
            for ((suit, ranks), width) in Suit::DESCENDING.into_iter().zip(ranks).zip(widths) {
                spans.push(Span::styled(
                    format!("{} ", theme.suit(suit)),
                    theme.suit_style(suit),
                ));
                spans.push(Span::raw(format!("{ranks:<width$}")));
            }
            spans
        })
        .collect();
    hands
        .chunks(per_line.max(1))
        .map(|line| Line::from(line.join(&Span::raw("  "))))
        .collect()
}

/// A hand's ranks in each suit, highest suit first; a dash for a void,
/// nothing for a suit the record leaves out.
fn suit_ranks(deal: &Deal, seat: Seat) -> [String; 4] {
    Suit::DESCENDING.map(|suit| {
        if !deal.suit_known(seat, suit) {
            return String::new();
        }
        let ranks: String = (deal.hands[seat].suit_cards(suit, deal.game).iter())
            .map(|c| match c {
                HandCard::Known(card) => rank_in_hand(card.rank, deal.game),
                other => other.rank_char().to_string(),
            })
            .collect();
        if ranks.is_empty() {
            "—".to_string()
        } else {
            ranks
        }
    })
}
