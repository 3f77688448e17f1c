//! Portable Preferans Notation's JSON form: one object per deal, or an
//! array of them. Each object's values become the bracket form's fields,
//! each at its own place in the JSON file, and are read as those are.
//! `p1`..`p3` of cards and bids follow the deal order, as the bracket
//! fields do; the summary's are the players themselves, as the spec's
//! example keys them (`p2` is its main player).

use serde_json::Value;

use super::fields::{Field, read_fields};
use super::paper;
use super::places::places;
use super::reader::preferans;
use crate::model::{Pos, Record, Rules, SourceFormat};

const FIELDS: [&str; 8] = [
    "main",
    "discarded",
    "contract",
    "accepted",
    "kontra",
    "refa",
    "value",
    "starts",
];

/// The JSON form: one object per deal, or an array of them.
pub fn read_json(bytes: &[u8]) -> Vec<Record> {
    let value: Value = match serde_json::from_slice(bytes) {
        Ok(v) => v,
        Err(e) => {
            let mut r = Record::new(1, e.line() as u32, SourceFormat::PpnPreferansJson, preferans());
            r.problem(
                Pos::new(e.line() as u32, e.column() as u32),
                format!("not valid JSON: {e}"),
            );
            return vec![r];
        }
    };
    let places = places(&String::from_utf8_lossy(bytes));
    let (deals, root) = match value {
        Value::Array(items) => (items, true),
        other => (vec![other], false),
    };
    let mut records: Vec<Record> = deals
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let at = Deal {
                value: d,
                path: if root { format!("{i}.") } else { String::new() },
                places: &places,
            };
            at.record(i + 1)
        })
        .collect();
    // The JSON form has no tags: only its deals are checked on the paper.
    paper::check(&mut records, |_, _| None);
    records
}

/// One deal object with the places of its values.
struct Deal<'a> {
    value: &'a Value,
    /// The object's path in the file, with its dot (`3.`), or nothing for
    /// a file that is the object alone.
    path: String,
    places: &'a std::collections::HashMap<String, Pos>,
}

