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

use std::collections::HashMap;

use memchr::memmem;

use crate::model::{Record, SourceFormat};
use crate::notation::source::{Span, bom_len, span_lines};
use crate::notation::tags::{Lexing, Token};
use crate::notation::{pbn, rbn};

#[derive(Default)]
pub struct Access {
    /// For each pattern searched for, the offset below which it is not.
    absent_below: HashMap<Vec<u8>, usize>,
    /// PBN: the offset below which there is no `"##`, and where the first
    /// one is once found.
    clean_below: usize,
    sticky_at: Option<usize>,
    /// PBN with `##`: the context before record `.0`, reading forward.
    forward: Option<(usize, pbn::Context)>,
    /// RBN: what the first record hands on (its fixed labels).
    first: Option<rbn::Carry>,
}

impl Access {
    /// Record `k` (0-based) of the file whose records lie at `spans`.
    pub fn read(&mut self, bytes: &[u8], format: SourceFormat, spans: &[Span], k: usize) -> Record {
        match format {
            SourceFormat::Pbn => self.read_pbn(bytes, spans, k),
            _ => self.read_rbn(bytes, format, spans, k),
        }
    }

    fn read_pbn(&mut self, bytes: &[u8], spans: &[Span], k: usize) -> Record {
        if self.sticky_before(bytes, spans[k].start) {
            return self.read_forward(bytes, spans, k);
        }
        let mut context = pbn::Context::partial();
        loop {
            let mut attempt = context.clone();
            let record = pbn::read_span(bytes, &spans[k], k + 1, &mut attempt);
            let missed = attempt.missed();
            if missed.is_empty() {
                return record;
            }
            for name in missed {
                let value = self.tag_before(bytes, spans, k, &name);
                context.learn(&name, value.as_deref());
            }
        }
    }

    /// Whether a `##` may stand before `offset`.
    fn sticky_before(&mut self, bytes: &[u8], offset: usize) -> bool {
        if self.sticky_at.is_none() && offset > self.clean_below {
            // Back up two bytes: a `"##` may straddle the last search's end.
            let from = self.clean_below.saturating_sub(2);
            self.sticky_at = memmem::find(&bytes[from..offset], b"\"##").map(|i| from + i);
            self.clean_below = offset;
        }
        self.sticky_at.is_some_and(|at| at < offset)
    }

    fn read_forward(&mut self, bytes: &[u8], spans: &[Span], k: usize) -> Record {
        let (mut at, mut context) = match self.forward.take() {
            Some((at, context)) if at <= k => (at, context),
            _ => (0, pbn::Context::default()),
        };
        while at < k {
            let span = &spans[at];
            let text = std::str::from_utf8(&bytes[span.start..span.end]).ok();
            if span.run_on || !text.is_some_and(|t| pbn::vet(t, &mut context)) {
                pbn::read_span(bytes, span, at + 1, &mut context);
            }
            at += 1;
        }
        let record = pbn::read_span(bytes, &spans[k], k + 1, &mut context);
        self.forward = Some((k + 1, context));
        record
    }

    /// The value tag `name` had after the games before game `k`, None when
    /// none gave it.
    fn tag_before(&mut self, bytes: &[u8], spans: &[Span], k: usize, name: &str) -> Option<String> {
        let mut end = spans[k].start;
        loop {
            let at = self.find_before(bytes, name.as_bytes(), end)?;
            let Some(j) = record_at(spans, at) else {
                end = at;
                continue;
            };
            let mut lexing = Lexing::default();
            span_lines(bytes, &spans[j]).for_each(|l| lexing.line(&l));
            let value = lexing.finish().tokens.into_iter().find_map(|t| match t {
                Token::Tag { name: n, value, .. } if n == name => Some(value),
                _ => None,
            });
            match value {
                // `#`, or no such tag: the game took it from the one before.
                Some(v) if v != "#" => return Some(v),
                _ => end = spans[j].start,
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

    fn read_rbn(&mut self, bytes: &[u8], format: SourceFormat, spans: &[Span], k: usize) -> Record {
        if k == 0 {
            return rbn::read_span(bytes, &spans[0], 1, format, &mut rbn::Carry::default());
        }
        let first = self.first.get_or_insert_with(|| {
            let mut carry = rbn::Carry::default();
            rbn::read_span(bytes, &spans[0], 1, format, &mut carry);
            carry
        });
        let mut carry = rbn::Carry::partial_after(first);
        let mut attempt = carry.clone();
        let record = rbn::read_span(bytes, &spans[k], k + 1, format, &mut attempt);
        let unknown = attempt.unknown();
        if unknown.is_empty() {
            return record;
        }
        for label in unknown {
            let (data, steps) = self.label_before(bytes, format, spans, k, label);
            carry.learn(label, data.as_deref(), steps);
        }
        rbn::read_span(bytes, &spans[k], k + 1, format, &mut carry)
    }

    /// What repeating label `label` carried after the records before
    /// record `k` (None when none gave it, or the last ended it), and for
    /// the board how many records have numbered on since.
    fn label_before(
        &mut self,
        bytes: &[u8],
        format: SourceFormat,
        spans: &[Span],
        k: usize,
        label: char,
    ) -> (Option<String>, u64) {
        // A label starts a line, or (RBX) a piece after `}`.
        let mut patterns = vec![[b'\n', label as u8]];
        if format == SourceFormat::Rbx {
            patterns.push([b'}', label as u8]);
        }
        let mut end = spans[k].start;
        loop {
            let found = patterns
                .iter()
                .filter_map(|p| self.find_before(bytes, p, end))
                .max();
            // The file's first line has no line end before it.
            let start = bom_len(bytes);
            let at = match found {
                Some(at) => at + 1,
                None if end > start && bytes[start] == label as u8 => start,
                None => return (None, 0),
            };
            let Some(j) = record_at(spans, at) else {
                end = at.saturating_sub(1);
                continue;
            };
            let mut carry = rbn::Carry::partial();
            rbn::read_span(bytes, &spans[j], j + 1, format, &mut carry);
            if carry.told(label) {
                let data = carry.lookup(label).flatten().map(str::to_string);
                let steps = spans[j + 1..k].iter().filter(|s| s.table != Some(2)).count();
                return (data, steps as u64);
            }
            end = spans[j].start;
        }
    }
}

/// The record whose bytes hold `offset`, if any.
fn record_at(spans: &[Span], offset: usize) -> Option<usize> {
    let j = spans.partition_point(|s| s.start <= offset).checked_sub(1)?;
    (offset < spans[j].end).then_some(j)
}
