//! Writes records back as RBN (labels in the order DTLEFKSNBHACPRMI, LF line
//! ends) or RBX. Repeating labels are written only when they change, just
//! as the reader carries them, so what is written reads back the same.

use super::carry::Carry;
use super::{auction, contract, date, freetext, hands, labels, makes, play};
use crate::model::{Game, NoteScope, Record};

const ORDER: &str = "DTLEFKSNBHACPRMI";

/// The records as one RBN file, with its signature line.
pub fn write_rbn(records: &[Record]) -> String {
    write_all(records, RbnWriter::new(false))
}

/// The records as RBX: one line a record, `}` between its lines.
pub fn write_rbx(records: &[Record]) -> String {
    write_all(records, RbnWriter::new(true))
}

fn write_all(records: &[Record], mut writer: RbnWriter) -> String {
    let mut out = String::from(writer.signature());
    for record in records {
        writer.record(record, &mut out);
    }
    writer.finish(&mut out);
    out
}

/// Writes records one at a time as a file of them is written: a repeating
/// label only where it changes, just as the reader carries it. Streaming
/// keeps a conversion's memory from growing with the file.
pub struct RbnWriter {
    carry: Carry,
    /// RBX: a record to a line, `}` between its lines.
    one_line: bool,
    written: usize,
}

impl RbnWriter {
    pub fn new(one_line: bool) -> RbnWriter {
        RbnWriter {
            carry: Carry::default(),
            one_line,
            written: 0,
        }
    }

    /// The file's first line.
    pub fn signature(&self) -> &'static str {
        if self.one_line { "% RBX\n" } else { "% RBN\n" }
    }

    /// The record after those written, the second table of a match joined
    /// to the first by `!`.
    pub fn record(&mut self, record: &Record, out: &mut String) {
        let (lines, labels) = write_record(record, &self.carry);
        // The reader will hand on what the record gives.
        for (label, data) in &labels {
            self.carry.keep(*label, data.as_deref().unwrap_or(""));
        }
        self.carry
            .end(labels.iter().any(|(l, _)| *l == 'B'), record.table);
        let second = record.table == Some(2);
        if self.one_line {
            if self.written > 0 {
                out.push_str(if second { "}!}" } else { "\n" });
            }
            out.push_str(&lines.join("}"));
        } else {
            if self.written > 0 {
                out.push_str(if second { "!\n" } else { "\n" });
            }
            for line in lines {
                out.push_str(&line);
                out.push('\n');
            }
        }
        self.written += 1;
    }

    /// Ends the file: RBX's last line has no line end of its own yet.
    pub fn finish(&self, out: &mut String) {
        if self.one_line {
            out.push('\n');
        }
    }
}

/// What the reader would give a record before reading its lines.
fn inherited(record: &Record, carry: &Carry) -> Record {
    let mut blank = Record::new(record.number, record.line, record.format, Game::bridge());
    blank.table = record.table;
    carry.start(&mut blank);
    blank
}

/// A record's lines, and the labels among them with their data.
fn write_record(record: &Record, carry: &Carry) -> (Vec<String>, Vec<(char, Option<String>)>) {
    let before = inherited(record, carry);
    let mut lines = Vec::new();
    let mut given = Vec::new();
    let mut labelled = false;
    push_commentary(&mut lines, record, None);
    for label in ORDER.chars() {
        // Free text placed after a label, or notes to the auction or play,
        // need their label written even when it repeats or is empty.
        let anchored = record.commentary.iter().any(|c| c.after == Some(label))
            || note_scope(label).is_some_and(|scope| record.notes.iter().any(|n| n.scope == scope));
        let data = label_data(record, label);
        if data != label_data(&before, label) || anchored {
            lines.push(label_line(label, data.clone()));
            given.push((label, data));
            labelled = true;
        }
        if let Some(scope) = note_scope(label) {
            push_notes(&mut lines, record, scope);
        }
        push_commentary(&mut lines, record, Some(label));
    }
    if !labelled {
        // A record with no label of its own (everything carried over) would
        // vanish between the blank lines, or its plain data would stand
        // before any label: restate its board, which reads back the same.
        let data = label_data(record, 'B');
        lines.push(label_line('B', data.clone()));
        given.push(('B', data));
    }
    lines.extend(record.plain.iter().cloned());
    (lines, given)
}

fn label_line(label: char, data: Option<String>) -> String {
    match data {
        Some(d) => format!("{label} {d}"),
        None => label.to_string(),
    }
}

/// The data a label would carry for this record, None when absent.
fn label_data(r: &Record, label: char) -> Option<String> {
    match label {
        'D' => r.date.as_ref().map(date::write),
        'T' => r.title.as_ref().map(labels::write_two_part),
        'L' => r.location.as_ref().map(labels::write_two_part),
        'E' => r.event.as_ref().map(labels::write_two_part),
        'F' => r.scoring.as_ref().map(labels::write_scoring),
        'K' => r.teams.as_ref().map(labels::write_teams),
        'S' => r.session.as_ref().map(labels::write_session),
        'N' => r.players.as_ref().map(labels::write_players),
        'B' => r.board.as_ref().map(labels::write_board),
        'H' => r.deal.as_ref().map(hands::write),
        'A' => r.auction().map(auction::write),
        'C' => r.contract().as_ref().map(contract::write_contract),
        'P' => r.play.as_ref().map(play::write),
        'R' => r.result().as_ref().map(contract::write_result),
        'M' => r.makes().map(makes::write),
        _ => (!r.items.is_empty()).then(|| labels::write_items(&r.items)),
    }
}

/// The notes that follow a label: A's are the auction's, P's the play's.
fn note_scope(label: char) -> Option<NoteScope> {
    match label {
        'A' => Some(NoteScope::Auction),
        'P' => Some(NoteScope::Play),
        _ => None,
    }
}

/// Only notes 0 to 9: a note's label is one digit. A call or card refers
/// to no note above 9 either (`write_annotations`), so the two agree.
fn push_notes(lines: &mut Vec<String>, record: &Record, scope: NoteScope) {
    for note in record.notes.iter().filter(|n| n.scope == scope && n.number <= 9) {
        lines.push(format!("{} {}", note.number, note.text));
    }
}

fn push_commentary(lines: &mut Vec<String>, record: &Record, after: Option<char>) {
    for c in record.commentary.iter().filter(|c| c.after == after) {
        lines.push(format!("{{{}}}", freetext::write(&c.text)));
    }
}
