//! What the user sets for the viewer beyond the look (the config file):
//! the seat at the bottom, HCP, auto-play's pace, and keys moved.

use super::keys::Keymap;
use crate::model::Seat;

/// Auto-play's paces to choose from, in milliseconds a step, fastest first.
pub const PACES: [u64; 7] = [200, 300, 500, 800, 1200, 2000, 3000];

/// The pace auto-play starts at: 0.8 s, time to see each card land.
pub const FIRST_PACE: usize = 3;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preferences {
    /// The seat at the bottom of a bridge deal that names none of its own
    /// (a quiz is still seen from its own seat).
    pub seat: Seat,
    /// HCP beside the hands at the start.
    pub hcp: bool,
    /// Auto-play's pace at the start, one of `PACES`.
    pub pace: usize,
    pub keys: Keymap,
}

impl Default for Preferences {
    fn default() -> Preferences {
        Preferences {
            seat: Seat::South,
            hcp: true,
            pace: FIRST_PACE,
            keys: Keymap::default(),
        }
    }
}
