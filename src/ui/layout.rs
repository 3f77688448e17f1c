//! Where each part of a screen goes, as pure functions of the terminal
//! size, so that drawing and mouse handling agree.

use ratatui::layout::{Constraint, Layout, Rect};

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;
/// Rows the compass diagram needs: three bands of a name and four suits.
pub const DIAGRAM_HEIGHT: u16 = 15;
pub const DIAGRAM_WIDTH: u16 = 50;
/// The diagram on wide screens: wider columns and a blank row between
/// bands.
const WIDE_DIAGRAM: (u16, u16) = (66, 21);
/// From this width the list shows a full diagram beside it.
const WIDE_LIST: u16 = 120;
/// From this width the deal view has three columns.
const WIDE_DEAL: u16 = 130;

pub fn too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

pub struct ListAreas {
    pub title: Rect,
    pub table: Rect,
    pub preview: Rect,
    /// Whether the preview has room for the compass diagram (else compact).
    pub full_preview: bool,
    pub footer: Rect,
}

pub fn list_areas(area: Rect) -> ListAreas {
    let [title, body, footer] =
        Layout::vertical([Constraint::Length(1), Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    if area.width >= WIDE_LIST {
        let [table, preview] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(DIAGRAM_WIDTH + 2)])
                .spacing(1)
                .areas(body);
        let preview = Rect {
            height: preview.height.min(DIAGRAM_HEIGHT + 2),
            ..preview
        };
        ListAreas {
            title,
            table,
            preview,
            full_preview: true,
            footer,
        }
    } else {
        let [table, preview] = Layout::vertical([Constraint::Fill(1), Constraint::Length(6)]).areas(body);
        ListAreas {
            title,
            table,
            preview,
            full_preview: false,
            footer,
        }
    }
}

/// Rows of records the list shows (its header row left out).
pub fn list_rows(size: (u16, u16)) -> usize {
    let table = list_areas(Rect::new(0, 0, size.0, size.1)).table;
    table.height.saturating_sub(1) as usize
}

/// Which visible list row a click at (column, row) falls on.
pub fn list_row_at(size: (u16, u16), column: u16, row: u16) -> Option<usize> {
    let table = list_areas(Rect::new(0, 0, size.0, size.1)).table;
    let first = table.y + 1;
    let inside = column >= table.x && column < table.right() && row >= first && row < table.bottom();
    inside.then(|| (row - first) as usize)
}

pub struct DealAreas {
    pub header: Rect,
    pub diagram: Rect,
    pub auction: Rect,
    pub tricks: Rect,
    pub notes: Rect,
    /// A separate place for the double-dummy table on wide screens.
    pub makes: Option<Rect>,
    pub footer: Rect,
}

pub fn deal_areas(area: Rect) -> DealAreas {
    let [header, body, footer] =
        Layout::vertical([Constraint::Length(2), Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let rows = |area: Rect, top: u16| {
        Layout::vertical([Constraint::Length(top), Constraint::Fill(1)]).areas::<2>(area)
    };
    if area.width >= WIDE_DEAL {
        let wide = area.height >= 40;
        let (width, height) = if wide {
            WIDE_DIAGRAM
        } else {
            (DIAGRAM_WIDTH, DIAGRAM_HEIGHT)
        };
        let [left, middle, notes] = Layout::horizontal([
            Constraint::Length(width),
            Constraint::Length(38),
            Constraint::Fill(1),
        ])
        .areas(body);
        let [diagram, makes] = rows(left, height);
        let [auction, tricks] = rows(middle, 10.min(middle.height / 2));
        DealAreas {
            header,
            diagram,
            auction,
            tricks,
            notes,
            makes: Some(makes),
            footer,
        }
    } else {
        let [left, right] =
            Layout::horizontal([Constraint::Length(DIAGRAM_WIDTH), Constraint::Fill(1)]).areas(body);
        let [diagram, notes] = rows(left, DIAGRAM_HEIGHT.min(left.height));
        let [auction, tricks] = rows(right, 8.min(right.height / 2));
        DealAreas {
            header,
            diagram,
            auction,
            tricks,
            notes,
            makes: None,
            footer,
        }
    }
}

/// Where the deal view puts the board's results once the play is over.
pub struct ResultsPlace {
    pub auction: Option<Rect>,
    pub results: Rect,
    /// What is left for the trick table, if enough for a few tricks.
    pub tricks: Option<Rect>,
}

/// The results go at the top of the trick table's place; where that is
/// shorter than the `wanted` rows, they take the auction's rows too, from
/// the bottom of the column, and the auction keeps what is left above.
pub fn results_place(auction: Rect, tricks: Rect, wanted: u16) -> ResultsPlace {
    // A bordered box needs a heading and a row besides its borders.
    const SMALLEST_BOX: u16 = 4;
    if tricks.height >= wanted {
        let [results, rest] =
            Layout::vertical([Constraint::Length(wanted), Constraint::Fill(1)]).areas(tricks);
        return ResultsPlace {
            auction: Some(auction),
            results,
            tricks: (rest.height >= SMALLEST_BOX).then_some(rest),
        };
    }
    let column = auction.union(tricks);
    let [above, results] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(wanted.min(column.height))]).areas(column);
    ResultsPlace {
        auction: (above.height >= SMALLEST_BOX).then_some(above),
        results,
        tricks: None,
    }
}

/// On wide screens the results stand above the notes, which keep the rest
/// and never fewer than a few rows.
pub fn results_atop(notes: Rect, wanted: u16) -> [Rect; 2] {
    const NOTES_KEEP: u16 = 6;
    let results = wanted.min(notes.height.saturating_sub(NOTES_KEEP));
    Layout::vertical([Constraint::Length(results), Constraint::Fill(1)]).areas(notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_map_to_the_rows_drawn() {
        let size = (80, 24);
        assert_eq!(list_row_at(size, 5, 2), Some(0));
        assert_eq!(list_row_at(size, 5, 1), None);
        assert_eq!(list_rows(size), 15);
    }

    #[test]
    fn the_deal_view_fits_the_smallest_terminal() {
        let d = deal_areas(Rect::new(0, 0, 80, 24));
        assert_eq!(d.diagram.height, DIAGRAM_HEIGHT);
        assert!(d.notes.height >= 4 && d.tricks.height >= 10);
        assert!(deal_areas(Rect::new(0, 0, 160, 48)).makes.is_some());
    }

    #[test]
    fn results_take_the_auction_too_only_when_the_tricks_place_is_short() {
        let d = deal_areas(Rect::new(0, 0, 80, 24));
        let short = results_place(d.auction, d.tricks, 5);
        assert_eq!((short.results.y, short.results.height), (d.tricks.y, 5));
        assert_eq!(short.auction, Some(d.auction));
        assert_eq!(short.tricks.map(|t| t.height), Some(d.tricks.height - 5));
        let tall = results_place(d.auction, d.tricks, 40);
        assert_eq!(tall.results, d.auction.union(d.tricks));
        assert_eq!((tall.auction, tall.tricks), (None, None));
        let most = results_place(d.auction, d.tricks, d.tricks.height + 2);
        assert_eq!(most.auction.map(|a| a.height), Some(d.auction.height - 2));
    }

    #[test]
    fn results_above_the_notes_leave_the_notes_a_few_rows() {
        let notes = deal_areas(Rect::new(0, 0, 200, 60)).notes;
        let [results, rest] = results_atop(notes, 13);
        assert_eq!((results.height, rest.height), (13, notes.height - 13));
        let [results, rest] = results_atop(notes, 80);
        assert_eq!((results.height, rest.height), (notes.height - 6, 6));
    }
}
