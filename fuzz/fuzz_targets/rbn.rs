//! Feeds arbitrary bytes through the RBN and RBX readers and consumes
//! every record, formatting each one so that all of it is touched.

#![no_main]

use std::hint::black_box;

use kibitzer::model::SourceFormat;
use kibitzer::notation::rbn::Reader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for format in [SourceFormat::Rbn, SourceFormat::Rbx] {
        for record in Reader::new(data, format) {
            black_box(format!("{record:?}"));
        }
    }
});
