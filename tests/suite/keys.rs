//! Key sequences through the app's real key handling, checking the state
//! they leave.

use crate::common;
use common::press;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

use kibitzer::cli::buffer_text;
use kibitzer::model::Seat;
use kibitzer::replay::Quiz;
use kibitzer::ui::action::{Overlay, Screen};
use kibitzer::ui::app::App;
use kibitzer::ui::keys::Mode;
use kibitzer::ui::panes::Pane;
use kibitzer::ui::{Theme, layout, view};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

fn app() -> App {
    let mut app = App::new(common::sample(), "sample", Theme::default());
    app.resize(100, 30);
    app
}

fn cards(app: &App) -> usize {
    app.deal().unwrap().stop().cards
}

/// The screen as text, drawn at `w` by `h`.
fn drawn(app: &App, w: u16, h: u16) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    view::render(&app.scene(), buf.area, &mut buf);
    buffer_text(&buf)
}

#[test]
fn stepping_by_card_and_trick() {
    let mut app = app();
    press(&mut app, "<enter>");
    assert_eq!(app.screen(), Screen::Deal);
    press(&mut app, "lll");
    assert_eq!(cards(&app), 3);
    press(&mut app, "h");
    assert_eq!(cards(&app), 2);
    press(&mut app, "<right><right><left>");
    assert_eq!(cards(&app), 3);
    press(&mut app, "j");
    assert_eq!(cards(&app), 4);
    press(&mut app, "<down>j");
    assert_eq!(cards(&app), 12);
    press(&mut app, "k<up>");
    assert_eq!(cards(&app), 4);
    press(&mut app, "G");
    assert_eq!(cards(&app), 21);
    press(&mut app, "<home>");
    assert_eq!(cards(&app), 0);
    press(&mut app, "<end>g");
    assert_eq!(cards(&app), 0);
}

/// A teacher shows a bridge auction a call at a time: a deal opens with
/// its auction whole, Home goes back before the first call, and each step
/// brings one call, the contract in the header once the auction ends.
#[test]
fn the_auction_steps_call_by_call() {
    let mut app = app();
    press(&mut app, "<enter>");
    let calls = |app: &App| app.deal().unwrap().stop().calls;
    let text = |app: &App| drawn(app, 100, 30);
    let whole = calls(&app);
    assert!(
        whole > 2 && text(&app).contains("before the lead"),
        "{}",
        text(&app)
    );
    press(&mut app, "<home>");
    assert_eq!(calls(&app), 0);
    let start = text(&app);
    assert!(start.contains("before the first call"), "{start}");
    assert!(start.contains("contract when the auction ends"), "{start}");
    press(&mut app, "l");
    assert_eq!(calls(&app), 1);
    assert!(text(&app).contains(&format!("call 1 of {whole}")));
    press(&mut app, "llh");
    assert_eq!(calls(&app), 2);
    press(&mut app, &"l".repeat(whole - 2));
    assert_eq!(
        (calls(&app), cards(&app)),
        (whole, 0),
        "the auction whole, before the lead"
    );
    assert!(!text(&app).contains("contract when the auction ends"));
    press(&mut app, "l");
    assert_eq!(cards(&app), 1);
    // A trick back from the first card is the lead, then the start: the
    // calls are no tricks to stop at.
    press(&mut app, "k");
    assert_eq!((calls(&app), cards(&app)), (whole, 0));
    press(&mut app, "k");
    assert_eq!(calls(&app), 0);
}

/// `r` from the first deal before its end has nothing to count yet, and
/// says so, rather than blaming the file for the standings it would have.
#[test]
fn results_from_a_deal_not_yet_played_say_why_they_are_empty() {
    let mut app = app();
    press(&mut app, "<enter>r");
    assert_eq!(app.screen(), Screen::Results);
    let text = drawn(&app, 100, 30)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("No results yet: opened from a deal"), "{text}");
    assert!(text.contains("(0 of 8 records)"), "{text}");
    assert!(!text.contains("TotalScoreTable"), "{text}");
}

/// `%` on a board that is one record with a ScoreTable of its tables
/// points to where they are, rather than saying it was played at one.
#[test]
fn percent_on_a_board_stated_in_a_score_table_points_to_r() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/score-tables.pbn");
    let mut catalog = kibitzer::archive::Catalog::open(&[path.as_path()]).expect("the fixture opens");
    catalog.wait_done();
    let mut app = App::new(catalog, "score-tables.pbn", Theme::default());
    app.resize(100, 30);
    press(&mut app, "<enter>%");
    let said = app.message().unwrap_or_default().to_string();
    assert!(said.contains("tables its ScoreTable lists are in r"), "{said}");
}

