//! Every problem of an archive, as fast as the machine allows: records are
//! vetted rather than read where vetting can vouch for them, and vetted on
//! every core.
//!
//! Records are independent but for what one hands the next (PBN's carried
//! tags, RBN's repeating labels). So the file is taken a window of records
//! at a time and cut into batches; every batch but the first is vetted on
//! its own from a partial context that knows only what the batch itself
//! gives, up to the first record it can't vouch for. The batches are then
//! joined in order: each partial context is laid over the exact one, and
//! what a batch left over is checked one record at a time with the exact
//! context, reading in full what vetting still can't vouch for. Problems
//! come out in file order, and memory holds one window whatever the size
//! of the file.

use rayon::prelude::*;

use super::{check, lost, read_checked};
use crate::model::{Problem, Record, SourceFormat};
use crate::notation::rbn;
use crate::notation::source::Span;
use crate::notation::{lin, pbn};

/// Records vetted together on one core; a window is 64 batches.
const BATCH: usize = 1024;

/// What the quick check needs of a notation.
pub(crate) trait Notation: Sync {
    type Context: Clone + Send + Sync;
    fn exact(&self) -> Self::Context;
    fn partial(&self) -> Self::Context;
    /// Whether batches vetted from partial contexts still hold after the
    /// exact context: things that change every record after them (PBN's
    /// `##`, RBN's fixed labels) are not in a partial context.
    fn still_holds(&self, exact: &Self::Context) -> bool;
    fn overlay(&self, exact: &mut Self::Context, later: &Self::Context);
    fn scan<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a>;
    fn vet(&self, text: &str, span: &Span, context: &mut Self::Context) -> bool;
    fn read(&self, bytes: &[u8], span: &Span, number: usize, context: &mut Self::Context) -> Record;
    /// Marks the two tables of a board among records read one by one, where
    /// the scan did not.
    fn pair(&self, _records: &mut [Record]) {}
}

pub(crate) struct Pbn;

impl Notation for Pbn {
    type Context = pbn::Context;
    fn exact(&self) -> pbn::Context {
        pbn::Context::default()
    }
    fn partial(&self) -> pbn::Context {
        pbn::Context::partial()
    }
    fn still_holds(&self, exact: &pbn::Context) -> bool {
        !exact.has_sticky()
    }
    fn overlay(&self, exact: &mut pbn::Context, later: &pbn::Context) {
        exact.overlay(later);
    }
    fn scan<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a> {
        Box::new(pbn::Scan::new(bytes))
    }
    fn vet(&self, text: &str, span: &Span, context: &mut pbn::Context) -> bool {
        // A game run on after another has a fault to report.
        !span.run_on && pbn::vet(text, context)
    }
    fn read(&self, bytes: &[u8], span: &Span, number: usize, context: &mut pbn::Context) -> Record {
        pbn::read_span(bytes, span, number, context)
    }
    fn pair(&self, records: &mut [Record]) {
        for i in 1..records.len() {
            if let [first, second] = &mut records[i - 1..=i]
                && pbn::same_match(first, second)
            {
                (first.table, second.table) = (Some(1), Some(2));
            }
        }
    }
}

pub(crate) struct Rbn(pub SourceFormat);

impl Notation for Rbn {
    type Context = rbn::Carry;
    fn exact(&self) -> rbn::Carry {
        rbn::Carry::default()
    }
    fn partial(&self) -> rbn::Carry {
        rbn::Carry::partial()
    }
    fn still_holds(&self, exact: &rbn::Carry) -> bool {
        !exact.has_fixed()
    }
    fn overlay(&self, exact: &mut rbn::Carry, later: &rbn::Carry) {
        exact.overlay(later);
    }
    fn scan<'a>(&self, bytes: &'a [u8]) -> Box<dyn Iterator<Item = Span> + 'a> {
        Box::new(rbn::Scan::new(bytes, self.0))
    }
    fn vet(&self, text: &str, span: &Span, carry: &mut rbn::Carry) -> bool {
        rbn::vet(text, self.0, span.table, carry)
    }
    fn read(&self, bytes: &[u8], span: &Span, number: usize, carry: &mut rbn::Carry) -> Record {
        rbn::read_span(bytes, span, number, self.0, carry)
    }
}

