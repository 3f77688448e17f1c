//! Portable Pinochle Notation (Power Pinochle's draft), read with the shared
//! tag lexer: tags, the Auction and Play sections, `#`/`##` inheritance,
//! and segmental tags (`@P.19.3-R=[Chat "..."]`) that hold for a stretch of
//! the hand.
//!
//! ```text
//! segmental = "@" point "-" [point] "=" tag
//! point     = segment ["." number ["." number]]     segment = D A X M P R
//! trick     = card { card } "(" seat points ")"
//! ```

mod gathered;
mod play;
mod reader;
mod tags;

pub use gathered::point;
pub use reader::*;
pub use tags::{hand, seat};
