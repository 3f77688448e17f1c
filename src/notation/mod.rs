//! Readers (and writers) of the notations kibitzer opens.

pub mod access;
pub mod chunked;
pub mod convert;
pub mod detect;
pub mod door;
pub mod lin;
pub mod markup;
pub mod pbn;
pub mod pinochle;
pub mod preferans;
pub mod rbn;
pub mod reading;
pub mod source;
pub mod tags;
pub mod vet;
mod whole;

pub use door::Notation;
