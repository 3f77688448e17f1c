//! Files that change while the viewer shows them: a scoring program
//! appending results, a file saved over. A changed file is read again in
//! the background while its old records stay in the list; once its records
//! are all found they take the old ones' place at once, and the change is
//! told (how many records came, or that the file was read again).

use std::sync::mpsc::{TryRecvError, channel};
use std::time::{Duration, Instant};

use super::worker::work;
use super::{Catalog, Stamp, gather};

/// How often the files are looked at.
const LOOK: Duration = Duration::from_millis(300);

/// A file read again: its records were `before` and are `after`, starting
/// at list place `first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    pub file: usize,
    pub first: usize,
    pub before: usize,
    pub after: usize,
    /// It only grew (records appended), rather than being cut or
    /// rewritten.
    pub appended: bool,
}

impl Change {
    /// Where list place `i` went: the same record if it is still there, the
    /// file's last if it is not.
    pub fn moved(&self, i: usize) -> usize {
        if i >= self.first + self.before {
            i + self.after - self.before
        } else if i >= self.first && i - self.first >= self.after {
            (self.first + self.after).saturating_sub(1)
        } else {
            i
        }
    }
}

impl Catalog {
    /// Looks (now and then) whether files changed, and starts reading
    /// again those that did.
    pub fn watch(&mut self) {
        if self.looked.elapsed() < LOOK {
            return;
        }
        self.looked = Instant::now();
        for s in 0..self.shelves.len() {
            if self.pending.iter().any(|p| p.0 == s) {
                continue;
            }
            let Some((path, stamp)) = self.shelves[s].source.clone() else {
                continue;
            };
            let faulted = self.shelves[s].bytes.changed();
            let now = Stamp::of(&path);
            let Some(now) = now.filter(|&n| faulted || n != stamp) else {
                continue;
            };
            let Some(archive) = gather(std::slice::from_ref(&path)).archives.into_iter().next() else {
                // Not readable as it is now (half written, perhaps): looked
                // at again when it changes again.
                self.shelves[s].source = Some((path, now));
                continue;
            };
            let (shelf, job) = self.shelf(archive);
            let (tx, rx) = channel();
            std::thread::spawn(move || work(job.into_iter().collect(), tx));
            self.reloads.push(rx);
            // Longer than what was read, and nothing read was lost.
            let grew = !faulted && now.len > self.shelves[s].bytes.len() as u64;
            self.pending.push((s, grew, shelf));
        }
        self.settle();
    }

    /// The changes made to the list since last asked.
    pub fn changes(&mut self) -> Vec<Change> {
        std::mem::take(&mut self.changes)
    }

    /// Takes in what the work on files read again has sent.
    pub(super) fn receive_reloads(&mut self) -> bool {
        let mut any = false;
        let mut i = 0;
        while i < self.reloads.len() {
            match self.reloads[i].try_recv() {
                Ok(news) => {
                    self.take(news);
                    any = true;
                }
                Err(TryRecvError::Empty) => i += 1,
                Err(TryRecvError::Disconnected) => {
                    self.reloads.swap_remove(i);
                }
            }
        }
        any
    }

    /// Puts in place the files read again whose records are all found.
    pub(super) fn settle(&mut self) {
        while let Some(p) = self.pending.iter().position(|p| p.2.indexed) {
            let (s, appended, shelf) = self.pending.remove(p);
            let first = self.shelves[..s].iter().map(|s| s.len()).sum();
            let before = self.shelves[s].len();
            self.shelves[s] = shelf;
            self.forget();
            self.changes.push(Change {
                file: s,
                first,
                before,
                after: self.shelves[s].len(),
                appended,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_move_with_the_records_of_the_file_that_changed() {
        let grew = Change {
            file: 1,
            first: 10,
            before: 5,
            after: 8,
            appended: true,
        };
        assert_eq!([3, 10, 14, 15, 20].map(|i| grew.moved(i)), [3, 10, 14, 18, 23]);
        let cut = Change { after: 2, ..grew };
        assert_eq!([3, 11, 12, 14, 15].map(|i| cut.moved(i)), [3, 11, 11, 11, 12]);
        let emptied = Change { after: 0, ..grew };
        assert_eq!([10, 14, 15].map(|i| emptied.moved(i)), [9, 9, 10]);
    }
}
