//! Scrolling the deal view's panes: the keys move the chosen pane (or the
//! notes full-screen, while open), the wheel the pane under the mouse,
//! each as far as the layout the App keeps (the one drawn) lets it.

use ratatui::layout::Rect;

use super::App;
use crate::ui::action::{Action, Overlay};
use crate::ui::panes::{Extent, Pane};
use crate::ui::view;

/// Rows a turn of the mouse wheel scrolls.
pub const WHEEL_ROWS: isize = 3;

impl App {
    /// Lays out the open deal for the screen now, to be drawn and to
    /// answer the scroll keys and the mouse until the next change.
    pub(super) fn lay_out(&mut self) {
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        self.laid = view::lay_out_deal(&self.scene(), area);
    }

    /// Moves `pane` (None: the pane the keys move now) by `rows`.
    pub(super) fn scroll_pane(&mut self, pane: Option<Pane>, rows: isize) {
        if let Some((pane, extent)) = self.pane_extent(pane) {
            self.scroll_by(pane, rows, extent);
        }
    }

    /// Moves the pane the keys move now by half its height a turn.
    pub(super) fn half_page_pane(&mut self, halves: isize) {
        if let Some((pane, extent)) = self.pane_extent(None) {
            let half = isize::try_from(extent.shown / 2).unwrap_or(isize::MAX).max(1);
            self.scroll_by(pane, halves.saturating_mul(half), extent);
        }
    }

    fn scroll_by(&mut self, pane: Pane, rows: isize, extent: Extent) {
        if let Some(deal) = self.deal.as_mut() {
            deal.scroll(pane, rows, extent);
        }
    }

    /// `pane` (None: the pane the keys move now, or the notes full-screen
    /// while open) and how far it scrolls as the screen is laid out now.
    fn pane_extent(&self, pane: Option<Pane>) -> Option<(Pane, Extent)> {
        let full = self.overlay() == Some(Overlay::Notes);
        let deal = self.deal.as_ref()?;
        let pane = match (pane, full) {
            (Some(pane), _) => pane,
            (None, true) => Pane::FullNotes,
            (None, false) => deal.scrolls().focus(),
        };
        let extents = self.laid.as_ref()?.extents();
        let &(_, _, extent) = extents.iter().find(|(p, _, _)| *p == pane)?;
        Some((pane, extent))
    }

    /// HCP or double-dummy mode on or off: the panes are laid out anew.
    pub(super) fn relay(&mut self, action: Action) {
        self.keeping_place(|app| match (action, app.deal.as_mut()) {
            (Action::ToggleHcp, _) => app.show_hcp = !app.show_hcp,
            (_, Some(deal)) => deal.step(action),
            (_, None) => {}
        });
    }

    /// Does `change`, after which the panes are laid out anew (HCP or
    /// double-dummy mode turned, the solver's table come in): each pane
    /// scrolled by hand keeps the text it showed at its top, so that its
    /// count of rows above says what is above that text.
    pub(super) fn keeping_place<T>(&mut self, change: impl FnOnce(&mut App) -> T) -> T {
        let kept = match (&self.laid, &self.deal) {
            (Some(laid), Some(deal)) => laid.anchors(deal.scrolls()),
            _ => Vec::new(),
        };
        let done = change(self);
        self.lay_out();
        let Some(laid) = &self.laid else { return done };
        for (pane, top) in laid.anchored(&kept) {
            if let Some(deal) = self.deal.as_mut() {
                deal.scroll_to(pane, top);
            }
        }
        done
    }

    /// The wheel turned over the deal view: the action for the pane under
    /// the mouse, if any.
    pub(super) fn wheel(&self, column: u16, row: u16, rows: isize) -> Option<Action> {
        let extents = self.laid.as_ref()?.extents();
        let inside = |r: &Rect| r.contains(ratatui::layout::Position::new(column, row));
        let (pane, _, _) = extents.into_iter().find(|(_, r, _)| inside(r))?;
        Some(Action::WheelPane(pane, rows))
    }
}
