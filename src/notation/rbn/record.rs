//! Reads the lines of one record into a [`Record`]: labels, free text and
//! plain data, each where the author put it.

use std::borrow::Cow;

use super::carry::{Carry, repeating};
use super::chunk::{Chunk, closes_free_text};
use super::{Issue, auction, contract, freetext, labels, makes, play};
use crate::model::{Annotation, Commentary, Game, Note, NoteScope, Pos, Record, SourceFormat};
use crate::notation::source::Line;

const FIXABLE: &str = "ACPRMI";

/// A label line split into its parts.
struct LabelLine<'l> {
    label: char,
    /// The letter as written, when it is not the label's own (lower case).
    written: Option<char>,
    fixed: bool,
    data: &'l str,
    /// Byte offset of `data` in the line.
    start: usize,
}

/// What a line is shaped as: a line whose second character is a space or
/// `!` is a label line, whatever its first (the spec keeps that shape from
/// plain data), so a letter that is no label is a fault, not plain data.
enum Shape<'l> {
    Label(LabelLine<'l>),
    /// Shaped as a label, but its first character is none.
    Unknown(char),
    Plain,
}

fn label_line(text: &str) -> Shape<'_> {
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return Shape::Plain;
    };
    let label = first.to_ascii_uppercase();
    let known = u8::try_from(label).is_ok_and(|b| super::LABELS.contains(&b));
    let (fixed, start) = match chars.next() {
        None if known && label == first => (false, 1),
        Some(' ') => (false, 2),
        Some('!') => (true, 2),
        _ => return Shape::Plain,
    };
    if !known {
        return if first.is_whitespace() {
            Shape::Plain
        } else {
            Shape::Unknown(first)
        };
    }
    let data = text.get(start..).unwrap_or("").trim_end();
    Shape::Label(LabelLine {
        label,
        written: (label != first).then_some(first),
        fixed,
        data,
        start,
    })
}

/// Free text being gathered over one or more lines: borrowed while it
/// is one line's, as nearly all are.
struct OpenText<'l> {
    raw: Cow<'l, str>,
    pos: Pos,
}

struct Reading<'r> {
    record: Record,
    carry: &'r mut Carry,
    /// The labels the record gives, a bit each (as [`super::label_bit`]).
    seen: u32,
    last_label: Option<char>,
    /// Scope of the notes that follow, while they follow A or P directly.
    note_scope: Option<NoteScope>,
    misplaced_notes: Vec<usize>,
    /// The M label's data and where it starts (line, column), to place a
    /// fault found once the deal is known.
    makes_at: Option<(String, u32, u32)>,
    /// Where the R label's data starts, for a score that disagrees.
    result_at: Option<Pos>,
}

pub fn read(
    chunk: &Chunk<'_>,
    number: usize,
    format: SourceFormat,
    table: Option<u8>,
    carry: &mut Carry,
) -> Record {
    let first_line = chunk.lines.first().map_or(0, |l| l.number);
    let mut record = Record::new(number, first_line, format, Game::bridge());
    record.table = table;
    carry.start_fixed(&mut record);
    let mut r = Reading {
        record,
        carry,
        seen: 0,
        last_label: None,
        note_scope: None,
        misplaced_notes: Vec::new(),
        makes_at: None,
        result_at: None,
    };
    let mut text: Option<OpenText<'_>> = None;
    let mut plain = false;
    for line in &chunk.lines {
        if let Some(open) = text.as_mut() {
            if open.add_line(line) {
                r.commentary(text.take());
            }
        } else if let Some(body) = line.text.trim_end().strip_prefix('{') {
            text = r.open_free_text(line, body);
            plain = false;
        } else {
            match label_line(&line.text) {
                _ if plain => r.plain_data(line, true),
                Shape::Label(label) => r.label(line, &label),
                Shape::Unknown(c) => r.unknown_label(line, c),
                Shape::Plain => {
                    r.plain_data(line, false);
                    plain = true;
                }
            }
        }
    }
    r.finish(text)
}

impl OpenText<'_> {
    /// Adds the next line; true when it closes the text.
    fn add_line(&mut self, line: &Line<'_>) -> bool {
        let raw = self.raw.to_mut();
        raw.push('\n');
        let body = line.text.trim_end();
        let closed = closes_free_text(body, false);
        if closed {
            raw.push_str(&body[..body.len() - 1]);
        } else {
            raw.push_str(&line.text);
        }
        closed
    }
}

