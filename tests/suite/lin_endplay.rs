//! A differential test against endplay's LIN reader: every corpus LIN file
//! read by kibitzer is compared, board by board, with what endplay 0.5.12
//! read from it (hands, dealer, vulnerability, auction, play). endplay cannot
//! be installed at test time (no network), so what it read is a fixture,
//! written by `scripts/lin-vs-endplay.py --fixture`.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kibitzer::archive::Archive;
use serde_json::Value;

/// The corpus files endplay fails on, the start of its error, and why the
/// fault is endplay's and not the file's (each checked against kibitzer's
/// reading in `defect_holds`).
const ENDPLAY_DEFECTS: &[(&str, &str, &str)] = &[
    (
        "Rick-Wilson__bridge-wrangler/tests/fixtures/expected/ABS2-2 - NS.lin",
        "ValueError: invalid lin vulnerability '0'",
        "BBO writes `sv|0|` for none; endplay accepts only o/b/n/e",
    ),
    (
        "emkael__deal-convert/test/test.lin",
        "ValueError: too many values to unpack (expected 4)",
        "a vugraph `pn` names eight players (open and closed room); endplay expects four",
    ),
    (
        "forrestrice__bridge-bots/bridgebots/tests/resources/usbf_sf_14502.lin",
        "ValueError: too many values to unpack (expected 4)",
        "a vugraph `pn` names eight players (open and closed room); endplay expects four",
    ),
    (
        "jarekczek__pbntools/test/test_6_bbo_skyclub_20130810/SKY_CLUB_2196_Pairs_SKY_CLUB_JACKPOT_2000/20784108.lin",
        "AttributeError: 'NoneType' object has no attribute 'suit'",
        "the play stops mid-trick with no claim; endplay's trick count fails on the unfinished trick",
    ),
    (
        "jarekczek__pbntools/test/test_6_bbo_skyclub_20130810/SKY_CLUB_2196_Pairs_SKY_CLUB_JACKPOT_2000/20784128.lin",
        "AttributeError: 'NoneType' object has no attribute 'suit'",
        "the play stops mid-trick with no claim; endplay's trick count fails on the unfinished trick",
    ),
];

/// Every corpus LIN file, named from ../shared/corpus/lin as the fixture
/// names it.
fn corpus_files(root: &Path) -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("lin")) {
                let name = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                found.insert(name, path);
            }
        }
    }
    found
}

/// kibitzer's boards in the fixture's shape.
fn kibitzer_boards(path: &Path) -> Vec<Value> {
    let archive = Archive::open(path).expect("opens");
    archive.records().map(|r| common::endplay::board(&r)).collect()
}

fn disagreements(name: &str, ours: &[Value], theirs: &[Value]) -> Vec<String> {
    let mut found = Vec::new();
    if ours.len() != theirs.len() {
        found.push(format!(
            "{name}: kibitzer reads {} boards, endplay {}",
            ours.len(),
            theirs.len()
        ));
    }
    for (i, (a, b)) in ours.iter().zip(theirs).enumerate() {
        found.extend(common::endplay::board_disagreements(name, i + 1, a, b));
    }
    found
}

/// What in kibitzer's reading shows the file is sound where endplay fails:
/// `sv|0|` read as none; the play stopping mid-trick with no result; a
/// vugraph file's boards read in both rooms, open (1) and closed (2).
fn defect_holds(name: &str, boards: &[Value], path: &Path) -> bool {
    let records: Vec<_> = Archive::open(path).unwrap().records().collect();
    if name.contains("ABS2-2") {
        // One `sv` a board, in order.
        let text = std::fs::read_to_string(path).unwrap();
        let written: Vec<_> = text.split("sv|").skip(1).map(|v| v.split('|').next()).collect();
        let zero: Vec<_> = written
            .iter()
            .zip(boards)
            .filter(|(v, _)| **v == Some("0"))
            .map(|(_, b)| b)
            .collect();
        return written.len() == boards.len()
            && !zero.is_empty()
            && zero.iter().all(|b| b["vulnerability"] == "none");
    }
    if name.contains("SKY_CLUB") {
        let played = boards[0]["play"].as_array().unwrap().len();
        let result = records[0].result().and_then(|r| r.outcome);
        return records.len() == 1 && !played.is_multiple_of(4) && result.is_none();
    }
    let tables: std::collections::BTreeSet<_> = records.iter().map(|r| r.table).collect();
    tables == [Some(1), Some(2)].into()
}

/// endplay fails on exactly the files listed as its defects, each with its
/// known error.
fn assert_endplays_defects(failed: &[(&str, &str)]) {
    let expected: Vec<_> = ENDPLAY_DEFECTS.iter().map(|(name, _, _)| *name).collect();
    let names: Vec<_> = failed.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        names, expected,
        "endplay fails on exactly the files listed as its defects"
    );
    for ((name, error), (_, start, why)) in failed.iter().zip(ENDPLAY_DEFECTS) {
        assert!(
            error.starts_with(start),
            "{name}: endplay's error `{error}` is not the known one ({why})"
        );
    }
}

#[test]
fn every_corpus_board_agrees_with_endplay_but_for_endplays_defects() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let files = corpus_files(&corpus.join("lin"));
    let endplay = common::endplay::fixture("lin/endplay.json");
    assert_eq!(
        files.keys().collect::<Vec<_>>(),
        endplay.keys().collect::<Vec<_>>(),
        "the fixture covers exactly the corpus LIN files; rerun scripts/lin-vs-endplay.py --fixture"
    );
    let mut found = Vec::new();
    let mut failed = Vec::new();
    let mut compared = 0;
    for (name, path) in &files {
        let ours = kibitzer_boards(path);
        let read = &endplay[name];
        if let Some(error) = read.get("error") {
            failed.push((name.as_str(), error.as_str().unwrap()));
            assert!(
                defect_holds(name, &ours, path),
                "{name}: kibitzer's reading does not show endplay's defect"
            );
            continue;
        }
        let theirs = read["boards"].as_array().expect("boards or an error");
        compared += theirs.len();
        found.extend(disagreements(name, &ours, theirs));
    }
    assert!(
        found.is_empty(),
        "kibitzer and endplay disagree:\n{}",
        found.join("\n")
    );
    assert_endplays_defects(&failed);
    assert_eq!(compared, 91, "boards both programs read");
}
