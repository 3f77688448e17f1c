//! Sitting at a seat and HCP, through the app's real key handling: `s`
//! then a seat turns the diagram, the auction grid and the trick table
//! together; `c` takes the HCP away and back.

use crate::common;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use kibitzer::cli::buffer_text;
use kibitzer::model::Seat;
use kibitzer::ui::app::App;
use kibitzer::ui::{Theme, view};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// The sample's first board, at the end of trick 3 (all four cards on the
/// table: West ♦9, North ♦J, East ♦6, South ♦A).
fn app() -> App {
    let mut app = App::new(common::sample(), "sample", Theme::default());
    app.resize(80, 24);
    press(&mut app, "\n3\n");
    app
}

fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let code = if c == '\n' {
            KeyCode::Enter
        } else {
            KeyCode::Char(c)
        };
        app.key(KeyEvent::new(code, KeyModifiers::NONE));
    }
}

fn screen(app: &App) -> Vec<String> {
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    buffer_text(&buf).lines().map(str::to_string).collect()
}

/// Whether the seats' names stand in this order along the line.
fn in_order(line: &str, seats: [&str; 4]) -> bool {
    let at: Vec<Option<usize>> = seats.iter().map(|s| line.find(s)).collect();
    at.iter().all(Option::is_some) && at.windows(2).all(|w| w[0] < w[1])
}

/// The row of the screen that holds `text`, first from the top.
fn row_of(lines: &[String], text: &str) -> usize {
    lines
        .iter()
        .position(|l| l.contains(text))
        .unwrap_or_else(|| panic!("`{text}` is not on screen:\n{}", lines.join("\n")))
}

#[test]
fn sitting_east_turns_the_diagram_the_auction_and_the_tricks() {
    let mut app = app();
    let before = screen(&app);
    assert_eq!(app.deal().unwrap().seating().bottom(), Seat::South);
    assert!(in_order(
        &before[row_of(&before, "Auction") + 1],
        ["West", "North", "East", "South"]
    ));
    press(&mut app, "se");
    assert_eq!(app.deal().unwrap().seating().bottom(), Seat::East);
    let after = screen(&app);
    // East's label now below the table, West's above it, South's left and
    // North's right.
    let (top, bottom) = (row_of(&after, "West (D) Helen"), row_of(&after, "East Julia"));
    assert!(
        top < row_of(&after, "╭") && bottom > row_of(&after, "╰"),
        "{after:#?}"
    );
    let sides = &after[row_of(&after, "╭")];
    assert!(
        sides.find("South").unwrap() < sides.find("North").unwrap(),
        "{sides}"
    );
    // East's ♦6 lies on the bottom side of the table, West's ♦9 on top.
    assert_eq!(row_of(&after, "♦6"), row_of(&after, "╰") - 1);
    assert_eq!(row_of(&after, "♦9"), row_of(&after, "╭") + 1);
    assert!(in_order(
        &after[row_of(&after, "Auction") + 1],
        ["South", "West", "North", "East"]
    ));
    assert!(in_order(
        &after[row_of(&after, "Tricks") + 1],
        ["South", "West", "North", "East"]
    ));
    let trick = &after[row_of(&after, "│ 3 ")];
    assert!(trick.contains("▸♦A*   ♦9    ♦J    ♦6"), "{trick}");
}

#[test]
fn a_seat_chosen_stays_for_the_next_board_and_anything_but_a_seat_cancels() {
    let mut app = app();
    press(&mut app, "sx");
    assert_eq!(app.deal().unwrap().seating().bottom(), Seat::South);
    press(&mut app, "sn]");
    assert_eq!(app.deal().unwrap().seating().bottom(), Seat::North);
}

#[test]
fn c_takes_the_hcp_away_and_brings_it_back() {
    let mut app = app();
    let hcp = |lines: &[String]| lines[row_of(lines, "Julia")].contains("…  10");
    assert!(hcp(&screen(&app)));
    press(&mut app, "c");
    let off = screen(&app);
    assert!(!hcp(&off) && off[row_of(&off, "Julia")].contains("E Julia Carswell"));
    press(&mut app, "c");
    assert!(hcp(&screen(&app)));
}

#[test]
fn only_a_bridge_table_turns() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/preferans.ppn");
    let mut app = App::new(common::catalog(&path), "preferans", Theme::default());
    app.resize(80, 24);
    press(&mut app, "\nse");
    assert_eq!(app.deal().unwrap().seating().bottom(), Seat::South);
    assert_eq!(app.message(), Some("only a bridge table turns to a seat"));
}
