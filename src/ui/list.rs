//! The record list's state: the row under the cursor, the row at the top
//! of the screen, which records the rows show (all, or those a filter lets
//! through) and in which order. The cursor stays on a row that exists, and
//! on screen.

use super::order::ListOrder;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListState {
    /// The row under the cursor.
    selected: usize,
    /// The row at the top of the screen.
    offset: usize,
    /// The list's order when it is not the file's: of the records shown.
    order: Option<ListOrder>,
    /// The records a filter lets through, in file order, as far as they
    /// have been counted; None shows every record.
    shown: Option<Vec<usize>>,
}

impl ListState {
    /// The row under the cursor.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The row at the top of the screen.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Whether the list is in order of score rather than the file's.
    pub fn sorted(&self) -> bool {
        self.order.is_some()
    }

    /// Whether a filter chooses the records shown.
    pub fn filtered(&self) -> bool {
        self.shown.is_some()
    }

    /// How many rows there are, of `all` records.
    pub fn len(&self, all: usize) -> usize {
        self.shown.as_ref().map_or(all, Vec::len)
    }

    /// The records shown, in file order, where a filter chooses them.
    pub fn shown(&self) -> Option<&[usize]> {
        self.shown.as_deref()
    }

    /// The record the list shows at `row` (past the last row of a filtered
    /// list, no record at all: `usize::MAX`).
    pub fn record_at(&self, row: usize) -> usize {
        let place = self.order.as_ref().map_or(row, |o| o.record(row));
        match &self.shown {
            Some(shown) => shown.get(place).copied().unwrap_or(usize::MAX),
            None => place,
        }
    }

    /// The row that shows `record`; in a filtered list, where it would
    /// stand if it were shown.
    pub fn row_of(&self, record: usize) -> usize {
        let place = match &self.shown {
            Some(shown) => shown.binary_search(&record).unwrap_or_else(|at| at),
            None => record,
        };
        self.order.as_ref().map_or(place, |o| o.row(place))
    }

    /// Whether the list shows `record`.
    pub fn shows(&self, record: usize) -> bool {
        self.shown
            .as_ref()
            .is_none_or(|s| s.binary_search(&record).is_ok())
    }

    /// Shows only these records (None: every record), in file order; an
    /// order by score is dropped, being of other rows.
    pub fn show_only(&mut self, shown: Option<Vec<usize>>) {
        self.shown = shown;
        self.order = None;
    }

    /// More records the filter lets through, after those shown.
    pub fn show_more(&mut self, found: &[usize]) {
        if let Some(shown) = self.shown.as_mut() {
            shown.extend_from_slice(found);
        }
    }

    /// The record under the cursor.
    pub fn current(&self) -> usize {
        self.record_at(self.selected)
    }

    /// Moves the cursor to `row` (no further than the last of `len`
    /// rows), and the screen of `page` rows with it, just far enough to
    /// keep the cursor on it.
    pub fn select(&mut self, row: usize, len: usize, page: usize) {
        self.selected = row.min(len.saturating_sub(1));
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + page {
            self.offset = self.selected + 1 - page;
        }
    }

    /// Puts the rows in `order` (None: the file's); whether they were
    /// sorted before.
    pub fn reorder(&mut self, order: Option<ListOrder>) -> bool {
        std::mem::replace(&mut self.order, order).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_stays_on_a_row_that_exists_and_on_screen() {
        let mut list = ListState::default();
        list.select(30, 100, 10);
        assert_eq!((list.selected(), list.offset()), (30, 21));
        list.select(25, 100, 10);
        assert_eq!((list.selected(), list.offset()), (25, 21), "the screen stays put");
        list.select(3, 100, 10);
        assert_eq!((list.selected(), list.offset()), (3, 3));
        list.select(usize::MAX, 100, 10);
        assert_eq!((list.selected(), list.offset()), (99, 90));
        list.select(7, 0, 10);
        assert_eq!((list.selected(), list.offset()), (0, 0), "an empty list");
    }

    #[test]
    fn in_the_files_order_a_row_shows_its_own_record() {
        let mut list = ListState::default();
        list.select(4, 10, 5);
        assert_eq!((list.current(), list.row_of(7), list.record_at(7)), (4, 7, 7));
        assert!(!list.sorted() && !list.reorder(None));
    }

    #[test]
    fn a_filtered_list_shows_its_records_in_file_order() {
        let mut list = ListState::default();
        list.show_only(Some(vec![2, 5]));
        list.show_more(&[9]);
        assert!(list.filtered());
        assert_eq!(list.len(100), 3);
        assert_eq!(
            [list.record_at(0), list.record_at(2), list.record_at(3)],
            [2, 9, usize::MAX]
        );
        assert_eq!([list.row_of(5), list.row_of(6), list.row_of(10)], [1, 2, 3]);
        assert!(list.shows(9) && !list.shows(3));
        list.show_only(None);
        assert_eq!((list.len(100), list.record_at(7)), (100, 7));
    }
}
