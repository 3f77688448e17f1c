//! The work done behind the viewer's back: find where every record of
//! every file lies, then check them all, sending word as it goes. The
//! first word comes after a few hundred records, so that the first screen
//! never waits for a large file.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::mpsc::Sender;

use super::{Bytes, problems, scan};
use crate::model::SourceFormat;
use crate::notation::source::Span;

/// Records found before the first word, and in each word after.
const FIRST: usize = 256;
const MORE: usize = 64 * 1024;

/// A file to index and check: the ticket its news goes under, its bytes,
/// its notation.
pub type Work = (usize, Arc<Bytes>, SourceFormat);

/// What the work finds, each word under the ticket of its file.
pub enum News {
    /// More records of a file, in order.
    Found { shelf: usize, spans: Vec<Span> },
    /// Every record of the file has been found.
    Indexed { shelf: usize },
    /// How far checking a file has come, and the problems found so far.
    Checked {
        shelf: usize,
        offset: usize,
        problems: usize,
    },
}

/// Indexes, then checks, the files given, until done or no one listens.
pub fn work(files: Vec<Work>, news: Sender<News>) {
    for (shelf, bytes, format) in &files {
        let mut spans = scan(bytes, *format);
        let mut take = FIRST;
        loop {
            let found: Vec<Span> = spans.by_ref().take(take).collect();
            // Cut short under the scan: the rest is found when it is read
            // again.
            let done = found.len() < take || super::lost(bytes);
            if news
                .send(News::Found {
                    shelf: *shelf,
                    spans: found,
                })
                .is_err()
            {
                return;
            }
            if done {
                break;
            }
            take = MORE;
        }
        if news.send(News::Indexed { shelf: *shelf }).is_err() {
            return;
        }
    }
    for (shelf, bytes, format) in &files {
        let found = Cell::new(0);
        let mut listening = true;
        problems(
            bytes,
            *format,
            |offset| {
                let word = News::Checked {
                    shelf: *shelf,
                    offset,
                    problems: found.get(),
                };
                listening = listening && news.send(word).is_ok();
                listening
            },
            |_| found.set(found.get() + 1),
        );
        let done = News::Checked {
            shelf: *shelf,
            offset: bytes.len(),
            problems: found.get(),
        };
        if !listening || news.send(done).is_err() {
            return;
        }
    }
}
