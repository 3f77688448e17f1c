//! Readers (and writers) of the notations kibitzer opens.

pub mod rbn;
pub mod source;
