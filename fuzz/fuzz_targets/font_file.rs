//! libFuzzer entry point; the input handling and the invariants are in `src/font_file.rs`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| puzzlebook_fuzz::font_file::check(data));
