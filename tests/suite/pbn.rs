//! The PBN reader: over fixtures written here, over every real file in
//! ../shared/corpus (skipped with a notice when it is absent), and against
//! boards read by hand from those files.

use crate::common;

use std::path::{Path, PathBuf};

use common::corpus;
use std::process::Command;

use kibitzer::archive::Archive;
use kibitzer::model::{AuctionItem, Record, Seat};
use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn records(path: &Path) -> Vec<Record> {
    Archive::open(path).expect("the file opens").records().collect()
}

/// `kibitzer dump` of a file, one JSON value per record.
fn dump(path: &Path) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .arg("dump")
        .arg(path)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect()
}

#[test]
fn quirks_of_import_format_are_read() {
    let r = records(&root().join("tests/fixtures/quirks.pbn"));
    assert_eq!(r.len(), 4);
    let first = &r[0];
    assert_eq!(
        first.event.as_ref().unwrap().first,
        "Club \"Thursday\" [practice]"
    );
    assert_eq!(
        first.board.as_ref().unwrap().number,
        "1",
        "a tag split over lines"
    );
    assert_eq!(
        first.players.as_ref().unwrap().name(0, Seat::West),
        Some("Ann"),
        "tags sharing a line"
    );
    assert_eq!(first.date.as_ref().unwrap().to_string(), "2026-11");
    let auction = first.auction().unwrap();
    assert_eq!(auction.entries.len(), 4, "1n, pass, 3NT and AP");
    assert!(matches!(auction.entries[3].item, AuctionItem::AllPass));
    assert_eq!(first.contract().unwrap().short(), "3N");
    assert_eq!(first.notes.len(), 2);
    assert_eq!(first.commentary.len(), 5);
    assert!(
        first
            .commentary
            .iter()
            .any(|c| c.text.plain() == "North cashes the ♦ J next.")
    );
    assert_eq!(first.table, Some(1));
    assert!(first.makes().is_some());
    assert!(
        first
            .tags
            .iter()
            .any(|(n, v)| n == "OptimumScore" && v == "NS 630")
    );
    let second = &r[1];
    assert_eq!(
        second.table,
        Some(2),
        "the next game of the same board is its other table"
    );
    assert_eq!(second.deal, first.deal, "the deal is inherited");
    assert_eq!(second.event, first.event, "`#` takes the earlier value");
    assert_eq!(second.contract().unwrap().declarer, Seat::South);
    let hidden = |r: &Record| r.deal.as_ref().unwrap().hidden.iter().collect::<Vec<_>>();
    assert_eq!(hidden(&r[2]), [Seat::North, Seat::East, Seat::South]);
    assert_eq!(
        hidden(&r[3]),
        [Seat::North, Seat::East, Seat::South],
        "`##` holds for the games after"
    );
    let problems: Vec<String> = r
        .iter()
        .flat_map(|r| r.problems.iter().map(|p| p.to_string()))
        .collect();
    assert_eq!(
        problems,
        [
            "88:1: tag Board is given twice in this game; the first one counts",
            "89:1: tag Dealer is given twice in this game; the first one counts"
        ],
        "an accepted insufficient bid (^I) and a skipped turn (^S) are no problems"
    );
}

#[test]
fn the_play_is_turned_into_played_order() {
    let d = dump(&root().join("tests/fixtures/quirks.pbn"));
    let play = strings(&d[0]["play"]);
    assert_eq!(play[..8], ["C4", "C5", "C6", "CA", "D3", "D7", "DA", "D4"]);
    assert_eq!(strings(&d[0]["trick_winners"]), ["N", "S", "N", "N"]);
    assert_eq!(d[0]["format"], "pbn");
    assert_eq!(d[0]["result"], 10);
    assert_eq!(d[1]["result"], 7, "NS 7 with South declaring");
}

