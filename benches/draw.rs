//! Drawing: a step in the deal view and the record list, at the smallest
//! terminal kibitzer supports and at a large one, into a buffer (the
//! terminal's own writing left out).

mod common;

use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use kibitzer::archive::{Bytes, Catalog};
use kibitzer::model::SourceFormat;
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;
use kibitzer::ui::{Theme, view};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

fn app(width: u16, height: u16) -> App {
    let bytes = common::archive(SourceFormat::Pbn, 2_000);
    let mut catalog = Catalog::of(vec![(Bytes::Held(bytes), SourceFormat::Pbn)]);
    catalog.wait_done();
    let mut app = App::new(catalog, "bench", Theme::default());
    app.resize(width, height);
    app
}

/// One generated deal with a paragraph of commentary after every trick,
/// as a teaching file has it: the notes pane wraps and scrolls at each step.
fn commented(width: u16, height: u16) -> App {
    let text = String::from_utf8(common::archive(SourceFormat::Pbn, 1)).expect("PBN is text");
    let mut out = String::new();
    let mut in_play = false;
    for (row, line) in text.lines().enumerate() {
        out.push_str(line);
        if in_play && !line.trim().is_empty() && !line.starts_with('[') {
            out.push_str(&format!(
                " {{Row {row}: declarer weighs the finesse against the drop, counts the \
                 defenders' points shown in the auction, and plays for the lie that \
                 leaves the contract safe whatever the opening leader holds.}}"
            ));
        }
        in_play = line.starts_with("[Play") || (in_play && !line.trim().is_empty());
        out.push('\n');
    }
    let mut catalog = Catalog::of(vec![(Bytes::Held(out.into_bytes()), SourceFormat::Pbn)]);
    catalog.wait_done();
    let said = catalog.load(0).map_or(0, |r| r.commentary.len());
    assert!(said >= 10, "the commentary was not read: {said} comments");
    let mut app = App::new(catalog, "bench", Theme::default());
    app.resize(width, height);
    app
}

/// A step forward or back and the screen drawn, in turn.
fn steps(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, mut app: App, area: Rect) {
    let mut buffer = Buffer::empty(area);
    let mut forward = true;
    group.bench_function(name, |b| {
        b.iter(|| {
            app.update(if forward {
                Action::StepForward
            } else {
                Action::StepBack
            });
            forward = !forward;
            view::render(&app.scene(), area, &mut buffer);
        })
    });
}

fn drawing(c: &mut Criterion) {
    let mut group = c.benchmark_group("draw");
    group.measurement_time(Duration::from_secs(3));
    for (width, height) in [(80, 24), (200, 60)] {
        let area = Rect::new(0, 0, width, height);
        let mut buffer = Buffer::empty(area);
        let mut list = app(width, height);
        group.bench_function(format!("list {width}x{height}"), |b| {
            b.iter(|| {
                list.update(Action::Down);
                view::render(&list.scene(), area, &mut buffer);
            })
        });
        let mut deal = app(width, height);
        deal.update(Action::Open);
        (0..20).for_each(|_| deal.update(Action::StepForward));
        steps(&mut group, &format!("deal step {width}x{height}"), deal, area);
        let mut notes = commented(width, height);
        notes.update(Action::Open);
        (0..40).for_each(|_| notes.update(Action::StepForward));
        steps(
            &mut group,
            &format!("deal step with commentary {width}x{height}"),
            notes,
            area,
        );
    }
    group.finish();
}

criterion_group!(benches, drawing);
criterion_main!(benches);
