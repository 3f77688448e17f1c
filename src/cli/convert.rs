//! `kibitzer convert`: every record of the files written in another
//! notation, streaming, with what the target has no place for named on
//! standard error record by record.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{Status, gather_told, printable, told_if_changed};
use crate::archive::{Archive, read_checked};
use std::str::FromStr;

use crate::model::{Record, Rules, Seat, quarters_between, rotate};
use crate::notation::convert::{Target, Writer, losses};

/// Output is handed on in pieces of about this many bytes, so that memory
/// does not grow with the file.
const PIECE: usize = 1 << 16;

/// How `--rotate` turns each record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rotation {
    /// `south`: declarer (or, without a contract, the dealer) to this seat.
    Declarer(Seat),
    /// `west=south`: the hand at the first seat to the second, every record.
    Between(Seat, Seat),
}

impl FromStr for Rotation {
    type Err = String;

    fn from_str(s: &str) -> Result<Rotation, String> {
        let seat = |word: &str| {
            let seat = Seat::ALL.into_iter().find(|seat| {
                seat.name().eq_ignore_ascii_case(word) || seat.abbreviation().eq_ignore_ascii_case(word)
            });
            seat.filter(|&seat| Rules::Bridge.seats().contains(&seat))
                .ok_or_else(|| format!("`{word}` is not a bridge seat (north, east, south, west)"))
        };
        match s.split_once('=') {
            Some((from, to)) => Ok(Rotation::Between(seat(from)?, seat(to)?)),
            None => Ok(Rotation::Declarer(seat(s)?)),
        }
    }
}

impl Rotation {
    /// Turns the record as asked; None when it has no declarer or dealer to
    /// turn by, or is not a bridge deal.
    fn apply(self, r: &mut Record) -> Option<()> {
        let quarters = match self {
            Rotation::Between(from, to) => quarters_between(from, to),
            Rotation::Declarer(to) => quarters_between(r.declarer().or(r.dealer())?, to),
        };
        rotate(r, quarters).then_some(())
    }
}

/// What `convert` was asked for beside the files.
pub struct ConvertOptions {
    pub to: Target,
    pub rotate: Option<Rotation>,
    /// Only count the records that lost something, rather than name each.
    pub quiet: bool,
}

/// What the conversion met, for the closing line and the exit status.
#[derive(Default)]
struct Tally {
    records: usize,
    lossy: usize,
    refused: usize,
}

/// Writes every record of `files` to `out` in the target notation. Exit
/// status: 0 when every record was written, 1 when the target refused
/// some, 2 when a file could not be used.
pub fn convert(
    files: &[PathBuf],
    options: &ConvertOptions,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Status> {
    let (archives, mut unusable) = gather_told(files, err)?;
    let mut conversion = Conversion {
        options,
        writer: Writer::new(options.to),
        text: String::new(),
        tally: Tally::default(),
    };
    conversion.writer.start(&mut conversion.text);
    for archive in &archives {
        conversion.archive(archive, out, err)?;
        unusable |= told_if_changed(archive, err)?;
    }
    conversion.writer.finish(&mut conversion.text);
    out.write_all(conversion.text.as_bytes())?;
    summary(&conversion.tally, options, err)?;
    Ok(if unusable {
        2
    } else {
        i32::from(conversion.tally.refused > 0)
    })
}

/// A conversion under way: the writer and what it wrote not yet handed on.
struct Conversion<'a> {
    options: &'a ConvertOptions,
    writer: Writer,
    text: String,
    tally: Tally,
}

impl Conversion<'_> {
    fn archive(&mut self, archive: &Archive, out: &mut impl Write, err: &mut impl Write) -> io::Result<()> {
        let to = self.options.to;
        for mut record in read_checked(&archive.bytes, archive.format) {
            self.tally.records += 1;
            if let Some(rotation) = self.options.rotate
                && rotation.apply(&mut record).is_none()
            {
                told(
                    err,
                    &archive.path,
                    &record,
                    "not turned: no declarer or dealer to turn by",
                )?;
            }
            let lost = match self.writer.record(&record, &mut self.text) {
                Ok(()) => losses(&record, to),
                Err(why) => Err(why),
            };
            match lost {
                Ok(lost) if lost.is_empty() => {}
                Ok(lost) => {
                    self.tally.lossy += 1;
                    if !self.options.quiet {
                        let what = format!("{to} has no place for {}", joined(&lost));
                        told(err, &archive.path, &record, &what)?;
                    }
                }
                Err(why) => {
                    self.tally.refused += 1;
                    told(err, &archive.path, &record, &format!("not written: {why}"))?;
                }
            }
            if self.text.len() >= PIECE {
                out.write_all(self.text.as_bytes())?;
                self.text.clear();
            }
        }
        Ok(())
    }
}

/// `FILE:LINE:1: record N: what`, the record's first line standing for it.
fn told(err: &mut impl Write, path: &Path, record: &Record, what: &str) -> io::Result<()> {
    let name = printable(&path.display().to_string());
    writeln!(err, "{name}:{}:1: record {}: {what}", record.line, record.number)
}

/// "a, b and c".
fn joined(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn summary(tally: &Tally, options: &ConvertOptions, err: &mut impl Write) -> io::Result<()> {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let Tally {
        records,
        lossy,
        refused,
    } = *tally;
    write!(
        err,
        "{records} record{} converted to {}",
        plural(records),
        options.to
    )?;
    if lossy > 0 {
        write!(err, "; {lossy} lost what {} has no place for", options.to)?;
        if options.quiet {
            write!(err, " (without --quiet, each is named)")?;
        }
    }
    if refused > 0 {
        write!(err, "; {refused} could not be written")?;
    }
    writeln!(err)
}

#[cfg(test)]
mod tests {
    use super::joined;

    #[test]
    fn names_are_joined_as_a_sentence_says_them() {
        assert_eq!(joined(&["the date"]), "the date");
        assert_eq!(joined(&["the date", "the event"]), "the date and the event");
        assert_eq!(joined(&["a", "b", "c"]), "a, b and c");
    }
}
