//! The records of the files the viewer opened, as one list: where each
//! record lies, each read when it is wanted (and kept a while), with the
//! finding and checking of the rest done in the background.
//!
//! Opening costs a map of each file and nothing more; the list fills as the
//! worker finds records, and a record is read (from its own bytes, looking
//! back for what earlier records hand on) the first time it is shown.

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

use super::gather::gather;
use super::watch::Change;
use super::worker::{News, Work, work};
use super::{Access, Archive, Bytes, OpenError, Stamp, check, indexed, read_checked};
use crate::model::{Record, SourceFormat, Wanted};
use crate::notation::reading;
use crate::notation::source::Span;

/// Records kept read at a time: a few screens' worth.
const KEPT: usize = 512;

/// One file's records.
pub(super) struct Shelf {
    /// The file's short name, for the list's file column.
    pub(super) name: String,
    /// Which background work speaks of this shelf.
    ticket: usize,
    /// The file to watch for changes, and how it was when read.
    pub(super) source: Option<(PathBuf, Stamp)>,
    pub(super) bytes: Arc<Bytes>,
    pub(super) format: SourceFormat,
    /// Found so far (indexed notations), or read whole (the others).
    pub(super) spans: Vec<Span>,
    pub(super) whole: Vec<Arc<Record>>,
    pub(super) indexed: bool,
    access: Access,
    /// Bytes checked so far, and problems found in them.
    checked: usize,
    problems: usize,
}

impl Shelf {
    pub(super) fn len(&self) -> usize {
        if indexed(self.format) {
            self.spans.len()
        } else {
            self.whole.len()
        }
    }
}

/// How far the background work has come.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// Finding records: the part of the files scanned.
    Indexing(f64),
    /// Checking them: the part checked.
    Checking(f64),
    Done,
}

pub struct Catalog {
    pub(super) shelves: Vec<Shelf>,
    news: Option<Receiver<News>>,
    /// Files being read again, each with its background work: the shelf
    /// it replaces once indexed, and whether it only grew.
    pub(super) pending: Vec<(usize, bool, Shelf)>,
    pub(super) reloads: Vec<Receiver<News>>,
    pub(super) changes: Vec<Change>,
    pub(super) tickets: usize,
    pub(super) looked: Instant,
    /// Records read, by their place in the list, and the order they were
    /// read in (for forgetting the oldest).
    kept: HashMap<usize, Arc<Record>>,
    order: VecDeque<usize>,
}

impl Catalog {
    /// Opens the files (folders and archives too) and starts finding and
    /// checking their records; the first that can't be opened is the error.
    pub fn open(paths: &[&Path]) -> Result<Catalog, OpenError> {
        let paths: Vec<PathBuf> = paths.iter().map(|p| p.to_path_buf()).collect();
        let gathered = gather(&paths);
        match gathered.errors.into_iter().next() {
            Some(e) => Err(e),
            None => Ok(Catalog::of_archives(gathered.archives)),
        }
    }

    /// The files' bytes, in their notations (named by their place).
    pub fn of(files: Vec<(Bytes, SourceFormat)>) -> Catalog {
        let archives = files.into_iter().enumerate().map(|(i, (bytes, format))| Archive {
            path: PathBuf::from((i + 1).to_string()),
            bytes,
            format,
            stamp: None,
        });
        Catalog::of_archives(archives.collect())
    }

    /// The files opened, their records in their order.
    pub fn of_archives(archives: Vec<Archive>) -> Catalog {
        let mut catalog = Catalog::of_shelves(Vec::new(), None);
        let mut work_on = Vec::new();
        for archive in archives {
            let (shelf, work) = catalog.shelf(archive);
            catalog.shelves.push(shelf);
            work_on.extend(work);
        }
        let (tx, rx) = channel();
        std::thread::spawn(move || work(work_on, tx));
        catalog.news = Some(rx);
        catalog
    }

    fn of_shelves(shelves: Vec<Shelf>, news: Option<Receiver<News>>) -> Catalog {
        Catalog {
            shelves,
            news,
            pending: Vec::new(),
            reloads: Vec::new(),
            changes: Vec::new(),
            tickets: 0,
            looked: Instant::now(),
            kept: HashMap::new(),
            order: VecDeque::new(),
        }
    }

    /// A shelf for a file, and the background work it needs (files of the
    /// notations read whole are read here).
    pub(super) fn shelf(&mut self, archive: Archive) -> (Shelf, Option<Work>) {
        let Archive {
            path,
            bytes,
            format,
            stamp,
        } = archive;
        let name = match path.file_name() {
            Some(name) => name.to_string_lossy().into_owned(),
            None => path.display().to_string(),
        };
        let ticket = self.tickets;
        self.tickets += 1;
        let bytes = Arc::new(bytes);
        let (whole, work) = if indexed(format) {
            (Vec::new(), Some((ticket, bytes.clone(), format)))
        } else {
            (read_checked(&bytes, format).map(Arc::new).collect(), None)
        };
        let shelf = Shelf {
            name,
            ticket,
            source: stamp.map(|s| (path, s)),
            bytes,
            format,
            spans: Vec::new(),
            whole,
            indexed: !indexed(format),
            access: Access::default(),
            checked: 0,
            problems: 0,
        };
        (shelf, work)
    }

    /// Records already read (tests, and files read whole).
    pub fn of_records(records: Vec<Record>) -> Catalog {
        let problems = records.iter().map(|r| r.problems.len()).sum();
        let shelf = Shelf {
            name: String::new(),
            ticket: 0,
            source: None,
            bytes: Arc::new(Bytes::Static(&[])),
            format: SourceFormat::PpnPreferans,
            spans: Vec::new(),
            whole: records.into_iter().map(Arc::new).collect(),
            indexed: true,
            access: Access::default(),
            checked: 0,
            problems,
        };
        Catalog::of_shelves(vec![shelf], None)
    }

