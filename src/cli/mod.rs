//! The scriptable side of kibitzer: `check`, `dump`, `find`, `results` and
//! `show`.

mod convert;
mod dump;
mod find;
mod progress;
mod results;
mod show;
mod solving;
mod stats;

use std::cell::RefCell;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::archive::{Archive, check_replayed, each_record, every_board_alone, gather};
use crate::filter::{Filter, Subject};
use crate::model::{Record, Wanted};
use crate::replay::Timeline;
use crate::scoring::{self, Entry, TableResult};
pub use convert::{ConvertOptions, Rotation, convert};
pub use find::{FindOptions, find};
use progress::Progress;
pub use results::{Report, results};
pub use show::{ShowOptions, app_at, buffer_text, show};
pub use stats::{StatsOptions, stats};

/// Exit status of a command: 0 clean, 1 problems found, 2 a file unusable.
pub type Status = i32;

/// The notation files behind the names given, each problem with them told
/// on `err` (and whether there was one that makes a name unusable).
fn gather_told(names: &[PathBuf], err: &mut impl Write) -> io::Result<(Vec<Archive>, bool)> {
    let gathered = gather(names);
    for notice in &gathered.skipped {
        writeln!(err, "{}", printable(notice))?;
    }
    for e in &gathered.errors {
        writeln!(err, "{}", printable(&e.to_string()))?;
    }
    Ok((gathered.archives, !gathered.errors.is_empty()))
}

/// Says so when a file changed while it was read (and whether it did).
fn told_if_changed(archive: &Archive, err: &mut impl Write) -> io::Result<bool> {
    let changed = archive.changed();
    if changed {
        let name = printable(&archive.path.display().to_string());
        writeln!(err, "{name} changed while being read; read again")?;
    }
    Ok(changed)
}

/// Prints every problem as `FILE:LINE:COL: message` and a summary line.
pub fn check(files: &[PathBuf], out: &mut impl Write, err: &mut impl Write) -> io::Result<Status> {
    let (mut records, mut problems) = (0usize, 0usize);
    let (archives, mut unusable) = gather_told(files, err)?;
    for archive in &archives {
        let path = &archive.path;
        let mut written = Ok(());
        let mut progress = Progress::new(archive.bytes.len(), path.display().to_string());
        records += crate::archive::problems(
            &archive.bytes,
            archive.format,
            |done| {
                progress.set(done);
                true
            },
            |p| {
                problems += 1;
                if written.is_ok() {
                    written = writeln!(out, "{}:{}: {}", path.display(), p.pos, printable(&p.message));
                }
            },
        );
        written?;
        unusable |= told_if_changed(archive, err)?;
    }
    summary(records, problems, out)?;
    Ok(if unusable { 2 } else { i32::from(problems > 0) })
}

/// Every record of a file, turned by `make` (on every core, given the
/// record and its file's name, as a filter asks them) into what `emit`
/// takes, in file order, until `emit` says to stop; progress on stderr,
/// which `emit` may add to and which is handed back for work left over.
fn each_in_file<T: Send>(
    archive: &Archive,
    wants: Wanted,
    make: impl Fn(Record, &str) -> T + Sync,
    mut emit: impl FnMut(T, &mut Progress) -> bool,
) -> Progress {
    let file = archive.path.display().to_string();
    let progress = RefCell::new(Progress::new(archive.bytes.len(), file.clone()));
    each_record(
        &archive.bytes,
        archive.format,
        wants,
        |record| make(record, &file),
        |done| progress.borrow_mut().set(done),
        |made| emit(made, &mut progress.borrow_mut()),
    );
    progress.into_inner()
}

