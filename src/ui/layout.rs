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
/// From this width (and 40 rows) the deal view draws the wide diagram.
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
    /// The game's own panel: the auction, or Preferans's or Pinochle's
    /// bidding.
    pub auction: Rect,
    pub tricks: Rect,
    pub notes: Rect,
    /// A separate place for the double-dummy table and tags, where they
    /// fit under the tricks.
    pub makes: Option<Rect>,
    /// The notes have a column of their own, the full height of the
    /// screen, beside the diagram's.
    pub notes_column: bool,
    pub footer: Rect,
}

/// What the panes hold, so that each is given the rows it needs: the rows
/// a part takes at a width, borders included (0 for no analysis).
pub struct Wants<'a> {
    pub auction: &'a dyn Fn(u16) -> u16,
    pub tricks: u16,
    /// Columns the trick table needs, borders included.
    pub tricks_width: u16,
    pub analysis: &'a dyn Fn(u16) -> u16,
}

/// A bordered box needs a heading and a row besides its borders.
const SMALLEST_BOX: u16 = 4;
/// From this size the notes have a column of their own.
const NOTES_COLUMN: (u16, u16) = (100, 34);

pub fn deal_areas(area: Rect, wants: &Wants) -> DealAreas {
    let [header, body, footer] =
        Layout::vertical([Constraint::Length(2), Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let mut areas = if area.width >= NOTES_COLUMN.0 && area.height >= NOTES_COLUMN.1 {
        stacked(area, body, wants)
    } else {
        side_by_side(body, wants)
    };
    areas.header = header;
    areas.footer = footer;
    areas
}

/// Where the diagram goes, which does not hang on what the panes hold.
pub fn diagram_area(area: Rect) -> Rect {
    let none = |_: u16| 0;
    let wants = Wants {
        auction: &none,
        tricks: 0,
        tricks_width: 0,
        analysis: &none,
    };
    deal_areas(area, &wants).diagram
}

/// Small screens: the diagram with the notes under it, the auction and
/// tricks beside; where the trick table is too wide for that column (six
/// hands), it goes under the diagram and the notes beside.
fn side_by_side(body: Rect, wants: &Wants) -> DealAreas {
    let [left, right] =
        Layout::horizontal([Constraint::Length(DIAGRAM_WIDTH), Constraint::Fill(1)]).areas(body);
    let [diagram, under] = split(left, DIAGRAM_HEIGHT.min(left.height));
    let auction = (wants.auction)(right.width.saturating_sub(2));
    // Without a play, the notes take the trick table's place beside the
    // diagram.
    if wants.tricks == 0 {
        let [auction, notes] = split(right, auction.clamp(SMALLEST_BOX, right.height / 2));
        return DealAreas {
            header: Rect::default(),
            diagram,
            auction,
            tricks: Rect::default(),
            notes,
            makes: None,
            notes_column: false,
            footer: Rect::default(),
        };
    }
    let (auction, rest) = if wants.tricks_width > right.width {
        let [auction, notes] = split(right, auction.clamp(SMALLEST_BOX, right.height / 2));
        (auction, [under, notes])
    } else {
        let most = right.height.saturating_sub(wants.tricks.min(right.height / 2));
        let [auction, tricks] = split(right, auction.clamp(SMALLEST_BOX, most.max(SMALLEST_BOX)));
        (auction, [tricks, under])
    };
    DealAreas {
        header: Rect::default(),
        diagram,
        auction,
        tricks: rest[0],
        notes: rest[1],
        makes: None,
        notes_column: false,
        footer: Rect::default(),
    }
}

/// Larger screens: the diagram, the auction and the tricks in a column,
/// each as tall as it needs while they fit, the analysis under them when
/// it fits too; the notes take the rest of the width, the full height.
fn stacked(area: Rect, body: Rect, wants: &Wants) -> DealAreas {
    let tall = area.width >= WIDE_DEAL && area.height >= 40;
    let (width, height) = if tall {
        WIDE_DIAGRAM
    } else {
        (DIAGRAM_WIDTH, DIAGRAM_HEIGHT)
    };
    let width = width.max(wants.tricks_width);
    let [left, notes] = Layout::horizontal([Constraint::Length(width), Constraint::Fill(1)]).areas(body);
    let [diagram, below] = split(left, height.min(left.height));
    let inner = width.saturating_sub(2);
    let (auction, tricks) = ((wants.auction)(inner), wants.tricks);
    let room = below.height;
    // A deal with no play has no trick table.
    if tricks == 0 {
        return DealAreas {
            header: Rect::default(),
            diagram,
            auction: split(below, auction.min(room))[0],
            tricks: Rect::default(),
            notes,
            makes: None,
            notes_column: true,
            footer: Rect::default(),
        };
    }
    let auction = if auction + tricks <= room {
        auction
    } else {
        auction.min((room / 2).max(room.saturating_sub(tricks)))
    };
    let [auction, rest] = split(below, auction.max(SMALLEST_BOX.min(room)));
    // The analysis takes what the tricks leave, where it fits there.
    let analysis = (wants.analysis)(inner);
    let fits = analysis > 0 && tricks.max(SMALLEST_BOX) + analysis <= rest.height;
    let (tricks, makes) = if fits {
        let [tricks, makes] = split(rest, tricks.max(SMALLEST_BOX));
        (tricks, Some(makes))
    } else {
        (rest, None)
    };
    DealAreas {
        header: Rect::default(),
        diagram,
        auction,
        tricks,
        notes,
        makes,
        notes_column: true,
        footer: Rect::default(),
    }
}

/// The top `rows` of a place, and the rest under them.
fn split(area: Rect, rows: u16) -> [Rect; 2] {
    Layout::vertical([Constraint::Length(rows), Constraint::Fill(1)]).areas(area)
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
    if tricks.height >= wanted {
        let [results, rest] =
            Layout::vertical([Constraint::Length(wanted), Constraint::Fill(1)]).areas(tricks);
        return ResultsPlace {
            auction: Some(auction),
            results,
            tricks: (rest.height >= SMALLEST_BOX).then_some(rest),
        };
    }
    // A deal without play has no trick table to share the column with.
    let column = if tricks.is_empty() {
        auction
    } else {
        auction.union(tricks)
    };
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

    /// A bridge deal: a five-round auction, thirteen tricks, a makes
    /// table of seven rows.
    fn areas(width: u16, height: u16, tricks_width: u16) -> DealAreas {
        let wants = Wants {
            auction: &|_| 8,
            tricks: 17,
            tricks_width,
            analysis: &|_| 7,
        };
        deal_areas(Rect::new(0, 0, width, height), &wants)
    }

    #[test]
    fn the_deal_view_fits_the_smallest_terminal() {
        let d = areas(80, 24, 30);
        assert_eq!(d.diagram.height, DIAGRAM_HEIGHT);
        assert_eq!(d.auction.height, 8);
        assert!(d.notes.height >= 4 && d.tricks.height >= 10);
        assert!(!d.notes_column && d.makes.is_none());
    }

    #[test]
    fn a_trick_table_too_wide_for_its_column_goes_under_the_diagram() {
        let d = areas(80, 24, 40);
        assert_eq!((d.tricks.x, d.tricks.y), (0, d.diagram.bottom()));
        assert_eq!((d.notes.x, d.notes.y), (DIAGRAM_WIDTH, d.auction.bottom()));
    }

    #[test]
    fn larger_screens_give_the_notes_a_column_and_each_pane_its_rows() {
        let d = areas(200, 60, 30);
        assert!(d.notes_column);
        assert_eq!((d.notes.x, d.notes.height), (WIDE_DIAGRAM.0, 57));
        assert_eq!((d.auction.height, d.tricks.height), (8, 17));
        assert_eq!(d.makes.map(|m| m.height), Some(11));
        // Where all do not fit, the analysis joins the notes and the
        // trick table scrolls.
        let d = areas(120, 40, 30);
        assert_eq!((d.notes.x, d.notes.width), (DIAGRAM_WIDTH, 70));
        assert_eq!((d.auction.height, d.tricks.height, d.makes), (8, 14, None));
    }

    #[test]
    fn results_take_the_auction_too_only_when_the_tricks_place_is_short() {
        let d = areas(80, 24, 30);
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
        let notes = areas(200, 60, 30).notes;
        let [results, rest] = results_atop(notes, 13);
        assert_eq!((results.height, rest.height), (13, notes.height - 13));
        let [results, rest] = results_atop(notes, 80);
        assert_eq!((results.height, rest.height), (notes.height - 6, 6));
    }
}
