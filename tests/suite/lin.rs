//! The LIN reader over fixtures written here and over the real files of
//! ../shared/corpus/lin.

use crate::common;
use common::kibitzer;

use std::path::{Path, PathBuf};

use kibitzer::archive::Archive;
use kibitzer::model::{
    Annotation, AuctionItem, EntryRef, NoteScope, Outcome, Pause, Record, Seat, SourceFormat, Vulnerability,
};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn records(path: &Path) -> Vec<Record> {
    let archive = Archive::open(path).expect("opens");
    assert_eq!(archive.format, SourceFormat::Lin, "{}", path.display());
    archive.records().collect()
}

fn problems(records: &[Record]) -> Vec<String> {
    records
        .iter()
        .flat_map(|r| &r.problems)
        .map(|p| format!("{}: {}", p.pos, p.message))
        .collect()
}

#[test]
fn a_hand_record_carries_alerts_explanations_pauses_and_the_claim() {
    let r = &records(&fixture("quirks.lin"))[0];
    let auction = r.auction().unwrap();
    assert_eq!(
        (auction.dealer, auction.vulnerability),
        (Seat::North, Vulnerability::None)
    );
    assert_eq!(
        auction.entries[1].annotations,
        [Annotation::Conventional, Annotation::Note(1)]
    );
    let note = r.note(NoteScope::Auction, 1).unwrap();
    assert_eq!(note.text, "both ♣ and ♦");
    assert_eq!(r.contract().unwrap().short(), "4S");
    assert_eq!(r.declarer(), Some(Seat::South));
    assert_eq!(r.result().unwrap().outcome, Some(Outcome::Tricks(13)));
    let texts: Vec<String> = r.commentary.iter().map(|c| c.text.plain()).collect();
    assert_eq!(texts, ["Sam ruffs the ♥A", "South claims 13 tricks"]);
    assert_eq!(r.commentary[0].entry, Some(EntryRef::Play(3)));
    let pauses = &r.bridge().unwrap().pauses;
    assert_eq!(
        pauses,
        &[Pause { calls: 10, cards: 0 }, Pause { calls: 10, cards: 4 }]
    );
    assert_eq!(r.player(Seat::South), Some("Sam"));
    assert_eq!(r.player(Seat::East), Some("Eli"));
    assert_eq!(r.board.as_ref().unwrap().number, "1");
}

#[test]
fn quirks_are_problems_at_their_place_and_the_rest_loads() {
    let all = records(&fixture("quirks.lin"));
    assert_eq!(all.len(), 3);
    assert_eq!(
        problems(&all),
        [
            "4:17: tag `MB` is written in upper case; read as `mb`",
            "4:41: P comes after the auction has ended",
            "4:46: 4 cards in one `pc`; each is read in turn",
            "4:58: `ZZ` is not a card (suit then rank, like SA or h7)",
            "5:1: this board is given again (first at line 1)",
        ]
    );
    assert_eq!(all[1].plays().count(), 4);
    assert_eq!(all[1].auction().unwrap().entries.len(), 5);
    assert!(matches!(
        all[2].auction().unwrap().entries[0].item,
        AuctionItem::Call(_)
    ));
}

#[test]
fn vugraph_rooms_are_paired_with_teams_and_results() {
    let all = records(&fixture("vugraph.lin"));
    assert_eq!(all.len(), 3);
    assert_eq!(
        (all[0].table, all[1].table, all[2].table),
        (Some(1), Some(2), None)
    );
    assert_eq!(
        all[0].teams.as_ref().unwrap().to_string(),
        "Alpha (0) v Beta (10.50)"
    );
    assert_eq!(all[0].scoring.as_ref().unwrap().to_string(), "IMPs");
    assert_eq!(all[0].player(Seat::South), Some("Ann"));
    assert_eq!(all[1].player(Seat::South), Some("Eve"));
    assert_eq!(all[1].player(Seat::East), Some("Hal"));
    // No claim and an unfinished play: the result is the one rs states.
    assert_eq!(all[2].result().unwrap().outcome, Some(Outcome::Tricks(10)));
    assert_eq!(
        problems(&all),
        ["2:10: the results line (`rs`) gives declarer 9 tricks, but the claim gives 12"]
    );
}

