//! The App's statistics screen: opened over the records the list shows,
//! or from a deal over its board's tables (the traveller), counted a turn
//! at a time as the filter is, and the measures the user types with `=`.

use std::time::{Duration, Instant};

use super::App;
use crate::ui::action::Screen;
use crate::ui::statistics::{Counted, StatisticsState};

/// How long one turn of counting may take, as for the filter.
const COUNT_TURN: Duration = Duration::from_millis(20);

impl App {
    pub(super) fn open_statistics(&mut self) {
        let state = match self.screen {
            Screen::List => {
                let rows = self.list.len(self.catalog.len());
                let what = if self.list.filtered() {
                    "the filter's matches"
                } else {
                    "the records listed"
                };
                StatisticsState::listed(rows, format!("statistics of {what}"))
            }
            Screen::Deal if self.board.len() > 1 => {
                let board = self
                    .deal
                    .as_ref()
                    .and_then(|d| self.catalog.get(d.record()))
                    .and_then(|r| r.board.clone());
                let name = board.map_or_else(String::new, |b| format!(" {}", b.number));
                StatisticsState::traveller(self.board.clone(), format!("traveller of board{name}"))
            }
            Screen::Deal => {
                // A results file may list the board's tables in a ScoreTable
                // of one record: those are shown by `r`, not counted here.
                let stated = self
                    .deal
                    .as_ref()
                    .and_then(|d| self.catalog.get(d.record()))
                    .and_then(|r| {
                        r.tables
                            .iter()
                            .find(|t| t.name == "ScoreTable")
                            .map(|t| t.rows.len())
                    });
                self.message = Some(match stated {
                    Some(n) => {
                        format!("this board is one record here; the {n} tables its ScoreTable lists are in r")
                    }
                    None => "this board was played at one table: it has no traveller".to_string(),
                });
                return;
            }
            _ => return,
        };
        self.statistics = Some(state);
        self.screen = Screen::Statistics;
        self.tally_on();
    }

    /// A measure typed on the statistics screen, added first; its mistake
    /// told.
    pub(super) fn ask_measure(&mut self) {
        let typed = self.mode.measure_typed().to_string();
        let Some(state) = self.statistics.as_mut() else {
            return;
        };
        if let Err(e) = state.ask(&typed) {
            self.message = Some(format!("column {}: {}", e.column, e.message));
        }
    }

    /// Whether the statistics wait to be counted: the loop then counts
    /// between keys without waiting for a tick.
    pub fn tallying(&self) -> bool {
        self.statistics.as_ref().is_some_and(|s| s.next().is_some())
    }

    /// Counts the statistics for a turn; whether any were counted.
    pub(super) fn tally_on(&mut self) -> bool {
        let rows = self.list.len(self.catalog.len());
        let Some(state) = self.statistics.as_mut() else {
            return false;
        };
        state.grow_to(rows);
        let Some(mut place) = state.next() else {
            return false;
        };
        let until = Instant::now() + COUNT_TURN;
        let wanted = state.wanted();
        while place < state.places() && Instant::now() < until {
            let record = match &state.counted {
                Counted::Rows(_) => self.list.record_at(place),
                Counted::Records(records) => records[place],
            };
            self.catalog.asked(record, wanted, |subject| state.add(subject));
            place += 1;
        }
        state.counted_to((place < state.places()).then_some(place));
        true
    }
}
