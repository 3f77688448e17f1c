//! `dump --dd`: the double-dummy keys on every bridge record with a full
//! deal, in file order, of the types README.md gives them.

use std::path::Path;

use serde_json::Value;

fn dumped(record: Option<usize>) -> Vec<Value> {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sample.rbn");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = kibitzer::cli::dump_dd(std::slice::from_ref(&sample), record, &mut out, &mut err).unwrap();
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&err));
    let text = String::from_utf8(out).unwrap();
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn every_full_deal_gets_its_table_par_and_play_in_file_order() {
    let lines = dumped(None);
    let numbers: Vec<u64> = lines.iter().map(|l| l["record"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (1..=8).collect::<Vec<_>>());
    let first = &lines[0];
    // 5♥ doubled by North: ten tricks in hearts double dummy.
    assert_eq!(first["dd"]["N"]["H"], 10);
    assert_eq!(first["par"]["score"], 300);
    assert_eq!(first["par"]["contracts"][0], "4SX E-2");
    let play = first["dd_play"].as_array().unwrap();
    assert_eq!(play.len(), first["play"].as_array().unwrap().len() + 1);
    assert_eq!(
        (play[16].as_u64(), play[17].as_u64()),
        (Some(10), Some(9)),
        "the 17th card costs a trick"
    );
    for line in &lines {
        if let Some(dd) = line.get("dd") {
            let cells = dd
                .as_object()
                .unwrap()
                .values()
                .flat_map(|s| s.as_object().unwrap().values());
            assert!(
                cells.clone().count() == 20 && cells.into_iter().all(|n| n.as_u64().is_some_and(|n| n <= 13))
            );
        }
    }
    // An ending with two cards a hand is no full deal: no keys at all.
    assert!(lines.iter().any(|l| l.get("dd").is_none()));
}

#[test]
fn one_record_alone() {
    let lines = dumped(Some(8));
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["record"], 8);
    assert!(lines[0]["dd"].is_object());
}
