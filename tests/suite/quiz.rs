//! Quizzes that never give their answer away, auto-play, and the footer
//! each screen and game gets, through the app's real key handling and
//! drawing.

use crate::common;

use std::path::Path;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kibitzer::cli::buffer_text;
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;
use kibitzer::ui::{Theme, view};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

fn screen(app: &App) -> String {
    let area = Rect::new(0, 0, app.size().0, app.size().1);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    buffer_text(&buf)
}

fn footer(app: &App) -> String {
    screen(app).lines().last().unwrap().trim_end().to_string()
}

/// A file of tests/fixtures or assets, opened at list row `record`.
fn opened(file: &str, record: usize, (width, height): (u16, u16)) -> App {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = [
        root.join("tests/fixtures").join(file),
        root.join("assets").join(file),
    ]
    .into_iter()
    .find(|p| p.exists())
    .expect("the file is here");
    let mut app = App::new(common::catalog(&path), file, Theme::default());
    app.resize(width, height);
    (0..record).for_each(|_| app.update(Action::Down));
    app.update(Action::Open);
    app
}

/// The bundled sample's board at list row `record`.
fn sample_at(record: usize, (width, height): (u16, u16)) -> App {
    let mut app = App::new(common::sample(), "sample.rbn", Theme::default());
    app.resize(width, height);
    (0..record).for_each(|_| app.update(Action::Down));
    app.update(Action::Open);
    app
}

fn press(app: &mut App, c: char) {
    app.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
}

fn cards(app: &App) -> usize {
    app.deal().unwrap().stop().cards
}

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

/// The sample's bidding quiz (row 3): "Your call?" after 1♠ X, the
/// answer a redouble, the contract 1♠×× by North.
#[test]
fn a_bidding_quiz_before_and_after_its_answer() {
    for size in SIZES {
        let app = sample_at(3, size);
        let before = screen(&app);
        assert!(before.contains("Your call?"));
        assert!(!before.contains("1♠××"), "the contract is the answer");
        assert!(!before.contains("A redouble shows"));
        insta::assert_snapshot!(format!("bidding_quiz_before_{}x{}", size.0, size.1), before);
        let mut app = app;
        app.update(Action::StepForward);
        let after = screen(&app);
        assert!(after.contains("1♠××") && after.contains("A redouble shows"));
        insta::assert_snapshot!(format!("bidding_quiz_after_{}x{}", size.0, size.1), after);
    }
}

/// The sample's lead quiz (row 1): three hands hidden, the question and
/// the contract its auction reached on screen from the first step.
#[test]
fn a_lead_quiz_with_hidden_hands() {
    for size in SIZES {
        let app = sample_at(1, size);
        let text = screen(&app);
        assert!(text.contains("What do you lead") && text.contains("Your lead?"));
        assert!(text.contains("2♠ by South"));
        assert!(!text.contains("singleton"), "the answer waits");
        assert!(footer(&app).starts_with("quiz: your lead"));
        insta::assert_snapshot!(format!("lead_quiz_hidden_{}x{}", size.0, size.1), text);
    }
}

/// A PBN teaching file's `____`: no contract in the header, none in the
/// list row.
#[test]
fn a_pbn_quiz_keeps_its_contract_from_the_list_too() {
    let mut app = opened("teaching.pbn", 0, (120, 40));
    assert!(!screen(&app).contains("Answer: 4S"));
    assert!(screen(&app).contains("Your call?"));
    app.update(Action::Back);
    let list = screen(&app);
    let row = list.lines().find(|l| l.contains("Bidding quiz")).unwrap();
    assert!(row.contains("quiz") && !row.contains("4♠"), "{row}");
}

