//! What the differential tests against endplay share: a board in the shape
//! the scripts' fixtures keep (hands, dealer, vulnerability, auction,
//! play), and where kibitzer's and endplay's readings of it differ.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use kibitzer::cli::dump_line;
use kibitzer::model::Record;
use serde_json::Value;

/// What endplay read, as a script wrote it to `tests/fixtures/PATH`.
pub fn fixture(path: &str) -> BTreeMap<String, Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path);
    let text = std::fs::read_to_string(path).expect("the endplay fixture is here");
    serde_json::from_str(&text).expect("the endplay fixture is JSON")
}

pub const FIELDS: [&str; 5] = ["hands", "dealer", "vulnerability", "auction", "play"];

/// kibitzer's board in the fixture's shape, taken from what `dump` writes.
pub fn board(r: &Record) -> Value {
    let d: Value = serde_json::from_str(&dump_line(Path::new(""), r)).unwrap();
    let hands: serde_json::Map<String, Value> = "NESW"
        .chars()
        .map(|s| {
            let s = s.to_string();
            let hand = d["hands"].get(&s).cloned().unwrap_or(Value::from(""));
            (s, hand)
        })
        .collect();
    serde_json::json!({
        "hands": hands,
        "dealer": d["dealer"],
        "vulnerability": d["vulnerable"],
        "auction": d["auction"],
        "play": d["play"],
    })
}

/// The two programs write a ten differently (`10`, `T`); nothing else.
pub fn normal(value: &Value) -> String {
    value.to_string().replace("10", "T")
}

/// Where the two readings of board `number` differ, a line a field.
pub fn board_disagreements(name: &str, number: usize, ours: &Value, theirs: &Value) -> Vec<String> {
    FIELDS
        .into_iter()
        .filter(|field| normal(&ours[field]) != normal(&theirs[field]))
        .map(|field| {
            let (a, b) = first_difference(&ours[field], &theirs[field]);
            format!("{name}: board {number}: {field}: kibitzer {a}, endplay {b}")
        })
        .collect()
}

/// Where two lists first differ, so that one wrong card in 52 shows; other
/// values whole.
fn first_difference(a: &Value, b: &Value) -> (String, String) {
    let (Some(a), Some(b)) = (a.as_array(), b.as_array()) else {
        return (a.to_string(), b.to_string());
    };
    let at = (0..a.len().max(b.len()))
        .find(|&i| a.get(i).map(normal) != b.get(i).map(normal))
        .unwrap_or(0);
    let item = |v: &[Value]| v.get(at).map_or("nothing".to_string(), Value::to_string);
    (format!("{} at item {}", item(a), at + 1), item(b))
}
