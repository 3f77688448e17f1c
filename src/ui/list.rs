//! The record list's state: the row under the cursor, the row at the top
//! of the screen, and the order the rows show the records in. The cursor
//! stays on a row that exists, and on screen.

use super::order::ListOrder;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListState {
    /// The row under the cursor.
    selected: usize,
    /// The row at the top of the screen.
    offset: usize,
    /// The list's order when it is not the file's.
    order: Option<ListOrder>,
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

    /// The record the list shows at `row`.
    pub fn record_at(&self, row: usize) -> usize {
        self.order.as_ref().map_or(row, |o| o.record(row))
    }

    /// The row that shows `record`.
    pub fn row_of(&self, record: usize) -> usize {
        self.order.as_ref().map_or(record, |o| o.row(record))
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
}
