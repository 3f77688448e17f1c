//! Pinochle's scores worked out where kibitzer knows the variant's chart
//! (Double-deck Four-handed under the Standard chart): each meld and each
//! team's, the counters taken in play, saved or set against the contract,
//! and the hand's and game's scores; and each compared with what the
//! record writes.

mod chart;
mod game;
mod worked;

pub use chart::{Combination, Counted, combinations, counter, total};
pub use game::{HandLine, game_log, stated_after, team_name};
pub use worked::{Worked, check, counters, hand_scores, last_trick, outcome, work_out};
