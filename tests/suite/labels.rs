//! No two seat labels of the diagram overlap, none runs outside it or onto
//! a hand or the card table, and each player's name shows, for the records
//! of every file in assets/ and ../shared/corpus, at the first and the last
//! step, at 80x24. The rectangles come from the same pure layout the
//! drawing uses; the drawn screen is checked too.
//!
//! Every record is checked, the files shared out over the cores. The
//! records are read straight from the file, without the catalog's
//! background vetting, which alone would take minutes in a debug build.

use crate::common;

use std::path::Path;

use kibitzer::archive::{Archive, Catalog};
use kibitzer::model::Record;
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;
use kibitzer::ui::compass::{self, Places};
use kibitzer::ui::{Theme, layout, view};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const SCREEN: Rect = Rect::new(0, 0, 80, 24);

fn places(app: &App, record: &Record) -> Places {
    let area = layout::diagram_area(SCREEN);
    let talon = record.deal.as_ref().is_some_and(|d| !d.talon.is_empty());
    let seats = compass::seats_drawn(record.rules(), talon);
    compass::places(area, &seats, app.deal().unwrap().seating())
}

/// What is wrong with the labels on screen now, if anything.
fn faults(app: &App) -> Vec<String> {
    let deal = app.deal().unwrap();
    let record = app.catalog().get(deal.record()).unwrap();
    let area = layout::diagram_area(SCREEN);
    let p = places(app, record);
    let mut faults = Vec::new();
    let mut taken: Vec<Rect> = p.seats.iter().map(|s| s.hand).collect();
    taken.push(p.table);
    for (i, s) in p.seats.iter().enumerate() {
        if area.union(s.label) != area || s.label.width == 0 {
            faults.push(format!(
                "{:?}'s label {:?} is not inside {area:?}",
                s.seat, s.label
            ));
        }
        if let Some(o) = p.seats[i + 1..].iter().find(|o| o.label.intersects(s.label)) {
            faults.push(format!("{:?}'s label overlaps {:?}'s", s.seat, o.seat));
        }
        if taken.iter().any(|r| r.intersects(s.label)) {
            faults.push(format!("{:?}'s label runs onto a hand or the table", s.seat));
        }
    }
    let mut buf = Buffer::empty(SCREEN);
    view::render(&app.scene(), SCREEN, &mut buf);
    for s in &p.seats {
        let drawn: String = (s.label.x..s.label.right())
            .map(|x| buf[(x, s.label.y)].symbol().to_string())
            .collect();
        let name = record.player(s.seat).unwrap_or("").trim();
        let first = name.chars().next().filter(|c| !c.is_control() && *c != '?');
        if first.is_some_and(|c| !drawn.contains(c)) {
            faults.push(format!("{:?}'s name {name:?} does not show in {drawn:?}", s.seat));
        }
    }
    faults
}

/// The records of one file checked at their first and last steps; the
/// faults found, each with its record's number.
fn check_file(path: &Path) -> (usize, Vec<String>) {
    let Ok(archive) = Archive::open(path) else {
        return (0, Vec::new());
    };
    let catalog = Catalog::of_records(archive.records().collect());
    let n = catalog.len();
    let mut app = App::new(catalog, "labels", Theme::default());
    app.resize(SCREEN.width, SCREEN.height);
    let mut found = Vec::new();
    let mut checked = 0;
    for i in 0..n {
        app.update(Action::Select(i));
        app.update(Action::Open);
        if app.deal().is_none() {
            continue;
        }
        for at in [Action::Start, Action::End] {
            app.update(at);
            let label = format!("{}: record {}", path.display(), i + 1);
            found.extend(faults(&app).into_iter().map(|f| format!("{label}: {f}")));
        }
        checked += 1;
        app.update(Action::Back);
    }
    (checked, found)
}

#[test]
fn labels_never_overlap_and_every_name_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    common::every_file(&root.join("assets"), &mut files);
    match common::corpus() {
        Some(corpus) => common::every_file(&corpus, &mut files),
        None => println!("skipped the corpus: only assets/ checked"),
    }
    let (mut records, mut faults) = (0, Vec::new());
    for (checked, found) in common::on_every_core(&files, check_file) {
        records += checked;
        faults.extend(found);
    }
    println!("{records} records of {} files checked", files.len());
    assert!(records > 0);
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
