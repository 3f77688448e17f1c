//! Checks that kibitzer's quick paths agree with its full reader, for the
//! tests and the fuzz targets: a quick path that vouched for a record the
//! reader finds fault with, or left the reader a different context for the
//! records after, would make `check` wrong without a sound.

use crate::archive::{Access, check, hand_on_span, problems_in_batches, read_checked, vet_span};
use crate::model::{Record, SourceFormat};
use crate::notation::chunked::Chunked;
use crate::notation::door::{Context, Notation, read_one};
use crate::notation::reading;
use crate::notation::source::Span;
use crate::notation::{pbn, rbn};

/// Reads PBN `bytes` both ways (every game in full; and vetted, with the
/// reader only for games vetting can't vouch for) and says how many games
/// vetting vouched for, or where the two part.
pub fn pbn_vetting_agrees(bytes: &[u8]) -> Result<usize, String> {
    vetting_agrees(reading::of(SourceFormat::Pbn), bytes)
}

/// The same for RBN or RBX.
pub fn rbn_vetting_agrees(bytes: &[u8], format: SourceFormat) -> Result<usize, String> {
    vetting_agrees(reading::of(format), bytes)
}

fn vetting_agrees(n: &dyn Notation, bytes: &[u8]) -> Result<usize, String> {
    let (mut full, mut quick, mut handed) = (n.exact(), n.exact(), n.exact());
    let mut vouched = 0;
    for (i, span) in n.scan(bytes).enumerate() {
        let number = i + 1;
        let mut record = read_one(n, bytes, &span, number, &mut full);
        check(&mut record);
        handing_on_agrees(n, bytes, &span, number, &mut handed, &full, &record)?;
        if vet_span(n, bytes, &span, &mut quick) {
            vouched += 1;
            if let Some(p) = record.problems.first() {
                return Err(format!(
                    "record {number} (line {}): vetted, but the reader finds {}: {}",
                    span.line, p.pos, p.message
                ));
            }
            let (vetted, read) = (n.passed_board(&quick), record.board.map(|b| b.number));
            if vetted != read {
                return Err(format!(
                    "record {number} (line {}): vetting gives board {vetted:?}, the reader {read:?}",
                    span.line
                ));
            }
        } else {
            read_one(n, bytes, &span, number, &mut quick);
        }
        if full != quick {
            return Err(format!(
                "record {number} (line {}): the records after it would read on from a different context",
                span.line
            ));
        }
    }
    Ok(vouched)
}

/// A record handed on without being judged (as the readers find where
/// batches start) leaves the context reading it leaves, `full`, and the
/// board it gives.
fn handing_on_agrees(
    n: &dyn Notation,
    bytes: &[u8],
    span: &Span,
    number: usize,
    handed: &mut Context,
    full: &Context,
    record: &Record,
) -> Result<(), String> {
    if !hand_on_span(n, bytes, span, handed) {
        read_one(n, bytes, span, number, handed);
    } else if n.passed_board(handed) != record.board.as_ref().map(|b| b.number.clone()) {
        return Err(format!(
            "record {number} (line {}): handing on gives another board",
            span.line
        ));
    }
    if handed != full {
        return Err(format!(
            "record {number} (line {}): handed on, the records after it would read on from a different context",
            span.line
        ));
    }
    Ok(())
}

/// `check`'s quick path, in batches of `batch` records, against every
/// record read in full: the same problems in the same order, and the same
/// number of records.
pub fn quick_check_agrees(bytes: &[u8], format: SourceFormat, batch: usize) -> Result<(), String> {
    let mut quick = Vec::new();
    let count = problems_in_batches(bytes, format, batch, |_| true, |p| quick.push(p.clone()));
    let records: Vec<Record> = read_checked(bytes, format).collect();
    let full: Vec<_> = records.iter().flat_map(|r| r.problems.iter().cloned()).collect();
    if count != records.len() {
        return Err(format!("{count} records checked, {} read", records.len()));
    }
    match quick.iter().zip(&full).position(|(a, b)| a != b) {
        Some(i) => Err(format!(
            "problem {i}: {:?} where the reader finds {:?}",
            quick[i], full[i]
        )),
        None if quick.len() != full.len() => Err(format!(
            "{} problems, the reader finds {}",
            quick.len(),
            full.len()
        )),
        None => Ok(()),
    }
}

/// Every record read on its own (looking back for what earlier records hand
/// on), in an order that jumps about, against the file read in order. The
/// table of a PBN pair is left out: it is worked out from the neighbours.
pub fn reading_alone_agrees(bytes: &[u8], format: SourceFormat) -> Result<(), String> {
    let spans: Vec<_> = match format {
        SourceFormat::Pbn => pbn::Scan::marking(bytes).collect(),
        _ => rbn::Scan::new(bytes, format).collect(),
    };
    one_pass_agrees(bytes, format, &spans)?;
    if format == SourceFormat::Rbn {
        chunked_scan_agrees(bytes, &spans)?;
    }
    let key = |mut r: Record| {
        if format == SourceFormat::Pbn {
            r.table = None;
        }
        format!("{r:?}")
    };
    let whole: Vec<String> = read_checked(bytes, format).map(key).collect();
    if whole.len() != spans.len() {
        return Err(format!("{} spans, {} records", spans.len(), whole.len()));
    }
    let mut access = Access::default();
    let n = spans.len();
    for k in (0..n).rev().chain((0..n).step_by(3)).chain(0..n) {
        let mut alone = access.read(bytes, format, &spans, k);
        check(&mut alone);
        let alone = key(alone);
        if alone != whole[k] {
            return Err(format!("record {}:\n alone {alone}\n whole {}", k + 1, whole[k]));
        }
    }
    Ok(())
}

/// The scan that takes common records in one pass finds what the exact
/// rules alone find: the same records, lines and marks (and for PBN, the
/// same games unmarked, as `check` scans them).
fn one_pass_agrees(bytes: &[u8], format: SourceFormat, spans: &[Span]) -> Result<(), String> {
    let (exact, unmarked): (Vec<Span>, bool) = match format {
        SourceFormat::Pbn => (
            pbn::Scan::marking(bytes).exact().collect(),
            pbn::Scan::new(bytes).eq(pbn::Scan::new(bytes).exact()),
        ),
        _ => (rbn::Scan::new(bytes, format).exact().collect(), true),
    };
    match exact.iter().zip(spans).position(|(a, b)| a != b) {
        Some(i) => Err(format!(
            "record {}: one pass finds {:?}, the exact rules {:?}",
            i + 1,
            spans[i],
            exact[i]
        )),
        None if exact.len() != spans.len() || !unmarked => Err(format!(
            "one pass finds {} records, the exact rules {}",
            spans.len(),
            exact.len()
        )),
        None => Ok(()),
    }
}

/// The RBN scan in chunks, each scanned on its own and joined, against the
/// plain scan's records: chunks of a few bytes start in every kind of place.
fn chunked_scan_agrees(bytes: &[u8], spans: &[Span]) -> Result<(), String> {
    for chunk in [7, 64, 4096] {
        let chunked: Vec<Span> = Chunked::with_chunk(bytes, rbn::Resuming, chunk).collect();
        if let Some(i) = (0..spans.len().max(chunked.len())).find(|&i| chunked.get(i) != spans.get(i)) {
            return Err(format!(
                "in chunks of {chunk} bytes, record {}: {:?} where the scan finds {:?}",
                i + 1,
                chunked.get(i),
                spans.get(i)
            ));
        }
    }
    Ok(())
}