/// `check --where`: the problems of the records a filter lets through,
/// each read in full (vetting cannot ask a filter), and a summary line
/// that counts them.
pub fn check_where(
    files: &[PathBuf],
    filter: &Filter,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Status> {
    let (mut records, mut problems) = (0usize, 0usize);
    let (archives, mut unusable) = gather_told(files, err)?;
    for archive in &archives {
        let file = archive.path.display().to_string();
        let mut written = Ok(());
        each_in_file(
            archive,
            Wanted::ALL,
            |mut record, file| {
                filter.matches(Subject::new(&record, file)).then(|| {
                    crate::archive::check(&mut record);
                    record.problems
                })
            },
            |found, _| {
                let Some(found) = found else { return true };
                records += 1;
                problems += found.len();
                for p in found {
                    if written.is_ok() {
                        written = writeln!(out, "{file}:{}: {}", p.pos, printable(&p.message));
                    }
                }
                written.is_ok()
            },
        );
        written?;
        unusable |= told_if_changed(archive, err)?;
    }
    summary(records, problems, out)?;
    Ok(if unusable { 2 } else { i32::from(problems > 0) })
}

/// `check`'s last line: `N records, M problems`.
fn summary(records: usize, problems: usize, out: &mut impl Write) -> io::Result<()> {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    writeln!(
        out,
        "{}, {}",
        plural(records, "record"),
        plural(problems, "problem")
    )
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

/// Prints records as JSON Lines, each naming its file: all of them, or only
/// record `only` (counted over all the files).
pub fn dump(
    files: &[PathBuf],
    only: Option<usize>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Status> {
    dump_where(files, only, None, out, err).map(|(status, _)| status)
}

/// The same for the records `filter` matches (`only` counting among them),
/// with how many were written.
pub fn dump_where(
    files: &[PathBuf],
    only: Option<usize>,
    filter: Option<&Filter>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<(Status, usize)> {
    let mut written = 0;
    let status = dump_each(files, only, err, |archive, field, progress, passed| {
        let file = archive.path.display().to_string();
        let keep = |record: &Record| filter.is_none_or(|f| f.matches(Subject::new(record, &file)));
        let head = line_head(&archive.path);
        let Some(only) = only else {
            written += dump_all(archive, &head, field, progress, &keep, out)?;
            return Ok(false);
        };
        let mut records = archive.records_as_read();
        while let Some(record) = records.next() {
            if archive.bytes.changed() {
                return Ok(true);
            }
            progress.set(records.offset());
            *passed += usize::from(keep(&record));
            if *passed == only {
                out.write_all(&json(&head, record, field))?;
                written = 1;
                return Ok(true);
            }
        }
        Ok(false)
    })?;
    Ok((status, written))
}

/// What `dump` and `dump --dd` share: the files gathered, each file's
/// records compared with their boards' other tables, and `only` counted
/// over all the files. `write` writes one file's records, counting them
/// in `passed`, and says whether to stop (the record asked for is
/// written, or the file changed under it).
fn dump_each(
    files: &[PathBuf],
    only: Option<usize>,
    err: &mut impl Write,
    mut write: impl FnMut(&Archive, &[Option<TableResult>], &mut Progress, &mut usize) -> io::Result<bool>,
) -> io::Result<Status> {
    let (archives, unusable) = gather_told(files, err)?;
    let mut failed = if unusable { 2 } else { 0 };
    let mut passed = 0;
    for archive in &archives {
        let mut progress = Progress::new(archive.bytes.len(), archive.path.display().to_string());
        let field = field(archive, &mut progress);
        let stop = write(archive, &field, &mut progress, &mut passed)?;
        if told_if_changed(archive, err)? {
            failed = 2;
        }
        if stop {
            return Ok(failed);
        }
    }
    match only {
        Some(only) => {
            writeln!(err, "there is no record {only}")?;
            Ok(failed.max(1))
        }
        None => Ok(failed),
    }
}

/// Each record (by its place in the file) compared with the other tables
/// of its board, where it has others: a first pass over the file keeps
/// only what comparing needs. A file whose boards are each played once
/// has nothing to compare, which a pass at the pace of vetting tells.
fn field(archive: &Archive, progress: &mut Progress) -> Vec<Option<TableResult>> {
    if every_board_alone(&archive.bytes, archive.format, |done| progress.set(done / 2)) {
        return Vec::new();
    }
    let mut entries = Vec::new();
    each_record(
        &archive.bytes,
        archive.format,
        Wanted::ALL,
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

/// Every record `keep` keeps as a line of JSON, read and written out on
/// every core, in file order, counted; the first failure to write stops
/// the rest.
fn dump_all(
    archive: &Archive,
    head: &[u8],
    field: &[Option<TableResult>],
    progress: &mut Progress,
    keep: &(dyn Fn(&Record) -> bool + Sync),
    out: &mut impl Write,
) -> io::Result<usize> {
    let mut failed = Ok(());
    let mut written = 0;
    let half = archive.bytes.len() / 2;
    // Where every board was played once (nothing in the field), no two
    // records are the tables of one board: none is held back to be paired
    // with the next, and each is written on the core that read it.
    let wanted = match field {
        [] => Wanted {
            tables: false,
            ..Wanted::ALL
        },
        _ => Wanted::ALL,
    };
    each_record(
        &archive.bytes,
        archive.format,
        wanted,
        |record| keep(&record).then(|| json(head, record, field)),
        |done| progress.set(half + done / 2),
        |line| {
            if let Some(line) = line {
                written += 1;
                failed = out.write_all(&line);
            }
            failed.is_ok()
        },
    );
    failed.map(|()| written)
}

/// `dump --dd`: the records with their double-dummy keys, solved a batch
/// at a time on every core, in file order; `only` counts over all the
/// files, as for `dump`.
pub fn dump_dd(
    files: &[PathBuf],
    only: Option<usize>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Status> {
    dump_each(files, only, err, |archive, field, progress, passed| {
        let mut records = archive.records();
        let mut batch = Vec::new();
        loop {
            let next = records.next();
            let last = next.is_none();
            if let Some(record) = next {
                *passed += 1;
                batch.extend(Some(record).filter(|_| only.is_none_or(|n| n == *passed)));
            }
            let done = last || only.is_some_and(|n| *passed >= n);
            if batch.len() == crate::analysis::DD_BATCH || (done && !batch.is_empty()) {
                for line in dump::dd::lines(&archive.path, std::mem::take(&mut batch), field) {
                    out.write_all(&line)?;
                }
                progress.set(records.offset());
            }
            if done {
                return Ok(only.is_some_and(|n| *passed >= n));
            }
        }
    })
}

/// The start of every line of a file's JSON, `{"file":NAME`: the name
/// escaped once for all its records.
fn line_head(file: &Path) -> Vec<u8> {
    let mut head = Vec::new();
    dump::json::Object::new(&mut head).field("file", file.display().to_string());
    head
}

/// A record's line of JSON begun in `line` after its file's `head`: the
/// record's keys from its replay, with its comparison with the other
/// tables of its board, from `field` (by the record's place in its
/// file). The object is left open for more keys (`dump --dd`'s).
fn record_keys<'a>(
    line: &'a mut Vec<u8>,
    head: &[u8],
    record: &Record,
    timeline: &Timeline,
    field: &[Option<TableResult>],
) -> dump::json::Object<'a> {
    line.extend_from_slice(head);
    let compared = field.get(record.number - 1).and_then(Option::as_ref);
    let mut keys = dump::json::Object::continued(line);
    dump::write(&mut keys, record, timeline, compared);
    keys
}

/// A record's line of JSON as `dump` writes it, without the newline,
/// compared with no other table.
pub fn dump_line(file: &Path, record: &Record) -> String {
    let mut line = Vec::new();
    record_keys(&mut line, &line_head(file), record, &Timeline::new(record), &[]).end();
    String::from_utf8(line).expect("JSON is UTF-8")
}

/// A record checked and written as a line of JSON, newline and all: the
/// check's replay is the one the line shows.
fn json(head: &[u8], mut record: Record, field: &[Option<TableResult>]) -> Vec<u8> {
    let timeline = check_replayed(&mut record);
    // Room for a bridge record's line, which is about 2,000 bytes.
    let mut line = Vec::with_capacity(4096);
    record_keys(&mut line, head, &record, &timeline, field).end();
    line.push(b'\n');
    line
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
