//! What the viewer draws, at the smallest terminal it supports and at a
//! large one, through the same drawing code the app uses. Snapshots are
//! plain text (styles aside), read by eye before they were accepted.

use kibitzer::archive::{SAMPLE, read_checked};
use kibitzer::cli::buffer_text;
use kibitzer::model::SourceFormat;
use kibitzer::ui::app::{Action, App};
use kibitzer::ui::{Theme, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn app(width: u16, height: u16) -> App {
    let records = read_checked(SAMPLE, SourceFormat::Rbn).collect();
    let mut app = App::new(records, "sample.rbn", Theme::default());
    app.resize(width, height);
    app
}

/// Draws the app on a test terminal and returns the screen as text.
fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).unwrap();
    let frame = terminal
        .draw(|f| view::render(app, f.area(), f.buffer_mut()))
        .unwrap();
    buffer_text(frame.buffer)
}

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

#[test]
fn list_80x24() {
    insta::assert_snapshot!(screen(&app(80, 24)));
}

#[test]
fn list_160x48() {
    let mut app = app(160, 48);
    app.update(Action::Down);
    insta::assert_snapshot!(screen(&app));
}

#[test]
fn deal_start_80x24() {
    insta::assert_snapshot!(screen(&at(80, 24, 0, &[])));
}

#[test]
fn deal_mid_trick_80x24() {
    insta::assert_snapshot!(screen(&at(80, 24, 0, &steps(6))));
}

#[test]
fn deal_end_80x24() {
    insta::assert_snapshot!(screen(&at(80, 24, 0, &[Action::End])));
}

#[test]
fn deal_mid_trick_160x48() {
    insta::assert_snapshot!(screen(&at(160, 48, 0, &steps(10))));
}

#[test]
fn deal_end_160x48_with_played_cards_greyed() {
    insta::assert_snapshot!(screen(&at(160, 48, 0, &[Action::TogglePlayed, Action::End])));
}

#[test]
fn play_quiz_hidden_80x24() {
    insta::assert_snapshot!(screen(&at(80, 24, 4, &steps(5))));
}

#[test]
fn play_quiz_revealed_80x24() {
    insta::assert_snapshot!(screen(&at(80, 24, 4, &[Action::StepForward, Action::RevealAll])));
}

#[test]
fn play_quiz_answered_160x48() {
    insta::assert_snapshot!(screen(&at(160, 48, 4, &[Action::End])));
}

#[test]
fn bidding_quiz_asks_160x48() {
    insta::assert_snapshot!(screen(&at(160, 48, 3, &[])));
}

#[test]
fn ending_with_makes_160x48() {
    insta::assert_snapshot!(screen(&at(160, 48, 5, &steps(4))));
}

#[test]
fn help_80x24() {
    insta::assert_snapshot!(screen(&at(80, 24, 0, &[Action::Help])));
}

#[test]
fn too_small() {
    insta::assert_snapshot!(screen(&app(60, 20)));
}
