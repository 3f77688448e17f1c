//! Double-dummy mode as the viewer draws it, and as keys drive it while
//! the solver works: at the opening lead, in the middle of a trick, with a
//! card that cost a trick marked; moving on while solving never shows a
//! number of another position.

use crate::common;

use common::screen;
use kibitzer::ui::Theme;

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kibitzer::analysis::card_values;
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;
use kibitzer::ui::dd::Answer;

/// Long enough for any solve on a loaded machine: a test that waits this
/// long has failed anyway.
const PATIENCE: Duration = Duration::from_secs(300);

/// The sample's first board (5♥ doubled by North), `cards` into the play,
/// double-dummy mode on and every answer in.
fn solved(width: u16, height: u16, cards: usize) -> App {
    let mut app = App::new(common::sample(), "sample.rbn", Theme::default());
    app.resize(width, height);
    app.update(Action::Open);
    (0..cards).for_each(|_| app.update(Action::StepForward));
    app.update(Action::DoubleDummy);
    assert!(app.wait_for_solver(PATIENCE));
    app
}

#[test]
fn at_the_opening_lead() {
    let app = solved(120, 40, 0);
    let text = screen(&app);
    assert!(text.contains("DD: 10 tricks, 5♥× down 1"));
    insta::assert_snapshot!("dd_lead_120x40", text);
    insta::assert_snapshot!("dd_lead_80x24", screen(&solved(80, 24, 0)));
}

#[test]
fn in_the_middle_of_a_trick() {
    insta::assert_snapshot!("dd_mid_trick_120x40", screen(&solved(120, 40, 2)));
}

#[test]
fn a_card_that_cost_a_trick_is_marked() {
    // The 17th card lets a tenth trick go.
    let text = screen(&solved(120, 40, 20));
    assert!(text.contains("-1"), "{text}");
    insta::assert_snapshot!("dd_costly_card_120x40", text);
}

fn press(app: &mut App, c: char) {
    app.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    app.tick();
}

/// What the app shows now is either "solving" or the true values of the
/// position shown, never another position's.
fn check_not_stale(app: &App) {
    let deal = app.deal().unwrap();
    let at = deal.stop().cards;
    let face_down = !deal.face_down().is_empty();
    if let Answer::Solved(shown) = deal.dd().answer(at, face_down) {
        let record = app.catalog().get(deal.record()).unwrap();
        let contract = record.contract().unwrap();
        let truth = card_values(deal.position(), contract.strain, contract.declarer).unwrap();
        assert_eq!(shown, &truth, "after {at} cards");
        let line = format!("DD: {} tricks", truth.now());
        assert!(screen(app).contains(&line), "after {at} cards: {line}");
    }
}

#[test]
fn moving_on_while_solving_never_shows_a_stale_number() {
    let mut app = App::new(common::sample(), "sample.rbn", Theme::default());
    app.resize(120, 40);
    app.update(Action::Open);
    press(&mut app, 'd');
    // Keys come faster than the solver answers: each is taken at once.
    for c in ['l', 'l', 'l', 'h', 'l', 'l'] {
        press(&mut app, c);
        check_not_stale(&app);
    }
    // A board left while its deal is solved: its answers are dropped.
    press(&mut app, ']');
    press(&mut app, '[');
    for _ in 0..200 {
        app.tick();
        check_not_stale(&app);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(app.wait_for_solver(PATIENCE));
    check_not_stale(&app);
    let at = app.deal().unwrap().stop().cards;
    assert!(matches!(
        app.deal().unwrap().dd().answer(at, false),
        Answer::Solved(_)
    ));
    // Back over positions solved before: answered from the cache at once.
    press(&mut app, 'h');
    press(&mut app, 'l');
    check_not_stale(&app);
}

#[test]
fn hidden_hands_keep_double_dummy_off() {
    let mut app = App::new(common::sample(), "sample.rbn", Theme::default());
    app.resize(120, 40);
    let hides = |i: usize| {
        let record = app.catalog().get(i);
        record.is_some_and(|r| r.deal.as_ref().is_some_and(|d| !d.hidden.is_empty()))
    };
    let quiz = (0..app.catalog().len())
        .find(|&i| hides(i))
        .expect("the sample hides hands");
    app.update(Action::Select(quiz));
    app.update(Action::Open);
    app.update(Action::DoubleDummy);
    // At the quiz the solver's numbers would be the answer.
    assert!(screen(&app).contains("Double dummy: after the answer"));
    // Once answered, hands hidden again keep it off.
    app.update(Action::End);
    app.update(Action::RevealAll);
    assert!(screen(&app).contains("off while a hand is hidden"));
}
