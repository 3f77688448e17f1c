//! A million-record archive in the viewer: the first screen after start,
//! the last record after start, a search through every record and the
//! first screenful of a filter's matches; and
//! what the record list costs in memory per record. The archives (about
//! 490 MB of PBN, 300 MB of RBN) are generated under target/ the first
//! time.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use kibitzer::archive::{Catalog, Found};
use kibitzer::model::SourceFormat;
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;
use kibitzer::ui::{Theme, view};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const RECORDS: usize = 1_000_000;

/// Counts the bytes the program holds on the heap.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        HELD.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn catalog(format: SourceFormat) -> Catalog {
    let path = common::archive_file(format, RECORDS);
    let mut catalog = Catalog::open(&[path.as_path()]).expect("the archive opens");
    catalog.wait_for_first(Duration::from_secs(5));
    catalog
}

fn open(catalog: Catalog) -> App {
    let mut app = App::new(catalog, "bench", Theme::default());
    app.resize(200, 60);
    app
}

fn draw(app: &App) {
    let area = Rect::new(0, 0, 200, 60);
    view::render(&app.scene(), area, &mut Buffer::empty(area));
}

fn million(c: &mut Criterion) {
    for (name, format) in [("pbn", SourceFormat::Pbn), ("rbn", SourceFormat::Rbn)] {
        let mut group = c.benchmark_group(format!("a million records ({name})"));
        group.sample_size(10).measurement_time(Duration::from_secs(20));
        group.bench_function("first screen after start", |b| {
            b.iter(|| draw(&open(catalog(format))))
        });
        group.bench_function("last record after start", |b| {
            b.iter(|| {
                let mut app = open(catalog(format));
                app.update(Action::Last);
                while app.list().selected() + 1 < RECORDS {
                    app.tick();
                    std::thread::sleep(Duration::from_millis(1));
                }
                draw(&app);
            })
        });
        let mut every = catalog(format);
        every.wait_done();
        group.bench_function("search every record for a name", |b| {
            b.iter(|| assert_eq!(every.search("nobody", 0, true, false), Found::Nowhere))
        });
        group.finish();
        memory(name, format);
    }
}

/// The heap the catalog holds once every record is found and checked, per
/// record, with a screenful read.
fn memory(name: &str, format: SourceFormat) {
    let before = HELD.load(Ordering::Relaxed);
    let started = Instant::now();
    let mut every = catalog(format);
    every.wait_done();
    let mut app = open(every);
    app.update(Action::Last);
    draw(&app);
    let held = HELD.load(Ordering::Relaxed).saturating_sub(before);
    println!(
        "a million records ({name}): record list {:.1} bytes per record ({} MB held), every record found and checked in {:.2} s",
        held as f64 / RECORDS as f64,
        held / 1_000_000,
        started.elapsed().as_secs_f64()
    );
}

/// The filters issue 27 times: of hands, of what happened, of players.
const FILTERS: [&str; 3] = [
    "hcp(north) >= 15 and shape(north, any 5xxx)",
    "contract == 3NT and result < 0",
    "player == \"Ida\"",
];

/// A filter typed over a million records found: from Enter (which takes
/// it up as the pause after typing does) to the first screenful of its
/// matches drawn at 200x60. The filter is typed again for each run on the
/// same viewer, so the screenful of matches the run before drew is kept
/// (a twentieth of the records read for the hand filter).
fn first_matches(c: &mut Criterion) {
    for (name, format) in [("pbn", SourceFormat::Pbn), ("rbn", SourceFormat::Rbn)] {
        let mut found = catalog(format);
        found.wait_done();
        let mut app = open(found);
        let page = kibitzer::ui::layout::list_rows((200, 60));
        let mut group = c.benchmark_group(format!("a filter over a million records ({name})"));
        group.sample_size(20);
        for filter in FILTERS {
            group.bench_function(format!("first screenful of {filter}"), |b| {
                b.iter_custom(|runs| {
                    let mut taken = Duration::ZERO;
                    for _ in 0..runs {
                        type_filter(&mut app, filter);
                        let started = Instant::now();
                        app.update(Action::FilterDone);
                        while app.list().shown().is_some_and(|s| s.len() < page) && app.filtering() {
                            app.tick();
                        }
                        draw(&app);
                        taken += started.elapsed();
                        assert!(app.list().shown().is_some_and(|s| s.len() >= page), "{filter}");
                        app.update(Action::Filter);
                        app.update(Action::Cancel);
                    }
                    taken
                })
            });
        }
        group.finish();
    }
}

fn type_filter(app: &mut App, filter: &str) {
    app.update(Action::Filter);
    for c in filter.chars() {
        app.update(Action::FilterInput(c));
    }
}

criterion_group!(benches, million, first_matches);
criterion_main!(benches);
