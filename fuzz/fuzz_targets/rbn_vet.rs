//! Vetting must agree with the full RBN and RBX reader on any bytes: never
//! vouch for a record the reader finds fault with, never leave the next
//! record a different carry.

#![no_main]

use kibitzer::model::SourceFormat;
use kibitzer::testing::selfcheck::rbn_vetting_agrees;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for format in [SourceFormat::Rbn, SourceFormat::Rbx] {
        if let Err(e) = rbn_vetting_agrees(data, format) {
            panic!("{format:?}: {e}");
        }
    }
});
