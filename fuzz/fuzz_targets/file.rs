//! (a) A whole file, as `arbitre check` reads it: every record checked
//! and reported in every format.

#![no_main]

mod common;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    common::check_all(bytes);
});
