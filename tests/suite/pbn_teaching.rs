//! PBN as teaching and scoring programs write it (tests/fixtures/teaching.pbn):
//! quizzes whose answer waits, hidden hands that stay in their own game,
//! comments where they were written, empty contracts, auctions that
//! contradict their tags, and BBO's claims. Over the corpus: no quiz shows
//! its answer or a hidden card at its first step.

use crate::common;
use common::printed;

use std::path::Path;

use kibitzer::cli;
use kibitzer::ui::action::Action;
use kibitzer::ui::{App, Theme};
use serde_json::Value;

fn teaching() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/teaching.pbn")
        .display()
        .to_string()
}

/// `show` of a record at a step, on a screen tall enough for every note.
fn show(file: &str, record: usize, step: usize) -> String {
    let (record, step) = (record.to_string(), step.to_string());
    let args = ["show", file, "--record", &record, "--step", &step];
    printed(&[&args[..], &["--ascii", "--width", "200", "--height", "120"]].concat())
}

fn dump(file: &str) -> Vec<Value> {
    printed(&["dump", file])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// Where `text` first stands in `screen`, which must hold it.
fn at(screen: &str, text: &str) -> usize {
    screen
        .find(text)
        .unwrap_or_else(|| panic!("`{text}` is not shown:\n{screen}"))
}

#[test]
fn underscores_are_quiz_points_whose_answer_waits_for_the_next_step() {
    let records = dump(&teaching());
    let (bidding, play) = (&records[0], &records[2]);
    assert_eq!(
        bidding["problems"],
        Value::Array(Vec::new()),
        "no `_` is not a call"
    );
    assert_eq!(bidding["quiz"][0]["before"], "call");
    assert_eq!(bidding["quiz"][0]["index"], 4);
    assert_eq!(play["problems"], Value::Array(Vec::new()), "no `_` is not a card");
    assert_eq!(play["quiz"][0]["before"], "card");
    assert_eq!(play["quiz"][0]["index"], 3);
    let asked = show(&teaching(), 1, 0);
    assert!(asked.contains("Your call?"), "{asked}");
    assert!(!asked.contains("Answer: 4S"), "{asked}");
    assert!(!asked.contains("Bid it"), "{asked}");
    let answered = show(&teaching(), 1, 1);
    assert!(
        at(&answered, "Answer: 4S") < at(&answered, "Bid it"),
        "the answer in file order"
    );
    // Three cards, "your play?" with the third, then its answer.
    let asked = show(&teaching(), 3, 3);
    assert!(
        asked.contains("Your play?") && !asked.contains("Play low"),
        "{asked}"
    );
    assert!(show(&teaching(), 3, 4).contains("Play low"));
}

#[test]
fn hidden_hands_show_with_the_answer_at_the_last_step_and_stay_in_their_game() {
    let records = dump(&teaching());
    assert_eq!(strings(&records[0]["hidden"]), ["E", "W"]);
    assert!(
        strings(&records[1]["hidden"]).is_empty(),
        "a game without a Hidden tag hides nothing"
    );
    let first = show(&teaching(), 4, 0);
    assert!(!first.contains("Answer: 4S 10"), "{first}");
    assert!(!first.contains("KJ1098"), "West's cards: {first}");
    let last = show(&teaching(), 4, 1);
    assert!(last.contains("Answer: 4S 10"), "{last}");
    assert!(last.contains("D KJ1098"), "{last}");
}

#[test]
fn comments_before_a_section_show_where_it_starts() {
    let start = show(&teaching(), 2, 0);
    let before_auction = at(&start, "Before the auction");
    assert!(before_auction < at(&start, "Call comment"), "{start}");
    assert!(
        at(&start, "Call comment") < at(&start, "Before the play"),
        "{start}"
    );
    let end = show(&teaching(), 2, 27);
    assert!(at(&end, "Before the play") < at(&end, "On the lead"), "{end}");
}

#[test]
fn an_empty_contract_is_the_auctions_and_a_claim_plays_no_more_cards() {
    let hand = &dump(&teaching())[1];
    assert_eq!(
        (&hand["contract"], &hand["declarer"]),
        (&"4S".into(), &"N".into())
    );
    assert_eq!(hand["problems"], Value::Array(Vec::new()), "{hand}");
    // North ruffs the fifth trick: read with spades as trump.
    assert_eq!(strings(&hand["trick_winners"]), ["S", "N", "S", "W", "N", "N"]);
    let play = strings(&hand["play"]);
    assert_eq!(play.len(), 27, "West's `-` after the last card is never played");
    assert_eq!(play[24..], ["SK", "S5", "S7"]);
}

#[test]
fn an_auction_that_contradicts_the_tags_is_reported_once() {
    let wrong = &dump(&teaching())[4];
    let messages: Vec<String> = wrong["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["message"].as_str().unwrap().to_string())
        .filter(|m| m.contains("the auction ends in"))
        .collect();
    assert_eq!(
        messages,
        ["the auction ends in 4S by East, but the tags say Contract 4S, Declarer N"]
    );
}

/// A hand as `show --ascii` draws a suit of it: `D KJ1098`.
fn drawn(suit: char, holding: &str) -> String {
    format!("{suit} {}", holding.replace('T', "10"))
}

/// Words that stand for a comment on screen however it is wrapped or its
/// suits are drawn: the first run of at least eight letters, digits and
/// spaces on one of its lines, at most twenty.
fn telltale(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let words: String = line
            .trim()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == ' ')
            .take(20)
            .collect();
        (words.trim().len() >= 8).then(|| words.trim().to_string())
    })
}

