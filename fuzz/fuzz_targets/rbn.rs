//! Feeds arbitrary bytes through the RBN and RBX readers and consumes
//! every record, formatting each one so that all of it is touched.

#![no_main]

use kibitzer::testing::fuzz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz::rbn(data));
