//! Drawing: a step in the deal view and the record list, at the smallest
//! terminal kibitzer supports and at a large one, into a buffer (the
//! terminal's own writing left out).

mod common;

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
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
                view::render(&list, area, &mut buffer);
            })
        });
        let mut deal = app(width, height);
        deal.update(Action::Open);
        (0..20).for_each(|_| deal.update(Action::StepForward));
        let mut forward = true;
        group.bench_function(format!("deal step {width}x{height}"), |b| {
            b.iter(|| {
                deal.update(if forward {
                    Action::StepForward
                } else {
                    Action::StepBack
                });
                forward = !forward;
                view::render(&deal, area, &mut buffer);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, drawing);
criterion_main!(benches);