#[test]
fn typing_a_trick_number_jumps_there() {
    let mut app = app();
    press(&mut app, "<enter>3<enter>");
    assert_eq!(cards(&app), 12);
    press(&mut app, "12<enter>");
    assert_eq!(cards(&app), 21, "past the end goes to the end");
    press(&mut app, "4<esc>");
    assert_eq!(app.screen(), Screen::Deal, "Esc first clears the number");
    assert!(!matches!(app.mode(), Mode::TrickNumber(_)));
    press(&mut app, "<esc>");
    assert_eq!(app.screen(), Screen::List);
}

#[test]
fn boards_change_without_leaving_the_deal() {
    let mut app = app();
    press(&mut app, "<enter>]]");
    assert_eq!(app.deal().unwrap().record(), 2);
    press(&mut app, "<pgup>[");
    assert_eq!(app.deal().unwrap().record(), 0);
    press(&mut app, "[");
    assert_eq!(app.message(), Some("first board"));
}

/// The sample's last two records are the two tables of one board: a step
/// by board passes over the second, and starts from either.
#[test]
fn the_two_tables_of_a_match_are_one_board() {
    let mut app = app();
    press(&mut app, "<end><enter>");
    assert_eq!(app.deal().unwrap().record(), 7, "table 2");
    press(&mut app, "[");
    assert_eq!(app.deal().unwrap().record(), 5, "the board before the match");
    press(&mut app, "]");
    assert_eq!(app.deal().unwrap().record(), 6, "the match, at its first table");
    press(&mut app, "]");
    assert_eq!(app.message(), Some("last board"));
    press(&mut app, "t");
    assert_eq!(app.message(), None, "a key puts the message away");
    press(&mut app, "]");
    assert_eq!(app.deal().unwrap().record(), 7, "table 2 stays");
    assert_eq!(app.message(), Some("last board"), "from table 2 too");
}

/// A pairs event's tables of one board follow one another: a step by
/// board passes over them all, both ways, where the list steps through
/// each, and `t` goes round them.
#[test]
fn the_tables_of_a_pairs_board_are_one_board() {
    use kibitzer::archive::{Bytes, Catalog};
    let deal = |n: usize| {
        let hands = [
            "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
            "...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.",
        ];
        hands[n % 2]
    };
    let game = |board: usize, north: &str| {
        format!(
            "[Board \"{board}\"]\n[North \"{north}\"]\n[Deal \"N:{}\"]\n\n",
            deal(board)
        )
    };
    let text = [
        game(1, "Ann"),
        game(2, "Bob"),
        game(2, "Cy"),
        game(2, "Di"),
        game(3, "Ed"),
    ]
    .concat();
    let mut catalog = Catalog::of(vec![(
        Bytes::Held(text.into_bytes()),
        kibitzer::model::SourceFormat::Pbn,
    )]);
    catalog.wait_done();
    let mut app = App::new(catalog, "pairs", kibitzer::ui::Theme::default());
    app.resize(100, 30);
    press(&mut app, "<enter>]");
    assert_eq!(app.deal().unwrap().record(), 1, "board 2's first table");
    press(&mut app, "]");
    assert_eq!(app.deal().unwrap().record(), 4, "past board 2's other tables");
    press(&mut app, "[");
    assert_eq!(app.deal().unwrap().record(), 1, "back to board 2's first table");
    press(&mut app, "<esc>jj<enter>[");
    assert_eq!(app.deal().unwrap().record(), 0, "from board 2's third table");
    press(&mut app, "]t");
    assert_eq!(app.deal().unwrap().record(), 2, "t: board 2's next table");
    press(&mut app, "tt");
    assert_eq!(app.deal().unwrap().record(), 1, "round to its first again");
    press(&mut app, "<esc>G<enter>t");
    assert_eq!(app.message(), Some("this board was played at one table"));
}

#[test]
fn the_other_table_keeps_the_trick() {
    let mut app = app();
    // The last two records are the two tables of one board.
    press(&mut app, "G<enter>");
    assert_eq!(app.deal().unwrap().record(), 7);
    press(&mut app, "jj");
    assert_eq!(cards(&app), 8);
    press(&mut app, "t");
    let deal = app.deal().unwrap();
    assert_eq!((deal.record(), deal.stop().cards), (6, 8));
    assert_eq!(app.list().selected(), 6, "the list follows");
    press(&mut app, "t");
    assert_eq!(app.deal().unwrap().record(), 7);
}

