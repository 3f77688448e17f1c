//! Readers (and writers) of the notations kibitzer opens.

pub mod pbn;
pub mod pinochle;
mod pinochle_play;
mod pinochle_tags;
pub mod preferans;
mod preferans_json;
pub mod rbn;
pub mod source;
pub mod tags;
pub mod vet;
