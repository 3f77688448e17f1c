//! Board numbers without reading whole records: the number a record
//! states itself, for the board jump, and whether every board of a file
//! is played once, for `dump`.

use std::collections::HashSet;

use rayon::prelude::*;

use super::{Catalog, hand_on_span, lost};
use crate::model::SourceFormat;
use crate::notation::door::{Notation, read_one};
use crate::notation::reading;
use crate::notation::source::Span;

impl Catalog {
    /// The board number record `i` states itself, found at the pace of
    /// vetting, for a board jump to pass over the records of other boards
    /// without reading them. None where the record must be read to know
    /// it.
    pub fn written_board_number(&self, i: usize) -> Option<u64> {
        let (s, k) = self.locate(i)?;
        let shelf = &self.shelves[s];
        let span = shelf.spans.get(k)?;
        let number = reading::of(shelf.format).stated_board(&shelf.bytes[span.start..span.end], span)?;
        number.trim().parse().ok()
    }
}

/// Whether no two records of a file have the same board number, when
/// nothing about a board's tables is there to find (a book's deals, a
/// generated archive). A file read whole is not looked into (false).
/// `done` hears how far the pass has come, now and then.
pub fn every_board_alone(bytes: &[u8], format: SourceFormat, mut done: impl FnMut(usize)) -> bool {
    let n = reading::of(format);
    if !n.indexed() {
        return false;
    }
    // The pass in order starts again from the top: it reports only once
    // past where the pass on every core had come, so progress never goes
    // back.
    let mut furthest = 0;
    let mut report = |at: usize| {
        if at > furthest {
            furthest = at;
            done(at);
        }
    };
    let alone = match boards_told_once(n, bytes, &mut report) {
        Some(alone) => alone,
        None => boards_passed_once(n, bytes, &mut report),
    };
    alone && !lost(bytes)
}

/// How many records are looked at between reports, and how many each
/// core hands on from a context of its own.
const BATCH: usize = 4096;
const RUN: usize = 256;

/// Whether no board is given twice, told on every core: each run of
/// records is handed on from a context that knows nothing before it,
/// which tells every record's board once a record of the run has given
/// one, as generated archives and books give every board. None as soon as
/// a record's board can't be told so (it is left to the records before
/// the run, or the record must be read, or it has none): the pass in
/// order then tells.
fn boards_told_once(n: &dyn Notation, bytes: &[u8], done: &mut impl FnMut(usize)) -> Option<bool> {
    let mut seen = HashSet::new();
    let mut scan = n.scan(bytes);
    loop {
        let batch: Vec<Span> = scan.by_ref().take(BATCH).collect();
        let Some(last) = batch.last() else {
            return Some(true);
        };
        let runs: Option<Vec<Vec<String>>> = batch
            .par_chunks(RUN)
            .map(|run| boards_of_run(n, bytes, run))
            .collect();
        if !runs?.into_iter().flatten().all(|board| seen.insert(board)) {
            return Some(false);
        }
        done(last.end);
    }
}

/// The board of every record of a run, handed on from a context that
/// knows nothing before it; None where one can't be told so.
fn boards_of_run(n: &dyn Notation, bytes: &[u8], run: &[Span]) -> Option<Vec<String>> {
    let mut context = n.partial();
    let board = |span: &Span| hand_on_span(n, bytes, span, &mut context).then(|| n.passed_board(&context));
    run.iter().map(board).map(Option::flatten).collect()
}

