//! A filter's matches found in the background, on every core, as `find`
//! finds them: a rare filter over a million records shows its first
//! screenful at once, where reading one record at a time between keys
//! would take half a second. The viewer takes what was found a turn at a
//! time; dropping the sift stops it.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TryRecvError, sync_channel};
use std::time::Duration;

use super::catalog::Shelf;
use super::{Bytes, Catalog, each_record, indexed};
use crate::filter::{Filter, Subject};
use crate::model::{Record, SourceFormat};

/// Records sifted between two reports: a report a few milliseconds apart.
const REPORT_EVERY: usize = 2048;

/// A sift under way.
pub struct Sift {
    news: Receiver<Sifted>,
    /// The records gone through, as last reported.
    reached: usize,
}

/// What a sift reports: the matches found since the last report, in order,
/// how many records it has been through, and whether that was all of them.
struct Sifted {
    found: Vec<usize>,
    reached: usize,
    done: bool,
}

/// What a turn of waiting for a sift brought.
#[derive(Debug, PartialEq, Eq)]
pub struct Turn {
    pub found: Vec<usize>,
    pub reach: Reach,
}

/// How far a sift has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Through this many records, and going on.
    Going(usize),
    /// Through every record.
    Done,
    /// Stopped after this many records without saying it was done: its
    /// thread failed, or its file was cut short under it. The records
    /// after these are still to be asked.
    Stopped(usize),
}

/// One file's records as the sift goes through them.
enum Source {
    Indexed(Arc<Bytes>, SourceFormat),
    Whole(Vec<Arc<Record>>),
}

impl Catalog {
    /// Starts sifting every record for `filter`'s matches in the
    /// background; None while records are still being found or files read
    /// again (the caller then asks record by record).
    pub fn sift(&self, filter: &Filter) -> Option<Sift> {
        if !self.complete() || !self.pending.is_empty() {
            return None;
        }
        let files: Vec<(Source, String)> = self
            .shelves
            .iter()
            .map(|s| (s.source(), s.name.clone()))
            .collect();
        let filter = filter.clone();
        // A bounded channel: a sift nobody takes from waits rather than fill
        // memory with a million matches.
        let (tx, news) = sync_channel(64);
        std::thread::spawn(move || sift(&files, &filter, &tx));
        Some(Sift { news, reached: 0 })
    }
}

impl Shelf {
    fn source(&self) -> Source {
        if indexed(self.format) {
            Source::Indexed(self.bytes.clone(), self.format)
        } else {
            Source::Whole(self.whole.clone())
        }
    }
}

/// Goes through the files in order; stops when nobody listens.
fn sift(files: &[(Source, String)], filter: &Filter, tx: &SyncSender<Sifted>) {
    let mut reached = 0;
    let mut found = Vec::new();
    let mut asked = |matched: bool, reached: &mut usize| {
        if matched {
            found.push(*reached);
        }
        *reached += 1;
        !reached.is_multiple_of(REPORT_EVERY) || report(tx, &mut found, *reached, false)
    };
    for (source, name) in files {
        let matches = |record: &Record| filter.matches(Subject::new(record, name));
        let went_on = match source {
            Source::Indexed(bytes, format) => {
                let mut went_on = true;
                each_record(
                    bytes,
                    *format,
                    filter.wanted(),
                    |r| matches(&r),
                    |_| {},
                    |m| {
                        went_on = asked(m, &mut reached);
                        went_on
                    },
                );
                // A file cut short under the sift is read again, and the
                // viewer sifts it again then.
                went_on && !bytes.changed()
            }
            Source::Whole(records) => records.iter().all(|r| asked(matches(r), &mut reached)),
        };
        if !went_on {
            return;
        }
    }
    report(tx, &mut found, reached, true);
}

/// Sends what was found; false when nobody listens any more.
fn report(tx: &SyncSender<Sifted>, found: &mut Vec<usize>, reached: usize, done: bool) -> bool {
    let found = std::mem::take(found);
    tx.send(Sifted { found, reached, done }).is_ok()
}

impl Sift {
    /// What the sift has found, waiting at most `patience` for news.
    pub fn turn(&mut self, patience: Duration) -> Turn {
        let mut found = Vec::new();
        let mut news = self.news.recv_timeout(patience);
        loop {
            match news {
                Ok(sifted) => {
                    found.extend(sifted.found);
                    self.reached = sifted.reached;
                    if sifted.done {
                        return Turn {
                            found,
                            reach: Reach::Done,
                        };
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let reach = Reach::Going(self.reached);
                    return Turn { found, reach };
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let reach = Reach::Stopped(self.reached);
                    return Turn { found, reach };
                }
            }
            news = self.news.try_recv().map_err(|e| match e {
                TryRecvError::Empty => RecvTimeoutError::Timeout,
                TryRecvError::Disconnected => RecvTimeoutError::Disconnected,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sift_of(reports: Vec<Sifted>) -> Sift {
        let (tx, news) = sync_channel(8);
        for sifted in reports {
            tx.send(sifted).unwrap();
        }
        Sift { news, reached: 0 }
    }

    #[test]
    fn a_sift_that_ends_without_saying_so_is_told_from_one_that_is_done() {
        let going = |found: Vec<usize>, reached| Sifted {
            found,
            reached,
            done: false,
        };
        let patience = Duration::from_millis(1);
        // The sender dropped after a report that was not the last, as a
        // thread that panics drops it.
        let mut stopped = sift_of(vec![going(vec![3], 2048)]);
        assert_eq!(
            stopped.turn(patience),
            Turn {
                found: vec![3],
                reach: Reach::Stopped(2048)
            }
        );
        let mut done = sift_of(vec![
            going(vec![3], 2048),
            Sifted {
                found: vec![2050],
                reached: 2100,
                done: true,
            },
        ]);
        assert_eq!(
            done.turn(patience),
            Turn {
                found: vec![3, 2050],
                reach: Reach::Done
            }
        );
    }

    #[test]
    fn a_sift_still_going_says_how_far_it_has_come() {
        let (tx, news) = sync_channel(8);
        let mut sift = Sift { news, reached: 0 };
        tx.send(Sifted {
            found: vec![],
            reached: 4096,
            done: false,
        })
        .unwrap();
        let turn = sift.turn(Duration::from_millis(1));
        assert_eq!(turn.reach, Reach::Going(4096));
        drop(tx);
    }
}