/// Boards read by hand from the corpus files: what each must become.
#[test]
fn corpus_boards_match_a_reading_by_hand() {
    let Some(dir) = corpus() else { return };
    let sample = dump(&dir.join("pbn/dominicprice__endplay/examples/pbn_files/sample.pbn"));
    let b17 = &sample[0];
    assert_eq!(
        (
            b17["board"].as_str(),
            b17["dealer"].as_str(),
            b17["vulnerable"].as_str()
        ),
        (Some("17"), Some("N"), Some("none"))
    );
    assert_eq!(b17["hands"]["S"], "Q.KJ976.AT8765.5");
    assert_eq!(
        strings(&b17["auction"]),
        [
            "P", "P", "1H", "P", "1N", "2H", "3D", "4S", "5D", "P", "P", "5S", "X", "P", "P", "P"
        ]
    );
    assert_eq!(
        (
            b17["contract"].as_str(),
            b17["declarer"].as_str(),
            b17["result"].as_u64()
        ),
        (Some("5SX"), Some("W"), Some(8))
    );
    assert_eq!(
        strings(&b17["play"])[..12],
        [
            "H2", "H4", "HK", "HA", "D9", "D2", "DQ", "DA", "C5", "C4", "CA", "C2"
        ]
    );
    assert_eq!(strings(&b17["trick_winners"])[..3], ["W", "S", "N"]);

    let passed = &dump(&dir.join("pbn/dominicprice__endplay/tests/pbn/example2.pbn"))[0];
    assert_eq!(
        (passed["board"].as_str(), passed["dealer"].as_str()),
        (Some("11"), Some("S"))
    );
    assert_eq!(passed["hands"]["W"], "7643.QT3.32.KJ96");
    assert_eq!(strings(&passed["auction"]), ["P", "P", "P", "P"]);
    assert!(passed["contract"].is_null() && passed["result"].is_null());

    let club = &dump(&dir.join("pbn/jarekczek__pbntools/test/test_1_pary/WB120802/wb120802.pbn"))[0];
    assert_eq!(club["hands"]["E"], "A9842.J3.95.KJ75");
    assert_eq!(
        (
            club["contract"].as_str(),
            club["declarer"].as_str(),
            club["result"].as_u64()
        ),
        (Some("4H"), Some("S"), Some(9))
    );

    let wc = &dump(&dir.join("pbn/dominicprice__endplay/tests/pbn/example3.pbn"))[1];
    assert_eq!(
        (
            wc["board"].as_str(),
            wc["table"].as_u64(),
            wc["contract"].as_str()
        ),
        (Some("1"), Some(2), Some("4SX"))
    );
    assert_eq!(
        strings(&wc["play"])[..20],
        [
            "CA", "C4", "C9", "C8", "HK", "HT", "HA", "H4", "HQ", "H2", "H3", "S2", "S5", "C3", "SA", "S9",
            "DQ", "D7", "D2", "D6"
        ]
    );
    assert_eq!(strings(&wc["trick_winners"])[..5], ["E", "W", "S", "N", "N"]);
}

