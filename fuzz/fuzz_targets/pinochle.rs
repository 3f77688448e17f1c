//! Feeds arbitrary bytes through the Pinochle PPN reader and the rule
//! checks.

#![no_main]

use std::hint::black_box;

use kibitzer::archive::read_checked;
use kibitzer::model::SourceFormat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for record in read_checked(data, SourceFormat::PpnPinochle) {
        black_box(format!("{record:?}"));
    }
});
