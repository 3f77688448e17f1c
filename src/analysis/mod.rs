//! Double-dummy analysis: what each side takes with every card in view.
//!
//! The solver (pons-dds, a pure-Rust port of DDS) stays behind this module:
//! everything here takes and gives the model's cards, seats and strains,
//! and converts to the solver's types at the edge, so that it could be
//! swapped without touching the rest of kibitzer.

mod convert;
mod deal;
mod play;
mod position;
mod table;

pub use deal::{FullDeal, Unavailable};
pub use play::{PlayInput, PlayTricks, analyse_play, analyse_plays};
pub use position::{CardValues, card_values};
pub use table::{
    DD_BATCH, DdTable, Disagreement, Par, ParContract, disagreements, par, solve_table, solve_tables,
    solving_time,
};
