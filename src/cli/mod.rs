//! The scriptable side of kibitzer: `check` and `dump`.

mod dump;
mod progress;
mod show;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::archive::Archive;
pub use dump::DumpRecord;
use progress::Progress;
pub use show::{ShowOptions, app_at, buffer_text, show};

/// Exit status of a command: 0 clean, 1 problems found, 2 a file unusable.
pub type Status = i32;

/// Prints every problem as `FILE:LINE:COL: message` and a summary line.
pub fn check(files: &[PathBuf], out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let (mut records, mut problems, mut unusable) = (0usize, 0usize, false);
    for path in files {
        let archive = match Archive::open(path) {
            Ok(a) => a,
            Err(e) => {
                writeln!(err, "{e}")?;
                unusable = true;
                continue;
            }
        };
        let mut written = Ok(());
        let mut progress = Progress::new(archive.bytes.len(), path.display().to_string());
        records += crate::archive::problems(
            &archive.bytes,
            archive.format,
            |done| progress.set(done),
            |p| {
                problems += 1;
                if written.is_ok() {
                    written = writeln!(out, "{}:{}: {}", path.display(), p.pos, printable(&p.message));
                }
            },
        );
        written?;
    }
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    writeln!(
        out,
        "{}, {}",
        plural(records, "record"),
        plural(problems, "problem")
    )?;
    Ok(if unusable { 2 } else { i32::from(problems > 0) })
}

/// Text from a file with its control characters (escape sequences among
/// them) written as visible escapes, so that printing it cannot drive the
/// terminal.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Prints records as JSON Lines: all of them, or only record `only`.
pub fn dump(
    path: &Path,
    only: Option<usize>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Status> {
    let archive = match Archive::open(path) {
        Ok(a) => a,
        Err(e) => {
            writeln!(err, "{e}")?;
            return Ok(2);
        }
    };
    let mut found = false;
    let mut progress = Progress::new(archive.bytes.len(), path.display().to_string());
    let mut records = archive.records();
    while let Some(record) = records.next() {
        progress.set(records.offset());
        if only.is_some_and(|n| n != record.number) {
            continue;
        }
        found = true;
        serde_json::to_writer(&mut *out, &DumpRecord::new(&record))?;
        writeln!(out)?;
        if only.is_some() {
            break;
        }
    }
    if let (Some(n), false) = (only, found) {
        writeln!(err, "{}: there is no record {n}", path.display())?;
        return Ok(1);
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_not_obeyed() {
        assert_eq!(printable("a\u{1b}[31mb\tc"), "a\\u{1b}[31mb\\tc");
        assert_eq!(printable("Joé ♠"), "Joé ♠");
    }
}