impl Reading<'_> {
    /// Free text opened by `{`: kept when it closes on its own line, else
    /// handed back to gather the lines after it.
    fn open_free_text<'l>(&mut self, line: &Line<'_>, body: &'l str) -> Option<OpenText<'l>> {
        let pos = Pos::new(line.number, line.column(0));
        let closed = closes_free_text(line.text.trim_end(), true);
        let raw = if closed { &body[..body.len() - 1] } else { body };
        let text = OpenText {
            raw: Cow::Borrowed(raw),
            pos,
        };
        if closed {
            self.commentary(Some(text));
            return None;
        }
        Some(text)
    }

    /// A line shaped as a label whose letter is none: reported and passed
    /// over, so that the labels after it are still read.
    fn unknown_label(&mut self, line: &Line<'_>, c: char) {
        let message = format!("`{c}` is not an RBN label (D T L E F K S N B H A C P R M I, or a note 0-9)");
        self.record
            .problem(Pos::new(line.number, line.column(0)), message);
    }

    /// A line of plain data; `after_plain` when the line before was too.
    fn plain_data(&mut self, line: &Line<'_>, after_plain: bool) {
        if !after_plain && self.seen == 0 && self.record.notes.is_empty() {
            // Plain data belongs after the labels; before them it swallows
            // every label that follows.
            let message = "plain data before any label; the rest of the record is read as plain data";
            self.record
                .problem(Pos::new(line.number, line.column(0)), message);
        }
        self.record.plain.push(line.text.to_string());
    }

    /// The record once its lines are read: free text left open is reported
    /// and kept, notes are placed and checked, and what it gives is handed
    /// on.
    fn finish(mut self, text: Option<OpenText<'_>>) -> Record {
        // Before the checks: they ask for the deal and the board, which
        // may be carried.
        self.carry.repeat_into(&mut self.record, self.seen);
        if let Some(open) = text {
            self.record
                .problem(open.pos, "free text is not closed by `}` before the record ends");
            self.commentary(Some(open));
        }
        self.place_misplaced_notes();
        self.check_note_references();
        self.check_makes();
        if let Some(at) = self.result_at
            && let Some(message) = crate::scoring::stated_disagreement(&self.record)
        {
            self.record.disagreement(at, message);
        }
        let record = self.record;
        self.carry
            .end(self.seen & super::label_bit(b'B') != 0, record.table);
        record
    }
}

