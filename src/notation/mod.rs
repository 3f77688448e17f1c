//! Readers (and writers) of the notations kibitzer opens.

pub mod chunked;
pub mod lin;
pub mod markup;
pub mod pbn;
pub mod pinochle;
pub mod preferans;
pub mod rbn;
pub mod source;
pub mod tags;
pub mod vet;
