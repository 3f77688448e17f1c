//! The command line as a script sees it: exit codes, problem lines, JSON.

use crate::common;
use common::kibitzer;

use std::path::Path;
use std::process::Command;

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

fn temp_file(name: &str, contents: &[u8]) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.display().to_string()
}

fn strings(value: &serde_json::Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

#[test]
fn dump_of_the_article_replays_its_play() {
    let out = kibitzer(&["dump", &fixture("article.rbn")]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1);
    let record: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    let play = strings(&record["play"]);
    assert_eq!(play.len(), 21);
    assert_eq!(play[..4], ["CK", "C9", "C7", "C2"]);
    assert_eq!(strings(&record["trick_winners"]), ["E", "S", "S", "N", "W"]);
    assert_eq!(record["contract"], "5HX");
    assert_eq!(record["declarer"], "N");
    assert_eq!(record["dealer"], "W");
    assert_eq!(record["vulnerable"], "none");
    assert_eq!(record["hands"]["S"], "K9.K94.AT75432.9");
    assert_eq!(record["result"], 9);
    assert_eq!(record["board"], "8");
    assert_eq!(record["format"], "rbn");
    assert_eq!(record["game"], "bridge");
    let auction = strings(&record["auction"]);
    assert_eq!(auction.len(), 12);
    assert_eq!(auction[8..], ["X", "P", "P", "P"]);
    assert_eq!(record["commentary"].as_array().unwrap().len(), 2);
    assert_eq!(record["problems"].as_array().unwrap().len(), 0);
}

#[test]
fn check_reports_problems_with_file_line_and_column() {
    let path = temp_file("bad.rbn", b"% RBN\nH N:AKQ.AKQ.AKQ.AKQA\nA NZ:1S2S1N\n");
    let out = kibitzer(&["check", &path]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("{path}:2:20: CA is dealt twice")),
        "{text}"
    );
    assert!(
        text.contains(&format!("{path}:3:10: 1N is not higher than the previous bid 2S")),
        "{text}"
    );
    assert!(text.ends_with("1 record, 2 problems\n"), "{text}");
}