impl Reading<'_> {
    fn commentary(&mut self, text: Option<OpenText<'_>>) {
        if let Some(open) = text {
            self.record.commentary.push(Commentary {
                after: self.last_label,
                entry: None,
                text: freetext::parse(&open.raw),
                pos: open.pos,
            });
        }
    }

    fn label(&mut self, line: &Line<'_>, l: &LabelLine<'_>) {
        let at = |offset: usize| Pos::new(line.number, line.column(l.start + offset));
        let label_pos = Pos::new(line.number, line.column(0));
        if let Some(written) = l.written {
            let message = format!("label `{written}` is in lower case; read as {}", l.label);
            self.record.problem(label_pos, message);
        }
        if l.label.is_ascii_digit() {
            self.note(l, label_pos);
            return;
        }
        self.note_scope = match l.label {
            'A' => Some(NoteScope::Auction),
            'P' => Some(NoteScope::Play),
            _ => None,
        };
        self.last_label = Some(l.label);
        let bit = super::label_bit(l.label as u8);
        if self.seen & bit != 0 {
            let message = format!(
                "label {} is given twice in this record; the first one counts",
                l.label
            );
            self.record.problem(label_pos, message);
            return;
        }
        self.seen |= bit;
        let fixed = l.fixed && FIXABLE.contains(l.label);
        if l.fixed && (!fixed || self.record.number != 1) {
            let message = format!(
                "`{}!` fixes a label only in the first record, and only A C P R M I",
                l.label
            );
            self.record.problem(label_pos, message);
        }
        if l.label == 'R' {
            self.result_at = Some(at(0));
        }
        if l.label == 'M' {
            self.makes_at = Some((l.data.to_string(), line.number, line.column(l.start)));
        }
        let mut issues = Vec::new();
        self.store(l, fixed, &at, &mut issues);
        for issue in issues {
            self.record.problem(at(issue.at), issue.message);
        }
    }

    fn store(&mut self, l: &LabelLine<'_>, fixed: bool, at: &impl Fn(usize) -> Pos, issues: &mut Vec<Issue>) {
        let d = l.data;
        if repeating(&mut self.record, l.label, d, issues) {
            self.carry.keep(l.label, d);
            return;
        }
        let given = !d.is_empty();
        let r = &mut self.record;
        match l.label {
            'A' => r.bridge_mut().auction = given.then(|| auction::parse(d, at, issues)),
            'C' => r.bridge_mut().contract = given.then(|| contract::parse_contract(d, issues)).flatten(),
            'P' => r.play = given.then(|| play::parse(d, at, issues)),
            'R' => r.bridge_mut().result = given.then(|| contract::parse_result(d, issues)).flatten(),
            'M' => r.bridge_mut().makes = given.then(|| makes::parse(d, issues)).flatten(),
            _ => r.items = if given { labels::items(d) } else { Vec::new() },
        }
        if fixed && self.record.number == 1 {
            let (r, f) = (&self.record, &mut self.carry.fixed);
            match l.label {
                'A' => f.auction = r.auction().cloned(),
                'C' => f.contract = r.contract(),
                'P' => f.play = r.play.clone(),
                'R' => f.result = r.result(),
                'M' => f.makes = r.makes().cloned(),
                _ => f.items = Some(r.items.clone()),
            }
        }
    }

    fn note(&mut self, l: &LabelLine<'_>, pos: Pos) {
        let number = l.label as u8 - b'0';
        let scope = self.note_scope.unwrap_or(NoteScope::Auction);
        if self.note_scope.is_none() {
            self.misplaced_notes.push(self.record.notes.len());
        }
        self.record.notes.push(Note {
            number,
            scope,
            text: l.data.to_string(),
            pos,
        });
    }

    /// A note away from its A or P label is given to whichever refers to
    /// it, and reported.
    fn place_misplaced_notes(&mut self) {
        for &i in &self.misplaced_notes {
            let number = self.record.notes[i].number;
            let in_play = self.play_refs().any(|n| n == number);
            let in_auction = self.auction_refs().any(|n| n == number);
            let scope =
                if in_play && !in_auction || self.record.auction().is_none() && self.record.play.is_some() {
                    NoteScope::Play
                } else {
                    NoteScope::Auction
                };
            let word = if scope == NoteScope::Play {
                "play"
            } else {
                "auction"
            };
            let note = &mut self.record.notes[i];
            note.scope = scope;
            let message = format!(
                "note {number} should come right after the A or P label; read as a note to the {word}"
            );
            let pos = note.pos;
            self.record.problem(pos, message);
        }
    }

    fn auction_refs(&self) -> impl Iterator<Item = u8> + '_ {
        let entries = self.record.auction().into_iter().flat_map(|a| a.entries.iter());
        entries.flat_map(|e| e.annotations.iter()).filter_map(note_number)
    }

    fn play_refs(&self) -> impl Iterator<Item = u8> + '_ {
        let entries = self.record.play.iter().flat_map(|p| p.entries());
        entries.flat_map(|e| e.annotations.iter()).filter_map(note_number)
    }

    fn check_note_references(&mut self) {
        let r = &self.record;
        let mut missing = Vec::new();
        let mut check = |scope: NoteScope, pos: Pos, annotations: &[Annotation]| {
            for n in annotations.iter().filter_map(note_number) {
                if r.note(scope, n).is_none() {
                    missing.push((
                        pos,
                        format!("`^{n}` refers to note {n}, which the record does not give"),
                    ));
                }
            }
        };
        // Plain loops: a record's every call and play is passed here, and
        // iterators nested in chained iterators cost several times as much.
        for e in r.auction().map_or(&[][..], |a| &a.entries) {
            check(NoteScope::Auction, e.pos, &e.annotations);
        }
        for trick in r.play.iter().flat_map(|p| &p.tricks) {
            for e in &trick.plays {
                check(NoteScope::Play, e.pos, &e.annotations);
            }
        }
        for (pos, message) in missing {
            self.record.problem(pos, message);
        }
    }
}

impl Reading<'_> {
    /// Makes that count more tricks than the hands hold.
    fn check_makes(&mut self) {
        let (Some((data, line, column)), Some(deal)) = (&self.makes_at, &self.record.deal) else {
            return;
        };
        let tricks = deal.hands.0.iter().map(|h| h.len()).max().unwrap_or(0);
        let read = self.record.makes().is_some() && tricks > 0;
        if let Some(issue) = read.then(|| makes::beyond(data, tricks)).flatten() {
            let (line, column) = (*line, *column);
            let pos = Pos::new(line, column + issue.at as u32);
            self.record.problem(pos, issue.message);
        }
    }
}

fn note_number(a: &Annotation) -> Option<u8> {
    match a {
        Annotation::Note(n) => Some(*n),
        _ => None,
    }
}
