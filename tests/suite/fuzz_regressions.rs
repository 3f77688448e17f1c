//! Inputs that once made the RBN/RBX reader panic, each read through both
//! formats. Found by `scripts/fuzz.sh rbn` (minimised with `cargo fuzz
//! tmin`) or, for the siblings of a fuzzer find, by reading the code next
//! to it.

use std::panic::{AssertUnwindSafe, catch_unwind};

use kibitzer::model::{Record, SourceFormat};
use kibitzer::notation::rbn::Reader;

/// Reads every record of `bytes` in `format`, catching a panic.
fn read_all(bytes: &[u8], format: SourceFormat) -> std::thread::Result<Vec<Record>> {
    catch_unwind(AssertUnwindSafe(|| {
        Reader::new(bytes, format)
            .inspect(|r| {
                // Touch every field, as the fuzz target does.
                let _ = format!("{r:?}");
            })
            .collect()
    }))
}

/// Reads `bytes` both ways, failing the test if either panics, and checks
/// the records are well-formed: numbered 1, 2, ... in order, of the format
/// asked for, and every problem pointing at a real line and column of the
/// input. Returns the records, RBN first.
fn check(bytes: &[u8]) -> [Vec<Record>; 2] {
    let formats = [SourceFormat::Rbn, SourceFormat::Rbx];
    let read = formats.map(|format| read_all(bytes, format));
    let panicked: Vec<&str> = formats
        .iter()
        .zip(&read)
        .filter(|(_, r)| r.is_err())
        .map(|(f, _)| f.name())
        .collect();
    assert!(
        panicked.is_empty(),
        "reading b\"{}\" panicked as {}",
        bytes.escape_ascii(),
        panicked.join(" and ")
    );
    let line_count = bytes.split(|&b| b == b'\n').count() as u32;
    let mut read = read.map(|r| r.unwrap_or_default());
    for (format, records) in formats.iter().zip(&mut read) {
        for (i, record) in records.iter().enumerate() {
            assert_eq!(record.number, i + 1, "records are numbered in order");
            assert_eq!(record.format, *format);
            assert!(
                record.line >= 1 && record.line <= line_count,
                "record line {}",
                record.line
            );
            for problem in &record.problems {
                assert!(
                    problem.pos.line >= 1 && problem.pos.line <= line_count,
                    "problem {problem} points outside the input's {line_count} lines"
                );
                assert!(problem.pos.col >= 1, "problem {problem} has column 0");
                assert!(
                    !problem.message.trim().is_empty(),
                    "problem at {} says nothing",
                    problem.pos
                );
            }
        }
    }
    read
}

/// Found by the fuzzer: a K carryover too large for i64 hundredths,
/// `attempt to multiply with overflow` at src/notation/rbn/labels.rs:92
/// (`parse_hundredths`).
#[test]
fn huge_team_carryover() {
    for records in check(b"K ::95777777777777777") {
        assert_eq!(records.len(), 1);
        assert!(records[0].teams.is_some(), "the K label is still read");
    }
}

/// Same overflow with a negative carryover, and for the second team.
#[test]
fn huge_team_carryover_negative_and_second_team() {
    for records in check(b"K A:B:-95777777777777777:99999999999999999999.99") {
        assert_eq!(records.len(), 1);
        assert!(records[0].teams.is_some());
    }
}

/// Sibling found by reading the code: the R effective score as a percent
/// too large for i64 hundredths, `attempt to multiply with overflow` at
/// src/notation/rbn/contract.rs:102 (`decimal`).
#[test]
fn huge_result_percent() {
    for records in check(b"R 10:99999999999999999\n") {
        assert_eq!(records.len(), 1);
    }
}

/// The same through the signed (IMPs) form of the R effective score.
#[test]
fn huge_result_imps() {
    for records in check(b"R 10:+99999999999999999\n") {
        assert_eq!(records.len(), 1);
    }
}

/// Sibling found by reading the code: a board numbering on from u64::MAX,
/// `attempt to add with overflow` at src/model/meta.rs:223 (`Board::next`).
#[test]
fn board_numbering_on_from_u64_max() {
    for records in check(b"B 18446744073709551615:+\n\nT next\n") {
        assert_eq!(records.len(), 2);
        assert!(records.iter().all(|r| r.board.is_some()));
    }
}

/// Found by the `pinochle` target: a Passed tag whose first hand does not
/// read (`T.` has too few suits) left no first passer to pair the second
/// with.
#[test]
fn pinochle_passed_with_an_unreadable_first_hand() {
    let input = b"% PPN 1.0\n[Competition \"Double-deck Passing\"]\n[Deal \"W:KKJ.ATKQJJ.KQJ.ATTTQJJJ TQJ.AAAK.ATTTKKJ.AAAKKQ ATTKKQQJ.TKQ.AAAKQQ.TKQ AAATQJ.TTKQQJJ.TQJJ.KQJ\"]\n[Declarer \"W\"]\n[Passed \"W:KJ.T. .AT.QJ..T\"]\n[Trump \"D\"]\n";
    let records: Vec<_> =
        kibitzer::archive::read_checked(input, kibitzer::model::SourceFormat::PpnPinochle).collect();
    assert_eq!(records.len(), 1);
    assert!(
        records[0]
            .problems
            .iter()
            .any(|p| p.message.contains("four suits")),
        "{:?}",
        records[0].problems
    );
}

