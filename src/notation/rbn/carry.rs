//! What one record hands to the next: labels D T L E F K S N B H repeat
//! until changed or ended by a bare label, and labels A C P R M I given with
//! `!` in the first record hold for the whole file.
//!
//! Repeating labels are kept as written and read again in each record they
//! repeat into, so that a quick pass over the file (vetting) can hand them
//! on without reading them.

use super::{Issue, date, hands, labels};
use crate::model::{Auction, Board, Contract, DealResult, Item, Makes, Play, Record};

/// The labels that repeat, in the order the carry keeps them.
const REPEATING: [char; 10] = {
    let mut labels = ['\0'; 10];
    let mut i = 0;
    while i < labels.len() {
        labels[i] = super::LABELS[i] as char;
        i += 1;
    }
    labels
};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Carry {
    /// The data each repeating label was last given, None once ended.
    data: [Option<String>; 10],
    /// How far an auto-numbered board has numbered on since its label.
    steps: u64,
    pub fixed: Fixed,
    /// Begun part way through a file, before what came earlier is known:
    /// it knows only the labels it has been given since, a bit each.
    partial: bool,
    told: u16,
}

/// Labels fixed for the whole file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fixed {
    pub auction: Option<Auction>,
    pub contract: Option<Contract>,
    pub play: Option<Play>,
    pub result: Option<DealResult>,
    pub makes: Option<Makes>,
    pub items: Option<Vec<Item>>,
}

/// A repeating label's bit in a record's [`Span::hands_on`] (0 for other
/// bytes).
///
/// [`Span::hands_on`]: crate::notation::source::Span::hands_on
pub fn repeating_bit(label: u8) -> u16 {
    // The repeating labels lead the alphabet, so their bits are its first.
    (super::label_bit(label) & ((1 << REPEATING.len()) - 1)) as u16
}

/// Reads a repeating label's data into the record; false for a label that
/// does not repeat.
pub fn repeating(r: &mut Record, label: char, d: &str, issues: &mut Vec<Issue>) -> bool {
    let given = !d.is_empty();
    match label {
        'D' => r.date = given.then(|| date::parse(d, issues)).flatten(),
        'T' => r.title = given.then(|| labels::title(d)),
        'L' => r.location = given.then(|| labels::two_part(d)),
        'E' => r.event = given.then(|| labels::two_part(d)),
        'F' => r.scoring = given.then(|| labels::scoring(d)),
        'K' => r.teams = given.then(|| labels::teams(d, issues)),
        'S' => r.session = given.then(|| labels::session(d)),
        'N' => r.players = given.then(|| labels::players(d)),
        'B' => {
            r.board = given.then(|| labels::board(d));
            if let Some(b) = r.board.as_ref().filter(|b| b.auto && b.next().is_none()) {
                issues.push(Issue::new(
                    0,
                    format!("board `{}` is not a number, so it can't number on", b.number),
                ));
            }
        }
        'H' => r.deal = given.then(|| hands::parse(d, issues)).flatten(),
        _ => return false,
    }
    true
}

impl Carry {
    /// A carry for records part way through a file, to vet them before the
    /// records before them are read.
    pub fn partial() -> Carry {
        Carry {
            partial: true,
            ..Carry::default()
        }
    }

    /// A partial carry that knows the first record's fixed labels.
    pub fn partial_after(first: &Carry) -> Carry {
        Carry {
            fixed: first.fixed.clone(),
            ..Carry::partial()
        }
    }

    /// The repeating labels a partial carry can't tell.
    pub fn unknown(&self) -> Vec<char> {
        let told = |i: usize| !self.partial || self.told & (1 << i) != 0;
        REPEATING
            .iter()
            .enumerate()
            .filter(|&(i, _)| !told(i))
            .map(|(_, &l)| l)
            .collect()
    }

    /// Tells a partial carry what a label carried after the records before
    /// (None: no record gave it), as found by looking back; for an
    /// auto-numbered board, how far it has numbered on since.
    pub fn learn(&mut self, label: char, data: Option<&str>, steps: u64) {
        self.keep(label, data.unwrap_or(""));
        if label == 'B' {
            self.steps = steps;
        }
    }

    /// Whether the record this carry last read gave the label itself.
    pub fn told(&self, label: char) -> bool {
        REPEATING
            .iter()
            .position(|&l| l == label)
            .is_some_and(|i| self.told & (1 << i) != 0)
    }