/// Every real file opens, and each problem check reports is one the file
/// really has (the kinds allowed for each file are listed with why).
#[test]
fn every_corpus_file_opens_with_only_real_problems() {
    let Some(dir) = corpus() else { return };
    // Kinds of problems, by a word each message has, and the files that
    // really have them.
    let allowed: &[(&str, &str)] = &[
        // rpbridge export: rows from the trick's leader, and leaders that do
        // not follow the contract's trump.
        ("example3.pbn", "written from its leader"),
        ("example3.pbn", "do not fit"),
        ("example4.pbn", "written from its leader"),
        ("shared_deals.pbn", "written from its leader"),
        ("shared_deals.pbn", "do not fit"),
        // rpbridge's export again: Auction tags whose seat leaves the
        // dealer's passes out, so the auction ends with another declarer
        // than the Declarer tag's (East opening 1NT with 2 points).
        ("example3.pbn", "the auction ends in"),
        ("example4.pbn", "the auction ends in"),
        ("shared_deals.pbn", "the auction ends in"),
        // A `}` after a comment already closed, and `--` for a card.
        ("sample.pbn", "stands outside"),
        ("sample.pbn", "is not a card"),
        ("sample.pbn", "written from its leader"),
        // BEN quiz files write `AC` where a call should be.
        ("pav_second120.pbn", "is not a call"),
        ("pav_second120.pbn", "double of nothing"),
        // Calls written with no Auction tag before them.
        ("pav_second120.pbn", "stands outside"),
        ("BW.pbn", "is not a call"),
        ("CTC_mayjun20.pbn", "is not a call"),
        ("pav_first120.pbn", "is not a call"),
        ("pav_first120.pbn", "has no declarer"),
        // `AC X` in a quiz auction: a double with no bid before it.
        ("pav_first120.pbn", "double of nothing"),
        // BridgeComposer's 4x9 layout runs two games together.
        ("ABS2-2 - 4x9.pbn", "without the blank line"),
        // `{3N 10 ... 5C 1]`: the comment's brace closed with a bracket.
        ("pav_second120.pbn", "comment is not closed by `}` before the tag"),
    ];
    let mut files = Vec::new();
    collect(&dir.join("pbn"), &mut files);
    let mut opened = 0;
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "pbn")) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let records = records(path);
        assert!(!records.is_empty(), "{name} has records");
        opened += 1;
        for p in records.iter().flat_map(|r| &r.problems) {
            let ok = allowed
                .iter()
                .any(|(file, kind)| name == *file && p.message.contains(kind));
            assert!(ok, "{name}:{p} is not a known defect of the file");
        }
    }
    assert!(opened >= 40, "opened {opened} files");
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Files with deliberate errors: each error is reported at a line of the
/// file, and the games after it still load.
#[test]
fn malformed_files_get_clear_problems_and_keep_loading() {
    let Some(dir) = corpus() else { return };
    let base = dir.join("pbn-malformed/timheilman__bridge-pbn/spec/resource/reference_impl_tests");
    for (file, min_records, min_problems) in [
        ("errors_10.pbn", 60, 40),
        ("errors_20.pbn", 20, 5),
        ("errors_21.pbn", 2, 1),
    ] {
        let path = base.join(file);
        let lines = std::fs::read_to_string(&path)
            .map(|t| t.lines().count())
            .unwrap_or_else(|_| {
                let bytes = std::fs::read(&path).unwrap();
                bytes.split(|&b| b == b'\n').count()
            });
        let records = records(&path);
        let problems: Vec<_> = records.iter().flat_map(|r| &r.problems).collect();
        assert!(records.len() >= min_records, "{file}: {} records", records.len());
        assert!(
            problems.len() >= min_problems,
            "{file}: {} problems",
            problems.len()
        );
        for p in problems {
            assert!(
                p.pos.line >= 1 && p.pos.line as usize <= lines && p.pos.col >= 1,
                "{file}:{p}"
            );
            assert!(!p.message.is_empty());
        }
    }
    let empty = dir.join("pbn-malformed/zdenecek__pbn/pbn_files/empty.pbn");
    assert!(Archive::open(&empty).is_ok(), "an empty .pbn is an empty archive");
}

/// Of the tags a game leaves out, exports leave out what the two tables of
/// a board share: rpbridge's second tables give neither board nor deal,
/// and its games give the event once. Another board's game takes no
/// scoring from the game before (bridge-bots' sample goes from the
/// Cavendish to the Cap Gemini).
#[test]
fn only_what_the_tables_of_a_board_share_carries_over() {
    let Some(dir) = corpus() else { return };
    let championship = records(&dir.join("pbn/dominicprice__endplay/tests/pbn/example3.pbn"));
    let (open, closed) = (&championship[0], &championship[1]);
    assert_eq!((&closed.board, &closed.deal), (&open.board, &open.deal));
    assert_eq!(championship[2].event, open.event);
    let sample = records(&dir.join("pbn/forrestrice__bridge-bots/bridgebots/tests/resources/sample.pbn"));
    assert!(sample[0].scoring.is_some());
    assert_eq!(sample[1].scoring, None, "{:?}", sample[1].scoring);
}