/// The same told in one pass in file order at the pace of handing
/// records on, which gives the board number of every record it can hand
/// on, the rest read in full.
fn boards_passed_once(n: &dyn Notation, bytes: &[u8], done: &mut impl FnMut(usize)) -> bool {
    let mut context = n.exact();
    let mut seen = HashSet::new();
    for (i, span) in n.scan(bytes).enumerate() {
        let number = if hand_on_span(n, bytes, &span, &mut context) {
            n.passed_board(&context)
        } else {
            read_one(n, bytes, &span, i + 1, &mut context)
                .board
                .map(|b| b.number)
        };
        if number.is_some_and(|number| !seen.insert(number)) {
            return false;
        }
        if i % BATCH == 0 {
            done(span.end);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    const HANDS: &str = "H N:AKQJT98765432...:.AKQJT98765432..:..AKQJT98765432.:\n";

    fn alone(text: &str, format: SourceFormat) -> bool {
        every_board_alone(text.as_bytes(), format, |_| {})
    }

    #[test]
    fn boards_numbered_on_are_each_alone() {
        let text = format!("B 1:+\n{HANDS}\nC 3N:S\n\nC 2H:N\n\nB 9\nC 1S:W\n");
        assert!(alone(&text, SourceFormat::Rbn));
    }

    #[test]
    fn a_pair_or_a_board_given_again_is_not_alone() {
        let pair = format!("B 1:+\n{HANDS}\nC 3N:S\n!\nC 4S:E\n");
        assert!(!alone(&pair, SourceFormat::Rbn));
        let again = format!("B 9\n{HANDS}\nC 1S:W\n\nC 1N:S\n");
        assert!(!alone(&again, SourceFormat::Rbn));
    }

    #[test]
    fn a_pbn_game_without_a_board_takes_the_one_before() {
        let game = |board: &str| format!("[Event \"e\"]\n{board}[Dealer \"N\"]\n\n");
        let two = format!("{}{}", game("[Board \"1\"]\n"), game("[Board \"2\"]\n"));
        assert!(alone(&two, SourceFormat::Pbn));
        let carried = format!("{}{}", game("[Board \"1\"]\n"), game(""));
        assert!(!alone(&carried, SourceFormat::Pbn));
    }

    /// Records whose boards a run of them tells are told apart on every
    /// core; a record whose board only the records before the run tell
    /// sends the file to the pass in order.
    #[test]
    fn boards_runs_of_records_tell_are_told_side_by_side() {
        let told = |text: &str| {
            let n = reading::of(SourceFormat::Pbn);
            boards_told_once(n, text.as_bytes(), &mut |_| {})
        };
        let game = |board: &str| format!("[Board \"{board}\"]\n[Dealer \"N\"]\n\n");
        assert_eq!(told(&format!("{}{}", game("1"), game("2"))), Some(true));
        assert_eq!(told(&format!("{}{}", game("1"), game("1"))), Some(false));
        assert_eq!(
            told(&format!("{}{}", game("1"), game("#"))),
            None,
            "# is left to the reader"
        );
        let many: String = (1..=BATCH + 1).map(|b| game(&b.to_string())).collect();
        assert_eq!(told(&many), Some(true), "a board in the next batch");
        let again = format!("{many}{}", game("1"));
        assert_eq!(told(&again), Some(false), "a board again a batch later");
        // The first game of the second run carries the board before it.
        let run: String = (1..=RUN).map(|b| game(&b.to_string())).collect();
        let carried = format!("{run}[Dealer \"N\"]\n\n");
        assert_eq!(told(&carried), None, "a board only the run before tells");
        assert!(!alone(&carried, SourceFormat::Pbn), "the pass in order tells");
    }

    /// Wherever the runs side by side give an answer, it is the pass in
    /// order's; boards numbered on across runs, a pair's second table,
    /// labels fixed by the first record and a `##` a batch on leave the
    /// answer to the pass in order.
    #[test]
    fn runs_side_by_side_answer_as_the_pass_in_order() {
        let rbn = |boards: &mut dyn Iterator<Item = usize>| {
            boards.map(|b| format!("B {b}\nC 3N:S\n\n")).collect::<String>()
        };
        let numbered_on: String = format!("B 1:+\n{HANDS}\n") + &"C 3N:S\n\n".repeat(RUN + 2);
        let pair = rbn(&mut (1..RUN)) + "B 900\nC 3N:S\n!\nC 4S:E\n\nB 901\nC 1N:S\n";
        let fixed = "A! NN:PPPP\n".to_string() + &rbn(&mut (1..RUN + 3));
        let pbn_game = |board: &str| format!("[Board \"{board}\"]\n[Dealer \"N\"]\n\n");
        let sticky: String = (1..=BATCH + 1)
            .map(|b| pbn_game(&b.to_string()))
            .collect::<String>()
            + &pbn_game("##7");
        let cases = [
            (rbn(&mut (1..RUN * 3)), SourceFormat::Rbn, Some(true)),
            (
                rbn(&mut (1..RUN * 3).chain([RUN * 2])),
                SourceFormat::Rbn,
                Some(false),
            ),
            (numbered_on, SourceFormat::Rbn, None),
            (pair, SourceFormat::Rbn, None),
            (fixed, SourceFormat::Rbn, None),
            (sticky, SourceFormat::Pbn, None),
        ];
        for (text, format, expected) in cases {
            let n = reading::of(format);
            let told = boards_told_once(n, text.as_bytes(), &mut |_| {});
            assert_eq!(told, expected, "{format:?}");
            let passed = boards_passed_once(n, text.as_bytes(), &mut |_| {});
            assert!(
                told.is_none_or(|t| t == passed),
                "{format:?}: {told:?} against {passed}"
            );
        }
    }

    /// A game vetting can't vouch for (a contract no auction could end
    /// in) is read in full, and its board counts the same.
    #[test]
    fn a_game_read_in_full_counts_its_board_too() {
        let games = "[Board \"1\"]\n[Contract \"9Z\"]\n\n[Board \"1\"]\n\n";
        assert!(!alone(games, SourceFormat::Pbn));
    }

    #[test]
    fn a_file_read_whole_is_not_looked_into() {
        assert!(!alone("qx|o1|\n", SourceFormat::Lin));
    }
}
