//! Counting a search's matches over an archive too big to count in one
//! turn: the count agrees with every record read and matched one by one,
//! and the viewer counts between keys (without waiting for a tick) only
//! while records already found wait to be counted.

use kibitzer::archive::{Bytes, Catalog, matches};
use kibitzer::model::SourceFormat;
use kibitzer::testing::generate::write_archive;
use kibitzer::ui::Theme;
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;

#[test]
fn a_count_of_many_turns_agrees_with_every_record_matched() {
    let mut text = Vec::new();
    write_archive(SourceFormat::Rbn, 4_000, 5, &mut text).unwrap();
    let mut catalog = Catalog::of(vec![(Bytes::Held(text), SourceFormat::Rbn)]);
    catalog.wait_done();
    let matching = (0..catalog.len())
        .filter(|&i| matches(&catalog.load(i).unwrap(), "ann"))
        .count();
    assert!(matching > 500, "a common name: {matching}");
    let mut app = App::new(catalog, "generated", Theme::default());
    app.resize(100, 30);
    assert!(!app.counting(), "no search, nothing to count");
    app.update(Action::Search);
    "Ann".chars().for_each(|c| app.update(Action::SearchInput(c)));
    let mut turns = 0;
    while !app.match_count().unwrap().done() {
        assert!(app.counting(), "records found wait to be counted");
        app.tick();
        turns += 1;
    }
    println!("counted in {turns} turns after the first");
    assert!(turns > 0, "the count should take more than one turn");
    assert!(!app.counting());
    let count = app.match_count().unwrap();
    assert_eq!(count.place(usize::MAX), format!("{matching} matches"));
}