#[test]
fn hidden_hands_reveal_all_one_or_at_the_end() {
    let mut app = app();
    press(&mut app, "jjjj<enter>");
    let face_down = |app: &App| app.deal().unwrap().face_down().iter().collect::<Vec<_>>();
    assert_eq!(face_down(&app), [Seat::East, Seat::West]);
    press(&mut app, "Re");
    assert_eq!(face_down(&app), [Seat::West]);
    press(&mut app, "r");
    assert_eq!(app.screen(), Screen::Results, "r is the results, not reveal");
    press(&mut app, "<esc>");
    assert_eq!(app.screen(), Screen::Deal, "Esc goes back to the deal");
    assert_eq!(face_down(&app), [Seat::West], "as it was left");
    press(&mut app, "o");
    assert!(face_down(&app).is_empty());
    press(&mut app, "o");
    assert_eq!(face_down(&app), [Seat::East, Seat::West]);
    press(&mut app, "G");
    assert_eq!(
        app.deal().unwrap().stop().quiz,
        Some(Quiz::Play),
        "G stops at the question first"
    );
    assert_eq!(face_down(&app), [Seat::East, Seat::West]);
    press(&mut app, "G");
    assert!(face_down(&app).is_empty(), "the end of the play shows every hand");
}

#[test]
fn a_quiz_point_holds_back_the_next_card() {
    let mut app = app();
    press(&mut app, "jjjj<enter>lll");
    let deal = app.deal().unwrap();
    assert_eq!(deal.stop().cards, 3);
    assert!(deal.stop().quiz.is_none());
    // The question comes with the card before it.
    press(&mut app, "l");
    assert!(app.deal().unwrap().stop().quiz.is_some());
    assert_eq!(cards(&app), 4);
    press(&mut app, "l");
    assert_eq!(cards(&app), 5);
}

#[test]
fn search_moves_to_matches_and_wraps() {
    let mut app = app();
    press(&mut app, "/club");
    assert_eq!(app.list().selected(), 6);
    press(&mut app, "<enter>");
    assert_ne!(*app.mode(), Mode::Search);
    press(&mut app, "/quiz<enter>");
    assert_eq!(app.list().selected(), 1, "from the cursor on, wrapping");
    press(&mut app, "nn");
    assert_eq!(app.list().selected(), 3);
    press(&mut app, "N");
    assert_eq!(app.list().selected(), 2);
    press(&mut app, "/nobody at all<enter>");
    assert_eq!(app.message(), Some("no match for nobody at all"));
}

#[test]
fn overlays_open_and_close() {
    let mut app = app();
    press(&mut app, "?");
    assert_eq!(app.overlay(), Some(Overlay::Help));
    press(&mut app, "?");
    assert_eq!(app.overlay(), None);
    press(&mut app, "p<esc>");
    assert_eq!(app.overlay(), None);
    assert_eq!(app.screen(), Screen::List);
    press(&mut app, "v<enter>v");
    assert!(app.show_played(), "v works in the deal view only");
    press(&mut app, "q");
    assert!(app.quitting());
}

#[test]
fn the_mouse_scrolls_and_clicks() {
    let mut app = app();
    let mouse = |kind, row| MouseEvent {
        kind,
        column: 5,
        row,
        modifiers: KeyModifiers::NONE,
    };
    app.mouse(mouse(MouseEventKind::ScrollDown, 5));
    assert_eq!(app.list().selected(), 3);
    let first_row = (0..30)
        .find(|&r| layout::list_row_at(app.size(), 5, r) == Some(0))
        .unwrap();
    app.mouse(mouse(MouseEventKind::Down(MouseButton::Left), first_row + 5));
    assert_eq!(app.list().selected(), 5);
}

#[test]
fn list_keys_move_the_cursor() {
    let mut app = app();
    press(&mut app, "jjk");
    assert_eq!(app.list().selected(), 1);
    press(&mut app, "G");
    assert_eq!(app.list().selected(), 7);
    press(&mut app, "g<pgdn>");
    assert_eq!(app.list().selected(), 7);
    press(&mut app, "<pgup>");
    assert_eq!(app.list().selected(), 0);
}

#[test]
fn r_then_a_seat_letter_turns_that_seat_alone() {
    let mut app = app();
    press(&mut app, "jjjj<enter>");
    let face_down = |app: &App| app.deal().unwrap().face_down().iter().collect::<Vec<_>>();
    press(&mut app, "R");
    assert_eq!(*app.mode(), Mode::Seat);
    press(&mut app, "e");
    assert_eq!(face_down(&app), [Seat::West], "East alone comes up");
    assert_eq!(*app.mode(), Mode::Normal);
    press(&mut app, "Re");
    assert_eq!(face_down(&app), [Seat::East, Seat::West], "and goes down again");
    press(&mut app, "e");
    assert_eq!(
        face_down(&app),
        [Seat::East, Seat::West],
        "a letter without R is nothing"
    );
}

