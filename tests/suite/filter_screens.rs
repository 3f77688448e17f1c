//! The filter line as the user meets it, through the real key handling:
//! `&`, a filter typed (its mistake marked as it is typed), the list cut to
//! the matches with their count, Enter keeping it and Esc dropping it,
//! earlier filters with ↑, and `]`, `n` and the board jump inside the
//! filtered list. Snapshots are plain text, read by eye before they were
//! accepted.

use crate::common;
use common::{press, screen};

use std::path::Path;
use std::time::Duration;

use kibitzer::archive::{Catalog, Reach};
use kibitzer::ui::Theme;
use kibitzer::ui::action::Screen;
use kibitzer::ui::app::App;
use kibitzer::ui::filter_line::PAUSE;
use kibitzer::ui::keys::Mode;

fn app(w: u16, h: u16) -> App {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pairs10.pbn");
    let mut catalog = Catalog::open(&[path.as_path()]).expect("the fixture opens");
    catalog.wait_done();
    let mut app = App::new(catalog, "pairs10.pbn", Theme::default());
    app.resize(w, h);
    app
}

/// The rows of the list: the record each shows.
fn rows(app: &App) -> Vec<usize> {
    let list = app.list();
    (0..list.len(app.catalog().len()))
        .map(|r| list.record_at(r))
        .collect()
}

#[test]
fn a_filter_typed_cuts_the_list_once_typing_rests() {
    let mut app = app(80, 24);
    press(&mut app, "&hcp(north) >= 12 and declarer == ns");
    assert_eq!(*app.mode(), Mode::Filter);
    assert_eq!(rows(&app).len(), 30, "not before the pause");
    std::thread::sleep(PAUSE + Duration::from_millis(50));
    app.tick();
    assert_eq!(rows(&app), [0, 1, 2, 3, 4, 5, 6, 7, 9]);
    press(&mut app, "<enter>");
    assert_eq!(*app.mode(), Mode::Normal);
    assert_eq!(rows(&app).len(), 9, "Enter keeps it");
    press(&mut app, "&<esc>");
    assert_eq!(rows(&app).len(), 30, "Esc drops it");
}

#[test]
fn enter_takes_the_filter_up_at_once_and_up_brings_it_back() {
    let mut app = app(80, 24);
    press(&mut app, "&board == 2<enter>");
    assert_eq!(rows(&app), (10..20).collect::<Vec<_>>());
    press(&mut app, "&<esc>");
    press(&mut app, "&board == 3<enter>&<esc>");
    press(&mut app, "&<up><up><enter>");
    assert_eq!(
        rows(&app),
        (10..20).collect::<Vec<_>>(),
        "the one before the last"
    );
}

/// The filter line takes Ctrl-U and Ctrl-W as a terminal's line editing
/// does, and types nothing for another chord.
#[test]
fn ctrl_u_and_ctrl_w_erase_on_the_filter_line() {
    let mut app = app(80, 24);
    press(&mut app, "&board == 2<enter>");
    let two = rows(&app);
    press(&mut app, "&<ctrl-u>board == 5<enter>");
    assert_ne!(rows(&app), two);
    // Typed as letters, the chords would make a mistake, and the filter
    // before would stay.
    press(&mut app, "&<ctrl-u>abc<ctrl-u><ctrl-a>board == 3<ctrl-w>2<enter>");
    assert_eq!(rows(&app), two);
}

#[test]
fn a_mistake_is_marked_and_the_list_stays_as_it_was() {
    let mut app = app(80, 24);
    press(
        &mut app,
        "&board == 2<enter>&<bs><bs><bs><bs><bs><bs><bs><bs><bs><bs>hcp(nort) > 9<enter>",
    );
    assert_eq!(rows(&app).len(), 10, "the filter before is kept");
    insta::assert_snapshot!("filter_kept_with_a_mistake_told_80x24", screen(&app));
}