#[test]
fn a_clean_file_checks_with_status_zero() {
    let out = kibitzer(&["check", &fixture("article.rbn")]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1 record, 0 problems\n");
}

#[test]
fn unreadable_or_foreign_files_give_status_two() {
    let missing = kibitzer(&["check", "/nonexistent/file.rbn"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8(missing.stderr).unwrap().contains("can't read"));
    let text = temp_file("letter.txt", b"Dear reader,\nthis is no card game.\n");
    let foreign = kibitzer(&["check", &text]);
    assert_eq!(foreign.status.code(), Some(2));
    assert!(
        String::from_utf8(foreign.stderr)
            .unwrap()
            .contains("not a notation file")
    );
}

#[test]
fn dump_picks_one_record_and_numbers_boards_on() {
    let path = temp_file("auto.rbn", b"B 1:+Deal\nH N:AK\n\nC 3N:S\n!\nC 4S:E\n\nR 9\n");
    let out = kibitzer(&["dump", &path, "--record", "2"]);
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["record"], 2);
    assert_eq!(record["board"], "Deal 2");
    assert_eq!(record["table"], 1);
    assert_eq!(record["hands"]["N"], "AK...");
    let all = kibitzer(&["dump", &path]);
    let boards: Vec<String> = String::from_utf8(all.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["board"].to_string())
        .collect();
    assert_eq!(boards, ["\"Deal 1\"", "\"Deal 2\"", "\"Deal 2\"", "\"Deal 3\""]);
}

#[test]
fn rbx_reads_like_rbn() {
    let rbn = std::fs::read_to_string(fixture("article.rbn")).unwrap();
    let body: Vec<&str> = rbn
        .lines()
        .filter(|l| !l.starts_with('%') && !l.is_empty())
        .collect();
    let rbx = temp_file("article.rbx", format!("{}\n", body.join("}")).as_bytes());
    let a = kibitzer(&["dump", &fixture("article.rbn")]);
    let b = kibitzer(&["dump", &rbx]);
    let mut a: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    let mut b: serde_json::Value = serde_json::from_slice(&b.stdout).unwrap();
    assert_eq!(b["format"], "rbx");
    for v in [&mut a, &mut b] {
        v["format"] = "".into();
        v["line"] = 0.into();
        v["file"] = "".into();
    }
    assert_eq!(a, b);
}

#[test]
fn show_prints_the_deal_view_as_plain_text() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/sample.rbn")
        .display()
        .to_string();
    let out = kibitzer(&[
        "show", &sample, "--record", "5", "--step", "4", "--width", "80", "--height", "24", "--ascii",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 24);
    assert!(!text.contains('\u{1b}'), "no escape codes");
    assert!(text.contains("S AK76"), "{text}");
    assert!(text.contains("Your play?"), "{text}");
    assert!(text.contains("12 cards"), "hidden hands stay face down\n{text}");
    let revealed = kibitzer(&[
        "show", &sample, "--record", "5", "--step", "4", "--reveal", "--ascii",
    ]);
    let text = String::from_utf8(revealed.stdout).unwrap();
    assert!(text.contains("S QJ9"), "{text}");
}

#[test]
fn dump_keeps_unknown_trick_winners_in_place() {
    let path = temp_file(
        "unknown.rbn",
        b"H N:AKQ.AKQ.AKQ.AKQ2::T98.T98.T98.T983:\nC 3N:S\nP -2S2T:SAS3S8S4\n",
    );
    let out = kibitzer(&["dump", &path]);
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(strings(&record["trick_winners"]), ["?", "N"]);
}

/// K, S, I, F's modifier and C's goal are read, so dump and show give them.
#[test]
fn the_match_around_the_deal_is_dumped_and_shown() {
    let path = temp_file(
        "match.rbn",
        b"F I:1952\nK Italy:USA:999:22-3\nS S:3\nH N:AKQ.AKQ.AKQ.AKQ2::T98.T98.T98.T983:\nC 4SX8:E\nI 4S=10:lesson\n",
    );
    let out = kibitzer(&["dump", &path]);
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["scoring"], "IMPs");
    assert_eq!(record["scoring_modifier"], "1952");
    assert_eq!(record["session"], "Semifinal, segment 3");
    assert_eq!(record["teams"][0]["name"], "Italy");
    assert_eq!(record["teams"][1]["carryover"], "22-3");
    assert_eq!(record["items"][0]["value"], "10");
    assert!(record["items"][1]["value"].is_null());
    assert_eq!(record["goal"], "8");
    let shown = kibitzer(&["show", &path, "--width", "120", "--height", "40"]);
    let text = String::from_utf8(shown.stdout).unwrap();
    for fact in [
        "Teams Italy (999) v USA (22-3)",
        "Session Semifinal, segment 3",
        "Scoring IMPs (1952)",
        "Items 4S=10 lesson",
        "8 tricks to take",
    ] {
        assert!(text.contains(fact), "{fact}\n{text}");
    }
}

/// A start-up error as a user sees it: backtraces not asked for.
fn start_up_error(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .expect("kibitzer runs");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(!stderr.contains('\x1b'), "{args:?}: {stderr}");
    stderr
}

