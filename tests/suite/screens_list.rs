//! The record list at the smallest, a middle and a large terminal: a club
//! pairs file with its scores, and several files open at once (the File
//! column). Snapshots are plain text, read by eye before they were
//! accepted.

use crate::common;

use common::screen;
use kibitzer::ui::Theme;

use std::path::{Path, PathBuf};

use kibitzer::archive::Catalog;
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The list of these fixtures at each size, the cursor moved `down`.
fn at_each_size(name: &str, files: &[&str], down: usize) {
    for (w, h) in SIZES {
        let paths: Vec<PathBuf> = files.iter().map(|f| fixture(f)).collect();
        let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
        let mut catalog = Catalog::open(&paths).expect("the fixtures open");
        catalog.wait_done();
        let mut app = App::new(catalog, files.join(", "), Theme::default());
        app.resize(w, h);
        (0..down).for_each(|_| app.update(Action::Down));
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&app));
    }
}

#[test]
fn a_club_pairs_file_with_its_scores() {
    at_each_size("list_club_pairs", &["results-pairs.pbn"], 2);
}

#[test]
fn several_files_with_their_names() {
    at_each_size(
        "list_several_files",
        &["results-pairs.pbn", "match.rbn", "club.pbn"],
        12,
    );
}

#[test]
fn a_search_shows_its_count_on_the_title_row() {
    let mut catalog = Catalog::open(&[fixture("match.rbn").as_path()]).unwrap();
    catalog.wait_done();
    let mut app = App::new(catalog, "match.rbn", Theme::default());
    app.resize(80, 24);
    app.update(Action::Search);
    "gil".chars().for_each(|c| app.update(Action::SearchInput(c)));
    app.update(Action::SearchDone);
    app.update(Action::NextMatch);
    while app.match_count().is_some_and(|c| !c.done()) {
        app.tick();
    }
    insta::assert_snapshot!("list_search_held_80x24", screen(&app));
}

/// The preview too small for the diagram shows every hand of the game:
/// six-handed Pinochle two hands a line, three-handed Pinochle and
/// Preferans a hand a line. It showed only the bridge seats among them.
#[test]
fn the_small_preview_shows_every_hand_of_every_game() {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let games: [(&str, &[&str]); 3] = [
        ("pinochle/six-handed.ppn", &["N", "NE", "SE", "S", "SW", "NW"]),
        (
            "pinochle/three-handed-kitty.ppn",
            &["North", "Southeast", "Southwest"],
        ),
        ("preferans.ppn", &["1", "2", "3"]),
    ];
    for (file, seats) in games {
        let mut catalog = Catalog::open(&[assets.join(file).as_path()]).unwrap();
        catalog.wait_done();
        let mut app = App::new(catalog, file, Theme::default());
        app.resize(80, 24);
        let text = screen(&app).replace('│', " ");
        let preview: Vec<&str> = text.lines().skip_while(|l| !l.contains("Deal")).collect();
        // Each seat's name stands just before its spades.
        let named: Vec<&str> = preview
            .iter()
            .flat_map(|l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                let pairs: Vec<&str> = words.windows(2).filter(|w| w[1] == "♠").map(|w| w[0]).collect();
                pairs
            })
            .collect();
        assert_eq!(named, seats, "{file}:\n{text}");
        if file.contains("six") {
            insta::assert_snapshot!("list_six_handed_pinochle_80x24", screen(&app));
        }
    }
}

/// A long path and a search held for `n`: the path gives way, cut at its
/// start, and the counts and the search stay whole on the title row.
#[test]
fn a_long_path_gives_way_to_the_counts_and_the_search() {
    let path = format!("/home/someone/{}/pairs10.pbn", "club-results".repeat(8));
    assert_eq!(
        title_after_search(path, "4"),
        " kibitzer  …sclub-resultsclub-results/pairs10.pbn  30 records  /4  match 1 of 8"
    );
}

/// The title row at 80 columns of pairs10.pbn opened as `title`, once
/// `query` is searched for and counted.
fn title_after_search(title: String, query: &str) -> String {
    let mut catalog = Catalog::open(&[&fixture("pairs10.pbn")]).expect("the fixture opens");
    catalog.wait_done();
    let mut app = App::new(catalog, title, Theme::default());
    app.resize(80, 24);
    app.update(Action::Search);
    query.chars().for_each(|c| app.update(Action::SearchInput(c)));
    app.update(Action::SearchDone);
    while app.counting() {
        app.tick();
    }
    screen(&app).lines().next().unwrap().to_string()
}

/// A search longer than the row leaves: the lead and the counts stay, and
/// the search is cut at its start, keeping what it found. It was drawn
/// over the row's start.
#[test]
fn a_search_too_long_for_the_row_gives_way_at_its_start() {
    let query = format!("{}4", "no such player or ".repeat(4));
    assert_eq!(
        title_after_search("pairs10.pbn".to_string(), &query),
        " kibitzer  …  30 records  …r or no such player or no such player or 4  no match"
    );
}

/// Pinochle hands in the list in their own words: every player by team,
/// the contract, and how the hand came out with its score by team, worked
/// out where the record leaves it out (the import names only the auction,
/// trump and play).
#[test]
fn pinochle_rows_give_the_result_and_the_hands_score() {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/pinochle");
    let files = [
        "four-handed-export.ppn",
        "import-minimal.ppn",
        "three-handed-kitty.ppn",
    ];
    let paths: Vec<PathBuf> = files.iter().map(|f| assets.join(f)).collect();
    let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
    let mut catalog = Catalog::open(&paths).expect("the samples open");
    catalog.wait_done();
    let mut app = App::new(catalog, "pinochle", Theme::default());
    app.resize(200, 60);
    let text = screen(&app);
    let row = |file: &str| {
        let row = text.lines().find(|l| l.contains(file)).unwrap_or("");
        row.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let four = row("four-handed");
    assert!(
        four.contains("rakbeater-pauly v hitormiss-tony e 60 ♥ W Set 62:-60 "),
        "{text}"
    );
    // South's 55 with no Melds tag: the meld laid is unknown, so the row
    // calls the hand neither saved nor set.
    let minimal = row("import-minimal");
    assert!(
        minimal.contains(" E 55 ♠ S │") && !minimal.contains("Set"),
        "{text}"
    );
    let three = row("three-handed");
    assert!(
        three.contains("Mo v Lu v Ed 250 ♠ SE Set 150:-250:260 "),
        "{text}"
    );
}
