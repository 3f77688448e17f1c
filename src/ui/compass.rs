//! Where each part of the hand diagram goes: a 3x3 grid of seats around a
//! framed card table, as pure functions of the area and the seats taken,
//! so that drawing and the tests that look for overlaps agree.
//!
//! Places here are compass points of the screen, not seats: a turned table
//! (see `Seating`) draws East's hand at the screen's South.

use ratatui::layout::Rect;

use crate::model::{Rules, Seat};
use crate::ui::seating::Seating;

/// The narrowest column: a suit symbol, a space and thirteen ranks with
/// the ten written `10`.
pub const COLUMN: u16 = 16;

/// Where a place sits in the 3x3 grid: (row, column).
pub fn cell(place: Seat) -> (u16, u16) {
    match place {
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
pub fn grid(area: Rect) -> (u16, u16) {
    let column = (area.width.saturating_sub(1) / 3).clamp(COLUMN, 24);
    let band = (area.height / 3).clamp(5, 7);
    (column, band)
}

/// The rectangles of one seat: its label row and its hand's lines below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatPlace {
    pub seat: Seat,
    /// Where on the screen it sits.
    pub place: Seat,
    pub label: Rect,
    pub hand: Rect,
}

/// The diagram's places: one per place taken, and the card table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Places {
    pub seats: Vec<SeatPlace>,
    pub table: Rect,
}

/// The seats whose hands the diagram draws: the game's, but for the
/// bottom place where Preferans's talon lies.
pub fn seats_drawn(game: Rules, talon: bool) -> Vec<Seat> {
    let seats = game.seats().iter().copied();
    seats.filter(|&s| !(talon && s == Seat::South)).collect()
}

/// Lays the diagram out in `area` for `seats`, seated by `seating`. A
/// place's rows reach right to the next place taken, or the card table,
/// or the edge.
pub fn places(area: Rect, seats: &[Seat], seating: Seating) -> Places {
    let (column, band) = grid(area);
    let taken: Vec<Seat> = seats.iter().map(|&s| seating.place(s)).collect();
    let occupied = |row: u16, col: u16| row == 1 && col == 1 || taken.iter().any(|&p| cell(p) == (row, col));
    let seats = seats
        .iter()
        .zip(&taken)
        .map(|(&seat, &place)| {
            let (row, col) = cell(place);
            let y = area.y + band * row;
            // The nearest place to the right in the same band, if any.
            let next = (col + 1..3).find(|&c| occupied(row, c));
            let beside = next == Some(col + 1);
            // North and South stand over the table's inside, where the
            // corners beside them leave the room.
            let indent = match col {
                1 if !beside => 3,
                1 | 2 => 1,
                _ => 0,
            };
            let x = area.x + column * col + indent;
            // A column of air before whatever box stands beside the
            // diagram, as the indents leave before the next place.
            let right = next.map_or(area.right().saturating_sub(1), |c| area.x + column * c);
            let width = right.saturating_sub(x);
            SeatPlace {
                seat,
                place,
                label: Rect::new(x, y, width, 1).intersection(area),
                hand: Rect::new(x, y + 1, width, band - 1).intersection(area),
            }
        })
        .collect();
    // A column of air on each side between the table and the hands.
    let table = Rect::new(area.x + column + 1, area.y + band, column - 1, band).intersection(area);
    Places { seats, table }
}

