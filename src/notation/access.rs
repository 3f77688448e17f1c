//! One record of an indexed file read on its own, exactly as reading the
//! whole file in order would read it, without reading what comes before.
//!
//! What earlier records hand on (PBN's carried tags and `#`, RBN's
//! repeating labels) is found by looking back: the record is read with a
//! partial context, and each tag or label it needed and that context could
//! not tell is searched for backwards in the bytes (a fast search for its
//! name, each find confirmed by reading the record it stands in). Then the
//! record is read again. A name is remembered as absent below the offset
//! searched down to, so a name no record gives costs one search. A PBN
//! file with `##` before the record (it reaches every game after it) is
//! read forward from the start instead.
//!
//! The viewer reads records here while the file may be changed by another
//! program, so every record is read from a copy of its bytes ([`Held`]).

use std::collections::HashMap;

use memchr::memmem;

use super::source::{Held, Span, record_at, span_lines};
use super::tags::{Lexing, Token};
use super::{pbn, rbn};
use crate::model::{Record, SourceFormat, Wanted};

#[derive(Default)]
pub struct Access {
    /// For each pattern searched for, the offset below which it is not.
    absent_below: HashMap<Vec<u8>, usize>,
    /// PBN: the records looked at for `##`, and the first that may give one.
    sticky_seen: usize,
    sticky_at: Option<usize>,
    /// PBN with `##`: the context before record `.0`, reading forward.
    forward: Option<(usize, pbn::Context)>,
    /// RBN: what the first record hands on (its fixed labels).
    first: Option<rbn::Carry>,
    /// For each bit of [`Span::hands_on`], what looking back has found:
    /// below record `.1`, the last record that has it (`.0`, None for
    /// none). The records about one are read together (a list's rows), so
    /// each looks back only as far as the one before.
    seen: [(Option<usize>, usize); 16],
    /// RBN: for each label bit, the record last read for that label and
    /// what it said. The records after one that gives a label all take it
    /// from that one, so a run of them reads it once.
    told: [Option<(usize, Said)>; 16],
}

/// What a record says of a repeating label.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Said {
    Nothing,
    /// Gives it: its data, none where it ends the label.
    Gave(Option<String>),
}

impl Access {
    /// Record `k` (0-based) of the file whose records lie at `spans`.
    pub fn read(&mut self, bytes: &[u8], format: SourceFormat, spans: &[Span], k: usize) -> Record {
        self.read_wanting(bytes, format, spans, k, Wanted::ALL)
    }

    /// The same, read as far as the caller `wants` (as the door's
    /// `read_wanting` reads): what it hands on is not kept for later reads.
    pub fn read_wanting(
        &mut self,
        bytes: &[u8],
        format: SourceFormat,
        spans: &[Span],
        k: usize,
        wants: Wanted,
    ) -> Record {
        match format {
            SourceFormat::Pbn => self.read_pbn(bytes, spans, k, wants),
            _ => self.read_rbn((bytes, format), spans, k, wants),
        }
    }

    fn read_pbn(&mut self, bytes: &[u8], spans: &[Span], k: usize, wants: Wanted) -> Record {
        if self.sticky_before(spans, k) {
            return self.read_forward(bytes, spans, k, wants);
        }
        let mut context = pbn::Context::partial();
        let mut learned = std::collections::HashSet::new();
        loop {
            let mut attempt = context.clone();
            let record = read_pbn_span(bytes, &spans[k], k + 1, &mut attempt, wants);
            let mut missed = attempt.missed();
            // A name missed again once learned: the bytes no longer agree
            // with the index (the file changed under it, and is being read
            // again). The record stands as read rather than loop forever.
            missed.retain(|name| learned.insert(name.clone()));
            if missed.is_empty() {
                return record;
            }
            for name in missed {
                let value = self.tag_before(bytes, spans, k, &name);
                context.learn(&name, value.as_deref());
            }
        }
    }

    /// Whether a record before record `k` may give a `##` value.
    fn sticky_before(&mut self, spans: &[Span], k: usize) -> bool {
        while self.sticky_at.is_none() && self.sticky_seen < k {
            if spans[self.sticky_seen].hands_on & pbn::STICKY != 0 {
                self.sticky_at = Some(self.sticky_seen);
            }
            self.sticky_seen += 1;
        }
        self.sticky_at.is_some_and(|at| at < k)
    }

