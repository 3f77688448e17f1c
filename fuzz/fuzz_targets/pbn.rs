//! Feeds arbitrary bytes through the PBN reader and the rule checks, and
//! formats every record so that all of it is touched.

#![no_main]

use kibitzer::testing::fuzz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz::pbn(data));
