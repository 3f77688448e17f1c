//! What each fuzz target does with its bytes, written once here so that
//! `cargo fuzz` and the ordinary test that replays every seed and every
//! input that ever crashed a reader (`tests/suite/fuzz_replay.rs`) run the same
//! code. A target panics where it finds a fault, as libFuzzer expects.

use std::hint::black_box;

use crate::archive::{SAMPLE, each_record, read_checked};
use crate::config::Config;
use crate::filter::{Filter, Quantity, Subject};
use crate::model::{Record, SourceFormat, Wanted};
use crate::notation::lin::link;
use crate::notation::rbn;
use crate::replay::{Replay, stops};
use crate::testing::selfcheck::{pbn_vetting_agrees, rbn_vetting_agrees, reading_alone_agrees};

/// What a fuzz target does with its bytes.
pub type Target = fn(&[u8]);

/// Every fuzz target by the name of its binary in `fuzz/Cargo.toml` and of
/// its seed folder `fuzz/seeds/NAME`.
pub const TARGETS: &[(&str, Target)] = &[
    ("access", access),
    ("config", config),
    ("filter", filter),
    ("lin", lin),
    ("pbn", pbn),
    ("pbn_vet", pbn_vet),
    ("pinochle", pinochle),
    ("preferans", preferans),
    ("rbn", rbn),
    ("rbn_vet", rbn_vet),
];

/// The config file: any text is read or refused with one line whose
/// place is in the text.
pub fn config(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Err(e) = Config::parse(&text, std::path::Path::new("config.toml")) else {
        return;
    };
    let said = e.to_string();
    assert!(!said.contains('\n'), "more than one line: {said:?}");
    assert!(e.line >= 1 && e.line <= text.split('\n').count(), "{said}");
    assert!(e.col >= 1, "{said}");
}

/// The filter language: any text is parsed or refused with a mistake whose
/// column is in the text; a filter parsed is asked of a record with every
/// part, and what it reads of a record read as far as it asks agrees.
pub fn filter(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let filter = match Filter::parse(&text) {
        Ok(filter) => filter,
        Err(e) => {
            assert!(!e.message.contains('\n'), "more than one line: {e}");
            assert!(
                e.column >= 1 && e.column <= text.chars().count() + 1,
                "{e} in {text:?}"
            );
            return;
        }
    };
    let answers = |wants: Wanted| {
        let mut out = Vec::new();
        let ask = |r: Record| filter.matches(Subject::new(&r, "sample.rbn"));
        each_record(
            SAMPLE,
            SourceFormat::Rbn,
            wants,
            ask,
            |_| {},
            |a| {
                out.push(a);
                true
            },
        );
        out
    };
    assert_eq!(answers(filter.wanted()), answers(Wanted::ALL), "{text:?}");
    let _ = black_box(Quantity::parse(&text));
}

/// Touches every field of every record, checked by the game's rules.
fn read_all(data: &[u8], format: SourceFormat) {
    for record in read_checked(data, format) {
        black_box(format!("{record:?}"));
    }
}

/// Reading a record on its own, looking back for what earlier records hand
/// on, gives what reading the whole file in order gives.
pub fn access(data: &[u8]) {
    for format in [SourceFormat::Pbn, SourceFormat::Rbn, SourceFormat::Rbx] {
        if let Err(e) = reading_alone_agrees(data, format) {
            panic!("{format:?}: {e}");
        }
    }
}

/// The LIN reader, the replay's stops over what it read, and handviewer
/// links.
pub fn lin(data: &[u8]) {
    for record in read_checked(data, SourceFormat::Lin) {
        let replay = Replay::new(&record);
        black_box(stops(&record, &replay));
        black_box(format!("{record:?}"));
    }
    if let Ok(text) = std::str::from_utf8(data) {
        black_box(link::of(&format!(
            "https://www.bridgebase.com/tools/handviewer.html?{text}"
        )));
    }
}

pub fn pbn(data: &[u8]) {
    read_all(data, SourceFormat::Pbn);
}

/// PBN vetting vouches only for records the full reader finds clean.
pub fn pbn_vet(data: &[u8]) {
    if let Err(e) = pbn_vetting_agrees(data) {
        panic!("{e}");
    }
}

pub fn pinochle(data: &[u8]) {
    read_all(data, SourceFormat::PpnPinochle);
}

/// Both forms of Preferans PPN, brackets and JSON.
pub fn preferans(data: &[u8]) {
    read_all(data, SourceFormat::PpnPreferans);
    read_all(data, SourceFormat::PpnPreferansJson);
}

/// The RBN reader alone, in both of its forms.
pub fn rbn(data: &[u8]) {
    for format in [SourceFormat::Rbn, SourceFormat::Rbx] {
        for record in rbn::Reader::new(data, format) {
            black_box(format!("{record:?}"));
        }
    }
}

/// RBN vetting vouches only for records the full reader finds clean.
pub fn rbn_vet(data: &[u8]) {
    for format in [SourceFormat::Rbn, SourceFormat::Rbx] {
        if let Err(e) = rbn_vetting_agrees(data, format) {
            panic!("{format:?}: {e}");
        }
    }
}