#[test]
fn r_then_another_key_does_nothing_and_ends_the_choice() {
    let mut app = app();
    press(&mut app, "jjjj<enter>l");
    press(&mut app, "Rx");
    assert_eq!(*app.mode(), Mode::Normal);
    assert_eq!(app.deal().unwrap().face_down().iter().count(), 2);
    press(&mut app, "Rl");
    assert_eq!(cards(&app), 1, "the key after R does not step");
    assert_eq!(*app.mode(), Mode::Normal);
    press(&mut app, "R<esc>");
    assert_eq!(app.screen(), Screen::Deal, "Esc after R stays in the deal");
    press(&mut app, "l");
    assert_eq!(cards(&app), 2, "keys work again");
}

#[test]
fn digits_then_enter_go_to_the_trick_typed() {
    let mut app = app();
    press(&mut app, "<enter>1");
    assert_eq!(*app.mode(), Mode::TrickNumber("1".to_string()));
    press(&mut app, "2");
    assert_eq!(*app.mode(), Mode::TrickNumber("12".to_string()));
    assert_eq!(cards(&app), 0, "nothing moves before Enter");
    press(&mut app, "<enter>");
    assert_eq!(cards(&app), 21, "a deal shorter than 12 tricks goes to its end");
    assert_eq!(*app.mode(), Mode::Normal);
    press(&mut app, "2<enter>");
    assert_eq!(cards(&app), 8);
    press(&mut app, "0<enter>");
    assert_eq!(cards(&app), 0, "trick 0 is the start of the play");
}

#[test]
fn backspace_or_esc_give_up_a_trick_number() {
    let mut app = app();
    press(&mut app, "<enter>l3<bs>");
    assert_eq!(*app.mode(), Mode::Normal);
    press(&mut app, "<enter>");
    assert_eq!(cards(&app), 1, "Enter after giving up goes nowhere");
    press(&mut app, "3<esc>");
    assert_eq!((app.screen(), cards(&app)), (Screen::Deal, 1));
    press(&mut app, "2<enter>");
    assert_eq!(cards(&app), 8, "a number typed afresh starts empty");
}

#[test]
fn a_search_is_typed_then_kept_or_given_up() {
    let mut app = app();
    press(&mut app, "/clubx");
    assert_eq!(*app.mode(), Mode::Search);
    assert_eq!(app.message(), Some("no match for clubx"));
    press(&mut app, "<bs>");
    assert_eq!((app.query(), app.message()), ("club", None));
    assert_eq!(app.list().selected(), 6);
    press(&mut app, "<esc>");
    assert_eq!(
        (app.mode(), app.query()),
        (&Mode::Normal, ""),
        "Esc forgets the search"
    );
    press(&mut app, "gn");
    assert_eq!(app.list().selected(), 0, "n has nothing to find");
    press(&mut app, "/quiz<enter>");
    assert_eq!(
        (app.mode(), app.query()),
        (&Mode::Normal, "quiz"),
        "Enter keeps it"
    );
    press(&mut app, "n");
    assert_eq!(app.list().selected(), 2);
}

/// Ctrl-W takes back a word and Ctrl-U the line, as a terminal's own line
/// editing does, on the search (the filter line in `filter_screens`);
/// another chord types nothing. They typed their letters (`& abcuwa`).
#[test]
fn ctrl_w_and_ctrl_u_erase_on_a_line_being_typed() {
    let mut app = app();
    press(&mut app, "/club teams<ctrl-w>");
    assert_eq!(app.query(), "club ");
    press(&mut app, "<ctrl-a><ctrl-u>");
    assert_eq!(app.query(), "");
    press(&mut app, "quiz<enter>");
    assert_eq!(app.query(), "quiz");
}

/// The footer says what is being typed or chosen.
#[test]
fn the_footer_shows_the_mode() {
    let footer = |app: &mut App| {
        while app.match_count().is_some_and(|c| !c.done()) {
            app.tick();
        }
        let area = Rect::new(0, 0, app.size().0, app.size().1);
        let mut buf = Buffer::empty(area);
        view::render(&app.scene(), area, &mut buf);
        buffer_text(&buf).lines().last().unwrap().to_string()
    };
    let mut app = app();
    press(&mut app, "/club");
    assert_eq!(footer(&mut app), "/club▏  match 1 of 2");
    press(&mut app, "<enter><enter>R");
    assert_eq!(footer(&mut app), "Reveal which seat? n e s w");
    press(&mut app, "x12");
    assert_eq!(footer(&mut app), "Go to trick 12▏ (Enter)");
    press(&mut app, "<esc>");
    assert!(
        footer(&mut app).starts_with("before the lead  "),
        "{}",
        footer(&mut app)
    );
}

