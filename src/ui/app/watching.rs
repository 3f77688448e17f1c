//! The App when a file it shows changes on disk: what it says, and where
//! the cursor and the open deal go.

use super::App;
use crate::archive::Change;
use crate::ui::action::Screen;
use crate::ui::theme::sanitize;

impl App {
    /// A file was read again: says what came of it, and stays on the same
    /// records where they still exist (or goes to the newest, following).
    pub(super) fn file_changed(&mut self, c: Change) {
        let name = sanitize(self.catalog.file_name(c.file).unwrap_or_default());
        let said = match c.after.saturating_sub(c.before) {
            // A record still being written: more will come.
            0 if c.appended => None,
            1 if c.appended => Some(format!("1 new record in {name}")),
            n if c.appended => Some(format!("{n} new records in {name}")),
            _ => Some(format!("{name} changed; read again")),
        };
        if said.is_some() {
            self.message = said;
        }
        // The matches found are of the file as it was: counted again.
        self.recount_filter();
        let open = self.deal.as_ref().map(|d| d.record());
        let (mut selected, mut deal) = (c.moved(self.list.selected()), open.map(|i| c.moved(i)));
        if self.follow && c.after > c.before {
            selected = self.list.len(self.catalog.len()).saturating_sub(1);
            deal = deal.map(|_| selected);
        }
        self.select(selected);
        match deal {
            Some(i) if !c.appended || Some(i) != open => {
                self.deal = None;
                self.screen = Screen::List;
                self.open(i);
            }
            _ => {}
        }
    }
}
