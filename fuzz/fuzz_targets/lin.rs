//! Feeds arbitrary bytes through the LIN reader, the rule checks and the
//! replay, and through handviewer-link decoding.

#![no_main]

use std::hint::black_box;

use kibitzer::archive::read_checked;
use kibitzer::model::SourceFormat;
use kibitzer::notation::lin::link;
use kibitzer::replay::{Replay, stops};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for record in read_checked(data, SourceFormat::Lin) {
        let replay = Replay::new(&record);
        black_box(stops(&record, &replay));
        black_box(format!("{record:?}"));
    }
    if let Ok(text) = std::str::from_utf8(data) {
        black_box(link::of(&format!("https://www.bridgebase.com/tools/handviewer.html?{text}")));
    }
});
