//! Opening a file: which notation it is in, and its records read and
//! checked against the rules of the game.

use std::path::{Path, PathBuf};

use thiserror::Error;

mod access;
mod bytes;
mod catalog;
mod quick;
mod search;
mod worker;

pub use access::Access;
pub use bytes::Bytes;
pub use catalog::{Catalog, Stage};
// The self-checks compare these quick paths with the full reader.
#[cfg(feature = "testing")]
pub(crate) use quick::{Notation, Pbn, Rbn, vet_span};
pub use quick::{each_record, problems, problems_in_batches};
pub use search::{Found, matches};

use crate::model::{Problem, Record, SourceFormat};
use crate::notation::source::{Span, lines};
use crate::notation::{pbn, pinochle, preferans, rbn};
use crate::replay::Timeline;

#[derive(Debug, Error)]
pub enum OpenError {
    #[error("{path}: can't read: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: not a notation file kibitzer reads (expected RBN, RBX or PBN)")]
    NotNotation { path: PathBuf },
}

/// The sample archive shipped inside the binary, so that `kibitzer` with no
/// argument opens it from any directory.
pub const SAMPLE: &[u8] = include_bytes!("../../assets/sample.rbn");

/// A file's bytes and the notation they are in.
pub struct Archive {
    pub path: PathBuf,
    pub bytes: Bytes,
    pub format: SourceFormat,
}

impl Archive {
    pub fn open(path: &Path) -> Result<Archive, OpenError> {
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
        })
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
    for (pos, error) in Timeline::new(record).problems {
        record.problems.push(Problem::new(pos, error.to_string()));
    }
    record.problems.sort_by_key(|p| p.pos);
}

/// The notation of a file: by its first lines, with the extension deciding
/// between RBN and RBX when they do not. Content that is no notation at
/// all is refused whatever the file is called.
pub fn detect(path: &Path, bytes: &[u8]) -> Option<SourceFormat> {
    if let Some(format) = detect_preferans(bytes) {
        return Some(format);
    }
    // Portable Pinochle Notation announces itself in its first line.
    if bytes
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(bytes)
        .starts_with(b"% PPN")
    {
        return Some(SourceFormat::PpnPinochle);
    }
    let by_name = match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("rbn") => Some(SourceFormat::Rbn),
        Some("rbx") => Some(SourceFormat::Rbx),
        Some("pbn") => Some(SourceFormat::Pbn),
        _ => None,
    };
    for line in lines(bytes).take(1000) {
        let text = line.text.trim_end();
        let signature = text.strip_prefix('%').map(str::trim_start);
        match signature {
            Some(s) if s.starts_with("RBX") => return Some(SourceFormat::Rbx),
            Some(s) if s.starts_with("PBN") || s.starts_with("EXPORT") || s.starts_with("IMPORT") => {
                return Some(SourceFormat::Pbn);
            }
            Some(s) if s.starts_with("RBN") => return by_name.or(Some(SourceFormat::Rbn)),
            Some(_) => continue,
            None if text.is_empty() => continue,
            None => {
                return sniff(text).map(|found| {
                    if found == SourceFormat::Pbn {
                        found
                    } else {
                        by_name.unwrap_or(found)
                    }
                });
            }
        }
    }
    by_name
}

/// Preferans PPN by its own tags, or its JSON by its fields.
fn detect_preferans(bytes: &[u8]) -> Option<SourceFormat> {
    let head = &bytes[..bytes.len().min(4096)];
    let text = String::from_utf8_lossy(head);
    let start = text.trim_start();
    if (start.starts_with('{') || start.starts_with('[')) && text.contains("\"dealOrder\"") {
        return Some(SourceFormat::PpnPreferansJson);
    }
    (text.contains("[Bula") || text.contains("[Refe")).then_some(SourceFormat::PpnPreferans)
}

/// Judges a file by its first data line: RBN starts with a label or free
/// text; RBX has several label lines run together with `}`.
fn sniff(text: &str) -> Option<SourceFormat> {
    let looks_like_label = |s: &str| {
        let mut c = s.chars();
        matches!(c.next(), Some(l) if "DTLEFKSNBHACPRMI0123456789".contains(l))
            && matches!(c.next(), None | Some(' ') | Some('!'))
    };
    let pieces: Vec<&str> = text.split('}').collect();
    if text.starts_with(['[', ';']) || (text.starts_with('{') && text.contains('[')) {
        Some(SourceFormat::Pbn)
    } else if pieces.len() > 2 && pieces.iter().filter(|p| looks_like_label(p)).count() >= 2 {
        Some(SourceFormat::Rbx)
    } else if looks_like_label(text) || text.starts_with('{') {
        Some(SourceFormat::Rbn)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_apart() {
        let p = Path::new("x.txt");
        assert_eq!(detect(p, b"% RBN 3.2\nB 1\n"), Some(SourceFormat::Rbn));
        assert_eq!(detect(p, b"B 1}H N:AK}C 3N:N\n"), Some(SourceFormat::Rbx));
        assert_eq!(detect(p, b"\n{Intro}\nB 1\n"), Some(SourceFormat::Rbn));
        assert_eq!(detect(p, b"[Event \"x\"]\n"), Some(SourceFormat::Pbn));
        assert_eq!(detect(p, b"% PBN 2.1\n% EXPORT\n"), Some(SourceFormat::Pbn));
        assert_eq!(detect(Path::new("a.RBX"), b""), Some(SourceFormat::Rbx));
        assert_eq!(
            detect(Path::new("a.rbn"), b"[Event \"x\"]\n"),
            Some(SourceFormat::Pbn)
        );
        assert_eq!(detect(Path::new("a.rbn"), b"\x00\x9f\x12 junk"), None);
    }
}
