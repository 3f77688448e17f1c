//! Nothing read is swallowed: an unclosed brace, a diagram drawn in text,
//! a call BridgeComposer leaves open. On tests/fixtures/swallowed.pbn.

use crate::common;
use common::printed;

use std::path::Path;

fn fixture() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/swallowed.pbn");
    path.display().to_string()
}

fn show(record: &str, width: &str) -> String {
    printed(&[
        "show",
        &fixture(),
        "--record",
        record,
        "--width",
        width,
        "--height",
        "24",
    ])
}

#[test]
fn an_unclosed_brace_is_a_problem_at_the_brace_and_the_tags_after_it_are_read() {
    let check = printed(&["check", &fixture()]);
    assert!(
        check.contains("swallowed.pbn:7:1: comment is not closed by `}` before the tag on line 8"),
        "{check}"
    );
    let screen = show("1", "100");
    assert!(
        screen.contains("3NT S ="),
        "the contract and result are read:\n{screen}"
    );
    assert!(
        screen.contains("North (D) Nora") && screen.contains("South Sam"),
        "{screen}"
    );
    assert!(
        !screen.contains("[North"),
        "the tags are not shown raw:\n{screen}"
    );
}

#[test]
fn a_diagram_in_a_comment_keeps_its_lines_and_columns_while_prose_wraps() {
    let screen = show("2", "100");
    let notes: Vec<&str> = screen
        .lines()
        .filter_map(|l| l.rsplit('│').nth(1))
        .map(str::trim_end)
        .collect();
    for row in [
        "          S A K Q J",
        "S 6                 S 5 4 3 2",
        "H J 6               H 5 4 3 2",
        "          H T 9 8 7",
    ] {
        assert!(notes.contains(&row), "{row:?} not in\n{screen}");
    }
    assert!(
        notes.contains(&"A paragraph after it, which flows to the pane's"),
        "{screen}"
    );
}

#[test]
fn a_diagram_wider_than_the_pane_folds_column_for_column_not_at_words() {
    let screen = show("2", "80");
    let rows: Vec<&str> = screen.lines().collect();
    let at = rows
        .iter()
        .position(|r| r.contains("│S 6                 S 5 4 3 │"))
        .unwrap_or_else(|| panic!("{screen}"));
    // The rest of the row, its column kept, on the next row; nothing lost.
    assert!(rows[at + 1].contains("│2  "), "{screen}");
    assert!(
        rows[at + 2].contains("│H J 6               H 5 4 3 │"),
        "{screen}"
    );
}

#[test]
fn an_any_call_takes_its_players_turn_so_the_next_call_is_the_next_players() {
    let check = printed(&["check", &fixture()]);
    assert!(!check.contains("AC"), "`AC` is read as a call:\n{check}");
    let screen = show("3", "80");
    assert!(screen.contains("│West  North East  South     │"), "{screen}");
    assert!(screen.contains("│      1NT   any   2♣        │"), "{screen}");
}