/// A fixture of tests/fixtures, its records all found.
fn fixture(file: &str) -> App {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(file);
    let mut app = App::new(common::catalog(&path), file, Theme::default());
    app.resize(100, 30);
    app
}

#[test]
fn r_opens_the_files_results_which_scroll_and_esc_leaves() {
    let mut app = fixture("match.rbn");
    press(&mut app, "r");
    assert_eq!(app.screen(), Screen::Results);
    let results = app.results().expect("the results are worked out");
    assert_eq!(results.running.len(), 4);
    assert_eq!(results.running[3].totals, [23, 11]);
    press(&mut app, "jjjjj");
    assert_eq!(app.results().unwrap().offset, 3, "no further than the last row");
    press(&mut app, "k");
    assert_eq!(app.results().unwrap().offset, 2);
    press(&mut app, "<esc>");
    assert_eq!(app.screen(), Screen::List);
    assert!(app.results().is_none());
    press(&mut app, "<enter>r");
    assert_eq!(
        app.screen(),
        Screen::Results,
        "r in the deal view opens the results too"
    );
    press(&mut app, "<esc>");
    assert_eq!(app.screen(), Screen::Deal, "and Esc goes back to the deal");
}

#[test]
fn r_on_a_preferans_deal_opens_its_game_sheet_up_to_that_deal() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/preferans.ppn");
    let mut app = App::new(common::catalog(&path), "preferans.ppn", Theme::default());
    app.resize(100, 30);
    press(&mut app, "jj<enter>r");
    let sheet = &app.results().unwrap().sheets[0];
    assert_eq!(
        sheet.entered, 2,
        "deals 1 and 2: deal 3's entries wait for its end"
    );
    assert_eq!(sheet.stated_results, None, "the game's results wait for its end");
    press(&mut app, "<esc><esc>r");
    let sheet = &app.results().unwrap().sheets[0];
    assert_eq!(sheet.entered, 5, "from the list, the whole game");
    assert!(sheet.stated_results.is_some());
}

#[test]
fn s_sorts_the_list_by_score_and_back_keeping_the_cursor_on_its_record() {
    let mut app = fixture("match.rbn");
    press(&mut app, "s");
    assert!(app.list().sorted());
    // Board 4's 13-IMP swing first, then board 1's 10, board 2's 10, board 3's 1.
    let order: Vec<usize> = (0..8).map(|row| app.list().record_at(row)).collect();
    assert_eq!(order, [6, 7, 0, 1, 2, 3, 4, 5]);
    assert_eq!(app.list().selected(), 2, "still on the first record");
    press(&mut app, "g<down><enter>");
    assert_eq!(app.deal().unwrap().record(), 7, "the row's record opens");
    press(&mut app, "t");
    assert_eq!((app.deal().unwrap().record(), app.list().selected()), (6, 0));
    press(&mut app, "<esc>s");
    assert!(!app.list().sorted());
    assert_eq!(app.list().selected(), 6, "back in file order, on the same record");
}

#[test]
fn a_board_of_ten_tables_is_found_around_the_record_opened() {
    let mut app = fixture("pairs10.pbn");
    press(&mut app, "jjj<enter>");
    assert_eq!(app.board(), (0..10).collect::<Vec<_>>());
    press(&mut app, "<esc>");
    assert!(app.board().is_empty());
    press(&mut app, "G<enter>");
    assert_eq!(app.board(), (20..30).collect::<Vec<_>>());
}

#[test]
fn digits_jump_to_the_next_record_of_that_board_and_esc_goes_back() {
    let mut app = fixture("pairs10.pbn");
    press(&mut app, "j2");
    assert_eq!(*app.mode(), Mode::BoardNumber("2".to_string()));
    assert_eq!(app.list().selected(), 10, "the first table of board 2");
    press(&mut app, "<esc>");
    assert_eq!(
        (app.list().selected(), app.mode()),
        (1, &Mode::Normal),
        "Esc goes back"
    );
    press(&mut app, "3<bs>");
    assert_eq!(app.list().selected(), 1, "erasing every digit goes back");
    press(&mut app, "jjjjjjjjjjj2");
    assert_eq!(
        app.list().selected(),
        13,
        "the next table of board 2 after the cursor"
    );
    press(&mut app, "G1");
    assert_eq!(app.list().selected(), 0, "round from the end");
    press(&mut app, "9");
    assert_eq!((app.list().selected(), app.message()), (0, Some("no board 19")));
    press(&mut app, "<bs><enter>");
    assert_eq!((app.screen(), app.deal().unwrap().record()), (Screen::Deal, 0));
}

