//! The scriptable side of kibitzer: `check`, `dump`, `results` and `show`.

mod dump;
mod progress;
mod results;
mod show;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::archive::{Archive, each_record};
use crate::model::Record;
use crate::scoring::{self, Entry, TableResult};
pub use dump::DumpRecord;
use progress::Progress;
pub use results::{Report, results};
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
    let mut progress = Progress::new(archive.bytes.len(), path.display().to_string());
    let field = field(&archive, &mut progress);
    let Some(only) = only else {
        return dump_all(&archive, &field, &mut progress, out).map(|_| 0);
    };
    let mut found = false;
    let mut records = archive.records();
    while let Some(record) = records.next() {
        progress.set(records.offset());
        if record.number == only {
            found = true;
            writeln!(out, "{}", json(&record, &field)?)?;
            break;
        }
    }
    if !found {
        writeln!(err, "{}: there is no record {only}", path.display())?;
        return Ok(1);
    }
    Ok(0)
}

/// Each record (by its place in the file) compared with the other tables
/// of its board, where it has others: a first pass over the file keeps
/// only what comparing needs.
fn field(archive: &Archive, progress: &mut Progress) -> Vec<Option<TableResult>> {
    let mut entries = Vec::new();
    each_record(
        &archive.bytes,
        archive.format,
        |record| Entry::of(&record),
        |done| progress.set(done / 2),
        |entry| {
            entries.push(entry);
            true
        },
    );
    let mut field = vec![None; entries.len()];
    for tables in scoring::group(&entries).iter().filter(|t| t.len() > 1) {
        for t in scoring::compare(&entries, tables).tables {
            let i = t.record;
            field[i] = Some(t);
        }
    }
    field
}

/// Every record as a line of JSON, read and written out on every core, in
/// file order; the first failure to write stops the rest.
fn dump_all(
    archive: &Archive,
    field: &[Option<TableResult>],
    progress: &mut Progress,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut failed = Ok(());
    let half = archive.bytes.len() / 2;
    each_record(
        &archive.bytes,
        archive.format,
        |record| json(&record, field),
        |done| progress.set(half + done / 2),
        |line| {
            failed = line.and_then(|line| writeln!(out, "{line}"));
            failed.is_ok()
        },
    );
    failed
}

fn json(record: &Record, field: &[Option<TableResult>]) -> io::Result<String> {
    let compared = field.get(record.number - 1).and_then(Option::as_ref);
    serde_json::to_string(&DumpRecord::compared(record, compared)).map_err(io::Error::other)
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
