//! Portable Preferans Notation (prefko), in its bracket form and its JSON
//! form. The info tags hold for every deal; each deal line becomes a
//! record.
//!
//! ```text
//! deal   = "[" id order cards bids [main discarded contract accepted
//!          kontra refa value starts throws summary] "]"
//! cards  = 32 codes: 1-8 spades 7..A, 9 A-G diamonds, H-O hearts, P-W clubs
//! throws = throw { "," throw }       throw = card card [card] winner
//! ```

mod fields;
mod json;
mod paper;
mod places;
mod reader;
mod vet;

pub use fields::card;
pub use json::read_json;
pub use reader::*;
