//! libFuzzer entry point; the input handling and the invariants are in `src/book_spec.rs`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzlebook_fuzz::book_spec::check(data));
