//! kibitzer: read, check and replay card-game records.
//!
//! Data flows one way: bytes are read by a [`notation`] reader into the
//! [`model`], which [`replay`] steps through card by card.

pub mod analysis;
pub mod archive;
pub mod cli;
pub mod config;
pub mod filter;
pub mod model;
pub mod notation;
pub mod replay;
pub mod scoring;
#[cfg(feature = "testing")]
pub mod testing;
pub mod ui;
