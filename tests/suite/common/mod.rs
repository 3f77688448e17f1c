//! What the integration tests share.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub mod endplay;

#[allow(dead_code)]
/// ../shared/corpus, or None with a printed notice when it is not there
/// (a fresh clone), so that tests that need it skip.
pub fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared/corpus is not here");
        None
    }
}

/// Every file named `*.ext` (in any case) in the fixtures, the bundled
/// samples and, when it is here, the corpus.
#[allow(dead_code)]
pub fn files(ext: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("tests/fixtures"), root.join("assets")];
    dirs.extend(corpus());
    let mut found = Vec::new();
    for dir in dirs {
        below(&dir, Some(ext), &mut found);
    }
    found
}

/// Every file below `dir`, whatever its name.
#[allow(dead_code)]
pub fn every_file(dir: &Path, found: &mut Vec<PathBuf>) {
    below(dir, None, found);
}

fn below(dir: &Path, ext: Option<&str>, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            below(&path, ext, found);
        } else if ext.is_none_or(|ext| path.extension().is_some_and(|e| e.eq_ignore_ascii_case(ext))) {
            found.push(path);
        }
    }
}

/// A file's records as the viewer has them, with the background work done
/// so that what is drawn does not depend on timing.
#[allow(dead_code)]
pub fn catalog(path: &Path) -> kibitzer::archive::Catalog {
    let mut catalog = kibitzer::archive::Catalog::open(&[path]).expect("the file opens");
    catalog.wait_done();
    catalog
}

/// The bundled sample, the same way.
#[allow(dead_code)]
pub fn sample() -> kibitzer::archive::Catalog {
    use kibitzer::archive::{Bytes, Catalog, SAMPLE};
    let mut catalog = Catalog::of(vec![(Bytes::Static(SAMPLE), kibitzer::model::SourceFormat::Rbn)]);
    catalog.wait_done();
    catalog
}

#[allow(dead_code)]
/// The app's screen drawn through ratatui's test terminal, as text.
pub fn screen(app: &kibitzer::ui::app::App) -> String {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let mut terminal = Terminal::new(TestBackend::new(app.size().0, app.size().1)).unwrap();
    let frame = terminal
        .draw(|f| kibitzer::ui::view::render(&app.scene(), f.area(), f.buffer_mut()))
        .unwrap();
    kibitzer::cli::buffer_text(frame.buffer)
}

/// `check` run on every file, on every core (the files taken in turn by
/// whichever thread is free), its results in the files' order: a check of
/// every record of the corpus in a debug build is minutes on one core.
#[allow(dead_code)]
pub fn on_every_core<T: Send>(files: &[PathBuf], check: impl Fn(&Path) -> T + Sync) -> Vec<T> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(file) = files.get(i) else { break };
                    let result = check(file);
                    done.lock().unwrap().push((i, result));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap();
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// The binary under test, run with `args`.
#[allow(dead_code)]
pub fn kibitzer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(args)
        .output()
        .expect("kibitzer runs")
}

/// What the binary under test prints on standard output with `args`.
#[allow(dead_code)]
pub fn printed(args: &[&str]) -> String {
    String::from_utf8(kibitzer(args).stdout).expect("UTF-8 output")
}

/// Presses keys written as text: one character a key, with `<name>` for
/// the named keys (`<ctrl-s>` for a letter with Ctrl).
#[allow(dead_code)]
pub fn press(app: &mut kibitzer::ui::app::App, keys: &str) {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut chars = keys.chars();
    while let Some(c) = chars.next() {
        let mut modifiers = KeyModifiers::NONE;
        let code = if c == '<' {
            let name: String = chars.by_ref().take_while(|&c| c != '>').collect();
            match name.as_str() {
                ctrl if ctrl.starts_with("ctrl-") => {
                    modifiers = KeyModifiers::CONTROL;
                    KeyCode::Char(ctrl.chars().last().expect("a letter"))
                }
                "enter" => KeyCode::Enter,
                "esc" => KeyCode::Esc,
                "right" => KeyCode::Right,
                "left" => KeyCode::Left,
                "down" => KeyCode::Down,
                "up" => KeyCode::Up,
                "end" => KeyCode::End,
                "home" => KeyCode::Home,
                "pgdn" => KeyCode::PageDown,
                "pgup" => KeyCode::PageUp,
                "bs" => KeyCode::Backspace,
                other => panic!("no key <{other}>"),
            }
        } else {
            KeyCode::Char(c)
        };
        app.key(KeyEvent::new(code, modifiers));
    }
}
