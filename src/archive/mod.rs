//! Opening a file: which notation it is in, and its records read and
//! checked against the rules of the game.

use std::path::{Path, PathBuf};

use thiserror::Error;

mod access;
mod boards;
mod bytes;
mod catalog;
mod detect;
mod gather;
#[cfg(unix)]
mod guard;
mod places;
mod quick;
mod search;
mod tables;
mod watch;
mod whole;
mod worker;

pub use access::Access;
pub use boards::BoardIndex;
pub use bytes::Bytes;
pub use catalog::{Catalog, Stage};
pub use detect::detect;
pub use gather::{Gathered, STDIN_NAME, gather};
#[cfg(unix)]
pub use guard::before_fatal_signal;
#[cfg(unix)]
use guard::lost;

/// Whether `bytes` lie in a mapping that lost pages (never, without them).
#[cfg(not(unix))]
fn lost(_: &[u8]) -> bool {
    false
}
// The self-checks compare these quick paths with the full reader.
#[cfg(feature = "testing")]
pub(crate) use quick::{Notation, Pbn, Rbn, vet_span};
pub use quick::{each_record, problems, problems_in_batches};
pub use search::{Found, matches};
pub use watch::Change;

use crate::model::{Problem, Record, SourceFormat};
use crate::notation::chunked::Chunked;
use crate::notation::source::Span;
use crate::notation::{lin, pbn, pinochle, preferans, rbn};
use crate::replay::Timeline;

#[derive(Debug, Error)]
pub enum OpenError {
    #[error("{path}: can't read: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: not a notation file kibitzer reads (expected RBN, RBX, PBN or LIN)")]
    NotNotation { path: PathBuf },
    #[error("{message}")]
    Link { message: String },
}

/// The sample archive shipped inside the binary, so that `kibitzer` with no
/// argument opens it from any directory.
pub const SAMPLE: &[u8] = include_bytes!("../../assets/sample.rbn");

/// A file's bytes and the notation they are in.
pub struct Archive {
    pub path: PathBuf,
    pub bytes: Bytes,
    pub format: SourceFormat,
    /// The file as it was when read (None for what is not a file of its
    /// own: standard input, a member of a zip).
    pub stamp: Option<Stamp>,
}

/// A file's length and time of last change, to tell when another program
/// has changed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub len: u64,
    modified: Option<std::time::SystemTime>,
}

impl Stamp {
    pub fn of(path: &Path) -> Option<Stamp> {
        let meta = std::fs::metadata(path).ok()?;
        Some(Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
        })
    }
}

impl Archive {
    pub fn open(path: &Path) -> Result<Archive, OpenError> {
        if let Some(link) = path.to_str().and_then(lin::link::of) {
            return Archive::of_link(path, link);
        }
        let stamp = Stamp::of(path);
        let bytes = Bytes::open(path).map_err(|source| OpenError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let format = detect(path, &bytes).ok_or_else(|| OpenError::NotNotation {
            path: path.to_path_buf(),
        })?;
        Ok(Archive {
            path: path.to_path_buf(),
            bytes,
            format,
            stamp,
        })
    }

    /// A handviewer link opens as the LIN it carries.
    pub fn of_link(path: &Path, link: lin::link::Link) -> Result<Archive, OpenError> {
        match link {
            lin::link::Link::Lin(bytes) => Ok(Archive {
                path: path.to_path_buf(),
                bytes: Bytes::Held(bytes),
                format: SourceFormat::Lin,
                stamp: None,
            }),
            lin::link::Link::Without(message) => Err(OpenError::Link { message }),
        }
    }

    /// Whether the file changed since it was read (it shrank under the
    /// reader, or is no longer as it was): what was read may be wrong.
    pub fn changed(&self) -> bool {
        self.bytes.changed() || self.stamp.is_some_and(|s| Stamp::of(&self.path) != Some(s))
    }

    /// The records, each checked, in file order.
    pub fn records(&self) -> Checked<'_> {
        read_checked(&self.bytes, self.format)
    }
}

/// Whether records of the notation are found by a scan and read one at a
/// time (RBN, RBX, PBN: archives may be huge), rather than read whole.
pub fn indexed(format: SourceFormat) -> bool {
    matches!(format, SourceFormat::Pbn | SourceFormat::Rbn | SourceFormat::Rbx)
}

/// Where the records of an indexed notation lie, found as the scan goes,
/// each marked with what it may hand on to the records after it.
pub fn scan(bytes: &[u8], format: SourceFormat) -> Box<dyn Iterator<Item = Span> + '_> {
    match format {
        SourceFormat::Pbn => Box::new(pbn::Scan::marking(bytes)),
        // RBN on every core, which brings the last record of a large
        // archive within a few times the time to read the file.
        SourceFormat::Rbn => Box::new(Chunked::new(bytes, rbn::Resuming)),
        _ => Box::new(rbn::Scan::new(bytes, format)),
    }
}

/// Reads records from bytes in a known notation and checks each one.
pub fn read_checked(bytes: &[u8], format: SourceFormat) -> Checked<'_> {
    let source = match format {
        SourceFormat::Pbn => Source::Pbn(Box::new(pbn::Reader::new(bytes))),
        SourceFormat::PpnPreferans => Source::Whole(preferans::read(bytes).into_iter()),
        SourceFormat::PpnPreferansJson => Source::Whole(preferans::read_json(bytes).into_iter()),
        SourceFormat::PpnPinochle => Source::Pinochle(Box::new(pinochle::Reader::new(bytes))),
        SourceFormat::Lin => Source::Whole(lin::read(bytes).into_iter()),
        _ => Source::Rbn(Box::new(rbn::Reader::new(bytes, format))),
    };
    Checked { source }
}

/// Records read and checked one at a time, in file order.
pub struct Checked<'a> {
    source: Source<'a>,
}

enum Source<'a> {
    Pbn(Box<pbn::Reader<'a>>),
    Rbn(Box<rbn::Reader<'a>>),
    Pinochle(Box<pinochle::Reader<'a>>),
    /// Small notations read whole.
    Whole(std::vec::IntoIter<Record>),
}

impl Checked<'_> {
    /// How many bytes of the file have been read, for progress (0 for the
    /// notations that are read whole or do not say).
    pub fn offset(&self) -> usize {
        match &self.source {
            Source::Pbn(r) => r.offset(),
            Source::Rbn(r) => r.offset(),
            _ => 0,
        }
    }
}

impl Iterator for Checked<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let mut record = match &mut self.source {
            Source::Pbn(r) => r.next(),
            Source::Rbn(r) => r.next(),
            Source::Pinochle(r) => r.next(),
            Source::Whole(r) => r.next(),
        }?;
        check(&mut record);
        Some(record)
    }
}

/// Adds to a record's problems the breaks of the rules: calls out of turn
/// or insufficient, cards not held or revokes. Problems end up in file order.
pub fn check(record: &mut Record) {
    let auction = record.auction().map(|a| (a, a.calls().1));
    let calls = auction.into_iter().flat_map(|(a, errors)| {
        errors
            .into_iter()
            .map(|(entry, error)| Problem::new(a.entries[entry].pos, error.to_string()))
    });
    let calls: Vec<Problem> = calls.collect();
    record.problems.extend(calls);
    let rules = record.rules();
    for (pos, error) in Timeline::new(record).problems {
        record.problems.push(Problem::new(pos, error.words(rules)));
    }
    record.problems.sort_by_key(|p| p.pos);
}