impl Deal<'_> {
    fn record(&self, number: usize) -> Record {
        let pos = self.place("");
        let mut r = Record::new(number, pos.line, SourceFormat::PpnPreferansJson, preferans());
        if !self.value.is_object() {
            r.problem(pos, "this is not a deal: a deal is an object of fields");
            return r;
        }
        let mut problems = Vec::new();
        let fields = self.fields(&mut r);
        read_fields(&fields, &mut r, &mut problems);
        r.problems.extend(problems);
        r
    }

    fn place(&self, key: &str) -> Pos {
        let full = format!("{}{key}", self.path);
        let trimmed = full.trim_end_matches('.');
        self.places
            .get(trimmed)
            .or_else(|| self.places.get(self.path.trim_end_matches('.')))
            .copied()
            .unwrap_or(Pos::new(1, 1))
    }

    /// A single value's field, its characters placed after the quote of a
    /// string.
    fn one(&self, key: &str) -> Field {
        let v = key.split('.').fold(self.value, |v, k| match k.parse::<usize>() {
            Ok(i) => &v[i],
            Err(_) => &v[k],
        });
        let pos = self.place(key);
        let (text, exact) = match v {
            Value::String(s) => (s.clone(), true),
            Value::Bool(b) => (u8::from(*b).to_string(), false),
            // No kontra written as null is none at all.
            Value::Null if key == "kontra" => ("0".to_string(), false),
            Value::Null => (String::new(), false),
            other => (other.to_string(), false),
        };
        let pos = if exact {
            Pos::new(pos.line, pos.col + 1)
        } else {
            pos
        };
        Field {
            text,
            pos,
            exact,
            spots: Vec::new(),
        }
    }

    /// A field put together from several values, each character placed
    /// where it stands in the file; a separator at the value after it.
    fn joined(&self, key: &str, parts: Vec<Field>, sep: &str) -> Field {
        let pos = self.place(key);
        let mut spots = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                spots.extend(sep.chars().map(|_| part.at(0)));
            }
            spots.extend((0..part.text.chars().count()).map(|k| part.at(k)));
        }
        let text = parts.into_iter().map(|p| p.text).collect::<Vec<_>>().join(sep);
        Field {
            text,
            pos,
            exact: false,
            spots,
        }
    }

    fn fields(&self, r: &mut Record) -> Vec<Field> {
        let d = self.value;
        let three = |key: &str| {
            ["p1", "p2", "p3"]
                .map(|p| self.one(&format!("{key}.{p}")))
                .to_vec()
        };
        let mut cards = three("cards");
        cards.push(self.one("cards.t"));
        for (p, part) in ["p1", "p2", "p3", "t"].iter().zip(&cards) {
            if part.text.is_empty() {
                r.problem(self.place("cards"), format!("the cards have no `{p}`"));
            }
        }
        let mut fields = vec![
            self.one("id"),
            self.one("dealOrder"),
            self.joined("cards", cards, ""),
            self.joined("bids", three("bids"), ","),
        ];
        if d.get("main").is_none() {
            return fields;
        }
        fields.extend(FIELDS.iter().map(|k| self.one(k)));
        let count = d["throws"].as_array().map_or(0, Vec::len);
        let throws = (0..count).map(|i| self.throw(i)).collect();
        fields.push(self.joined("throws", throws, ","));
        self.starters(r);
        fields.push(self.summary(r));
        fields
    }

    /// Throw `i` as the bracket form writes it: its cards, then the
    /// winner.
    fn throw(&self, i: usize) -> Field {
        let parts = ["cards", "winner"].map(|k| self.one(&format!("throws.{i}.{k}")));
        self.joined(&format!("throws.{i}"), parts.to_vec(), "")
    }

    /// Each throw's own `starts`, where written, is who won the trick
    /// before (the deal's `starts` for the first).
    fn starters(&self, r: &mut Record) {
        let d = self.value;
        let Some(throws) = d["throws"].as_array() else {
            return;
        };
        let mut expected = d["starts"].as_i64();
        for (i, t) in throws.iter().enumerate() {
            let starts = t["starts"].as_i64();
            if let Some((s, e)) = starts.zip(expected).filter(|(s, e)| s != e) {
                let message = format!(
                    "throw {} starts with player {s}, but player {e} is to start it",
                    i + 1
                );
                r.problem(self.place(&format!("throws.{i}.starts")), message);
            }
            expected = t["winner"].as_i64();
        }
    }

    /// The summary, keyed by player, in deal order as the bracket form
    /// has it; a missing summary is told, not taken for three zeros.
    fn summary(&self, r: &mut Record) -> Field {
        let s = &self.value["summary"];
        if !s.is_object() {
            r.problem(self.place("summary"), "the deal has no summary object");
        }
        let order: Vec<usize> = self
            .one("dealOrder")
            .text
            .chars()
            .filter_map(|c| c.to_digit(10))
            .map(|n| n as usize)
            .collect();
        let lines = order
            .iter()
            .filter(|&&n| Rules::Preferans.player_seat(n).is_some())
            .map(|n| Field {
                text: summary_line(&s[format!("p{n}")]),
                pos: self.place(&format!("summary.p{n}")),
                exact: false,
                spots: Vec::new(),
            })
            .collect();
        self.joined("summary", lines, ",")
    }
}

/// A summary object as the bracket form writes it: `M7:-8`, `F3:L60`, `0`;
/// what can't be read stays as it is, to be told.
fn summary_line(s: &Value) -> String {
    let n = |k: &str| s[k].as_i64();
    match (s["main"].as_bool(), n("tricks")) {
        (Some(true), Some(t)) => format!("M{t}:{}", n("middle").unwrap_or(0)),
        (Some(false), Some(t)) if s.get("left").is_none() && t == 0 => "0".to_string(),
        (Some(false), Some(t)) => {
            let middle = n("middle").map(|m| format!(":{m}")).unwrap_or_default();
            format!("F{t}:L{}{middle}", n("left").unwrap_or(0))
        }
        _ if s.is_null() => "0".to_string(),
        _ => s.to_string(),
    }
}
