//! Reading a record on its own, looking back for what earlier records hand
//! on, must give what reading the whole file in order gives, whatever the
//! bytes.

#![no_main]

use kibitzer::testing::fuzz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz::access(data));
