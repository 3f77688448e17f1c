//! Feeds arbitrary bytes through the PBN reader and the rule checks, and
//! formats every record so that all of it is touched.

#![no_main]

use std::hint::black_box;

use kibitzer::archive::read_checked;
use kibitzer::model::SourceFormat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for record in read_checked(data, SourceFormat::Pbn) {
        black_box(format!("{record:?}"));
    }
});