    /// The data a repeating label carries, None when a partial carry can't
    /// tell.
    pub fn lookup(&self, label: char) -> Option<Option<&str>> {
        let i = REPEATING.iter().position(|&l| l == label)?;
        (!self.partial || self.told & (1 << i) != 0).then(|| self.data[i].as_deref())
    }

    /// Brings this carry on past records a partial carry followed.
    pub fn overlay(&mut self, later: &Carry) {
        for (i, data) in later.data.iter().enumerate() {
            if later.told & (1 << i) != 0 {
                self.data[i] = data.clone();
            }
        }
        let board = REPEATING.iter().position(|&l| l == 'B').unwrap_or(0);
        self.steps = if later.told & (1 << board) != 0 {
            later.steps
        } else {
            self.steps + later.steps
        };
    }

    /// Fills a new record with what carries over: `repeat_into` and
    /// `start_fixed` at once, for a record about to be written.
    pub fn start(&self, record: &mut Record) {
        self.repeat_into(record, 0);
        self.start_fixed(record);
    }

    /// Fills a record with the repeating labels it does not give itself
    /// (`given`, a bit each as [`super::label_bit`]). The board numbers on when asked to, except for the second
    /// table of a pair, which shares it. Asked once the record's own
    /// labels are read, so that no label is read twice.
    pub fn repeat_into(&self, record: &mut Record, given: u32) {
        // What was wrong with a label was said where it was given.
        let mut said = Vec::new();
        // The repeating labels' bits are the first, in the carry's order.
        for (i, (label, data)) in REPEATING.iter().zip(&self.data).enumerate() {
            if let Some(d) = data.as_ref().filter(|_| given & (1 << i) == 0) {
                repeating(record, *label, d, &mut said);
            }
        }
        if given & super::label_bit(b'B') != 0 {
            return;
        }
        if let Some(b) = record.board.as_mut().filter(|b| b.auto) {
            let steps = self.steps + u64::from(record.table != Some(2));
            *b = numbered_on(b, steps);
        }
    }

    /// Fills a new record with the labels fixed for the whole file.
    pub fn start_fixed(&self, record: &mut Record) {
        let bridge = record.bridge_mut();
        bridge.auction = self.fixed.auction.clone();
        bridge.contract = self.fixed.contract;
        bridge.result = self.fixed.result;
        bridge.makes = self.fixed.makes.clone();
        record.play = self.fixed.play.clone();
        record.items = self.fixed.items.clone().unwrap_or_default();
    }

    /// A repeating label given in a record, for the records after it.
    pub fn keep(&mut self, label: char, data: &str) {
        let Some(i) = REPEATING.iter().position(|&l| l == label) else {
            return;
        };
        self.told |= 1 << i;
        let slot = &mut self.data[i];
        match slot {
            _ if data.is_empty() => *slot = None,
            Some(kept) => {
                kept.clear();
                kept.push_str(data);
            }
            None => *slot = Some(data.to_string()),
        }
        if label == 'B' {
            self.steps = 0;
        }
    }

    /// The board of the record this carry last went past, as the reader
    /// gave it: the B label's data, numbered on as far as the records
    /// since have taken it (none for a record that gave its own).
    pub fn board(&self) -> Option<Board> {
        let i = REPEATING.iter().position(|&l| l == 'B')?;
        let board = labels::board(self.data[i].as_deref()?);
        Some(if board.auto {
            numbered_on(&board, self.steps)
        } else {
            board
        })
    }

    /// The record is over: an auto-numbered board it did not give itself
    /// has numbered on, unless it was the second table.
    pub fn end(&mut self, gave_board: bool, table: Option<u8>) {
        if !gave_board && table != Some(2) {
            self.steps += 1;
        }
    }

    /// Some labels fixed for the file (which vetting leaves to the reader).
    pub fn has_fixed(&self) -> bool {
        self.fixed != Fixed::default()
    }
}

/// A board `steps` numbers on; one whose number is no number stays as it is.
fn numbered_on(board: &Board, steps: u64) -> Board {
    match board.number.parse::<u64>() {
        Ok(n) if steps > 0 => Board {
            number: n.saturating_add(steps).to_string(),
            ..board.clone()
        },
        _ => board.clone(),
    }
}
