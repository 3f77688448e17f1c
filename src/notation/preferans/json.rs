//! Portable Preferans Notation's JSON form: one object per deal, or an
//! array of them, each spelled out as a bracket line and read as one.

use super::reader::{deal, preferans};
use crate::model::{Pos, Record, SourceFormat};

/// The JSON form: one object per deal, or an array of them. Each is
/// spelled out as a bracket line and read as one; `p1`..`p3` of cards and
/// bids follow the deal order, as the bracket form's fields do.
pub fn read_json(bytes: &[u8]) -> Vec<Record> {
    let value: serde_json::Value = match serde_json::from_slice(bytes) {
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
    let deals = match value {
        serde_json::Value::Array(items) => items,
        other => vec![other],
    };
    deals
        .iter()
        .filter(|d| d.is_object())
        .enumerate()
        .map(|(i, d)| {
            let mut r = deal(&bracket_text(d), Pos::new(1, 1), &[], i + 1);
            r.format = SourceFormat::PpnPreferansJson;
            r
        })
        .collect()
}

fn bracket_text(d: &serde_json::Value) -> String {
    let text = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Bool(b) => u8::from(*b).to_string(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    };
    let three = |key: &str, sep: &str| ["p1", "p2", "p3"].map(|p| text(&d[key][p])).join(sep);
    let mut fields = vec![
        text(&d["id"]),
        text(&d["dealOrder"]),
        three("cards", "") + &text(&d["cards"]["t"]),
        three("bids", ","),
    ];
    if d.get("main").is_some() {
        let throws: Vec<String> = d["throws"]
            .as_array()
            .map(|t| {
                t.iter()
                    .filter(|t| t.is_object())
                    .map(|t| text(&t["cards"]) + &text(&t["winner"]))
                    .collect()
            })
            .unwrap_or_default();
        let summary: Vec<String> = ["p1", "p2", "p3"]
            .iter()
            .map(|p| summary_text(&d["summary"][p]))
            .collect();
        for key in [
            "main",
            "discarded",
            "contract",
            "accepted",
            "kontra",
            "refa",
            "value",
            "starts",
        ] {
            fields.push(text(&d[key]));
        }
        fields.push(throws.join(","));
        fields.push(summary.join(","));
    }
    fields.join(" ")
}

/// A summary object as the bracket form writes it: `M7:-8`, `F3:L60`, `0`.
fn summary_text(s: &serde_json::Value) -> String {
    let n = |k: &str| s[k].as_i64();
    match (s["main"].as_bool(), n("tricks")) {
        (Some(true), Some(t)) => format!("M{t}:{}", n("middle").unwrap_or(0)),
        (Some(false), Some(t)) => {
            let middle = n("middle").map(|m| format!(":{m}")).unwrap_or_default();
            format!("F{t}:L{}{middle}", n("left").unwrap_or(0))
        }
        _ => "0".to_string(),
    }
}
