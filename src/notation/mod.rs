//! Readers (and writers) of the notations kibitzer opens.

pub mod pbn;
pub mod pinochle;
mod pinochle_play;
pub mod preferans;
pub mod rbn;
pub mod source;
pub mod tags;