/// Every problem of every record, in file order, handed to `each`; and the
/// number of records. `done` hears how many bytes have been checked, now
/// and then, and says whether to go on: the viewer's background check
/// stops when nobody is left to hear it (the file was read again, or the
/// catalog let go), instead of checking a million records for no one.
pub fn problems(
    bytes: &[u8],
    format: SourceFormat,
    done: impl FnMut(usize) -> bool,
    each: impl FnMut(&Problem),
) -> usize {
    problems_in_batches(bytes, format, BATCH, done, each)
}

/// The same, in batches of `batch` records (for tests of the joins).
pub fn problems_in_batches(
    bytes: &[u8],
    format: SourceFormat,
    batch: usize,
    mut done: impl FnMut(usize) -> bool,
    each: impl FnMut(&Problem),
) -> usize {
    match format {
        SourceFormat::Pbn => run(&Pbn, bytes, batch, done, each),
        SourceFormat::Rbn | SourceFormat::Rbx => run(&Rbn(format), bytes, batch, done, each),
        SourceFormat::Lin => match lin_vouched(bytes, &mut done) {
            Some(count) => count,
            None => read_whole(bytes, format, done, each),
        },
        _ => read_whole(bytes, format, done, each),
    }
}

fn read_whole(
    bytes: &[u8],
    format: SourceFormat,
    mut done: impl FnMut(usize) -> bool,
    mut each: impl FnMut(&Problem),
) -> usize {
    let count = read_checked(bytes, format)
        .inspect(|record| record.problems.iter().for_each(&mut each))
        .count();
    done(bytes.len());
    count
}

/// LIN written a board to a line, as BBO writes hand records: every line
/// vetted, a window of lines at a time on every core. The count of boards
/// when every line is vouched for and no board comes twice, so that there
/// is nothing to report; None sends the file to the full reader.
fn lin_vouched(bytes: &[u8], done: &mut impl FnMut(usize) -> bool) -> Option<usize> {
    const WINDOW: usize = 16 << 20;
    let body = &bytes[crate::notation::source::bom_len(bytes)..];
    let mut seen = std::collections::HashSet::new();
    let (mut at, mut count) = (0, 0);
    while at < body.len() {
        let end = (at + WINDOW).min(body.len());
        let end = memchr::memchr(b'\n', &body[end..]).map_or(body.len(), |i| end + i + 1);
        let lines: Vec<&[u8]> = body[at..end]
            .split(|&b| b == b'\n')
            .filter(|l| !crate::notation::source::is_blank(l))
            .collect();
        let boards: Option<Vec<lin::Identity>> = lines.par_iter().map(|l| lin::vet_line(l)).collect();
        for board in boards? {
            seen.insert(board).then_some(())?;
            count += 1;
        }
        at = end;
        if !done(at) {
            break;
        }
    }
    Some(count)
}

pub(crate) fn vet_span<N: Notation>(n: &N, bytes: &[u8], span: &Span, context: &mut N::Context) -> bool {
    std::str::from_utf8(&bytes[span.start..span.end]).is_ok_and(|text| n.vet(text, span, context))
}

/// Each batch vetted on its own core: how many of its records lead off
/// vouched for, and the context after them. The first batch starts from
/// the exact context, the others from what a batch alone can know.
fn vet_batches<N: Notation>(
    n: &N,
    bytes: &[u8],
    batches: &[&[Span]],
    exact: &N::Context,
) -> Vec<(usize, N::Context)> {
    batches
        .par_iter()
        .enumerate()
        .map(|(i, batch)| {
            let mut context = if i == 0 { exact.clone() } else { n.partial() };
            let vouched = batch
                .iter()
                .take_while(|span| vet_span(n, bytes, span, &mut context))
                .count();
            (vouched, context)
        })
        .collect()
}

