//! Feeds arbitrary bytes through the Pinochle PPN reader and the rule
//! checks.

#![no_main]

use kibitzer::testing::fuzz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz::pinochle(data));
