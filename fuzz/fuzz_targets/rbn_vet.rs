//! Vetting must agree with the full RBN and RBX reader on any bytes: never
//! vouch for a record the reader finds fault with, never leave the next
//! record a different carry.

#![no_main]

use kibitzer::testing::fuzz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz::rbn_vet(data));
