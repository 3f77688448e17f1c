//! Vetting an RBN or RBX record (see [`crate::notation::vet`]): label
//! lines and one-line free text, a deal, an auction and a play written in
//! the common forms that the rules allow. Labels that can hold no fault
//! are passed over; rare ones that can (dates, teams, makes) go through
//! the reader's own grammar.

use super::carry::Carry;
use super::chunk::{Cutting, Kind, rbx_pieces};
use super::vet_labels::{Auction, Tricks, contract, deal, result};
use super::{Issue, date, label_bit, labels, makes};
use crate::model::{Board, Contract, SourceFormat};
use crate::notation::source::first_of;
use crate::notation::vet::Hands;

/// Notes given and notes referred to, a bit per number, for the auction
/// and for the play.
#[derive(Default)]
pub struct Notes {
    pub given: [u16; 2],
    pub wanted: [u16; 2],
}

/// What the lines of a record give, gathered for judging at its end.
#[derive(Default)]
struct Record<'t> {
    /// Labels seen, a bit per label.
    seen: u32,
    /// Repeating labels given, with their data, for the carry.
    repeating: [(u8, &'t str); 10],
    count: usize,
    deal: Option<&'t str>,
    auction: Option<&'t str>,
    contract: Option<&'t str>,
    play: Option<&'t str>,
    makes: Option<&'t str>,
    /// 0 auction, 1 play, while notes may follow their label.
    scope: Option<usize>,
    notes: Notes,
    cutting: Cutting,
}

/// Whether the full reader would find nothing wrong with this record, read
/// after the records that left `carry`; when so, `carry` is brought up to
/// date as the reader would have.
pub fn vet(text: &str, format: SourceFormat, table: Option<u8>, carry: &mut Carry) -> bool {
    pass(text, format, table, carry, true)
}

/// Brings `carry` past this record as the reader would, without judging
/// its deal, auction and play: the reader hands on the labels it is given
/// whatever their faults.
pub fn hand_on(text: &str, format: SourceFormat, table: Option<u8>, carry: &mut Carry) -> bool {
    pass(text, format, table, carry, false)
}

fn pass(text: &str, format: SourceFormat, table: Option<u8>, carry: &mut Carry, judging: bool) -> bool {
    if carry.has_fixed() {
        return false;
    }
    let mut r = Record::default();
    let read = if format == SourceFormat::Rbx {
        rbx_lines(text, &mut r)
    } else {
        lines(text).try_for_each(|line| r.line(line))
    };
    if r.cutting.in_text
        || read
            .and_then(|_| if judging { r.judge(carry) } else { Some(()) })
            .is_none()
    {
        return false;
    }
    for &(label, data) in &r.repeating[..r.count] {
        carry.keep(label as char, data);
    }
    carry.end(r.seen & label_bit(b'B') != 0, table);
    true
}

/// An RBX record's pieces, `}` between them, each read as a line of RBN.
fn rbx_lines<'t>(text: &'t str, r: &mut Record<'t>) -> Option<()> {
    for (a, b, in_text) in rbx_pieces(text) {
        let piece = &text[a..b];
        let trimmed = piece.trim();
        if !in_text && (trimmed.is_empty() || trimmed.starts_with('%')) {
            continue;
        }
        r.line(piece)?;
    }
    Some(())
}

/// The lines of a record, without their line ends.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = first_of(rest.as_bytes(), 0, [b'\n']).unwrap_or(rest.len());
        let line = &rest[..end];
        rest = &rest[(end + 1).min(rest.len())..];
        Some(line.strip_suffix('\r').unwrap_or(line))
    })
}

impl<'t> Record<'t> {
    fn line(&mut self, line: &'t str) -> Option<()> {
        match self.cutting.kind(line.as_bytes()) {
            Kind::Text | Kind::Extraneous | Kind::Opening => Some(()),
            // Not within a record the scan found; the reader's to tell.
            Kind::Blank | Kind::Pairing => None,
            Kind::Data => {
                let bytes = line.as_bytes();
                match bytes.get(1) {
                    _ if label_bit(bytes[0]) == 0 => None,
                    None => self.label(bytes[0], ""),
                    Some(b' ') => self.label(bytes[0], line[2..].trim_end()),
                    // `!` fixed labels, and plain data, are the reader's.
                    _ => None,
                }
            }
        }
    }

    fn label(&mut self, label: u8, data: &'t str) -> Option<()> {
        if label.is_ascii_digit() {
            // A note must follow its A or P label.
            let scope = self.scope?;
            self.notes.given[scope] |= 1 << (label - b'0');
            return Some(());
        }
        let bit = label_bit(label);
        if self.seen & bit != 0 {
            return None;
        }
        self.seen |= bit;
        self.scope = match label {
            b'A' => Some(0),
            b'P' => Some(1),
            _ => None,
        };
        if super::repeating_bit(label) != 0 {
            self.repeating[self.count] = (label, data);
            self.count += 1;
        }
        let data_given = (!data.is_empty()).then_some(data);
        if label == b'M' {
            self.makes = data_given;
        }
        match label {
            b'H' => self.deal = data_given,
            b'A' => self.auction = data_given,
            b'C' => self.contract = data_given,
            b'P' => self.play = data_given,
            b'R' => return data_given.map_or(Some(()), result),
            b'B' => return data_given.map_or(Some(()), board),
            b'D' | b'K' | b'M' => return data_given.map_or(Some(()), |d| faultless(label, d)),
            _ => {}
        }
        Some(())
    }

    fn judge(&mut self, carry: &Carry) -> Option<()> {
        // A deal the record leaves out is the one before it.
        let own = self.seen & label_bit(b'H') != 0;
        let data = if own { self.deal } else { carry.lookup('H')? };
        let hands = match data {
            Some(d) => deal(d)?,
            None => Hands::default(),
        };
        // Makes beyond the tricks the hands hold are the reader's to report.
        let tricks = (0..4).map(|s| hands.len(s)).max().unwrap_or(0);
        if tricks > 0 && self.makes.is_some_and(|m| makes::beyond(m, tricks).is_some()) {
            return None;
        }
        if let Some(data) = self.auction {
            Auction::read(data, &mut self.notes)?;
        }
        let contract: Option<Contract> = match self.contract {
            Some(data) => Some(contract(data)?),
            None => None,
        };
        if let Some(data) = self.play {
            Tricks::read(data, contract?, hands, &mut self.notes)?;
        }
        let Notes { given, wanted } = self.notes;
        (wanted[0] & !given[0] == 0 && wanted[1] & !given[1] == 0).then_some(())
    }
}

/// `B` data: an auto-numbered board must have a number to number on from.
fn board(data: &str) -> Option<()> {
    let (number, auto, _) = labels::board_parts(data);
    if auto {
        Board::number_after(number)?;
    }
    Some(())
}

/// Labels whose faults only the reader's grammar can tell.
fn faultless(label: u8, data: &str) -> Option<()> {
    let mut issues: Vec<Issue> = Vec::new();
    match label {
        b'D' => drop(date::parse(data, &mut issues)),
        b'K' => drop(labels::teams(data, &mut issues)),
        _ => drop(makes::parse(data, &mut issues)),
    }
    issues.is_empty().then_some(())
}