/// A list of 10,000 boards, numbered 1 to 10,000, in PBN or LIN (whose
/// records are read whole, their numbers not picked from their bytes).
fn ten_thousand(format: kibitzer::model::SourceFormat) -> App {
    use kibitzer::archive::{Bytes, Catalog};
    let deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
    let text: String = (1..=10_000)
        .map(|n| match format {
            kibitzer::model::SourceFormat::Lin => {
                format!("md|3SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,|ah|Board {n}|\n")
            }
            _ => format!("[Board \"{n}\"]\n[Deal \"{deal}\"]\n\n"),
        })
        .collect();
    let mut catalog = Catalog::of(vec![(Bytes::Held(text.into_bytes()), format)]);
    catalog.wait_done();
    let mut app = App::new(catalog, "many", Theme::default());
    app.resize(100, 30);
    app
}

/// Lets the look for a board number go on to its end, as the terminal's
/// loop does between keys; what the footer said meanwhile.
fn hunt_to_the_end(app: &mut App) -> Vec<String> {
    let mut said = Vec::new();
    for _ in 0..10_000 {
        if !app.hunting() {
            return said;
        }
        said.extend(app.message().map(str::to_string));
        app.tick();
    }
    panic!("the board number is still looked for");
}

#[test]
fn a_board_far_down_a_large_list_is_found_and_opened() {
    use kibitzer::model::SourceFormat;
    for format in [SourceFormat::Pbn, SourceFormat::Lin] {
        let mut app = ten_thousand(format);
        press(&mut app, "9000");
        let said = hunt_to_the_end(&mut app);
        assert_eq!((app.list().selected(), app.message()), (8999, None), "{format:?}");
        for word in said {
            assert!(word.starts_with("looking for board 9000: "), "{word}");
        }
        press(&mut app, "<enter>");
        assert_eq!(
            (app.screen(), app.deal().map(|d| d.record())),
            (Screen::Deal, Some(8999))
        );
    }
}

#[test]
fn enter_before_the_board_is_found_opens_it_once_found_and_none_is_said() {
    let mut app = ten_thousand(kibitzer::model::SourceFormat::Lin);
    press(&mut app, "9999<enter>");
    hunt_to_the_end(&mut app);
    assert_eq!(
        (app.screen(), app.deal().map(|d| d.record())),
        (Screen::Deal, Some(9998))
    );
    press(&mut app, "q");
    let mut app = ten_thousand(kibitzer::model::SourceFormat::Pbn);
    // Typed a digit at a time, each looked for to its end between keys
    // (as a person types): 1234 is found, and 12345 typed with Enter at
    // once is not. Typed at once, how far each digit's turn got would
    // depend on the machine's load.
    press(&mut app, "jj");
    for digit in ["1", "2", "3", "4"] {
        press(&mut app, digit);
        hunt_to_the_end(&mut app);
    }
    press(&mut app, "5<enter>");
    hunt_to_the_end(&mut app);
    assert_eq!(app.screen(), Screen::List, "nothing else is opened");
    assert_eq!(
        (app.list().selected(), app.message()),
        (1233, Some("no board 12345"))
    );
    press(&mut app, "77777");
    hunt_to_the_end(&mut app);
    press(&mut app, "<enter>");
    assert_eq!(app.screen(), Screen::List, "Enter after no board opens nothing");
    assert_eq!(app.message(), Some("no board 77777"));
}

#[test]
fn the_board_typed_is_shown_in_the_footer() {
    let mut app = fixture("match.rbn");
    press(&mut app, "3");
    let area = Rect::new(0, 0, 100, 30);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    assert_eq!(buffer_text(&buf).lines().last(), Some("board 3▏"));
    assert_eq!(app.list().selected(), 4);
}

/// The screen's rows as text, once the search's matches are all counted
/// (a turn of counting may end before the first record on a busy machine).
fn rows(app: &mut App) -> Vec<String> {
    while app.match_count().is_some_and(|c| !c.done()) {
        app.tick();
    }
    let area = Rect::new(0, 0, app.size().0, app.size().1);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    buffer_text(&buf).lines().map(str::to_string).collect()
}

