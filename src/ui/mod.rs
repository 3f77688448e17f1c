//! The full-screen viewer: one App, keys become Actions, drawing is a pure
//! function of what the App gives it to draw (`view::Scene`).

pub mod action;
pub mod app;
pub mod clipboard;
pub mod compass;
pub mod copy;
pub mod copy_format;
pub mod dd;
pub mod deal;
pub mod filter_line;
pub mod filter_tables;
pub mod keys;
pub mod layout;
pub mod list;
pub mod order;
pub mod panes;
pub mod preferences;
pub mod results;
pub mod seating;
pub mod solver;
pub mod statistics;
mod suitwords;
mod tables;
pub mod terminal;
pub mod theme;
pub mod view;

pub use app::App;
pub use theme::Theme;
