//! Reading a record on its own, looking back for what earlier records hand
//! on, must give what reading the whole file in order gives, whatever the
//! bytes.

#![no_main]

use kibitzer::model::SourceFormat;
use kibitzer::testing::selfcheck::reading_alone_agrees;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for format in [SourceFormat::Pbn, SourceFormat::Rbn, SourceFormat::Rbx] {
        if let Err(e) = reading_alone_agrees(data, format) {
            panic!("{format:?}: {e}");
        }
    }
});
