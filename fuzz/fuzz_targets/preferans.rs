//! Feeds arbitrary bytes through the Preferans PPN readers (brackets and
//! JSON) and the rule checks.

#![no_main]

use std::hint::black_box;

use kibitzer::archive::read_checked;
use kibitzer::model::SourceFormat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for format in [SourceFormat::PpnPreferans, SourceFormat::PpnPreferansJson] {
        for record in read_checked(data, format) {
            black_box(format!("{record:?}"));
        }
    }
});