#[test]
fn a_search_counts_its_matches_marks_them_and_esc_goes_back() {
    let mut app = fixture("match.rbn");
    press(&mut app, "jj/xx<bs><bs>cara");
    assert!(
        app.match_count().unwrap().done(),
        "a small file is counted at once"
    );
    assert_eq!(rows(&mut app).last().unwrap(), "/cara▏  match 3 of 8");
    // Cara's name marked in the cursor's row, and only her name.
    let area = Rect::new(0, 0, 100, 30);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    let y = 2 + app.list().selected() as u16;
    let row: String = (0..100).map(|x| buf[(x, y)].symbol()).collect();
    let at = row.chars().position(|c| c == 'C').unwrap() as u16;
    let marked = |x: u16| buf[(x, y)].modifier.contains(Modifier::UNDERLINED);
    assert!((at..at + 4).all(marked), "{row}");
    assert!(!marked(at - 1) && !marked(at + 4), "{row}");
    press(&mut app, "<esc>");
    assert_eq!(
        (app.list().selected(), app.query(), app.match_count()),
        (2, "", None)
    );
    press(&mut app, "/4s");
    assert_eq!(app.list().selected(), 0, "the search went round to board 1");
    press(&mut app, "<esc>");
    assert_eq!(
        app.list().selected(),
        2,
        "Esc goes back to where the search began"
    );
}

#[test]
fn the_search_count_says_which_match_the_cursor_is_on() {
    let mut app = fixture("match.rbn");
    press(&mut app, "/4s");
    rows(&mut app);
    let count = app.match_count().unwrap();
    let place = count.place(app.list().record_at(app.list().selected()));
    assert_eq!(place, "match 1 of 2");
    assert!(rows(&mut app).last().unwrap().ends_with("match 1 of 2"));
    press(&mut app, "<enter>n");
    assert!(
        rows(&mut app)[0].ends_with("/4s  match 2 of 2"),
        "{}",
        rows(&mut app)[0]
    );
    press(&mut app, "j");
    assert!(
        rows(&mut app)[0].ends_with("/4s  2 matches"),
        "{}",
        rows(&mut app)[0]
    );
}

#[test]
fn ctrl_c_while_typing_a_search_quits_and_types_nothing() {
    let mut app = fixture("match.rbn");
    press(&mut app, "/ab");
    app.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.quitting());
    assert_eq!(app.query(), "ab");
    let mut typing = fixture("match.rbn");
    press(&mut typing, "1");
    typing.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(typing.quitting(), "nor while typing a board number");
}

#[test]
fn notes_open_at_their_top_and_follow_the_replay_from_there() {
    let mut app = fixture("quirks.pbn");
    app.resize(80, 24);
    press(&mut app, "<enter>");
    let notes = |app: &App| {
        let deal = app.deal().unwrap();
        let panes = view::lay_out_deal(&app.scene(), Rect::new(0, 0, 80, 24))
            .unwrap()
            .extents();
        let (_, _, extent) = panes.into_iter().find(|(p, ..)| *p == Pane::Notes).unwrap();
        extent.top(deal.scrolls().manual(Pane::Notes))
    };
    let screen = |app: &App| drawn(app, 80, 24);
    assert_eq!(notes(&app), 0, "the first screen shows the notes from their top");
    assert!(screen(&app).contains("▼9"), "{}", screen(&app));
    press(&mut app, "llll");
    assert_eq!(notes(&app), 0, "no note reached: the pane stays where it opened");
    press(&mut app, "l");
    assert!(notes(&app) > 0);
    assert!(
        screen(&app).contains("a low diamond to the ace"),
        "{}",
        screen(&app)
    );
}

/// `r` from a Pinochle hand gives the game's score no further than the
/// hand reached; from the list, every hand.
#[test]
fn r_from_a_pinochle_hand_keeps_later_hands_back() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/pinochle/passing-and-termination.ppn");
    let mut app = App::new(common::catalog(&path), "pinochle", Theme::default());
    app.resize(100, 30);
    let hands = |app: &App| -> Vec<usize> { app.results().unwrap().hands.iter().map(|h| h.record).collect() };
    press(&mut app, "<enter>r");
    assert_eq!(app.screen(), Screen::Results);
    assert_eq!(
        hands(&app),
        Vec::<usize>::new(),
        "hand 7 not yet scored at its deal"
    );
    press(&mut app, "<esc>");
    assert_eq!(app.screen(), Screen::Deal, "back to the hand");
    press(&mut app, "<end>r");
    assert_eq!(hands(&app), [0], "hand 7 at its result, hand 8 not yet");
    press(&mut app, "<esc><esc>r");
    assert_eq!(hands(&app), [0, 1], "from the list, the whole game");
}

