//! The files of ../shared/incoming open right: a test a file on what
//! issue 26 names. Each skips with a notice when ../shared is not here.

use std::path::{Path, PathBuf};
use std::process::Command;

/// ../shared/incoming/`path`, or None with a printed notice.
fn incoming(path: &str) -> Option<PathBuf> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/incoming")
        .join(path);
    if file.is_file() {
        Some(file)
    } else {
        println!("skipped: ../shared/incoming/{path} is not here");
        None
    }
}

fn kibitzer(args: &[&str], file: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// The record numbers of the boards named, from `dump`.
fn record_of(file: &Path, board: &str) -> String {
    let dump = kibitzer(&["dump"], file);
    let line = dump
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|r| r["board"] == board)
        .unwrap_or_else(|| panic!("board {board} in {}", file.display()));
    line["record"].to_string()
}

fn show(file: &Path, record: &str, size: [&str; 2]) -> String {
    kibitzer(
        &[
            "show", "--record", record, "--width", size[0], "--height", size[1],
        ],
        file,
    )
}

fn footer(screen: &str) -> &str {
    screen.lines().last().unwrap_or("")
}

const EXERCISES: &str =
    "pbn/Rick-Wilson__pbn-to-pdf/tests/fixtures/ABS2-4 Ruffing and Discarding exercises.pbn";

#[test]
fn an_exercise_books_third_hand_problem_shows_the_cards_played_and_asks_east() {
    let Some(file) = incoming(EXERCISES) else { return };
    let screen = show(&file, &record_of(&file, "5-1"), ["120", "40"]);
    assert!(footer(&screen).starts_with("quiz: your card"), "{screen}");
    assert!(screen.contains("Which card should East play?"), "{screen}");
    assert!(
        screen.contains("│ 1       ▸♠5    ♠3"),
        "trick 1, the lead and dummy's card:\n{screen}"
    );
    assert!(!screen.contains("bid these hands"), "{screen}");
}

#[test]
fn an_exercise_books_suit_combination_draws_no_voids_and_asks_for_the_suit() {
    let Some(file) = incoming(EXERCISES) else { return };
    let screen = show(&file, &record_of(&file, "1-1"), ["80", "24"]);
    assert!(footer(&screen).starts_with("quiz: your suit play"), "{screen}");
    let diagram: String = screen
        .lines()
        .map(|l| l.chars().take(49).collect::<String>())
        .collect();
    assert!(!diagram.contains('—'), "{screen}");
    let text_page = show(&file, &record_of(&file, "1"), ["80", "24"]);
    assert!(
        !footer(&text_page).contains("quiz"),
        "a page of text asks nothing:\n{text_page}"
    );
}

#[test]
fn an_exercise_books_pages_with_an_empty_deal_are_no_quiz() {
    let Some(file) = incoming("pbn/Rick-Wilson__pbn-to-pdf/tests/fixtures/2O1-1 exercises.pbn") else {
        return;
    };
    let screen = show(&file, &record_of(&file, "1-1"), ["80", "24"]);
    assert!(!footer(&screen).contains("quiz"), "{screen}");
    assert!(!screen.contains("shows the answer"), "{screen}");
}

#[test]
fn a_ruter_pairs_export_gives_each_boards_tables_and_aligned_standings() {
    let Some(file) = incoming("pbn/gerhardsletten__jrbridge-pbn-api/api/_src/__tests__/sample/pairs.pbn")
    else {
        return;
    };
    let text = kibitzer(&["results"], &file);
    assert!(
        text.contains("Board 1: 4 tables, as the file states them\n"),
        "{text}"
    );
    assert!(
        text.contains("      1  8-1    3H        E        9  SQ     -140  -3.0   0\n"),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().take(10).collect();
    let names: Vec<Option<usize>> = [(1, "Names"), (2, "Jørn"), (9, "Freddy")]
        .iter()
        .map(|&(row, word)| lines[row].find(word).map(|i| lines[row][..i].chars().count()))
        .collect();
    assert!(names.iter().all(|n| n.is_some() && *n == names[0]), "{text}");
}

#[test]
fn a_bbo_helper_daylong_gives_its_stated_percentage() {
    let Some(file) = incoming("pbn/lorserker__ben/Boards/BBO/BBO Forums Sunday Daylong Daylong.pbn") else {
        return;
    };
    let text = kibitzer(&["results"], &file);
    let board = text
        .lines()
        .skip_while(|l| !l.starts_with("Board 1:"))
        .nth(1)
        .unwrap_or("");
    assert!(board.contains("+690") && board.contains("76.32%"), "{text}");
}

#[test]
fn a_lin_file_whose_separators_were_lost_at_line_ends_recovers_its_boards() {
    let Some(file) = incoming("lin-malformed/kevinywlui__lin2pbn/alltest") else {
        return;
    };
    let check = kibitzer(&["check"], &file);
    assert!(check.ends_with("4 records, 58 problems\n"), "{check}");
    assert!(
        check.contains("`pg` has no `||` before the line end; read as `pg||`"),
        "{check}"
    );
    let screen = show(&file, "1", ["100", "30"]);
    assert!(
        screen.contains("4♠ E +2  +480") || screen.contains("4♠ by East"),
        "{screen}"
    );
    assert!(!screen.contains("pc C5"), "no raw pairs in the notes:\n{screen}");
}