#[test]
fn next_board_search_and_board_jump_stay_inside_the_filter() {
    let mut app = app(100, 30);
    press(&mut app, "&declarer == ew<enter>");
    let shown = rows(&app);
    assert!(shown.len() > 2 && shown.len() < 30, "{shown:?}");
    press(&mut app, "<enter>]");
    assert_eq!(app.screen(), Screen::Deal);
    assert_eq!(app.list().current(), shown[1]);
    press(&mut app, "<esc>3<enter>");
    let board = |i: usize| {
        app.catalog()
            .get(i)
            .and_then(|r| r.board.clone())
            .map(|b| b.number)
    };
    assert_eq!(board(app.list().current()).as_deref(), Some("3"));
    assert!(shown.contains(&app.list().current()));
}

#[test]
fn the_filtered_list_and_the_filter_line_at_two_sizes() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = app(w, h);
        press(&mut app, "&contract == 4S and result >= 0<enter>");
        insta::assert_snapshot!(format!("filtered_list_{w}x{h}"), screen(&app));
        press(&mut app, "&<bs><bs>-1 and hcp(sout) > 3");
        insta::assert_snapshot!(format!("filter_line_with_a_mistake_{w}x{h}"), screen(&app));
    }
}

#[test]
fn the_mistake_s_column_is_marked_on_the_filter_line() {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::Modifier;
    let mut app = app(80, 24);
    press(&mut app, "&hcp(nort) > 3");
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    kibitzer::ui::view::render(&app.scene(), area, &mut buf);
    let footer = 23;
    let marked: Vec<u16> = (0..80)
        .filter(|&x| buf[(x, footer)].modifier.contains(Modifier::REVERSED))
        .collect();
    // `& ` then the text: column 5 of the filter is the screen's seventh.
    assert_eq!(marked, [6]);
    assert_eq!(buf[(6, footer)].symbol(), "n");
}

/// Counts the statistics out, a turn at a time, as the terminal's loop
/// does between keys.
fn counted(app: &mut App) {
    while app.tallying() {
        app.tick();
    }
}

#[test]
fn statistics_of_the_filtered_list_and_a_measure_typed() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = app(w, h);
        press(&mut app, "&declarer == ns<enter>%");
        counted(&mut app);
        assert_eq!(app.screen(), Screen::Statistics);
        insta::assert_snapshot!(format!("statistics_of_the_filter_{w}x{h}"), screen(&app));
        press(&mut app, "=frequency hcp(south)<enter>");
        counted(&mut app);
        let shown = screen(&app);
        assert!(shown.contains("frequency hcp(south)"), "{shown}");
        press(&mut app, "=average contrat<enter>");
        assert!(
            screen(&app).contains("column 9: `contrat` is not a word"),
            "{}",
            screen(&app)
        );
        press(&mut app, "<esc>");
        assert_eq!(app.screen(), Screen::List);
    }
}

#[test]
fn a_board_s_traveller_from_its_deal() {
    let mut app = app(120, 40);
    press(&mut app, "<enter>%");
    counted(&mut app);
    assert_eq!(app.screen(), Screen::Statistics);
    insta::assert_snapshot!("traveller_of_board_1_120x40", screen(&app));
    press(&mut app, "<esc>");
    assert_eq!(app.screen(), Screen::Deal, "back to the hand");
}

#[test]
fn the_viewer_s_filter_finds_a_match_s_tables_as_the_list_does() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/results-match.pbn");
    let open = || {
        let mut catalog = Catalog::open(&[path.as_path()]).expect("the fixture opens");
        catalog.wait_done();
        catalog
    };
    // Loaded records are kept: the filter's catalog is another, which
    // must read its records for itself.
    let mut loaded = open();
    let seconds: Vec<usize> = (0..loaded.len())
        .filter(|&i| loaded.load(i).is_some_and(|r| r.table == Some(2)))
        .collect();
    assert!(!seconds.is_empty(), "the fixture has second tables");
    let filter = kibitzer::filter::Filter::parse("table == 2").unwrap();
    let counted = open().filtered_from(&filter, 0, Duration::from_secs(60));
    assert_eq!(counted, (seconds.clone(), None));
    let mut app = App::new(open(), "results-match.pbn", Theme::default());
    app.resize(80, 24);
    press(&mut app, "&table == 2<enter>");
    assert_eq!(rows(&app), seconds);
}

