//! Feeds arbitrary bytes through the Preferans PPN readers (brackets and
//! JSON) and the rule checks.

#![no_main]

use kibitzer::testing::fuzz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz::preferans(data));
