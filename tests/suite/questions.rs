//! Questions of the right kind, from what the record gives: a defence
//! problem after the cards played, the author's own question from the
//! first step, a suit to play, declarer's plan, and a page of text that
//! asks nothing. On tests/fixtures/questions.pbn.

use std::path::Path;
use std::process::Command;

fn show(record: &str, step: &str, size: [&str; 2]) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/questions.pbn");
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args([
            "show", "--record", record, "--step", step, "--width", size[0], "--height", size[1],
        ])
        .arg(path)
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

fn footer(screen: &str) -> &str {
    screen.lines().last().unwrap_or("")
}

#[test]
fn a_defence_problem_shows_the_cards_played_and_asks_the_next_hand() {
    let screen = show("1", "0", ["120", "40"]);
    assert!(footer(&screen).starts_with("quiz: your defence"), "{screen}");
    assert!(screen.contains("Which card should East play?"), "{screen}");
    assert!(
        screen.contains("▸♠5") && screen.contains("♠3"),
        "the lead and dummy's card are on the table:\n{screen}"
    );
    assert!(
        screen.contains("│ 1       ▸♠5    ♠3"),
        "the trick is the first:\n{screen}"
    );
    assert!(
        screen.lines().any(|l| l.starts_with("                   ▸East")),
        "East, to play, sits at the bottom:\n{screen}"
    );
}

#[test]
fn the_authors_question_is_shown_from_the_first_step_in_place_of_a_made_up_one() {
    let screen = show("2", "0", ["80", "24"]);
    assert!(footer(&screen).starts_with("quiz: your lead"), "{screen}");
    assert!(screen.contains("│Compare what would happen if│"), "{screen}");
    assert!(!screen.contains("Your lead?"), "{screen}");
}

#[test]
fn a_suit_combination_asks_how_to_play_the_suit() {
    let screen = show("3", "0", ["120", "40"]);
    assert!(footer(&screen).starts_with("quiz: your suit play"), "{screen}");
    assert!(screen.contains("How would you play this suit?"), "{screen}");
    assert!(!screen.contains("bid these hands"), "{screen}");
}

#[test]
fn a_record_with_nothing_to_ask_is_not_a_quiz() {
    let screen = show("4", "0", ["120", "40"]);
    assert!(!screen.contains("quiz"), "{screen}");
    assert!(!screen.contains("shows the answer"), "{screen}");
    assert!(
        screen.contains("An exercise page with text and no deal."),
        "{screen}"
    );
}

#[test]
fn a_bid_contract_with_the_defenders_hidden_asks_for_declarers_plan() {
    let screen = show("5", "0", ["120", "40"]);
    assert!(footer(&screen).starts_with("quiz: declarer play"), "{screen}");
    assert!(screen.contains("How would you play the hand?"), "{screen}");
}

#[test]
fn one_hand_and_no_auction_asks_for_a_call() {
    let screen = show("6", "0", ["120", "40"]);
    assert!(footer(&screen).starts_with("quiz: your call"), "{screen}");
    assert!(screen.contains("What would you call with this hand?"), "{screen}");
}
