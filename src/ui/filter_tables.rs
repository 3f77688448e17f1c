//! Double-dummy tables for the viewer's filter where the file gives none:
//! counting finds the deals whose answer a table could change, and on the
//! user's word (Ctrl-S on the filter line) they are solved on a thread of
//! their own, a batch at a time on every core, so that the screen never
//! waits. The tables are kept for every filter after; closing the viewer
//! (or solving again) lets the thread end after its batch.

use std::collections::HashMap;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread;

use crate::analysis::{DD_BATCH, DdTable, FullDeal, solve_tables};
use crate::filter::{Filter, Subject};

/// The tables solved so far, and the solving under way.
#[derive(Debug, Default)]
pub struct FilterTables {
    solved: HashMap<FullDeal, DdTable>,
    solving: Option<Solving>,
}

#[derive(Debug)]
struct Solving {
    batches: Receiver<Vec<(FullDeal, DdTable)>>,
    deals: usize,
    done: usize,
}

/// What came in from the solving thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Received {
    Nothing,
    /// A batch, with more to come.
    More,
    /// The last batch: every deal asked for is solved.
    Finished,
}

impl FilterTables {
    /// Whether `filter` matches, asked with the deal's solved table where
    /// the file gives none; and the deal, where a table it still lacks
    /// could change the answer.
    pub fn ask(&self, filter: &Filter, subject: Subject) -> (bool, Option<FullDeal>) {
        let answer = filter.answer(subject);
        let Some(deal) = answer.deal_to_solve(subject.record) else {
            return (answer.value, None);
        };
        match self.solved.get(&deal) {
            Some(table) => (filter.matches(subject.solved(table)), None),
            None => (answer.value, Some(deal)),
        }
    }

    /// Starts solving `deals` in the background.
    pub fn solve(&mut self, deals: Vec<FullDeal>) {
        let (sender, batches) = channel();
        let count = deals.len();
        thread::spawn(move || {
            for batch in deals.chunks(DD_BATCH) {
                let tables = solve_tables(batch);
                // The viewer gone or solving again: the rest is not wanted.
                if sender.send(batch.iter().copied().zip(tables).collect()).is_err() {
                    return;
                }
            }
        });
        self.solving = Some(Solving {
            batches,
            deals: count,
            done: 0,
        });
    }

    /// Takes in the batches solved since last asked.
    pub fn receive(&mut self) -> Received {
        let Some(solving) = &mut self.solving else {
            return Received::Nothing;
        };
        let mut received = Received::Nothing;
        loop {
            match solving.batches.try_recv() {
                Ok(batch) => {
                    solving.done += batch.len();
                    self.solved.extend(batch);
                    received = Received::More;
                }
                Err(TryRecvError::Empty) => return received,
                Err(TryRecvError::Disconnected) => break,
            }
        }
        self.solving = None;
        Received::Finished
    }

    /// How many deals are solved of how many, while solving goes on.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.solving.as_ref().map(|s| (s.done, s.deals))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Record, SourceFormat};
    use crate::notation::reading::Reading;

    /// Each hand a solid suit: the solver answers at once.
    const SOLID: &str = "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n";

    fn record() -> Record {
        Reading::new(SOLID.as_bytes(), SourceFormat::Pbn)
            .next()
            .expect("a deal")
    }

    #[test]
    fn a_deal_is_wanted_until_solved_and_then_answers() {
        let record = record();
        let filter = Filter::parse("tricks(east, hearts) == 13 and par == 1510").unwrap();
        let mut tables = FilterTables::default();
        let subject = Subject::new(&record, "solid.pbn");
        let (matched, deal) = tables.ask(&filter, subject);
        assert!(!matched);
        let deal = deal.expect("a deal to solve");
        tables.solve(vec![deal]);
        assert_eq!(tables.progress(), Some((0, 1)));
        let start = std::time::Instant::now();
        while tables.receive() != Received::Finished {
            assert!(start.elapsed().as_secs() < 60, "solved within a minute");
            thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(tables.progress(), None);
        assert_eq!(tables.ask(&filter, subject), (true, None));
        let plain = Filter::parse("hcp(north) == 10").unwrap();
        assert_eq!(tables.ask(&plain, subject), (true, None));
    }
}
