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

use super::{check, lost};
use crate::model::{Problem, Record, SourceFormat, Wanted};
use crate::notation::door::{Context, Notation, pair, read_one, read_one_wanting};
use crate::notation::reading::{self, Reading};
use crate::notation::source::{Held, Span};

/// Records vetted together on one core; a window is 64 batches.
const BATCH: usize = 1024;

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
    let n = reading::of(format);
    if let Some(count) = n.vouch_whole(bytes, &mut done) {
        return count;
    }
    run(n, bytes, batch, done, each)
}

pub(crate) fn vet_span(n: &dyn Notation, bytes: &[u8], span: &Span, context: &mut Context) -> bool {
    std::str::from_utf8(&bytes[span.start..span.end]).is_ok_and(|text| n.vet(text, span, context))
}

pub(crate) fn hand_on_span(n: &dyn Notation, bytes: &[u8], span: &Span, context: &mut Context) -> bool {
    std::str::from_utf8(&bytes[span.start..span.end]).is_ok_and(|text| n.hand_on(text, span, context))
}

/// How a record is passed quickly: vetted (`check`), or only handed on
/// (a reader that wants each batch's starting context).
type Pass = fn(&dyn Notation, &[u8], &Span, &mut Context) -> bool;

/// Each batch passed on its own core: how many of its records lead off
/// passed, and the context after them. The first batch starts from the
/// exact context, the others from what a batch alone can know.
fn pass_batches(
    n: &dyn Notation,
    bytes: &[u8],
    batches: &[&[Span]],
    exact: &Context,
    pass: Pass,
) -> Vec<(usize, Context)> {
    batches
        .par_iter()
        .enumerate()
        .map(|(i, batch)| {
            let mut context = if i == 0 { exact.clone() } else { n.partial() };
            let passed = batch
                .iter()
                .take_while(|span| pass(n, bytes, span, &mut context))
                .count();
            (passed, context)
        })
        .collect()
}

fn run(
    n: &dyn Notation,
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
        let vetted = pass_batches(n, bytes, &batches, &exact, vet_span);
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
            if !check_in_order(n, bytes, &batch[vouched..], &mut count, &mut exact, &mut each) {
                return count;
            }
        }
        if !done(last.end) {
            break;
        }
    }
    count
}

/// Records the batches could not vouch for, each vetted with the exact
/// context and, where vetting can't vouch, read and checked; `count` the
/// records done. False when the file was cut short under the check.
fn check_in_order(
    n: &dyn Notation,
    bytes: &[u8],
    spans: &[Span],
    count: &mut usize,
    exact: &mut Context,
    each: &mut impl FnMut(&Problem),
) -> bool {
    for span in spans {
        if lost(bytes) {
            return false;
        }
        if vet_span(n, bytes, span, exact) {
            *count += 1;
            continue;
        }
        // Read from a copy: the checks of the full reader must not see the
        // file change under them (source.rs, `Held`).
        let held = Held::of(bytes, span);
        n.read(&held.bytes, &held.span, *count + 1, exact, &mut |mut record| {
            *count += 1;
            check(&mut record);
            record.problems.iter().for_each(&mut *each);
        });
    }
    true
}

/// Records read in full on each core at once, for `dump`. A window holds
/// four batches a core: at 128 records a batch, what a window made (a
/// line of JSON a record, for dump) outgrew the caches, and larger
/// windows were slower still; at 32, no faster than 64.
const READ_BATCH: usize = 64;

