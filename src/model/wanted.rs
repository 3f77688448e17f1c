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
    /// Which table of a match a record is.
    pub tables: bool,
}

impl Wanted {
    /// The whole record, as the viewer, `check` and `dump` read it.
    pub const ALL: Wanted = Wanted {
        play: PlayWanted::All,
        tables: true,
    };

    /// What either of two callers reads.
    pub fn and(self, other: Wanted) -> Wanted {
        Wanted {
            play: self.play.max(other.play),
            tables: self.tables || other.tables,
        }
    }
}

impl Default for Wanted {
    fn default() -> Wanted {
        Wanted::ALL
    }
}
