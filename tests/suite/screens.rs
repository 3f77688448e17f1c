//! What the viewer draws, at the smallest terminal it supports and at a
//! large one, through the same drawing code the app uses. Snapshots are
//! plain text (styles aside), read by eye before they were accepted.

use crate::common;

use common::screen;
use kibitzer::ui::Theme;

use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;

fn app(width: u16, height: u16) -> App {
    let mut app = App::new(common::sample(), "sample.rbn", Theme::default());
    app.resize(width, height);
    app
}

/// Draws the app on a test terminal and returns the screen as text.
/// Opens board `board` (0-based list row) and applies the actions.
fn at(width: u16, height: u16, board: usize, actions: &[Action]) -> App {
    let mut app = app(width, height);
    (0..board).for_each(|_| app.update(Action::Down));
    app.update(Action::Open);
    actions.iter().for_each(|&a| app.update(a));
    app
}

fn steps(n: usize) -> Vec<Action> {
    vec![Action::StepForward; n]
}

/// Each screen at the smallest supported size and at a large one.
const SIZES: [(u16, u16); 2] = [(80, 24), (160, 48)];

fn both_sizes(name: &str, make: impl Fn(u16, u16) -> App) {
    for (w, h) in SIZES {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&make(w, h)));
    }
}

#[test]
fn list() {
    both_sizes("list", |w, h| {
        let mut app = app(w, h);
        app.update(Action::Down);
        app
    });
}

#[test]
fn deal_start() {
    both_sizes("deal_start", |w, h| at(w, h, 0, &[]));
}

#[test]
fn deal_mid_trick() {
    both_sizes("deal_mid_trick", |w, h| at(w, h, 0, &steps(10)));
}

#[test]
fn deal_end() {
    both_sizes("deal_end", |w, h| at(w, h, 0, &[Action::End]));
}

#[test]
fn deal_end_with_played_cards_greyed() {
    both_sizes("deal_end_played_greyed", |w, h| {
        at(w, h, 0, &[Action::TogglePlayed, Action::End])
    });
}

#[test]
fn play_quiz_hidden() {
    both_sizes("play_quiz_hidden", |w, h| at(w, h, 4, &steps(4)));
}

#[test]
fn play_quiz_revealed() {
    both_sizes("play_quiz_revealed", |w, h| {
        at(w, h, 4, &[steps(4), vec![Action::RevealAll]].concat())
    });
}

#[test]
fn play_quiz_answered() {
    // End stops at the question on its way, then goes on to the answer.
    both_sizes("play_quiz_answered", |w, h| {
        at(w, h, 4, &[Action::End, Action::End])
    });
}

#[test]
fn bidding_quiz_asks() {
    both_sizes("bidding_quiz_asks", |w, h| at(w, h, 3, &[]));
}

#[test]
fn ending_with_makes() {
    both_sizes("ending_with_makes", |w, h| at(w, h, 5, &steps(4)));
}

#[test]
fn team_match_second_table() {
    both_sizes("team_match_second_table", |w, h| {
        at(w, h, 6, &[Action::OtherTable])
    });
}

#[test]
fn help_80x24() {
    insta::assert_snapshot!(screen(&at(80, 24, 0, &[Action::Help])));
}

#[test]
fn too_small() {
    insta::assert_snapshot!(screen(&app(60, 20)));
}

/// The PBN fixture: notes on calls and cards, comments between tricks, an
/// OptimumResultTable, and a lead quiz with hidden hands.
fn pbn_at(width: u16, height: u16, record: usize, actions: &[Action]) -> App {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/quirks.pbn");
    let mut app = App::new(common::catalog(&path), "quirks.pbn", Theme::default());
    app.resize(width, height);
    (0..record).for_each(|_| app.update(Action::Down));
    app.update(Action::Open);
    actions.iter().for_each(|&a| app.update(a));
    app
}

#[test]
fn pbn_notes_on_calls_and_cards_and_comments_between_tricks() {
    both_sizes("pbn_after_trick_three", |w, h| pbn_at(w, h, 0, &steps(12)));
}

#[test]
fn pbn_before_the_commented_card() {
    both_sizes("pbn_after_trick_one", |w, h| pbn_at(w, h, 0, &steps(4)));
}

