//! Feeds arbitrary bytes through the LIN reader, the rule checks and the
//! replay, and through handviewer-link decoding.

#![no_main]

use kibitzer::testing::fuzz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz::lin(data));
