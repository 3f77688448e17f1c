//! Vetting must agree with the full PBN reader on any bytes: never vouch
//! for a game the reader finds fault with, never leave the next game a
//! different context.

#![no_main]

use kibitzer::testing::selfcheck::pbn_vetting_agrees;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = pbn_vetting_agrees(data) {
        panic!("{e}");
    }
});