#[test]
fn pbn_hidden_hand_exercise() {
    both_sizes("pbn_hidden_hands", |w, h| pbn_at(w, h, 2, &[]));
}

/// The Preferans sample, a deal of Hearts with both following.
fn preferans_at(width: u16, height: u16, actions: &[Action]) -> App {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/preferans.ppn");
    let mut app = App::new(common::catalog(&path), "preferans.ppn", Theme::default());
    app.resize(width, height);
    app.update(Action::Open);
    actions.iter().for_each(|&a| app.update(a));
    app
}

/// A Preferans screen at the smallest size and at the one its players
/// asked to see it at.
fn preferans_sizes(name: &str, make: impl Fn(u16, u16) -> App) {
    for (w, h) in [(80, 24), (120, 40)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&make(w, h)));
    }
}

#[test]
fn preferans_mid_auction_with_the_talon_face_down() {
    preferans_sizes("preferans_mid_auction", |w, h| preferans_at(w, h, &steps(3)));
}

#[test]
fn preferans_after_the_discard() {
    preferans_sizes("preferans_after_discard", |w, h| preferans_at(w, h, &steps(8)));
}

#[test]
fn preferans_mid_play() {
    preferans_sizes("preferans_mid_play", |w, h| preferans_at(w, h, &steps(20)));
}

#[test]
fn preferans_end_with_the_result() {
    preferans_sizes("preferans_end", |w, h| preferans_at(w, h, &[Action::End]));
}

/// Deal 5 is a game: its talon stays face down through the play.
#[test]
fn preferans_game_keeps_the_talon_face_down() {
    let fifth = || vec![Action::NextRecord; 4];
    preferans_sizes("preferans_game_mid_play", |w, h| {
        let mut actions = fifth();
        actions.extend(steps(12));
        preferans_at(w, h, &actions)
    });
    preferans_sizes("preferans_game_end", |w, h| {
        let mut actions = fifth();
        actions.push(Action::End);
        preferans_at(w, h, &actions)
    });
}

/// The paper: from deal 3, the game up to it; from the list, the whole
/// game with its stated results.
#[test]
fn preferans_score_sheet() {
    preferans_sizes("preferans_sheet_at_deal_3", |w, h| {
        preferans_at(w, h, &[Action::NextRecord, Action::NextRecord, Action::Results])
    });
    preferans_sizes("preferans_sheet_whole", |w, h| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/preferans.ppn");
        let mut app = App::new(common::catalog(&path), "preferans.ppn", Theme::default());
        app.resize(w, h);
        app.update(Action::Results);
        app
    });
}

/// A Pinochle sample opened at its first hand, some steps in.
fn pinochle_at(width: u16, height: u16, file: &str, steps_in: usize) -> App {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/pinochle")
        .join(file);
    let mut app = App::new(common::catalog(&path), file, Theme::default());
    app.resize(width, height);
    app.update(Action::Open);
    (0..steps_in).for_each(|_| app.update(Action::StepForward));
    app
}

/// Each part of a Pinochle hand as the players meet it, for three, four
/// and six seats: the deal as dealt, the auction, the exchange, the meld
/// laid out, the play with the counters running, and the result. The
/// four-handed exchange is the passing sample's; the six-handed sample's
/// game (single deck, every card dealt) has no exchange.
#[test]
fn pinochle_hands_part_by_part() {
    // Each part of a hand at the step that shows it.
    type Parts<'a> = &'a [(&'a str, usize)];
    let parts: [(&str, &str, Parts); 4] = [
        (
            "three",
            "three-handed-kitty.ppn",
            &[
                ("deal", 0),
                ("exchange", 4),
                ("meld", 5),
                ("mid_play", 28),
                ("end", 200),
            ],
        ),
        ("four", "passing-and-termination.ppn", &[("exchange", 5)]),
        (
            "four",
            "four-handed-export.ppn",
            &[
                ("deal", 0),
                ("auction", 3),
                ("meld", 6),
                ("mid_play", 49),
                ("end", 200),
            ],
        ),
        (
            "six",
            "six-handed.ppn",
            &[
                ("deal", 0),
                ("auction", 6),
                ("meld", 7),
                ("mid_play", 32),
                ("end", 200),
            ],
        ),
    ];
    for (seats, file, steps) in parts {
        for (part, step) in steps {
            for (w, h) in [(80, 24), (120, 40)] {
                let name = format!("pinochle_{seats}_{part}_{w}x{h}");
                insta::assert_snapshot!(name, screen(&pinochle_at(w, h, file, *step)));
            }
        }
    }
}

/// The results screen of a Pinochle file: the game's score hand by hand.
#[test]
fn pinochle_game_score_hand_by_hand() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = pinochle_at(w, h, "passing-and-termination.ppn", 0);
        app.update(Action::Back);
        app.update(Action::Results);
        insta::assert_snapshot!(format!("pinochle_results_{w}x{h}"), screen(&app));
    }
}