fn run<N: Notation>(
    n: &N,
    bytes: &[u8],
    batch: usize,
    mut done: impl FnMut(usize) -> bool,
    mut each: impl FnMut(&Problem),
) -> usize {
    let mut scan = n.scan(bytes);
    let mut exact = n.exact();
    let mut count = 0;
    // A file cut short under the check: what is left reads as blank lines,
    // and the caller says the file changed.
    loop {
        let spans: Vec<Span> = scan.by_ref().take(64 * batch).collect();
        if lost(bytes) {
            break;
        }
        let Some(last) = spans.last() else { break };
        let batches: Vec<&[Span]> = spans.chunks(batch).collect();
        let vetted = vet_batches(n, bytes, &batches, &exact);
        for (i, (batch, (vouched, context))) in batches.iter().zip(vetted).enumerate() {
            let vouched = match i {
                0 => {
                    exact = context;
                    vouched
                }
                _ if vouched > 0 && n.still_holds(&exact) => {
                    n.overlay(&mut exact, &context);
                    vouched
                }
                _ => 0,
            };
            count += vouched;
            for span in &batch[vouched..] {
                count += 1;
                if lost(bytes) {
                    return count;
                }
                if vet_span(n, bytes, span, &mut exact) {
                    continue;
                }
                let mut record = n.read(bytes, span, count, &mut exact);
                check(&mut record);
                record.problems.iter().for_each(&mut each);
            }
        }
        if !done(last.end) {
            break;
        }
    }
    count
}

/// Records read in full on each core at once, for `dump`.
const READ_BATCH: usize = 128;

/// Every record, read in full and checked, turned by `make` into what
/// `emit` takes, in file order, until `emit` says to stop. Records are read on every core: the
/// context each batch starts from is found first, quickly (vetting where
/// it can vouch), then the batches are read side by side. A window of a few
/// batches per core is held at a time, whatever the size of the file.
pub fn each_record<T: Send>(
    bytes: &[u8],
    format: SourceFormat,
    make: impl Fn(Record) -> T + Sync,
    mut done: impl FnMut(usize),
    mut emit: impl FnMut(T) -> bool,
) {
    // On one core, holding a window of records only costs: records are
    // read and handed on one at a time.
    let sides = rayon::current_num_threads() > 1;
    match format {
        SourceFormat::Pbn if sides => read_all(&Pbn, bytes, make, done, emit),
        SourceFormat::Rbn | SourceFormat::Rbx if sides => read_all(&Rbn(format), bytes, make, done, emit),
        _ => {
            let mut records = read_checked(bytes, format);
            while let Some(record) = records.next() {
                if !emit(make(record)) {
                    return;
                }
                done(records.offset());
            }
        }
    }
}

fn read_all<N: Notation, T: Send>(
    n: &N,
    bytes: &[u8],
    make: impl Fn(Record) -> T + Sync,
    mut done: impl FnMut(usize),
    mut emit: impl FnMut(T) -> bool,
) {
    let window = READ_BATCH * 4 * rayon::current_num_threads();
    let mut scan = n.scan(bytes);
    let mut exact = n.exact();
    let mut count = 0;
    // The last record read, held until the next shows whether the two are
    // the tables of one board.
    let mut held: Option<Record> = None;
    loop {
        let spans: Vec<Span> = scan.by_ref().take(window).collect();
        if lost(bytes) {
            return;
        }
        let Some(last) = spans.last() else { break };
        let mut starts = Vec::new();
        for (i, span) in spans.iter().enumerate() {
            if i % READ_BATCH == 0 {
                starts.push(exact.clone());
            }
            if !vet_span(n, bytes, span, &mut exact) {
                n.read(bytes, span, count + i + 1, &mut exact);
            }
        }
        let read: Vec<Record> = spans
            .par_chunks(READ_BATCH)
            .zip(starts)
            .enumerate()
            .flat_map_iter(|(b, (batch, mut context))| {
                let first = count + b * READ_BATCH + 1;
                let read = move |(i, span): (usize, &Span)| {
                    let mut record = n.read(bytes, span, first + i, &mut context);
                    check(&mut record);
                    record
                };
                batch.iter().enumerate().map(read).collect::<Vec<_>>()
            })
            .collect();
        let mut records: Vec<Record> = held.take().into_iter().chain(read).collect();
        n.pair(&mut records);
        held = records.pop();
        let made: Vec<T> = records.into_par_iter().map(&make).collect();
        if !made.into_iter().all(&mut emit) {
            return;
        }
        count += spans.len();
        done(last.end);
    }
    if let Some(record) = held {
        emit(make(record));
    }
}
