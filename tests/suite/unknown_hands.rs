//! Unknown is not void: a hand or suit the record does not give is drawn
//! blank, never as `—`, and never counted for HCP; dump writes null for
//! an unknown hand. On tests/fixtures/partial.pbn.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use kibitzer::archive::Catalog;
use kibitzer::ui::Theme;
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/partial.pbn")
}

fn kibitzer(args: &[&str]) -> String {
    let path = fixture().display().to_string();
    let mut all: Vec<&str> = args.to_vec();
    all.push(&path);
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(&all)
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

fn show(record: &str) -> String {
    kibitzer(&["show", "--record", record, "--width", "80", "--height", "24"])
}

/// The lines of the diagram, left of the side panes.
fn diagram(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(|l| l.chars().take(49).collect::<String>().trim_end().to_string())
        .collect()
}

#[test]
fn a_suit_combination_draws_only_the_suit_it_gives_with_no_hcp() {
    let screen = show("1");
    let lines = diagram(&screen);
    assert!(
        lines.contains(&"                   North (D)".to_string()),
        "no HCP beside North:\n{screen}"
    );
    assert!(
        lines.contains(&"                   ♠ KJ3".to_string()),
        "{screen}"
    );
    assert!(!screen.contains('—'), "no suit is drawn void:\n{screen}");
}

#[test]
fn a_full_hand_keeps_its_real_void_and_its_hcp() {
    let screen = show("2");
    assert!(screen.contains("South (D)  26"), "{screen}");
    assert!(
        screen.contains("♣ —"),
        "a thirteen-card hand's void is a void:\n{screen}"
    );
}

#[test]
fn an_ending_draws_voids_in_suits_others_hold_and_leaves_out_the_suit_no_one_holds() {
    let screen = show("3");
    assert!(screen.contains("♦ —"), "{screen}");
    assert!(!screen.contains('♣'), "no hand holds a club:\n{screen}");
    let north = "                   North (D)".to_string();
    assert!(
        diagram(&screen).contains(&north),
        "HCP of a part of a hand is not shown:\n{screen}"
    );
}

#[test]
fn dump_writes_null_for_a_hand_the_record_leaves_unknown() {
    let first = kibitzer(&["dump"]).lines().next().unwrap().to_string();
    let record: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(record["hands"]["E"], serde_json::Value::Null);
    assert_eq!(record["hands"]["W"], serde_json::Value::Null);
    assert_eq!(record["hands"]["N"], "KJ3...");
}

#[test]
fn the_lists_preview_leaves_unknown_suits_blank() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut catalog = Catalog::open(&[fixture().as_path()]).unwrap();
        catalog.wait_done();
        let mut app = App::new(catalog, "partial.pbn", Theme::default());
        app.resize(w, h);
        app.update(Action::Down);
        app.update(Action::Up);
        let text = common::screen(&app);
        let preview: String = text
            .lines()
            .skip_while(|l| !l.contains("Deal"))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(preview.contains("KJ3"), "{text}");
        assert!(!preview.contains('—'), "at {w}x{h}:\n{text}");
    }
}