/// The note on tricks 2 to 4 shows inside them and not a card before.
#[test]
fn pinochle_segmental_note_inside_and_outside() {
    // The deal, five bids and the meld come first: the first card is
    // step 8, the first of trick 2 step 12.
    both_sizes("pinochle_note_before", |w, h| {
        pinochle_at(w, h, "four-handed-export.ppn", 11)
    });
    both_sizes("pinochle_note_inside", |w, h| {
        pinochle_at(w, h, "four-handed-export.ppn", 12)
    });
    let inside = screen(&pinochle_at(160, 48, "four-handed-export.ppn", 12));
    let before = screen(&pinochle_at(160, 48, "four-handed-export.ppn", 11));
    assert!(inside.contains("West draws trump early"));
    assert!(!before.contains("West draws trump early"));
}

/// A fixture opened at list row `record` (0-based) with the actions done;
/// with `record` None the list is left as it is.
fn fixture_at(file: &str, width: u16, height: u16, record: Option<usize>, actions: &[Action]) -> App {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(file);
    let mut app = App::new(common::catalog(&path), file, Theme::default());
    app.resize(width, height);
    if let Some(record) = record {
        (0..record).for_each(|_| app.update(Action::Down));
        app.update(Action::Open);
    }
    actions.iter().for_each(|&a| app.update(a));
    app
}

/// The results screens at the smallest size, a middling one and a large one.
fn three_sizes(name: &str, make: impl Fn(u16, u16) -> App) {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&make(w, h)));
    }
}

/// Board 1 of the pairs evening at its third table, after the play: the
/// ten tables best first, this one marked, and the spread of the scores.
#[test]
fn board_at_ten_tables_with_its_spread() {
    three_sizes("board_ten_tables", |w, h| {
        fixture_at("pairs10.pbn", w, h, Some(2), &[Action::End])
    });
}

/// The results wait for the end of the play.
#[test]
fn the_board_results_wait_for_the_end_of_the_play() {
    let start = screen(&fixture_at("pairs10.pbn", 80, 24, Some(2), &[]));
    assert!(
        !start.contains("at 10 tables") && !start.contains("+420"),
        "{start}"
    );
    assert!(start.contains("table 3 of 10"), "{start}");
    let end = screen(&fixture_at("pairs10.pbn", 80, 24, Some(2), &[Action::End]));
    assert!(
        end.contains("Board 1 at 10 tables") && end.contains("4♠ S =  +420"),
        "{end}"
    );
}

/// The second table of the match's first board: both tables' scores and
/// the swing to the team North-South at table 1.
#[test]
fn team_match_board_with_its_swing() {
    three_sizes("match_swing", |w, h| {
        fixture_at("match.rbn", w, h, Some(1), &[Action::End])
    });
}

#[test]
fn standings_as_the_file_states_them() {
    three_sizes("standings_stated", |w, h| {
        fixture_at("pairs10.pbn", w, h, None, &[Action::Results])
    });
}

#[test]
fn team_standings_and_the_running_score() {
    three_sizes("standings_match", |w, h| {
        fixture_at("match.rbn", w, h, None, &[Action::Results])
    });
}

#[test]
fn list_sorted_by_score() {
    insta::assert_snapshot!(screen(&fixture_at(
        "match.rbn",
        80,
        24,
        None,
        &[Action::SortByScore]
    )));
}