    fn read_forward(&mut self, bytes: &[u8], spans: &[Span], k: usize, wants: Wanted) -> Record {
        let (mut at, mut context) = match self.forward.take() {
            Some((at, context)) if at <= k => (at, context),
            _ => (0, pbn::Context::default()),
        };
        while at < k {
            let Held { bytes: held, span } = Held::of(bytes, &spans[at]);
            let text = std::str::from_utf8(&held[span.start..span.end]).ok();
            if span.run_on || !text.is_some_and(|t| pbn::vet(t, &mut context)) {
                pbn::read_span(&held, &span, at + 1, &mut context);
            }
            at += 1;
        }
        if wants != Wanted::ALL {
            // Read in part, the record would hand on in part.
            let record = read_pbn_span(bytes, &spans[k], k + 1, &mut context.clone(), wants);
            self.forward = Some((k, context));
            return record;
        }
        let record = read_pbn_span(bytes, &spans[k], k + 1, &mut context, wants);
        self.forward = Some((k + 1, context));
        record
    }

    /// The value tag `name` had after the games before game `k`, None when
    /// none gave it.
    fn tag_before(&mut self, bytes: &[u8], spans: &[Span], k: usize, name: &str) -> Option<String> {
        // A carried tag is looked for among the games the scan saw may give
        // it; any other (asked for by `#`) in the bytes.
        let bit = pbn::CARRIED.iter().position(|&c| c == name).map(|i| 1u16 << i);
        let mut before = k;
        // A `#` with nothing before it leaves an empty value, not none.
        let mut inherited = false;
        loop {
            // A tag with no name (`["#"]`) is found by its bracket: an empty
            // pattern would be found at the very start of the search.
            let pattern = if name.is_empty() { b"[" } else { name.as_bytes() };
            let found = match bit {
                Some(bit) => self.last_with(spans, bit, before),
                None => self.record_with(bytes, spans, pattern, spans[before].start),
            };
            let Some(j) = found.filter(|&j| j < before) else {
                return inherited.then(String::new);
            };
            let mut lexing: Lexing = Lexing::default();
            let held = Held::of(bytes, &spans[j]);
            span_lines(&held.bytes, &held.span).for_each(|l| lexing.line(&l));
            // A tag given twice counts once, as first given.
            let value = lexing.finish().tokens.into_iter().find_map(|t| match t {
                Token::Tag { name: n, value, .. } if n == name => Some(value),
                _ => None,
            });
            match value {
                Some(v) if v != "#" => return Some(v.into_owned()),
                // `#`, or no such tag: the game took it from the one before.
                Some(_) => (inherited, before) = (true, j),
                None => before = j,
            }
        }
    }

    /// The last record below `before` the scan saw may hand on `bit` (a
    /// single bit; none for no bit at all).
    fn last_with(&mut self, spans: &[Span], bit: u16, before: usize) -> Option<usize> {
        let last = self.last_with_each(spans, bit, before);
        last.get(bit.trailing_zeros() as usize).copied().flatten()
    }

    /// The last record below `end` whose bytes hold `pattern`.
    fn record_with(&mut self, bytes: &[u8], spans: &[Span], pattern: &[u8], mut end: usize) -> Option<usize> {
        loop {
            let at = self.find_before(bytes, pattern, end)?;
            match record_at(spans, at) {
                Some(j) => return Some(j),
                None => end = at,
            }
        }
    }

    /// The last place below `end` where `pattern` stands, remembering where
    /// it does not.
    fn find_before(&mut self, bytes: &[u8], pattern: &[u8], end: usize) -> Option<usize> {
        let floor = self.absent_below.get(pattern).copied().unwrap_or(0);
        if end <= floor {
            return None;
        }
        let found = memmem::rfind(&bytes[floor..end], pattern).map(|i| floor + i);
        if found.is_none() {
            self.absent_below.insert(pattern.to_vec(), end);
        }
        found
    }

    fn read_rbn(
        &mut self,
        (bytes, format): (&[u8], SourceFormat),
        spans: &[Span],
        k: usize,
        wants: Wanted,
    ) -> Record {
        if k == 0 {
            return read_rbn_span(bytes, &spans[0], 1, format, &mut rbn::Carry::default(), wants);
        }
        let first = self.first.get_or_insert_with(|| {
            let mut carry = rbn::Carry::default();
            read_rbn_span(bytes, &spans[0], 1, format, &mut carry, Wanted::ALL);
            carry
        });
        let mut carry = rbn::Carry::partial_after(first);
        let mut attempt = carry.clone();
        let record = read_rbn_span(bytes, &spans[k], k + 1, format, &mut attempt, wants);
        let unknown = attempt.unknown();
        if unknown.is_empty() {
            return record;
        }
        let wanted = unknown
            .iter()
            .fold(0, |bits, &l| bits | rbn::repeating_bit(l as u8));
        let last = self.last_with_each(spans, wanted, k);
        for label in unknown {
            let bit = rbn::repeating_bit(label as u8);
            let found = (bit != 0).then(|| last[bit.trailing_zeros() as usize]).flatten();
            let (data, steps) = self.label_before(bytes, format, spans, k, label, found);
            carry.learn(label, data.as_deref(), steps);
        }
        read_rbn_span(bytes, &spans[k], k + 1, format, &mut carry, wants)
    }