fn corpus_files() -> Vec<PathBuf> {
    let Some(dir) = common::corpus() else {
        return Vec::new();
    };
    let mut files = Vec::new();
    collect(&dir.join("lin"), &mut files);
    files.sort();
    files
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

/// Every corpus file opens as LIN and reads without a problem: the files
/// are as BBO wrote them, and none of them has a defect.
#[test]
fn every_corpus_file_opens_clean() {
    let files = corpus_files();
    let mut boards = 0;
    for path in &files {
        let all = records(path);
        assert!(!all.is_empty(), "{}", path.display());
        assert_eq!(problems(&all), Vec::<String>::new(), "{}", path.display());
        boards += all.len();
    }
    if !files.is_empty() {
        assert_eq!((files.len(), boards), (80, 159));
    }
}

/// A result as the vugraph `rs` line writes it, read here on its own: the
/// contract, declarer and declarer's tricks.
fn rs_entry(text: &str) -> Option<(String, char, u8)> {
    let level = text.get(..1)?.parse::<u8>().ok()?;
    let strain = text.get(1..2)?;
    let declarer = text.chars().nth(2)?;
    let rest = text.get(3..)?.to_ascii_lowercase();
    let doubled = rest.chars().take_while(|&c| c == 'x').count();
    let rest = &rest[doubled..];
    let delta: i32 = if rest == "=" { 0 } else { rest.parse().ok()? };
    let contract = format!("{level}{strain}{}", "X".repeat(doubled));
    Some((contract, declarer, (i32::from(level) + 6 + delta) as u8))
}

/// Boards the files' own `rs` line describes agree with the contract and
/// result read from their auction and play (or claim).
#[test]
fn results_lines_agree_with_what_is_read() {
    let mut compared = 0;
    for path in corpus_files() {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let Some(rs) = text.lines().find_map(|l| l.strip_prefix("rs|")) else {
            continue;
        };
        let first: u32 = text
            .lines()
            .find_map(|l| l.strip_prefix("vg|"))
            .and_then(|vg| vg.split(',').nth(3)?.parse().ok())
            .unwrap_or(1);
        let entries: Vec<&str> = rs.trim_end_matches('|').split(',').collect();
        for r in records(&path) {
            let board: u32 = r.board.as_ref().unwrap().number.parse().unwrap();
            let index = (board - first) as usize * 2 + usize::from(r.table == Some(2));
            let Some((contract, declarer, tricks)) = entries.get(index).and_then(|e| rs_entry(e)) else {
                continue;
            };
            assert_eq!(
                r.contract().unwrap().short(),
                contract,
                "{} board {board}",
                path.display()
            );
            assert_eq!(r.declarer().unwrap().abbreviation(), declarer.to_string());
            assert_eq!(
                r.result().unwrap().outcome,
                Some(Outcome::Tricks(tricks)),
                "board {board}"
            );
            compared += 1;
        }
    }
    if common::corpus().is_some() {
        assert_eq!(compared, 30);
    }
}

/// Handviewer links open as the LIN they carry, offline, in every command.
#[test]
fn handviewer_links_open_like_files() {
    let lin = std::fs::read_to_string(fixture("quirks.lin")).unwrap();
    let first_board = lin.lines().next().unwrap().trim_end();
    let link = kibitzer::notation::lin::link::handviewer(first_board);
    let bbo = link.replace("?lin=", "?bbo=y&lin=");
    for link in [&link, &bbo] {
        let out = kibitzer(&["check", link]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), "1 record, 0 problems\n");
        assert_eq!(out.status.code(), Some(0));
    }
    let out = kibitzer(&["dump", &link]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["contract"], "4S");
    assert_eq!(json["result"], 13);
    let out = kibitzer(&["show", &link, "--step", "4"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Board 1"));
}

#[test]
fn a_link_with_no_lin_says_so_in_one_line() {
    let out = kibitzer(&[
        "check",
        "https://www.bridgebase.com/myhands/hands.php?traveller=1-2-3&board=7",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("carries no LIN"), "{err}");
    assert_eq!(out.status.code(), Some(2));
}
