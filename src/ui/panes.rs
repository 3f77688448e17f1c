//! Which pane of the deal view the scroll keys move, and where each pane
//! was scrolled to. A pane follows the replay (shows what was reached
//! last, from its start where the pane says where that is) until the user
//! scrolls it, and again once the replay moves.

/// The panes that can hold more than they show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pane {
    /// The game's own panel: the auction grid, Preferans's bidding,
    /// Pinochle's box.
    Auction,
    Tricks,
    Notes,
    /// The notes and commentary full-screen (`f`).
    FullNotes,
}

impl Pane {
    /// The panes Tab goes through, in the order it does.
    pub const CYCLE: [Pane; 3] = [Pane::Notes, Pane::Auction, Pane::Tricks];

    fn index(self) -> usize {
        match self {
            Pane::Auction => 0,
            Pane::Tricks => 1,
            Pane::Notes => 2,
            Pane::FullNotes => 3,
        }
    }
}

/// How far a pane can scroll: the rows of its content that scroll and the
/// rows it shows of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Extent {
    pub rows: usize,
    pub shown: usize,
    /// The row that following the replay puts at the top (the start of
    /// what was reached last); None for the last rows at the bottom.
    pub follow: Option<usize>,
}

impl Extent {
    /// The furthest a pane scrolls: its last rows at its bottom.
    pub fn last_top(self) -> usize {
        self.rows.saturating_sub(self.shown)
    }

    /// The first row shown, from where the user left it or, following
    /// the replay, the start of what was reached last (or the last rows).
    pub fn top(self, manual: Option<usize>) -> usize {
        let top = manual.or(self.follow).unwrap_or(usize::MAX);
        top.min(self.last_top())
    }
}

/// Where a pane's first row shown stands in its text, whatever the width
/// it wraps at: the line it falls in, counted back from the last (what
/// double-dummy mode adds comes first), and the row within that line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Anchor {
    pub from_end: usize,
    pub row: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scrolls {
    focus: Pane,
    /// The first row shown of each pane, once the user scrolled it.
    manual: [Option<usize>; 4],
}

impl Default for Scrolls {
    fn default() -> Scrolls {
        Scrolls {
            focus: Pane::Notes,
            manual: [None; 4],
        }
    }
}

impl Scrolls {
    pub fn focus(&self) -> Pane {
        self.focus
    }

    /// The first row the user scrolled a pane to, None while it follows.
    pub fn manual(&self, pane: Pane) -> Option<usize> {
        self.manual[pane.index()]
    }

    /// Tab: the next pane of the cycle takes the scroll keys.
    pub fn next_focus(&mut self) {
        let at = Pane::CYCLE.iter().position(|&p| p == self.focus);
        self.focus = Pane::CYCLE[at.map_or(0, |i| (i + 1) % Pane::CYCLE.len())];
    }

    /// Moves a pane by `rows` (up when negative) from where it shows now.
    pub fn scroll(&mut self, pane: Pane, rows: isize, extent: Extent) {
        let top = extent.top(self.manual(pane));
        let moved = top.saturating_add_signed(rows).min(extent.last_top());
        self.manual[pane.index()] = Some(moved);
    }

    /// Puts a pane's first row shown at `top`, as scrolled by hand.
    pub fn put(&mut self, pane: Pane, top: usize) {
        self.manual[pane.index()] = Some(top);
    }

    /// The replay moved: every pane follows it again.
    pub fn follow(&mut self) {
        self.manual = [None; 4];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pane_follows_until_scrolled_and_stays_within_its_rows() {
        let extent = Extent {
            rows: 10,
            shown: 4,
            follow: None,
        };
        let mut s = Scrolls::default();
        assert_eq!(extent.top(s.manual(Pane::Notes)), 6);
        let from_row_2 = Extent {
            follow: Some(2),
            ..extent
        };
        assert_eq!(from_row_2.top(None), 2, "from the start of what was reached last");
        assert_eq!(
            Extent {
                follow: Some(8),
                ..extent
            }
            .top(None),
            6,
            "never past the bottom"
        );
        s.scroll(Pane::Notes, -3, extent);
        assert_eq!(s.manual(Pane::Notes), Some(3));
        s.scroll(Pane::Notes, -30, extent);
        assert_eq!(s.manual(Pane::Notes), Some(0));
        s.scroll(Pane::Notes, 30, extent);
        assert_eq!(s.manual(Pane::Notes), Some(6));
        s.follow();
        assert_eq!(s.manual(Pane::Notes), None);
    }

    #[test]
    fn tab_goes_round_the_panes() {
        let mut s = Scrolls::default();
        let mut seen = vec![s.focus()];
        for _ in 0..3 {
            s.next_focus();
            seen.push(s.focus());
        }
        assert_eq!(seen, [Pane::Notes, Pane::Auction, Pane::Tricks, Pane::Notes]);
    }
}
