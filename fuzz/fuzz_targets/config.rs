//! The config file: any text is read, or refused with one line placed in
//! the text.

#![no_main]

use kibitzer::testing::fuzz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz::config(data));
