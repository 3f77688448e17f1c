//! The filter language: any text is parsed or refused with a mistake
//! placed in the text, and a filter parsed answers alike for records read
//! in full and read as far as it asks.

#![no_main]

use kibitzer::testing::fuzz;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuzz::filter(data));
