//! Opening a file: which notation it is in, and its records read and
//! checked against the rules of the game.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::model::{Problem, Record, SourceFormat};
use crate::notation::source::lines;
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
pub const SAMPLE: &[u8] = include_bytes!("../assets/sample.rbn");

/// A file's bytes and the notation they are in.
pub struct Archive {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    pub format: SourceFormat,
}

impl Archive {
    pub fn open(path: &Path) -> Result<Archive, OpenError> {
        let bytes = std::fs::read(path).map_err(|source| OpenError::Io {
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
    pub fn records(&self) -> impl Iterator<Item = Record> + '_ {
        read_checked(&self.bytes, self.format)
    }
}

/// Reads records from bytes in a known notation and checks each one.
pub fn read_checked(bytes: &[u8], format: SourceFormat) -> impl Iterator<Item = Record> + '_ {
    let records: Box<dyn Iterator<Item = Record>> = match format {
        SourceFormat::Pbn => Box::new(pbn::Reader::new(bytes)),
        SourceFormat::PpnPreferans => Box::new(preferans::read(bytes).into_iter()),
        SourceFormat::PpnPreferansJson => Box::new(preferans::read_json(bytes).into_iter()),
        SourceFormat::PpnPinochle => Box::new(pinochle::Reader::new(bytes)),
        _ => Box::new(rbn::Reader::new(bytes, format)),
    };
    records.map(|mut record| {
        check(&mut record);
        record
    })
}

/// Every problem of every record, in file order, handed to `each`; and the
/// number of records. Records vetting vouches for are not read in full,
/// which is what makes this fast on a large archive.
pub fn problems(bytes: &[u8], format: SourceFormat, mut each: impl FnMut(&Problem)) -> usize {
    let mut count = 0;
    let mut report = |record: &Record| record.problems.iter().for_each(&mut each);
    if format == SourceFormat::Pbn {
        let mut context = pbn::Context::default();
        for span in pbn::Scan::new(bytes) {
            count += 1;
            let text = std::str::from_utf8(&bytes[span.start..span.end]).ok();
            if !span.run_on && text.is_some_and(|t| pbn::vet(t, &mut context)) {
                continue;
            }
            let mut record = pbn::read_span(bytes, &span, count, &mut context);
            check(&mut record);
            report(&record);
        }
    } else if matches!(format, SourceFormat::Rbn | SourceFormat::Rbx) {
        let mut carry = rbn::Carry::default();
        for span in rbn::Scan::new(bytes, format) {
            count += 1;
            let text = std::str::from_utf8(&bytes[span.start..span.end]).ok();
            if text.is_some_and(|t| rbn::vet(t, format, span.table, &mut carry)) {
                continue;
            }
            let mut record = rbn::read_span(bytes, &span, count, format, &mut carry);
            check(&mut record);
            report(&record);
        }
    } else {
        for record in read_checked(bytes, format) {
            count += 1;
            report(&record);
        }
    }
    count
}

/// Adds to a record's problems the breaks of the rules: calls out of turn
/// or insufficient, cards not held or revokes. Problems end up in file order.
pub fn check(record: &mut Record) {
    if let Some(auction) = &record.auction {
        let (_, errors) = auction.calls();
        for (entry, error) in errors {
            let pos = auction.entries[entry].pos;
            record.problems.push(Problem::new(pos, error.to_string()));
        }
    }
    for (pos, message) in Timeline::new(record).problems {
        record.problems.push(Problem::new(pos, message));
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
