//! `find`: the records a filter matches, a line each, their count, or
//! dump's JSON; the exit status is grep's (0 something matched, 1 nothing
//! did, 2 a bad expression or file).

use std::io::{self, Write};
use std::path::PathBuf;

use super::solving::Solving;
use super::{Status, dump_where, gather_told, printable, told_if_changed};
use crate::archive::Archive;
use crate::filter::Filter;
use crate::model::{Record, Wanted};

/// How `find` writes what it found.
#[derive(Clone, Copy, Debug, Default)]
pub struct FindOptions {
    /// Only how many matched: a number, or `FILE:N` a file when there are
    /// several, as `grep -c` writes them.
    pub count: bool,
    /// dump's JSON line for each match.
    pub json: bool,
    /// Deals without a double-dummy table solved where the filter asks.
    pub solve: bool,
}

pub fn find(
    filter: &Filter,
    files: &[PathBuf],
    options: FindOptions,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Status> {
    if options.json {
        let (status, written) = dump_where(files, None, Some(filter), out, err)?;
        return Ok(status.max(i32::from(written == 0)));
    }
    let (archives, mut unusable) = gather_told(files, err)?;
    let mut matched = 0;
    let mut solving = Solving::new(options.solve);
    for archive in &archives {
        let found = found_in(filter, archive, options.count, &mut solving, out)?;
        if options.count && archives.len() > 1 {
            writeln!(out, "{}:{found}", printable(&archive.path.display().to_string()))?;
        }
        matched += found;
        unusable |= told_if_changed(archive, err)?;
    }
    if options.count && archives.len() <= 1 {
        writeln!(out, "{matched}")?;
    }
    solving.tell(err)?;
    Ok(if unusable { 2 } else { i32::from(matched == 0) })
}

/// The matches in one file, written unless only counted; how many.
fn found_in(
    filter: &Filter,
    archive: &Archive,
    count: bool,
    solving: &mut Solving,
    out: &mut impl Write,
) -> io::Result<usize> {
    let (mut found, mut written) = (0, Ok(()));
    solving.each_answered(
        archive,
        // A match's line names its players.
        filter.wanted().and(Wanted {
            names: !count,
            ..Wanted::LEAST
        }),
        |subject| {
            let line = || (!count).then(|| line(subject.file, subject.record));
            filter.answer(subject).map(|matched| matched.then(line))
        },
        |made| {
            if let Some(line) = made {
                found += 1;
                if let Some(line) = line {
                    written = writeln!(out, "{line}");
                }
            }
            written.is_ok()
        },
    );
    written.map(|()| found)
}

/// A match as `FILE:LINE: record N, board B, 3NTX by E -2, N name E name
/// S name W name`, what the record lacks left out.
fn line(file: &str, r: &Record) -> String {
    let mut parts = vec![format!("record {}", r.number)];
    parts.extend(r.board.as_ref().map(|b| format!("board {}", b.number)));
    let contract = r.contract_text().map(|c| match r.declarer() {
        Some(d) => format!("{c} by {d}"),
        None => c,
    });
    let played = [contract, r.result_text()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>();
    if !played.is_empty() {
        parts.push(played.join(" "));
    }
    let seats = r.rules().seats();
    let names: Vec<String> = seats
        .iter()
        .filter_map(|&s| r.player(s).map(|name| format!("{s} {name}")))
        .collect();
    if !names.is_empty() {
        parts.push(names.join(" "));
    }
    printable(&format!("{file}:{}: {}", r.line, parts.join(", ")))
}