#[test]
fn every_start_up_error_is_one_plain_line_and_status_two() {
    let missing = start_up_error(&["/nonexistent/file.pbn"]);
    assert!(missing.contains("/nonexistent/file.pbn: can't read"), "{missing}");
    let empty = temp_file("empty.pbn", b"");
    assert!(start_up_error(&[&empty]).contains("no records to show"));
    let binary: Vec<u8> = (0..2000u32).map(|i| (i * 7919 % 251) as u8).collect();
    let binary = temp_file("binary.pbn", &binary);
    assert!(start_up_error(&[&binary]).contains("not a notation file"));
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-cli-empty-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    assert!(start_up_error(&[&folder.display().to_string()]).contains("no records to show"));
    // Run by a test, stdout is a pipe, not a terminal.
    let article = fixture("article.rbn");
    assert!(start_up_error(&[&article]).contains("needs a terminal"));
    assert!(start_up_error(&["--bogus", &article]).contains("unexpected argument '--bogus'"));
    assert!(start_up_error(&["show"]).contains("required arguments"));
    assert!(start_up_error(&["show", "--record", "9", &article]).contains("no record 9"));
    assert!(start_up_error(&["show", "--width", "wide", &article]).contains("invalid value 'wide'"));
}

/// 4♠ by South: two tricks played, both won by South's aces, then a claim
/// of 8 tricks (two down).
const CLAIMED: &str = "pn|Ann,Bo,Cy,Di|st||md|3SAKQHAKQDAKQCAKQJ,S2345H2345D234C23,S6789H6789D5678C4,|\
    sv|o|ah|Board 1|mb|p|mb|p|mb|1S|mb|p|mb|4S|mb|p|mb|p|mb|p|\
    pc|H2|pc|H6|pc|HT|pc|HA|pc|SA|pc|S2|pc|S6|pc|ST|mc|8|pg||\n";

#[test]
fn show_marks_each_tricks_winner_without_colour_and_says_the_claim() {
    let file = temp_file("claimed.lin", CLAIMED.as_bytes());
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["show", &file, "--step", "8", "--width", "80", "--height", "24"])
        .env("NO_COLOR", "1")
        .output()
        .expect("kibitzer runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("4♠ S -2"), "{text}");
    assert!(text.contains("│ 1 ▸♥2    ♥6    ♥10   ♥A*   │"), "{text}");
    assert!(text.contains("│ 2  ♠2    ♠6    ♠10  ▸♠A*   │"), "{text}");
    assert!(
        text.contains("▸♠A*"),
        "the card table marks the winner too:\n{text}"
    );
    assert!(text.contains("│NS 2  EW 0                  │"), "{text}");
    assert!(text.contains("│after the claim NS 8  EW 5  │"), "{text}");
}

#[test]
fn hands_left_unknown_are_drawn_blank_with_no_hcp_not_as_voids() {
    let pbn = "[Event \"Quiz\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
               [Deal \"N:AKQJ.AKQ.AKQ.AKQ ... - ...\"]\n";
    let file = temp_file("one-hand.pbn", pbn.as_bytes());
    let out = kibitzer(&["show", &file, "--width", "80", "--height", "24"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("North (D)  37"), "{text}");
    assert!(text.contains("♠ AKQJ"), "{text}");
    assert!(!text.contains('—'), "no hand is drawn void:\n{text}");
    for seat in ["East", "South", "West"] {
        let label = text.lines().find(|l| l.contains(seat)).unwrap();
        assert!(!label.contains(" 0"), "no HCP for {seat}: {label}");
    }
}

#[test]
fn a_utf16_file_is_named_as_such() {
    let pbn = "[Event \"Club\"]\r\n[Board \"1\"]\r\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\r\n";
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(pbn.encode_utf16().flat_map(u16::to_le_bytes));
    let file = temp_file("wide.pbn", &bytes);
    let out = kibitzer(&["check", &file]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("written in UTF-16LE") && stderr.contains("save it as UTF-8"),
        "{stderr}"
    );
}

#[test]
fn show_too_small_says_so_on_one_line_and_fails() {
    let message = start_up_error(&["show", "--width", "10", "--height", "5", &fixture("article.rbn")]);
    assert_eq!(
        message,
        "kibitzer: show needs at least 80x24 to draw the deal view; 10x5 is too small\n"
    );
}

#[test]
fn a_backtrace_is_printed_only_when_asked_for() {
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .arg("/nonexistent/file.pbn")
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("kibitzer runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().lines().count() > 1);
}