#[test]
fn auto_play_steps_on_ticks_and_stops_at_a_quiz_and_the_end() {
    // The declarer play problem: a question after the fourth card.
    let mut app = sample_at(4, (120, 40));
    assert_eq!(app.auto_play(), None);
    press(&mut app, 'a');
    assert_eq!(app.auto_play(), Some(Duration::from_millis(800)));
    assert!(footer(&app).contains("▶ 0.8 s"), "{}", footer(&app));
    for _ in 0..10 {
        app.update(Action::AutoStep);
    }
    assert_eq!(cards(&app), 4);
    assert!(
        app.deal().unwrap().stop().quiz.is_some(),
        "stopped at the question"
    );
    assert_eq!(app.auto_play(), None);
    assert!(!footer(&app).contains('▶'));
    // Space goes on past the answer to the end, and stops there.
    app.key(KeyEvent::new(KeyCode::Char(' '), KeyModifiers::NONE));
    app.update(Action::AutoStep);
    app.update(Action::AutoStep);
    assert!(app.deal().unwrap().at_end());
    assert_eq!(app.auto_play(), None);
    // From the end it starts again from the start: the auction call by
    // call, then the play.
    press(&mut app, 'a');
    assert_eq!((app.deal().unwrap().stop().calls, cards(&app)), (0, 0));
    let mut calls = Vec::new();
    while cards(&app) == 0 && calls.len() < 60 {
        app.update(Action::AutoStep);
        calls.push(app.deal().unwrap().stop().calls);
    }
    assert_eq!(cards(&app), 1);
    assert!(
        calls.windows(2).all(|w| w[1] <= w[0] + 1),
        "a call a step: {calls:?}"
    );
    assert!(calls.len() > 2, "{calls:?}");
}

#[test]
fn any_other_key_stops_auto_play_and_does_what_it_does() {
    let mut app = sample_at(0, (120, 40));
    press(&mut app, 'a');
    press(&mut app, 'z');
    assert_eq!(app.auto_play(), None, "a key that means nothing stops it");
    assert_eq!(cards(&app), 0, "and does nothing else");
    press(&mut app, 'a');
    app.update(Action::AutoStep);
    press(&mut app, 'l');
    assert_eq!(app.auto_play(), None);
    assert_eq!(cards(&app), 2, "the arrow still steps");
    app.update(Action::AutoStep);
    assert_eq!(cards(&app), 2, "a tick after the stop does nothing");
}

#[test]
fn pace_keys_change_the_pace_within_bounds_and_keep_playing() {
    let mut app = sample_at(0, (120, 40));
    press(&mut app, 'a');
    press(&mut app, '+');
    assert_eq!(app.auto_play(), Some(Duration::from_millis(500)));
    (0..10).for_each(|_| press(&mut app, '+'));
    assert_eq!(app.auto_play(), Some(Duration::from_millis(200)));
    (0..10).for_each(|_| press(&mut app, '-'));
    assert_eq!(app.auto_play(), Some(Duration::from_secs(3)));
    assert!(footer(&app).contains("▶ 3.0 s"), "{}", footer(&app));
    assert!(footer(&app).contains("+- pace"), "{}", footer(&app));
}

/// LIN's `pg`: auto-play waits where the author paused.
#[test]
fn auto_play_stops_at_the_authors_pauses() {
    let mut app = opened("quirks.lin", 0, (120, 40));
    press(&mut app, 'a');
    for _ in 0..10 {
        app.update(Action::AutoStep);
    }
    assert_eq!(cards(&app), 4);
    assert!(app.deal().unwrap().stop().pause);
    assert_eq!(app.auto_play(), None);
}

/// Each game's footer offers its own keys: revealing for bridge's hidden
/// hands, none of bridge's for Preferans and Pinochle.
#[test]
fn the_footer_differs_by_game() {
    let bridge = footer(&sample_at(1, (200, 60)));
    let preferans = footer(&opened("preferans.ppn", 0, (200, 60)));
    let pinochle = footer(&opened("pinochle/four-handed-export.ppn", 0, (200, 60)));
    assert!(bridge.contains("o reveal"), "{bridge}");
    for other in [&preferans, &pinochle] {
        assert!(
            !other.contains("o reveal") && !other.contains("other table"),
            "{other}"
        );
        assert!(
            other.contains("][ board") && other.contains("0-9 trick N"),
            "{other}"
        );
    }
    assert!(preferans.starts_with("the deal"), "{preferans}");
    assert!(pinochle.starts_with("the deal"), "{pinochle}");
    assert_ne!(bridge, preferans);
    let list = {
        let mut app = sample_at(0, (200, 60));
        app.update(Action::Back);
        footer(&app)
    };
    assert!(
        list.starts_with("Enter open  0-9 board N  / search  & filter  n N match"),
        "{list}"
    );
}