/// `y` opens the copy menu in the footer; a letter asks for that copy and
/// any other key gives up the menu.
#[test]
fn y_then_a_letter_asks_for_that_copy() {
    use kibitzer::ui::copy_format::CopyFormat;
    let mut app = app();
    press(&mut app, "y");
    assert_eq!(app.mode(), &Mode::Normal, "no copy menu on the list");
    press(&mut app, "<enter>y");
    assert_eq!(app.mode(), &Mode::Copy);
    let area = Rect::new(0, 0, 100, 30);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    let footer = buffer_text(&buf).lines().last().unwrap().to_string();
    assert_eq!(footer, "Copy: p PBN  r RBN  l LIN  b BBO link  d diagram  Esc");
    press(&mut app, "l");
    assert_eq!(app.mode(), &Mode::Normal);
    assert_eq!(app.take_copy(), Some(CopyFormat::Lin));
    assert_eq!(app.take_copy(), None, "asked for once");
    for (keys, format) in [
        ("yp", CopyFormat::Pbn),
        ("yr", CopyFormat::Rbn),
        ("yB", CopyFormat::Link),
        ("yd", CopyFormat::Diagram),
    ] {
        press(&mut app, keys);
        assert_eq!(app.take_copy(), Some(format), "{keys}");
    }
    press(&mut app, "y<esc>yxyl");
    assert_eq!(
        app.take_copy(),
        Some(CopyFormat::Lin),
        "Esc and x gave up their menus"
    );
    assert_eq!(app.screen(), Screen::Deal, "Esc in the menu stays on the deal");
}

/// What each choice copies: the record in the notation (read back, it is
/// the same deal), the handviewer link to the LIN, and the diagram's rows
/// as the screen has them.
#[test]
fn each_copy_is_the_open_deal_in_its_form() {
    use kibitzer::notation::convert::differing;
    use kibitzer::ui::copy::{HANDVIEWER, copied};
    use kibitzer::ui::copy_format::CopyFormat;
    let mut app = app();
    press(&mut app, "<enter>");
    let pbn = copied(&app, CopyFormat::Pbn).unwrap();
    assert_eq!(pbn.what, "deal as PBN");
    assert!(pbn.text.starts_with("% PBN 2.1\n"), "{}", pbn.text);
    let open = app.catalog().get(0).unwrap();
    let formats = [
        (CopyFormat::Pbn, "x.pbn"),
        (CopyFormat::Rbn, "x.rbn"),
        (CopyFormat::Lin, "x.lin"),
    ];
    for (format, name) in formats {
        let text = copied(&app, format).unwrap().text;
        let notation =
            kibitzer::notation::detect::detect(std::path::Path::new(name), text.as_bytes()).unwrap();
        let read: Vec<_> = kibitzer::archive::read_checked(text.as_bytes(), notation).collect();
        assert_eq!(read.len(), 1, "{text}");
        let target = format.name().parse().unwrap();
        let lost = kibitzer::notation::convert::losses(open, target).unwrap();
        assert!(!lost.contains(&"deal"), "{lost:?}");
        assert_eq!(
            differing(&read[0], open),
            lost,
            "{format:?} loses what convert says"
        );
    }
    let lin = copied(&app, CopyFormat::Lin).unwrap().text;
    let link = copied(&app, CopyFormat::Link).unwrap().text;
    let query = link.strip_prefix(HANDVIEWER).expect("a handviewer link");
    assert!(
        query
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"%-._~".contains(&b)),
        "{query}"
    );
    assert_eq!(unescape(query), lin.trim_end());
    let diagram = copied(&app, CopyFormat::Diagram).unwrap().text;
    let area = Rect::new(0, 0, 100, 30);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    let screen = buffer_text(&buf);
    assert!(diagram.lines().count() >= 12, "{diagram}");
    for row in diagram.lines().filter(|r| !r.is_empty()) {
        assert!(screen.contains(row), "{row:?} is not on the screen:\n{screen}");
    }
    assert!(diagram.contains("♠ ") && !diagram.contains('\u{1b}'), "{diagram}");
}

/// `%XX` back to the bytes they stand for.
fn unescape(query: &str) -> String {
    let mut bytes = Vec::new();
    let mut rest = query.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'%' {
            let hex = std::str::from_utf8(&tail[..2]).unwrap();
            bytes.push(u8::from_str_radix(hex, 16).unwrap());
            rest = &tail[2..];
        } else {
            bytes.push(b);
            rest = tail;
        }
    }
    String::from_utf8(bytes).unwrap()
}