/// Every match a sift finds in the background, in order.
fn sifted(catalog: &Catalog, filter: &kibitzer::filter::Filter) -> Vec<usize> {
    let mut sift = catalog.sift(filter).expect("every record is found");
    let mut found = Vec::new();
    loop {
        let turn = sift.turn(Duration::from_secs(60));
        found.extend(turn.found);
        match turn.reach {
            Reach::Done => return found,
            Reach::Stopped(reached) => panic!("the sift stopped after {reached} records"),
            Reach::Going(_) => {}
        }
    }
}

#[test]
fn a_sift_finds_what_asking_record_by_record_finds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = [
        "tests/fixtures/results-match.pbn",
        "tests/fixtures/match.rbn",
        "tests/fixtures/quirks.pbn",
        "tests/fixtures/vugraph.lin",
        "tests/fixtures/pairs10.pbn",
        "assets/sample.rbn",
    ];
    let paths: Vec<_> = files.iter().map(|f| root.join(f)).collect();
    let paths: Vec<&Path> = paths.iter().map(|p| p.as_path()).collect();
    let mut catalog = Catalog::open(&paths).expect("the fixtures open");
    catalog.wait_done();
    for text in [
        "table == 2",
        "hcp(north) >= 12",
        "player ~ \"a\"",
        "contract == 3NT or result < 0",
        "lead == SA or not has(play)",
        "board > 3 and vul != none",
    ] {
        let filter = kibitzer::filter::Filter::parse(text).unwrap();
        let (asked, rest) = catalog.filtered_from(&filter, 0, Duration::from_secs(60));
        assert_eq!(rest, None);
        assert!(
            !asked.is_empty() && asked.len() < catalog.len(),
            "{text}: some but not all match"
        );
        assert_eq!(sifted(&catalog, &filter), asked, "{text}");
    }
}

/// Ticks, as the terminal's loop does, until the filter is counted and no
/// deal is being solved.
fn settled(app: &mut App) {
    let start = std::time::Instant::now();
    let solving = |app: &App| app.scene().filtered.is_some_and(|s| s.contains("solving"));
    app.tick();
    while app.filtering() || solving(app) {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "solved in five minutes"
        );
        std::thread::sleep(Duration::from_millis(5));
        app.tick();
    }
}

/// The records of pairs10.pbn that `filter` matches with each deal solved
/// here, one at a time.
fn solved_by_hand(filter: &str) -> Vec<usize> {
    use kibitzer::analysis::{FullDeal, solve_table};
    let filter = kibitzer::filter::Filter::parse(filter).unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pairs10.pbn");
    let archive = kibitzer::archive::Archive::open(&path).unwrap();
    let mut tables = std::collections::HashMap::new();
    let records: Vec<_> = archive.records().collect();
    let matched = records.iter().enumerate().filter(|(_, r)| {
        let deal = FullDeal::of(r).unwrap();
        let table = tables.entry(deal).or_insert_with(|| solve_table(&deal));
        filter.matches(kibitzer::filter::Subject::new(r, "pairs10.pbn").solved(table))
    });
    matched.map(|(i, _)| i).collect()
}

#[test]
fn ctrl_s_solves_the_deals_the_filter_found_without_a_table() {
    // `<` would start a key's name for `press`.
    let question = "tricks(north, notrump) >= 8 or 0 > par";
    let mut app = app(80, 24);
    press(&mut app, &format!("&{question}"));
    std::thread::sleep(PAUSE + Duration::from_millis(50));
    settled(&mut app);
    assert!(rows(&app).is_empty(), "pairs10.pbn gives no double-dummy table");
    // The estimate names the cores of the machine the test runs on.
    let estimate = kibitzer::analysis::solving_time(3);
    let told = screen(&app).replace(&estimate, "about 1 s on 2 cores");
    insta::assert_snapshot!("filter_without_double_dummy_tables_80x24", told);
    press(&mut app, "<ctrl-s><enter>");
    assert_eq!(*app.mode(), Mode::Normal);
    insta::assert_snapshot!("filter_solving_its_deals_80x24", screen(&app));
    settled(&mut app);
    assert_eq!(rows(&app), solved_by_hand(question));
    press(&mut app, "&");
    assert!(app.scene().filter_notice.is_none(), "nothing left to solve");
}

