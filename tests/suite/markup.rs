//! Text markup in real PBN files is decoded by the reader: a teaching
//! file's HTML and `\S` suits, BBO's `!S` in notes. The corpus files are
//! read through the same path the viewer uses; skipped when the corpus is
//! not here.

use crate::common;

use std::path::Path;
use std::process::Command;

use kibitzer::archive::Archive;
use kibitzer::model::{Record, Run, Seat};

fn read(path: &Path) -> Vec<Record> {
    Archive::open(path).expect("the file opens").records().collect()
}

fn records(relative: &str) -> Option<Vec<Record>> {
    Some(read(&common::corpus()?.join(relative)))
}

const TAGGED: &str = "[Event \"Smith &amp; Jones \\S Cup\"]\n[Board \"1\"]\n[West \"Ann&nbsp;Lee\"]\n\
[Dealer \"N\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n[Auction \"N\"]\n1C =1= Pass\n[Note \"1:6+ !C<br>strong\"]\n";

/// Tag values and notes are decoded like comments, and the header draws
/// the decoded suit (a letter in the ASCII theme).
#[test]
fn tag_values_and_notes_are_decoded() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-markup-{}.pbn", std::process::id()));
    std::fs::write(&path, TAGGED).unwrap();
    let r = &read(&path)[0];
    assert_eq!(r.event.as_ref().unwrap().first, "Smith & Jones ♠ Cup");
    assert_eq!(r.player(Seat::West), Some("Ann\u{a0}Lee"));
    assert_eq!(r.notes[0].text, "6+ ♣ strong");
    let shown = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["show", "--ascii", path.to_str().unwrap()])
        .output()
        .unwrap();
    let screen = String::from_utf8(shown.stdout).unwrap();
    assert!(screen.contains("Board 1 · Smith & Jones S Cup"), "{screen}");
}

#[test]
fn a_teaching_file_is_bold_reflowed_and_has_suit_symbols() {
    let Some(records) = records("pbn/Rick-Wilson__bridge-wrangler/tests/fixtures/input/ABS2-2.pbn") else {
        return;
    };
    let comments: Vec<_> = records.iter().flat_map(|r| &r.commentary).collect();
    let first = comments
        .iter()
        .find(|c| c.text.plain().contains("North, dealer, holds 13 points"))
        .expect("the first lesson's comment");
    let bold = first
        .text
        .runs
        .iter()
        .find(|s| matches!(s, Run::Text { emphasis, .. } if emphasis.bold));
    assert!(
        matches!(bold, Some(Run::Text { text, .. }) if text == "Bidding."),
        "{bold:?}"
    );
    let plain = first.text.plain();
    assert!(
        plain.contains("With four diamonds and four clubs, North chooses to open 1♦."),
        "{plain}"
    );
    for c in &comments {
        let plain = c.text.plain();
        assert!(!plain.contains("<b>") && !plain.contains("\\S"), "{plain}");
        // Breaks come only in pairs, between paragraphs.
        let spans = &c.text.runs;
        for (i, s) in spans.iter().enumerate() {
            if *s == Run::LineBreak {
                let paired = spans.get(i + 1) == Some(&Run::LineBreak)
                    || spans.get(i.wrapping_sub(1)) == Some(&Run::LineBreak);
                assert!(paired, "a lone break in {plain:?}");
            }
        }
    }
}

#[test]
fn bbo_suit_codes_in_notes_are_symbols() {
    let Some(records) = records("pbn/jarekczek__pbntools/test/test_11_aba_17901/aba_17901_aba_pairs.pbn")
    else {
        return;
    };
    let notes: Vec<&str> = records
        .iter()
        .flat_map(|r| &r.notes)
        .map(|n| n.text.as_str())
        .collect();
    assert!(notes.iter().any(|n| n.contains('♥')), "{notes:?}");
    assert!(
        notes.iter().all(|n| !n.contains("!H") && !n.contains("!S")),
        "{notes:?}"
    );
}

/// BEN's results (written through BridgeComposer) put the suit in lower
/// case after the backslash, in notes and in the score table comment; on
/// screen each is the suit, with no backslash left.
#[test]
fn lower_case_backslash_suits_are_symbols_on_screen() {
    let relative = "pbn/lorserker__ben/Challenges/Results/pav_first120-GIB-BBO-8728.pbn";
    let Some(records) = records(relative) else {
        return;
    };
    let r = &records[0];
    assert_eq!(r.notes[0].text, "NT style -- 2-6♣; 2-6♦; 2-5♥; 2-5♠; 15-17 HCP");
    let table = r.commentary[0].text.plain();
    assert!(table.contains("2♥       7") && !table.contains('\\'), "{table}");
    let path = common::corpus().unwrap().join(relative);
    let shown = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args([
            "show",
            "--step",
            "60",
            "--width",
            "120",
            "--height",
            "40",
            path.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let screen = String::from_utf8(shown.stdout).unwrap();
    assert!(
        screen.contains("2-5♠; 15-17 HCP") && screen.contains("4♥       2"),
        "{screen}"
    );
    assert!(!screen.contains('\\'), "{screen}");
}