/// Found by the `access` target: in RBX a bare label ending a repetition
/// (`B}`) was not seen by the scan as a record that hands something on,
/// so a record read on its own took a board the file had already ended.
#[test]
fn rbx_bare_label_before_a_brace_ends_the_repetition() {
    let input = b"\x80\x00A! WX:A\nI Scorer=Ev\xaa\0\0\0\0\0\0\0Hall\nB 24:+:Deal\n\nB}\nP Y~+.\n";
    for format in [SourceFormat::Rbn, SourceFormat::Rbx] {
        kibitzer::testing::selfcheck::reading_alone_agrees(input, format).unwrap();
    }
}

/// Found by the `access` target: a game gave Deal as `#` with no game
/// before giving one, which leaves an empty deal to the games after it;
/// read on its own, the next game found no deal at all.
#[test]
fn pbn_inheriting_from_nothing_hands_on_an_empty_value() {
    let games = b"[Board \"1\"]\n[Deal \"#\"]\n\n[Board \"2\"]\n\n[Board \"3\"]\n[Deal \"#\"]\n[Deal \"N:AKQJT98765432... - - -\"]\n\n[Board \"4\"]\n";
    kibitzer::testing::selfcheck::reading_alone_agrees(games, SourceFormat::Pbn).unwrap();
    let input = include_bytes!("../fixtures/fuzz/access/access-inherit-from-nothing.pbn");
    kibitzer::testing::selfcheck::reading_alone_agrees(input, SourceFormat::Pbn).unwrap();
}

/// Found by the `access` target: a bare tag value starting with `##`
/// (`[Board## 3]`) holds for every game after it, as a quoted one does;
/// the scan saw only the quoted form, so a later game read on its own
/// missed it.
#[test]
fn pbn_bare_value_with_two_hashes_holds_for_the_games_after() {
    let games = b"[Board \"1\"]\n\n[Board## 3]\n\n[Event \"E\"]\n\n[Event \"F\"]\n";
    kibitzer::testing::selfcheck::reading_alone_agrees(games, SourceFormat::Pbn).unwrap();
    let input = include_bytes!("../fixtures/fuzz/access/access-bare-sticky-value.pbn");
    kibitzer::testing::selfcheck::reading_alone_agrees(input, SourceFormat::Pbn).unwrap();
}

/// Found by the `access` target, as a hang: a tag with no name given as
/// `#` (`["#"]`) was looked for backwards by its empty name, which is
/// found at once in the game itself, and so for ever.
#[test]
fn pbn_tag_with_no_name_inherited_does_not_hang() {
    let games = b"[Board \"1\"]\n[ \"x\"]\n\n[Board \"2\"]\n\n[\"#\"]\n[Board \"3\"]\n";
    kibitzer::testing::selfcheck::reading_alone_agrees(games, SourceFormat::Pbn).unwrap();
    let input = include_bytes!("../fixtures/fuzz/access/access-nameless-tag.pbn");
    kibitzer::testing::selfcheck::reading_alone_agrees(input, SourceFormat::Pbn).unwrap();
}

/// Found by reading the code: a contract past i32's range set declarer's
/// team its negation, a game score at i32::MAX overflowed when the hand
/// was added, and a kitty longer than the deck left a negative hand size.
#[test]
fn pinochle_scores_and_kitty_past_their_ranges() {
    let deal =
        "E:TKKQJJ.ATKQQJ.TKQQQJ.TT AAAATKQ.AKQJJ.TKQJ.ATKJ TKQJ.ATKJ.AKJJ.AATKQQJJ TQJ.ATTKQ.AAATTK.AKKQQJ";
    let kitty = vec!["CA"; 100].join(" ");
    let input = format!(
        "% PPN 1.0\n[Dealer \"N\"]\n[Deal \"{deal}\"]\n[Declarer \"W\"]\n[Contract \"4294967295\"]\n[Trump \"H\"]\n[GameScores \"2147483647:-2147483648\"]\n[Kitty \"{kitty}\"]\n[Discard \"{} (0)\"]\n",
        "A".repeat(200)
    );
    let records: Vec<_> =
        kibitzer::archive::read_checked(input.as_bytes(), kibitzer::model::SourceFormat::PpnPinochle)
            .collect();
    assert_eq!(records.len(), 1);
    assert!(
        records[0]
            .problems
            .iter()
            .any(|p| p.message.contains("more often than"))
    );
    let r = &records[0];
    let worked = kibitzer::scoring::pinochle::work_out(r, &kibitzer::replay::Replay::new(r).timeline);
    assert!(worked.is_some_and(|w| w.game_after.is_none()));
}