    /// Takes in what the background work has sent; whether anything came.
    pub fn receive(&mut self) -> bool {
        let mut any = self.receive_reloads();
        while let Some(rx) = &self.news {
            match rx.try_recv() {
                Ok(news) => {
                    self.take(news);
                    any = true;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => self.news = None,
            }
        }
        any
    }

    /// Waits (at most `patience`) until the first records of the first
    /// file are known, so that the first screen has something to show.
    pub fn wait_for_first(&mut self, patience: Duration) {
        let until = Instant::now() + patience;
        while self.is_empty() && !self.complete() {
            let Some(rx) = &self.news else { return };
            let left = until.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(news) => self.take(news),
                Err(_) => return,
            }
        }
    }

    /// Waits for the background work to end: every record found and
    /// checked (for tests and scripts, which want the whole picture).
    pub fn wait_done(&mut self) {
        while let Some(rx) = &self.news {
            match rx.recv() {
                Ok(news) => self.take(news),
                Err(_) => self.news = None,
            }
        }
    }

    /// Waits until every record is known, then lets the background check
    /// go: a script showing one record wants the total, and the check
    /// would only take a core from it.
    pub fn find_all_unchecked(&mut self) {
        while !self.complete() {
            let Some(rx) = &self.news else { return };
            match rx.recv() {
                Ok(news) => self.take(news),
                Err(_) => self.news = None,
            }
        }
        self.news = None;
    }

    pub(super) fn take(&mut self, news: News) {
        let ticket = match &news {
            News::Found { shelf, .. } | News::Indexed { shelf } | News::Checked { shelf, .. } => *shelf,
        };
        let shelves = self
            .shelves
            .iter_mut()
            .chain(self.pending.iter_mut().map(|p| &mut p.2));
        // Word of a shelf since replaced is old news.
        let Some(s) = shelves.into_iter().find(|s| s.ticket == ticket) else {
            return;
        };
        match news {
            News::Found { spans, .. } => s.spans.extend(spans),
            News::Indexed { .. } => s.indexed = true,
            News::Checked { offset, problems, .. } => (s.checked, s.problems) = (offset, problems),
        }
        self.settle();
    }

    /// Forgets the records read (their places may have changed).
    pub(super) fn forget(&mut self) {
        self.kept.clear();
        self.order.clear();
    }

    /// Every record of every file has been found.
    pub fn complete(&self) -> bool {
        self.shelves.iter().all(|s| s.indexed)
    }

    /// Problems found by the background check so far.
    pub fn problems(&self) -> usize {
        self.shelves.iter().map(|s| s.problems).sum()
    }

    pub fn progress(&self) -> Progress {
        let total: usize = self.shelves.iter().map(|s| s.bytes.len()).sum::<usize>().max(1);
        if !self.complete() {
            let scanned: usize = self
                .shelves
                .iter()
                .map(|s| {
                    if s.indexed {
                        s.bytes.len()
                    } else {
                        s.spans.last().map_or(0, |sp| sp.end)
                    }
                })
                .sum();
            return Progress::Indexing(scanned as f64 / total as f64);
        }
        let checked: usize = self
            .shelves
            .iter()
            .filter(|s| indexed(s.format))
            .map(|s| s.checked)
            .sum();
        let to_check: usize = self
            .shelves
            .iter()
            .filter(|s| indexed(s.format))
            .map(|s| s.bytes.len())
            .sum();
        if checked < to_check {
            Progress::Checking(checked as f64 / to_check as f64)
        } else {
            Progress::Done
        }
    }

    /// Record `i`, if it has been read.
    pub fn get(&self, i: usize) -> Option<&Record> {
        self.kept.get(&i).map(|r| r.as_ref())
    }

    /// Record `i`, read if it has not been (None beyond the records found,
    /// or while its file is being read again).
    pub fn load(&mut self, i: usize) -> Option<Arc<Record>> {
        if let Some(r) = self.kept.get(&i) {
            return Some(r.clone());
        }
        let (s, k) = self.locate(i)?;
        // The file shrank under its index: nothing more is read from it
        // until it has been read again (watch.rs).
        if self.shelves[s].bytes.changed() {
            return None;
        }
        let mut record = self.read(s, k);
        if reading::of(self.shelves[s].format).pairs_by_reading() {
            record.table = self.table_in_run(s, k, &record);
        }
        let record = Arc::new(record);
        self.keep(i, record.clone());
        Some(record)
    }

    fn keep(&mut self, i: usize, record: Arc<Record>) {
        self.kept.insert(i, record);
        self.order.push_back(i);
        while self.order.len() > KEPT {
            if let Some(old) = self.order.pop_front() {
                self.kept.remove(&old);
            }
        }
    }

    /// Record `k` of shelf `s`, read and checked (without its PBN table).
    fn read(&mut self, s: usize, k: usize) -> Record {
        let mut record = self.read_unchecked(s, k);
        if indexed(self.shelves[s].format) {
            check(&mut record);
        }
        record
    }

    /// The same without the rules checked (no replay of its play): what a
    /// search, which looks only at names and the contract, needs.
    pub(super) fn read_unchecked(&mut self, s: usize, k: usize) -> Record {
        self.read_wanting(s, k, Wanted::ALL)
    }

    /// The same, read as far as the caller `wants`.
    pub(super) fn read_wanting(&mut self, s: usize, k: usize, wants: Wanted) -> Record {
        let shelf = &mut self.shelves[s];
        if !indexed(shelf.format) {
            return (*shelf.whole[k]).clone();
        }
        shelf
            .access
            .read_wanting(&shelf.bytes, shelf.format, &shelf.spans, k, wants)
    }
}