#[test]
fn ctrl_s_with_nothing_to_solve_leaves_the_filter_as_typed() {
    let mut app = app(80, 24);
    press(&mut app, "&board == 1<ctrl-s>");
    assert_eq!(*app.mode(), Mode::Filter);
    assert_eq!(app.scene().filter.text(), "board == 1", "Ctrl-S types no s");
    press(&mut app, "<enter>");
    assert!(!app.scene().filtered.unwrap().contains("solving"));
    assert_eq!(rows(&app).len(), 10);
}

/// How many records the search counts, settled.
fn search_counted(app: &mut App) -> String {
    while !app.match_count().unwrap().done() {
        app.tick();
    }
    app.match_count().unwrap().place(usize::MAX)
}

#[test]
fn a_search_is_counted_again_within_each_filter() {
    let mut app = app(80, 24);
    let matching = |board: Option<u32>| {
        let mut catalog = app_catalog();
        (0..catalog.len())
            .filter_map(|i| catalog.load(i))
            .filter(|r| kibitzer::archive::matches(r, "a"))
            .filter(|r| board.is_none_or(|b| r.board.as_ref().is_some_and(|n| n.number == b.to_string())))
            .count()
    };
    let (all, board_two) = (matching(None), matching(Some(2)));
    assert!(board_two > 0 && board_two < all, "{board_two} of {all}");
    press(&mut app, "/a<enter>");
    assert_eq!(search_counted(&mut app), format!("{all} matches"));
    press(&mut app, "&board == 2<enter>");
    assert_eq!(search_counted(&mut app), format!("{board_two} matches"));
    press(&mut app, "&<esc>");
    assert_eq!(search_counted(&mut app), format!("{all} matches"));
}

fn app_catalog() -> Catalog {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pairs10.pbn");
    let mut catalog = Catalog::open(&[path.as_path()]).expect("the fixture opens");
    catalog.wait_done();
    catalog
}

/// A copy of pairs10.pbn that a test may change under the viewer: its
/// folder, the copy's path, the fixture's text and the viewer on it.
fn app_on_copy(name: &str) -> (std::path::PathBuf, std::path::PathBuf, String, App) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("kibitzer-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pairs10.pbn"))
            .unwrap();
    std::fs::write(&path, &text).unwrap();
    let mut catalog = Catalog::open(&[path.as_path()]).unwrap();
    catalog.wait_done();
    let mut app = App::new(catalog, name, Theme::default());
    app.resize(80, 24);
    (dir, path, text, app)
}

/// Ticks the viewer until it has read the changed file again, `records`
/// long, and counted the filter over it.
fn until_read_again(app: &mut App, records: usize) {
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while app.catalog().len() != records || app.filtering() {
        assert!(std::time::Instant::now() < until, "the change was seen");
        std::thread::sleep(Duration::from_millis(20));
        app.tick();
    }
}

#[test]
fn a_file_rewritten_under_a_filter_is_filtered_again() {
    let (dir, path, text, mut app) = app_on_copy("rewritten.pbn");
    press(&mut app, "&board == 2<enter>");
    assert_eq!(rows(&app), (10..20).collect::<Vec<_>>());
    // Board 1's ten games gone: board 2's are now the first ten.
    let games: Vec<&str> = text.split("\n\n").collect();
    let later = games.iter().filter(|g| !g.contains("[Board \"1\"]")).copied();
    std::fs::write(&path, later.collect::<Vec<_>>().join("\n\n")).unwrap();
    until_read_again(&mut app, 20);
    assert_eq!(rows(&app), (0..10).collect::<Vec<_>>());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_cursor_stays_on_its_record_when_the_filter_is_counted_again() {
    let (dir, path, text, mut app) = app_on_copy("grown.pbn");
    press(&mut app, "&board == 2<enter><down><down><down>");
    assert_eq!(app.list().current(), 13);
    // The file grows by a game of board 2: the filter is counted again,
    // and the cursor is not sent back to the top.
    let again = text.split("\n\n").find(|g| g.contains("[Board \"2\"]")).unwrap();
    std::fs::write(&path, format!("{}\n\n{again}\n", text.trim_end())).unwrap();
    until_read_again(&mut app, 31);
    assert_eq!(rows(&app).len(), 11, "the new game matches too");
    assert_eq!((app.list().current(), app.list().selected()), (13, 3));
    std::fs::remove_dir_all(&dir).ok();
}
