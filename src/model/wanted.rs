//! What of a record a caller reads. A reader may pass over the rest (as
//! pgn-reader's visitor skips a game's moves), and the tables of a match
//! need not be found by reading neighbours when nobody asks which table a
//! record is.

/// How much of the play a caller reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum PlayWanted {
    /// None of it.
    Nothing,
    /// The opening lead, and whether there is any play.
    Lead,
    /// All of it.
    #[default]
    All,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wanted {
    pub play: PlayWanted,
    /// The auction's calls (its dealer and vulnerability are always read).
    pub calls: bool,
    /// Which table of a match a record is.
    pub tables: bool,
    /// The hands.
    pub deal: bool,
    /// The names a record gives: players, teams, event, site, title and
    /// session.
    pub names: bool,
}

impl Wanted {
    /// The whole record, as the viewer, `check` and `dump` read it.
    pub const ALL: Wanted = Wanted {
        play: PlayWanted::All,
        calls: true,
        tables: true,
        deal: true,
        names: true,
    };

    /// Nothing a reader may pass over.
    pub const LEAST: Wanted = Wanted {
        play: PlayWanted::Nothing,
        calls: false,
        tables: false,
        deal: false,
        names: false,
    };

    /// What either of two callers reads.
    pub fn and(self, other: Wanted) -> Wanted {
        Wanted {
            play: self.play.max(other.play),
            calls: self.calls || other.calls,
            tables: self.tables || other.tables,
            deal: self.deal || other.deal,
            names: self.names || other.names,
        }
    }
}

impl Default for Wanted {
    fn default() -> Wanted {
        Wanted::ALL
    }
}