/// Where a card `width` columns wide goes on the table, on its place's
/// side: North's at the top, East's at the right, and so on.
pub fn card_spot(table: Rect, place: Seat, width: u16) -> (u16, u16) {
    let inner = Rect::new(
        table.x + 1,
        table.y + 1,
        table.width.saturating_sub(2),
        table.height.saturating_sub(2),
    );
    let (row, col) = cell(place);
    let y = match row {
        0 => inner.y,
        1 => inner.y + inner.height / 2,
        _ => inner.bottom().saturating_sub(1),
    };
    let x = match col {
        0 => inner.x + 1,
        1 => inner.x + inner.width.saturating_sub(width) / 2,
        _ => inner.right().saturating_sub(width + 1),
    };
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Seat::*;

    fn disjoint(rects: &[Rect]) -> bool {
        rects
            .iter()
            .enumerate()
            .all(|(i, a)| rects[i + 1..].iter().all(|b| !a.intersects(*b)))
    }

    #[test]
    fn nothing_overlaps_at_any_size_for_any_game() {
        let games: [&[Seat]; 5] = [
            &[North, East, South, West],
            &[West, North, East],
            &[North, SouthEast, SouthWest],
            &[North, NorthEast, SouthEast, South, SouthWest, NorthWest],
            &Seat::ALL,
        ];
        for (w, h) in [(50, 15), (66, 21), (80, 24), (120, 40)] {
            let area = Rect::new(3, 2, w, h);
            for taken in games {
                let p = places(area, taken, Seating::default());
                let mut rects: Vec<Rect> = p.seats.iter().flat_map(|s| [s.label, s.hand]).collect();
                rects.push(p.table);
                assert!(disjoint(&rects), "{w}x{h} {taken:?}: {p:?}");
                assert!(
                    rects
                        .iter()
                        .all(|r| area.contains(r.as_position()) || r.is_empty())
                );
            }
        }
    }

    /// The bridge diagram at the terminal sizes readers use, the reader
    /// sat at each seat: the size, the diagram's area and its places.
    fn bridge_diagrams() -> impl Iterator<Item = ((u16, u16), Rect, Places)> {
        [(80, 24), (120, 40), (200, 60)].into_iter().flat_map(|(w, h)| {
            let area = crate::ui::layout::diagram_area(Rect::new(0, 0, w, h));
            [North, East, South, West].map(|bottom| {
                let p = places(area, &[North, East, South, West], Seating::at(bottom));
                ((w, h), area, p)
            })
        })
    }

    /// A label keeps a column of air before anything to its right in its
    /// row, the boxes beside the diagram too: its name is cut first.
    #[test]
    fn a_label_keeps_a_column_clear_on_its_right() {
        for (size, area, p) in bridge_diagrams() {
            let mut boxes: Vec<Rect> = p.seats.iter().flat_map(|s| [s.label, s.hand]).collect();
            boxes.push(p.table);
            // What stands beside the diagram begins at its right edge.
            boxes.push(Rect::new(area.right(), area.y, 1, area.height));
            for s in &p.seats {
                let row = Rect::new(s.label.right(), s.label.y, 1, 1);
                assert!(!boxes.iter().any(|b| b.intersects(row)), "{size:?} {s:?}");
            }
        }
    }

    /// At the terminal sizes readers use, every bridge hand has room for a
    /// thirteen-card suit and every label some room for a name.
    #[test]
    fn a_bridge_diagram_has_room_for_thirteen_cards_on_any_screen() {
        for (size, _, p) in bridge_diagrams() {
            for s in &p.seats {
                assert!(s.hand.width >= COLUMN && s.hand.height >= 4, "{size:?} {s:?}");
                assert!(s.label.width >= COLUMN, "{size:?} {s:?}");
            }
            let t = p.table;
            assert!(t.width >= 13 && t.height >= 5, "{size:?} {t:?}");
        }
    }

    #[test]
    fn each_card_lies_on_its_side_of_the_table() {
        let table = places(
            Rect::new(0, 0, 50, 15),
            &[North, East, South, West],
            Seating::default(),
        )
        .table;
        assert_eq!(table, Rect::new(17, 5, 15, 5));
        assert_eq!(card_spot(table, North, 3), (23, 6));
        assert_eq!(card_spot(table, West, 3), (19, 7));
        assert_eq!(card_spot(table, East, 3), (27, 7));
        assert_eq!(card_spot(table, South, 3), (23, 8));
    }
}
