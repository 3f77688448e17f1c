//! For every record of every file in the fixtures, the samples and (when it is
//! here) ../shared/corpus, at the first and the last step, at 80x24: every
//! note and comment reached so far can be brought on screen by scrolling
//! the notes pane with the real keys. The text on screen is compared with
//! whitespace taken out, so that wrapping at any width reads the same.
//!
//! Every record with notes or comments is checked, the files shared out
//! over the cores.
//! The way up goes by a turn of the mouse wheel (three rows) and Ctrl-U
//! (half a page), the way down a page at a time by Ctrl-D and `J` (a row):
//! each scroll lays the panes out again, so row-by-row keys over a long
//! text would cost its length squared.

use crate::common;

use std::path::Path;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};
use kibitzer::cli::buffer_text;
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;
use kibitzer::ui::panes::Pane;
use kibitzer::ui::{Theme, view};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const SIZE: Rect = Rect::new(0, 0, 80, 24);

fn press(app: &mut App, code: KeyCode, times: usize) {
    let modifiers = match code {
        KeyCode::Char(c) if c.is_ascii_uppercase() => KeyModifiers::SHIFT,
        _ => KeyModifiers::NONE,
    };
    for _ in 0..times {
        app.key(KeyEvent::new(code, modifiers));
    }
}

fn wheel(app: &mut App, kind: MouseEventKind, over: Rect, turns: usize) {
    for _ in 0..turns {
        app.mouse(MouseEvent {
            kind,
            column: over.x + 1,
            row: over.y + 1,
            modifiers: KeyModifiers::NONE,
        });
    }
}

fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The notes pane's place and how far it scrolls now.
fn notes_pane(app: &App) -> (Rect, kibitzer::ui::panes::Extent) {
    let panes = view::lay_out_deal(&app.scene(), SIZE).unwrap().extents();
    let (_, rect, extent) = panes
        .into_iter()
        .find(|(p, _, _)| *p == Pane::Notes)
        .expect("a notes pane");
    (rect, extent)
}

/// Scrolls the notes pane from its top to its bottom a page at a time,
/// and returns every row it showed, in order.
fn every_row(app: &mut App) -> String {
    // Tab round to the notes, as a user would after looking at the others.
    for _ in 0..Pane::CYCLE.len() {
        if app.deal().unwrap().scrolls().focus() == Pane::Notes {
            break;
        }
        press(app, KeyCode::Tab, 1);
    }
    let (rect, extent) = notes_pane(app);
    // Up to the top: a turn of the wheel, then half pages by Ctrl-U.
    wheel(app, MouseEventKind::ScrollUp, rect, 1);
    let rest = extent.last_top().saturating_sub(3);
    let half = (extent.shown / 2).max(1);
    for _ in 0..rest.div_ceil(half) {
        app.key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    }
    let mut rows: Vec<String> = Vec::new();
    loop {
        let mut buf = Buffer::empty(SIZE);
        view::render(&app.scene(), SIZE, &mut buf);
        let text = buffer_text(&buf);
        let top = app
            .deal()
            .unwrap()
            .scrolls()
            .manual(Pane::Notes)
            .unwrap_or(extent.last_top());
        let inner: Vec<String> = text
            .lines()
            .skip(rect.y as usize + 1)
            .take(extent.shown.min(extent.rows))
            .map(|l| {
                l.chars()
                    .skip(rect.x as usize + 1)
                    .take(rect.width as usize - 2)
                    .collect()
            })
            .collect();
        for (k, row) in inner.into_iter().enumerate() {
            if top + k >= rows.len() {
                rows.push(row);
            }
        }
        if top >= extent.last_top() {
            return rows.join(" ");
        }
        // A page: two half pages by Ctrl-D, and `J` for an odd row.
        let half = (extent.shown / 2).max(1);
        for _ in 0..2 {
            app.key(KeyEvent::new(KeyCode::Char('d'), KeyModifiers::CONTROL));
        }
        press(
            app,
            KeyCode::Char('J'),
            extent.shown.max(1).saturating_sub(2 * half),
        );
        let now = app.deal().unwrap().scrolls().manual(Pane::Notes);
        assert!(now > Some(top), "J did not scroll the notes down from row {top}");
    }
}

/// Checks one file; returns how many (record, step) pairs had notes.
fn check_file(path: &Path) -> usize {
    let Ok(archive) = kibitzer::archive::Archive::open(path) else {
        return 0;
    };
    // Read straight through, without the catalog's background vetting of
    // every record, which would cost more than the check itself.
    let catalog = kibitzer::archive::Catalog::of_records(archive.records().collect());
    let mut app = App::new(catalog, "scrolling", Theme::default());
    app.resize(SIZE.width, SIZE.height);
    let mut checked = 0;
    for record in 0..app.catalog().len() {
        for step in [KeyCode::Home, KeyCode::End] {
            app.update(Action::Select(record));
            app.update(Action::Open);
            if app.deal().is_none() {
                continue;
            }
            press(&mut app, step, 1);
            let reached = view::reached(&app.scene(), app.deal().unwrap());
            if reached.is_empty() {
                continue;
            }
            let shown = squeezed(&every_row(&mut app));
            for note in &reached {
                assert!(
                    shown.contains(&squeezed(note)),
                    "{} record {} at {step:?}: not brought into view by scrolling:\n{note}\n--- rows shown:\n{shown}",
                    path.display(),
                    record + 1
                );
            }
            checked += 1;
            press(&mut app, KeyCode::Esc, 1);
        }
    }
    checked
}

/// The files of one place (fixtures, samples, corpus) by extension.
fn files_below(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for ext in ["pbn", "rbn", "rbx", "lin", "ppn", "json"] {
        files.extend(common::files(ext).into_iter().filter(|f| f.starts_with(dir)));
    }
    files
}

#[test]
fn every_note_reached_in_the_fixtures_and_samples_can_be_scrolled_into_view() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = files_below(&root.join("tests/fixtures"));
    // endplay's readings of the corpus (of LIN, and of what `convert`
    // writes) are no notation file: read as one record of plain data,
    // their thousands of rows of notes would be scrolled through a few
    // rows a turn, each turn a layout, for minutes in a debug build.
    files.retain(|f| f.file_name().is_none_or(|n| n != "endplay.json"));
    files.extend(files_below(&root.join("assets")));
    let checked: usize = common::on_every_core(&files, check_file).iter().sum();
    assert!(checked > 5, "few records with notes were found: {checked}");
}

/// The corpus too, when it is here.
#[test]
fn every_note_reached_in_the_corpus_can_be_scrolled_into_view() {
    let Some(corpus) = common::corpus() else { return };
    let files = files_below(&corpus);
    let checked: usize = common::on_every_core(&files, check_file).iter().sum();
    println!("{} files, {checked} steps with notes checked", files.len());
    assert!(checked > 20, "few records with notes were found: {checked}");
}
