//! The deal view's panes: sized to what they hold at three terminal sizes,
//! scrolled through the real keys and the mouse wheel, the notes
//! full-screen. Snapshots were read by eye before they were accepted.

use crate::common;

use common::screen;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};
use kibitzer::ui::action::{Action, Overlay};
use kibitzer::ui::app::App;
use kibitzer::ui::panes::Pane;
use kibitzer::ui::{Theme, view};
use ratatui::layout::Rect;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

/// A file of the fixtures or the samples, opened at its first record.
fn opened(path: &str, width: u16, height: u16) -> App {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let mut app = App::new(common::catalog(&path), "panes", Theme::default());
    app.resize(width, height);
    app.update(Action::Open);
    app
}

fn key(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    app.key(KeyEvent::new(code, modifiers));
}

/// Presses keys written as text, one character a key.
fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let modifiers = if c.is_ascii_uppercase() {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        key(app, KeyCode::Char(c), modifiers);
    }
}

fn manual(app: &App, pane: Pane) -> Option<usize> {
    app.deal().unwrap().scrolls().manual(pane)
}

const LONG: &str = "tests/fixtures/long-auction.pbn";

/// The relay auction at its end, the notes scrolled up four rows: the
/// first notes come into view, the border counts the rows above and below.
#[test]
fn a_long_auction_with_its_notes_scrolled() {
    for (w, h) in SIZES {
        let mut app = opened(LONG, w, h);
        key(&mut app, KeyCode::End, KeyModifiers::NONE);
        press(&mut app, "KKKK");
        insta::assert_snapshot!(format!("long_auction_notes_scrolled_{w}x{h}"), screen(&app));
    }
}

#[test]
fn six_handed_pinochle() {
    for (w, h) in SIZES {
        let mut app = opened("assets/pinochle/six-handed.ppn", w, h);
        // The deal, six bids and the meld, then five cards.
        (0..13).for_each(|_| app.update(Action::StepForward));
        insta::assert_snapshot!(format!("pinochle_six_{w}x{h}"), screen(&app));
    }
}

#[test]
fn preferans_at_the_end() {
    for (w, h) in SIZES {
        let mut app = opened("assets/preferans.ppn", w, h);
        app.update(Action::End);
        insta::assert_snapshot!(format!("preferans_end_{w}x{h}"), screen(&app));
    }
}