    /// For each bit of `wanted`, the last record below `before` the scan
    /// saw may hand it on: one pass for them all, down to where each was
    /// looked for before.
    fn last_with_each(&mut self, spans: &[Span], wanted: u16, before: usize) -> [Option<usize>; 16] {
        let mut last = [None; 16];
        let mut open = 0;
        let mut low = before;
        for i in (0..16).filter(|i| wanted & (1 << i) != 0) {
            let (found, upto) = self.seen[i];
            last[i] = match found {
                // Asked below the record found: looked for afresh (a record
                // whose bit was set for nothing).
                Some(j) if j >= before => (0..before).rev().find(|&j| spans[j].hands_on & (1 << i) != 0),
                _ => found,
            };
            if before > upto {
                open |= 1 << i;
                low = low.min(upto);
            }
        }
        let left = open;
        for j in (low..before).rev() {
            let mut hit = spans[j].hands_on & open;
            open &= !hit;
            while hit != 0 {
                let i = hit.trailing_zeros() as usize;
                hit &= hit - 1;
                // Below where it was looked for before, what was found then
                // stands.
                if j >= self.seen[i].1 {
                    last[i] = Some(j);
                }
            }
            if open == 0 {
                break;
            }
        }
        for i in (0..16).filter(|i| left & (1 << i) != 0) {
            self.seen[i] = (last[i], before);
        }
        last
    }

    /// What repeating label `label` carried after the records before
    /// record `k` (None when none gave it, or the last ended it), and for
    /// the board how many records have numbered on since; `found` is the
    /// last record below `k` the scan saw may give it.
    fn label_before(
        &mut self,
        bytes: &[u8],
        format: SourceFormat,
        spans: &[Span],
        k: usize,
        label: char,
        mut found: Option<usize>,
    ) -> (Option<String>, u64) {
        let bit = rbn::repeating_bit(label as u8);
        // Only the records the scan saw may give the label are read.
        while let Some(j) = found {
            if let Said::Gave(data) = self.said(bytes, format, spans, j, label) {
                // Only the board counts on.
                let steps = match label {
                    'B' => spans[j + 1..k].iter().filter(|s| s.table != Some(2)).count(),
                    _ => 0,
                };
                return (data, steps as u64);
            }
            found = self.last_with(spans, bit, j);
        }
        (None, 0)
    }

    /// What record `j` says of repeating label `label`.
    fn said(&mut self, bytes: &[u8], format: SourceFormat, spans: &[Span], j: usize, label: char) -> Said {
        let slot = rbn::repeating_bit(label as u8).trailing_zeros() as usize;
        if let Some((_, said)) = self.told[slot].as_ref().filter(|(at, _)| *at == j) {
            return said.clone();
        }
        let mut carry = rbn::Carry::partial();
        read_rbn_span(bytes, &spans[j], j + 1, format, &mut carry, Wanted::ALL);
        let said = match carry.told(label) {
            true => Said::Gave(carry.lookup(label).flatten().map(str::to_string)),
            false => Said::Nothing,
        };
        self.told[slot] = Some((j, said.clone()));
        said
    }
}

/// PBN's reader on a copy of the record's bytes ([`Held`]).
fn read_pbn_span(
    bytes: &[u8],
    span: &Span,
    number: usize,
    context: &mut pbn::Context,
    wants: Wanted,
) -> Record {
    let held = Held::of(bytes, span);
    pbn::read_span_wanting(&held.bytes, &held.span, number, context, wants)
}

/// RBN's reader on a copy of the record's bytes ([`Held`]).
fn read_rbn_span(
    bytes: &[u8],
    span: &Span,
    number: usize,
    format: SourceFormat,
    carry: &mut rbn::Carry,
    wants: Wanted,
) -> Record {
    let held = Held::of(bytes, span);
    rbn::read_span_wanting(&held.bytes, &held.span, number, format, carry, wants)
}
