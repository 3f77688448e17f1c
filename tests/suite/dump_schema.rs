//! `dump` writes the keys README.md lists, with the types it gives them,
//! for every game: checked on every record of the bundled samples and of
//! ../shared/corpus (the corpus part skips with a notice when absent).

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kibitzer::archive::Archive;
use kibitzer::cli::{buffer_text, dump_line};
use kibitzer::model::{Game, Record};
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;
use kibitzer::ui::{Theme, view};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use serde_json::Value;

/// The key table under "### dump's keys" in README.md: key to type.
fn documented() -> BTreeMap<String, String> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let table = readme
        .split("### dump's keys")
        .nth(1)
        .expect("README.md has a section on dump's keys");
    let rows = table.lines().skip_while(|l| !l.starts_with('|'));
    rows.take_while(|l| l.starts_with('|'))
        .filter_map(|row| {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let key = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            Some((key.to_string(), cells[2].to_string()))
        })
        .collect()
}

/// Whether a value is of a type as the README writes it.
fn is_of(value: Option<&Value>, kind: &str) -> bool {
    let Some(value) = value else {
        return kind.ends_with("or absent");
    };
    match kind {
        "number" => value.is_number(),
        "string" => value.is_string(),
        "number or null" => value.is_number() || value.is_null(),
        "string or null" => value.is_string() || value.is_null(),
        "list of strings" => value.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
        "list of objects" => value.as_array().is_some_and(|a| a.iter().all(Value::is_object)),
        "object of strings" => value
            .as_object()
            .is_some_and(|o| o.values().all(Value::is_string)),
        "object of strings or null" => value
            .as_object()
            .is_some_and(|o| o.values().all(|v| v.is_string() || v.is_null())),
        "object or absent" => value.is_object(),
        "list of numbers or absent" => value.as_array().is_some_and(|a| a.iter().all(Value::is_number)),
        other => panic!("README.md names a type the test does not know: {other}"),
    }
}

fn is_card(text: &str) -> bool {
    let mut chars = text.chars();
    let suit = chars.next().is_some_and(|c| "SHDC".contains(c));
    let rank = chars.next().is_some_and(|c| "23456789TJQKA".contains(c));
    suit && rank && chars.next().is_none()
}

/// Every file the archive opens as a notation file, below the samples and
/// the corpus.
fn notation_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("assets")];
    dirs.extend(common::corpus());
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        for path in std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()) {
            if path.is_dir() {
                dirs.push(path);
            } else if Archive::open(&path).is_ok() {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// What is wrong with one record's JSON, against the README and the record.
fn faults(json: &Value, record: &Record, keys: &BTreeMap<String, String>) -> Vec<String> {
    let object = json.as_object().unwrap();
    let mut out: Vec<String> = object
        .keys()
        .filter(|k| !keys.contains_key(*k))
        .map(|k| format!("`{k}` is not in README.md"))
        .collect();
    for (key, kind) in keys {
        if !is_of(object.get(key), kind) {
            out.push(format!("`{key}` is {:?}, not {kind}", object.get(key)));
        }
    }
    let play = json["play"].as_array().unwrap();
    out.extend(
        play.iter()
            .filter_map(Value::as_str)
            .filter(|c| !is_card(c))
            .map(|c| format!("`{c}` in play is no card")),
    );
    // The trump as each game records it, not as dump finds it.
    let trump = match &record.game {
        Game::Bridge(b) => b.contract.and_then(|c| c.strain.trump()),
        Game::Preferans(p) => p.main.and(p.contract).and_then(|c| c.strain().trump()),
        Game::Pinochle(p) => p.trump,
    };
    if json["trump"].as_str() != trump.map(|s| s.letter().to_string()).as_deref() {
        out.push(format!("trump is {}, the record's {trump:?}", json["trump"]));
    }
    out
}

/// The deal view's first screen of a record, as `show` draws it.
fn shown(app: &mut App, index: usize) -> String {
    app.update(Action::Select(index));
    app.update(Action::Open);
    let area = Rect::new(0, 0, 120, 40);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    app.update(Action::Back);
    buffer_text(&buf)
}

#[test]
fn every_record_has_the_documented_keys_and_types() {
    let keys = documented();
    assert!(keys.len() > 30, "README.md lists dump's keys");
    let (mut records, mut games, mut faulty) = (0, BTreeMap::new(), Vec::new());
    for path in notation_files() {
        let archive = Archive::open(&path).unwrap();
        for record in archive.records() {
            let json: Value = serde_json::from_str(&dump_line(&path, &record)).unwrap();
            *games.entry(record.rules().name()).or_insert(0) += 1;
            records += 1;
            let found = faults(&json, &record, &keys);
            faulty.extend(
                found
                    .into_iter()
                    .map(|f| format!("{}#{}: {f}", path.display(), record.number)),
            );
        }
    }
    assert!(
        faulty.is_empty(),
        "{} faults, first: {:#?}",
        faulty.len(),
        &faulty[..faulty.len().min(10)]
    );
    // The samples alone hold every game.
    assert_eq!(games.len(), 3, "records of each game were checked: {games:?}");
    println!("{records} records checked: {games:?}");
}

/// Where the viewer draws a dealer, dump names one: the records dump gives
/// no dealer are drawn, and show has no dealer mark or line for them.
#[test]
fn dump_names_a_dealer_wherever_the_viewer_draws_one() {
    let mut checked = 0;
    for path in notation_files() {
        let archive = Archive::open(&path).unwrap();
        let without: Vec<usize> = archive
            .records()
            .enumerate()
            .filter(|(_, r)| serde_json::from_str::<Value>(&dump_line(&path, r)).unwrap()["dealer"].is_null())
            .map(|(i, _)| i)
            .take(3)
            .collect();
        if without.is_empty() {
            continue;
        }
        let mut app = App::new(common::catalog(&path), "test", Theme::default());
        app.resize(120, 40);
        for index in without {
            let screen = shown(&mut app, index);
            assert!(
                !screen.contains("(D)") && !screen.contains("Dealer "),
                "{} record {}: drawn with a dealer that dump does not give\n{screen}",
                path.display(),
                index + 1
            );
            checked += 1;
        }
    }
    println!("{checked} records without a dealer drawn");
}