/// Every quiz and every record with hidden hands in the corpus, at its
/// first step: no commentary that waits for the answer, no hidden card.
#[test]
fn no_quiz_in_the_corpus_gives_itself_away_at_its_first_step() {
    let Some(dir) = common::corpus() else { return };
    let mut seen = 0;
    for path in common::files("pbn").into_iter().chain(common::files("rbn")) {
        if !path.starts_with(&dir) {
            continue;
        }
        let file = path.display().to_string();
        let theme = Theme {
            ascii: true,
            ..Theme::default()
        };
        let mut app = App::new(common::catalog(&path), &file, theme);
        app.resize(200, 120);
        for (i, record) in dump(&file).iter().enumerate() {
            let hidden = strings(&record["hidden"]);
            if hidden.is_empty() && record["quiz"].as_array().is_none_or(|q| q.is_empty()) {
                continue;
            }
            seen += 1;
            app.update(Action::Select(i));
            app.update(Action::Open);
            let mut screen = Vec::new();
            cli::show(&app, 200, 120, &mut screen).unwrap();
            app.update(Action::Back);
            let screen = String::from_utf8(screen).unwrap();
            let place = format!("{file} record {}", i + 1);
            gives_nothing_away(record, &hidden, &screen, &place);
        }
    }
    assert!(seen >= 400, "{seen} quizzes and hidden-hand records");
}

/// No card of a hidden seat and no commentary of the record on `screen`.
fn gives_nothing_away(record: &Value, hidden: &[String], screen: &str, place: &str) {
    for seat in hidden {
        let hand = record["hands"][seat.as_str()].as_str().unwrap_or("");
        for (suit, holding) in "SHDC".chars().zip(hand.split('.')) {
            let cards = drawn(suit, holding);
            assert!(
                holding.is_empty() || !screen.contains(&cards),
                "{place}: {seat}'s {cards} is shown"
            );
        }
    }
    for text in strings(&record["commentary"]).iter().filter_map(|t| telltale(t)) {
        assert!(
            !screen.contains(&text),
            "{place}: `{text}` is shown before the answer"
        );
    }
}

/// BBO's exports write a claim as `DT DK C2 -` and rows of hyphens (about
/// 700 such hyphens in the corpus): no play read from any corpus file ends
/// in a card nobody played.
#[test]
fn no_play_in_the_corpus_ends_in_a_hyphen() {
    let Some(dir) = common::corpus() else { return };
    let mut plays = 0;
    for path in common::files("pbn").into_iter().filter(|p| p.starts_with(&dir)) {
        let file = path.display().to_string();
        for (i, record) in dump(&file).iter().enumerate() {
            let written = strings(&record["play_written"]);
            plays += usize::from(!written.is_empty());
            // A hyphen is written as the pseudo play it stands for.
            let last = written.last().map_or("", String::as_str);
            assert!(!["-", "~", "+", "."].contains(&last), "{file} record {}", i + 1);
        }
    }
    assert!(plays > 1000, "{plays} plays");
}
