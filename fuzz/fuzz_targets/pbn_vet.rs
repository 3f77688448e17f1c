//! Vetting must agree with the full PBN reader on any bytes: never vouch
//! for a game the reader finds fault with, never leave the next game a
//! different context.

#![no_main]

use kibitzer::testing::fuzz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz::pbn_vet(data));
