//! `kibitzer convert`: every record of the files written in another
//! notation, streaming, with what the target has no place for named on
//! standard error record by record.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{Status, gather_told, printable, told_if_changed};
use crate::archive::{Archive, read_checked};
use crate::model::Record;
use crate::notation::convert::{Target, Writer, losses};

/// Output is handed on in pieces of about this many bytes, so that memory
/// does not grow with the file.
const PIECE: usize = 1 << 16;

/// What `convert` was asked for beside the files.
pub struct ConvertOptions {
    pub to: Target,
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
        for record in read_checked(&archive.bytes, archive.format) {
            self.tally.records += 1;
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