/// Every record, read as far as the caller `wants` (in full, the tables of
/// a match marked, for `Wanted::ALL`), turned by `make` into what `emit`
/// takes, in file order, until `emit` says to stop.
/// The rules are not checked: `make` checks a record when its caller wants
/// the problems, and on every core. Records are read on every core: the
/// context each batch starts from is found first, quickly (handing records
/// on where the notation can), then the batches are read side by side. A
/// window of a few batches per core is held at a time, whatever the size
/// of the file.
pub fn each_record<T: Send>(
    bytes: &[u8],
    format: SourceFormat,
    wants: Wanted,
    make: impl Fn(Record) -> T + Sync,
    mut done: impl FnMut(usize),
    mut emit: impl FnMut(T) -> bool,
) {
    // On one core, holding a window of records only costs: records are
    // read and handed on one at a time.
    let n = reading::of(format);
    if rayon::current_num_threads() > 1 && n.indexed() {
        return read_all(n, bytes, wants, make, done, emit);
    }
    let mut records = Reading::new(bytes, format);
    while let Some(record) = records.next() {
        if !emit(make(record)) {
            return;
        }
        done(records.offset());
    }
}

/// The exact context each batch of `spans` starts from, found by handing
/// the batches on, on every core, from partial contexts and joining them in
/// order, as the check does; `exact` is left after the last. A record that
/// can't be handed on so is read, with the exact context, for what it
/// hands on; `count` records come before the first.
fn starts(n: &dyn Notation, bytes: &[u8], spans: &[Span], count: usize, exact: &mut Context) -> Vec<Context> {
    let batches: Vec<&[Span]> = spans.chunks(READ_BATCH).collect();
    let handed = pass_batches(n, bytes, &batches, exact, hand_on_span);
    let mut starts = Vec::with_capacity(batches.len());
    for (i, (batch, (passed, context))) in batches.iter().zip(handed).enumerate() {
        starts.push(exact.clone());
        let passed = match i {
            0 => {
                *exact = context;
                passed
            }
            _ if passed > 0 && n.still_holds(exact) => {
                n.overlay(exact, &context);
                passed
            }
            _ => 0,
        };
        for (k, span) in batch.iter().enumerate().skip(passed) {
            if !hand_on_span(n, bytes, span, exact) {
                read_one(n, bytes, span, count + i * READ_BATCH + k + 1, exact);
            }
        }
    }
    starts
}

/// The window's records read on every core as far as the caller `wants`,
/// each batch from its start, and made by `make` on the core that read
/// them; `count` records come before the window.
fn made_where_read<T: Send>(
    n: &dyn Notation,
    bytes: &[u8],
    spans: &[Span],
    starts: Vec<Context>,
    count: usize,
    wants: Wanted,
    make: &(impl Fn(Record) -> T + Sync),
) -> Vec<T> {
    spans
        .par_chunks(READ_BATCH)
        .zip(starts)
        .enumerate()
        .flat_map_iter(|(b, (batch, mut context))| {
            let first = count + b * READ_BATCH + 1;
            let read =
                |(i, span): (usize, &Span)| read_one_wanting(n, bytes, span, first + i, &mut context, wants);
            batch.iter().enumerate().map(read).map(make).collect::<Vec<_>>()
        })
        .collect()
}

fn read_all<T: Send>(
    n: &dyn Notation,
    bytes: &[u8],
    wants: Wanted,
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
        let starts = starts(n, bytes, &spans, count, &mut exact);
        // Without tables to find by reading neighbours, each record is
        // made into what the caller takes on the core that read it.
        if !(wants.tables && n.pairs_by_reading()) {
            let made = made_where_read(n, bytes, &spans, starts, count, wants, &make);
            if !made.into_iter().all(&mut emit) {
                return;
            }
            count += spans.len();
            done(last.end);
            continue;
        }
        let read: Vec<Record> = spans
            .par_chunks(READ_BATCH)
            .zip(starts)
            .enumerate()
            .flat_map_iter(|(b, (batch, mut context))| {
                let first = count + b * READ_BATCH + 1;
                let read = move |(i, span): (usize, &Span)| read_one(n, bytes, span, first + i, &mut context);
                batch.iter().enumerate().map(read).collect::<Vec<_>>()
            })
            .collect();
        let mut records: Vec<Record> = held.take().into_iter().chain(read).collect();
        pair(n, &mut records);
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
