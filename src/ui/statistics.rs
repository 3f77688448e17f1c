//! The statistics screen's state: dealer's `frequency` and `average` over
//! the records the list shows (or a board's tables, its traveller), counted
//! a turn at a time so that a million records never hold up the screen,
//! and the measures the user typed (`= frequency hcp(north)`).

use crate::filter::{Average, FilterError, Frequency, Quantity, Subject};
use crate::model::Wanted;

/// What is counted over the records listed when nothing else is asked.
const LISTED: [&str; 3] = ["contract", "result", "lead"];
const LISTED_AVERAGES: [&str; 2] = ["score", "hcp(ns)"];

/// A board's traveller: its contracts, leads and scores.
const TRAVELLER: [&str; 3] = ["contract", "lead", "score"];

/// One chart: how often each value comes, or an average.
#[derive(Clone, Debug)]
pub enum Chart {
    Frequency(Quantity, Frequency),
    Average(Quantity, Average),
}

/// Which records are counted: the list's rows, or these records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    Rows(usize),
    Records(Vec<usize>),
}

#[derive(Clone, Debug)]
pub struct StatisticsState {
    /// What the screen is of: `the 1,204 records listed`, `board 7`.
    pub title: String,
    pub charts: Vec<Chart>,
    pub counted: Counted,
    /// The place (row or record) to go on from while counting.
    next: Option<usize>,
    /// Rows scrolled past.
    pub offset: usize,
}

fn parsed(texts: &[&str], averages: &[&str]) -> Vec<Chart> {
    let frequencies = texts
        .iter()
        .filter_map(|t| Quantity::parse(t).ok())
        .map(|q| Chart::Frequency(q, Frequency::default()));
    let averages = averages
        .iter()
        .filter_map(|t| Quantity::number(t).ok())
        .map(|q| Chart::Average(q, Average::default()));
    frequencies.chain(averages).collect()
}

impl StatisticsState {
    /// Statistics over the `rows` rows of the list.
    pub fn listed(rows: usize, title: String) -> StatisticsState {
        StatisticsState {
            title,
            charts: parsed(&LISTED, &LISTED_AVERAGES),
            counted: Counted::Rows(rows),
            next: Some(0),
            offset: 0,
        }
    }

    /// A board's traveller: its tables' contracts, leads and scores.
    pub fn traveller(tables: Vec<usize>, title: String) -> StatisticsState {
        StatisticsState {
            title,
            charts: parsed(&TRAVELLER, &[]),
            counted: Counted::Records(tables),
            next: Some(0),
            offset: 0,
        }
    }

    /// How many places are counted over.
    pub fn places(&self) -> usize {
        match &self.counted {
            Counted::Rows(n) => *n,
            Counted::Records(r) => r.len(),
        }
    }

    /// The list now has `rows` rows: a filter still counting has found
    /// more, and they are counted too.
    pub fn grow_to(&mut self, rows: usize) {
        if let Counted::Rows(n) = &mut self.counted
            && rows > *n
        {
            self.next.get_or_insert(*n);
            *n = rows;
        }
    }

    /// The place to go on from, while counting goes on.
    pub fn next(&self) -> Option<usize> {
        self.next
    }

    /// Counting is over (`done`) or goes on from `next`.
    pub fn counted_to(&mut self, next: Option<usize>) {
        self.next = next;
    }

    /// What of a record the charts read.
    pub fn wanted(&self) -> Wanted {
        let wanted = |chart: &Chart| match chart {
            Chart::Frequency(q, _) | Chart::Average(q, _) => q.wanted(),
        };
        self.charts.iter().map(wanted).fold(Wanted::LEAST, Wanted::and)
    }

    /// A record's values added to every chart.
    pub fn add(&mut self, subject: Subject) {
        for chart in &mut self.charts {
            match chart {
                Chart::Frequency(q, f) => f.add(q.of(subject)),
                Chart::Average(q, a) => a.add(q.of(subject)),
            }
        }
    }

    /// A measure typed, `frequency EXPR` or `average EXPR`, put first;
    /// every chart is counted again.
    pub fn ask(&mut self, typed: &str) -> Result<(), FilterError> {
        let typed = typed.trim_start();
        let (word, rest) = typed.split_once(char::is_whitespace).unwrap_or((typed, ""));
        // Columns in the expression count from after the word.
        let at = typed.len() - rest.len();
        let shifted = |e: FilterError| FilterError::new(e.column + at, e.message);
        let chart = match word {
            "frequency" => Chart::Frequency(Quantity::parse(rest).map_err(shifted)?, Frequency::default()),
            "average" => Chart::Average(Quantity::number(rest).map_err(shifted)?, Average::default()),
            _ => {
                return Err(FilterError::new(
                    1,
                    format!("expected frequency or average, found `{word}`"),
                ));
            }
        };
        self.charts.insert(0, chart);
        for chart in &mut self.charts {
            match chart {
                Chart::Frequency(_, f) => *f = Frequency::default(),
                Chart::Average(_, a) => *a = Average::default(),
            }
        }
        self.next = Some(0);
        self.offset = 0;
        Ok(())
    }

    pub fn scroll(&mut self, rows: isize) {
        self.offset = self.offset.saturating_add_signed(rows);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_measure_typed_comes_first_and_its_mistake_is_placed_in_the_line() {
        let mut s = StatisticsState::listed(10, "x".to_string());
        assert_eq!(s.charts.len(), 5);
        s.ask("frequency hcp(north)").unwrap();
        assert!(matches!(&s.charts[0], Chart::Frequency(q, _) if q.text() == "hcp(north)"));
        assert_eq!(s.ask("average contract").unwrap_err().column, 9);
        assert_eq!(s.ask("frequency hcp(nort)").unwrap_err().column, 15);
        assert!(s.ask("median score").is_err());
    }

    #[test]
    fn rows_a_filter_finds_after_the_screen_opened_are_counted_too() {
        let mut s = StatisticsState::listed(10, "x".to_string());
        s.counted_to(None);
        s.grow_to(8);
        assert_eq!((s.places(), s.next()), (10, None), "never fewer");
        s.grow_to(25);
        assert_eq!((s.places(), s.next()), (25, Some(10)));
    }
}
