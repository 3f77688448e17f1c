//! Opening a file: which notation it is in, and its records read and
//! checked against the rules of the game.

use std::path::{Path, PathBuf};

use thiserror::Error;

mod boards;
mod bytes;
mod catalog;
mod gather;
#[cfg(unix)]
mod guard;
mod places;
mod quick;
mod search;
mod sift;
mod tables;
mod watch;
mod whole;
mod worker;

pub use crate::notation::access::Access;
pub use crate::notation::detect::detect;
pub use bytes::Bytes;
pub use catalog::{Catalog, Progress};
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
pub use boards::every_board_alone;
pub(crate) use quick::hand_on_span;
pub use quick::{each_record, problems, problems_in_batches};
// The self-check holds vetting to the reader.
#[cfg(feature = "testing")]
pub(crate) use quick::vet_span;
pub use search::{Found, matches};
pub use sift::{Reach, Sift, Turn};
pub use watch::Change;

use crate::model::{PlayError, Problem, ProblemKind, Record, SourceFormat};
use crate::notation::lin::link;
use crate::notation::reading::{self, Reading};
use crate::notation::source::Span;
use crate::replay::Timeline;

#[derive(Debug, Error)]
pub enum OpenError {
    #[error("{path}: can't read: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: not a notation file kibitzer reads (expected RBN, RBX, PBN or LIN)")]
    NotNotation { path: PathBuf },
    #[error("{path}: written in {encoding}, which kibitzer does not read; save it as UTF-8")]
    Utf16 { path: PathBuf, encoding: &'static str },
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

impl OpenError {
    /// A file that holds no notation kibitzer reads, with its encoding
    /// named where that is what stands in the way.
    pub fn refused(path: &Path, bytes: &[u8]) -> OpenError {
        let path = path.to_path_buf();
        match crate::notation::detect::utf16(bytes) {
            Some(encoding) => OpenError::Utf16 { path, encoding },
            None => OpenError::NotNotation { path },
        }
    }
}

impl Archive {
    pub fn open(path: &Path) -> Result<Archive, OpenError> {
        if let Some(link) = path.to_str().and_then(link::of) {
            return Archive::of_link(path, link);
        }
        let stamp = Stamp::of(path);
        let bytes = Bytes::open(path).map_err(|source| OpenError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let format = detect(path, &bytes).ok_or_else(|| OpenError::refused(path, &bytes))?;
        Ok(Archive {
            path: path.to_path_buf(),
            bytes,
            format,
            stamp,
        })
    }

    /// A handviewer link opens as the LIN it carries.
    pub fn of_link(path: &Path, link: link::Link) -> Result<Archive, OpenError> {
        match link {
            link::Link::Lin(bytes) => Ok(Archive {
                path: path.to_path_buf(),
                bytes: Bytes::Held(bytes),
                format: SourceFormat::Lin,
                stamp: None,
            }),
            link::Link::Without(message) => Err(OpenError::Link { message }),
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

    /// The records as read, the rules not checked: for a caller that checks
    /// only the records it keeps.
    pub fn records_as_read(&self) -> Reading<'_> {
        Reading::new(&self.bytes, self.format)
    }
}

/// Whether records of the notation are found by a scan and read one at a
/// time (RBN, RBX, PBN: archives may be huge), rather than read whole.
pub fn indexed(format: SourceFormat) -> bool {
    reading::of(format).indexed()
}

/// Where the records of an indexed notation lie, found as the scan goes,
/// each marked with what it may hand on to the records after it.
pub fn scan(bytes: &[u8], format: SourceFormat) -> Box<dyn Iterator<Item = Span> + '_> {
    reading::of(format).index(bytes)
}

/// Reads records from bytes in a known notation and checks each one.
pub fn read_checked(bytes: &[u8], format: SourceFormat) -> Checked<'_> {
    Checked {
        reading: Reading::new(bytes, format),
    }
}

/// Records read and checked one at a time, in file order.
pub struct Checked<'a> {
    reading: Reading<'a>,
}

impl Checked<'_> {
    /// How many bytes of the file have been read, for progress.
    pub fn offset(&self) -> usize {
        self.reading.offset()
    }
}

impl Iterator for Checked<'_> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let mut record = self.reading.next()?;
        check(&mut record);
        Some(record)
    }
}

/// Adds to a record's problems the breaks of the rules: calls out of turn
/// or insufficient, cards not held or revokes. Problems end up in file order.
pub fn check(record: &mut Record) {
    check_replayed(record);
}

/// The same, giving back the replay the check plays through, for a caller
/// that shows it too (`dump`): the play is replayed once.
pub fn check_replayed(record: &mut Record) -> Timeline {
    let auction = record.auction().map(|a| (a, a.calls().1));
    let calls = auction.into_iter().flat_map(|(a, errors)| {
        errors
            .into_iter()
            .map(|(entry, error)| Problem::of(ProblemKind::Rule, a.entries[entry].pos, error.to_string()))
    });
    let calls: Vec<Problem> = calls.collect();
    record.problems.extend(calls);
    let rules = record.rules();
    let timeline = Timeline::new(record);
    let scores = crate::scoring::pinochle::check(record, &timeline);
    for (pos, error) in &timeline.problems {
        // A trick winner the record states against the rules is the record
        // at odds with itself; the rest break the rules of play.
        let kind = match error {
            PlayError::OtherWinner { .. } => ProblemKind::Disagreement,
            _ => ProblemKind::Rule,
        };
        record.problems.push(Problem::of(kind, *pos, error.words(rules)));
    }
    record.problems.extend(scores);
    record.problems.sort_by_key(|p| p.pos);
    timeline
}