/// `f` after the first trick, scrolled to the top: the comment and the
/// auction's notes, not the note to a card of the third trick.
#[test]
fn the_notes_full_screen() {
    let mut app = opened(LONG, 80, 24);
    (0..4).for_each(|_| app.update(Action::StepForward));
    press(&mut app, "f");
    assert_eq!(app.overlay(), Some(Overlay::Notes));
    (0..30).for_each(|_| press(&mut app, "K"));
    let text = screen(&app);
    assert!(text.contains("first call is the last natural"), "{text}");
    insta::assert_snapshot!("notes_full_screen_80x24", text);
    (0..30).for_each(|_| press(&mut app, "J"));
    assert!(!screen(&app).contains("jack of hearts"));
    app.update(Action::End);
    (0..30).for_each(|_| press(&mut app, "J"));
    assert!(screen(&app).contains("14 (play): East keeps the jack of hearts"));
    key(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert_eq!(app.overlay(), None);
}

#[test]
fn tab_chooses_the_pane_the_scroll_keys_move() {
    let mut app = opened(LONG, 80, 24);
    let focus = |app: &App| app.deal().unwrap().scrolls().focus();
    assert_eq!(focus(&app), Pane::Notes);
    key(&mut app, KeyCode::Tab, KeyModifiers::NONE);
    assert_eq!(focus(&app), Pane::Auction);
    key(&mut app, KeyCode::Tab, KeyModifiers::NONE);
    key(&mut app, KeyCode::Tab, KeyModifiers::NONE);
    assert_eq!(focus(&app), Pane::Notes);
}

#[test]
fn a_scrolled_pane_holds_until_the_step_changes() {
    let mut app = opened(LONG, 80, 24);
    key(&mut app, KeyCode::End, KeyModifiers::NONE);
    assert_eq!(manual(&app, Pane::Notes), None);
    press(&mut app, "KK");
    let two_up = manual(&app, Pane::Notes).expect("scrolled");
    key(&mut app, KeyCode::Up, KeyModifiers::SHIFT);
    assert_eq!(manual(&app, Pane::Notes), Some(two_up - 1));
    press(&mut app, "J");
    key(&mut app, KeyCode::Down, KeyModifiers::SHIFT);
    assert_eq!(manual(&app, Pane::Notes), Some(two_up + 1));
    // Pressed more often than there are rows, it stops at the last.
    (0..200).for_each(|_| press(&mut app, "J"));
    let last = manual(&app, Pane::Notes).unwrap();
    press(&mut app, "K");
    assert_eq!(manual(&app, Pane::Notes), Some(last - 1));
    // Another key that does not move the replay leaves it where it is.
    press(&mut app, "v");
    assert_eq!(manual(&app, Pane::Notes), Some(last - 1));
    key(&mut app, KeyCode::Left, KeyModifiers::NONE);
    assert_eq!(manual(&app, Pane::Notes), None);
}

fn wheel(app: &mut App, kind: MouseEventKind, at: Rect) {
    app.mouse(MouseEvent {
        kind,
        column: at.x + 2,
        row: at.y + 2,
        modifiers: KeyModifiers::NONE,
    });
}

/// The wheel scrolls the pane under the mouse, whichever has the keys.
#[test]
fn the_wheel_scrolls_the_pane_under_it() {
    let mut app = opened(LONG, 80, 24);
    key(&mut app, KeyCode::End, KeyModifiers::NONE);
    let panes = view::lay_out_deal(&app.scene(), Rect::new(0, 0, 80, 24))
        .unwrap()
        .extents();
    let rect = |pane| panes.iter().find(|(p, _, _)| *p == pane).unwrap().1;
    let notes = panes.iter().find(|(p, _, _)| *p == Pane::Notes).unwrap().2;
    wheel(&mut app, MouseEventKind::ScrollUp, rect(Pane::Notes));
    assert_eq!(manual(&app, Pane::Notes), Some(notes.last_top() - 3));
    assert_eq!(manual(&app, Pane::Tricks), None);
    wheel(&mut app, MouseEventKind::ScrollDown, rect(Pane::Notes));
    assert_eq!(manual(&app, Pane::Notes), Some(notes.last_top()));
    wheel(&mut app, MouseEventKind::ScrollUp, rect(Pane::Auction));
    assert!(manual(&app, Pane::Auction).is_some());
    assert_eq!(app.deal().unwrap().scrolls().focus(), Pane::Notes);
}

/// Two-digit note numbers stand raised after their call, and the marks of
/// the play show in the trick table.
#[test]
fn note_numbers_and_card_marks_read_apart() {
    let mut app = opened(LONG, 120, 40);
    app.update(Action::End);
    let text = screen(&app);
    assert!(text.contains("3♦¹⁰") && text.contains("5NT¹³"), "{text}");
    assert!(text.contains("♦A*!") && text.contains("♥9?"), "{text}");
}

/// An ending's tricks carry the numbers of the deal, not from 1.
#[test]
fn an_ending_counts_its_tricks_from_where_it_begins() {
    let mut app = App::new(common::sample(), "sample", Theme::default());
    app.resize(80, 24);
    (0..5).for_each(|_| app.update(Action::Down));
    app.update(Action::Open);
    app.update(Action::End);
    let text = screen(&app);
    assert!(text.contains("│11 ") && !text.contains("│ 1 "), "{text}");
}

/// The notes pane's top border (with its ▲ count) and its first row.
fn notes_top(app: &App) -> (String, String) {
    let size = Rect::new(0, 0, app.size().0, app.size().1);
    let panes = view::lay_out_deal(&app.scene(), size).unwrap().extents();
    let (_, rect, _) = panes
        .into_iter()
        .find(|(p, _, _)| *p == Pane::Notes)
        .expect("notes");
    let rows: Vec<String> = screen(app).lines().map(String::from).collect();
    let cut = |y: u16| {
        rows[usize::from(y)]
            .chars()
            .skip(usize::from(rect.x))
            .take(usize::from(rect.width))
            .collect()
    };
    (cut(rect.y), cut(rect.y + 1))
}

/// The ▲ count on a border.
fn above(border: &str) -> usize {
    let count: String = border
        .chars()
        .skip_while(|&c| c != '▲')
        .skip(1)
        .take_while(char::is_ascii_digit)
        .collect();
    count.parse().unwrap_or(0)
}

#[test]
fn notes_scrolled_by_hand_keep_their_text_and_count_when_d_or_c_lays_the_panes_out_anew() {
    let long = |word: &str| vec![word; 30].join(" ");
    let names = "[West \"Bartholomew Longname\"]\n[North \"Maximiliana Longername\"]\n\
                 [East \"Christopher Evenlonger\"]\n[South \"Alexandrina Longestname\"]";
    let text = format!(
        "[Board \"1\"]\n{names}\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T98.T9 6.J6.J76.J876432\"]\n\
         [Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n{{{}}}\n[Auction \"N\"]\n7NT Pass Pass Pass\n\
         [Play \"E\"]\nS2 {{{}}} S7 S6 SA\n{{{}}}\nS3 S8 H6 SK\n{{{}}}\nS4 S9 HJ SQ\n*\n",
        long("first"),
        long("second"),
        long("third"),
        long("fourth")
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-relay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("notes.pbn");
    std::fs::write(&path, text).unwrap();
    let mut app = App::new(common::catalog(&path), "notes", Theme::default());
    app.resize(100, 30);
    app.update(Action::Open);
    key(&mut app, KeyCode::End, KeyModifiers::NONE);
    press(&mut app, "KK");
    let (border, first) = notes_top(&app);
    let scrolled = above(&border);
    assert!(first.contains("second") && scrolled > 0, "{}", screen(&app));
    // Double-dummy mode puts its table and par above the notes: the same
    // text stays at the top, counted below all of them.
    press(&mut app, "d");
    app.wait_for_solver(std::time::Duration::from_secs(30));
    let (border, first_dd) = notes_top(&app);
    assert_eq!(first_dd, first, "{}", screen(&app));
    let added = above(&border);
    assert!(added > scrolled, "{border} after {scrolled}");
    assert_eq!(
        manual(&app, Pane::Notes),
        Some(added),
        "the count is the row at the top"
    );
    // And back, and HCP off and on: the place and the count as they were.
    for keys in ["d", "c", "c"] {
        press(&mut app, keys);
        let (border, now) = notes_top(&app);
        assert_eq!(
            (above(&border), now),
            (scrolled, first.clone()),
            "after {keys}:\n{}",
            screen(&app)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The screen as the view draws it from the layout the App keeps, and as
/// it draws it laying the deal out afresh.
fn kept_and_fresh(app: &App) -> (String, String) {
    let area = Rect::new(0, 0, app.size().0, app.size().1);
    let draw = |scene: &view::Scene| {
        let mut buf = ratatui::buffer::Buffer::empty(area);
        view::render(scene, area, &mut buf);
        view::buffer_text(&buf)
    };
    let mut fresh = app.scene();
    assert!(fresh.laid.is_some(), "the App keeps no layout of its deal");
    fresh.laid = None;
    (draw(&app.scene()), draw(&fresh))
}

/// The App lays the deal out once after each change and the view draws
/// that: after every key of a round of steps, scrolls, the notes
/// full-screen, HCP and a resize, it draws what a fresh layout gives.
#[test]
fn the_layout_the_app_keeps_is_the_one_drawn_after_every_change() {
    for path in [LONG, "assets/pinochle/six-handed.ppn", "assets/preferans.ppn"] {
        let mut app = opened(path, 80, 24);
        for keys in [
            "l", "l", "J", "\t", "K", "f", "K", "f", "h", "l", "c", "G", "K", "g",
        ] {
            key_by_name(&mut app, keys);
            let (kept, fresh) = kept_and_fresh(&app);
            assert_eq!(kept, fresh, "{path} after {keys:?}");
        }
        app.resize(120, 40);
        let (kept, fresh) = kept_and_fresh(&app);
        assert_eq!(kept, fresh, "{path} resized");
    }
}

fn key_by_name(app: &mut App, name: &str) {
    match name {
        "\t" => key(app, KeyCode::Tab, KeyModifiers::NONE),
        _ => press(app, name),
    }
}
